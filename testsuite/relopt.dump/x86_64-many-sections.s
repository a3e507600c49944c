# 65290 sections .text.fN, each defining a global fN: more sections than
# SHN_LORESERVE (0xff00), so gas uses extended numbering (e_shnum 0,
# e_shstrndx SHN_XINDEX) and symbols f65276 and later have st_shndx
# SHN_XINDEX with their real section index in .symtab_shndx (doc/design.md:
# extended numbering must work; SYMTAB_SHNDX is permuted with the
# symtab, doc/design.md 4).
	.altmacro
	.macro	sect n
	.section .text.f\n,"ax",@progbits
	.globl	f\n
f\n:	ret
	.endm
	.set	i, 0
	.rept	65290
	sect	%i
	.set	i, i + 1
	.endr
