#name: .strtab suffix merging (x86_64)
#target: x86_64
#relopt: --hash-style=gnu
#readelf: -p .strtab
# Input symtab (gas): 0 null, 1 bar, 2 a_ (locals), 3 cba_, 4 obar (UND),
# 5 foobar, 6 module_init (UND), 7 fedcba_, 8 init.
# GNU order (nbuckets 3 for 4 hashed): undefined obar, module_init; then
#   fedcba_ 0xa2566379 % 3 = 0   cba_   0x7c9506ca % 3 = 1
#   init    0x7c988539 % 3 = 1   foobar 0xfde460be % 3 = 2
# Final names in order: "", bar, a_, obar, module_init, fedcba_, cba_,
# init, foobar.
# strtab.h: "\0", then the names that are no suffix of another name
# (the stored strings), in order of first use: a symbol whose name is a
# suffix uses the string that stores it.  bar (in foobar), a_ (in
# fedcba_), obar (in foobar), cba_ (in fedcba_), init (in module_init)
# are suffixes, so only foobar, fedcba_, module_init are stored, in the
# order of their first use: bar (symbol 1) -> foobar, a_ (2) -> fedcba_,
# module_init (4):
#   offset 1 foobar (7 bytes), 8 fedcba_ (8), 0x10 module_init (12);
#   size 0x1c.  readelf -p lists each stored string once: no "bar",
#   "init" or "cba_" line of their own.
# (Counting only a stored name's own first use would give module_init,
# fedcba_, foobar; the header's wording allows both readings, bfdext's
# strtab.c documents this one.)

String dump of section '\.strtab':
  \[ +1\]  foobar
  \[ +8\]  fedcba_
  \[ +10\]  module_init
