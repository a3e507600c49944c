# ktree.sh -- sourced by boot-test.sh (by name), addr-boot-test.sh (by
# address) and scale-test.sh (by name, at scale), and for ktree_require by
# loader/linux/boot-test.sh (the PLT rig): what the boot tests need
# and make: the packages, the kernel source tree, its configured builds,
# the initramfs and the qemu boot.
#
# ktree_checkout KWORK SCRIPT PATCH...: make KWORK/src Debian's
# linux-source-6.12 with PATCH... applied, in a git repository: a
# "pristine" commit of the package (its top-level .gitignore holds "/*",
# so files are added with -f), then one commit with the patches.  The
# wanted tree is computed in a scratch index of its own (two scripts may
# run at once) and only the files that differ are written, so a rerun
# rebuilds only what changed; a new 6.12.x package (Debian moves it)
# starts a new tree and removes the old builds (KWORK/o-*).  SCRIPT names
# the caller in messages.  Exits on failure.
# ktree_args SCRIPT ARG...: the boot tests' command line, [--runs N]
# [--build-only] [--reuse] [amd64] [arm64], into the caller's variables
# runs (default 2), build_only, reuse (0 or 1) and the array arches
# (default: the caller's arches when set, else both).  SCRIPT names the
# caller in messages; exits 2 on an unknown argument.
ktree_args() {
	local script=$1 dflt=(amd64 arm64)
	shift
	[ -z "${arches+set}" ] || [ ${#arches[@]} = 0 ] || dflt=("${arches[@]}")
	runs=2 build_only=0 reuse=0
	arches=()
	while [ $# -gt 0 ]; do
		case $1 in
		--runs) runs=$2; shift ;;
		--runs=*) runs=${1#*=} ;;
		--build-only) build_only=1 ;;
		--reuse) reuse=1 ;;
		amd64|arm64) arches+=("$1") ;;
		*) echo "$script: unknown argument $1 (see the header)" >&2; exit 2 ;;
		esac
		shift
	done
	[ ${#arches[@]} -gt 0 ] || arches=("${dflt[@]}")
}

# ktree_configure SCRIPT FRAG...: configure the kernel build $out of
# $src for $karch with $cross (allnoconfig, FRAG... merged over it,
# olddefconfig) unless it was configured with the same fragments (kept in
# $out/.relopt-fragment); warn of each CONFIG_ option FRAG... sets that
# the result lacks.  SCRIPT names the caller in messages.
ktree_configure() {
	local script=$1 o
	shift
	if [ -f "$out/.config" ] && cat "$@" | cmp -s - "$out/.relopt-fragment"; then
		return
	fi
	echo "== $arch: configuring ${out##*/} (${*##*/})"
	ktree_make allnoconfig
	(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$out" \
		"$out/.config" "$@" >/dev/null)
	ktree_make olddefconfig
	for o in $(grep -h '^CONFIG_.*=[ym]' "$@" | cut -d= -f1); do
		grep -q "^$o=" "$out/.config" ||
			echo "$script: warning: $arch: $o not set" >&2
	done
	cat "$@" > "$out/.relopt-fragment"
}

# ktree_make ARG...: make ARG... in $src with O=$out, ARCH=$karch,
# CROSS_COMPILE=$cross, -j$jobs, nice.
ktree_make() {
	nice make -s -C "$src" O="$out" ARCH="$karch" CROSS_COMPILE="$cross" \
		-j"$jobs" "$@"
}

# kboot_qemu SCRIPT LOG MARKER WHAT APPEND: boot $res/kernel with
# $res/initramfs.cpio under "${qemu[@]}" -icount $icount, kernel command
# line "console=$console nokaslr panic=-1 APPEND", the console into LOG;
# with reuse=1 a LOG that already holds MARKER (the /init's last line) is
# kept.  Exits 1 (naming SCRIPT and $arch) when the boot does not reach
# MARKER.  WHAT is shown in the progress line.
kboot_qemu() {
	local script=$1 log=$2 marker=$3 what=$4 append=$5
	if [ "$reuse" = 1 ] && grep -q "$marker" "$log" 2>/dev/null; then
		echo "== $arch: reusing ${log##*/}"
		return
	fi
	echo "== $arch: booting $what-> ${log##*/} ($(date -u +%T))"
	timeout 14400 "${qemu[@]}" -icount "$icount" -m 2G \
		-nographic -no-reboot -kernel "$res/kernel" \
		-initrd "$res/initramfs.cpio" \
		-append "console=$console nokaslr panic=-1 $append" \
		< /dev/null > "$log" 2>&1 || true
	grep -q "$marker" "$log" || {
		echo "$script: $arch boot did not finish, see $log" >&2
		exit 1
	}
}

# ktree_require SCRIPT RELOPT PACKAGE...: install the Debian packages
# that are missing (root only; otherwise name them and exit 1), and exit 1
# unless RELOPT is an executable.  SCRIPT names the caller in messages.
ktree_require() {
	local script=$1 relopt=$2 p missing=
	shift 2
	for p in "$@"; do
		dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
	done
	if [ -n "$missing" ]; then
		if [ "$(id -u)" != 0 ]; then
			echo "$script: missing packages:$missing (run as root or install them)" >&2
			exit 1
		fi
		apt-get install -y $missing
	fi
	if [ ! -x "$relopt" ]; then
		echo "$script: no relopt at $relopt (build it, or set RELOPT)" >&2
		exit 1
	fi
}

ktree_checkout() {
	local kwork=$1 script=$2 src=$1/src pkgver pristine idx want p
	shift 2
	git_k() { git -C "$src" -c user.name=relopt -c user.email=relopt@invalid "$@"; }
	mkdir -p "$kwork"
	pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
	# Never remove a tree these scripts did not make, or one with work
	# in it: a worktree made by hand as KWORK/src had no src.version and
	# was unpacked over, its builds removed (2026-12-05).
	if [ -e "$src/.git" ] && [ ! -f "$kwork/src.version" ]; then
		echo "$script: $src exists but $kwork/src.version does not: not a tree these scripts made, so not replaced (write the linux-source-6.12 version it holds into $kwork/src.version, or remove it)" >&2
		exit 1
	fi
	if [ -e "$src/.git" ] &&
	   [ "$(cat "$kwork/src.version")" != "$pkgver" ] &&
	   [ -n "$(git_k status --porcelain --untracked-files=no)" ]; then
		echo "$script: $src is of linux-source-6.12 $(cat "$kwork/src.version"), the package is now $pkgver, and the tree has uncommitted changes: commit or reset them before it is replaced" >&2
		exit 1
	fi
	if [ ! -e "$src/.git" ] ||
	   [ "$(cat "$kwork/src.version" 2>/dev/null)" != "$pkgver" ]; then
		echo "== unpacking /usr/src/linux-source-6.12.tar.xz ($pkgver) into $src"
		rm -rf "$kwork/linux-source-6.12" "$src" "$kwork"/o-*
		tar -C "$kwork" -xf /usr/src/linux-source-6.12.tar.xz
		mv "$kwork/linux-source-6.12" "$src"
		git_k init -q
		git_k add -f -A
		git_k commit -q -m pristine
		echo "$pkgver" > "$kwork/src.version"
	fi
	pristine=$(git_k log --format=%H --grep='^pristine$' | tail -n 1)
	if [ -n "$(git_k status --porcelain --untracked-files=no)" ]; then
		echo "$script: $src has uncommitted changes; commit or reset them" >&2
		exit 1
	fi
	idx=$(mktemp "$kwork/series.index.XXXXXX")
	rm -f "$idx"
	GIT_INDEX_FILE=$idx git_k read-tree "$pristine"
	for p in "$@"; do
		GIT_INDEX_FILE=$idx git_k apply --cached "$p" || {
			rm -f "$idx"
			echo "$script: $p does not apply" >&2
			exit 1
		}
	done
	want=$(GIT_INDEX_FILE=$idx git_k write-tree)
	rm -f "$idx"
	if [ "$want" != "$(git_k rev-parse 'HEAD^{tree}')" ]; then
		echo "== $src: checking out the patches (changed files only)"
		git_k read-tree -m -u HEAD "$want"
		git_k commit -q -m "patches: ${*##*/}"
	fi
}

# kboot_file_bad RES M: file the damaged copies RES/bad/M-TAG.ko of module
# M as RES/bad/TAG/M.ko (the module keeps its name) and list each in
# RES/bad.list.
kboot_file_bad() {
	local res=$1 m=$2 f tag
	for f in "$res/bad/$m"-*.ko; do
		tag=${f##*/$m-}
		tag=${tag%.ko}
		mkdir -p "$res/bad/$tag"
		mv "$f" "$res/bad/$tag/$m.ko"
		echo "$tag/$m.ko" >> "$res/bad.list"
	done
}

# kboot_initramfs RES OUT CROSS INIT_C: build INIT_C as a static /init
# with CROSS's gcc and write RES/initramfs.cpio (through the kernel
# build OUT's gen_init_cpio): /init, /modules.list, /bad.list, the
# modules of RES/plain and RES/relopt (either may be empty), and those
# RES/bad.list names.
kboot_initramfs() {
	local res=$1 out=$2 cross=$3 init_c=$4 d m b
	"${cross}gcc" -static -O2 -Wall -o "$res/init" "$init_c"
	{
		echo "dir /dev 0755 0 0"
		echo "nod /dev/console 0600 0 0 c 5 1"
		echo "dir /proc 0755 0 0"
		echo "dir /sys 0755 0 0"
		echo "file /init $res/init 0755 0 0"
		echo "file /modules.list $res/modules.list 0644 0 0"
		echo "file /bad.list $res/bad.list 0644 0 0"
		for d in plain relopt; do
			echo "dir /$d 0755 0 0"
			for m in "$res"/$d/*.ko; do
				[ -e "$m" ] || continue
				echo "file /$d/${m##*/} $m 0644 0 0"
			done
		done
		echo "dir /bad 0755 0 0"
		while read -r b; do
			echo "dir /bad/${b%/*} 0755 0 0"
			echo "file /bad/$b $res/bad/$b 0644 0 0"
		done < "$res/bad.list"
	} > "$res/initramfs.list"
	"$out/usr/gen_init_cpio" "$res/initramfs.list" > "$res/initramfs.cpio"
}
