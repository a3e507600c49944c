# Three hashed globals in an ELFCLASS32 object: the smallest case where
# the two readings of the bloom sizing rule differ (see i386-bloom.d).
	.text
	.globl	one
one:
	call	two
	ret
	.globl	two
two:
	call	ext
	ret
	.globl	three
three:
	ret
