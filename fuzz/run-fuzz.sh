#!/bin/bash
# run-fuzz.sh SECONDS -- build the libFuzzer target for the relopt core and
# run it for SECONDS (one worker process, so the other core stays free).
#
# The target (fuzz/fuzz_relopt.c) is compiled with the bfdext sources
# directly under -fsanitize=fuzzer,address,undefined; it runs read ->
# rewrite -> serialize and, on success, asserts that the output re-reads,
# passes relopt_check_image with the same options, keeps what
# relopt_compare_images checks, and rewrites to identical bytes.
#
# Environment:
#   FUZZ_WORK   work directory, kept between runs so the corpus grows
#               (default /var/tmp/relopt-fuzz): corpus/, seeds/,
#               artifacts/ (crash-*, timeout-*, oom-*), logs/, history.tsv
#   CLANG       the compiler (default: clang, else clang-19 ... clang-14)
#   FUZZ_FLAGS  extra libFuzzer flags
# Crashes do not stop the run (libFuzzer fork mode with -ignore_crashes):
# each is saved under artifacts/; copy it to fuzz/regress/ once fixed.
# Exit status: 0 no new artifact, 1 new artifacts, 77 no usable clang.
set -u
secs=${1:?usage: run-fuzz.sh SECONDS}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
work=${FUZZ_WORK:-/var/tmp/relopt-fuzz}
mkdir -p "$work"/{corpus,seeds,artifacts,logs,inc}

cc=${CLANG:-}
if [ -z "$cc" ]; then
  for c in clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14; do
    command -v "$c" >/dev/null 2>&1 && { cc=$c; break; }
  done
fi
if [ -z "$cc" ]; then
  echo "run-fuzz: SKIPPED: no clang (Debian: apt-get install clang libclang-rt-14-dev)"
  exit 77
fi

cat > "$work/inc/config.h" <<'EOH'
#define _GNU_SOURCE 1
#define PACKAGE_VERSION "fuzz"
#define HAVE_LIBIBERTY_LIBIBERTY_H 1
EOH
srcs="$(ls "$top"/bfdext/*.c) $top/loader/relopt-loader.c"
cflags="-g -O1 -fno-omit-frame-pointer -I$work/inc -I$top/bfdext"
if ! "$cc" $cflags -fsanitize=fuzzer,address,undefined \
     -fno-sanitize-recover=undefined $srcs "$here/fuzz_relopt.c" \
     -liberty -o "$work/fuzz_relopt" 2> "$work/logs/build.err"; then
  cat "$work/logs/build.err"
  if grep -q -e 'fuzzer' "$work/logs/build.err"; then
    echo "run-fuzz: SKIPPED: $cc cannot link -fsanitize=fuzzer (Debian: apt-get install libclang-rt-14-dev)"
    exit 77
  fi
  exit 2
fi
# A plain build of the replay driver, to write seeds that carry tables.
"$cc" $cflags $srcs "$here/fuzz_relopt.c" "$here/replay.c" -liberty \
  -o "$work/replay" || exit 2

# Seeds: the assembled objects, relopt's own outputs of them, and the
# regression inputs.
bash "$here/make-seeds.sh" "$work/seeds" > "$work/logs/seeds.list" || exit 2
"$work/replay" -w "$work/seeds" $(cat "$work/logs/seeds.list") > /dev/null \
  || echo "run-fuzz: warning: the replay driver failed on a seed"
for f in "$here"/regress/*; do
  [ -f "$f" ] && cp "$f" "$work/seeds/regress-$(basename "$f")"
done

before=$(ls "$work/artifacts" | wc -l)
stamp=$(date -u +%Y%m%dT%H%M%SZ)
log="$work/logs/fuzz-$stamp.log"
echo "run-fuzz: $secs s, log $log, corpus $work/corpus"
start=$(date +%s)
(cd "$work" && ./fuzz_relopt -fork=1 -ignore_crashes=1 -ignore_timeouts=1 \
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
echo "run-fuzz: $((end - start)) s, ${execs:-0} executions, cov ${cov:-?}, ft ${ft:-?}, $new new artifacts"
awk -F'\t' '{ s += $2; e += $3 } END { printf "run-fuzz: total over %d runs: %.2f h, %d executions\n", NR, s / 3600, e }' "$work/history.tsv"
[ "$new" -le 0 ] || { ls -t "$work/artifacts" | head -n "$new"; exit 1; }
exit 0
