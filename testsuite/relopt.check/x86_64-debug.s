# Assembled with -g: strip --strip-debug renumbers its symbols and
# sections (check.exp).
	.text
	.globl f
f:	call g
	ret
	.globl h
h:	ret
l1:	ret
	.data
	.globl v
v:	.quad h
