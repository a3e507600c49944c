#name: refuses an ET_EXEC input
#target: x86_64
#relopt: --hash-style=gnu
#ld: -e _start
#error: ^relopt: [^\n]*: [^\n]+
# relopt rewrites ET_REL only (doc/design.md "Bad input": wrong type ET_EXEC /
# ET_DYN): one line "relopt: FILE: message", exit status 1, input
# unchanged, no output file.
