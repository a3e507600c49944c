#!/bin/bash
# reloc-order.sh -- `relopt --check --against' proves relocation order
# (DESIGN 6): non-branch relocations keep their relative order per
# section, branch relocations compare as a multiset.  Both views are
# tested: relopt's own (compare.c, through the command) and BFD's
# (src/bfdview.c, through tests/bfdview-compare).  Inputs are relopt
# outputs with relocation entries reordered (tests/mutate/relorder.py):
#   - a MIPS o32 .rel.text of HI16/LO16 pairs, reversed (a LO16 before
#     its HI16 links to a different value);
#   - two i386 .rel.data entries swapped;
#   each must fail in both views; the unmutated output must pass both;
#   - control: two ARM branch relocations swapped must pass both views
#     (their order is only checked by plain --check, here disabled with
#     --no-sort-branch-relocs).
# Run by `make check'.
set -u
srcdir=${srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
case $srcdir in /*) ;; *) srcdir=$(pwd)/$srcdir ;; esac
bld=${RELOPT_BUILDDIR:-$PWD}
relopt=$bld/src/relopt
view=$bld/tests/bfdview-compare
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=99"
[ -x "$relopt" ] || { echo "reloc-order: $relopt not built"; exit 99; }
[ -x "$view" ] || { echo "reloc-order: $view not built"; exit 99; }
command -v python3 > /dev/null || { echo "reloc-order: SKIPPED: python3 not installed"; exit 77; }
mut=$srcdir/tests/mutate/relorder.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99
fail=0 n=0
bad () { echo "FAIL: $*"; fail=1; }

# must ORIG FILE pass|fail [RELOPT-OPTIONS]: both views give that verdict.
must () {
  local orig=$1 f=$2 want=$3 opts=${4:-} st
  n=$((n + 1))
  # shellcheck disable=SC2086
  "$relopt" $opts --check --against "$orig" "$f" 2> err; st=$?
  if [ "$want" = pass ] && [ $st -ne 0 ]; then bad "$f: relopt --check --against: exit $st: $(cat err)"
  elif [ "$want" = fail ] && { [ $st -ne 1 ] || ! grep -q 'non-branch' err; }; then
    bad "$f: relopt --check --against: exit $st, want 1 naming a non-branch relocation: $(cat err)"
  else echo "ok: $f: relopt: $(cat err)"; fi
  "$view" "$orig" "$f" 2> err; st=$?
  if [ "$want" = pass ] && [ $st -ne 0 ]; then bad "$f: BFD view: exit $st: $(cat err)"
  elif [ "$want" = fail ] && [ $st -ne 1 ]; then bad "$f: BFD view: exit $st, want 1: $(cat err)"
  else echo "ok: $f: BFD: $(cat err)"; fi
}

ran=0
if command -v mips64el-linux-gnuabi64-as > /dev/null; then
  cat > hilo.s <<'EOF'
	.text
	.globl f
f:	lui	$2, %hi(var)
	lw	$2, %lo(var)($2)
	lui	$3, %hi(var2)
	addiu	$3, $3, %lo(var2)
	jr	$31
	.data
	.globl var
var:	.word 1
var2:	.word 2
	.word var, var2, f
EOF
  mips64el-linux-gnuabi64-as -32 -o hilo.o hilo.s || exit 99
  "$relopt" -o hilo.rw.o hilo.o || exit 99
  python3 "$mut" hilo.rw.o hilo.rev.o .rel.text reverse || exit 99
  must hilo.o hilo.rw.o pass
  must hilo.o hilo.rev.o fail
  ran=1
else
  echo "reloc-order: mips64el-linux-gnuabi64-as not installed, MIPS case skipped"
fi

cat > d.s <<'EOF'
	.text
	.globl f, g
f:	call g
g:	ret
	.data
	.globl d
d:	.long f
	.long g
	.long ext
EOF
as --32 -o d.o d.s || exit 99
"$relopt" -o d.rw.o d.o || exit 99
python3 "$mut" d.rw.o d.swap.o .rel.data swap 0 1 || exit 99
must d.o d.rw.o pass
must d.o d.swap.o fail
ran=1

if command -v arm-linux-gnueabi-as > /dev/null; then
  arm-linux-gnueabi-as -o arm.o "$srcdir/testsuite/relopt.dump/arm-branch.s" || exit 99
  "$relopt" -o arm.rw.o arm.o || exit 99
  # arm-branch.d: entries 0 and 1 are R_ARM_PC24 and R_ARM_CALL.
  readelf -rW arm.rw.o | grep -A3 "'.rel.text'" | sed -n 3,4p | grep -c -E 'R_ARM_(PC24|CALL) ' | grep -qx 2 \
    || bad "arm.rw.o: .rel.text does not start with two branch relocations"
  python3 "$mut" arm.rw.o arm.swap.o .rel.text swap 0 1 || exit 99
  must arm.o arm.swap.o pass --no-sort-branch-relocs
  "$relopt" --check arm.swap.o 2> /dev/null && bad "arm.swap.o: plain --check accepts unsorted branches"
fi

echo "reloc-order: $n cases, $([ $fail = 0 ] && echo 'all as expected' || echo failures)"
[ $ran = 1 ] || exit 77
exit $fail
