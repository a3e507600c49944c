#!/bin/bash
# boot-test.sh -- boot Debian's linux-source-6.12 with the kallsyms series
# (6.12/, revision 2) and the test-only patch (6.12-test/, not for merging:
# the module.kallsyms_hash knob with the kernel's own lazy index beside the
# module's table, the in-guest self-test, the timers) under qemu with the
# instruction-count clock, on amd64 and arm64, and print the tables of
# issue 23: the KUnit test, self-test differences and per-lookup times,
# load times (a failing load too), first-use costs, memory, kprobe event
# registration times, and damaged tables.  Not part of CI: a first build
# takes 6-25 minutes per architecture on 2 cores (see README.md); later
# runs rebuild what changed.
#
# Usage: loader/linux/kallsyms/boot-test.sh [--runs N] [--build-only]
#                                           [amd64] [arm64]  (default: both)
#   --runs N      boot the timings N times (default 2): two runs under
#                 -icount must agree
#   --build-only  stop after building
#   --reuse       keep the boot logs already there (a boot is skipped when
#                 its log ends with init's "done"), e.g. to resume
# Each timing boot (boot-icountR.log) runs four variants in turn, SET-MODE
# (init.c): plain-0 (Debian-built modules, every lookup scans: today's
# path; a truly unpatched kernel would need its own build of every module,
# since the series changes struct module), relopt-0 (the same modules
# after relopt, the table ignored), relopt-1 (the series) and plain-2 (the
# kernel's own index, built on first use: the alternative).  The KUnit
# test (at boot), the self-test of relopt-1 and plain-2 and the damaged
# tables run in one more boot (boot-selftest.log, no timings).
# Environment:
#   KWORK   work directory (default /var/tmp/relopt-kboot): src/ (a git
#           repository: a "pristine" commit of the package, then the
#           series), o-ARCH/ (build output), ARCH/ (modules, logs)
#   RELOPT  relopt binary (default: build/src/relopt of this checkout)
#   JOBS    make -j value (default: number of CPUs)
#   ICOUNT  qemu -icount argument (default shift=0,sleep=off)
#   KPROBE_N, REPS  kprobe events per round (1000) and rounds (3)
#   ROUNDS  timed loads of every module per variant (3)
#   BOOTS   boot only these (names: selftest icount1 icount2 ...); the
#           others' logs, when there, still go into the tables
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
kwork=${KWORK:-/var/tmp/relopt-kboot}
relopt=${RELOPT:-$top/build/src/relopt}
jobs=${JOBS:-$(nproc)}
icount=${ICOUNT:-shift=0,sleep=off}
kprobe_n=${KPROBE_N:-1000}
reps=${REPS:-3}
rounds=${ROUNDS:-3}
. "$here/ktree.sh"
ktree_args boot-test.sh "$@"

# The packages and the source tree (ktree.sh): the package, then the
# patches.
ktree_require boot-test.sh "$relopt" \
	linux-source-6.12 gcc-aarch64-linux-gnu \
	qemu-system-x86 qemu-system-arm bc flex bison libssl-dev libelf-dev \
	cpio make python3 git
src=$kwork/src
ktree_checkout "$kwork" boot-test.sh "$here"/6.12/000[1-9]-*.patch "$here"/6.12-test/000[1-9]-*.patch

for arch in "${arches[@]}"; do
	case $arch in
	amd64)	karch=x86_64 cross= image=arch/x86/boot/bzImage
		console=ttyS0
		qemu=(qemu-system-x86_64 -M pc -cpu max)
		crypto=(aesni_intel sha256_ssse3 sha512_ssse3) ;;
	arm64)	karch=arm64 cross=aarch64-linux-gnu- image=arch/arm64/boot/Image
		console=ttyAMA0
		qemu=(qemu-system-aarch64 -M virt -cpu cortex-a57)
		crypto=(aes_arm64 aes_ce_cipher aes_ce_blk sha2_ce) ;;
	esac
	out=$kwork/o-$arch
	res=$kwork/$arch
	mkdir -p "$out" "$res"
	ktree_configure boot-test.sh "$here/common.config" "$here/$arch.config"
	echo "== $arch: building ($(date -u +%T))"
	ktree_make all
	echo "== $arch: relopt_ksyms.ko (big-module.py)"
	python3 "$here/big-module.py" "$res/kbuild"
	ktree_make M="$res/kbuild" modules
	[ $build_only = 0 ] || continue

	echo "== $arch: modules and initramfs"
	rm -rf "$res/plain" "$res/relopt" "$res/bad"
	mkdir -p "$res/plain" "$res/relopt" "$res/bad"
	python3 "$here/../modlist.py" "$out" "${cross}objcopy" "$res/plain" \
		cryptomgr sha3_generic "${crypto[@]}" xfs btrfs tcrypt=mode=49 \
		> "$res/modules.list"
	cp "$res/kbuild/relopt_ksyms.ko" "$res/plain/"
	echo relopt_ksyms.ko >> "$res/modules.list"
	for m in "$res"/plain/*.ko; do
		"$relopt" --hash-style=sysv -o "$res/relopt/${m##*/}" "$m" ||
			exit 1
	done
	# Damaged tables: damage.py's five, and left stale by objcopy and by
	# strip --strip-unneeded after relopt (as they write them, and with
	# sh_link pointing at .symtab again).
	: > "$res/bad.list"
	for m in xfs sha3_generic; do
		python3 "$here/damage.py" "$res/relopt/$m.ko" "$res/bad/$m"
		"${cross}objcopy" "$res/relopt/$m.ko" "$res/bad/$m-objcopy.ko"
		"${cross}strip" --strip-unneeded -o "$res/bad/$m-strip.ko" \
			"$res/relopt/$m.ko"
		# both write sh_link 0 (no table the kernel looks at): also
		# with the link restored, a stale table it must refuse
		for t in objcopy strip; do
			python3 "$here/damage.py" --relink "$res/bad/$m-$t.ko" \
				"$res/bad/$m-$t-relinked.ko"
		done
		kboot_file_bad "$res" "$m"
	done
	kboot_initramfs "$res" "$out" "$cross" "$here/init.c"
	cp "$out/$image" "$res/kernel"

	# boot NAME SELFTEST KPROBE_N ROUNDS VARIANTS: one boot ->
	# $res/boot-NAME.log
	boot() {
		local log=$res/boot-$1.log
		if [ -n "${BOOTS:-}" ] && [[ " $BOOTS " != *" $1 "* ]]; then
			[ ! -f "$log" ] || logs+=("$log")
			return
		fi
		logs+=("$log")
		kboot_qemu boot-test.sh "$log" 'relopt-kboot: done' "$5 " \
			"module.kallsyms_selftest=$2 relopt_bad=$2 relopt_kprobe_n=$3 relopt_reps=$reps relopt_rounds=$4 relopt_variants=$5"
	}
	logs=()
	# The KUnit test, the self-test (relopt's tables and the kernel's
	# own index) and the damaged modules, once, with no timings.
	boot selftest 1 0 0 relopt-1,plain-2
	for r in $(seq 1 "$runs"); do
		boot icount$r 0 "$kprobe_n" "$rounds" plain-0,relopt-0,relopt-1,plain-2
	done
	python3 "$here/parse-log.py" "$arch" "${logs[@]}" | tee "$res/table.md"
	[ "${PIPESTATUS[0]}" = 0 ]
done
