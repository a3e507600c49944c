#name: SHT_GROUP signature index remapped (x86_64)
#target: x86_64
#relopt: --hash-style=gnu
#readelf: -S -g -W
# Input symtab (gas; no locals, sh_info 1): 1 main_fn, 2 grp_sig,
# 3 undef_a (UND), 4 undef_b (UND), 5 grp_data.  The .group section
# (index 1) has sh_info 2 = grp_sig, its signature.
# GNU order: undef_a, undef_b, then 3 hashed with nbuckets 3:
#   grp_data 0xddd05ea7 % 3 = 0   main_fn 0xb439e0dd % 3 = 1
#   grp_sig  0x0e7aee50 % 3 = 1
# Final: 1 undef_a, 2 undef_b, 3 grp_data, 4 main_fn, 5 grp_sig.
# So the group's sh_info must become 5 (doc/design.md 4) and readelf -g still
# shows [grp_sig]; the member list is unchanged.  .strtab: 5 names, no
# suffixes: 1 + 8 + 8 + 9 + 8 + 8 = 0x2a.  .gnu.hash (section 13):
# 16-byte header, 1 bloom word (n = 3, 64-bit: 6 bits under both
# readings of the sizing rule), 3 buckets, 3 chain words = 0x30 bytes.

There are 14 section headers, starting at offset 0x[0-9a-f]+:
#...
  \[Nr\] Name +Type +Address +Off +Size +ES Flg Lk Inf Al
  \[ ?0\]  +NULL +0+ [0-9a-f]+ 000000 00 +0 +0 +0
  \[ ?1\] \.group +GROUP +0+ [0-9a-f]+ 000014 04 +10 +5 +4
  \[ ?2\] \.text +PROGBITS +0+ [0-9a-f]+ 00000b 00 +AX +0 +0 +1
  \[ ?3\] \.rela\.text +RELA +0+ [0-9a-f]+ 000030 18 +I +10 +2 +8
  \[ ?4\] \.data +PROGBITS +0+ [0-9a-f]+ 000000 00 +WA +0 +0 +1
  \[ ?5\] \.bss +NOBITS +0+ [0-9a-f]+ 000000 00 +WA +0 +0 +1
  \[ ?6\] \.text\.grp_sig +PROGBITS +0+ [0-9a-f]+ 000006 00 +AXG +0 +0 +1
  \[ ?7\] \.rela\.text\.grp_sig +RELA +0+ [0-9a-f]+ 000018 18 +IG +10 +6 +8
  \[ ?8\] \.data\.grp_sig +PROGBITS +0+ [0-9a-f]+ 000008 00 +WAG +0 +0 +1
  \[ ?9\] \.rela\.data\.grp_sig +RELA +0+ [0-9a-f]+ 000018 18 +IG +10 +8 +8
  \[ ?10\] \.symtab +SYMTAB +0+ [0-9a-f]+ 000090 18 +11 +1 +8
  \[ ?11\] \.strtab +STRTAB +0+ [0-9a-f]+ 00002a 00 +0 +0 +1
  \[ ?12\] \.shstrtab +STRTAB +0+ [0-9a-f]+ [0-9a-f]+ 00 +0 +0 +1
  \[13\] \.gnu\.hash +GNU_HASH +0+ [0-9a-f]+ 000030 [0-9a-f]+ +E +10 +[0-9]+ +8
#...
COMDAT group section \[ +1\] `\.group' \[grp_sig\] contains 4 sections:
 +\[Index\] +Name
 +\[ +6\] +\.text\.grp_sig
 +\[ +7\] +\.rela\.text\.grp_sig
 +\[ +8\] +\.data\.grp_sig
 +\[ +9\] +\.rela\.data\.grp_sig
