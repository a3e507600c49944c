#!/bin/sh
# check-gnu-params.sh -- relopt's .gnu.hash sizing (nbuckets, bloom words,
# bloom shift) must be binutils' rule.  The second implementation is GNU ld
# itself: for N exported symbols, `ld -shared --hash-style=gnu' writes a
# .gnu.hash over exactly those N symbols; relopt's table over the same N
# globals in an ET_REL must have the same three header words.
set -u
RELOPT=${RELOPT:-src/relopt}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# Header words 0, 2, 3 (nbuckets, maskwords, shift2) in readelf -x order.
words () { readelf -x .gnu.hash "$1" | sed -n 3p | awk '{print $2, $4, $5}'; }
for n in 1 2 3 4 5 7 8 9 16 17 100 255 256 1000 5000 40000 70000; do
  python3 - "$n" > "$tmp/s.s" <<'PY'
import sys
n = int(sys.argv[1])
print(".text")
for i in range(n):
    print(".globl f%d\nf%d: ret" % (i, i))
PY
  for cls in 32 64; do
    as --$cls "$tmp/s.s" -o "$tmp/s.o" || exit 99
    emul=$([ $cls = 32 ] && echo elf_i386 || echo elf_x86_64)
    ld -m $emul -shared --hash-style=gnu -o "$tmp/s.so" "$tmp/s.o" || exit 99
    "$RELOPT" -o "$tmp/r.o" "$tmp/s.o" || exit 99
    want=$(words "$tmp/s.so") got=$(words "$tmp/r.o")
    if [ "$want" = "$got" ]; then pass=$((pass+1));
    else fail=$((fail+1)); echo "FAIL: n=$n ELFCLASS$cls: ld '$want', relopt '$got'"; fi
  done
done
echo "check-gnu-params: $pass passed, $fail failed"
[ $fail = 0 ]
