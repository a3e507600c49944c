#name: --addr-order=no removes the .addrorder an earlier run appended (x86_64)
#source: addrorder-module.s
#target: x86_64
#pre: %R -o %o %i
#relopt: --addr-order=no
#readelf: -S -W
# The first run (defaults, a module: .hash and .addrorder) appended
# both tables last; --addr-order=no removes .addrorder and its name, as
# --hash-style=none removes the hash tables (doc/design.md 7, 9): the
# last section is .hash again.
#...
  \[[ 0-9]+\] \.hash +HASH .*
Key to Flags:
#pass
