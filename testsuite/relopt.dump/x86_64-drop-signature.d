#name: --drop-signature accepts and drops the trailer
#source: x86_64-gnu.s
#target: x86_64
#trailer: \x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x10SIGNATUREBYTES~Module signature appended~\n
#relopt: --drop-signature --hash-style=gnu
#readelf: -s -W
# Same input as x86_64-signature.d; with --drop-signature the rewrite
# proceeds as for x86_64-gnu-order.d.
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
# Every symbol keeps its value, size, type, binding, visibility and
# section; only its index changes.

Symbol table '\.symtab' contains 9 entries:
 +Num: +Value +Size Type +Bind +Vis +Ndx Name
 +0: 0000000000000000 +0 NOTYPE +LOCAL +DEFAULT +UND ?
 +1: 0000000000000000 +0 FUNC +LOCAL +DEFAULT +1 local_a
 +2: 0000000000000001 +0 FUNC +LOCAL +DEFAULT +1 local_b
 +3: 0000000000000000 +0 NOTYPE +GLOBAL +DEFAULT +UND printk
 +4: 0000000000000000 +0 NOTYPE +WEAK +DEFAULT +UND dev_hook
 +5: 000000000000000d +0 FUNC +GLOBAL +DEFAULT +1 read_reg
 +6: 0000000000000000 +0 OBJECT +GLOBAL +DEFAULT +3 dev_count
 +7: 0000000000000002 +0 FUNC +GLOBAL +DEFAULT +1 write_reg
 +8: 000000000000001c +0 FUNC +GLOBAL +DEFAULT +1 probe
