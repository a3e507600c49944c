# An input that ld.bfd -r copies through unchanged but relopt must refuse:
# a SHT_RELA section (type 4) that applies to no section (sh_info 0).  BFD
# treats it as an ordinary section, copies its bytes verbatim and links it
# to the output .symtab, so the output has a relocation section whose
# r_info names symbol 0xffff, past the end of .symtab.  (gold rejects this
# input itself: "relocation section has bad info 0".)
	.text
	.globl	f
f:	ret
	.section .rela.stray,"",%4
	.quad	0, 0x0000ffff00000001, 0
