#name: AArch64 branch relocations first, sorted by (type, symbol, addend)
#source: aarch64-branch.s
#target: aarch64
#relopt: --hash-style=gnu
#readelf: -r -W
# Input symtab (gas): 0-4 locals, 5 a_init, 6 a_ext (UND), 7 a_data,
# 8 a_exit.  GNU order: a_ext -> 5, then 3 hashed, nbuckets 3:
#   a_data 0xf113037f % 3 = 0 -> 6, a_init 0xf115f759 % 3 = 1 -> 7,
#   a_exit 0xf113f05f % 3 = 1 -> 8.
# Keys (type, new symbol, r_addend): JUMP26 before CALL26; a_ext + 0,
# + 4, + 8 are distinct targets.  Equal keys keep their original order.
# ADRP/ADD and data relocations follow in original order; r_info is
# remapped.

Relocation section '\.rela\.text' at offset 0x[0-9a-f]+ contains 12 entries:
 +Offset +Info +Type +Symbol's Value +Symbol's Name \+ Addend
0000000000000020 +000000050000011a R_AARCH64_JUMP26 +0000000000000000 +a_ext +\+ +0
000000000000002c +000000050000011a R_AARCH64_JUMP26 +0000000000000000 +a_ext +\+ +4
0000000000000014 +000000080000011a R_AARCH64_JUMP26 +0000000000000018 +a_exit +\+ +0
0000000000000000 +000000050000011b R_AARCH64_CALL26 +0000000000000000 +a_ext +\+ +0
0000000000000018 +000000050000011b R_AARCH64_CALL26 +0000000000000000 +a_ext +\+ +0
0000000000000010 +000000050000011b R_AARCH64_CALL26 +0000000000000000 +a_ext +\+ +8
0000000000000024 +000000050000011b R_AARCH64_CALL26 +0000000000000000 +a_ext +\+ +8
000000000000001c +000000070000011b R_AARCH64_CALL26 +0000000000000000 +a_init +\+ +0
000000000000000c +000000080000011b R_AARCH64_CALL26 +0000000000000018 +a_exit +\+ +0
0000000000000028 +000000080000011b R_AARCH64_CALL26 +0000000000000018 +a_exit +\+ +0
0000000000000004 +0000000600000113 R_AARCH64_ADR_PREL_PG_HI21 +0000000000000000 +a_data +\+ +0
0000000000000008 +0000000600000115 R_AARCH64_ADD_ABS_LO12_NC +0000000000000000 +a_data +\+ +0
Relocation section '\.rela\.data' at offset 0x[0-9a-f]+ contains 1 entry:
 +Offset +Info +Type +Symbol's Value +Symbol's Name \+ Addend
0000000000000000 +0000000700000102 R_AARCH64_ABS32 +0000000000000000 +a_init +\+ +0
