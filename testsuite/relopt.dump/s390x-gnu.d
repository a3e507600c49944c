#name: .gnu.hash big-endian with 64-bit bloom word (s390x)
#source: s390x.s
#target: s390x
#relopt: --hash-style=gnu
#readelf: -x .gnu.hash
# GNU order: s_undef -> 5; 4 hashed, nbuckets 3:
#   s_open  0x1b1624e9 % 3 = 0 -> 6   s_flags 0x7d35a284 % 3 = 1 -> 7
#   s_close 0x7cff960d % 3 = 2 -> 8   s_data  0x1b0fded1 % 3 = 2 -> 9
# symoffset 6.  Bloom, n = 4: bits 6 (64-bit), maskwords 1, shift2 6:
#   s_open 41, 19   s_flags 4, 10   s_close 13, 24   s_data 17, 59
#   bloom[0] = 0x08000200010a2410 (one 8-byte big-endian word)
# buckets {6, 7, 8}; chain 0x1b1624e9 (end), 0x7d35a285 (end),
# 0x7cff960c, 0x1b0fded1 (end).  4-byte words stay 4 bytes: 0x34.

Hex dump of section '\.gnu\.hash':
  0x00000000 00000003 00000006 00000001 00000006 .*
  0x00000010 08000200 010a2410 00000006 00000007 .*
  0x00000020 00000008 1b1624e9 7d35a285 7cff960c .*
  0x00000030 1b0fded1 .*
