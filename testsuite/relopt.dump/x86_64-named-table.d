#name: refuses a section of another type under the name of relopt's table
#target: x86_64
#error: ^relopt: [^\n]*'\.addrorder': type 0x1 under the name of relopt's table of type 0x80524f41, a name relopt keeps for that table whatever the options
# relopt appends its tables under these names and trims those names
# from .shstrtab when it rebuilds them; a section of another type that
# bears one was either joined by a second section of its name or lost
# its name on the next run (fuzz_relopt, 2026-12-05: a .strtab named
# .hash, and the second rewrite was not byte-identical, against doc/
# design.md 7).  One line naming the section, exit 1, input unchanged.
