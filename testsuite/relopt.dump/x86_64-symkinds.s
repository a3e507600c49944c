# Every kind of global: strong and weak definitions, weak and strong
# undefined references, a common symbol, an absolute symbol and a hidden
# one.  Hashed by .gnu.hash: the defined ones (st_shndx != SHN_UNDEF, so
# COMMON and ABS too); the undefined ones are not and come first.
	.text
	.weak	wdef
	.type	wdef, @function
wdef:
	call	wundef
	call	sundef
	ret
	.weak	wundef
	.globl	strong
	.type	strong, @function
strong:
	jmp	wdef
	.globl	hidden_fn
	.hidden	hidden_fn
	.type	hidden_fn, @function
hidden_fn:
	call	later_undef
	ret
	.comm	common_buf,64,32
	.globl	abs_val
	.set	abs_val, 0x1234
