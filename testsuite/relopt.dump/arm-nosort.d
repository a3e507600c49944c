#name: --no-sort-branch-relocs keeps the relocation order (ARM)
#source: arm-branch.s
#target: arm
#relopt: --no-sort-branch-relocs --hash-style=gnu
#readelf: -r -W
# Input symtab (gas): 0-8 locals (section symbols, $a/$d mapping symbols),
# 9 drv_a, 10 printk (UND), 11 drv_data, 12 memcpy (UND), 13 drv_b.
# GNU order: printk -> 9, memcpy -> 10, then 3 hashed with nbuckets 3:
# drv_a 0x0f511851 % 3 = 0 -> 11, drv_b 0x0f511852 % 3 = 1 -> 12,
# drv_data 0x2709d3ca % 3 = 2 -> 13.
# Without branch ordering only r_info changes (the symbols still move
# for .gnu.hash); the order is gas's.

Relocation section '\.rel\.text' at offset 0x[0-9a-f]+ contains 15 entries:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000000 +0000091c R_ARM_CALL +00000000 +printk
00000008 +00000a1c R_ARM_CALL +00000000 +memcpy
0000000c +0000091c R_ARM_CALL +00000000 +printk
00000010 +0000091c R_ARM_CALL +00000000 +printk
00000014 +0000091c R_ARM_CALL +00000000 +printk
00000018 +00000c1d R_ARM_JUMP24 +0000001c +drv_b
0000001c +00000b1c R_ARM_CALL +00000000 +drv_a
00000020 +0000091c R_ARM_CALL +00000000 +printk
00000028 +00000a1d R_ARM_JUMP24 +00000000 +memcpy
0000002c +00000a1c R_ARM_CALL +00000000 +memcpy
00000030 +00000b1c R_ARM_CALL +00000000 +drv_a
00000034 +00000c01 R_ARM_PC24 +0000001c +drv_b
00000038 +0000091d R_ARM_JUMP24 +00000000 +printk
0000003c +00000d02 R_ARM_ABS32 +00000000 +drv_data
00000040 +00000a02 R_ARM_ABS32 +00000000 +memcpy
Relocation section '\.rel\.data' at offset 0x[0-9a-f]+ contains 1 entry:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000000 +00000c02 R_ARM_ABS32 +0000001c +drv_b
