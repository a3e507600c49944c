# readelf -S -W of a static executable linked with the plugin, which must
# leave it alone: no hash table at all.  Format: see hash-both.rd.
!\] \.hash +
!\] \.gnu\.hash +
