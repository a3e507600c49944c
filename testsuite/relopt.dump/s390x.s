# s390x: ELFCLASS64 big-endian.  Its ABI supplement makes .hash entries
# 8 bytes (sh_entsize 8, every word a 64-bit big-endian value), while
# .gnu.hash keeps 4-byte words with 64-bit bloom words (doc/design.md 2, 3).
	.text
	.type	s_local, @function
s_local:
	br	%r14
	.globl	s_open
	.type	s_open, @function
s_open:
	brasl	%r14, s_local
	brasl	%r14, s_undef
	br	%r14
	.globl	s_close
	.type	s_close, @function
s_close:
	jg	s_open
	.data
	.globl	s_data
	.type	s_data, @object
s_data:
	.quad	s_close
	.globl	s_flags
	.type	s_flags, @object
s_flags:
	.quad	s_undef
