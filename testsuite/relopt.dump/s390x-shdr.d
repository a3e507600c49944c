#name: .hash section header, sh_entsize 8 (s390x)
#source: s390x.s
#target: s390x
#relopt: --hash-style=sysv
#readelf: -S -W
# .hash appended as section 9: HASH, size 0x78 (s390x-sysv.d), entsize
# 8, no flags, sh_link 6 (.symtab), aligned to 8.  .strtab: 6 names, no
# suffixes: 1 + 8 + 7 + 8 + 8 + 7 + 8 = 0x2f.

There are 10 section headers, starting at offset 0x[0-9a-f]+:
#...
  \[Nr\] Name +Type +Address +Off +Size +ES Flg Lk Inf Al
  \[ ?0\]  +NULL +0+ [0-9a-f]+ 000000 00 +0 +0 +0
  \[ ?1\] \.text +PROGBITS +0+ [0-9a-f]+ 000018 00 +AX +0 +0 +4
  \[ ?2\] \.rela\.text +RELA +0+ [0-9a-f]+ 000030 18 +I +6 +1 +8
  \[ ?3\] \.data +PROGBITS +0+ [0-9a-f]+ 000010 00 +WA +0 +0 +4
  \[ ?4\] \.rela\.data +RELA +0+ [0-9a-f]+ 000030 18 +I +6 +3 +8
  \[ ?5\] \.bss +NOBITS +0+ [0-9a-f]+ 000000 00 +WA +0 +0 +4
  \[ ?6\] \.symtab +SYMTAB +0+ [0-9a-f]+ 0000f0 18 +7 +5 +8
  \[ ?7\] \.strtab +STRTAB +0+ [0-9a-f]+ 00002f 00 +0 +0 +1
  \[ ?8\] \.shstrtab +STRTAB +0+ [0-9a-f]+ [0-9a-f]+ 00 +0 +0 +1
  \[ ?9\] \.hash +HASH +0+ [0-9a-f]+ 000078 08 +E +6 +[0-9]+ +8
#pass
