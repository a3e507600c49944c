#name: BE8 ARM (ld -r --be8): code read little-endian
#source: arm-branch.s
#as: -mbig-endian
#ld: -EB -r --be8
#target: arm
#relopt: --hash-style=gnu
#readelf: -r -W
# ld -EB -r --be8 sets EF_ARM_BE8 and stores instructions little-endian
# while the ELF structures and data stay big-endian (doc/design.md 6).  Keys
# must be read little-endian: bl printk + 0x40008 is stored 00 00 01 eb
# (immediate 0x010000), bl printk + 0x408 00 01 00 eb (0x000100); read
# big-endian they would give 0x0001eb / 0x0100eb, in the other order.
# The .word 0xeafffffe given R_ARM_PC24 is data (kept big-endian: bytes
# ea ff ff fe), read as code it has key 0xffffea; it is the only PC24.
# Input symtab (ld -r): 0-10 locals, 11 drv_a, 12 memcpy (UND), 13 printk
# (UND), 14 drv_b, 15 drv_data.  GNU order: memcpy -> 11, printk -> 12,
# drv_a -> 13 (bucket 0), drv_b -> 14 (1), drv_data -> 15 (2).

Relocation section '\.rel\.text' at offset 0x[0-9a-f]+ contains 15 entries:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000034 +00000e01 R_ARM_PC24 +0000001c +drv_b
00000008 +00000b1c R_ARM_CALL +00000000 +memcpy
0000002c +00000b1c R_ARM_CALL +00000000 +memcpy
0000000c +00000c1c R_ARM_CALL +00000000 +printk
00000014 +00000c1c R_ARM_CALL +00000000 +printk
00000010 +00000c1c R_ARM_CALL +00000000 +printk
00000000 +00000c1c R_ARM_CALL +00000000 +printk
00000020 +00000c1c R_ARM_CALL +00000000 +printk
0000001c +00000d1c R_ARM_CALL +00000000 +drv_a
00000030 +00000d1c R_ARM_CALL +00000000 +drv_a
00000028 +00000b1d R_ARM_JUMP24 +00000000 +memcpy
00000038 +00000c1d R_ARM_JUMP24 +00000000 +printk
00000018 +00000e1d R_ARM_JUMP24 +0000001c +drv_b
0000003c +00000f02 R_ARM_ABS32 +00000000 +drv_data
00000040 +00000b02 R_ARM_ABS32 +00000000 +memcpy
Relocation section '\.rel\.data' at offset 0x[0-9a-f]+ contains 1 entry:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000000 +00000e02 R_ARM_ABS32 +0000001c +drv_b
