#!/bin/bash
# run.sh -- the relopt benchmark (doc/design.md "Benchmarks"), one command:
#
#   make bench                      (from a configured build directory), or
#   bench/run.sh --builddir BUILD --out RESULTS [--quick] [--budget S]
#                [--real-armhf FILE] [--real-arm64 FILE] [--work DIR]
#
#   --builddir DIR  where src/relopt and bench/loadermodel were built
#                   (default: the current directory)
#   --out DIR       tables (*.txt), plot data (*.dat), plots (*.png);
#                   default bench/results under the current directory
#   --quick         a short run: fewer sizes, smaller budget (a smoke run)
#   --budget S      seconds per strategy and input for the loader model
#                   (default 0.2; see bench/loadermodel.c)
#   --real-armhf FILE, --real-arm64 FILE
#                   real modules to measure (default: the armhf/arm64
#                   module with the most relocations among the 20 largest
#                   in $(relopt_cache)/unpacked (scripts/common.sh), as
#                   scripts/fetch-kernel-debs.sh leaves them; none: skipped)
#   --work DIR      scratch directory for the generated objects (default:
#                   a new directory under /tmp, removed at the end)
#
# What it does:
#   1. PLT scaling set, ARM and AArch64: bench/gen-module.py writes modules
#      of 15, 30, 60, ... 245,760 and 262,144 relocations (vendor ratios of
#      branches and targets) plus the "large vendor module" (257,394
#      relocations, 62,045 branches, 4,819 distinct targets); cross-gas
#      assembles them, relopt --hash-style=both rewrites them, and
#      bench/loadermodel times the four PLT counting strategies on each
#      -> plt-scaling.txt, plt-scaling.dat, plt-scaling.png
#   2. symbol scaling set, ARM: symbol-heavy modules of 512 ... 32,768
#      symbols (gen-module.py --symbols) -> the four lookup strategies
#      -> symbol-scaling.txt, symbol-scaling.dat, symbol-scaling.png
#   3. full loader-model tables for the vendor modules, the 32k-symbol
#      modules (ARM, AArch64) and the real modules, before and after relopt
#      -> model-*.txt
#   4. relopt itself against `objcopy IN OUT' on the same files (hyperfine
#      when installed, else a timing loop) -> relopt-vs-objcopy.txt
#   5. summary.txt: the ratios quoted in the README, and machine.txt: where
#      the numbers come from.
# Every loader-model run must report that all strategies agree, and every
# relopt output must pass relopt --check; otherwise the script fails.
# Needs: python3, arm-linux-gnueabi-as, aarch64-linux-gnu-as (and their
# objcopy); gnuplot for the PNGs (gnuplot-nox; skipped with a message when
# missing), hyperfine optional.  Takes about 5-10 minutes on 2 cores.

set -u
export LC_ALL=C
prog=bench/run.sh
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../scripts/common.sh"

builddir=.
out=bench/results
quick=no
budget=0.2
real_armhf=
real_arm64=
work=
while [ $# -gt 0 ]; do
  case $1 in
    --builddir) builddir=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    --quick) quick=yes; budget=0.02; shift ;;
    --budget) budget=${2:?}; shift 2 ;;
    --real-armhf) real_armhf=${2:?}; shift 2 ;;
    --real-arm64) real_arm64=${2:?}; shift 2 ;;
    --work) work=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,44p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "$prog: unknown argument '$1' (--help)" >&2; exit 2 ;;
  esac
done

die () { echo "$prog: $*" >&2; exit 1; }
have () { command -v "$1" >/dev/null 2>&1; }

relopt=$(cd "$builddir" && pwd)/src/relopt
model=$(cd "$builddir" && pwd)/bench/loadermodel
[ -x "$relopt" ] || die "$relopt not built (make)"
[ -x "$model" ] || die "$model not built (make bench/loadermodel)"
have python3 || die "python3 not found"
for t in arm-linux-gnueabi-as aarch64-linux-gnu-as arm-linux-gnueabi-objcopy aarch64-linux-gnu-objcopy; do
  have $t || die "$t not found (scripts/install-deps.sh installs the cross binutils)"
done

mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)
keep=yes
if [ -z "$work" ]; then work=$(mktemp -d /tmp/relopt-bench.XXXXXX) || exit 1; keep=no; fi
mkdir -p "$work" && work=$(cd "$work" && pwd)
tsv=$work/model.tsv
: >"$tsv"
rm -f "$out"/*.txt "$out"/*.dat "$out"/*.png
start=$(date +%s)

as_of () { case $1 in arm) echo "arm-linux-gnueabi-as -march=armv7-a" ;; aarch64) echo aarch64-linux-gnu-as ;; esac; }
objcopy_of () { case $1 in arm) echo arm-linux-gnueabi-objcopy ;; aarch64) echo aarch64-linux-gnu-objcopy ;; esac; }

# build ARCH NAME GEN-ARGS...: $work/NAME.o (original) and NAME.rw.o
# (relopt --hash-style=both, checked).
build () {
  local arch=$1 name=$2
  shift 2
  python3 "$here/gen-module.py" --arch "$arch" "$@" -o "$work/$name.s" 2>>"$work/gen.log" \
    || die "gen-module.py $* failed (see $work/gen.log)"
  $(as_of "$arch") -o "$work/$name.o" "$work/$name.s" || die "assembling $name failed"
  rm -f "$work/$name.s"
  "$relopt" --hash-style=both -o "$work/$name.rw.o" "$work/$name.o" || die "relopt on $name failed"
  "$relopt" --hash-style=both --check "$work/$name.rw.o" || die "relopt --check on $name failed"
}

# model LABEL FILE ARGS...: loader model, must agree; output kept.
model_run () {
  local label=$1 file=$2
  shift 2
  "$model" --budget "$budget" --tsv "$tsv" --label "$label" "$@" "$file" >"$work/model.out" 2>&1
  local st=$?
  cat "$work/model.out" >>"$work/model.log"
  [ $st -eq 0 ] || { cat "$work/model.out" >&2; die "loader model failed on $label (strategies disagree?)"; }
}

echo "$prog: results in $out, scratch in $work, budget $budget s per strategy"

# ---- 1. PLT scaling ----------------------------------------------------------
sizes=
n=15
while [ $n -le 245760 ]; do sizes="$sizes $n"; n=$((n * 2)); done
sizes="$sizes 262144"
[ $quick = yes ] && sizes="15 240 3840 61440"
for arch in arm aarch64; do
  for n in $sizes vendor; do
    if [ $n = vendor ]; then
      [ $quick = yes ] && continue
      build $arch $arch-vendor --vendor
      name=$arch-vendor
    else
      build $arch $arch-r$n --relocs $n
      name=$arch-r$n
    fi
    model_run "$arch/$n" "$work/$name.rw.o" --no-symbols --baseline "$work/$name.o"
    echo "$prog: PLT $arch $n: $(sed -n 's/^ *linear over relopt.s order is //p' "$work/model.out")"
    case $n in vendor) ;; *) rm -f "$work/$name.o" "$work/$name.rw.o" ;; esac
  done
done

# ---- 2. symbol scaling -------------------------------------------------------
ssizes="512 1024 2048 4096 8192 16384 32768"
[ $quick = yes ] && ssizes="512 2048"
for s in $ssizes; do
  build arm arm-s$s --symbols "$s"
  model_run "arm/s$s" "$work/arm-s$s.rw.o" --no-plt
  echo "$prog: symbols $s: $(awk -v l="arm/s$s" '$1 == "sym" && $2 == l { print "nsyms", $3, "linear", $7, "htab", $8, "sysv", $9, "gnu", $10, "us" }' "$tsv")"
done
[ $quick = yes ] || build aarch64 aarch64-s32768 --symbols 32768

# ---- 3. full tables ------------------------------------------------------------
# pick_real ARCH: of the 20 largest modules, the one with the most
# relocation bytes.
pick_real () {
  local dir=$(relopt_cache)/unpacked/$1
  [ -d "$dir" ] || return 0
  find "$dir" -name '*.ko' -printf '%s %p\n' | sort -rn | head -n 20 | cut -d' ' -f2- \
    | python3 -c '
import struct, sys
best = (0, "")
for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    d = open(path, "rb").read()
    e = "<" if d[5] == 1 else ">"
    if d[4] == 1:
        shoff, = struct.unpack_from(e + "I", d, 32)
        ent, num = struct.unpack_from(e + "HH", d, 46)
        hdr = [struct.unpack_from(e + "IIIIII", d, shoff + i * ent) for i in range(num)]
    else:
        shoff, = struct.unpack_from(e + "Q", d, 40)
        ent, num = struct.unpack_from(e + "HH", d, 58)
        hdr = [struct.unpack_from(e + "IIQQQQ", d, shoff + i * ent) for i in range(num)]
    size = sum(h[5] for h in hdr if h[1] in (4, 9))
    best = max(best, (size, path))
print(best[1])'
}
[ -n "$real_armhf" ] || real_armhf=$(pick_real armhf)
[ -n "$real_arm64" ] || real_arm64=$(pick_real arm64)

full_model () {  # full_model NAME RELOPT-OUTPUT ORIGINAL: table into model-NAME.txt
  model_run "$1:${2##*/}" "$2" --baseline "$3"
  cp "$work/model.out" "$out/model-$1.txt"
}
[ $quick = yes ] || {
  full_model vendor-arm "$work/arm-vendor.rw.o" "$work/arm-vendor.o"
  full_model vendor-aarch64 "$work/aarch64-vendor.rw.o" "$work/aarch64-vendor.o"
  full_model sym32k-arm "$work/arm-s32768.rw.o" "$work/arm-s32768.o"
  full_model sym32k-aarch64 "$work/aarch64-s32768.rw.o" "$work/aarch64-s32768.o"
}
reals=
for a in armhf arm64; do
  eval f=\$real_$a
  if [ -z "$f" ] || [ ! -f "$f" ]; then
    echo "$prog: no real $a module (scripts/fetch-kernel-debs.sh $a DIR, or --real-$a FILE): skipped" | tee "$out/model-real-$a.txt"
    continue
  fi
  b=${f##*/}
  b=${b%.ko}
  "$relopt" --hash-style=both --drop-signature -o "$work/real-$a-$b.rw.o" "$f" || die "relopt on $f failed"
  "$relopt" --hash-style=both --check "$work/real-$a-$b.rw.o" || die "relopt --check on $f failed"
  cp "$f" "$work/real-$a-$b.ko"
  full_model "real-$a" "$work/real-$a-$b.rw.o" "$work/real-$a-$b.ko"
  sed -i "1i # $a: $f (Debian $(cat "${f%%/lib/modules/*}/.relopt-unpacked" 2>/dev/null || echo package))" "$out/model-real-$a.txt"
  reals="$reals $a:$work/real-$a-$b.ko"
done

# ---- 4. relopt vs objcopy -------------------------------------------------------
{
  echo "# relopt against objcopy IN OUT on the same files: milliseconds per run,"
  echo "# CPU (user+system) and wall-clock; the ratio is of CPU times (a busy"
  echo "# machine inflates wall-clock).  relopt: default options (gnu hash,"
  echo "# strtab merge, branch order); relopt both: --hash-style=both."
  if have hyperfine; then echo "# measured with $(hyperfine --version), 10 runs after a warm-up"; else echo "# measured with bash's time, 10 runs after a warm-up (hyperfine not installed)"; fi
  printf '%-30s %9s %19s %19s %19s %7s\n' file bytes "relopt cpu/wall" "relopt-both cpu/wall" "objcopy cpu/wall" ratio
} >"$out/relopt-vs-objcopy.txt"
time_cmd () {  # time_cmd CMD...: "CPU-ms WALL-ms", means over the runs
  local runs=10 i
  [ $quick = yes ] && runs=3
  if have hyperfine; then
    hyperfine -N --warmup 1 --runs $runs --export-json "$work/hf.json" "$*" >/dev/null 2>&1 \
      && python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print("%.1f %.1f" % ((r["user"] + r["system"]) * 1000, r["mean"] * 1000))' "$work/hf.json" \
      && return
  fi
  "$@" >/dev/null 2>&1
  : >"$work/times"
  for ((i = 0; i < runs; i++)); do
    { TIMEFORMAT='%3R %3U %3S'; time "$@" >/dev/null 2>&1; } 2>>"$work/times"
  done
  awk '{ w += $1; c += $2 + $3 } END { printf "%.1f %.1f\n", c * 1000 / NR, w * 1000 / NR }' "$work/times"
}
cmp_files=
[ $quick = yes ] || cmp_files="arm:$work/arm-vendor.o aarch64:$work/aarch64-vendor.o arm:$work/arm-s32768.o aarch64:$work/aarch64-s32768.o"
[ $quick = yes ] && cmp_files="arm:$work/arm-s2048.o"
for r in $reals; do
  case $r in armhf:*) cmp_files="$cmp_files arm:${r#*:}" ;; arm64:*) cmp_files="$cmp_files aarch64:${r#*:}" ;; esac
done
for cf in $cmp_files; do
  arch=${cf%%:*} f=${cf#*:}
  sig=
  case $f in *.ko) sig=--drop-signature ;; esac
  tr=$(time_cmd "$relopt" $sig -o "$work/t-relopt.o" "$f")
  trb=$(time_cmd "$relopt" $sig --hash-style=both -o "$work/t-relopt.o" "$f")
  to=$(time_cmd "$(objcopy_of $arch)" "$f" "$work/t-objcopy.o")
  printf '%-30s %9s %19s %19s %19s %6.2fx\n' "${f##*/}" "$(stat -c %s "$f")" "${tr/ //}" "${trb/ //}" "${to/ //}" \
    "$(echo "${tr%% *} ${to%% *}" | awk '{ print ($2 > 0) ? $1 / $2 : 0 }')" >>"$out/relopt-vs-objcopy.txt"
done
echo "# ratio = relopt CPU / objcopy CPU" >>"$out/relopt-vs-objcopy.txt"
cat "$out/relopt-vs-objcopy.txt"

# ---- tables and plot data ------------------------------------------------------
# PLT rows: quadratic, sort+count, hashset from the original order
# (pltbase: what a loader gets today), linear from relopt's order (plt).
plt_join () {
  awk -F'\t' '$1 == "pltbase" { b[$2] = $6 "\t" $7 "\t" $8 }
    $1 == "plt" { p[$2] = $0 }
    END { for (l in p) if (l in b) { split(p[l], f, "\t"); print l "\t" f[3] "\t" f[4] "\t" f[5] "\t" b[l] "\t" f[9] "\t" f[6] } }' "$tsv"
}
plt_join | awk -F'\t' '$1 !~ /:/ { split($1, l, "/"); print l[1] "\t" (l[2] == "vendor" ? 999999999 : l[2]) "\t" $0 }' \
  | sort -k1,1 -k2,2n | cut -f3- >"$work/plt.rows"
awk -F'\t' '
  function us(x) { return x == "-" ? "n/a" : sprintf("%.2f", x) }
  BEGIN { printf "# PLT counting, microseconds per load (bench/loadermodel, thread CPU time).\n"
          printf "# quadratic, sort+count, hashset: on the module as the assembler wrote it (the order a\n"
          printf "# loader gets today); linear(relopt): one pass over the same module after relopt.\n"
          printf "%-8s %8s %8s %8s %13s %13s %13s %15s %10s %10s\n", "arch", "relocs", "branches", "targets", "quadratic", "sort+count", "hashset", "linear(relopt)", "quad/lin", "sort/lin" }
  {
    split($1, l, "/")
    printf "%-8s %8s %8s %8s %13s %13s %13s %15s %10s %10s\n", l[1] (l[2] == "vendor" ? "*" : ""), $2, $3, $4, us($5), us($6), us($7), us($8),
      ($8 > 0 ? sprintf("%.0fx", $5 / $8) : "n/a"), ($8 > 0 ? sprintf("%.1fx", $6 / $8) : "n/a") }
  END { printf "# * the large vendor module (257,394 relocations, 62,045 branches, 4,819 targets)\n"
        printf "# (the quadratic count over relopt'"'"'s sorted order is slower still: model-vendor-*.txt)\n" }' \
  "$work/plt.rows" >"$out/plt-scaling.txt"
awk -F'\t' '$1 !~ /vendor/ { split($1, l, "/"); print l[1], $2, $3, $4, $5, $6, $7, $8 }' "$work/plt.rows" \
  | sort -k1,1 -k2,2n >"$out/plt-scaling.dat"
awk -F'\t' '
  function us(x) { return x == "-" ? "n/a" : sprintf("%.1f", x) }
  BEGIN { printf "# Symbol resolution, microseconds per load: lookups of every relocation against a global + absent names;\n"
          printf "# htab includes building the table, .hash/.gnu.hash validating theirs (bench/loadermodel, thread CPU time)\n"
          printf "%8s %8s %8s %8s %14s %12s %12s %12s %12s\n", "symbols", "defglob", "lookups", "absent", "linear", "htab", ".hash", ".gnu.hash", "lin/gnu" }
  $1 == "sym" && $2 ~ /^arm\/s/ {
    printf "%8s %8s %8s %8s %14s %12s %12s %12s %12s\n", $3, $4, $5, $6, us($7), us($8), us($9), us($10), ($10 > 0 ? sprintf("%.0fx", $7 / $10) : "n/a") }' \
  "$tsv" >"$out/symbol-scaling.txt"
awk -F'\t' '$1 == "sym" && $2 ~ /^arm\/s/ { print $3, $7, $8, $9, $10 }' "$tsv" | sort -n >"$out/symbol-scaling.dat"
cp "$tsv" "$out/model.tsv"

# ---- 5. summary --------------------------------------------------------------------
{
  echo "# relopt benchmark summary ($(date -u +%Y-%m-%d), this machine: see machine.txt)"
  plt_join | awk -F'\t' '$1 == "arm/vendor" || $1 == "aarch64/vendor" || $1 ~ /^real-/ {
      printf "PLT %s: %d relocs, %d branches, %d targets: quadratic %.1f us, sort+count %.1f us, hashset %.1f us (original order); linear %.1f us (relopt order); linear vs quadratic %.0fx, vs sort+count %.1fx, vs hashset %.1fx (quadratic over relopt order: %.1f us)\n",
        $1, $2, $3, $4, $5, $6, $7, $8, $5 / $8, $6 / $8, $7 / $8, $9 }' | sort
  awk -F'\t' '$1 == "symdetail" && $2 ~ /s32768/ { d[$2, $3] = $0; lab[$2] = 1 }
    $1 == "sym" && $2 ~ /s32768/ { n[$2] = $3; q[$2] = $5; a[$2] = $6; t[$2, "linear"] = $7; t[$2, "htab"] = $8; t[$2, "sysv"] = $9; t[$2, "gnu"] = $10 }
    END { for (l in n) printf "SYM %s: %d symbols, %d lookups + %d absent: linear %.1f us, htab %.1f us, .hash %.1f us, .gnu.hash %.1f us; gnu-hash vs linear %.0fx\n",
      l, n[l], q[l], a[l], t[l, "linear"], t[l, "htab"], t[l, "sysv"], t[l, "gnu"], t[l, "linear"] / t[l, "gnu"] }' "$tsv"
  awk -F'\t' '$1 == "sym" && $2 ~ /^real-/ {
      printf "SYM %s: %d symbols, %d lookups + %d absent: linear %.1f us, htab %.1f us, .hash %.1f us, .gnu.hash %.1f us; gnu-hash vs linear %.0fx\n", $2, $3, $5, $6, $7, $8, $9, $10, $7 / $10 }' "$tsv"
  sed -n 's/^/OBJCOPY /p' "$out/relopt-vs-objcopy.txt" | grep -v '^OBJCOPY #'
} >"$out/summary.txt"
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1) x $(nproc)"
  echo "kernel: $(uname -sr)"
  echo "compiler: $(${CC:-cc} --version 2>/dev/null | head -n1)"
  echo "relopt: $("$relopt" --version | head -n1)"
  echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "loader model budget: $budget s per strategy; clock: thread CPU time"
  echo "run time: $(($(date +%s) - start)) s"
} >"$out/machine.txt"

# ---- plots ------------------------------------------------------------------------
if have gnuplot; then
  gnuplot -e "dir='$out'" "$here/plot.gp" || die "gnuplot failed"
  echo "$prog: plots: $out/plt-scaling.png $out/symbol-scaling.png"
else
  echo "$prog: gnuplot not found (apt-get install gnuplot-nox): no PNG plots"
fi

cat "$out/plt-scaling.txt" "$out/symbol-scaling.txt" "$out/summary.txt"
[ $keep = no ] && rm -rf "$work"
echo "$prog: done in $(($(date +%s) - start)) s"
