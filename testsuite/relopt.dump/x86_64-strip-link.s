# A relocation section relopt's strip keeps (and copies, to renumber
# it), a debug section it removes, and a section after both that
# x86_64-strip-link.d links to the debug section.
	.text
	.globl f
f:
	call g
	ret
	.section .debug_info,"",@progbits
	.long 0
	.section .note.GNU-stack,"",@progbits
