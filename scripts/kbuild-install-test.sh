#!/bin/sh
# kbuild-install-test.sh -- relopt in kbuild's install slot, with Debian's
# real kbuild: build out-of-tree modules (with -g, so strip has work),
# install them with
#     make modules_install STRIP=relopt INSTALL_MOD_STRIP=1
#     make modules_install STRIP=relopt \
#          INSTALL_MOD_STRIP="--strip-debug --hash-style=both"
# and check every installed module: the tables present, `relopt --check'
# clean, no .debug_* section left, byte-identical to binutils
# `strip --strip-debug' followed by relopt, `relopt --check --strip-debug
# --against' the built .ko, modinfo unchanged.  Then, in a copy of
# the headers tree holding a throwaway key where CONFIG_MODULE_SIG_KEY
# points, modules_install signs after relopt: the signature follows
# relopt's tables, modinfo names the signer, and the PKCS#7 signature
# verifies with openssl over the module bytes.  In `make check' (the
# host's headers, about 15 s); `make check-kbuild' adds the cross build
# and timing.
#
#   scripts/kbuild-install-test.sh [--relopt PATH] [--kdir DIR]
#       [--arch ARCH] [--no-sign] [--copies N] [--time] [--no-install]
#       [--keep]
#
#   --relopt PATH  the relopt command (default: $RELOPT, else src/relopt)
#   --kdir DIR     a kernel build directory (default: the newest
#                  /usr/src/linux-headers-*-ARCH)
#   --arch ARCH    a Debian architecture to cross-build for (arm64): the
#                  headers package is downloaded and unpacked under
#                  the kbuild cache (scripts/common.sh) and
#                  run with this machine's linux-kbuild host tools (same
#                  version) and CROSS_COMPILE=<gnu triplet>-
#   --no-sign      skip the signing run
#   --copies N     build N copies of the test module (default 2)
#   --time         report modules_install wall time with plain strip and
#                  with relopt (best of 3)
#   --no-install   do not apt-get install linux-headers-ARCH when missing
#   --keep         keep the scratch directory
#
# Exit status: 0 pass, 1 fail, 77 skipped (no headers, no toolchain).

set -u
. "$(dirname "$0")/common.sh"
relopt_own_make_flags
relopt_kbuild_script kbuild-install-test
arch=
sign=yes
copies=2
timing=no
while [ $# -gt 0 ]; do
  case $1 in
    --kdir) kdir=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --no-sign) sign=no; shift ;;
    --copies) copies=$2; shift 2 ;;
    --time) timing=yes; shift ;;
    --no-install) install=no; shift ;;
    *) relopt_kbuild_option "$@"; shift "$relopt_nargs" ;;
  esac
done

relopt_require_relopt
command -v make >/dev/null 2>&1 || skip "make not installed"
host=$(dpkg --print-architecture 2>/dev/null || echo amd64)
[ -n "$arch" ] || arch=$host
cache=$(relopt_kbuild_cache)

relopt_kbuild_workdir kinst

cross=
karch=
if [ "$arch" != "$host" ]; then
  # Cross: the target's headers package, unpacked (not installed: its
  # linux-kbuild dependency would be the target's binaries), pointed at
  # this machine's linux-kbuild of the same version.
  triplet=$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null) \
    || skip "dpkg-architecture does not know $arch"
  cross=$triplet-
  case $arch in arm64) karch=arm64 ;; armhf|armel) karch=arm ;; *) karch=$arch ;; esac
  if [ -z "$kdir" ]; then
    common=$(relopt_find_kdir /usr/src common)
    [ -n "$common" ] || common=$(ls -d /usr/src/linux-headers-*-common 2>/dev/null | sort -rV | head -1)
    [ -n "$common" ] || skip "no linux-headers-*-common installed (install linux-headers-$host)"
    ver=${common#/usr/src/linux-headers-}; ver=${ver%-common}
    flavour=$arch; [ "$arch" = armhf ] && flavour=armmp
    pkg=linux-headers-$ver-$flavour
    deb=$(ls "$cache"/${pkg}_*_"$arch".deb 2>/dev/null | sort -rV | head -1)
    if [ -z "$deb" ]; then
      mkdir -p "$cache" 2>/dev/null || skip "cannot create $cache"
      (cd "$cache" && apt-get download "$pkg:$arch" >/dev/null 2>&1) \
        || skip "cannot download $pkg:$arch (dpkg --add-architecture $arch; apt-get update)"
      deb=$(ls "$cache"/${pkg}_*_"$arch".deb | sort -rV | head -1)
    fi
    dpkg -x "$deb" "$work/xhdr" || fail "dpkg -x $deb"
    kdir=$work/xhdr/usr/src/$pkg
    [ -f "$kdir/Makefile" ] || fail "$deb has no $pkg/Makefile"
    kb=$(readlink -f "/usr/src/linux-headers-$ver-$host/scripts" 2>/dev/null)
    [ -d "$kb" ] || skip "this machine's linux-kbuild for $ver is missing (install linux-headers-$ver-$host)"
    rm -f "$kdir/scripts" "$kdir/tools"
    ln -s "$kb" "$kdir/scripts"
    ln -s "$(dirname "$kb")/tools" "$kdir/tools"
    # The Makefile includes the common tree by absolute path: the same
    # package as this machine's.
    sed -n 1p "$kdir/Makefile" | grep -q "$common" \
      || skip "$pkg's common headers are not $common"
  fi
  command -v "${cross}strip" >/dev/null 2>&1 || skip "${cross}strip not installed (binutils-$triplet)"
elif [ -z "$kdir" ]; then
  relopt_host_kdir "$arch"
fi
kcc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\{0,1\}\([^ ]*\) .*/\1/p' \
      "$kdir/include/config/auto.conf" 2>/dev/null)
[ -n "$cross" ] && kcc=${cross}gcc-$(echo "$kcc" | sed -n 's/.*gcc-\([0-9]*\)$/\1/p')
if [ -n "$kcc" ] && ! command -v "$kcc" >/dev/null 2>&1; then
  skip "the kernel was built with $kcc, which is not installed"
fi
strip_prog=${cross}strip
# kmake DIR ARGS...: make in the kernel tree DIR, cross when asked.
kmake () { d=$1; shift; make -C "$d" ${karch:+ARCH=$karch} ${cross:+CROSS_COMPILE=$cross} "$@"; }

# Out-of-tree modules: COPIES copies of a two-file module (exported,
# static and weak functions, data, calls into the kernel), -g.
mod=$work/mod
mkdir -p "$mod"
objs=
i=1
while [ $i -le "$copies" ]; do
  objs="$objs relopt_m$i.o"
  cat > "$mod/m${i}_util.c" <<EOF
#include <linux/kernel.h>
#include <linux/module.h>
int relopt_m${i}_counter;
EXPORT_SYMBOL_GPL(relopt_m${i}_counter);
static int helper(int x) { return x * 3 + relopt_m${i}_counter; }
int relopt_m${i}_add(int a, int b) { return helper(a) + b; }
EXPORT_SYMBOL_GPL(relopt_m${i}_add);
int __weak relopt_m${i}_hook(int x) { return x; }
EOF
  cat > "$mod/m${i}_main.c" <<EOF
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
int relopt_m${i}_add(int a, int b);
int relopt_m${i}_hook(int x);
static char *buf;
static int __init m_init(void)
{
	buf = kmalloc(64, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	pr_info("relopt_m$i: %d\n", relopt_m${i}_hook(relopt_m${i}_add(1, 2)));
	return 0;
}
static void __exit m_exit(void)
{
	kfree(buf);
}
module_init(m_init);
module_exit(m_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("relopt kbuild install test $i");
EOF
  echo "relopt_m$i-y := m${i}_main.o m${i}_util.o" >> "$mod/Kbuild"
  i=$((i + 1))
done
echo "obj-m := $objs" >> "$mod/Kbuild"
echo "ccflags-y += -g" >> "$mod/Kbuild"

jobs=$(nproc 2>/dev/null || echo 2)
say "kernel build directory: $kdir${cross:+ (cross: ARCH=$karch CROSS_COMPILE=$cross)}"
if ! kmake "$kdir" M="$mod" -j"$jobs" modules > "$work/build.log" 2>&1; then
  tail -20 "$work/build.log"
  fail "module build failed (log above)"
fi
nko=$(ls "$mod"/*.ko | wc -l)
[ "$nko" = "$copies" ] || fail "built $nko .ko, expected $copies"
for ko in "$mod"/*.ko; do
  readelf -S -W "$ko" | grep -q ' \.debug_info ' || fail "$ko has no .debug_info (built without -g?)"
done

# check_tree DIR OPTS...: every installed module against the built one.
# OPTS: the relopt options of the install (after --strip-debug).
checked=0
check_tree () {
  dir=$1; shift
  n=0
  for ko in $(find "$dir" -name '*.ko' | sort); do
    b=$(basename "$ko")
    src=$mod/$b
    [ -f "$src" ] || fail "installed $b has no built counterpart"
    readelf -S -W "$ko" > "$work/sec" || fail "readelf $ko"
    if grep -q ' \.debug_' "$work/sec"; then fail "$b: .debug_* left: $(grep ' \.debug_' "$work/sec" | head -2)"; fi
    # The default style is sysv: the .hash the kallsyms series reads.
    grep -q ' \.hash  *HASH ' "$work/sec" || fail "$b: no .hash"
    case " $* " in *" --hash-style=both "*)
      grep -q ' \.gnu\.hash  *GNU_HASH ' "$work/sec" || fail "$b: no .gnu.hash" ;;
    esac
    "$relopt" --check "$@" "$ko" || fail "$b: relopt --check $*"
    "$relopt" --check --strip-debug "$@" --against "$src" "$ko" \
      || fail "$b: relopt --check --strip-debug --against the built .ko"
    "$strip_prog" --strip-debug -o "$work/ref.ko" "$src" || fail "$strip_prog $src"
    "$relopt" "$@" "$work/ref.ko" || fail "relopt $* on the stripped .ko"
    cmp -s "$work/ref.ko" "$ko" || fail "$b: differs from $strip_prog --strip-debug + relopt $*"
    if command -v modinfo >/dev/null 2>&1; then
      modinfo "$ko" | grep -v '^filename:' > "$work/mi1" || fail "modinfo $ko"
      modinfo "$src" | grep -v '^filename:' > "$work/mi2"
      cmp -s "$work/mi1" "$work/mi2" || fail "$b: modinfo differs from the built .ko"
    fi
    n=$((n + 1))
  done
  [ "$n" = "$copies" ] || fail "$dir: $n modules installed, expected $copies"
  checked=$((checked + n))
}

inst () { # inst DESTDIR STRIPVALUE [make args...]
  dest=$1; strip_opt=$2; shift 2
  rm -rf "$dest"
  kmake "$kdir" M="$mod" modules_install INSTALL_MOD_PATH="$dest" \
    INSTALL_MOD_STRIP="$strip_opt" DEPMOD=true "$@"
}

# 1. INSTALL_MOD_STRIP=1: relopt --strip-debug FILE (the default .hash).
inst "$work/i1" 1 STRIP="$relopt" V=1 > "$work/i1.log" 2>&1 \
  || { tail -20 "$work/i1.log"; fail "modules_install STRIP=relopt INSTALL_MOD_STRIP=1"; }
grep -q "$relopt --strip-debug .*\.ko" "$work/i1.log" \
  || { cat "$work/i1.log"; fail "kbuild did not call relopt --strip-debug"; }
check_tree "$work/i1"
say "INSTALL_MOD_STRIP=1: $copies modules pass"

# 2. Options in INSTALL_MOD_STRIP (split into words by make's shell).
inst "$work/i2" "--strip-debug --hash-style=both" STRIP="$relopt" V=1 \
  > "$work/i2.log" 2>&1 || { tail -20 "$work/i2.log"; fail "modules_install INSTALL_MOD_STRIP='--strip-debug --hash-style=both'"; }
check_tree "$work/i2" --hash-style=both
say "INSTALL_MOD_STRIP='--strip-debug --hash-style=both': $copies modules pass"

# 3. RELOPT_FLAGS from the environment, INSTALL_MOD_STRIP=1.
RELOPT_FLAGS=--hash-style=both inst "$work/i3" 1 STRIP="$relopt" \
  > "$work/i3.log" 2>&1 || { tail -20 "$work/i3.log"; fail "modules_install with RELOPT_FLAGS"; }
check_tree "$work/i3" --hash-style=both
say "RELOPT_FLAGS=--hash-style=both INSTALL_MOD_STRIP=1: $copies modules pass"

# 3b. strip's own spelling, as a strip user writes it: INSTALL_MOD_STRIP=-g
#     (relopt -g FILE) installs the bytes INSTALL_MOD_STRIP=1 installed
#     (relopt --strip-debug FILE), module for module.  Before relopt took
#     strip's spellings this failed with "unknown option '-g'".
inst "$work/i4" -g STRIP="$relopt" V=1 > "$work/i4.log" 2>&1 \
  || { tail -20 "$work/i4.log"; fail "modules_install STRIP=relopt INSTALL_MOD_STRIP=-g"; }
grep -q "$relopt -g .*\.ko" "$work/i4.log" \
  || { cat "$work/i4.log"; fail "kbuild did not call relopt -g"; }
check_tree "$work/i4"
for ko in $(cd "$work/i1" && find . -name '*.ko' | sort); do
  cmp -s "$work/i1/$ko" "$work/i4/$ko" \
    || fail "$ko: INSTALL_MOD_STRIP=-g differs from INSTALL_MOD_STRIP=1"
done
say "INSTALL_MOD_STRIP=-g: $copies modules pass, byte-identical to INSTALL_MOD_STRIP=1"

# 4. Signing, for real: a copy of the headers tree with a throwaway key
#    where CONFIG_MODULE_SIG_KEY points and certs/signing_key.x509 as
#    kbuild's cmd_sign reads it.
if [ "$sign" = yes ]; then
  command -v openssl >/dev/null 2>&1 || skip "openssl not installed (signing test)"
  grep -q '^CONFIG_MODULE_SIG_ALL=y' "$kdir/include/config/auto.conf" \
    || skip "$kdir: CONFIG_MODULE_SIG_ALL is not set"
  key=$(sed -n 's/^CONFIG_MODULE_SIG_KEY="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$kdir/include/config/auto.conf")
  hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$kdir/include/config/auto.conf")
  case $key in /*|pkcs11:*) skip "CONFIG_MODULE_SIG_KEY=$key is not a path in the tree" ;; esac
  skdir=$work/kdir-sign
  cp -a "$kdir" "$skdir" || fail "copy $kdir"
  for l in scripts tools; do
    if [ -L "$kdir/$l" ]; then rm -f "$skdir/$l"; ln -s "$(readlink -f "$kdir/$l")" "$skdir/$l"; fi
  done
  mkdir -p "$skdir/$(dirname "$key")" "$skdir/certs"
  # As the kernel's certs/Makefile (x509.genkey), with a smaller key.
  cat > "$work/x509.genkey" <<'EOF'
[ req ]
default_bits = 2048
distinguished_name = req_distinguished_name
prompt = no
string_mask = utf8only
x509_extensions = myexts
[ req_distinguished_name ]
CN = relopt throwaway test key
[ myexts ]
basicConstraints=critical,CA:FALSE
keyUsage=digitalSignature
subjectKeyIdentifier=hash
authorityKeyIdentifier=keyid
EOF
  openssl req -new -nodes -utf8 -"$hash" -days 2 -batch -x509 \
    -config "$work/x509.genkey" -outform PEM -out "$skdir/$key" \
    -keyout "$skdir/$key" > "$work/openssl.log" 2>&1 || { cat "$work/openssl.log"; fail "openssl req"; }
  openssl x509 -in "$skdir/$key" -outform DER -out "$skdir/certs/signing_key.x509" \
    || fail "openssl x509"
  openssl x509 -in "$skdir/$key" -out "$work/cert.pem" || fail "openssl x509 (PEM)"
  kdir_save=$kdir; kdir=$skdir
  inst "$work/i4" "--strip-debug --hash-style=both" STRIP="$relopt" V=1 \
    > "$work/i4.log" 2>&1 || { tail -20 "$work/i4.log"; fail "modules_install (signing)"; }
  # The unsigned result the signature must cover: the same install into
  # the plain tree (run 2).
  n=0
  for ko in $(find "$work/i4" -name '*.ko' | sort); do
    b=$(basename "$ko")
    why=$(relopt_module_sig_verify "$ko" "$work/cert.pem" "$work") \
      || { grep -i sign "$work/i4.log" | head; fail "$b: $why"; }
    unsigned=$(find "$work/i2" -name "$b")
    cmp -s "$work/content" "$unsigned" \
      || fail "$b: the signed bytes are not relopt's output (run 2)"
    "$relopt" --check --hash-style=both "$ko" || fail "$b: relopt --check on the signed module"
    "$relopt" --check --hash-style=both "$work/content" || fail "$b: relopt --check on the signed content"
    if command -v modinfo >/dev/null 2>&1; then
      modinfo -F signer "$ko" | grep -qx "relopt throwaway test key" \
        || fail "$b: modinfo signer is '$(modinfo -F signer "$ko")'"
    fi
    n=$((n + 1))
  done
  [ "$n" = "$copies" ] || fail "signing: $n modules, expected $copies"
  kdir=$kdir_save
  say "signing: $n modules signed after relopt, signature verifies (openssl cms), modinfo signer ok"
fi

# 5. Time: modules_install without strip, with strip, with relopt in the
#    slot (with and without stripping); best of 3 wall clock each.
if [ "$timing" = yes ]; then
  best () { # best LABEL INSTALL_MOD_STRIP make-args...
    label=$1; sv=$2; shift 2
    b=
    for r in 1 2 3; do
      t0=$(date +%s%N)
      inst "$work/t" "$sv" "$@" > /dev/null 2>&1 || fail "timing run ($label)"
      t1=$(date +%s%N)
      t=$(( (t1 - t0) / 1000000 ))
      if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
    done
    say "time: modules_install of $copies modules, $label: $b ms (best of 3)"
  }
  best "no INSTALL_MOD_STRIP" ""
  best "STRIP=$strip_prog INSTALL_MOD_STRIP=1" 1 STRIP="$strip_prog"
  best "STRIP=relopt INSTALL_MOD_STRIP=1" 1 STRIP="$relopt"
  best "STRIP=relopt INSTALL_MOD_STRIP=--hash-style=both (no strip)" --hash-style=both STRIP="$relopt"
  say "load average during the timing: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

say "PASS ($checked installed modules checked)"
exit 0
