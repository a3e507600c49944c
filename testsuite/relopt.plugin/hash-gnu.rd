# readelf -S -W of an output rewritten with hash-style=gnu (the default):
# .gnu.hash only.  Format: see hash-both.rd.
^ *\[ *[0-9]+\] \.symtab +SYMTAB +
^ *\[ *[0-9]+\] \.gnu\.hash +GNU_HASH +0+ [0-9a-f]+ [0-9a-f]+ [0-9a-f]+ +E +[0-9]+ +0 +[0-9]+$
!\] \.hash +
