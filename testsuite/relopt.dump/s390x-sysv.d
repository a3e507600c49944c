#name: .hash with 8-byte big-endian entries (s390x)
#source: s390x.s
#target: s390x
#relopt: --hash-style=sysv
#readelf: -x .hash
# Input symtab (gas): 0 null, 1-3 section symbols, 4 s_local, 5 s_open,
# 6 s_undef (UND), 7 s_close, 8 s_data, 9 s_flags.  sysv only: no move.
# Hashed: s_local, s_open, s_close, s_data, s_flags -> nbucket 3, nchain
# 10.  SysV hashes:
#   s_local 0x0963590c % 3 = 2   s_open  0x079666be % 3 = 2
#   s_close 0x095a36e5 % 3 = 1   s_data  0x0795a8a1 % 3 = 2
#   s_flags 0x095d2793 % 3 = 0
# bucket = {9, 7, 4}; chains ascending: 4 -> 5 -> 8.
#   chain = {0, 0, 0, 0, 5, 8, 0, 0, 0, 0}
# 64-bit s390 ABI: every word 8 bytes, big-endian: 15 words = 0x78.

Hex dump of section '\.hash':
  0x00000000 00000000 00000003 00000000 0000000a .*
  0x00000010 00000000 00000009 00000000 00000007 .*
  0x00000020 00000000 00000004 00000000 00000000 .*
  0x00000030 00000000 00000000 00000000 00000000 .*
  0x00000040 00000000 00000000 00000000 00000005 .*
  0x00000050 00000000 00000008 00000000 00000000 .*
  0x00000060 00000000 00000000 00000000 00000000 .*
  0x00000070 00000000 00000000 .*
