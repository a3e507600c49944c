# Thumb-2 (REL): R_ARM_THM_CALL (bl) and R_ARM_THM_JUMP24 (b.w) with
# different immediates, mixed with R_ARM_THM_MOVW/MOVT and data
# relocations.  The key's addend for Thumb is (first halfword & 0x07ff)
# << 16 | (second halfword & 0x2fff) (relsort.h).  t_ext + 0x100000,
# + 0x40000 and + 0x10000 (keys 0xff2ffe, 0x3f2ffe, 0x0f2ffe) would all
# get the same key if the halfwords were read in the wrong byte order,
# and keep this (descending) order instead of being sorted.
	.syntax	unified
	.arch	armv7-a
	.thumb
	.text
	.globl	t_main
	.type	t_main, %function
	.thumb_func
t_main:
	bl	t_ext
	movw	r0, #:lower16:t_data
	movt	r0, #:upper16:t_data
	bl	t_other
	bl	t_ext + 16
	b.w	t_other
	.globl	t_other
	.type	t_other, %function
	.thumb_func
t_other:
	bl	t_ext
	bl	t_main
	b.w	t_ext
	bl	t_other
	b.w	t_ext + 4
	bl	t_ext + 0x100000
	bl	t_ext + 0x40000
	bl	t_ext + 0x10000
	.data
	.globl	t_data
t_data:
	.word	t_main
