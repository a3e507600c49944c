#name: refuses to reorder when a relocation section is not linked to .symtab
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=gnu
#pre: python3 %S/lib/set-shdr.py %i %o .rela.text link=0
#error: ^relopt: [^\n]*\.rela\.text[^\n]* linked to section 0, not to \.symtab
# .rela.text gets sh_link 0.  Linux applies a relocation section against
# .symtab whatever its sh_link says, so after the GNU style moved the
# globals its r_info would name other symbols (the fresh user of
# 2026-12-04 saw part0_entry become free_irq, and --check --against
# passed).  One line naming the section, exit 1, input unchanged, no
# output (doc/design.md 4).  The default style (sysv) moves no symbol
# and still rewrites it.
