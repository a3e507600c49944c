@ Input 2 of the ARM plugin tests.
	.syntax	unified
	.arch	armv7-a
	.text
	.arm
	.globl	gamma
	.type	gamma, %function
gamma:	bl	delta
	bl	alpha
	bl	delta
	bx	lr
	.globl	delta
	.type	delta, %function
delta:	b	ext_undef
	.type	lb, %function
lb:	bx	lr
	.bss
	.globl	buffer
	.type	buffer, %object
buffer:	.zero	64
	.size	buffer, 64
