#name: relocations remapped after reordering (x86_64 RELA)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=gnu
#readelf: -r -W
# Input symtab (gas): 0 null, 1 local_a, 2 local_b (locals; sh_info 3),
# 3 write_reg, 4 printk (UND), 5 read_reg, 6 dev_hook (weak UND),
# 7 probe, 8 dev_count.
# GNU order (doc/design.md 3): locals stay; then the unhashed (undefined)
# globals in original order: printk, dev_hook; then the 4 hashed ones by
# (bucket, original index) with nbuckets = 3 (largest elf_buckets entry
# <= 4).  GNU hash h = h * 33 + c from 5381:
#   read_reg  0xf94a101e % 3 = 0    dev_count 0x08e218cc % 3 = 0
#   write_reg 0xf5d8e7ad % 3 = 1    probe     0x102a20fd % 3 = 1
# Final: 0 null, 1 local_a, 2 local_b, 3 printk, 4 dev_hook, 5 read_reg,
# 6 dev_count, 7 write_reg, 8 probe; symoffset 5.
# So r_info's symbol field (high 32 bits) is remapped old -> new:
# printk 4 -> 3, write_reg 3 -> 7, read_reg 5 -> 5, dev_hook 6 -> 4,
# probe 7 -> 8.  Relocation order is unchanged on x86_64.

Relocation section '\.rela\.text' at offset 0x[0-9a-f]+ contains 4 entries:
 +Offset +Info +Type +Symbol's Value +Symbol's Name \+ Addend
0000000000000008 +0000000300000004 R_X86_64_PLT32 +0000000000000000 printk - 4
0000000000000013 +0000000700000004 R_X86_64_PLT32 +0000000000000002 write_reg - 4
000000000000001d +0000000500000004 R_X86_64_PLT32 +000000000000000d read_reg - 4
0000000000000018 +0000000400000004 R_X86_64_PLT32 +0000000000000000 dev_hook - 4
Relocation section '\.rela\.data' at offset 0x[0-9a-f]+ contains 1 entry:
 +Offset +Info +Type +Symbol's Value +Symbol's Name \+ Addend
0000000000000000 +0000000800000001 R_X86_64_64 +000000000000001c probe \+ 0
