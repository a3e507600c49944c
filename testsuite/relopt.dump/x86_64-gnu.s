# Four defined globals (a power of two, where the bloom sizing rules of
# symhash.h and bfd agree), one weak undefined and one undefined global,
# two locals.  Default hash style (gnu): the undefined globals come
# first, in their original order, then the hashed ones by (bucket,
# original index).
	.text
	.type	local_a, @function
local_a:
	ret
	.type	local_b, @function
local_b:
	ret
	.globl	write_reg
	.type	write_reg, @function
write_reg:
	call	local_a
	call	printk
	ret
	.globl	read_reg
	.type	read_reg, @function
read_reg:
	call	local_b
	call	write_reg
	jmp	dev_hook
	.weak	dev_hook
	.globl	probe
	.type	probe, @function
probe:
	call	read_reg
	ret
	.data
	.globl	dev_count
	.type	dev_count, @object
dev_count:
	.quad	probe
