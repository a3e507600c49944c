#name: --strip-debug writes sh_link 0 where BFD keeps none, as strip does (x86_64)
#source: x86_64-strip-link.s
#target: x86_64
#relopt: --strip-debug
#pre: python3 %S/lib/set-shdr.py %i %o .note.GNU-stack link=.debug_info
#readelf: -S -W
# A section without SHF_LINK_ORDER whose sh_link names a section the
# strip removes: binutils strip writes 0 (BFD sets sh_link only for the
# types it knows and for SHF_LINK_ORDER), and so does relopt's own strip,
# which refused it until a fresh user compared the two (2026-12-05).

#...
  \[ ?[0-9]+\] \.note\.GNU-stack +PROGBITS +0+ [0-9a-f]+ 000000 00 +0 +0 +1
#pass
