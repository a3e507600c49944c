# SHT_LLVM_ADDRSIG (clang's integrated assembler: .addrsig and
# .addrsig_sym): the section lists symbol indices as ULEB128 values and
# links to .symtab; relopt must rewrite the indices when it renumbers
# the symbols (doc/design.md 4).
	.text
	.globl	a_fn
a_fn:	call	a_undef
	ret
	.globl	b_fn
b_fn:	call	z_undef
	ret
	.type	l_fn, @function
l_fn:	ret
	.globl	d_fn
d_fn:	ret
	.data
	.globl	c_var
c_var:	.quad	l_fn
	.quad	y_undef
	.addrsig
	.addrsig_sym	b_fn
	.addrsig_sym	a_undef
	.addrsig_sym	l_fn
	.addrsig_sym	c_var
	.addrsig_sym	y_undef
	.addrsig_sym	d_fn
