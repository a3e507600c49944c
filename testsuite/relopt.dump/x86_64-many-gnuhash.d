#name: .gnu.hash header for 65290 symbols (symhash.h sizing rule)
#source: x86_64-many-sections.s
#target: x86_64
#readelf: -x .gnu.hash
# 65290 hashed globals (see x86_64-many-sections.d), symoffset 2.
# nbuckets: largest elf_buckets entry <= 65290 = 32771 (0x8003).
# Bloom as written in symhash.h: L = ceil(log2 65290) + 1 = 17;
# 65290 & (1 << 15) != 0 -> bits = L + 3 = 20; shift2 = 20 (0x14);
# maskwords = 2^20 / 64 = 16384 (0x4000).
# (bfd/gold's reading, L = bit length = 16, would give bits 19, shift2
# 19, maskwords 8192; see i386-bloom.d.)
# First line: nbuckets, symoffset, maskwords, shift2 (4-byte LE words).

Hex dump of section '\.gnu\.hash':
  0x00000000 03800000 02000000 00400000 14000000 .*
#pass
