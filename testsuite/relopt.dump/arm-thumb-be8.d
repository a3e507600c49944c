#name: BE8 Thumb-2 (ld -r --be8): halfwords read little-endian
#source: arm-thumb.s
#as: -mbig-endian
#ld: -EB -r --be8
#target: arm
#relopt: --hash-style=gnu
#readelf: -r -W
# ld -EB -r --be8 stores the Thumb halfwords little-endian (EF_ARM_BE8);
# keys as in arm-thumb.d.  Read big-endian, bl t_ext + 0x10000 /
# + 0x40000 / + 0x100000 would tie (0x7f02eff) and stay unsorted.
# Input symtab (ld -r): 0-7 locals, 8 t_ext (UND), 9 t_main, 10 t_data,
# 11 t_other.  GNU order: t_ext stays 8, t_main 9 (bucket 0), t_other ->
# 10 (bucket 0, after t_main), t_data -> 11 (bucket 2).
# Keys: THM_CALL = 10 < THM_JUMP24 = 30; addend (hw1 & 0x7ff) << 16 |
# (hw2 & 0x2fff): bl t_ext + 16 = f000 f806 -> 0x00002806; b.w t_ext + 4
# = f000 b800 -> 0x00002800; every other branch f7ff fffe / f7ff bffe
# -> 0x07ff2ffe; bl t_ext + 0x10000, + 0x40000, + 0x100000 -> 0x0f2ffe,
# 0x3f2ffe, 0xff2ffe.  MOVW/MOVT and data relocations follow in order.

Relocation section '\.rel\.text' at offset 0x[0-9a-f]+ contains 14 entries:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000010 +0000080a R_ARM_THM_CALL +00000000 +t_ext
00000034 +0000080a R_ARM_THM_CALL +00000000 +t_ext
00000030 +0000080a R_ARM_THM_CALL +00000000 +t_ext
0000002c +0000080a R_ARM_THM_CALL +00000000 +t_ext
00000000 +0000080a R_ARM_THM_CALL +00000000 +t_ext
00000018 +0000080a R_ARM_THM_CALL +00000000 +t_ext
0000001c +0000090a R_ARM_THM_CALL +00000001 +t_main
0000000c +00000a0a R_ARM_THM_CALL +00000019 +t_other
00000024 +00000a0a R_ARM_THM_CALL +00000019 +t_other
00000028 +0000081e R_ARM_THM_JUMP24 +00000000 +t_ext
00000020 +0000081e R_ARM_THM_JUMP24 +00000000 +t_ext
00000014 +00000a1e R_ARM_THM_JUMP24 +00000019 +t_other
00000004 +00000b2f R_ARM_THM_MOVW_ABS_NC +00000000 +t_data
00000008 +00000b30 R_ARM_THM_MOVT_ABS +00000000 +t_data
Relocation section '\.rel\.data' at offset 0x[0-9a-f]+ contains 1 entry:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000000 +00000902 R_ARM_ABS32 +00000001 +t_main
