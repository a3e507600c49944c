#!/bin/bash
# run-fuzz.sh [--loader] SECONDS -- build a libFuzzer target and run it for
# SECONDS (one worker process, so the other core stays free).
#
#   (default)  fuzz/fuzz_relopt.c, the relopt core: compiled with the
#              bfdext sources under -fsanitize=fuzzer,address,undefined;
#              read -> rewrite -> serialize and, on success, the output
#              re-reads, passes relopt_check_image with the same options,
#              keeps what relopt_compare_images checks, and rewrites to
#              identical bytes.  Regression inputs: fuzz/regress/.
#   --loader   fuzz/fuzz_loader.c, the freestanding loader library alone
#              (loader/relopt-loader.c): validate, every lookup of a
#              validated table in bounds and equal to a linear scan,
#              count_branch_targets.  Regression inputs:
#              fuzz/regress-loader/.
# Seeds for both: the objects fuzz/make-seeds.sh assembles and relopt's
# outputs of them (written by the plain replay driver, fuzz/replay -w),
# plus the target's regression inputs.
#
# Environment:
#   FUZZ_WORK   work directory, kept between runs so the corpus grows
#               (default /var/tmp/relopt-fuzz, or -loader): corpus/,
#               seeds/, artifacts/ (crash-*, timeout-*, oom-*), logs/,
#               history.tsv
#   CLANG       the compiler (default: clang, else clang-19 ... clang-14)
#   FUZZ_FLAGS  extra libFuzzer flags
# Crashes do not stop the run (libFuzzer fork mode with -ignore_crashes):
# each is saved under artifacts/; copy it to the regression directory once
# fixed.  Exit status: 0 no new artifact, 1 new artifacts, 77 no usable
# clang.
set -u
target=relopt
if [ "${1:-}" = --loader ]; then target=loader; shift; fi
secs=${1:?usage: run-fuzz.sh [--loader] SECONDS}
prog=run-fuzz
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
if [ $target = loader ]; then
  work=${FUZZ_WORK:-/var/tmp/relopt-fuzz-loader}
  regress=$here/regress-loader
else
  work=${FUZZ_WORK:-/var/tmp/relopt-fuzz}
  regress=$here/regress
fi
mkdir -p "$work"/{corpus,seeds,artifacts,logs,inc}

cc=${CLANG:-}
if [ -z "$cc" ]; then
  for c in clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14; do
    command -v "$c" >/dev/null 2>&1 && { cc=$c; break; }
  done
fi
if [ -z "$cc" ]; then
  echo "$prog: SKIPPED: no clang (Debian: apt-get install clang libclang-rt-14-dev)"
  exit 77
fi

cat > "$work/inc/config.h" <<'EOH'
#define _GNU_SOURCE 1
#define PACKAGE_VERSION "fuzz"
#define HAVE_LIBIBERTY_LIBIBERTY_H 1
EOH
srcs="$(ls "$top"/bfdext/*.c) $top/loader/relopt-loader.c"
cflags="-g -O1 -fno-omit-frame-pointer -I$work/inc -I$top/bfdext -I$top/loader"
if [ $target = loader ]; then
  fsrcs="$top/loader/relopt-loader.c $here/fuzz_loader.c"
  flibs=
else
  fsrcs="$srcs $here/fuzz_relopt.c"
  flibs=-liberty
fi
if ! "$cc" $cflags -fsanitize=fuzzer,address,undefined \
     -fno-sanitize-recover=undefined $fsrcs $flibs \
     -o "$work/fuzz_$target" 2> "$work/logs/build.err"; then
  cat "$work/logs/build.err"
  if grep -q -e 'fuzzer' "$work/logs/build.err"; then
    echo "$prog: SKIPPED: $cc cannot link -fsanitize=fuzzer (Debian: apt-get install libclang-rt-14-dev)"
    exit 77
  fi
  exit 2
fi
# A plain build of the relopt replay driver, to write seeds that carry
# tables.
"$cc" $cflags $srcs "$here/fuzz_relopt.c" "$here/replay.c" -liberty \
  -o "$work/replay" || exit 2

bash "$here/make-seeds.sh" "$work/seeds" > "$work/logs/seeds.list" || exit 2
"$work/replay" -w "$work/seeds" $(cat "$work/logs/seeds.list") > /dev/null \
  || echo "$prog: warning: the replay driver failed on a seed"
for f in "$regress"/*; do
  [ -f "$f" ] && cp "$f" "$work/seeds/regress-$(basename "$f")"
done

before=$(ls "$work/artifacts" | wc -l)
stamp=$(date -u +%Y%m%dT%H%M%SZ)
log="$work/logs/fuzz-$stamp.log"
echo "$prog: fuzz_$target, $secs s, log $log, corpus $work/corpus"
start=$(date +%s)
(cd "$work" && ./fuzz_$target -fork=1 -ignore_crashes=1 -ignore_timeouts=1 \
   -ignore_ooms=1 -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
   -max_len=65536 -dict="$here/relopt.dict" -print_final_stats=1 \
   -artifact_prefix="$work/artifacts/" ${FUZZ_FLAGS:-} \
   corpus seeds) > "$log" 2>&1
end=$(date +%s)

# Summary: the last status line carries executions, cov and ft.
last=$(grep -E '^#[0-9]+' "$log" | tail -1)
execs=$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
ft=$(echo "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
after=$(ls "$work/artifacts" | wc -l)
new=$((after - before))
printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$stamp" "$((end - start))" "${execs:-0}" \
  "${cov:-?}" "${ft:-?}" "$new" >> "$work/history.tsv"
echo "$prog: $((end - start)) s, ${execs:-0} executions, cov ${cov:-?}, ft ${ft:-?}, $new new artifacts"
awk -F'\t' -v p="$prog" '{ s += $2; e += $3 } END { printf "%s: total over %d runs: %.2f h, %d executions\n", p, NR, s / 3600, e }' "$work/history.tsv"
[ "$new" -le 0 ] || { ls -t "$work/artifacts" | head -n "$new"; exit 1; }
exit 0
