# 32-bit ARM (REL): branch relocations R_ARM_CALL (bl), R_ARM_JUMP24 (b,
# bne) and R_ARM_PC24 (the pre-EABI type, made with .reloc) mixed with
# data relocations (literal pool R_ARM_ABS32) in one section.  After
# relopt the branches come first, sorted by (type, symbol index after
# renumbering, addend), the addend being the immediate field of the
# instruction (word & 0x00ffffff; "bl printk + 8" has a different one);
# then the other relocations in their original relative order (doc/design.md 6).
# printk + 0x40008 and printk + 0x408 have immediates 0x010000 and
# 0x000100: their order flips if the instruction is read in the wrong
# byte order (see arm-be32.d, arm-be8.d).
	.arm
	.text
	.globl	drv_a
	.type	drv_a, %function
drv_a:
	bl	printk
	ldr	r0, =drv_data
	bl	memcpy
	bl	printk + 8
	bl	printk + 0x40008
	bl	printk + 0x408
	b	drv_b
	.globl	drv_b
	.type	drv_b, %function
drv_b:
	bl	drv_a
	bl	printk
	ldr	r1, =memcpy
	bne	memcpy
	bl	memcpy
	bl	drv_a
	.reloc	., R_ARM_PC24, drv_b
	.word	0xeafffffe
	b	printk
	.ltorg
	.data
	.globl	drv_data
drv_data:
	.word	drv_b
