#name: MIPS64el r_info layout remapped (mips64el)
#source: mips64el.s
#target: mips64el
#relopt: --hash-style=gnu
#readelf: -r -W
# Input symtab (gas): 0-7 locals (section symbols), 8 m_main, 9 m_ext
# (UND), 10 m_other, 11 m_data, 12 m_ext2 (UND).
# GNU order: m_ext -> 8, m_ext2 -> 9, then 3 hashed with nbuckets 3:
#   m_main 0x0d15d916 % 3 = 0 -> 10, m_other 0xafff9313 % 3 = 2 -> 11,
#   m_data 0x0d10eb0b % 3 = 2 -> 12.
# readelf decodes the MIPS64el r_info and prints symbol << 32 | type;
# each relocation keeps its place, types (R_MIPS_26, GOT_DISP, 64, 32 and
# the Type2/Type3 R_MIPS_NONE) and addend, with the new symbol index:
#   m_ext 9 -> 8, m_other 10 -> 11, m_data 11 -> 12, m_ext2 12 -> 9,
#   m_main 8 -> 10.

Relocation section '\.rela\.text' at offset 0x[0-9a-f]+ contains 4 entries:
 +Offset +Info +Type +Symbol's Value +Symbol's Name \+ Addend
0000000000000000 +0000000800000004 R_MIPS_26 +0000000000000000 +m_ext +\+ +0
 +Type2: R_MIPS_NONE *
 +Type3: R_MIPS_NONE *
0000000000000008 +0000000b00000004 R_MIPS_26 +0000000000000020 +m_other +\+ +0
 +Type2: R_MIPS_NONE *
 +Type3: R_MIPS_NONE *
0000000000000018 +0000000c00000013 R_MIPS_GOT_DISP +0000000000000000 +m_data +\+ +0
 +Type2: R_MIPS_NONE *
 +Type3: R_MIPS_NONE *
0000000000000020 +0000000900000004 R_MIPS_26 +0000000000000000 +m_ext2 +\+ +0
 +Type2: R_MIPS_NONE *
 +Type3: R_MIPS_NONE *
Relocation section '\.rela\.data' at offset 0x[0-9a-f]+ contains 2 entries:
 +Offset +Info +Type +Symbol's Value +Symbol's Name \+ Addend
0000000000000000 +0000000a00000012 R_MIPS_64 +0000000000000000 +m_main +\+ +0
 +Type2: R_MIPS_NONE *
 +Type3: R_MIPS_NONE *
0000000000000008 +0000000800000012 R_MIPS_64 +0000000000000000 +m_ext +\+ +0
 +Type2: R_MIPS_NONE *
 +Type3: R_MIPS_NONE *
Relocation section '\.rela\.pdr' at offset 0x[0-9a-f]+ contains 2 entries:
 +Offset +Info +Type +Symbol's Value +Symbol's Name \+ Addend
0000000000000000 +0000000a00000002 R_MIPS_32 +0000000000000000 +m_main +\+ +0
 +Type2: R_MIPS_NONE *
 +Type3: R_MIPS_NONE *
0000000000000020 +0000000b00000002 R_MIPS_32 +0000000000000020 +m_other +\+ +0
 +Type2: R_MIPS_NONE *
 +Type3: R_MIPS_NONE *
