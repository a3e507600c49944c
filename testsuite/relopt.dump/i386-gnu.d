#name: .gnu.hash with 32-bit bloom words (i386)
#source: i386.s
#target: i386
#relopt: --hash-style=gnu
#readelf: -x .gnu.hash
# Input symtab as in i386-both.d.  4 hashed globals, nbuckets 3:
#   irq_enable 0x8aefaa17, irq_disable 0x9185e884, irq_count 0xcdc4ed79,
#   irq_table 0xcef08f98: all = 0 (mod 3), so they keep their relative
#   order after the undefined kmalloc, kfree; symoffset 4.
# Bloom, n = 4 (both readings agree): bits 5, shift2 5, maskwords
# 2^5 / 32 = 1; bits h % 32 and (h >> 5) % 32 of word 0:
#   irq_enable 23, 16   irq_disable 4, 4   irq_count 25, 11
#   irq_table 24, 28    -> bloom[0] = 0x13810810
# buckets = {4, 0, 0}; chain: 0x8aefaa16, 0x9185e884, 0xcdc4ed78,
# 0xcef08f99 (end).  Size 16 + 4 + 12 + 16 = 0x30.

Hex dump of section '\.gnu\.hash':
  0x00000000 03000000 04000000 01000000 05000000 .*
  0x00000010 10088113 04000000 00000000 00000000 .*
  0x00000020 16aaef8a 84e88591 78edc4cd 998ff0ce .*
