# readelf -S -W of an output rewritten with hash-style=both.  Each line is
# a regexp that some line of the dump must match; a line starting with `!'
# is one that no line may match.  Both tables are present, not allocated
# (flags E only, SHF_EXCLUDE: ES, E, then Lk Inf Al).  @HASH_ES@ is the .hash entry size,
# which plugin.exp fills in: 08 on s390x, 04 elsewhere.  That sh_link is
# the .symtab index is checked by plugin.exp.
^ *\[ *[0-9]+\] \.symtab +SYMTAB +
^ *\[ *[0-9]+\] \.hash +HASH +0+ [0-9a-f]+ [0-9a-f]+ @HASH_ES@ +E +[0-9]+ +0 +[0-9]+$
^ *\[ *[0-9]+\] \.gnu\.hash +GNU_HASH +0+ [0-9a-f]+ [0-9a-f]+ [0-9a-f]+ +E +[0-9]+ +0 +[0-9]+$
