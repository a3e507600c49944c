#!/bin/bash
# model-real.sh [--plain-only] [ARCH]... -- run plt-model (the host model of the 6.1 PLT
# counting, unpatched vs patched) over every module of the unpacked Debian
# kernel packages that `make check-real' fetches (arm64, armhf), plain and
# relopt'd (--hash-style=both), and print per arch: modules, relocation
# sections, sections whose sort the patched kernel skips, PLTs reserved
# unpatched vs patched, and for the sections whose order check fails (the
# patched kernel then sorts as before) how many relocations the failing
# check examined out of how many, and on arm64 the cmp_rela() calls of
# count_plts() (plt-model.c).  --plain-only: the modules as built only
# (no relopt run).  Exits 1 on a mismatch, 77 if the modules are absent.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
relopt=${RELOPT:-$top/build/src/relopt}
data=${RELOPT_CACHE:-/var/cache/relopt-real}/unpacked
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
variants="plain relopt"
if [ "${1:-}" = --plain-only ]; then
	variants=plain
	shift
fi
archs=("$@")
[ ${#archs[@]} -gt 0 ] || archs=(arm64 armhf)
gcc -O2 -Wall -o "$tmp/plt-model" "$here/plt-model.c"
rc=0
for a in "${archs[@]}"; do
	[ -d "$data/$a" ] || { echo "SKIP: $data/$a absent (make check-real fetches it)"; exit 77; }
	find "$data/$a" -name '*.ko' | sort > "$tmp/list"
	n=0
	while read -r m; do
		n=$((n + 1))
		"$tmp/plt-model" "$m" >> "$tmp/$a.plain" || rc=1
		[ "$variants" = plain ] && continue
		"$relopt" --hash-style=both --drop-signature -o "$tmp/r.ko" "$m"
		"$tmp/plt-model" "$tmp/r.ko" >> "$tmp/$a.relopt" || rc=1
	done < "$tmp/list"
	for v in $variants; do
		awk -v a="$a" -v v="$v" '{ s += $4; k += $6; u += $8; p += $10; fr += $12; fe += $14; cu += $16; cc += $18; cf += $20; cp += $22; if ($NF == "MISMATCH") bad++ }
			END { printf "%s %s: %d modules, %d exec reloc sections, %d skipped by the patched kernel, PLTs unpatched %d patched %d, mismatches %d; failed order checks examined %d of the %d relocations of their sections (%.2f%%)", a, v, NR, s, k, u, p, bad, fe, fr, fr ? 100 * fe / fr : 0
			      if (a == "arm64") printf "; count_plts cmp_rela calls: unpatched %d, patched checks %d, patched after a sort %d (previous revision %d)", cu, cc, cf, cp
			      printf "\n" }' "$tmp/$a.$v"
	done
done
exit $rc
