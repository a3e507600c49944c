# MIPS64 little-endian (RELA): its r_info is not the generic ELF64
# layout but r_sym (32 bits) followed by r_ssym, r_type3, r_type2 and
# r_type (one byte each), stored little-endian (doc/design.md 4: "MIPS64
# little-endian r_info layout included").  Renumbering must rewrite
# r_sym there and leave the three type bytes alone.
	.text
	.globl	m_main
	.ent	m_main
m_main:
	jal	m_ext
	nop
	jal	m_other
	nop
	ld	$2, %got_disp(m_data)($28)
	jr	$31
	nop
	.end	m_main
	.globl	m_other
	.ent	m_other
m_other:
	jal	m_ext2
	nop
	jr	$31
	nop
	.end	m_other
	.data
	.globl	m_data
m_data:
	.dword	m_main
	.dword	m_ext
