# A PROGBITS section under the name of one of relopt's tables:
# x86_64-named-table.d.
	.text
	.globl f
f:
	ret
	.section .addrorder,"",@progbits
	.long 1
