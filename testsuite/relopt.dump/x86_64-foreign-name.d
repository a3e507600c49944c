#name: refuses an unloaded section of a table type under another name
#source: x86_64-gnu.s
#target: x86_64
#pre: python3 %S/lib/set-shdr.py %i %o .rela.data type=0x6ffffff6
#error: ^relopt: [^\n]*'\.rela\.data': type 0x6ffffff6 is a table type relopt rebuilds, named \.gnu\.hash
# .rela.data (flags I, not loaded) typed SHT_GNU_HASH: not a table relopt
# wrote (relopt names its tables .hash, .gnu.hash, .addrorder), so a
# rewrite would have replaced its bytes; relopt 0.3 did, and then
# refused its own output in --check (doc/design.md 1).
