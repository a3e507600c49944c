# Two COMDAT groups (check.exp: --against defects): group flag word,
# members and signature symbols; an SHT_LLVM_ADDRSIG section is added by
# againstdefect.py --addrsig.
	.section .text.f1,"axG",@progbits,f1,comdat
	.globl f1
	.type f1,@function
f1:	ret
	.section .text.f2,"axG",@progbits,f2,comdat
	.globl f2
	.type f2,@function
f2:	call f1
	ret
	.text
	.globl g
g:	call f2
	ret
