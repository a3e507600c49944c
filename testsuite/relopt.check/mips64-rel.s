# MIPS64 relocations (check.exp: --against defects, r_ssym changed).
	.text
	.globl f
f:	jal g
	nop
