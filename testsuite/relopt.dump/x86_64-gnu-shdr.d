#name: .gnu.hash section header (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=gnu
#readelf: -S -W
# .gnu.hash is appended as section 9: type GNU_HASH, address 0, size 0x34
# (see x86_64-gnu.d), no flags, sh_link 6 (.symtab), aligned for its
# 64-bit bloom words (8).  .symtab keeps 9 entries and sh_info 3; the
# .strtab has no suffixes to share here: 1 + 8 names = 0x44 bytes.
# No .hash with the default style (gnu).

There are 10 section headers, starting at offset 0x[0-9a-f]+:
#...
  \[Nr\] Name +Type +Address +Off +Size +ES Flg Lk Inf Al
  \[ ?0\]  +NULL +0+ [0-9a-f]+ 000000 00 +0 +0 +0
  \[ ?1\] \.text +PROGBITS +0+ [0-9a-f]+ 000022 00 +AX +0 +0 +1
  \[ ?2\] \.rela\.text +RELA +0+ [0-9a-f]+ 000060 18 +I +6 +1 +8
  \[ ?3\] \.data +PROGBITS +0+ [0-9a-f]+ 000008 00 +WA +0 +0 +1
  \[ ?4\] \.rela\.data +RELA +0+ [0-9a-f]+ 000018 18 +I +6 +3 +8
  \[ ?5\] \.bss +NOBITS +0+ [0-9a-f]+ 000000 00 +WA +0 +0 +1
  \[ ?6\] \.symtab +SYMTAB +0+ [0-9a-f]+ 0000d8 18 +7 +3 +8
  \[ ?7\] \.strtab +STRTAB +0+ [0-9a-f]+ 000044 00 +0 +0 +1
  \[ ?8\] \.shstrtab +STRTAB +0+ [0-9a-f]+ [0-9a-f]+ 00 +0 +0 +1
  \[ ?9\] \.gnu\.hash +GNU_HASH +0+ [0-9a-f]+ 000034 [0-9a-f]+ +E +6 +[0-9]+ +8
#pass
