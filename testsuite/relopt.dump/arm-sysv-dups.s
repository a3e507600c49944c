@ arm-sysv-dups.s -- ARM mapping symbols ($a, $d, $t, written by gas),
@ $dx (a mapping symbol to Linux, which takes every name starting with $; not to AAELF), and (after the objcopy of
@ arm-sysv-dups.d) two locals with one name: what .hash chains (doc/design.md 2).
	.text
	.arm
	.type	f_one, %function
f_one:
	bx	lr
	.word	0x12345678
	.type	f_two, %function
f_two:
	mov	r0, #0
	bx	lr
	.data
name0:	.word	1
name1:	.word	2
$dx:	.word	3
	.text
	.thumb
	.thumb_func
thumb_fn:
	bx	lr
	.globl	drv_a
	.type	drv_a, %function
drv_a:	bx	lr
	.globl	drv_b
drv_b:	bx	lr
