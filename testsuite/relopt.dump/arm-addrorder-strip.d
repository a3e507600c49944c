#name: ARM strip keeps .addrorder's sh_link and renumbers: --check finds it stale
#source: arm-branch.s
#as: -g
#target: arm
#relopt: --hash-style=none --addr-order=yes
#post: arm-linux-gnueabi-strip --strip-debug -o %o %i
#check-error: ^relopt: [^\n]*'\.addrorder'[^\n]*entry [0-9]+ = [0-9]+
# Unlike the other targets' objcopy and strip, the ARM ones (elf32-arm,
# binutils 2.40) keep sh_link of the unknown SHT_LOUSER section pointing
# at .symtab while --strip-debug drops the .debug_* section symbols: the
# table still looks linked and only its entries are stale.
# rlo_addrorder_validate must name an entry (doc/design.md 9).
