#name: .hash chains every symbol of a name, no Linux mapping symbol (ARM)
#source: arm-sysv-dups.s
#target: arm
#pre: objcopy --redefine-sym name1=name0 %i %o
#relopt: --hash-style=sysv
#readelf: -x .hash
# Input symtab (gas, then objcopy renames name1 to name0): 0 null,
# 1-3 section symbols, 4 f_one, 5 $a, 6 $d, 7 f_two, 8 $a, 9 name0,
# 10 name0, 11 $dx, 12 thumb_fn, 13 $t, 14 .ARM.attributes section
# symbol, 15 drv_a, 16 drv_b; nchain 17.  sysv only: no symbol moves.
# Chained (doc/design.md 2): f_one, f_two, name0 (9) and name0 (10: Linux's
# loop returns 9 first, and a count or livepatch's sympos needs both),
# thumb_fn, drv_a, drv_b = 7 -> nbucket 3.
# Not chained: the unnamed section symbols, and $a, $d, $a, $dx, $t: Linux's
# is_mapping_symbol() takes every name starting with '$', so $dx too.
#   f_one 0x006c6645 % 3 = 0   f_two 0x006c6bdf % 3 = 0
#   name0 0x00748380 % 3 = 0   thumb_fn 0x0fc3826e % 3 = 0
#   drv_a 0x006b9c51 % 3 = 2   drv_b 0x006b9c52 % 3 = 0
# bucket = {4, 0, 15}; chains ascend: 4 -> 7 -> 9 -> 10 -> 12 -> 16.
# (hashcalc.py --style sysv computes the same words.)

Hex dump of section '\.hash':
  0x00000000 03000000 11000000 04000000 00000000 .*
  0x00000010 0f000000 00000000 00000000 00000000 .*
  0x00000020 00000000 07000000 00000000 00000000 .*
  0x00000030 09000000 00000000 0a000000 0c000000 .*
  0x00000040 00000000 10000000 00000000 00000000 .*
  0x00000050 00000000 00000000 .*
