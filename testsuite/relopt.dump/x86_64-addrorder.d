#name: .addrorder with --addr-order=yes, by hand (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --addr-order=yes --hash-style=gnu
#readelf: -x .addrorder
# doc/design.md 9 over the final symtab (the GNU order of x86_64-gnu.d):
# 1 local_a .text+0, 2 local_b .text+1, 3 printk UND, 4 dev_hook UND,
# 5 read_reg .text+0xd, 6 dev_count .data+0, 7 write_reg .text+2,
# 8 probe .text+0x1c (ret is 1 byte, call and jmp rel32 5 each).
# Considered: the six defined named symbols, locals included.  By
# (section, value, index): .text (section 1) 0 local_a, 1 local_b,
# 2 write_reg, 0xd read_reg, 0x1c probe; .data (section 3) 0 dev_count.
#   order = {1, 2, 7, 5, 8, 6}, little-endian words.

Hex dump of section '\.addrorder':
  0x00000000 01000000 02000000 07000000 05000000 .*
  0x00000010 08000000 06000000 +.*
