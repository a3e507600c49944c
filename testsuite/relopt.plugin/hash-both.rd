# readelf -S -W of an output rewritten with hash-style=both.  Each line is
# a regexp that some line of the dump must match; a line starting with `!'
# is one that no line may match.  Both tables are present, not allocated
# (empty flags: ES, then Lk Inf Al), .hash entries are 4 bytes.  That
# sh_link is the .symtab index is checked by plugin.exp.
^ *\[ *[0-9]+\] \.symtab +SYMTAB +
^ *\[ *[0-9]+\] \.hash +HASH +0+ [0-9a-f]+ [0-9a-f]+ 04 +[0-9]+ +0 +[0-9]+$
^ *\[ *[0-9]+\] \.gnu\.hash +GNU_HASH +0+ [0-9a-f]+ [0-9a-f]+ [0-9a-f]+ +[0-9]+ +0 +[0-9]+$
