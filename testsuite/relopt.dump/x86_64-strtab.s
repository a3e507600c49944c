# Names that are suffixes of other names: after relopt, .strtab holds
# each distinct name once and a suffix shares the tail of a longer name
# (doc/design.md 5): "bar" and "obar" live inside "foobar", "a_" and "cba_"
# inside "fedcba_", "init" inside "module_init".
	.text
	.type	bar, @function
bar:
	ret
	.type	a_, @function
a_:
	ret
	.globl	cba_
	.type	cba_, @function
cba_:
	call	obar
	ret
	.globl	foobar
	.type	foobar, @function
foobar:
	call	bar
	call	a_
	call	module_init
	ret
	.globl	fedcba_
	.type	fedcba_, @function
fedcba_:
	jmp	cba_
	.globl	init
	.type	init, @function
init:
	jmp	foobar
