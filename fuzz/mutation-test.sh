#!/bin/bash
# mutation-test.sh -- truncations and header-field boundary values of small
# valid objects must never crash relopt (issue 5).  Run by `make check'.
#
# 1. Builds small ET_REL objects with the installed assemblers
#    (fuzz/make-seeds.sh: x86_64, i386, ARM, Thumb, big-endian ARM,
#    AArch64, s390x, MIPS...; a missing cross assembler is skipped).
# 2. In-process (fuzz/mutate, the fuzz target's invariants): for each
#    object every truncation 0..size-1 and every boundary value (0, 1, max,
#    max-1, just past the end) of e_shoff, e_shnum, e_shstrndx, sh_offset,
#    sh_size, sh_link, sh_info, sh_entsize, st_name, st_shndx and each
#    relocation's symbol index, with --hash-style=gnu and both.
# 3. Through the real binary, a deterministic sample of those mutants
#    (every MUTATE_EVERY-th, default 32, of MUTATE_BINARY_SEEDS, default
#    x86_64 arm s390x): `relopt -o OUT MUTANT' must exit 0 with an OUT that
#    passes `relopt --check' (and `--check --against MUTANT' exits 0 or 1
#    without crashing), or exit 1 with one line "relopt: MUTANT: ...";
#    any other status or a sanitizer report fails; the mutant's bytes must
#    be unchanged; in place, a failing run leaves the file byte-identical
#    and no temporary file.
set -u
. "$(dirname "$0")/../scripts/common.sh"
relopt_test_start mutation-test fuzz/mutate
mutate=$bld/fuzz/mutate
every=${MUTATE_EVERY:-32}
binseeds=${MUTATE_BINARY_SEEDS:-x86_64 arm s390x}

if ! bash "$srcdir/fuzz/make-seeds.sh" "$tmp/seeds" > "$tmp/seeds.list" 2> "$tmp/seeds.err"; then
  cat "$tmp/seeds.err"
  echo "mutation-test: SKIPPED: no assembler could build a test object (install binutils)"
  exit 77
fi
grep -v 'not installed' "$tmp/seeds.err"
grep 'not installed' "$tmp/seeds.err" | sed 's/^/mutation-test: skipped: /'
# The signed and many-section variants add nothing per byte; keep the
# plain objects.
objs=$(grep -v -e '-signed' -e '-many' "$tmp/seeds.list")
fail=0

# 2. In-process, every mutant.
start=$(date +%s)
if ! "$mutate" $objs > "$tmp/mutate.out" 2> "$tmp/mutate.err"; then
  cat "$tmp/mutate.out"; tail -40 "$tmp/mutate.err"
  echo "FAIL: in-process mutation run"
  exit 1
fi
cat "$tmp/mutate.out"
awk '{ t += $3; f += $5; ok += $8; r += $11 } END {
  printf "mutation-test: in-process: %d objects, %d truncations, %d field mutants, %d runs rewrote, %d refused\n", NR, t, f, ok, r }' "$tmp/mutate.out"
echo "mutation-test: in-process pass took $(( $(date +%s) - start )) s"

# 3. Through the binary, a sample.
mkdir -p "$tmp/m" "$tmp/w"
for s in $binseeds; do
  [ -f "$tmp/seeds/$s.o" ] || { echo "mutation-test: no $s object, not sampled"; continue; }
  "$mutate" -w "$tmp/m" -n "$every" "$tmp/seeds/$s.o" > /dev/null 2>&1 || {
    echo "FAIL: writing mutants of $s"; fail=1; }
done
n=0 n0=0 n1=0
start=$(date +%s)
for m in "$tmp"/m/*; do
  [ -f "$m" ] || continue
  n=$((n + 1))
  b=$(basename "$m")
  w=$tmp/w/$b
  cp "$m" "$w"
  "$relopt" -o "$tmp/out.o" "$w" 2> "$tmp/err"
  st=$?
  if grep -q -E 'Sanitizer|runtime error:' "$tmp/err"; then
    echo "FAIL: $b: sanitizer report:"; head -20 "$tmp/err"; fail=1
  fi
  cmp -s "$m" "$w" || { echo "FAIL: $b: -o run modified its input"; fail=1; }
  case $st in
    0) n0=$((n0 + 1))
       if ! "$relopt" --check "$tmp/out.o" 2> "$tmp/cerr"; then
         echo "FAIL: $b: exit 0 but the output fails --check: $(cat "$tmp/cerr")"; fail=1
       fi
       # --against reads the (hostile) original with BFD too: exit 0 or 1
       # (BFD may reject what relopt accepts), never a crash.
       "$relopt" --check --against "$w" "$tmp/out.o" > /dev/null 2> "$tmp/aerr"
       st2=$?
       if [ $st2 -gt 1 ] || grep -q -E 'Sanitizer|runtime error:' "$tmp/aerr"; then
         echo "FAIL: $b: --check --against: exit $st2:"; head -20 "$tmp/aerr"; fail=1
       fi ;;
    1) n1=$((n1 + 1))
       if [ "$(wc -l < "$tmp/err")" -ne 1 ] || ! grep -q "^relopt: $w: ." "$tmp/err"; then
         echo "FAIL: $b: exit 1 without one 'relopt: FILE: ...' line:"; cat "$tmp/err"; fail=1
       fi
       # In place: the file must stay byte-identical, no temporary left.
       "$relopt" "$w" 2> /dev/null
       st2=$?
       if [ $st2 -ne 1 ] || ! cmp -s "$m" "$w"; then
         echo "FAIL: $b: in place: exit $st2, file $(cmp -s "$m" "$w" && echo intact || echo MODIFIED)"; fail=1
       fi ;;
    *) echo "FAIL: $b: exit status $st:"; head -20 "$tmp/err"; fail=1 ;;
  esac
  rm -f "$tmp/out.o" "$w"
done
left=$(ls -A "$tmp/w")
[ -z "$left" ] || { echo "FAIL: temporary files left: $left"; fail=1; }
echo "mutation-test: binary: $n mutants (every ${every}th of $binseeds): $n0 rewrote and passed --check, $n1 refused cleanly ($(( $(date +%s) - start )) s)"
[ $fail -eq 0 ] && echo "mutation-test: PASS" || echo "mutation-test: FAIL"
exit $fail
