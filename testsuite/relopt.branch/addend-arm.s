@ addend-arm.s -- ARM (A32) branch relocations for the link-equivalence
@ test: the same symbol with different addends (REL: the addend is the
@ instruction's immediate), BL/B/conditional branches, an explicit
@ R_ARM_PC24, a call into another section through its section symbol, and
@ non-branch relocations (R_ARM_V4BX, R_ARM_ABS32) between them, which must
@ keep their relative order.
	.syntax unified
	.arm
	.text
	.global addends
	.type addends, %function
addends:
	bl ext1+8
	bl f1+4
	bl ext2
	bl ext1+8
	b ext3+16
	blne ext4
	bne ext4+4
	bl .Lnear
	bl .Lfar+12
	.reloc ., R_ARM_PC24, ext5
	.inst 0xebfffffe
	.reloc ., R_ARM_PC24, ext5+8
	.inst 0xeb000000
	bl ext1
	bl ext1-4
	bx lr
.Lnear:
	bx lr
	.word ext6
	.word counter+4
	bl ext2+0x100
	b f1

	.section .text.other,"ax",%progbits
.Lfar:
	nop
	nop
	nop
	nop
	bl ext1+8
	bx lr

	.section .note.GNU-stack,"",%progbits
