#!/bin/sh
# install-deps.sh -- install the Debian packages relopt needs to build and
# test (Debian 12 "bookworm").  Run as root.  Idempotent: packages already
# installed are not touched, and when everything is present apt is not run.
#
#   scripts/install-deps.sh            install what is missing
#   scripts/install-deps.sh --list     print the package list and exit
#   scripts/install-deps.sh --check    exit 1 (listing them) if any is missing
#
# What each package is for:
#   build-essential autoconf automake libtool pkg-config   the autotools build
#   binutils-dev            bfd.h, libbfd, plugin-api.h (the ld plugin)
#   binutils-multiarch(-dev) multi-target libbfd (-lbfd-multiarch), readelf
#                           and objdump that understand every target
#   libiberty-dev           libiberty (htab_t, xmalloc, unlink_if_ordinary)
#   check                   the C unit tests (tests/)
#   dejagnu                 runtest, the testsuite (testsuite/)
#   texinfo                 makeinfo, for make dist / docs
#   elfutils                eu-readelf, eu-elflint: independent checkers
#   binutils-{arm-linux-gnueabi,aarch64-linux-gnu,s390x-linux-gnu,i686-linux-gnu,
#             mips64el-linux-gnuabi64}
#                           cross gas/ld/readelf for the dump tests (i386
#                           tests use the native `as --32'; the i686 tools
#                           are a fallback)
#   gcc-{arm-linux-gnueabi,aarch64-linux-gnu}   cross compilers for examples/
#                           and the plugin tests
#   lld                     ld.lld -r: objects with an unmerged .strtab
#   clang                   its integrated assembler writes SHT_LLVM_ADDRSIG
#   python3                 helper scripts
#   file xz-utils dpkg-dev  the real-module scripts (dpkg -x, .ko.xz)
#   ca-certificates         apt over https mirrors
#   clang-format            make format-check (the pinned formatter, 14)
#   liblzma-dev libzstd-dev zlib1g-dev   compressed modules (.ko.xz/.zst/.gz)
#   zstd gzip               the compressed-module tests make their inputs
#   openssl kmod            kbuild-install-test.sh: a throwaway signing key,
#                           openssl cms -verify, modinfo
#   cpio                    kbuild-dbg-compare.sh copies module trees
#   debhelper lintian       the Debian packages (debian/, scripts/deb-build.sh)
#   dkms acpi-call-dkms     scripts/dkms-test.sh: Debian's DKMS builds a real
#                           DKMS package through relopt's hook
# Not installed here (make check-kbuild only; the scripts skip, exit 77,
# naming what is missing): dwarves libelf-dev (the BTF test builds
# resolve_btfids from linux-source-6.1); the -dbg and arm64 headers
# packages are downloaded by the scripts into /var/cache/relopt-kbuild.
# ld.gold ships in the binutils package itself on bookworm (there is no
# separate binutils-gold package before trixie); it is added when apt knows it.

set -eu

PACKAGES="build-essential autoconf automake libtool pkg-config
binutils binutils-dev binutils-multiarch binutils-multiarch-dev libiberty-dev
check dejagnu texinfo elfutils
binutils-arm-linux-gnueabi binutils-aarch64-linux-gnu
binutils-s390x-linux-gnu binutils-i686-linux-gnu
binutils-mips64el-linux-gnuabi64
gcc-arm-linux-gnueabi gcc-aarch64-linux-gnu
lld clang clang-format python3 file xz-utils dpkg-dev ca-certificates
liblzma-dev libzstd-dev zlib1g-dev zstd gzip openssl kmod cpio
debhelper lintian dkms acpi-call-dkms"

# Optional packages: installed when the archive has them, never fatal.
# linux-headers-<arch> (with its linux-kbuild) lets the plugin's kbuild test
# (scripts/kbuild-plugin-test.sh) build a real out-of-tree module.
# linux-source-6.12 and linux-source-6.1 (Debian's kernel sources, 6.12
# from bookworm-security) let make check run checkpatch.pl on loader/ and
# apply the kernel series in loader/linux/ (the tests skip without them).
OPTIONAL="linux-headers-$(dpkg --print-architecture) linux-source-6.12
linux-source-6.1"

missing_of () {
  m=
  for p in $*; do
    if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null \
         | grep -q '^install ok installed$'; then
      m="$m $p"
    fi
  done
  echo "$m"
}

case "${1-}" in
  --list) echo $PACKAGES; exit 0 ;;
  --check)
    m=$(missing_of $PACKAGES)
    if [ -n "$m" ]; then echo "missing:$m"; exit 1; fi
    echo "all build and test dependencies are installed"; exit 0 ;;
  "") ;;
  *) echo "usage: $0 [--list|--check]" >&2; exit 2 ;;
esac

missing=$(missing_of $PACKAGES)
# ld.gold: needed only if the binutils package does not already ship it.
opt=$(missing_of $OPTIONAL)
if ! command -v ld.gold >/dev/null 2>&1; then
  opt="$opt$(missing_of binutils-gold)"
fi

if [ -z "$missing" ] && [ -z "$opt" ]; then
  echo "install-deps: all packages already installed"
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  echo "install-deps: need root to install:$missing$opt" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# One suite's index may fail to download during a mirror sync: carry on,
# the install below says clearly if a package really cannot be found.
apt-get update || true
if [ -n "$missing" ]; then
  echo "install-deps: installing:$missing"
  apt-get install -y $missing
fi
for p in $opt; do
  if apt-cache show "$p" >/dev/null 2>&1; then
    apt-get install -y "$p" || \
      echo "install-deps: optional package $p not installed (continuing)"
  fi
done

m=$(missing_of $PACKAGES)
if [ -n "$m" ]; then
  echo "install-deps: still missing:$m" >&2
  exit 1
fi
echo "install-deps: done"
