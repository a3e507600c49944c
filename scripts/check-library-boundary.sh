#!/bin/sh
# check-library-boundary.sh -- the command (src/) and the ld plugin
# (plugin/) use the core library only through its public interface,
# bfdext/relopt.h: every `#include "X"' in their sources names relopt.h,
# iberty.h (the libiberty header shim, not library code) or a header of
# the same directory.  First the check proves it can fail: a copy of
# src/relopt.c that includes image.h must be caught.
#   scripts/check-library-boundary.sh [SRCDIR]
set -u
srcdir=${1:-${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}}
# offenders DIR...: print each FILE: include that crosses the boundary.
offenders () {
  for d; do
    for f in "$d"/*.c "$d"/*.h; do
      [ -e "$f" ] || continue
      sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
        while read -r h; do
          case $h in
            relopt.h | iberty.h) ;;
            */*) echo "$f: \"$h\"" ;;
            *) [ -e "$d/$h" ] || echo "$f: \"$h\"" ;;
          esac
        done
    done
  done
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src"
cp "$srcdir/src/relopt.c" "$tmp/src/" && sed -i '1i #include "image.h"' "$tmp/src/relopt.c"
[ -n "$(offenders "$tmp/src")" ] || { echo "FAIL: the check missed #include \"image.h\""; exit 1; }
bad=$(offenders "$srcdir/src" "$srcdir/plugin")
if [ -n "$bad" ]; then
  echo "FAIL: library headers other than relopt.h included:"
  echo "$bad"
  exit 1
fi
echo "check-library-boundary: src/ and plugin/ include only relopt.h from bfdext/"
