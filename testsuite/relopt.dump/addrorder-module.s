# A Linux kernel module in miniature: .gnu.linkonce.this_module (where
# modpost's .mod.c puts struct module) is what --addr-order=auto looks
# for.  The symbols exercise doc/design.md 9's choice: a file symbol
# (STT_FILE, SHN_ABS), mapping-like names Linux skips ($x, .L, L0...),
# one it keeps (L1), ties broken by index, two sections, an absolute
# symbol and an undefined one.
	.file	"mod.c"
	.text
	.type	init_one, @function
init_one:
	ret
$x:
	.type	tie_b, @function
tie_b:
	.globl	tie_a
	.type	tie_a, @function
tie_a:
	nop
.Ltmp0:
L0local:
L1keep:
	call	printk
	ret
	.section .gnu.linkonce.this_module,"aw"
	.globl	__this_module
	.type	__this_module, @object
__this_module:
	.zero	16
	.globl	abs_sym
	.set	abs_sym, 0x40
