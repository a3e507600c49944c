# ELFCLASS32 little-endian (i386, REL relocations): four defined globals,
# two undefined ones, a local.  .hash words are 4 bytes, .gnu.hash bloom
# words 32 bits.
	.text
	.type	i_local, @function
i_local:
	ret
	.globl	irq_enable
	.type	irq_enable, @function
irq_enable:
	call	i_local
	call	kmalloc
	ret
	.globl	irq_disable
	.type	irq_disable, @function
irq_disable:
	call	irq_enable
	call	kfree
	ret
	.globl	irq_count
	.type	irq_count, @function
irq_count:
	jmp	irq_disable
	.data
	.globl	irq_table
	.type	irq_table, @object
irq_table:
	.long	irq_count
	.long	kfree
