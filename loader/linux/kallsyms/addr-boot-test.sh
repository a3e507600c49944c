#!/bin/bash
# addr-boot-test.sh -- boot Debian's linux-source-6.12 with the
# address-order patch (6.12-addr/0001) and its test-only knobs
# (6.12-addr-test/0001, not for merging) under qemu with the
# instruction-count clock, on amd64 and arm64, load every module the small
# config builds (about 200: crypto, nls, file systems; config
# addr.config) in four variants each round (addr-init.c: today's scan,
# sort at load, relopt's order, the order ignored), and print issue 24's
# table: available_filter_functions read times and content hashes, the
# time of one lookup, load times, and the in-guest self-test.  Not part of
# CI: a first kernel build takes 20-45 minutes on 2 cores; later runs
# rebuild what changed.
#
# Usage: loader/linux/kallsyms/addr-boot-test.sh [--runs N] [--build-only]
#                                                [--reuse] [amd64] [arm64]
#   --runs N      timing boots per architecture (default 2): two runs under
#                 -icount must agree
#   --build-only  stop after building
#   --reuse       keep the boot logs already there that ended with "done"
# Environment:
#   KWORK   work directory (default /var/tmp/relopt-kaddr): src/ (a git
#           repository: a "pristine" commit of the package, then the
#           patches), o-ARCH/ (build output), ARCH/ (modules, logs)
#   RELOPT  relopt binary (default: build/src/relopt of this checkout)
#   JOBS    make -j value (default: number of CPUs)
#   ICOUNT  qemu -icount argument (default shift=0,sleep=off)
#   READS   available_filter_functions reads per variant (default 3)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
kwork=${KWORK:-/var/tmp/relopt-kaddr}
relopt=${RELOPT:-$top/build/src/relopt}
jobs=${JOBS:-$(nproc)}
icount=${ICOUNT:-shift=0,sleep=off}
reads=${READS:-3}
. "$here/ktree.sh"
ktree_args addr-boot-test.sh "$@"

# The packages and the source tree (ktree.sh): the package, then the
# patches.
ktree_require addr-boot-test.sh "$relopt" \
	linux-source-6.12 gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu \
	qemu-system-x86 qemu-system-arm bc flex bison libssl-dev libelf-dev \
	cpio make python3 git
src=$kwork/src
ktree_checkout "$kwork" addr-boot-test.sh "$here"/6.12-addr/000[1-9]-*.patch "$here"/6.12-addr-test/000[1-9]-*.patch

for arch in "${arches[@]}"; do
	case $arch in
	amd64)	karch=x86_64 cross= image=arch/x86/boot/bzImage
		console=ttyS0
		qemu=(qemu-system-x86_64 -M pc -cpu max) ;;
	arm64)	karch=arm64 cross=aarch64-linux-gnu- image=arch/arm64/boot/Image
		console=ttyAMA0
		qemu=(qemu-system-aarch64 -M virt -cpu cortex-a57) ;;
	esac
	out=$kwork/o-$arch
	res=$kwork/$arch
	mkdir -p "$out" "$res"
	ktree_configure addr-boot-test.sh "$here/common.config" \
		"$here/$arch.config" "$here/addr.config"
	echo "== $arch: building ($(date -u +%T))"
	ktree_make all
	[ $build_only = 0 ] || continue

	echo "== $arch: modules and initramfs"
	rm -rf "$res/plain" "$res/relopt" "$res/bad"
	mkdir -p "$res/plain" "$res/relopt" "$res/bad"
	# Every module built in dependency order, cryptomgr as early as its
	# dependencies allow: algorithms registered before it wait for
	# self-tests that never come (libcrc32c, and so xfs and btrfs, would
	# fail to load).  Left out: tcrypt (its init fails on purpose) and
	# aegis128, whose unload oopses on arm64 in 6.12 with or without the
	# patch (crypto_aegis128_module_exit() writes a __ro_after_init flag).
	names=$(sed -e 's|.*/||' -e 's|\.o$||' -e 's|\.ko$||' -e 's|-|_|g' \
		"$out/modules.order" |
		grep -vx -e tcrypt -e cryptomgr -e aegis128)
	names="cryptomgr $names"
	python3 "$here/../modlist.py" "$out" "${cross}objcopy" "$res/plain" \
		$names > "$res/modules.list"
	for m in "$res"/plain/*.ko; do
		"$relopt" --addr-order=yes -o "$res/relopt/${m##*/}" "$m"
	done
	# Damaged orders (damage.py --addrorder), and one left stale by
	# strip --strip-unneeded after relopt with its link restored: the
	# kernel must refuse each, load the module, and answer by the scan.
	: > "$res/bad.list"
	for m in xfs ext4; do
		[ -f "$res/relopt/$m.ko" ] || continue
		python3 "$here/damage.py" --addrorder "$res/relopt/$m.ko" "$res/bad/$m"
		"${cross}strip" --strip-unneeded -o "$res/bad/$m-strip.ko" \
			"$res/relopt/$m.ko"
		python3 "$here/damage.py" --relink --addrorder \
			"$res/bad/$m-strip.ko" "$res/bad/$m-strip-relinked.ko"
		rm "$res/bad/$m-strip.ko"
		kboot_file_bad "$res" "$m"
	done
	kboot_initramfs "$res" "$out" "$cross" "$here/addr-init.c"
	cp "$out/$image" "$res/kernel"

	# boot NAME SELFTEST: one boot -> $res/boot-NAME.log
	boot() {
		local log=$res/boot-$1.log
		logs+=("$log")
		kboot_qemu addr-boot-test.sh "$log" 'relopt-addr: done' "" \
			"relopt_selftest=$2 relopt_reads=$reads"
	}
	logs=()
	boot selftest 1
	for r in $(seq 1 "$runs"); do
		boot icount$r 0
	done
	python3 "$here/addr-parse-log.py" "$arch" "${logs[@]}" | tee "$res/table.md"
	[ "${PIPESTATUS[0]}" = 0 ]
done
