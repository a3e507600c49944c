#name: refuses a loaded section of type SHT_HASH (a user's .hash data)
#source: x86_64-gnu.s
#target: x86_64
#pre: python3 %S/lib/set-shdr.py %i %o .data type=5
#error: ^relopt: [^\n]*'\.data': type 0x5 with flags 0x3 \(loaded\) is not a table relopt wrote
# .data (flags WA) typed SHT_HASH, as gas types a data section named
# .hash (`__attribute__((section(".hash")))').  relopt 0.3 replaced its
# contents with a hash table and --check --against passed (the fresh
# user of 2026-12-05: `myhash' was gone and the object no longer
# linked).  One line naming the section, exit 1, input unchanged, no
# output (doc/design.md 1).
