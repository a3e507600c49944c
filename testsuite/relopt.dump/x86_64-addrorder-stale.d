#name: --check detects a .addrorder that strip made stale, link restored (x86_64)
#source: x86_64-gnu.s
#as: -g
#target: x86_64
#relopt: --addr-order=yes --hash-style=none
#post: strip --strip-debug -o %o.tmp %i && python3 %S/lib/set-shdr.py %o.tmp %o .addrorder link=.symtab
#check-error: ^relopt: [^\n]*'\.addrorder'[^\n]*entry [0-9]+ = [0-9]+ [^\n]*(not a symbol index|ignores)
# binutils strip (2.40) keeps .addrorder (an unknown SHT_LOUSER type) with
# sh_link 0 and drops the .debug_* section symbols, so the entries are
# old indices; with sh_link put back, only the contents are stale:
# rlo_addrorder_validate must name an entry that is now out of range or
# a symbol find_kallsyms_symbol() ignores.
