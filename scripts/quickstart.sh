#!/bin/sh
# quickstart.sh -- the README's first command: from a fresh clone, install
# what relopt needs (Debian 12, as root), build it, build the sample module
# for x86_64 and ARM, rewrite both with relopt and show what changed.
#
#   scripts/quickstart.sh        (from anywhere inside the clone)
#
# It builds in build/ (the directory scripts/run-tests.sh uses too), so
# the source tree stays unconfigured.
#
# Environment: JOBS (parallel make jobs, default: number of CPUs),
# SKIP_DEPS=1 (do not run scripts/install-deps.sh).

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
export LC_ALL=C

# Size in bytes of section $2 of file $1 (0 when absent).
secsize () {
  sz=$(readelf -S -W "$1" | sed 's/^ *\[ *[0-9]*\] *//' \
       | awk -v n="$2" '$1 == n { print $5; exit }')
  printf '%d\n' "0x${sz:-0}"
}

step () { printf '\n==== %s\n' "$*"; }
run () { echo "\$ $*"; "$@"; }

step "1. Debian packages (scripts/install-deps.sh)"
if [ "${SKIP_DEPS:-0}" = 1 ]; then
  echo "SKIP_DEPS=1: not installing packages"
else
  sh scripts/install-deps.sh
fi

step "2. Build relopt in build/ (autoreconf, configure, make)"
run autoreconf -fi >/dev/null 2>&1
mkdir -p build
cd build
run ../configure --quiet
run make -j"$jobs" >/dev/null
run src/relopt --version

step "3. Build the sample module (make sample)"
run make -j"$jobs" sample

relopt=src/relopt
status=0
for arch in x86_64 arm; do
  in=examples/sample-$arch.o
  out=examples/sample-$arch.relopt.o

  step "4. [$arch] Rewrite $in"
  run $relopt --stats --hash-style=both -o "$out" "$in"

  step "5. [$arch] What changed"
  echo "-- input ($in): $(readelf -h "$in" | sed -n 's/^ *Machine: *//p'), \
$(stat -c %s "$in") bytes, $(readelf -S -W "$in" | grep -c '^ *\[ *[0-9]') section headers"
  echo "-- output ($out): $(stat -c %s "$out") bytes"
  echo "-- sections relopt adds or rewrites (readelf -S -W):"
  readelf -S -W "$out" | grep -E '^ *\[Nr\]|\.symtab|\.strtab|\.hash|\.gnu\.hash'
  echo "-- .strtab size before -> after:"
  echo "   $(secsize "$in" .strtab) -> $(secsize "$out" .strtab) bytes"
  echo "-- symbol table order (first globals, readelf -s):"
  readelf -s -W "$out" | awk '$5 == "GLOBAL" || $5 == "WEAK"' | head -8
  if [ "$arch" = arm ]; then
    sec=$(readelf -r -W "$out" | grep -c 'R_ARM_\(CALL\|JUMP24\|THM_CALL\|THM_JUMP24\)' || true)
    echo "-- ARM branch relocations: $sec; first relocations of one section, before and after:"
    rs=$(readelf -S -W "$in" | sed -n 's/.*\] \(\.rel\.text\.part0_entry\) .*/\1/p')
    for f in "$in" "$out"; do
      echo "   $f:"
      readelf -r -W "$f" | awk -v s="'$rs'" '
        $0 ~ "^Relocation section " s { on = 1; next }
        on && /^Relocation section/ { on = 0 }
        on && NF >= 3 && $1 ~ /^[0-9a-f]+$/ { print "     " $0; if (++n == 6) on = 0 }'
    done
  fi

  step "6. [$arch] relopt --check and --check --against"
  if run $relopt --check "$out" && run $relopt --check --against "$in" "$out"; then
    echo "   $out: tables and relocation order valid, same symbols and relocations as $in"
  else
    echo "   $out: CHECK FAILED" >&2
    status=1
  fi
done

# ld.bfd -r already suffix-merges .strtab, so the samples above keep its
# size.  ld.lld -r does not merge: the same objects linked by lld show
# what the merge gains.
if command -v ld.lld >/dev/null 2>&1; then
  step "7. [x86_64, ld.lld -r] .strtab suffix merge"
  run make examples/sample-x86_64-lld.o
  in=examples/sample-x86_64-lld.o
  out=examples/sample-x86_64-lld.relopt.o
  run $relopt --stats -o "$out" "$in"
  echo "-- .strtab size before -> after: $(secsize "$in" .strtab) -> $(secsize "$out" .strtab) bytes"
  if ! run $relopt --check --against "$in" "$out"; then
    echo "   $out: CHECK FAILED" >&2
    status=1
  fi
fi

step "Done"
echo "Rewritten samples: build/examples/sample-x86_64.relopt.o build/examples/sample-arm.relopt.o"
echo "Run every test with: bash scripts/run-tests.sh  (or: cd build && make check)"
exit $status
