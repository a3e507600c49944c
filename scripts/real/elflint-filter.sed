# elflint-filter.sed -- eu-elflint messages that DESIGN.md ("Checkers")
# documents as expected on relopt's output; everything else is a finding.
# elfutils' elflint applies dynamic-object rules to hash tables: it rejects
# them in ET_REL files, wants SHF_ALLOC on them, and, when both styles are
# present, reports each symbol that .hash covers and .gnu.hash does not
# (the local symbols, by design).
/: relocatable files cannot have hash tables$/d
/^section \[ *[0-9]+\] '\.(gnu\.)?hash' has wrong flags: expected ALLOC, is /d
/^symbol [0-9]+ referenced in old hash table in \[ *[0-9]+\] '\.hash' but not in new hash table in \[ *[0-9]+\] '\.gnu\.hash'$/d
