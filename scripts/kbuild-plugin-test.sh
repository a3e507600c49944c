#!/bin/sh
# kbuild-plugin-test.sh -- build a small out-of-tree kernel module with
# Debian's real kbuild, without and then with the relopt ld plugin, and
# check the plugin's .ko.
#
#   scripts/kbuild-plugin-test.sh [--plugin PATH] [--relopt PATH]
#                                 [--kdir DIR] [--no-install] [--keep]
#
#   --plugin PATH  relopt.so (default: $RELOPT_PLUGIN, else
#                  plugin/.libs/relopt.so under the current directory)
#   --relopt PATH  the relopt command, for --check (default: $RELOPT, else
#                  src/relopt under the current directory; optional)
#   --kdir DIR     a kernel build directory (default: the newest
#                  /usr/src/linux-headers-*-ARCH, which need not match the
#                  running kernel: the module is only built, never loaded)
#   --no-install   do not apt-get install linux-headers-ARCH when missing
#   --keep         keep the scratch directory
#
# Exit status: 0 pass, 1 fail, 77 skipped (no kernel headers, no kbuild
# toolchain), as automake's test driver and the DejaGnu driver expect.
#
# How the plugin reaches kbuild.  scripts/Makefile.modfinal links each
# module with
#     $(LD) -r $(KBUILD_LDFLAGS) $(KBUILD_LDFLAGS_MODULE) $(LDFLAGS_MODULE)
#           -T scripts/module.lds -o foo.ko foo.o foo.mod.o
# LDFLAGS_MODULE is the variable kbuild leaves to the user (empty in the
# top Makefile, exported); KBUILD_LDFLAGS_MODULE belongs to the kernel
# (it carries --build-id=sha1) and must not be overridden.  So:
#     make -C /usr/src/linux-headers-VERSION-ARCH M=$PWD modules \
#          LDFLAGS_MODULE="-plugin $(relopt --plugin-path) \
#                          -plugin-opt hash-style=both"
# Only the final .ko link sees it (the multi-object foo.o link uses
# KBUILD_LDFLAGS and ldflags-y), which is what we want: the .ko is the
# output the loader reads.  Changing LDFLAGS_MODULE re-links the .ko only
# (kbuild's if_changed compares the command line).  Afterwards nothing
# may touch the symbol table: with CONFIG_DEBUG_INFO_BTF_MODULES and a
# vmlinux present, modfinal runs pahole -J and resolve_btfids on the .ko
# (objcopy zeroes the hash tables' sh_link); out-of-tree builds against
# Debian's headers have no vmlinux, so BTF is skipped (with a vmlinux the
# tables go stale: scripts/kbuild-btf-test.sh).  Strip at install
# (INSTALL_MOD_STRIP) renumbers symbols too.  So kernel builds use the
# install slot, `make modules_install STRIP=relopt INSTALL_MOD_STRIP=...'
# (scripts/kbuild-install-test.sh; relopt(1), KERNEL BUILDS), and this
# test covers the plugin for builds whose `ld -r' is the last step.

set -u
. "$(dirname "$0")/common.sh"
relopt_own_make_flags
relopt_kbuild_script kbuild-plugin-test

plugin=${RELOPT_PLUGIN:-}
while [ $# -gt 0 ]; do
  case $1 in
    --plugin) plugin=$2; shift 2 ;;
    --kdir) kdir=$2; shift 2 ;;
    --no-install) install=no; shift ;;
    *) relopt_kbuild_option "$@"; shift "$relopt_nargs" ;;
  esac
done

[ -n "$plugin" ] || plugin=$PWD/plugin/.libs/relopt.so
plugin=$(relopt_abspath "$plugin")
[ -f "$plugin" ] || fail "plugin not found: $plugin (build it, or pass --plugin)"
relopt_default_relopt
[ -x "$relopt" ] || relopt=

arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)

[ -n "$kdir" ] || relopt_host_kdir "$arch"
[ -f "$kdir/Makefile" ] || skip "$kdir is not a kernel build directory"

# The compiler the kernel was configured with (Debian: gcc-12 for 6.1).
kcc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\{0,1\}\([^ ]*\) .*/\1/p' \
      "$kdir/include/config/auto.conf" 2>/dev/null)
if [ -n "$kcc" ] && ! command -v "$kcc" >/dev/null 2>&1; then
  skip "the kernel was built with $kcc, which is not installed"
fi
command -v make >/dev/null 2>&1 || skip "make not installed"

relopt_kbuild_workdir kbuild

# A two-file module, so kbuild also runs its own `ld -r' for relopt_demo.o
# before the .ko link.  Exported and static functions, a weak one, data,
# and calls to the kernel.
mod=$work/mod
mkdir -p "$mod"
cat > "$mod/Kbuild" <<'EOF'
obj-m := relopt_demo.o
relopt_demo-y := demo_main.o demo_util.o
EOF
cat > "$mod/demo_util.c" <<'EOF'
#include <linux/kernel.h>
#include <linux/module.h>
int relopt_demo_counter;
EXPORT_SYMBOL_GPL(relopt_demo_counter);
static int helper(int x) { return x * 3 + relopt_demo_counter; }
int relopt_demo_add(int a, int b) { return helper(a) + b; }
EXPORT_SYMBOL_GPL(relopt_demo_add);
int __weak relopt_demo_hook(int x) { return x; }
EOF
cat > "$mod/demo_main.c" <<'EOF'
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
int relopt_demo_add(int a, int b);
int relopt_demo_hook(int x);
static char *buf;
static int __init relopt_demo_init(void)
{
	buf = kmalloc(64, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	pr_info("relopt_demo: %d\n", relopt_demo_hook(relopt_demo_add(1, 2)));
	return 0;
}
static void __exit relopt_demo_exit(void)
{
	kfree(buf);
}
module_init(relopt_demo_init);
module_exit(relopt_demo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("relopt kbuild plugin test");
EOF

jobs=$(nproc 2>/dev/null || echo 2)
say "kernel build directory: $kdir"
say "plugin: $plugin"

# 1. Without the plugin.
if ! make -C "$kdir" M="$mod" -j"$jobs" modules > "$work/build1.log" 2>&1; then
  tail -20 "$work/build1.log"
  fail "plain module build failed (log above)"
fi
ko=$mod/relopt_demo.ko
[ -f "$ko" ] || fail "no $ko after the plain build"
cp "$ko" "$work/plain.ko"
if readelf -S -W "$work/plain.ko" | grep -Eq ' \.(gnu\.)?hash '; then
  fail "the plain .ko already has hash sections"
fi

# 2. With the plugin: the same tree, so only the .ko is re-linked and the
#    objects are the very same bytes.
plugin_flags="-plugin $plugin -plugin-opt hash-style=both"
if ! make -C "$kdir" M="$mod" -j"$jobs" modules \
      LDFLAGS_MODULE="$plugin_flags" V=1 > "$work/build2.log" 2>&1; then
  tail -20 "$work/build2.log"
  fail "module build with the plugin failed (log above)"
fi
grep -E "(^| )ld .*-r .*-plugin $plugin .*-o $ko|-plugin $plugin .*-o [^ ]*relopt_demo\.ko" \
  "$work/build2.log" > "$work/ld-line" \
  || { tail -20 "$work/build2.log"; fail "the .ko link did not get the plugin (LDFLAGS_MODULE)"; }
say "ko link: $(sed 's/  */ /g' "$work/ld-line" | head -1)"

# 3. The tables are there, linked to .symtab, not allocated.
readelf -S -W "$ko" > "$work/sections" || fail "readelf -S $ko"
symtab=$(awk '/\] \.symtab +SYMTAB/ { sub(/.*\[ */, ""); sub(/\].*/, ""); print }' "$work/sections")
[ -n "$symtab" ] || fail "$ko has no .symtab"
for sec in '.hash HASH' '.gnu.hash GNU_HASH'; do
  name=${sec% *}; type=${sec#* }
  line=$(grep -E "\] \\$name +$type " "$work/sections") \
    || { cat "$work/sections"; fail "$ko has no $name section of type $type"; }
  # [Nr] Name Type Address Off Size ES Flg Lk Inf Al: Flg is empty.
  lk=$(echo "$line" | sed 's/.*\] *//' | awk '{print $(NF-2)}')
  [ "$lk" = "$symtab" ] || fail "$name: sh_link $lk, .symtab is $symtab"
  say "$name: present, sh_link = .symtab ($symtab)"
done

# 4. Still a module: modinfo reads it, the same .modinfo as before.
if command -v modinfo >/dev/null 2>&1; then
  modinfo "$ko" > "$work/modinfo2" 2>&1 || fail "modinfo cannot read $ko"
  modinfo "$work/plain.ko" > "$work/modinfo1" 2>&1
  sed 's|^filename:.*||' "$work/modinfo1" > "$work/m1"
  sed 's|^filename:.*||' "$work/modinfo2" > "$work/m2"
  cmp -s "$work/m1" "$work/m2" || fail "modinfo differs between the two .ko"
fi

# 5. relopt agrees: --check passes against the plain .ko, and the command
#    on the plain .ko gives the plugin's bytes.
if [ -n "$relopt" ]; then
  "$relopt" --check --hash-style=both --against "$work/plain.ko" "$ko" \
    || fail "relopt --check --against the plain .ko failed"
  say "relopt --check --against plain.ko: ok"
  "$relopt" --hash-style=both -o "$work/cmd.ko" "$work/plain.ko" \
    || fail "relopt on the plain .ko failed"
  cmp "$work/cmd.ko" "$ko" || fail "plugin .ko and relopt's output differ"
  say "plugin .ko is byte-identical to relopt --hash-style=both plain.ko"
else
  say "relopt command not built: --check and byte-identity not run"
fi

say "PASS"
exit 0
