#name: Thumb-2 branch relocations sorted, Thumb addend key
#source: arm-thumb.s
#target: arm
#relopt: --hash-style=gnu
#readelf: -r -W
# Input symtab (gas): 0-5 locals, 6 t_main, 7 t_ext (UND), 8 t_data,
# 9 t_other.  GNU order: t_ext -> 6, then 3 hashed, nbuckets 3:
#   t_main 0x1d69f57d % 3 = 0 -> 7, t_other 0xcad73c5a % 3 = 0 -> 8,
#   t_data 0x1d650772 % 3 = 2 -> 9.
# Keys: THM_CALL = 10 < THM_JUMP24 = 30; addend (hw1 & 0x7ff) << 16 |
# (hw2 & 0x2fff): bl t_ext + 16 = f000 f806 -> 0x00002806; b.w t_ext + 4
# = f000 b800 -> 0x00002800; every other branch f7ff fffe / f7ff bffe
# -> 0x07ff2ffe; bl t_ext + 0x10000, + 0x40000, + 0x100000 -> 0x0f2ffe,
# 0x3f2ffe, 0xff2ffe.  MOVW/MOVT and data relocations follow in order.

Relocation section '\.rel\.text' at offset 0x[0-9a-f]+ contains 14 entries:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000010 +0000060a R_ARM_THM_CALL +00000000 +t_ext
00000034 +0000060a R_ARM_THM_CALL +00000000 +t_ext
00000030 +0000060a R_ARM_THM_CALL +00000000 +t_ext
0000002c +0000060a R_ARM_THM_CALL +00000000 +t_ext
00000000 +0000060a R_ARM_THM_CALL +00000000 +t_ext
00000018 +0000060a R_ARM_THM_CALL +00000000 +t_ext
0000001c +0000070a R_ARM_THM_CALL +00000001 +t_main
0000000c +0000080a R_ARM_THM_CALL +00000019 +t_other
00000024 +0000080a R_ARM_THM_CALL +00000019 +t_other
00000028 +0000061e R_ARM_THM_JUMP24 +00000000 +t_ext
00000020 +0000061e R_ARM_THM_JUMP24 +00000000 +t_ext
00000014 +0000081e R_ARM_THM_JUMP24 +00000019 +t_other
00000004 +0000092f R_ARM_THM_MOVW_ABS_NC +00000000 +t_data
00000008 +00000930 R_ARM_THM_MOVT_ABS +00000000 +t_data
Relocation section '\.rel\.data' at offset 0x[0-9a-f]+ contains 1 entry:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000000 +00000702 R_ARM_ABS32 +00000001 +t_main
