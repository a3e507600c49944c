#!/bin/bash
# fetch-kernel-debs.sh -- download and unpack Debian kernel image packages.
#
# Usage: fetch-kernel-debs.sh ARCH... DESTDIR
#
# For each Debian architecture (armhf, amd64, s390x, arm64, i386, mipsel,
# mips64el, ppc64el), resolve the kernel image meta package
# (linux-image-armmp:armhf, linux-image-amd64, ...) to the concrete versioned
# package it depends on (linux-image-6.1.0-NN-armmp), download that .deb into
# a cache directory outside the source tree, and unpack it into
# DESTDIR/ARCH.  A later run reuses both the cached .deb and the unpacked tree.
#
# Environment:
#   RELOPT_CACHE        .deb cache (default /var/cache/relopt-real when
#                       writable, else ~/.cache/relopt-real)
#   RELOPT_NO_UPDATE=1  do not run apt-get update
#
# Exit status: 0 all architectures ready; 77 (automake's "skipped") when a
# package cannot be resolved or downloaded (no network, no root, unknown
# architecture), with a "SKIP: reason" line on stderr; 2 usage; 1 other
# failure (a .deb that does not unpack).

set -u
export LC_ALL=C

prog=${0##*/}
. "$(dirname "$0")/common.sh"
cache=$(relopt_cache)

skip () { echo "SKIP: $prog: $*" >&2; exit 77; }
die () { echo "$prog: $*" >&2; exit 1; }
usage () { echo "usage: $prog ARCH... DESTDIR" >&2; exit 2; }

[ $# -ge 2 ] || usage
case $1 in -h|--help) echo "usage: $prog ARCH... DESTDIR"; exit 0 ;; esac
dest=${!#}
archs=("${@:1:$#-1}")

# Debian architecture -> kernel flavour of its default image package.
flavour_of () {
  case $1 in
    armhf) echo armmp ;;
    armel) echo marvell ;;
    amd64) echo amd64 ;;
    arm64) echo arm64 ;;
    i386) echo 686-pae ;;
    s390x) echo s390x ;;
    mipsel) echo 4kc-malta ;;
    mips64el) echo 5kc-malta ;;
    ppc64el) echo powerpc64le ;;
    *) return 1 ;;
  esac
}

for a in "${archs[@]}"; do
  flavour_of "$a" >/dev/null || { echo "$prog: unknown architecture '$a'" >&2; exit 2; }
done

for t in apt-get apt-cache dpkg; do
  command -v $t >/dev/null 2>&1 || skip "$t not found (not a Debian system?)"
done

mkdir -p "$dest" || die "cannot create $dest"
dest=$(cd "$dest" && pwd)

# Is ARCH already unpacked (marker written after a complete dpkg -x)?
unpacked () { [ -f "$dest/$1/.relopt-unpacked" ]; }

need=()
for a in "${archs[@]}"; do unpacked "$a" || need+=("$a"); done
if [ ${#need[@]} -eq 0 ]; then
  for a in "${archs[@]}"; do
    echo "$prog: $a: $(cat "$dest/$a/.relopt-unpacked") (already unpacked)"
  done
  exit 0
fi

mkdir -p "$cache" 2>/dev/null || skip "cannot create cache directory $cache"

# Register foreign architectures; needs root.  Then refresh the indexes
# once.  apt-get update may fail on one suite's index during a mirror sync
# (or on a third-party source): carry on, resolution below decides.
native=$(dpkg --print-architecture)
added=no
for a in "${need[@]}"; do
  [ "$a" = "$native" ] && continue
  if ! dpkg --print-foreign-architectures | grep -qx "$a"; then
    dpkg --add-architecture "$a" 2>/dev/null \
      || skip "cannot add architecture $a (dpkg --add-architecture needs root)"
    added=yes
  fi
done
# Update when an architecture was added, or when a package does not resolve.
update_done=no
apt_update () {
  [ "$update_done" = yes ] && return 0
  update_done=yes
  [ "${RELOPT_NO_UPDATE:-0}" = 1 ] && return 0
  echo "$prog: apt-get update" >&2
  apt-get update -q >"$cache/apt-update.log" 2>&1 \
    || echo "$prog: warning: apt-get update failed (see $cache/apt-update.log); continuing" >&2
}
[ "$added" = yes ] && apt_update

# Concrete package (linux-image-6.1.0-NN-FLAVOUR) the meta package depends on.
resolve () {
  local a=$1 fl meta
  fl=$(flavour_of "$a")
  meta="linux-image-$fl:$a"
  [ "$a" = "$native" ] && meta="linux-image-$fl"
  apt-cache depends "$meta" 2>/dev/null \
    | sed -n 's/^ *Depends: *\(linux-image-[0-9][^: ]*\).*/\1/p' | head -n1
}

status=0
for a in "${archs[@]}"; do
  if unpacked "$a"; then
    echo "$prog: $a: $(cat "$dest/$a/.relopt-unpacked") (already unpacked)"
    continue
  fi
  pkg=$(resolve "$a")
  if [ -z "$pkg" ]; then
    apt_update
    pkg=$(resolve "$a")
  fi
  [ -n "$pkg" ] || skip "$a: cannot resolve linux-image-$(flavour_of "$a"):$a (apt-cache depends found no linux-image-<version> package)"
  ver=$(apt-cache policy "$pkg:$a" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | head -n1)
  [ -n "$ver" ] && [ "$ver" != "(none)" ] || skip "$a: $pkg has no candidate version"
  # apt-get download names files with the epoch ':' encoded as %3a.
  debname="${pkg}_${ver//:/%3a}_${a}.deb"
  deb="$cache/$debname"
  if [ -s "$deb" ] && dpkg-deb --info "$deb" >/dev/null 2>&1; then
    echo "$prog: $a: using cached $deb"
  else
    echo "$prog: $a: downloading $pkg=$ver" >&2
    # apt-get download works in the current directory; run it as a user
    # that can write there (as root, apt drops to _apt: let it write the
    # cache, or fall back to running unsandboxed).
    if ! (cd "$cache" && apt-get download -q "$pkg:$a=$ver" >"$cache/download-$a.log" 2>&1); then
      (cd "$cache" && apt-get download -q -o APT::Sandbox::User=root "$pkg:$a=$ver" >>"$cache/download-$a.log" 2>&1) \
        || skip "$a: apt-get download $pkg:$a=$ver failed: $(tail -n1 "$cache/download-$a.log")"
    fi
    [ -s "$deb" ] || skip "$a: download produced no $debname"
  fi
  # Unpack into a fresh directory, then mark it complete.
  rm -rf "$dest/$a" "$dest/$a.tmp"
  mkdir -p "$dest/$a.tmp"
  if ! dpkg -x "$deb" "$dest/$a.tmp"; then
    rm -rf "$dest/$a.tmp"
    echo "$prog: $a: dpkg -x $deb failed" >&2
    status=1
    continue
  fi
  echo "$pkg $ver" >"$dest/$a.tmp/.relopt-unpacked"
  mv "$dest/$a.tmp" "$dest/$a"
  echo "$prog: $a: $pkg $ver unpacked in $dest/$a"
done
exit $status
