# A complete static program for the non-relocatable (executable) link.
	.text
	.globl	_start
_start:	call	alpha
	movl	$60, %eax
	xorl	%edi, %edi
	syscall
	.globl	ext_undef, ext_undef2, ext_data
ext_undef:
ext_undef2:
	ret
	.data
ext_data:
	.quad	0
