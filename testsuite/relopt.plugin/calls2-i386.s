# Input 2 of the i386 plugin tests.
	.text
	.globl	gamma
	.type	gamma, @function
gamma:	call	alpha
	call	delta
	ret
	.globl	delta
	.type	delta, @function
delta:	call	ext_undef
	call	weak_fn
	ret
	.type	lb, @function
lb:	ret
	.section .text.hot,"ax",@progbits
	.globl	hot_path
	.type	hot_path, @function
hot_path:
	call	gamma
	call	lb
	ret
	.bss
	.globl	buffer
	.type	buffer, @object
buffer:	.zero	64
	.size	buffer, 64
