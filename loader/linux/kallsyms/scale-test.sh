#!/bin/bash
# scale-test.sh -- the kallsyms series at scale (issue 23, item 5), amd64
# only: boot the amd64 kernel that boot-test.sh built (6.12/ and
# 6.12-test/; not rebuilt here: a copy of its bzImage is taken once, so a
# later rebuild of that tree does not change these numbers) with at least
# 100 generated modules holding at least 300,000 symbols whose names are
# real Debian modules' (scale-gen.py, built by kbuild against that tree's
# build directory, read only), after relopt, and time, under qemu -icount
# (guest time = instructions), with module.kallsyms_hash=0 (today's scan)
# and =1 (relopt's table), one boot each, RUNS times:
#   - 1,000 kprobes by "MOD:func" and by bare name, through tracefs and
#     through perf_event_open's kprobe PMU (scale-init.c);
#   - a livepatch of 128 functions of the largest generated module: its
#     load (klp_enable_patch()), the kernel's time in
#     module_kallsyms_on_each_named_symbol() (klp_find_object_symbol()).
# scale-parse.py makes the table (results/6.12-scale/table.md).
#
# Usage: loader/linux/kallsyms/scale-test.sh [--runs N] [--build-only]
# Environment:
#   KWORK   boot-test.sh's work directory, read only (default
#           /var/tmp/relopt-kboot): src/ and o-amd64/ (built with 6.12/
#           and 6.12-test/)
#   SWORK   this test's work directory (default /var/tmp/relopt-kscale):
#           bzImage (copied from KWORK once), gen/ (scale-gen.py), res/
#   DEBIAN  directory of Debian's modules whose names are used (default
#           /var/cache/relopt-real/unpacked/amd64/lib/modules)
#   RELOPT  relopt binary (default: build/src/relopt of this checkout)
#   JOBS    make -j and parallel boots (default 2)
#   ICOUNT  qemu -icount argument (default shift=0,sleep=off)
#   KPROBE_N, REPS  kprobes per round (1000; 0: none, the livepatch only)
#           and rounds of each form (1)
#   RES     results directory (default $SWORK/res; emptied first)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
kwork=${KWORK:-/var/tmp/relopt-kboot}
swork=${SWORK:-/var/tmp/relopt-kscale}
debian=${DEBIAN:-/var/cache/relopt-real/unpacked/amd64/lib/modules}
relopt=${RELOPT:-$top/build/src/relopt}
jobs=${JOBS:-2}
icount=${ICOUNT:-shift=0,sleep=off}
kprobe_n=${KPROBE_N:-1000}
reps=${REPS:-1}
runs=2 build_only=0
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=$2; shift ;;
	--runs=*) runs=${1#*=} ;;
	--build-only) build_only=1 ;;
	*) echo "scale-test.sh: unknown argument $1 (see the header)" >&2; exit 2 ;;
	esac
	shift
done

. "$here/ktree.sh"
ktree_require scale-test.sh "$relopt" qemu-system-x86 cpio make gcc python3
out=$kwork/o-amd64
[ -x "$out/usr/gen_init_cpio" ] && [ -f "$out/arch/x86/boot/bzImage" ] || {
	echo "scale-test.sh: no amd64 build in $out (run boot-test.sh --build-only amd64)" >&2
	exit 1
}
mkdir -p "$swork"
[ -f "$swork/bzImage" ] || cp "$out/arch/x86/boot/bzImage" "$swork/bzImage"

echo "== generating modules (scale-gen.py)"
python3 "$here/scale-gen.py" "$debian" "$swork/gen"
echo "== building them ($(date -u +%T))"
for d in mods lp; do
	nice make -s -C "$kwork/src" O="$out" M="$swork/gen/$d" -j"$jobs" modules
done
[ $build_only = 0 ] || exit 0

res=${RES:-$swork/res}
rm -rf "$res"
mkdir -p "$res/plain" "$res/relopt"
: > "$res/bad.list"
cp "$swork/gen/modules.list" "$res/modules.list"
while read -r m; do
	"$relopt" -o "$res/relopt/$m" "$swork/gen/mods/${m%.ko}/$m"
done < "$res/modules.list"
# plain/: the livepatch module only (kboot_initramfs takes plain/ and
# relopt/; the generated modules are loaded from relopt/)
cp "$swork/gen/lp/rs_lp.ko" "$res/plain/"
kboot_initramfs "$res" "$out" "" "$here/scale-init.c"

# boot NAME MODE: one boot -> $res/boot-NAME.log
boot() {
	timeout 14400 qemu-system-x86_64 -M pc -cpu max -icount "$icount" \
		-m 2G -nographic -no-reboot -kernel "$swork/bzImage" \
		-initrd "$res/initramfs.cpio" \
		-append "console=ttyS0 nokaslr panic=-1 relopt_mode=$2 relopt_kprobe_n=$kprobe_n relopt_reps=$reps" \
		< /dev/null > "$res/boot-$1.log" 2>&1 || true
	grep -q 'relopt-scale: done' "$res/boot-$1.log" || {
		echo "scale-test.sh: boot $1 did not finish, see $res/boot-$1.log" >&2
		return 1
	}
}
logs=()
pids=()
for r in $(seq 1 "$runs"); do
	for mode in 0 1; do
		echo "== booting mode $mode run $r ($(date -u +%T))"
		boot "mode$mode-run$r" $mode &
		pids+=($!)
		logs+=("$res/boot-mode$mode-run$r.log")
		if [ ${#pids[@]} -ge "$jobs" ]; then
			wait "${pids[0]}"
			pids=("${pids[@]:1}")
		fi
	done
done
for p in "${pids[@]}"; do
	wait "$p"
done
python3 "$here/scale-parse.py" "$swork/gen/summary.txt" "${logs[@]}" |
	tee "$res/table.md"
[ "${PIPESTATUS[0]}" = 0 ]
