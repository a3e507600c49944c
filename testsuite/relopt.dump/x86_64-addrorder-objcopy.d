#name: --check detects .addrorder after objcopy (sh_link 0) (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --addr-order=yes --hash-style=none
#post: objcopy %i %o
#check-error: ^relopt: [^\n]*'\.addrorder'[^\n]*sh_link is 0, not \.symtab
# objcopy, strip, ld -r, gold, llvm-objcopy and ld.lld -r all keep the
# section and write sh_link 0 for a type they do not know (doc/design.md
# 9), so a loader that checks sh_link ignores it.
