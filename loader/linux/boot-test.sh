#!/bin/bash
# boot-test.sh -- build Debian's linux-source-6.1 for arm64 and/or 32-bit ARM,
# unpatched and with the relopt sort-skip patches (plus the relopt-plt debug
# output of instrument.py), boot each kernel under qemu -M virt with an
# initramfs that loads test_bpf, btrfs, crypto modules and tcrypt, plain and
# relopt'd, and print the table of PLT counts and module_frob_arch_sections
# time.  Not part of CI: it takes about an hour on 2 cores (see README.md).
#
# Usage: loader/linux/boot-test.sh [arm64] [arm]      (default: both)
# Environment:
#   KWORK   work directory for the kernel trees (default /var/tmp/relopt-kernel;
#           needs about 3 GiB)
#   RELOPT  relopt binary (default: build/src/relopt of this checkout)
#   JOBS    make -j value (default: number of CPUs); make runs under nice.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
kwork=${KWORK:-/var/tmp/relopt-kernel}
relopt=${RELOPT:-$top/build/src/relopt}
jobs=${JOBS:-$(nproc)}
arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(arm64 arm)

pkgs="linux-source-6.1 gcc-aarch64-linux-gnu gcc-arm-linux-gnueabi
      qemu-system-arm bc flex bison libssl-dev libelf-dev cpio make python3"
missing=
for p in $pkgs; do
	dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "boot-test.sh: missing packages:$missing (run as root or install them)" >&2
		exit 1
	fi
	apt-get install -y $missing
fi
if [ ! -x "$relopt" ]; then
	echo "boot-test.sh: no relopt at $relopt (build it, or set RELOPT)" >&2
	exit 1
fi

src=$kwork/linux-source-6.1
files="arch/arm/kernel/module-plts.c arch/arm64/kernel/module-plts.c
       arch/arm/kernel/module.c arch/arm64/kernel/module.c"
mkdir -p "$kwork"
if [ ! -d "$src" ]; then
	echo "== unpacking /usr/src/linux-source-6.1.tar.xz into $kwork"
	tar -C "$kwork" -xf /usr/src/linux-source-6.1.tar.xz
	for f in $files; do
		install -D -m 644 "$src/$f" "$kwork/orig/$f"
	done
fi

# set_variant unpatched|patched: the tree's module-plts.c/module.c as that
# variant, with the debug output added.
set_variant() {
	for f in $files; do
		cmp -s "$kwork/orig/$f" "$src/$f" || cp "$kwork/orig/$f" "$src/$f"
	done
	if [ "$1" = patched ]; then
		(cd "$src" && for p in "$here"/0*.patch; do patch -p1 -s < "$p"; done)
	fi
	python3 "$here/instrument.py" "$src"
}

for arch in "${arches[@]}"; do
	case $arch in
	arm64)	cross=aarch64-linux-gnu- image=Image
		qemu=(qemu-system-aarch64 -M virt -cpu cortex-a57) ;;
	arm)	cross=arm-linux-gnueabi- image=zImage
		qemu=(qemu-system-arm -M virt -cpu cortex-a15) ;;
	*)	echo "boot-test.sh: unknown arch $arch" >&2; exit 2 ;;
	esac
	out=$kwork/o-$arch
	res=$kwork/$arch
	mkdir -p "$out" "$res"
	kmake() {
		nice -n 10 make -s -C "$src" O="$out" ARCH=$arch \
			CROSS_COMPILE=$cross -j"$jobs" "$@"
	}
	if ! cmp -s "$here/$arch.config" "$res/fragment"; then
		echo "== $arch: configuring"
		kmake allnoconfig
		(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$out" \
			"$out/.config" "$here/$arch.config" >/dev/null)
		kmake olddefconfig
		cp "$here/$arch.config" "$res/fragment"
	fi
	for v in unpatched patched; do
		echo "== $arch: building the $v kernel ($(date -u +%T))"
		set_variant $v
		kmake $image modules
		cp "$out/arch/$arch/boot/$image" "$res/$image-$v"
	done

	echo "== $arch: initramfs"
	rm -rf "$res/plain" "$res/relopt"
	mkdir -p "$res/plain" "$res/relopt"
	python3 "$here/modlist.py" "$out" "${cross}objcopy" "$res/plain" \
		> "$res/modules.list"
	for m in "$res"/plain/*.ko; do
		"$relopt" --hash-style=both -o "$res/relopt/${m##*/}" "$m"
	done
	${cross}gcc -static -O2 -Wall -o "$res/init" "$here/init.c"
	{
		echo "dir /dev 0755 0 0"
		echo "nod /dev/console 0600 0 0 c 5 1"
		echo "dir /proc 0755 0 0"
		echo "dir /sys 0755 0 0"
		echo "file /init $res/init 0755 0 0"
		echo "file /modules.list $res/modules.list 0644 0 0"
		for d in plain relopt; do
			echo "dir /$d 0755 0 0"
			for m in "$res"/$d/*.ko; do
				echo "file /$d/${m##*/} $m 0644 0 0"
			done
		done
	} > "$res/initramfs.list"
	"$out/usr/gen_init_cpio" "$res/initramfs.list" > "$res/initramfs.cpio"

	for v in unpatched patched; do
		echo "== $arch: booting the $v kernel ($(date -u +%T))"
		timeout 3600 "${qemu[@]}" -m 1G -nographic -no-reboot \
			-kernel "$res/$image-$v" -initrd "$res/initramfs.cpio" \
			-append console=ttyAMA0 < /dev/null > "$res/boot-$v.log" 2>&1 || true
		grep -q 'relopt-init: done' "$res/boot-$v.log" || {
			echo "boot-test.sh: $arch $v boot did not finish, see $res/boot-$v.log" >&2
			exit 1
		}
	done
	python3 "$here/parse-log.py" "$arch" "$res/boot-unpatched.log" \
		"$res/boot-patched.log" | tee "$res/table.md"
done
