# Input 1 of the s390x plugin tests (64-bit big-endian, 8-byte .hash
# entries): calls (R_390_PLT32DBL), a tail call, address and data
# relocations, a local and a weak symbol.
	.text
	.globl	alpha
	.type	alpha, @function
alpha:	brasl	%r14, gamma
	brasl	%r14, beta
	brasl	%r14, ext_undef
	brasl	%r14, local_fn
	larl	%r1, ext_data
	jg	ext_undef2
	.size	alpha, .-alpha
	.globl	beta
	.type	beta, @function
beta:	brasl	%r14, alpha
	br	%r14
	.size	beta, .-beta
	.type	local_fn, @function
local_fn:
	br	%r14
	.weak	weak_fn
	.type	weak_fn, @function
weak_fn:
	br	%r14
	.data
	.globl	counter
	.type	counter, @object
counter:
	.quad	alpha
	.quad	ext_data
	.size	counter, 16
