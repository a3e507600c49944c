#!/bin/bash
# real-modules.sh -- end-to-end test of relopt over every module of Debian
# kernel image packages.
#
# Usage: real-modules.sh [--relopt PATH] [--arch ARCH]... [--jobs N]
#                        [--limit N] [--data DIR] [--out DIR] [--no-fetch]
#                        [--no-elflint] [--timeout SECONDS]
#
#   --relopt PATH   relopt command to test (default: $RELOPT, else
#                   ./src/relopt, else relopt from PATH)
#   --arch ARCH     Debian architecture, repeatable (default: armhf amd64
#                   s390x)
#   --jobs N        modules checked in parallel (default: number of CPUs)
#   --limit N       check only N modules per architecture, spread evenly
#                   over the sorted module list (quick runs)
#   --data DIR      unpacked packages, DIR/ARCH/lib/modules/...  (default
#                   $RELOPT_CACHE/unpacked; RELOPT_CACHE defaults to
#                   /var/cache/relopt-real when writable, else
#                   ~/.cache/relopt-real)
#   --out DIR       results and the files of failing modules (default
#                   /tmp/relopt-real); emptied at start
#   --no-fetch      do not download missing packages (skip instead)
#   --no-elflint    do not run eu-elflint
#   --timeout S     seconds allowed per relopt run (default 300)
#
# Missing packages are fetched with fetch-kernel-debs.sh (beside this
# script).  Each module goes through scripts/real/check-module.sh, whose
# header lists the checks.  The summary gives per architecture the module
# count, the failures (module, check, message), .strtab and file size totals
# before and after, and ends with the line
#   real-modules: N passed, M failed
#
# Exit status: 0 all passed; 1 some module failed (or a tool is missing);
# 2 usage; 77 skipped (no package could be fetched), also when some
# architectures were skipped and the others passed: never a silent pass.

set -u
export LC_ALL=C

prog=real-modules
here=$(cd "$(dirname "$0")" && pwd)

usage () {
  sed -n '5,11p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

relopt=${RELOPT:-}
archs=()
jobs=$(nproc 2>/dev/null || echo 2)
limit=0
. "$here/common.sh"
cache=$(relopt_cache)
data=$cache/unpacked
out=/tmp/relopt-real
fetch=yes
elflint=1
tmo=300

while [ $# -gt 0 ]; do
  # --OPTION=VALUE is --OPTION VALUE.
  case $1 in --*=*) set -- "${1%%=*}" "${1#*=}" "${@:2}" ;; esac
  case $1 in
    --relopt) relopt=${2:?}; shift 2 ;;
    --arch) archs+=("${2:?}"); shift 2 ;;
    --jobs|-j) jobs=${2:?}; shift 2 ;;
    --limit) limit=${2:?}; shift 2 ;;
    --data) data=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --timeout) tmo=${2:?}; shift 2 ;;
    --no-fetch) fetch=no; shift ;;
    --no-elflint) elflint=0; shift ;;
    -h|--help) relopt_help; exit 0 ;;
    *) echo "$prog: unknown argument '$1'" >&2; usage ;;
  esac
done
[ ${#archs[@]} -gt 0 ] || archs=(armhf amd64 s390x)
case $jobs$limit$tmo in *[!0-9]*) echo "$prog: --jobs, --limit and --timeout take numbers" >&2; usage ;; esac
[ "$jobs" -ge 1 ] || jobs=1

# The command under test: a missing relopt is a failure, not a skip.
if [ -z "$relopt" ]; then
  if [ -x ./src/relopt ]; then relopt=./src/relopt
  else relopt=$(command -v relopt || true)
  fi
fi
if [ -z "$relopt" ] || [ ! -x "$relopt" ]; then
  echo "$prog: relopt not found (give --relopt PATH)" >&2
  echo "$prog: 0 passed, 1 failed"
  exit 1
fi
case $relopt in /*) ;; *) relopt=$(cd "$(dirname "$relopt")" && pwd)/${relopt##*/} ;; esac

# The .addrorder host check, built beside relopt (build/src/relopt ->
# build/scripts/real/addrorder-check); missing is a failure.
addrcheck=${REAL_ADDRCHECK:-$(dirname "$relopt")/../scripts/real/addrorder-check}
if [ ! -x "$addrcheck" ]; then
  echo "$prog: $addrcheck not found (make builds it; or set REAL_ADDRCHECK)" >&2
  echo "$prog: 0 passed, 1 failed"
  exit 1
fi
addrcheck=$(cd "$(dirname "$addrcheck")" && pwd)/${addrcheck##*/}

readelf=${READELF:-readelf}
for t in "$readelf" eu-readelf cmp diff timeout xargs awk od; do
  if ! command -v "$t" >/dev/null 2>&1; then
    echo "$prog: required tool $t not found" >&2
    echo "$prog: 0 passed, 1 failed"
    exit 1
  fi
done
if [ $elflint = 1 ] && ! command -v eu-elflint >/dev/null 2>&1; then
  echo "$prog: eu-elflint not found: elflint check disabled" >&2
  elflint=0
fi

start=$(date +%s)

# Packages: fetch what is missing, remember what had to be skipped.
mkdir -p "$data" || { echo "$prog: cannot create $data" >&2; exit 1; }
data=$(cd "$data" && pwd)
ready=()
skipped=()
for a in "${archs[@]}"; do
  if [ -f "$data/$a/.relopt-unpacked" ]; then
    ready+=("$a")
    continue
  fi
  if [ $fetch = no ]; then
    echo "SKIP: $prog: $a: no unpacked package in $data/$a and --no-fetch given"
    skipped+=("$a")
    continue
  fi
  RELOPT_CACHE=$cache "$here/fetch-kernel-debs.sh" "$a" "$data"
  case $? in
    0) ready+=("$a") ;;
    77) echo "SKIP: $prog: $a: package not available (see the SKIP line above)"
        skipped+=("$a") ;;
    2) exit 2 ;;
    *) echo "$prog: $a: fetching failed" >&2
       echo "$prog: 0 passed, 1 failed"
       exit 1 ;;
  esac
done
if [ ${#ready[@]} -eq 0 ]; then
  echo "SKIP: $prog: no kernel package available for ${archs[*]}"
  exit 77
fi

# Output directory: results.tsv plus failures/ARCH/MODULE/ for inspection.
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
rm -rf "$out/failures" "$out/work" "$out/results.tsv" "$out/modules.list"
mkdir -p "$out/failures" "$out/work"

# Module list: every .ko (possibly compressed), optionally thinned out
# evenly, then largest first so that the big ones do not finish last.
: >"$out/modules.list"
for a in "${ready[@]}"; do
  find "$data/$a" -type f \( -name '*.ko' -o -name '*.ko.xz' -o -name '*.ko.zst' -o -name '*.ko.gz' \) \
    | sort >"$out/modules.$a"
  n=$(wc -l <"$out/modules.$a")
  if [ "$n" -eq 0 ]; then
    echo "$prog: $a: no modules found under $data/$a" >&2
    printf 'FAIL\t%s\t-\tfind\tno modules found under %s\n' "$a" "$data/$a" >>"$out/results.tsv"
    continue
  fi
  if [ "$limit" -gt 0 ] && [ "$n" -gt "$limit" ]; then
    awk -v n="$n" -v l="$limit" 'int((NR - 1) * l / n) != int(NR * l / n)' \
      "$out/modules.$a" >"$out/modules.$a.tmp"
    mv "$out/modules.$a.tmp" "$out/modules.$a"
  fi
  echo "$prog: $a: $(wc -l <"$out/modules.$a") modules ($(cat "$data/$a/.relopt-unpacked"))"
  cat "$out/modules.$a" >>"$out/modules.list"
done
total=$(wc -l <"$out/modules.list")
echo "$prog: checking $total modules with $relopt, $jobs jobs"

# Progress report every minute while the workers run.
(
  trap 'kill $sp 2>/dev/null; exit 0' TERM
  while :; do
    sleep 60 &
    sp=$!
    wait $sp
    echo "$prog: progress: $(grep -c '^RESULT' "$out/results.tsv" 2>/dev/null) of $total modules, $(($(date +%s) - start)) s"
  done
) &
progress=$!

tr '\n' '\0' <"$out/modules.list" \
  | xargs -0 stat -c '%s %n' | sort -rn | cut -d' ' -f2- | tr '\n' '\0' \
  | RELOPT=$relopt REAL_DATA=$data REAL_WORK=$out/work REAL_KEEP=$out/failures \
    REAL_READELF=$readelf REAL_ELFLINT=$elflint REAL_TIMEOUT=$tmo \
    REAL_ADDRCHECK=$addrcheck REAL_SRCDIR=$(cd "$here/.." && pwd) \
    xargs -0 -P "$jobs" -n 4 bash "$here/real/check-module.sh" >>"$out/results.tsv"
xst=$?
kill "$progress" 2>/dev/null
wait "$progress" 2>/dev/null
rmdir "$out/work" 2>/dev/null
elapsed=$(($(date +%s) - start))
times >"$out/times"   # not in $(...): a subshell's times start at zero
cpu=$(tail -n 1 "$out/times")   # user and system time of the workers

# Summary; its last line is the verdict.
echo
echo "== $prog summary ($relopt, ${elapsed} s, $jobs jobs; CPU user+sys ${cpu/ /+})"
echo "results: $out/results.tsv; files of failing modules in $out/failures/"
nfail=$(grep -c '^FAIL' "$out/results.tsv")
if [ "$nfail" -gt 0 ]; then
  echo "failures (arch: module: check: message), by module:"
  grep '^FAIL' "$out/results.tsv" | sort -t '	' -k2,2 -k3,3 -s | head -n 300 \
    | awk -F'\t' '{ print "  " $2 ": " $3 ": " $4 ": " $5 }'
  [ "$nfail" -le 300 ] || echo "  ... $((nfail - 300)) more in results.tsv"
fi
awk -F'\t' -v order="${ready[*]}" -v skipped="${skipped[*]:-}" -v total="$total" -v xst="$xst" '
  function pct(a, b) { return a ? sprintf("%+.2f%%", (b - a) * 100.0 / a) : "n/a" }
  $1 == "RESULT" {
    a = $2; n[a]++; N++
    if ($4 == "pass") { pass[a]++; P++ } else { fail[a]++; F++ }
    if ($6 > 0) { rw[a]++; stin[a] += $5; stout[a] += $6; fin[a] += $7; fnosig[a] += $8; fout[a] += $9 }
    if ($10 ~ /against-nosig/) nosig[a]++
    next
  }
  $1 == "ADDR" {
    a = $2; an[a]++; ae[a] += $4; aa[a] += $5; ad[a] += $6; ar[a] += $7; ab[a] += $8
    next
  }
  $1 == "FAIL" {
    nf++
    bycheck[$2 " " $4]++
    if ($3 == "-") { fail[$2]++; F++ }
  }
  END {
    na = split(order, archs, " ")
    for (i = 1; i <= na; i++) {
      a = archs[i]
      printf "%s: %d modules, %d passed, %d failed\n", a, n[a], pass[a], fail[a]
      if (rw[a]) {
        printf "  .strtab: %d -> %d bytes (%s) over the %d rewritten modules\n", stin[a], stout[a], pct(stin[a], stout[a]), rw[a]
        printf "  file size: %d bytes, %d without signatures -> %d bytes (%s vs unsigned)\n", fin[a], fnosig[a], fout[a], pct(fnosig[a], fout[a])
      }
      if (nosig[a])
        printf "  --check --against passed only with the signature cut off: %d modules\n", nosig[a]
      if (an[a])
        printf "  .addrorder: %d modules, %d entries, %d lookups checked, %d differences, %d merges refused; %d bytes added (%.1f per module, %s over the output without it)\n", an[a], ae[a], aa[a], ad[a], ar[a], ab[a], ab[a] / an[a], pct(fout[a] - ab[a], fout[a])
    }
    if (skipped != "") printf "skipped architectures: %s\n", skipped
    if (nf) {
      printf "failed checks by kind:\n"
      for (k in bycheck) printf "  %s: %d\n", k, bycheck[k]
    }
    if (N < total) { printf "%d modules gave no result (xargs exit %d)\n", total - N, xst; F += total - N }
    printf "real-modules: %d passed, %d failed\n", P, F
    exit (F > 0) ? 1 : 0
  }' "$out/results.tsv"
st=$?
[ $st -ne 0 ] && exit 1
[ ${#skipped[@]} -gt 0 ] && { echo "SKIP: $prog: not all architectures could be checked: ${skipped[*]}" >&2; exit 77; }
exit 0
