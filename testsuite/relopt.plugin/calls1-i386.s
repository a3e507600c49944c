# Input 1 of the i386 plugin tests: globals, a local, a weak symbol,
# undefined references, calls in no particular order, data pointers.
	.text
	.globl	alpha
	.type	alpha, @function
alpha:	call	gamma
	call	beta
	call	ext_undef
	call	local_fn
	call	gamma
	ret
	.size	alpha, .-alpha
	.globl	beta
	.type	beta, @function
beta:	call	alpha
	jmp	ext_undef2
	.size	beta, .-beta
	.type	local_fn, @function
local_fn:
	ret
	.weak	weak_fn
	.type	weak_fn, @function
weak_fn:
	ret
	.data
	.globl	counter
	.type	counter, @object
counter:
	.long	alpha
	.long	ext_data
	.size	counter, 8
