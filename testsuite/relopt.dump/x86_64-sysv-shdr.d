#name: .hash section header (x86_64)
#source: x86_64-sysv.s
#target: x86_64
#relopt: --hash-style=sysv
#readelf: -S -W
# The existing sections keep index, name, type, flags, link, info and
# alignment (doc/design.md 1; offsets may change, contents of .symtab/.strtab
# are rewritten: .symtab keeps 7 entries (0xa8), the merged .strtab is
# 1 + "sysv.s" 7 + "helper" 7 + "alpha" 6 + "ext_undef" 10 + "beta" 5 +
# "gamma" 6 = 42 = 0x2a bytes).  .hash is appended as section 8:
# type HASH, address 0, size 0x30 (see x86_64-sysv.d), entsize 4, no
# flags but E
# (SHF_EXCLUDE, doc/design.md 2; not allocated), sh_link 5 (.symtab), alignment 4 or 8.
# No .gnu.hash with --hash-style=sysv.

There are 9 section headers, starting at offset 0x[0-9a-f]+:
#...
  \[Nr\] Name +Type +Address +Off +Size +ES Flg Lk Inf Al
  \[ ?0\]  +NULL +0+ [0-9a-f]+ 000000 00 +0 +0 +0
  \[ ?1\] \.text +PROGBITS +0+ [0-9a-f]+ 00000e 00 +AX +0 +0 +1
  \[ ?2\] \.rela\.text +RELA +0+ [0-9a-f]+ 000018 18 +I +5 +1 +8
  \[ ?3\] \.data +PROGBITS +0+ [0-9a-f]+ 000004 00 +WA +0 +0 +1
  \[ ?4\] \.bss +NOBITS +0+ [0-9a-f]+ 000000 00 +WA +0 +0 +1
  \[ ?5\] \.symtab +SYMTAB +0+ [0-9a-f]+ 0000a8 18 +6 +3 +8
  \[ ?6\] \.strtab +STRTAB +0+ [0-9a-f]+ 00002a 00 +0 +0 +1
  \[ ?7\] \.shstrtab +STRTAB +0+ [0-9a-f]+ [0-9a-f]+ 00 +0 +0 +1
  \[ ?8\] \.hash +HASH +0+ [0-9a-f]+ 000030 04 +E +5 +[0-9]+ +[48]
#pass
