#name: --strip-debug refuses a kept SHF_LINK_ORDER section linked to a removed one, leaking nothing
#target: x86_64
#relopt: --strip-debug
#pre: python3 %S/lib/set-shdr.py %i %o .note.GNU-stack link=.debug_info flags=0x80
#error: ^relopt: [^\n]*'\.note\.GNU-stack' has sh_link [0-9]+, section [0-9]+ '\.debug_info', which the strip removes
# A section ordered by the one it links to (SHF_LINK_ORDER), whose
# target the strip removes: relopt's own strip refuses it rather than
# guess.  Without SHF_LINK_ORDER BFD writes sh_link 0 and so does relopt
# (x86_64-strip-link-zero.d).  relopt 0.3 refused only after it had
# moved the sections before this one into the new table, so the copy of
# .rela.text that the renumbering made was lost (LeakSanitizer: 72 bytes
# from relopt_image_own_data, found by the fresh user of 2026-12-05);
# the sanitizer build of this test fails on any leak report.
