#name: ld -r of a rewritten object keeps both tables (SHF_EXCLUDE)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=both
#post: ld -r -o %o %i
#objdump: -h
#nocheck: ld -r sets the tables' sh_link to 0 (stale by design: doc/design.md "Where relopt sits in a build"); x86_64-stale-objcopy.d tests that --check sees it
# doc/design.md 2, 3: sh_flags = SHF_EXCLUDE, which a final link drops but
# `ld -r' keeps.  ld -r (2.40) moves the two tables to the front;
# they keep their sizes (.hash 0x38, .gnu.hash 0x34, as in
# x86_64-idempotent.d) and BFD shows
# SHF_EXCLUDE as EXCLUDE.  A table ld -r dropped, or merged into the
# other, would be missing here.
#...
Idx Name +Size +VMA +LMA +File off +Algn
 +0 \.hash +00000038 +0+ +0+ +[0-9a-f]+ +2\*\*2
 +CONTENTS, READONLY, EXCLUDE
 +1 \.gnu\.hash +00000034 +0+ +0+ +[0-9a-f]+ +2\*\*3
 +CONTENTS, READONLY, EXCLUDE
#pass
