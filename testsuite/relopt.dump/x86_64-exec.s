# A tiny program: linked with ld it gives an ET_EXEC, which relopt must
# refuse (it rewrites ET_REL only) without touching the file.
	.text
	.globl	_start
_start:
	xorl	%edi, %edi
	movl	$60, %eax
	syscall
