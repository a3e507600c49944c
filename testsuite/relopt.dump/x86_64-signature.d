#name: refuses a file with a module signature appended
#source: x86_64-gnu.s
#target: x86_64
#relopt: --hash-style=gnu
#trailer: \x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x10SIGNATUREBYTES~Module signature appended~\n
#error: ^relopt: [^\n]*/x86_64-signature\.o: 54 bytes after the ELF data \(an appended module signature\) would be lost: use --drop-signature to drop them, and sign again afterwards\n?$
# doc/design.md "Bad input": bytes after the ELF data are never silently
# dropped; without --drop-signature relopt fails with one line
# "relopt: FILE: message", exit status 1, and the input is unchanged.
# The message, byte for byte: the trailer is 54 bytes (12 of struct
# module_signature with id_type 2, 14 of "SIGNATUREBYTES", the 28 of the
# magic "~Module signature appended~\n" of include/linux/
# module_signature.h), and the magic makes it "an appended module
# signature".
