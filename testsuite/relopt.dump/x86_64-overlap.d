#name: refuses sections whose contents overlap
#source: x86_64-gnu.s
#target: x86_64
#pre: python3 %S/lib/set-shdr.py %i %o .data offset=0x40
#error: ^relopt: [^\n]*section 1 '\.text' and section 3 '\.data': contents overlap
# .data (8 bytes) moved to 0x40, where .text (0x22 bytes, right after
# the 64-byte ELF header, as gas lays it out) starts.  The gABI forbids
# it; relopt 0.3 rewrote such files, and --check passed the result (the
# fresh user of 2026-12-05 put .text at .symtab's offset).  One line
# naming both sections, exit 1, input unchanged, no output.
