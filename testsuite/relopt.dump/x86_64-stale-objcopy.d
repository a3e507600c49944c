#name: --check detects tables objcopy made stale
#source: x86_64-gnu.s
#as: -g
#target: x86_64
#relopt: --hash-style=both
#post: objcopy %i %o
#check-error: ^relopt: [^\n]*: [^\n]*\.(gnu\.)?hash
# objcopy rewrites the symbol table through BFD and sets the sh_link of
# .hash and .gnu.hash to 0 (doc/design.md "Where relopt sits in a build"): both
# tables are stale and `relopt --check' must fail (exit 1) with one line
# naming a hash section.  (No dump: readelf itself warns about the
# zeroed links.)
