#name: a bad option value is a usage error (exit 2)
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=bogus
#status: 2
#error: ^relopt: [^\n]*bogus
# doc/design.md "Interfaces": exit status 2 for a usage error; the message names
# the bad value.  Nothing is written and the input is unchanged.
