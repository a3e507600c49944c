#!/bin/bash
# corpus-sums.sh -- checksums of relopt's output over the real-module
# corpus, for proving that a change (a performance change) alters no
# output byte: run it with the relopt before and after, and diff.
#
# Usage: corpus-sums.sh --relopt PATH [--data DIR] [--jobs N] [--limit N]
#                       [--flags "OPTS"]... > SUMS
#
#   --flags "OPTS"  one option set (repeatable; default: the sets the
#                   tests use: "--hash-style=gnu", "--hash-style=both",
#                   "--hash-style=sysv", "--hash-style=none",
#                   "--hash-style=both --no-merge-strtab
#                   --no-sort-branch-relocs")
#   --limit N       N modules per architecture, spread evenly (0 = all)
#
# Every run adds --drop-signature (Debian's modules are signed).  Output:
# one line per (option set, module): sha256 of the output, or FAIL and
# the exit status, then the set and the module path relative to DATA.
set -u
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
relopt=
data=$(relopt_cache)/unpacked
jobs=$(nproc 2>/dev/null || echo 2)
limit=0
sets=()
while [ $# -gt 0 ]; do
  case $1 in
    --relopt) relopt=$(realpath "${2:?}"); shift 2 ;;
    --data) data=${2:?}; shift 2 ;;
    --jobs) jobs=${2:?}; shift 2 ;;
    --limit) limit=${2:?}; shift 2 ;;
    --flags) sets+=("${2:?}"); shift 2 ;;
    *) sed -n '2,19p' "$0" >&2; exit 2 ;;
  esac
done
[ -x "$relopt" ] || { echo "corpus-sums: --relopt PATH is required" >&2; exit 2; }
[ -d "$data" ] || { echo "corpus-sums: SKIP: no unpacked modules in $data (scripts/fetch-kernel-debs.sh)" >&2; exit 77; }
[ ${#sets[@]} -gt 0 ] || sets=("--hash-style=gnu" "--hash-style=both" \
  "--hash-style=sysv" "--hash-style=none" \
  "--hash-style=both --no-merge-strtab --no-sort-branch-relocs")
list=$(mktemp)
trap 'rm -f "$list"' EXIT
(cd "$data" && find . -name '*.ko' | sort) > "$list.all"
if [ "$limit" -gt 0 ]; then
  for a in $(cut -d/ -f2 "$list.all" | sort -u); do
    grep "^\./$a/" "$list.all" > "$list.a"
    n=$(wc -l < "$list.a")
    awk -v n="$n" -v l="$limit" 'n <= l || int((NR - 1) * l / n) != int(NR * l / n)' "$list.a"
  done > "$list"
else
  cp "$list.all" "$list"
fi
rm -f "$list.all" "$list.a"
export relopt data
for s in "${sets[@]}"; do
  export set="$s"
  xargs -P "$jobs" -n 32 bash -c '
    t=$(mktemp -d)
    for m; do
      if $relopt $set --drop-signature -o "$t/o" "$data/$m" 2>/dev/null; then
        echo "$(sha256sum < "$t/o" | cut -c1-64) $set $m"
      else
        echo "FAIL:$? $set $m"
      fi
      rm -f "$t/o"
    done
    rmdir "$t"' _ < "$list"
done | sort -k2
