#name: .hash is still added with an unknown section linked to .symtab
#source: x86_64-unknown-link.s
#target: x86_64
#pre: python3 %S/lib/set-shdr.py %i %o .foo type=0x6fff4c99 link=.symtab
#relopt: --hash-style=sysv
#readelf: -x .hash
# As x86_64-unknown-link.d, but --hash-style=sysv needs no reordering.
# Symtab: 0 null, 1 u_fn, 2 u_undef (UND), 3 u_other; hashed u_fn and
# u_other -> nbucket 1 (n <= 2), nchain 4; both in bucket 0:
#   bucket = {1}; chain = {0, 3, 0, 0} (u_fn -> u_other, ascending).

Hex dump of section '\.hash':
  0x00000000 01000000 04000000 01000000 00000000 .*
  0x00000010 03000000 00000000 00000000 .*
