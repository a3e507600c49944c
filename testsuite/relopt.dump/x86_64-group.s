# A COMDAT group whose signature symbol (grp_sig) is a global that moves
# when relopt orders the globals for .gnu.hash: the group section's
# sh_info holds the signature's symbol index and must be remapped
# (doc/design.md 4), so readelf -g still names grp_sig.
	.text
	.globl	main_fn
	.type	main_fn, @function
main_fn:
	call	grp_sig
	call	undef_a
	ret
	.section .text.grp_sig,"axG",@progbits,grp_sig,comdat
	.globl	grp_sig
	.type	grp_sig, @function
grp_sig:
	call	undef_b
	ret
	.section .data.grp_sig,"awG",@progbits,grp_sig,comdat
	.globl	grp_data
grp_data:
	.quad	main_fn
