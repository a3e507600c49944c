#!/bin/bash
# boot-test.sh -- build Debian's linux-source-6.12 (or 6.1) for arm64 and/or
# 32-bit ARM, unpatched and with the relopt sort-skip patches (plus the
# relopt-plt debug output of instrument.py), boot each kernel under qemu
# -M virt with qemu's instruction-count clock and an initramfs that loads
# modules plain and relopt'd, and print the table of PLT counts and time in
# module_frob_arch_sections.  Not part of CI: the first build of a kernel
# takes 20-60 minutes on 2 cores (see README.md).
#
# Usage: loader/linux/boot-test.sh [--kernel 6.12|6.1] [--runs N] [--wall]
#                                  [--small] [--scale] [arm64] [arm]
#                                                         (default: both)
#   --kernel V  the linux-source-V package to build (default 6.12, or $KVER)
#   --runs N    boot each kernel N times with -icount (default 2), to show
#               that the guest times repeat
#   --wall      one more boot of each kernel without -icount (TCG guest time,
#               which moves with the host's load): the second column
#   --small     configure with small.config over the arch fragment: no
#               networking, BPF, block layer, so no test_bpf and no btrfs
#               (about half the first build; the crypto modules remain)
#   --build-only  stop after building the two kernels
#   --scale     instead of the real modules (test_bpf, btrfs, crypto), load
#               the generated modules of scale.py (15 to 257,394 relocations,
#               the 2016 table's distinct-target counts), built by kbuild
#               against the same tree
# Environment:
#   KWORK   work directory for the kernel trees (default /var/tmp/relopt-kernel;
#           about 3 GiB per kernel version)
#   RELOPT  relopt binary (default: build/src/relopt of this checkout)
#   JOBS    make -j value (default: number of CPUs)
#   ROUNDS  loads of each module per boot (default 3, --scale 2); the
#           tables give the median over them
#   ICOUNT  qemu -icount argument (default shift=0,sleep=off: the guest
#           clock advances 1 ns per guest instruction, never with host time)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
kwork=${KWORK:-/var/tmp/relopt-kernel}
relopt=${RELOPT:-$top/build/src/relopt}
jobs=${JOBS:-$(nproc)}
icount=${ICOUNT:-shift=0,sleep=off}
kver=${KVER:-6.12}
runs=2 wall=0 scale=0 small=0 build_only=0
arches=()
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kver=$2; shift ;;
	--kernel=*) kver=${1#*=} ;;
	--runs) runs=$2; shift ;;
	--runs=*) runs=${1#*=} ;;
	--wall) wall=1 ;;
	--scale) scale=1 ;;
	--small) small=1 ;;
	--build-only) build_only=1 ;;
	arm64|arm) arches+=("$1") ;;
	*) echo "boot-test.sh: unknown argument $1 (see the header)" >&2; exit 2 ;;
	esac
	shift
done
[ ${#arches[@]} -gt 0 ] || arches=(arm64 arm)
case $kver in
6.1|6.12) ;;
*) echo "boot-test.sh: --kernel 6.12 or 6.1" >&2; exit 2 ;;
esac
patches=("$here/$kver"/000[1-9]-*.patch)

# The packages and relopt: the kallsyms rigs' ktree_require.
. "$here/kallsyms/ktree.sh"
ktree_require boot-test.sh "$relopt" linux-source-$kver \
	gcc-aarch64-linux-gnu gcc-arm-linux-gnueabi qemu-system-arm bc flex \
	bison libssl-dev libelf-dev cpio make python3

src=$kwork/linux-source-$kver
orig=$kwork/orig-$kver
mkdir -p "$kwork"
if [ ! -d "$src" ]; then
	echo "== unpacking /usr/src/linux-source-$kver.tar.xz into $kwork"
	tar -C "$kwork" -xf "/usr/src/linux-source-$kver.tar.xz"
fi
for a in arm arm64; do
	for f in arch/$a/kernel/module-plts.c arch/$a/kernel/module.c; do
		[ -f "$orig/$f" ] || install -D -m 644 "$src/$f" "$orig/$f"
	done
done

# set_variant ARCH unpatched|patched: the tree's module-plts.c/module.c of
# ARCH as that variant, with the debug output added.  Only ARCH's files are
# touched, so another arch's build in the same tree is not disturbed.
set_variant() {
	local a=$1 f p
	for f in arch/$a/kernel/module-plts.c arch/$a/kernel/module.c; do
		cmp -s "$orig/$f" "$src/$f" || cp "$orig/$f" "$src/$f"
	done
	if [ "$2" = patched ]; then
		for p in "${patches[@]}"; do
			# each patch changes one arch's module-plts.c
			grep -q "^+++ b/arch/$a/" "$p" || continue
			(cd "$src" && patch -p1 -s < "$p")
		done
	fi
	python3 "$here/instrument.py" "$src" "$a"
}

for arch in "${arches[@]}"; do
	case $arch in
	arm64)	cross=aarch64-linux-gnu- image=Image
		qemu=(qemu-system-aarch64 -M virt -cpu cortex-a57) ;;
	arm)	cross=arm-linux-gnueabi- image=zImage
		qemu=(qemu-system-arm -M virt -cpu cortex-a15) ;;
	esac
	out=$kwork/o-$kver-$arch
	res=$kwork/$kver-$arch
	mkdir -p "$out" "$res"
	kmake() {
		make -s -C "$src" O="$out" ARCH=$arch CROSS_COMPILE=$cross \
			-j"$jobs" "$@"
	}
	frags=("$here/$arch.config")
	[ $small = 0 ] || frags+=("$here/small.config")
	if ! cat "${frags[@]}" | cmp -s - "$res/fragment"; then
		echo "== $kver $arch: configuring (${frags[*]##*/})"
		kmake allnoconfig
		(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$out" \
			"$out/.config" "${frags[@]}" >/dev/null)
		kmake olddefconfig
		cat "${frags[@]}" > "$res/fragment"
	fi
	# The two kernels differ only in module-plts.c: after the first full
	# build, each variant rebuilds module-plts.o, module.o and the link.
	for v in unpatched patched; do
		if [ -f "$res/$image-$v" ] && [ -f "$res/$image-$v.stamp" ] &&
		   [ -z "$(find "$here/$kver" "$here/instrument.py" \
			"$res/fragment" -newer "$res/$image-$v.stamp")" ]; then
			echo "== $kver $arch: $v kernel up to date"
			continue
		fi
		echo "== $kver $arch: building the $v kernel ($(date -u +%T))"
		set_variant $arch $v
		kmake $image modules
		cp "$out/arch/$arch/boot/$image" "$res/$image-$v"
		touch "$res/$image-$v.stamp"
	done
	[ $build_only = 0 ] || continue

	set_name=real
	[ $scale = 0 ] || set_name=scale
	ird=$res/$set_name
	echo "== $kver $arch: initramfs ($set_name modules)"
	rm -rf "$ird/plain" "$ird/relopt"
	mkdir -p "$ird/plain" "$ird/relopt"
	if [ $scale = 0 ]; then
		python3 "$here/modlist.py" "$out" "${cross}objcopy" "$ird/plain" \
			> "$ird/modules.list"
		rounds=${ROUNDS:-3}
	else
		python3 "$here/scale.py" "$top/bench/gen-module.py" \
			"$arch" "$ird/kbuild" > "$ird/scale.list"
		kmake M="$ird/kbuild" modules
		cut -d' ' -f1 "$ird/scale.list" | while read -r m; do
			cp "$ird/kbuild/$m.ko" "$ird/plain/"
			echo "$m.ko"
		done > "$ird/modules.list"
		rounds=${ROUNDS:-2}
	fi
	for m in "$ird"/plain/*.ko; do
		"$relopt" --hash-style=both -o "$ird/relopt/${m##*/}" "$m"
	done
	${cross}gcc -static -O2 -Wall -o "$res/init" "$here/init.c"
	{
		echo "dir /dev 0755 0 0"
		echo "nod /dev/console 0600 0 0 c 5 1"
		echo "dir /proc 0755 0 0"
		echo "dir /sys 0755 0 0"
		echo "file /init $res/init 0755 0 0"
		echo "file /modules.list $ird/modules.list 0644 0 0"
		for d in plain relopt; do
			echo "dir /$d 0755 0 0"
			for m in "$ird"/$d/*.ko; do
				echo "file /$d/${m##*/} $m 0644 0 0"
			done
		done
	} > "$ird/initramfs.list"
	"$out/usr/gen_init_cpio" "$ird/initramfs.list" > "$ird/initramfs.cpio"

	boot() {	# boot KERNEL-VARIANT LOG [QEMU-ARGS...]
		local v=$1 log=$2
		shift 2
		echo "== $kver $arch: booting the $v kernel -> ${log##*/} ($(date -u +%T))"
		timeout 7200 "${qemu[@]}" "$@" -m 1G -nographic -no-reboot \
			-kernel "$res/$image-$v" -initrd "$ird/initramfs.cpio" \
			-append "console=ttyAMA0 relopt_rounds=$rounds" \
			< /dev/null > "$log" 2>&1 || true
		grep -q 'relopt-init: done' "$log" || {
			echo "boot-test.sh: $kver $arch $v boot did not finish, see $log" >&2
			exit 1
		}
	}
	logs=()
	for r in $(seq 1 "$runs"); do
		for v in unpatched patched; do
			boot $v "$ird/boot-$v-icount$r.log" -icount "$icount"
		done
		logs+=(--run "icount$r" "$ird/boot-unpatched-icount$r.log" \
			"$ird/boot-patched-icount$r.log")
	done
	if [ $wall = 1 ]; then
		for v in unpatched patched; do
			boot $v "$ird/boot-$v-wall.log"
		done
		logs+=(--run wall "$ird/boot-unpatched-wall.log" \
			"$ird/boot-patched-wall.log")
	fi
	if [ $scale = 0 ]; then
		python3 "$here/parse-log.py" "$arch" "${logs[@]}" |
			tee "$ird/table.md"
	else
		python3 "$here/parse-log.py" --scale "$ird/scale.list" \
			--dat "$ird/scale-$arch.dat" "$arch" \
			"${logs[@]}" | tee "$ird/table.md"
	fi
	[ "${PIPESTATUS[0]}" = 0 ]
done
