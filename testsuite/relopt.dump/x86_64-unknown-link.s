# A section of a type relopt does not know (made SHT_LOOS + 0xfff4c99 by
# set-shdr.py, see the .d files) whose sh_link is .symtab: it may hold
# symbol indices, so relopt must refuse to reorder the symbols, naming
# the section, but can still add .hash, which needs no reordering
# (doc/design.md 4).
	.text
	.globl	u_fn
u_fn:
	call	u_undef
	ret
	.globl	u_other
u_other:
	ret
	.section .foo,"",@progbits
	.long	1, 2
