#name: refuses a file with a module signature appended
#source: x86_64-gnu.s
#target: x86_64
#trailer: \x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x10SIGNATUREBYTES~Module signature appended~\n
#error: ^relopt: [^\n]*: [^\n]+
# DESIGN "Bad input": bytes after the ELF data are never silently
# dropped; without --drop-signature relopt fails with one line
# "relopt: FILE: message", exit status 1, and the input is unchanged.
