#name: extended section numbering, .symtab_shndx permuted with the symtab
#source: x86_64-many-sections.s
#target: x86_64
#relopt: --hash-style=gnu
#readelf: -s -W
# Input: 65298 sections; symtab 0 null, 1 i (local ABS), 2..65291 f0..
# f65289 in sections 4..65293 (fN in section N + 4).
# GNU order: 65290 hashed globals, nbuckets 32771 (largest elf_buckets
# entry <= 65290), sorted by (gnu_hash % 32771, original index); computed
# with hashcalc.py.  Listed: the first three, every symbol whose section
# index is >= 0xff00 (its index comes from .symtab_shndx, which must move
# with it) and the last two.  Columns after the index: the value, size,
# type, binding, visibility, section (fN in section N + 4) and name.
#   new  old  name    gnu_hash  bucket
#     2  700  f698    7c95eb72      0
#     3 9108  f9106   0f54dbfb      0
#     4 48847 f48845  f999d978      0
# 57894 65278 f65276  f9bc4c35  29169
# 57900 65279 f65277  f9bc4c36  29170
# 57906 65280 f65278  f9bc4c37  29171
# 57912 65281 f65279  f9bc4c38  29172
# 57929 65282 f65280  f9bc4c50  29196
# 57930 65283 f65281  f9bc4c51  29197
# 57933 65284 f65282  f9bc4c52  29198
# 57938 65285 f65283  f9bc4c53  29199
# 57945 65286 f65284  f9bc4c54  29200
# 57953 65287 f65285  f9bc4c55  29201
# 57961 65288 f65286  f9bc4c56  29202
# 57969 65289 f65287  f9bc4c57  29203
# 57977 65290 f65288  f9bc4c58  29204
# 57985 65291 f65289  f9bc4c59  29205
# 65290 49578 f49576  f99a597a  32770
# 65291 56898 f56896  f9aad9dd  32770

Symbol table '\.symtab' contains 65292 entries:
 +Num: +Value +Size Type +Bind +Vis +Ndx Name
 +0: 0+ +0 NOTYPE +LOCAL +DEFAULT +UND ?
 +1: 0+ff0a +0 NOTYPE +LOCAL +DEFAULT +ABS i
 +2: 0+ +0 NOTYPE +GLOBAL DEFAULT +702 f698
 +3: 0+ +0 NOTYPE +GLOBAL DEFAULT +9110 f9106
 +4: 0+ +0 NOTYPE +GLOBAL DEFAULT +48849 f48845
#...
 +57894: 0+ +0 NOTYPE +GLOBAL DEFAULT +65280 f65276
#...
 +57900: 0+ +0 NOTYPE +GLOBAL DEFAULT +65281 f65277
#...
 +57906: 0+ +0 NOTYPE +GLOBAL DEFAULT +65282 f65278
#...
 +57912: 0+ +0 NOTYPE +GLOBAL DEFAULT +65283 f65279
#...
 +57929: 0+ +0 NOTYPE +GLOBAL DEFAULT +65284 f65280
 +57930: 0+ +0 NOTYPE +GLOBAL DEFAULT +65285 f65281
#...
 +57933: 0+ +0 NOTYPE +GLOBAL DEFAULT +65286 f65282
#...
 +57938: 0+ +0 NOTYPE +GLOBAL DEFAULT +65287 f65283
#...
 +57945: 0+ +0 NOTYPE +GLOBAL DEFAULT +65288 f65284
#...
 +57953: 0+ +0 NOTYPE +GLOBAL DEFAULT +65289 f65285
#...
 +57961: 0+ +0 NOTYPE +GLOBAL DEFAULT +65290 f65286
#...
 +57969: 0+ +0 NOTYPE +GLOBAL DEFAULT +65291 f65287
#...
 +57977: 0+ +0 NOTYPE +GLOBAL DEFAULT +65292 f65288
#...
 +57985: 0+ +0 NOTYPE +GLOBAL DEFAULT +65293 f65289
#...
 +65290: 0+ +0 NOTYPE +GLOBAL DEFAULT +49580 f49576
 +65291: 0+ +0 NOTYPE +GLOBAL DEFAULT +56900 f56896
