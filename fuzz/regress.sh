#!/bin/bash
# regress.sh -- replay every input in fuzz/regress/ (each one a crash or
# broken invariant the fuzzer found, since fixed):
#  1. in-process through fuzz/replay: the fuzz target's invariants, with
#     the options recorded in the input's e_ident[15] (see fuzz_relopt.c);
#  2. through the relopt command, for --hash-style=gnu, both and sysv,
#     to -o and in place: exit 0 with an output that passes
#     `relopt --check', or exit 1 with one line "relopt: FILE: ...";
#     never another status or a sanitizer report; the input unchanged on
#     failure (and always with -o); no temporary file left behind.
# Run by `make check' from the top build directory.
set -u
. "$(dirname "$0")/../scripts/common.sh"
relopt_test_start regress fuzz/replay
replay=$bld/fuzz/replay
fail=0 runs=0
bad () { echo "FAIL: $*"; fail=1; }

inputs=$(ls "$srcdir"/fuzz/regress/* 2>/dev/null)
[ -n "$inputs" ] || { echo "regress: no inputs in $srcdir/fuzz/regress"; exit 77; }
"$replay" $inputs || bad "fuzz/replay"

sanitizer () { grep -q -E 'Sanitizer|runtime error:|LeakSanitizer' "$1"; }

for f in $inputs; do
  name=$(basename "$f")
  for style in gnu both sysv; do
    rm -rf "$tmp"/*
    cp "$f" "$tmp/in.o"
    "$relopt" --hash-style=$style -o "$tmp/out.o" "$tmp/in.o" 2> "$tmp/err"
    st=$?
    runs=$((runs + 1))
    sanitizer "$tmp/err" && bad "$name ($style, -o): sanitizer report: $(head -3 "$tmp/err")"
    cmp -s "$f" "$tmp/in.o" || bad "$name ($style, -o): input modified"
    case $st in
      0) "$relopt" --hash-style=$style --check "$tmp/out.o" 2> "$tmp/cerr" \
           || bad "$name ($style): output fails --check: $(cat "$tmp/cerr")" ;;
      1) [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q "^relopt: $tmp/in.o: ." "$tmp/err" \
           || bad "$name ($style, -o): exit 1 without one 'relopt: FILE: ...' line: $(cat "$tmp/err")" ;;
      *) bad "$name ($style, -o): exit status $st: $(head -3 "$tmp/err")" ;;
    esac
    # In place.
    "$relopt" --hash-style=$style "$tmp/in.o" 2> "$tmp/err"
    st=$?
    runs=$((runs + 1))
    sanitizer "$tmp/err" && bad "$name ($style, in place): sanitizer report"
    case $st in
      0) "$relopt" --hash-style=$style --check "$tmp/in.o" 2> "$tmp/cerr" \
           || bad "$name ($style, in place): result fails --check: $(cat "$tmp/cerr")" ;;
      1) cmp -s "$f" "$tmp/in.o" || bad "$name ($style, in place): failed and modified the input" ;;
      *) bad "$name ($style, in place): exit status $st" ;;
    esac
    left=$(ls -A "$tmp" | grep reloptXXX; ls -A "$tmp" | grep '\.relopt')
    [ -z "$left" ] || bad "$name ($style): temporary file left: $left"
  done
done
echo "regress: $(echo $inputs | wc -w) inputs, $runs relopt runs"
exit $fail
