#name: .hash in ELFCLASS32 with --hash-style=both (i386)
#source: i386.s
#target: i386
#relopt: --hash-style=both
#readelf: -x .hash
# Input symtab (as --32): 0 null, 1 i_local (local; sh_info 2),
# 2 irq_enable, 3 kmalloc (UND), 4 irq_disable, 5 kfree (UND),
# 6 irq_count, 7 irq_table.
# GNU order first (see i386-gnu.d): 1 i_local, 2 kmalloc, 3 kfree,
# 4 irq_enable, 5 irq_disable, 6 irq_count, 7 irq_table.
# .hash: hashed i_local and the 4 defined globals -> nhashed 5 ->
# nbucket 3; nchain 8.  SysV hashes:
#   i_local 0x0f63591c, irq_enable 0x05c37255, irq_disable 0x0b79f075,
#   irq_count 0x075a1cc4, irq_table 0x076a09b5: all = 0 (mod 3).
# One chain, ascending: bucket[0] = 1 -> 4 -> 5 -> 6 -> 7.
#   bucket = {1, 0, 0}   chain = {0, 4, 0, 0, 5, 6, 7, 0}

Hex dump of section '\.hash':
  0x00000000 03000000 08000000 01000000 00000000 .*
  0x00000010 00000000 00000000 04000000 00000000 .*
  0x00000020 00000000 05000000 06000000 07000000 .*
  0x00000030 00000000 .*
