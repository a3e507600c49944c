#name: a second run rebuilds, never duplicates, and is byte-identical (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=both
#relopt2: --hash-style=both
#compare: identical
#readelf: -S -W
# doc/design.md 7: relopt on its own output with the same options gives the same
# bytes; the existing .hash and .gnu.hash are rebuilt, not added again:
# 9 input sections + 2 = 11.  The order of the two new sections is not
# fixed by the contract, so each of [9] and [10] may be either one (sizes
# from x86_64-both.d and x86_64-gnu.d).

There are 11 section headers, starting at offset 0x[0-9a-f]+:
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
  \[ ?9\] (\.hash +HASH +0+ [0-9a-f]+ 000038 04|\.gnu\.hash +GNU_HASH +0+ [0-9a-f]+ 000034 [0-9a-f]+) +E +6 +[0-9]+ +[48]
  \[10\] (\.hash +HASH +0+ [0-9a-f]+ 000038 04|\.gnu\.hash +GNU_HASH +0+ [0-9a-f]+ 000034 [0-9a-f]+) +E +6 +[0-9]+ +[48]
#pass
