#name: --hash-style=none adds no table (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=none
#readelf: -S -W
# No .hash, no .gnu.hash: still 9 sections, each as before (.strtab is
# rebuilt, 0x44 bytes as in the input since no name is a suffix of
# another).

There are 9 section headers, starting at offset 0x[0-9a-f]+:
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
#pass
