#name: SysV .hash words, the default style (x86_64)
#target: x86_64
#readelf: -x .hash
# Input symtab (gas): 0 null, 1 FILE sysv.s, 2 helper (local FUNC),
# 3 alpha, 4 ext_undef (UND), 5 beta, 6 gamma; sh_info 3.  sysv only:
# no symbol moves.
# Hashed (doc/design.md 2: defined, named, not a Linux mapping symbol,
# any binding and type, STT_FILE included: Linux's loop returns it):
# sysv.s, helper, alpha, beta, gamma -> nhashed 5 -> nbucket 3 (largest
# of elf_buckets {1, 3, 17, ...} <= 5); nchain 7 (symtab entries).
# SysV ELF hash (h = (h << 4) + c; g = h & 0xf0000000; h ^= g >> 24;
# h &= ~g), e.g. "beta": 0x62 -> 0x685 -> 0x68c4 -> 0x68ca1:
#   sysv.s 0x07b0a953 % 3 = 0 (129018195 = 3 * 43006065)
#   helper 0x06ec36c2 % 3 = 1    alpha 0x006836e1 % 3 = 2
#   beta   0x00068ca1 % 3 = 1    gamma 0x006d8431 % 3 = 2
# Chains ascend by index: bucket[0] = 1 (sysv.s); bucket[1] = 2 (helper)
# -> chain[2] = 5 (beta); bucket[2] = 3 (alpha) -> chain[3] = 6 (gamma).
#   bucket = {1, 2, 3}   chain = {0, 0, 5, 6, 0, 0, 0}
# 4-byte little-endian words: 2 + 3 + 7 = 12 words, 0x30 bytes.
# (hashcalc.py --style sysv computes the same words.)

Hex dump of section '\.hash':
  0x00000000 03000000 07000000 01000000 02000000 .*
  0x00000010 03000000 00000000 00000000 05000000 .*
  0x00000020 06000000 00000000 00000000 00000000 .*
