# AArch64 (RELA): R_AARCH64_CALL26 (bl) and R_AARCH64_JUMP26 (b, tail
# calls) with different addends, mixed with ADRP/ADD and data
# relocations.  After relopt the branches come first, sorted by (type:
# JUMP26 = 282 before CALL26 = 283, symbol index after renumbering,
# r_addend), then the others in their original order (doc/design.md 6).
	.text
	.globl	a_init
	.type	a_init, %function
a_init:
	bl	a_ext
	adrp	x0, a_data
	add	x0, x0, :lo12:a_data
	bl	a_exit
	bl	a_ext + 8
	b	a_exit
	.globl	a_exit
	.type	a_exit, %function
a_exit:
	bl	a_ext
	bl	a_init
	b	a_ext
	bl	a_ext + 8
	bl	a_exit
	b	a_ext + 4
	.data
	.globl	a_data
a_data:
	.word	a_init
