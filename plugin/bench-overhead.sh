#!/bin/sh
# bench-overhead.sh -- what the plugin adds to an `ld -r': the median wall
# time of N links of the same inputs without and with the plugin.
#
#   plugin/bench-overhead.sh [--ld LD] [--runs N] [--plugin PATH]
#                            [--opts "OPT..."] INPUT...
#
#   --ld LD        the linker (default ld; ld.gold, arm-linux-gnueabi-ld...)
#   --runs N       links of each kind, alternated (default 7)
#   --plugin PATH  relopt.so (default $RELOPT_PLUGIN, else
#                  plugin/.libs/relopt.so)
#   --opts "..."   plugin options (default "hash-style=both")
#
# INPUT: the objects of one `ld -r', e.g. a module's .o files, or a whole
# .ko (ld reads it as one relocatable input; a signature trailer is
# ignored).  Prints both medians and their ratio.  Not a test: times
# depend on the machine and its load.

set -eu
ld=ld
runs=7
plugin=${RELOPT_PLUGIN:-plugin/.libs/relopt.so}
opts="hash-style=both"
while [ $# -gt 0 ]; do
  case $1 in
    --ld) ld=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --plugin) plugin=$2; shift 2 ;;
    --opts) opts=$2; shift 2 ;;
    --) shift; break ;;
    -*) echo "bench-overhead: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: $0 [--ld LD] [--runs N] INPUT..." >&2; exit 2; }
[ -f "$plugin" ] || { echo "bench-overhead: no plugin at $plugin" >&2; exit 2; }

pargs="-plugin $plugin"
for o in $opts; do pargs="$pargs -plugin-opt $o"; done

work=$(mktemp -d "${TMPDIR:-/tmp}/relopt-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

now () { date +%s.%N; }
# time_one ARGS...: seconds taken by one `$ld -r ARGS', to stdout.
time_one () {
  t0=$(now)
  $ld -r "$@" > /dev/null
  t1=$(now)
  echo "$t1 - $t0" | bc -l
}
median () { sort -g | awk '{ v[NR] = $1 } END { m = int((NR + 1) / 2);
  if (NR % 2) print v[m]; else print (v[m] + v[m + 1]) / 2 }'; }

# One warm-up of each, so both kinds find the inputs in the page cache.
$ld -r -o "$work/plain.o" "$@"
$ld -r $pargs -o "$work/plugin.o" "$@"

: > "$work/plain.t"
: > "$work/plugin.t"
i=0
while [ $i -lt "$runs" ]; do
  time_one -o "$work/plain.o" "$@" >> "$work/plain.t"
  time_one $pargs -o "$work/plugin.o" "$@" >> "$work/plugin.t"
  i=$((i + 1))
done

p=$(median < "$work/plain.t")
q=$(median < "$work/plugin.t")
printf 'ld: %s, inputs: %s (%s bytes), runs: %s each\n' "$ld" "$*" \
  "$(cat "$@" | wc -c)" "$runs"
printf 'median without plugin: %.3f s\n' "$p"
printf 'median with plugin (%s): %.3f s\n' "$opts" "$q"
printf 'ratio: %.2f\n' "$(echo "$q / $p" | bc -l)"
