# Three defined globals, one defined local, one undefined global and a
# file symbol: the SysV .hash covers the four defined named symbols
# (locals too, doc/design.md 2), not the file symbol nor the undefined one.
	.file	"sysv.s"
	.text
	.type	helper, @function
helper:
	ret
	.globl	alpha
	.type	alpha, @function
alpha:
	call	helper
	call	ext_undef
	ret
	.globl	beta
	.type	beta, @function
beta:
	jmp	alpha
	.data
	.globl	gamma
	.type	gamma, @object
gamma:
	.long	1
