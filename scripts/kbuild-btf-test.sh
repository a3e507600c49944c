#!/bin/sh
# kbuild-btf-test.sh -- the BTF step of a real kbuild, where the ld
# plugin's tables go stale and the install slot's do not.
#
# In a copy of Debian's headers tree with the kernel's unstripped vmlinux
# (from linux-image-VERSION-ARCH-dbg) and resolve_btfids (built from
# linux-source's tools/bpf/resolve_btfids), kbuild runs, after the .ko
# link, `pahole -J --btf_base vmlinux' (objcopy adds .BTF) and
# `resolve_btfids' on each external module, as it does on distribution
# kernels with CONFIG_DEBUG_INFO_BTF_MODULES=y.  Then:
#   1. built with the plugin (LDFLAGS_MODULE=-plugin ...): the .ko has .BTF
#      and `relopt --check' FAILS (stale table) -- the documented limit;
#   2. built plainly and installed with STRIP=relopt
#      INSTALL_MOD_STRIP="--strip-debug --hash-style=both": .BTF kept,
#      `relopt --check' passes, byte-identical to strip + relopt.
#
#   scripts/kbuild-btf-test.sh [--relopt PATH] [--kdir DIR] [--keep]
#
# Needs (else exit 77, SKIP): linux-headers-ARCH, dwarves (pahole),
# libelf-dev, linux-source-VERSION (its tarball), and the -dbg package's
# vmlinux: $RELOPT_VMLINUX, else the kbuild cache (scripts/common.sh,
# relopt_kbuild_cache)/dbg/usr/lib/debug/boot/vmlinux-RELEASE,
# downloaded there (858 MB, unpacking only vmlinux) when missing.

set -u
. "$(dirname "$0")/common.sh"
relopt_own_make_flags
relopt_kbuild_script kbuild-btf-test
while [ $# -gt 0 ]; do
  case $1 in
    --kdir) kdir=$2; shift 2 ;;
    *) relopt_kbuild_option "$@"; shift "$relopt_nargs" ;;
  esac
done

relopt_require_relopt
plugin=$("$relopt" --plugin-path)
[ -f "$plugin" ] || fail "ld plugin not found: $plugin"
arch=$(dpkg --print-architecture)
cache=$(relopt_kbuild_cache)
if [ -z "$kdir" ]; then
  kdir=$(ls -d /usr/src/linux-headers-*-"$arch" 2>/dev/null | sort -rV | head -1)
fi
[ -n "$kdir" ] && [ -f "$kdir/Makefile" ] || skip "no linux-headers-$arch"
grep -q '^CONFIG_DEBUG_INFO_BTF_MODULES=y' "$kdir/include/config/auto.conf" \
  || skip "$kdir: CONFIG_DEBUG_INFO_BTF_MODULES is not set"
command -v pahole >/dev/null 2>&1 || skip "pahole not installed (dwarves)"
release=$(sed -n 's/^override KERNELRELEASE = //p' "$kdir/.kernelvariables" 2>/dev/null)
[ -n "$release" ] || release=${kdir#/usr/src/linux-headers-}
ver=${release%-"$arch"}

# vmlinux from the -dbg package.
vmlinux=${RELOPT_VMLINUX:-$cache/dbg/usr/lib/debug/boot/vmlinux-$release}
if [ ! -f "$vmlinux" ]; then
  relopt_fetch_dbg_deb "$cache" "$release"
  mkdir -p "$cache/dbg"
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$cache/dbg" "./usr/lib/debug/boot/vmlinux-$release" \
    || skip "no vmlinux in $deb"
fi
[ -f "$vmlinux" ] || skip "no vmlinux ($vmlinux)"

# resolve_btfids from linux-source-VERSION.
rb=$cache/resolve_btfids/resolve_btfids
if [ ! -x "$rb" ]; then
  tarball=$(ls /usr/src/linux-source-"${ver%%.[0-9]*-*}"*.tar.xz /usr/src/linux-source-*.tar.xz 2>/dev/null | head -1)
  [ -n "$tarball" ] || skip "linux-source not installed (apt-get install linux-source-6.1)"
  top=$(basename "$tarball" .tar.xz)
  mkdir -p "$cache/src" "$cache/resolve_btfids"
  if [ ! -d "$cache/src/$top/tools/bpf/resolve_btfids" ]; then
    tar -xJf "$tarball" -C "$cache/src" "$top/tools" "$top/include/uapi" \
      "$top/include/linux/btf_ids.h" "$top/arch/x86/include/uapi" "$top/scripts" "$top/Makefile" \
      || skip "cannot unpack $tarball"
  fi
  make -C "$cache/src/$top/tools/bpf/resolve_btfids" O="$cache/resolve_btfids" \
    > "$cache/resolve_btfids.log" 2>&1 \
    || skip "building resolve_btfids failed (libelf-dev? see $cache/resolve_btfids.log)"
fi

relopt_kbuild_workdir btf

# The copy of the headers tree, with vmlinux and tools/bpf/resolve_btfids.
bk=$work/kdir
cp -a "$kdir" "$bk" || fail "copy $kdir"
rm -f "$bk/scripts" "$bk/tools"
ln -s "$(readlink -f "$kdir/scripts")" "$bk/scripts"
mkdir -p "$bk/tools/bpf/resolve_btfids"
ln -s "$(readlink -f "$kdir/tools")/objtool" "$bk/tools/objtool"
ln -s "$rb" "$bk/tools/bpf/resolve_btfids/resolve_btfids"
ln -s "$vmlinux" "$bk/vmlinux"

mod=$work/mod
mkdir -p "$mod"
cat > "$mod/Kbuild" <<'EOF'
obj-m := relopt_btf.o
ccflags-y += -g
EOF
cat > "$mod/relopt_btf.c" <<'EOF'
#include <linux/module.h>
#include <linux/slab.h>
struct relopt_btf_item { int key; long value; struct relopt_btf_item *next; };
static struct relopt_btf_item *head;
int relopt_btf_push(int key, long value)
{
	struct relopt_btf_item *it = kmalloc(sizeof(*it), GFP_KERNEL);
	if (!it)
		return -ENOMEM;
	it->key = key; it->value = value; it->next = head; head = it;
	return 0;
}
EXPORT_SYMBOL_GPL(relopt_btf_push);
static int __init b_init(void) { return relopt_btf_push(1, 2); }
static void __exit b_exit(void) { while (head) { struct relopt_btf_item *n = head->next; kfree(head); head = n; } }
module_init(b_init);
module_exit(b_exit);
MODULE_LICENSE("GPL");
EOF
ko=$mod/relopt_btf.ko

# 1. The plugin route.
make -C "$bk" M="$mod" modules LDFLAGS_MODULE="-plugin $plugin -plugin-opt hash-style=both" \
  V=1 > "$work/b1.log" 2>&1 || { tail -20 "$work/b1.log"; fail "build with the plugin"; }
grep -q -- "-plugin $plugin" "$work/b1.log" || fail "the .ko link did not get the plugin"
grep -q "pahole -J" "$work/b1.log" || { grep -i btf "$work/b1.log"; fail "kbuild did not run pahole -J"; }
grep -q "resolve_btfids -b vmlinux" "$work/b1.log" || fail "kbuild did not run resolve_btfids"
readelf -S -W "$ko" 2>/dev/null | grep -q ' \.BTF ' || fail "no .BTF in the plugin's .ko"
if "$relopt" --check --hash-style=both "$ko" > "$work/c1" 2>&1; then
  fail "the plugin's tables survived the BTF step (expected stale): relopt --check passed"
fi
say "plugin route: .BTF added after the link, relopt --check fails as documented: $(cat "$work/c1")"

# 2. The install slot.
make -C "$bk" M="$mod" clean > /dev/null 2>&1
make -C "$bk" M="$mod" modules V=1 > "$work/b2.log" 2>&1 || { tail -20 "$work/b2.log"; fail "plain build"; }
readelf -S -W "$ko" | grep -q ' \.BTF ' || fail "no .BTF in the plain .ko"
make -C "$bk" M="$mod" modules_install INSTALL_MOD_PATH="$work/inst" DEPMOD=true \
  STRIP="$relopt" INSTALL_MOD_STRIP="--strip-debug --hash-style=both" > "$work/i.log" 2>&1 \
  || { tail -20 "$work/i.log"; fail "modules_install STRIP=relopt"; }
iko=$(find "$work/inst" -name relopt_btf.ko)
[ -f "$iko" ] || fail "no installed module"
readelf -S -W "$iko" > "$work/sec"
grep -q ' \.BTF ' "$work/sec" || fail "installed module lost .BTF"
grep -q ' \.debug_' "$work/sec" && fail "installed module keeps .debug_*"
"$relopt" --check --hash-style=both "$iko" || fail "install slot: relopt --check"
strip --strip-debug -o "$work/ref.ko" "$ko" && "$relopt" --hash-style=both "$work/ref.ko" \
  && cmp -s "$work/ref.ko" "$iko" || fail "install slot output differs from strip + relopt"
"$relopt" --check --strip-debug --hash-style=both --against "$ko" "$iko" \
  || fail "install slot: --check --strip-debug --against the built .ko"
say "install slot: .BTF kept, relopt --check passes, equal to strip + relopt"
say "PASS"
exit 0
