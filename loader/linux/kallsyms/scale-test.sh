#!/bin/bash
# scale-test.sh -- the kallsyms series at scale (issue 23, item 5), on
# amd64 and arm64: boot a 6.12 kernel with the series (6.12/ and
# 6.12-test/) with at least 100 generated modules holding at least
# 300,000 symbols whose names are real Debian modules' of the same
# architecture (scale-gen.py, built by kbuild against the kernel's build
# directory), after relopt, and time, under qemu -icount (guest time =
# instructions), with module.kallsyms_hash=0 (today's scan) and =1
# (relopt's table), one boot each, RUNS times:
#   - 1,000 kprobes by "MOD:func" and by bare name, through tracefs and
#     through perf_event_open's kprobe PMU (scale-init.c);
#   - amd64 only: a livepatch of 128 functions of the largest generated
#     module: its load (klp_enable_patch()), the kernel's time in
#     module_kallsyms_on_each_named_symbol() (klp_find_object_symbol()).
#     arm64 has no livepatch in 6.12 (no HAVE_LIVEPATCH): rs_lp.ko is not
#     built and /init gets relopt_lp=0.
# The kernels, both of boot-test.sh's source tree KWORK/src (the series
# checked out; read only here):
#   amd64  boot-test.sh's build KWORK/o-amd64 (CONFIG_LIVEPATCH=y; x86
#          selects PERF_EVENTS), not rebuilt here: a copy of its bzImage
#          is taken once, so a later rebuild of that tree does not change
#          these numbers.
#   arm64  this script's own build KWORK/o-arm64-scale (boot-test.sh's
#          o-arm64 has no CONFIG_PERF_EVENTS, so no kprobe PMU):
#          common.config, arm64.config and scale.config, built (or brought
#          up to date) on every run; the source commit goes into
#          RES/source.txt.
# Modules are built with "make -C KWORK/src O=<that build> M=...", which
# writes nothing into the build directory.  scale-parse.py makes the
# table (results/6.12-scale/table.md, results/6.12-scale/arm64/table.md).
#
# Usage: loader/linux/kallsyms/scale-test.sh [--runs N] [--build-only]
#                                            [--reuse] [amd64] [arm64]
#                                            (default: amd64)
#   --runs N      boots per mode (default 2)
#   --build-only  stop after building the modules
#   --reuse       keep RES and its boot logs that ended with "done"
# Environment:
#   KWORK   boot-test.sh's work directory (default /var/tmp/relopt-kboot):
#           src/ and o-amd64/ (read only), o-arm64-scale/ (built here)
#   SWORK   this test's work directory (default /var/tmp/relopt-kscale;
#           arm64 in its arm64/): bzImage (amd64: copied from KWORK once),
#           gen/ (scale-gen.py), res/
#   DEBIAN  directory of Debian's modules whose names are used (default
#           /var/cache/relopt-real/unpacked/ARCH/lib/modules)
#   RELOPT  relopt binary (default: build/src/relopt of this checkout)
#   JOBS    make -j and parallel boots (default 2)
#   ICOUNT  qemu -icount argument (default shift=0,sleep=off)
#   KPROBE_N, REPS  kprobes per round (1000; 0: none, the livepatch only)
#           and rounds of each form (1)
#   RES     results directory (default SWORK/res; emptied first unless
#           --reuse); one architecture only
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
kwork=${KWORK:-/var/tmp/relopt-kboot}
relopt=${RELOPT:-$top/build/src/relopt}
jobs=${JOBS:-2}
icount=${ICOUNT:-shift=0,sleep=off}
kprobe_n=${KPROBE_N:-1000}
reps=${REPS:-1}
. "$here/ktree.sh"
arches=(amd64)
ktree_args scale-test.sh "$@"
if [ -n "${RES:-}" ] && [ ${#arches[@]} -gt 1 ]; then
	echo "scale-test.sh: RES names one architecture's results" >&2
	exit 2
fi
ktree_require scale-test.sh "$relopt" gcc-aarch64-linux-gnu \
	qemu-system-x86 qemu-system-arm bc flex bison libssl-dev libelf-dev \
	cpio make gcc python3 git
src=$kwork/src
[ -e "$src/.git" ] || {
	echo "scale-test.sh: no source tree in $src (run boot-test.sh --build-only)" >&2
	exit 1
}

for arch in "${arches[@]}"; do
	swork=${SWORK:-/var/tmp/relopt-kscale}
	case $arch in
	amd64)	karch=x86_64 cross= image=arch/x86/boot/bzImage
		console=ttyS0
		qemu=(qemu-system-x86_64 -M pc -cpu max)
		out=$kwork/o-amd64 lp=1 lp_arg= ;;
	arm64)	karch=arm64 cross=aarch64-linux-gnu- image=arch/arm64/boot/Image
		console=ttyAMA0
		qemu=(qemu-system-aarch64 -M virt -cpu cortex-a57)
		out=$kwork/o-arm64-scale lp=0 lp_arg=" relopt_lp=0"
		swork=$swork/arm64 ;;
	esac
	debian=${DEBIAN:-/var/cache/relopt-real/unpacked/$arch/lib/modules}
	mkdir -p "$swork"
	if [ $arch = amd64 ]; then
		[ -x "$out/usr/gen_init_cpio" ] && [ -f "$out/$image" ] || {
			echo "scale-test.sh: no amd64 build in $out (run boot-test.sh --build-only amd64)" >&2
			exit 1
		}
		[ -f "$swork/bzImage" ] || cp "$out/$image" "$swork/bzImage"
		kernel=$swork/bzImage
	else
		mkdir -p "$out"
		ktree_configure scale-test.sh "$here/common.config" \
			"$here/$arch.config" "$here/scale.config"
		echo "== $arch: building ${out##*/} ($(date -u +%T))"
		ktree_make all
		kernel=$out/$image
	fi

	echo "== $arch: generating modules (scale-gen.py)"
	python3 "$here/scale-gen.py" "$debian" "$swork/gen"
	echo "== $arch: building them ($(date -u +%T))"
	ktree_make M="$swork/gen/mods" modules
	[ $lp = 0 ] || ktree_make M="$swork/gen/lp" modules
	[ $build_only = 0 ] || continue

	res=${RES:-$swork/res}
	[ $reuse = 1 ] || rm -rf "$res"
	rm -rf "$res/plain" "$res/relopt"
	mkdir -p "$res/plain" "$res/relopt"
	: > "$res/bad.list"
	cp "$swork/gen/modules.list" "$swork/gen/summary.txt" "$res/"
	while read -r m; do
		"$relopt" -o "$res/relopt/$m" "$swork/gen/mods/${m%.ko}/$m"
	done < "$res/modules.list"
	# plain/: the livepatch module only (kboot_initramfs takes plain/ and
	# relopt/; the generated modules are loaded from relopt/)
	[ $lp = 0 ] || cp "$swork/gen/lp/rs_lp.ko" "$res/plain/"
	kboot_initramfs "$res" "$out" "$cross" "$here/scale-init.c"
	cp "$kernel" "$res/kernel"
	if [ $arch != amd64 ]; then
		{
			echo "source $src: $(git -C "$src" log -1 --format='%H %s')"
			echo "uncommitted files: $(git -C "$src" status --porcelain --untracked-files=no | wc -l)"
			echo "build ${out##*/}: $(date -u -r "$out/$image" '+%F %T') UTC, fragments common.config $arch.config scale.config"
		} > "$res/source.txt"
	fi

	# boot NAME MODE: one boot -> $res/boot-NAME.log (in the background;
	# kboot_qemu exits 1 when it does not finish)
	boot() {
		kboot_qemu scale-test.sh "$res/boot-$1.log" 'relopt-scale: done' \
			"mode $2 " "relopt_mode=$2 relopt_kprobe_n=$kprobe_n relopt_reps=$reps$lp_arg"
	}
	logs=()
	pids=()
	for r in $(seq 1 "$runs"); do
		for mode in 0 1; do
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
	python3 "$here/scale-parse.py" --arch "$arch" "$res/summary.txt" \
		"${logs[@]}" | tee "$res/table.md"
	[ "${PIPESTATUS[0]}" = 0 ]
done
