# Three i386 .rel.data entries, the first two swapped by check.exp
# (reloc-order).
	.text
	.globl f, g
f:	call g
g:	ret
	.data
	.globl d
d:	.long f
	.long g
	.long ext
