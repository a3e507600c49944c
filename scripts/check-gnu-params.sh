#!/bin/sh
# check-gnu-params.sh -- relopt's .gnu.hash sizing (nbuckets, bloom words,
# bloom shift) is that of binutils 2.40 (doc/design.md, output contract 3;
# bfdext/symhash.h relopt_gnu_params).  The second implementation is GNU
# ld 2.40 itself (Debian 12's binutils): for N exported symbols, `ld
# -shared --hash-style=gnu' writes a .gnu.hash over exactly those N
# symbols; relopt's table over the same N globals in an ET_REL must have
# the same three header words.  The N are chosen where the two readings
# of the rule (bfd_log2 rounding down, as elflink.c's loop does, or up,
# as bfd_log2 itself does) differ, at powers of two and around the
# bucket-list steps.  With no hashed symbol ld writes a special table (1
# bucket, shift 0); relopt deliberately keeps its rule there (2 buckets,
# 1 bloom word, shift 5 or 6), which is checked against the literal
# words.  Skipped (77) when ld is not 2.40.
set -u
. "${srcdir:-$(dirname "$0")/..}/scripts/common.sh"
relopt_messages check-gnu-params
relopt_test_start check-gnu-params

ldver=$(ld --version 2>/dev/null | sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p')
[ "$ldver" = 2.40 ] || skip "needs GNU ld 2.40 (Debian 12's binutils), found '${ldver:-none}'"

pass=0 nfail=0
# Header words 0, 2, 3 (nbuckets, maskwords, shift2) in readelf -x order.
words () { readelf -x .gnu.hash "$1" | sed -n 3p | awk '{print $2, $4, $5}'; }
check () {
  if [ "$2" = "$3" ]; then pass=$((pass + 1))
  else nfail=$((nfail + 1)); say "FAIL: $1: want '$2', relopt '$3'"; fi
}
for n in 0 1 2 3 4 5 6 7 8 9 12 16 17 24 100 255 256 257 1000 5000 40000 70000; do
  python3 - "$n" > "$tmp/s.s" <<'PY'
import sys
n = int(sys.argv[1])
print(".text\nlocal0: ret")
for i in range(n):
    print(".globl f%d\nf%d: ret" % (i, i))
PY
  for cls in 32 64; do
    as --$cls "$tmp/s.s" -o "$tmp/s.o" || exit 99
    "$relopt" --hash-style=gnu -o "$tmp/r.o" "$tmp/s.o" || exit 99
    got=$(words "$tmp/r.o")
    if [ "$n" = 0 ]; then
      # relopt's rule at 0: 2 buckets, 1 bloom word, shift 5 (32-bit) or
      # 6 (64-bit), in readelf's little-endian byte dump.
      want="02000000 01000000 0$((cls / 32 + 4))000000"
      check "n=0 ELFCLASS$cls (relopt's rule)" "$want" "$got"
      continue
    fi
    emul=$([ $cls = 32 ] && echo elf_i386 || echo elf_x86_64)
    ld -m $emul -shared --hash-style=gnu -o "$tmp/s.so" "$tmp/s.o" || exit 99
    check "n=$n ELFCLASS$cls" "$(words "$tmp/s.so")" "$got"
  done
done
say "$pass passed, $nfail failed"
[ $nfail = 0 ]
