#name: .hash over the reordered symtab with --hash-style=both (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=both
#readelf: -x .hash
# The symbols are first ordered for .gnu.hash (see x86_64-gnu.d):
# 0 null, 1 local_a, 2 local_b, 3 printk (UND), 4 dev_hook (UND),
# 5 read_reg, 6 dev_count, 7 write_reg, 8 probe.
# .hash is built over that final order: hashed = the 6 defined named
# symbols, locals included (doc/design.md 2) -> nbucket 3 (elf_buckets, 3 <= 6
# < 17), nchain 9.  SysV hashes:
#   local_a  0x03598221 % 3 = 0   (0x73598251 folded: ^ 0x70, & ~0xf0000000)
#   local_b  0x03598222 % 3 = 1   read_reg  0x0b7a6f37 % 3 = 2
#   dev_count 0x0c5a0294 % 3 = 0  write_reg 0x00ab1627 % 3 = 1
#   probe    0x00779585 % 3 = 2
# Chains ascending: bucket 0: 1 -> 6; bucket 1: 2 -> 7; bucket 2: 5 -> 8.
#   bucket = {1, 2, 5}   chain = {0, 6, 7, 0, 0, 8, 0, 0, 0}

Hex dump of section '\.hash':
  0x00000000 03000000 09000000 01000000 02000000 .*
  0x00000010 05000000 00000000 06000000 07000000 .*
  0x00000020 00000000 00000000 08000000 00000000 .*
  0x00000030 00000000 00000000 .*
