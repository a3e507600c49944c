@ Input 1 of the ARM plugin tests: ARM and Thumb calls to several targets
@ out of order (R_ARM_CALL, R_ARM_JUMP24, R_ARM_THM_CALL), interleaved
@ with a non-branch relocation in .text (the literal pool's R_ARM_ABS32).
	.syntax	unified
	.arch	armv7-a
	.text
	.arm
	.globl	alpha
	.type	alpha, %function
alpha:	bl	gamma
	bl	beta
	ldr	r0, =ext_data
	bl	ext_undef
	bl	gamma
	b	ext_undef2
	.ltorg
	.size	alpha, .-alpha
	.globl	beta
	.type	beta, %function
beta:	bl	alpha
	bl	ext_undef
	bx	lr
	.size	beta, .-beta
	.thumb
	.globl	tfn
	.type	tfn, %function
	.thumb_func
tfn:	bl	ext_undef
	bl	gamma
	bl	ext_undef
	bx	lr
	.size	tfn, .-tfn
	.weak	weak_fn
	.type	weak_fn, %function
	.thumb_func
weak_fn:
	bx	lr
	.data
	.globl	counter
	.type	counter, %object
counter:
	.word	alpha
	.word	ext_data
	.size	counter, 8
