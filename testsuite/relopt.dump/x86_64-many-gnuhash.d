#name: .gnu.hash header for 65290 symbols (bfd's sizing rule)
#source: x86_64-many-sections.s
#target: x86_64
#relopt: --hash-style=gnu
#readelf: -x .gnu.hash
# 65290 hashed globals (see x86_64-many-sections.d), symoffset 2.
# nbuckets: largest elf_buckets entry <= 65290 = 32771 (0x8003).
# Bloom, bfd's rule (symhash.h): L = floor(log2 65290) + 1 = 16;
# 65290 = 0xff0a & (1 << 14) != 0 -> bits = L + 3 = 19; shift2 = 19
# (0x13); maskwords = 2^19 / 64 = 8192 (0x2000).
# First line: nbuckets, symoffset, maskwords, shift2 (4-byte LE words).

Hex dump of section '\.gnu\.hash':
  0x00000000 03800000 02000000 00200000 13000000 .*
#pass
