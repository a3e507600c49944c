#name: --addr-order=no refuses a .addrorder it cannot remove (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#pre: %R --addr-order=yes --hash-style=none -o %o.tmp %i && ld -r -o %o %o.tmp
#relopt: --addr-order=no --hash-style=none
#error: ^relopt: [^\n]*: section [0-9]+ '\.addrorder' is not at the end of the section table: cannot remove it without renumbering sections \(keep it with --addr-order=yes\)$
# ld -r puts .addrorder before .symtab; removing it would renumber
# .symtab and its users (doc/design.md 1), so relopt refuses, says how to
# keep it, and leaves the input byte-identical.
