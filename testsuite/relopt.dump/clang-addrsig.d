#name: SHT_LLVM_ADDRSIG indices remapped (clang, x86_64)
#source: clang-addrsig.s
#target: clang
#relopt: --hash-style=gnu
#readelf: -x .llvm_addrsig
# Input symtab (clang -x assembler): 0 null, 1 .text (section), 2 l_fn
# (local), 3 a_fn, 4 a_undef (UND), 5 b_fn, 6 z_undef (UND), 7 d_fn,
# 8 c_var, 9 y_undef (UND).  .llvm_addrsig holds 5 4 2 8 9 7 (b_fn,
# a_undef, l_fn, c_var, y_undef, d_fn), one ULEB128 byte each.
# GNU order: a_undef -> 3, z_undef -> 4, y_undef -> 5, then 4 hashed,
# nbuckets 3 (gnu_hash % 3):
#   a_fn 0x7c93e1f9 -> 1, b_fn 0x7c946e5a -> 1, d_fn 0x7c95871c -> 1,
#   c_var 0x0f3494f0 -> 2
# -> a_fn 6, b_fn 7, d_fn 8, c_var 9.
# Remapped list: b_fn 7, a_undef 3, l_fn 2, c_var 9, y_undef 5, d_fn 8.

Hex dump of section '\.llvm_addrsig':
  0x00000000 07030209 0508 .*
