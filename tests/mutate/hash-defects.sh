#!/bin/bash
# hash-defects.sh -- `relopt --check' must reject every structural defect
# of a .hash/.gnu.hash it finds (issue 5): nbucket 0, chain/bucket index
# out of range, chain cycles and merging chains, bloom size not a power of
# two, bloom shift too big, symoffset past the symtab, wrong chain words,
# end bits and bloom bits, sizes that do not match, sh_link reset to 0,
# and tables built for a different symtab (names swapped, a symbol fewer,
# `strip --strip-debug' and `objcopy' of the output).  Each defect is made
# by patching bytes of a relopt output (tests/mutate/hashdefect.py) for
# x86_64, 32-bit ARM and s390x (big-endian, 8-byte .hash words) objects;
# each must give exit 1 and a message naming the defect.  Run by `make
# check'.
set -u
srcdir=${srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
bld=${RELOPT_BUILDDIR:-$PWD}
relopt=$bld/src/relopt
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=99"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=98:print_stacktrace=1"
[ -x "$relopt" ] || { echo "hash-defects: $relopt not built"; exit 99; }
command -v python3 > /dev/null || { echo "hash-defects: SKIPPED: python3 not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash "$srcdir/fuzz/make-seeds.sh" "$tmp/seeds" > /dev/null 2> "$tmp/seeds.err"
[ -f "$tmp/seeds/x86_64.o" ] || { cat "$tmp/seeds.err"; echo "hash-defects: SKIPPED: cannot assemble"; exit 77; }

fail=0 n=0
bad () { echo "FAIL: $*"; fail=1; }
# expect FILE REGEX: relopt --check --hash-style=both FILE exits 1 naming it.
expect () {
  local f=$1 re=$2
  n=$((n + 1))
  "$relopt" --check --hash-style=both "$f" 2> "$tmp/err"
  local st=$?
  if grep -q -E 'Sanitizer|runtime error:' "$tmp/err"; then
    bad "$(basename "$f"): sanitizer report: $(head -3 "$tmp/err")"
  elif [ $st -ne 1 ]; then
    bad "$(basename "$f"): --check exit $st, expected 1: $(cat "$tmp/err")"
  elif ! grep -q -E "^relopt: $f: .*($re)" "$tmp/err"; then
    bad "$(basename "$f"): message does not name the defect /$re/: $(cat "$tmp/err")"
  else
    echo "ok: $(basename "$f"): $(sed "s|^relopt: $f: ||" "$tmp/err")"
  fi
}

for arch in x86_64 arm s390x; do
  obj=$tmp/seeds/$arch.o
  [ -f "$obj" ] || { echo "hash-defects: no $arch object (assembler missing), skipped"; continue; }
  d=$tmp/$arch; mkdir -p "$d"
  "$relopt" --hash-style=both -o "$d/good.o" "$obj" || { bad "$arch: rewrite failed"; continue; }
  "$relopt" --hash-style=both --check "$d/good.o" || { bad "$arch: good output fails --check"; continue; }
  python3 "$srcdir/tests/mutate/hashdefect.py" "$d/good.o" "$d" > "$d/list" \
    || { bad "$arch: hashdefect.py failed"; continue; }
  while IFS=$'\t' read -r f re; do
    expect "$f" "$re"
  done < "$d/list"
done

# Tools run after relopt: `strip --strip-debug' renumbers symbols (and
# sections) and, like objcopy, resets the tables' sh_link to 0.  Then the
# same with sh_link pointed back at .symtab (as a tool fixing links up
# would): the tables are for a different symtab and must still be caught.
d=$tmp/tools; mkdir -p "$d"
printf '\t.text\n\t.globl f\nf:\tcall g\n\tret\n\t.globl h\nh:\tret\nl1:\tret\n\t.data\n\t.globl v\nv:\t.quad h\n' > "$d/dbg.s"
if as --64 -g -o "$d/dbg.o" "$d/dbg.s" 2> /dev/null \
   && "$relopt" --hash-style=both -o "$d/out.o" "$d/dbg.o"; then
  if command -v objcopy > /dev/null; then
    cp "$d/out.o" "$d/objcopy.o"
    objcopy "$d/objcopy.o"
    expect "$d/objcopy.o" "sh_link is 0, not \.symtab"
  fi
  if command -v strip > /dev/null; then
    cp "$d/out.o" "$d/strip-debug.o"
    strip --strip-debug "$d/strip-debug.o"
    expect "$d/strip-debug.o" "sh_link is 0, not \.symtab"
    cp "$d/strip-debug.o" "$d/strip-debug-relinked.o"
    python3 "$srcdir/tests/mutate/hashdefect.py" --relink "$d/strip-debug-relinked.o"
    expect "$d/strip-debug-relinked.o" "nchain [0-9]+ differs from the \.symtab entry count"
  fi
else
  echo "hash-defects: as --64 -g unavailable: strip/objcopy cases skipped"
fi

echo "hash-defects: $n defects checked"
exit $fail
