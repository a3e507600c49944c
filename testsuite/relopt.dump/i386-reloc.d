#name: REL relocations remapped after reordering (i386)
#source: i386.s
#target: i386
#relopt: --hash-style=gnu
#readelf: -r -W
# Symbols renumbered as in i386-gnu.d: kmalloc 3 -> 2, irq_enable 2 -> 4,
# kfree 5 -> 3, irq_count 6 -> 6.  r_info = sym << 8 | type.

Relocation section '\.rel\.text' at offset 0x[0-9a-f]+ contains 3 entries:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name
00000007 +00000202 R_386_PC32 +00000000 +kmalloc
0000000d +00000402 R_386_PC32 +00000001 +irq_enable
00000012 +00000302 R_386_PC32 +00000000 +kfree
Relocation section '\.rel\.data' at offset 0x[0-9a-f]+ contains 2 entries:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name
00000000 +00000601 R_386_32 +00000017 +irq_count
00000004 +00000301 R_386_32 +00000000 +kfree
