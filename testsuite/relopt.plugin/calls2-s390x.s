# Input 2 of the s390x plugin tests.
	.text
	.globl	gamma
	.type	gamma, @function
gamma:	brasl	%r14, alpha
	brasl	%r14, delta
	br	%r14
	.globl	delta
	.type	delta, @function
delta:	brasl	%r14, ext_undef
	brasl	%r14, weak_fn
	br	%r14
	.type	lb, @function
lb:	br	%r14
	.bss
	.globl	buffer
	.type	buffer, @object
buffer:	.zero	64
	.size	buffer, 64
