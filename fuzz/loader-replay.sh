#!/bin/bash
# loader-replay.sh -- `make check': the loader library's fuzz target
# (fuzz/fuzz_loader.c, built without libFuzzer as fuzz/replay-loader) over
#  1. the objects fuzz/make-seeds.sh assembles (every class, byte order and
#     machine whose assembler is installed) and relopt's outputs of them
#     for --hash-style=both, sysv and gnu (with --addr-order=yes): every
#     table relopt wrote must validate, every lookup must equal the linear
#     scan (for .addrorder: Linux's find_kallsyms_symbol() loop, after a
#     merge for one placement of the sections), and every ARM/
#     AArch64 relocation section relopt wrote must be in order;
#  2. every hostile input in fuzz/regress/ (and fuzz/regress-loader/ when
#     it has files): no invariant broken, no sanitizer report.
# Exit 77 when no assembler at all is installed.
set -u
. "$(dirname "$0")/../scripts/common.sh"
relopt_test_start loader-replay fuzz/replay-loader
replay=$bld/fuzz/replay-loader
fail=0

bash "$srcdir/fuzz/make-seeds.sh" "$tmp/seeds" > "$tmp/list" 2> /dev/null
[ -s "$tmp/list" ] || { echo "SKIP: no assembler made a seed"; exit 77; }
n=0
while read -r o; do
  for st in both sysv gnu; do
    if "$relopt" --hash-style=$st --addr-order=yes --drop-signature -o "$o.$st" "$o" 2> "$tmp/err"; then
      n=$((n + 1))
    else
      echo "FAIL: relopt --hash-style=$st $o: $(cat "$tmp/err")"; fail=1
    fi
  done
done < "$tmp/list"
"$replay" -v $(cat "$tmp/list") "$tmp"/seeds/*.both "$tmp"/seeds/*.sysv \
  "$tmp"/seeds/*.gnu > "$tmp/out" 2>&1 || { cat "$tmp/out"; fail=1; }
# relopt's outputs: every table and relocation section accepted.
awk -v tmp="$tmp" '
  /^[^ ]/ { f = $0; out = f ~ /\.(both|sysv|gnu)$/; next }
  out && /section [0-9]+ (\.hash|\.gnu\.hash|\.addrorder|relocs):/ && !/: ok \(/ {
    print "FAIL: " f ": " $0; bad = 1 }
  out && /: ok \(/ { ok++ }
  END { print "loader-replay: " ok " tables/relocation sections of relopt output accepted"; exit bad }
' "$tmp/out" || fail=1
# The originals: every ARM/AArch64 one has an unsorted section (the seeds
# put branches out of order on purpose).
for o in $(cat "$tmp/list"); do
  case $(basename "$o") in
    arm*|aarch64*)
      grep -A200 "^$o\$" "$tmp/out" | sed -n '2,/^[^ ]/p' | grep -q "not in relopt's order" \
        || { echo "FAIL: $o: original not reported out of order"; fail=1; } ;;
  esac
done
inputs=$(ls "$srcdir"/fuzz/regress/* "$srcdir"/fuzz/regress-loader/* 2> /dev/null)
if [ -n "$inputs" ]; then
  "$replay" $inputs || { echo "FAIL: hostile inputs"; fail=1; }
fi
[ $fail -eq 0 ] && echo "PASS: loader-replay: $n relopt outputs and $(echo $inputs | wc -w) hostile inputs"
exit $fail
