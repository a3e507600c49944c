#name: AArch64 ILP32 (ELFCLASS32) P32 branch relocations sorted
#source: aarch64-branch.s
#as: -mabi=ilp32
#target: aarch64
#relopt: --hash-style=gnu
#readelf: -r -W
# ELFCLASS32 AArch64: branch types R_AARCH64_P32_JUMP26 (20) and
# R_AARCH64_P32_CALL26 (21) (relsort.h); r_info = sym << 8 | type.
# Input symtab (gas): 0-4 locals, 5 a_init, 6 a_ext (UND), 7 a_data,
# 8 a_exit.  GNU order: a_ext -> 5, then 3 hashed, nbuckets 3:
#   a_data 0xf113037f % 3 = 0 -> 6, a_init 0xf115f759 % 3 = 1 -> 7,
#   a_exit 0xf113f05f % 3 = 1 -> 8.
# Keys (type, new symbol, r_addend): P32_JUMP26 before P32_CALL26; a_ext + 0,
# + 4, + 8 are distinct targets.  Equal keys keep their original order.
# ADRP/ADD and data relocations follow in original order; r_info is
# remapped.

Relocation section '\.rela\.text' at offset 0x[0-9a-f]+ contains 12 entries:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000020 +00000514 R_AARCH64_P32_JUMP26 +00000000 +a_ext +\+ +0
0000002c +00000514 R_AARCH64_P32_JUMP26 +00000000 +a_ext +\+ +4
00000014 +00000814 R_AARCH64_P32_JUMP26 +00000018 +a_exit +\+ +0
00000000 +00000515 R_AARCH64_P32_CALL26 +00000000 +a_ext +\+ +0
00000018 +00000515 R_AARCH64_P32_CALL26 +00000000 +a_ext +\+ +0
00000010 +00000515 R_AARCH64_P32_CALL26 +00000000 +a_ext +\+ +8
00000024 +00000515 R_AARCH64_P32_CALL26 +00000000 +a_ext +\+ +8
0000001c +00000715 R_AARCH64_P32_CALL26 +00000000 +a_init +\+ +0
0000000c +00000815 R_AARCH64_P32_CALL26 +00000018 +a_exit +\+ +0
00000028 +00000815 R_AARCH64_P32_CALL26 +00000018 +a_exit +\+ +0
00000004 +0000060b R_AARCH64_P32_ADR_PREL_PG_HI21 +00000000 +a_data +\+ +0
00000008 +0000060c R_AARCH64_P32_ADD_ABS_LO12_NC +00000000 +a_data +\+ +0
Relocation section '\.rela\.data' at offset 0x[0-9a-f]+ contains 1 entry:
 +Offset +Info +Type +Sym\. ?Value +Symbol's Name( \+ Addend)?
00000000 +00000701 R_AARCH64_P32_ABS32 +00000000 +a_init +\+ +0
