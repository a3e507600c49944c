// addend-a64.s -- AArch64 branch relocations for the link-equivalence
// test (also assembled for ILP32, which gives the P32 types): CALL26 and
// JUMP26 with different r_addend values, a call into another section
// through its section symbol, and other relocations in between.
	.text
	.global addends
	.type addends, %function
addends:
	bl ext1+8
	bl f1+4
	bl ext2
	bl ext1+8
	b ext3+16
	bl .Lfar+12
	bl ext1
	b.ne ext4
	adrp x0, counter
	add x0, x0, :lo12:counter
	bl ext1-4
	b f1
	bl ext2+0x100
	ret

	.section .text.other,"ax",%progbits
.Lfar:
	nop
	nop
	nop
	nop
	bl ext1+8
	ret

	.section .note.GNU-stack,"",%progbits
