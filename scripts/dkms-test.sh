#!/bin/sh
# dkms-test.sh -- a module that Debian's dkms builds and installs gets
# relopt's tables, through the hook scripts/dkms-sign-file (installed as
# /usr/share/relopt/dkms-sign-file), with a real Debian DKMS package:
#   0. the control: dkms build without the hook
#   1. /etc/dkms/framework.conf.d/relopt.conf sets DKMS's sign_file to the
#      hook (the README's recipe), RELOPT_FLAGS=--hash-style=both
#   2. Debian's dkms and acpi-call-dkms (a one-file module; both from
#      scripts/install-deps.sh)
#   3. dkms build and dkms install -k VERSION for the newest installed
#      linux-headers-*-ARCH (Debian's)
#   4. the installed module: relopt --check --hash-style=both passes on it
#      and on the bytes DKMS signed, and the signature verifies with
#      DKMS's certificate (/var/lib/dkms/mok.pub), so relopt ran before
#      signing; the control, the same dkms build without the hook, gives
#      a signed module with no table
# Afterwards the module is removed from DKMS and relopt.conf deleted.
#
#   scripts/dkms-test.sh [--relopt-hook PATH] [--keep]
#
#   --relopt-hook PATH  the hook (default /usr/share/relopt/dkms-sign-file,
#                       the relopt package's)
#
# Root only; relopt must be on PATH (the relopt package).  Exit status: 0
# pass, 1 fail, 77 skipped (not root, no headers, no dkms package).
set -u
. "$(dirname "$0")/common.sh"
relopt_kbuild_script dkms-test
hook=/usr/share/relopt/dkms-sign-file
pkg=acpi-call-dkms
while [ $# -gt 0 ]; do
  case $1 in
    --relopt-hook) hook=$2; shift 2 ;;
    *) relopt_kbuild_option "$@"; shift "$relopt_nargs" ;;
  esac
done
[ "$(id -u)" = 0 ] || skip "needs root (dkms install)"
command -v relopt >/dev/null 2>&1 || skip "relopt is not on PATH (install the relopt package)"
[ -x "$hook" ] || fail "$hook is not installed"
relopt_kbuild_workdir dkms
relopt_host_kdir "$(dpkg --print-architecture)"
kver=${kdir#/usr/src/linux-headers-}

conf=/etc/dkms/framework.conf.d/relopt.conf
cleanup () {
  rm -f "$conf"
  [ -z "${mod:-}" ] || dkms remove "$mod/$ver" --all > /dev/null 2>&1
  relopt_kbuild_cleanup
}
trap cleanup EXIT

# The control: DKMS's own build, no hook.
for p in dkms $pkg; do
  dpkg-query -W -f='${Status}\n' $p 2>/dev/null | grep -q 'ok installed' \
    || skip "$p is not installed (scripts/install-deps.sh)"
done
rm -f "$conf"
ver=$(dpkg-query -W -f='${Version}' $pkg | sed 's/-[^-]*$//; s/^[0-9]*://')
mod=$(sed -n 's/^PACKAGE_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /usr/src/*-"$ver"/dkms.conf 2>/dev/null | head -1)
[ -n "$mod" ] || fail "no /usr/src/*-$ver/dkms.conf from $pkg"
kmod=$(sed -n 's/^BUILT_MODULE_NAME\[0\]="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "/usr/src/$mod-$ver/dkms.conf")
[ -n "$kmod" ] || kmod=$mod
say "$pkg: DKMS module $mod/$ver ($kmod.ko), kernel $kver ($kdir)"
arch=$(uname -m)
built=/var/lib/dkms/$mod/$ver/$kver/$arch/module/$kmod.ko
dkms remove "$mod/$ver" -k "$kver" > /dev/null 2>&1
dkms build "$mod/$ver" -k "$kver" > "$work/build0.log" 2>&1 \
  || { tail -20 "$work/build0.log"; fail "dkms build $mod/$ver -k $kver (no hook)"; }
[ -f "$built" ] || fail "dkms build left no $built"
relopt_module_sig_verify "$built" /var/lib/dkms/mok.pub "$work" > /dev/null \
  || fail "control: DKMS did not sign $built"
if readelf -S -W "$built" | grep -Eq ' \.(gnu\.)?hash '; then
  fail "control: $built has a hash table without the hook"
fi
say "control: dkms build without the hook: $kmod.ko signed, no table"
dkms remove "$mod/$ver" -k "$kver" > /dev/null 2>&1

# 1-3. The hook (README's recipe), then build and install.
mkdir -p "$(dirname "$conf")"
printf 'sign_file=%s\n' "$hook" > "$conf"
export RELOPT_FLAGS=--hash-style=both
dkms build "$mod/$ver" -k "$kver" > "$work/build.log" 2>&1 \
  || { tail -20 "$work/build.log"; fail "dkms build $mod/$ver -k $kver"; }
grep -q "Sign command: $hook" "$work/build.log" \
  || { cat "$work/build.log"; fail "dkms did not use $hook as sign_file"; }
dkms install "$mod/$ver" -k "$kver" > "$work/install.log" 2>&1 \
  || { tail -20 "$work/install.log"; fail "dkms install $mod/$ver -k $kver"; }

# 4. The installed module.
ko=$(find "/lib/modules/$kver/updates" "/lib/modules/$kver/extra" -name "$kmod.ko*" 2>/dev/null | head -1)
[ -n "$ko" ] || fail "dkms install left no $kmod.ko under /lib/modules/$kver/updates or extra"
case $ko in *.ko) ;; *) fail "$ko: compressed; this test reads .ko only" ;; esac
relopt --check --hash-style=both "$ko" || fail "$ko: relopt --check --hash-style=both"
why=$(relopt_module_sig_verify "$ko" /var/lib/dkms/mok.pub "$work") || fail "$ko: $why"
relopt --check --hash-style=both "$work/content" \
  || fail "$ko: the signed bytes have no current tables (signed before relopt?)"
say "PASS: dkms build/install $mod/$ver for $kver: $ko has .hash and .gnu.hash (relopt --check), signed by DKMS after relopt (openssl cms with /var/lib/dkms/mok.pub)"
exit 0
