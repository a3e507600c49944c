# MIPS o32 HI16/LO16 pairs: reversed, a LO16 comes before its HI16 and
# links to a different value (check.exp, reloc-order).
	.text
	.globl f
f:	lui	$2, %hi(var)
	lw	$2, %lo(var)($2)
	lui	$3, %hi(var2)
	addiu	$3, $3, %lo(var2)
	jr	$31
	.data
	.globl var
var:	.word 1
var2:	.word 2
	.word var, var2, f
