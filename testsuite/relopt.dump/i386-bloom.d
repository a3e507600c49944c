#name: bloom size for 3 hashed symbols in ELFCLASS32 (bfd's rule)
#target: i386
#relopt: --hash-style=gnu
#readelf: -x .gnu.hash
# Input symtab: 1 one, 2 two, 3 ext (UND), 4 three (no locals).
# Final: 1 ext, then by bucket (nbuckets 3): two 0x0b88b01f % 3 = 0,
# three 0x106d145d % 3 = 1, one 0x0b8899a7 % 3 = 2; symoffset 2.
# Bloom sizing, binutils 2.40 elflink.c's rule (floor of log2; symhash.h):
#   L = floor(log2(3)) + 1 = 2 < 3 -> bits = 5; shift2 = 5,
#   maskwords = 2^5 / 32 = 1.  GNU ld -shared gives the same for 3
#   symbols (scripts/check-gnu-params.sh checks that on every build).
#   bits h % 32 and (h >> 5) % 32, all in word 0:
#   two 0x0b88b01f: 31, 0; three 0x106d145d: 29, 2; one 0x0b8899a7: 7, 13
#   -> bloom = {0xa0002085}
# buckets {2, 3, 4}; chain 0x0b88b01f, 0x106d145d, 0x0b8899a7 (each ends
# its bucket: bit 0 set).  Size 16 + 4 + 12 + 12 = 0x2c.

Hex dump of section '\.gnu\.hash':
  0x00000000 03000000 02000000 01000000 05000000 .*
  0x00000010 852000a0 02000000 03000000 04000000 .*
  0x00000020 1fb0880b 5d146d10 a799880b +.*
