// Input 2 of the AArch64 plugin tests.
	.text
	.globl	gamma
	.type	gamma, %function
gamma:	bl	delta
	bl	alpha
	bl	delta
	ret
	.globl	delta
	.type	delta, %function
delta:	b	ext_undef
	.type	lb, %function
lb:	ret
	.bss
	.globl	buffer
	.type	buffer, %object
buffer:	.zero	64
	.size	buffer, 64
