#!/bin/sh
# kbuild-bindeb-test.sh -- a Debian kernel package built with relopt in
# kbuild's strip slot, from Debian's linux-source-6.12:
#     RELOPT_FLAGS=--hash-style=both make bindeb-pkg STRIP=relopt
# with a small config (allnoconfig, then loader/linux/kallsyms/common.config
# and amd64.config: xfs, btrfs and the crypto test modules) and module
# signing with a key the build generates (CONFIG_MODULE_SIG_ALL=y,
# certs/signing_key.pem).  bindeb-pkg's scripts/package/builddeb runs
#     make INSTALL_MOD_PATH=debian/linux-image-... INSTALL_MOD_STRIP=1 modules_install
# whose scripts/Makefile.modinst runs, per module, `$(STRIP) --strip-debug'
# (here: relopt, with STRIP from the make command line; RELOPT_FLAGS from
# the environment) and then scripts/sign-file: relopt writes the tables,
# then the module is signed.  Checks every module of the linux-image .deb:
#   - relopt --check --hash-style=both passes (the tables are current);
#   - it is signed, and the PKCS#7 signature verifies over the bytes
#     before it (openssl cms with the build's certs/signing_key.x509);
#   - those bytes are exactly `relopt --strip-debug --hash-style=both' of
#     the module the build made (so the signature covers relopt's output);
#   - modinfo's signer is the build's key.
# A kernel build (about 30-60 minutes with 2 cores): run by hand
# (`make check-bindeb'), not by make check or CI.
#
#   scripts/kbuild-bindeb-test.sh [--relopt PATH] [--work DIR] [--jobs N]
#
#   --relopt PATH  the relopt command (default: $RELOPT, else src/relopt)
#   --work DIR     where the source is unpacked and built, and where the
#                  .debs land (default /var/tmp/relopt-kpkg; kept, so a
#                  second run rebuilds only what changed)
#   --jobs N       make -jN (default: nproc)
#
# Exit status: 0 pass, 1 fail, 77 skipped (no linux-source-6.12, no
# dpkg-buildpackage).
set -u
. "$(dirname "$0")/common.sh"
relopt_own_make_flags
relopt_kbuild_script kbuild-bindeb-test
top=$(cd "$(dirname "$0")/.." && pwd)
kwork=/var/tmp/relopt-kpkg
jobs=$(nproc 2>/dev/null || echo 2)
while [ $# -gt 0 ]; do
  case $1 in
    --work) kwork=$(relopt_abspath "$2"); shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    *) relopt_kbuild_option "$@"; shift "$relopt_nargs" ;;
  esac
done
relopt_require_relopt
tarball=/usr/src/linux-source-6.12.tar.xz
[ -f "$tarball" ] || skip "$tarball missing (apt-get install linux-source-6.12)"
for p in dpkg-buildpackage dh bc bison flex openssl; do
  command -v $p >/dev/null 2>&1 || skip "$p not installed"
done
[ "$(dpkg --print-architecture)" = amd64 ] || skip "amd64 only (the config is amd64.config)"

src=$kwork/linux-source-6.12
mkdir -p "$kwork" || fail "cannot create $kwork"
if [ ! -f "$src/Makefile" ]; then
  say "unpacking $tarball into $kwork"
  tar -C "$kwork" -xf "$tarball" || fail "tar $tarball"
fi
# The fragments: the kallsyms boot rig's small config, and signing.
frag=$kwork/relopt-bindeb.config
cat "$top/loader/linux/kallsyms/common.config" \
    "$top/loader/linux/kallsyms/amd64.config" - > "$frag.new" <<'EOF'
# kbuild-bindeb-test.sh: modules signed at modules_install, with a key
# the build generates (certs/signing_key.pem)
CONFIG_MODULE_SIG=y
CONFIG_MODULE_SIG_ALL=y
CONFIG_MODULE_SIG_SHA256=y
CONFIG_MODULE_SIG_KEY="certs/signing_key.pem"
EOF
kmake () { nice -n 10 make -s -C "$src" -j"$jobs" "$@"; }
if [ ! -f "$src/.config" ] || ! cmp -s "$frag.new" "$frag"; then
  say "configuring: allnoconfig + common.config + amd64.config + signing"
  kmake allnoconfig || fail "make allnoconfig"
  (cd "$src" && scripts/kconfig/merge_config.sh -m -O . .config "$frag.new" >/dev/null) \
    || fail "merge_config.sh"
  kmake olddefconfig || fail "make olddefconfig"
  mv "$frag.new" "$frag"
fi
rm -f "$frag.new"
for o in $(grep -h '^CONFIG_' "$frag" | cut -d= -f1); do
  grep -q "^$o=" "$src/.config" || fail "$o is not set in $src/.config"
done

# The package build.  Old packages out of the way first.
rm -f "$kwork"/linux-*.deb "$kwork"/linux-*.changes "$kwork"/linux-*.buildinfo
say "make bindeb-pkg STRIP=$relopt, RELOPT_FLAGS=--hash-style=both (log: $kwork/bindeb.log)"
t0=$(date +%s)
# V=1: the log shows each command, kbuild's strip call among them.
RELOPT_FLAGS=--hash-style=both nice -n 10 make -C "$src" -j"$jobs" bindeb-pkg \
  STRIP="$relopt" V=1 > "$kwork/bindeb.log" 2>&1 \
  || { tail -30 "$kwork/bindeb.log"; fail "make bindeb-pkg"; }
t1=$(date +%s)
kver=$(cat "$src/include/config/kernel.release")
deb=$(ls "$kwork"/linux-image-"$kver"_*.deb 2>/dev/null | grep -v -- -dbg_ | head -1)
[ -n "$deb" ] || fail "no linux-image-${kver}_*.deb in $kwork"
say "built $(cd "$kwork" && ls linux-*.deb | tr '\n' ' ')in $((t1 - t0)) s"

relopt_kbuild_workdir bindeb
dpkg-deb -x "$deb" "$work/root" || fail "dpkg-deb -x $deb"
cert=$src/certs/signing_key.x509
signer=$(openssl x509 -inform DER -in "$cert" -noout -subject -nameopt multiline |
         sed -n 's/^ *commonName *= *//p')
n=0
for ko in $(find "$work/root/lib/modules/$kver" -name '*.ko' | sort); do
  rel=${ko#"$work/root/lib/modules/$kver/kernel/"}
  [ -f "$src/$rel" ] || fail "$rel: no module of that name in the build tree"
  "$relopt" --check --hash-style=both "$ko" || fail "$rel: relopt --check --hash-style=both"
  why=$(relopt_module_sig_verify "$ko" "$cert" "$work") || fail "$rel: $why"
  "$relopt" --strip-debug --hash-style=both -o "$work/want.ko" "$src/$rel" \
    || fail "$rel: relopt on the built module"
  cmp -s "$work/content" "$work/want.ko" \
    || fail "$rel: the signed bytes are not relopt --strip-debug --hash-style=both of the built module"
  s=$(modinfo -F signer "$ko")
  [ "$s" = "$signer" ] || fail "$rel: modinfo signer '$s', the build's key is '$signer'"
  n=$((n + 1))
done
[ "$n" -gt 0 ] || fail "$deb holds no module"
[ "$n" = "$(wc -l < "$src/modules.order")" ] \
  || fail "$deb holds $n modules, modules.order lists $(wc -l < "$src/modules.order")"
grep -q "$relopt --strip-debug" "$kwork/bindeb.log" \
  || fail "bindeb.log shows no '$relopt --strip-debug' (kbuild's cmd_strip)"
say "PASS: $(basename "$deb"): $n modules, each with current .hash/.gnu.hash, signed after relopt by '$signer' (openssl cms), signed bytes = relopt's output of the built module"
exit 0
