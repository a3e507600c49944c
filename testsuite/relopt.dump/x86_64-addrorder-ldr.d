#name: ld -r of relopt output keeps .addrorder (sh_link 0, entsize 0); relopt rebuilds it in place (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#pre: %R --addr-order=yes --hash-style=both -o %o.tmp %i && ld -r -o %o %o.tmp
#relopt: --addr-order=yes --hash-style=both
#readelf: -S -W
# ld -r (2.40) moves .hash and .gnu.hash to the front and writes
# .addrorder after the input's other sections but before .symtab, with
# sh_link 0 and sh_entsize 0 (a type BFD does not know).  relopt
# rebuilds all three in place (not last: removing .addrorder would
# renumber .symtab) with doc/design.md 9's header: link .symtab,
# entsize 4.  ld -r added a section symbol for every section (relopt's
# tables included), which are unnamed, and an STT_FILE symbol (SHN_ABS)
# named after its input, which Linux considers: 7 entries (0x1c bytes).
#...
  \[ ?1\] \.hash +HASH +0+ [0-9a-f]+ [0-9a-f]+ 04 +E +9 +0 +4
  \[ ?2\] \.gnu\.hash +GNU_HASH +0+ [0-9a-f]+ [0-9a-f]+ 00 +E +9 +0 +8
#...
  \[ ?8\] \.addrorder +LOUSER\+0x524f41 +0+ [0-9a-f]+ 00001c 04 +E +9 +0 +4
  \[ ?9\] \.symtab +SYMTAB .*
#pass
