#!/bin/bash
# run-fuzz-loader.sh SECONDS -- build the libFuzzer target for the
# freestanding loader library (fuzz/fuzz_loader.c + loader/relopt-loader.c,
# -fsanitize=fuzzer,address,undefined) and run it for SECONDS, one worker
# (the other core stays free).
#
# Seeds: the objects fuzz/make-seeds.sh assembles and relopt's outputs of
# them for --hash-style=both, sysv and gnu (written by the plain replay
# driver of the relopt target, fuzz/replay -w), plus fuzz/regress-loader/.
#
# Environment: FUZZ_WORK (default /var/tmp/relopt-fuzz-loader: corpus/,
# seeds/, artifacts/, logs/, history.tsv), CLANG, FUZZ_FLAGS as in
# run-fuzz.sh.  Exit status: 0 no new artifact, 1 new artifacts, 77 no
# usable clang.
set -u
secs=${1:?usage: run-fuzz-loader.sh SECONDS}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
work=${FUZZ_WORK:-/var/tmp/relopt-fuzz-loader}
mkdir -p "$work"/{corpus,seeds,artifacts,logs,inc}

cc=${CLANG:-}
if [ -z "$cc" ]; then
  for c in clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14; do
    command -v "$c" >/dev/null 2>&1 && { cc=$c; break; }
  done
fi
if [ -z "$cc" ]; then
  echo "run-fuzz-loader: SKIPPED: no clang (Debian: apt-get install clang libclang-rt-14-dev)"
  exit 77
fi
cflags="-g -O1 -fno-omit-frame-pointer -I$top/loader"
if ! "$cc" $cflags -fsanitize=fuzzer,address,undefined \
     -fno-sanitize-recover=undefined "$top/loader/relopt-loader.c" \
     "$here/fuzz_loader.c" -o "$work/fuzz_loader" 2> "$work/logs/build.err"; then
  cat "$work/logs/build.err"
  if grep -q -e 'fuzzer' "$work/logs/build.err"; then
    echo "run-fuzz-loader: SKIPPED: $cc cannot link -fsanitize=fuzzer"
    exit 77
  fi
  exit 2
fi

# Table-carrying seeds through the relopt target's replay driver.
cat > "$work/inc/config.h" <<'EOH'
#define _GNU_SOURCE 1
#define PACKAGE_VERSION "fuzz"
#define HAVE_LIBIBERTY_LIBIBERTY_H 1
EOH
"$cc" -g -O1 -I"$work/inc" -I"$top/bfdext" "$top"/bfdext/*.c "$top/loader/relopt-loader.c" \
  "$here/fuzz_relopt.c" "$here/replay.c" -liberty -o "$work/replay" || exit 2
bash "$here/make-seeds.sh" "$work/seeds" > "$work/logs/seeds.list" || exit 2
"$work/replay" -w "$work/seeds" $(cat "$work/logs/seeds.list") > /dev/null \
  || echo "run-fuzz-loader: warning: the replay driver failed on a seed"
for f in "$here"/regress-loader/*; do
  [ -f "$f" ] && cp "$f" "$work/seeds/regress-$(basename "$f")"
done

before=$(ls "$work/artifacts" | wc -l)
stamp=$(date -u +%Y%m%dT%H%M%SZ)
log="$work/logs/fuzz-$stamp.log"
echo "run-fuzz-loader: $secs s, log $log, corpus $work/corpus"
start=$(date +%s)
(cd "$work" && ./fuzz_loader -fork=1 -ignore_crashes=1 -ignore_timeouts=1 \
   -ignore_ooms=1 -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
   -max_len=65536 -dict="$here/relopt.dict" -print_final_stats=1 \
   -artifact_prefix="$work/artifacts/" ${FUZZ_FLAGS:-} \
   corpus seeds) > "$log" 2>&1
end=$(date +%s)

last=$(grep -E '^#[0-9]+' "$log" | tail -1)
execs=$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
ft=$(echo "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
after=$(ls "$work/artifacts" | wc -l)
new=$((after - before))
printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$stamp" "$((end - start))" "${execs:-0}" \
  "${cov:-?}" "${ft:-?}" "$new" >> "$work/history.tsv"
echo "run-fuzz-loader: $((end - start)) s, ${execs:-0} executions, cov ${cov:-?}, ft ${ft:-?}, $new new artifacts"
awk -F'\t' '{ s += $2; e += $3 } END { printf "run-fuzz-loader: total over %d runs: %.2f h, %d executions\n", NR, s / 3600, e }' "$work/history.tsv"
[ "$new" -le 0 ] || { ls -t "$work/artifacts" | head -n "$new"; exit 1; }
exit 0
