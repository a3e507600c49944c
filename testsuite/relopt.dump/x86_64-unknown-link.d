#name: refuses to reorder with an unknown section linked to .symtab
#target: x86_64
#relopt: --hash-style=gnu
#pre: python3 %S/lib/set-shdr.py %i %o .foo type=0x6fff4c99 link=.symtab
#error: ^relopt: [^\n]*: [^\n]*\.foo
# .foo (section 5) gets an unknown type and sh_link = .symtab (6).  The
# default style (gnu) must move u_undef before the defined globals, which
# relopt cannot do safely: one line naming the section, exit 1, input
# unchanged, no output (doc/design.md 4).
