#name: --check refuses a .addrorder with SHF_ALLOC in sh_flags (x86_64)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --addr-order=yes --hash-style=none
#post: python3 %S/lib/set-shdr.py %i %o .addrorder flags=0x2
#check-error: ^relopt: [^\n]*'\.addrorder'[^\n]*sh_flags is 0x2, not 0x80000000 \(doc/design\.md 9\)
# A fresh user's finding: --check passed a table whose section header
# breaks rule 9 (SHF_ALLOC instead of SHF_EXCLUDE), which a rewrite then
# changed; a loader honouring SHF_ALLOC would copy it into memory.
# sh_addr, sh_info and sh_addralign are checked the same way
# (testsuite/relopt.check/hashdefect.py covers them for the hash tables).
