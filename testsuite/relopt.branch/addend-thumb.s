@ addend-thumb.s -- Thumb-2 branch relocations for the link-equivalence
@ test: R_ARM_THM_CALL / R_ARM_THM_JUMP24 with different addends (encoded
@ in both halfwords), BLX to ARM-state code, a call into another section,
@ and data relocations in between.
	.syntax unified
	.thumb
	.text
	.global addends
	.type addends, %function
	.thumb_func
addends:
	bl ext1+8
	bl f1+4
	bl ext2
	bl ext1+8
	b.w ext3+16
	bl .Lfar+12
	blx ext6
	bl ext1
	bl ext1+0x2000
	bl ext1-4
	bx lr
	.align 2
	.word ext7
	b.w f1
	bl ext2+0x100
	@ imm11 = 0x100 and 0x001: their keys compare the other way round when
	@ the halfwords are read in the wrong byte order (the BE8 control).
	bl ext2+0x204
	bl ext2+6

	.section .text.other,"ax",%progbits
	.thumb_func
.Lfar:
	nop
	nop
	nop
	nop
	bl ext1+8
	bx lr

	.section .note.GNU-stack,"",%progbits
