// Input 1 of the AArch64 plugin tests: calls and tail calls to several
// targets out of order (R_AARCH64_CALL26, R_AARCH64_JUMP26) mixed with
// address relocations in .text.
	.text
	.globl	alpha
	.type	alpha, %function
alpha:	bl	gamma
	bl	beta
	adrp	x0, ext_data
	add	x0, x0, :lo12:ext_data
	bl	ext_undef
	bl	gamma
	b	ext_undef2
	.size	alpha, .-alpha
	.globl	beta
	.type	beta, %function
beta:	bl	alpha
	bl	ext_undef
	ret
	.size	beta, .-beta
	.weak	weak_fn
	.type	weak_fn, %function
weak_fn:
	ret
	.data
	.globl	counter
	.type	counter, %object
counter:
	.xword	alpha
	.xword	ext_data
	.size	counter, 16
