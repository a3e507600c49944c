#name: which globals are hashed: weak, common, absolute, hidden (x86_64)
#target: x86_64
#relopt: --hash-style=gnu
#readelf: -s -W
# Input symtab (gas; no locals, sh_info 1): 1 wdef (WEAK, defined),
# 2 wundef (WEAK UND), 3 sundef (UND), 4 strong, 5 hidden_fn (HIDDEN),
# 6 later_undef (UND), 7 common_buf (COM), 8 abs_val (ABS).
# .gnu.hash hashes defined globals and weak symbols with names (doc/design.md
# 3); defined means st_shndx != SHN_UNDEF (doc/design.md 2), so COMMON and ABS
# are hashed, weak undefined is not.  Unhashed first in original order:
# wundef, sundef, later_undef; then 5 hashed, nbuckets 3:
#   hidden_fn 0x2e0ffbe4 % 3 = 0   wdef   0x7ca0076b % 3 = 2
#   strong    0x1c93c982 % 3 = 2   common_buf 0xb1356e0a % 3 = 2
#   abs_val   0x1b814cfd % 3 = 2
# -> hidden_fn, then wdef (1), strong (4), common_buf (7), abs_val (8).

Symbol table '\.symtab' contains 9 entries:
 +Num: +Value +Size Type +Bind +Vis +Ndx Name
 +0: 0000000000000000 +0 NOTYPE +LOCAL +DEFAULT +UND ?
 +1: 0000000000000000 +0 NOTYPE +WEAK +DEFAULT +UND wundef
 +2: 0000000000000000 +0 NOTYPE +GLOBAL +DEFAULT +UND sundef
 +3: 0000000000000000 +0 NOTYPE +GLOBAL +DEFAULT +UND later_undef
 +4: 0000000000000010 +0 FUNC +GLOBAL +HIDDEN +1 hidden_fn
 +5: 0000000000000000 +0 FUNC +WEAK +DEFAULT +1 wdef
 +6: 000000000000000b +0 FUNC +GLOBAL +DEFAULT +1 strong
 +7: 0000000000000020 +64 OBJECT +GLOBAL +DEFAULT +COM common_buf
 +8: 0000000000001234 +0 NOTYPE +GLOBAL +DEFAULT +ABS abs_val
