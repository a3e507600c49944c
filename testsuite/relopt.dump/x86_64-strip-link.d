#name: --strip-debug refuses a kept section linked to a removed one, leaking nothing
#target: x86_64
#relopt: --strip-debug
#pre: python3 %S/lib/set-shdr.py %i %o .note.GNU-stack link=.debug_info
#error: ^relopt: [^\n]*'\.note\.GNU-stack' has sh_link [0-9]+, section [0-9]+ '\.debug_info', which the strip removes
# BFD's strip would write a dangling sh_link; relopt's own strip refuses.
# relopt 0.3 refused only after it had moved the sections before this
# one into the new table, so the copy of .rela.text that the renumbering
# made was lost (LeakSanitizer: 72 bytes from relopt_image_own_data,
# found by the fresh user of 2026-12-05); the sanitizer build of this
# test fails on any leak report.
