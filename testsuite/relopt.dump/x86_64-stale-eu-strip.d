#name: --check detects tables eu-strip made stale
#source: x86_64-gnu.s
#as: -g
#target: x86_64
#relopt: --hash-style=both
#post: eu-strip --strip-debug -o %o %i
#check-error: ^relopt: [^\n]*: [^\n]*\.(gnu\.)?hash
#readelf: -s -W
# With -g, gas adds .debug_* sections and their section symbols (locals
# 4-7 of the input).  eu-strip --strip-debug removes them and renumbers
# the symbols, but keeps sh_link of the hash sections pointing at
# .symtab: the tables still look linked and only their contents are
# stale (doc/design.md: eu-strip rebuilds .hash over globals only and leaves
# .gnu.hash stale).  `relopt --check' must fail naming a hash section.
# The dump shows the renumbered symtab: 10 entries where relopt wrote 14.

Symbol table '\.symtab' contains 10 entries:
#pass
