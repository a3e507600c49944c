#!/bin/bash
# loader-checkpatch.sh -- loader/relopt-loader.c and relopt-loader.h are
# in the Linux kernel's coding style: the kernel's own
# scripts/checkpatch.pl --strict --no-tree --file reports nothing for
# them (no error, no warning, no check).  The checker comes from Debian's
# linux-source-6.12 (the kernel the patches in loader/linux/ are for):
# scripts/checkpatch.pl with the spelling.txt and const_structs.checkpatch
# it reads, extracted once into the kbuild cache (tests/linux-source.sh).
# Skipped (77), saying why, when the package is not installed or perl is
# missing.  Run by `make check'.
set -u
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
. "$srcdir/scripts/common.sh"
. "$srcdir/tests/linux-source.sh"
relopt_messages loader-checkpatch

command -v perl >/dev/null 2>&1 || skip "perl not installed"
kdir=$(relopt_linux_source 6.12 checkpatch scripts/checkpatch.pl \
  scripts/spelling.txt scripts/const_structs.checkpatch)
case $? in
  0) ;;
  77) skip "linux-source-6.12 not installed (apt-get install linux-source-6.12): no checkpatch.pl" ;;
  *) fail "cannot extract checkpatch.pl from /usr/src/linux-source-6.12.tar.xz" ;;
esac

st=0
for f in loader/relopt-loader.c loader/relopt-loader.h; do
  # --no-tree: not inside a kernel tree; --file: a whole file, not a patch.
  out=$(cd "$srcdir" && perl "$kdir/scripts/checkpatch.pl" --strict --no-tree \
    --file --terse --no-summary --show-types "$f" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || [ -n "$out" ]; then
    echo "$out"
    say "FAIL: $f: checkpatch.pl --strict (6.12) reports the lines above"
    st=1
  else
    say "PASS: $f: checkpatch.pl --strict --no-tree --file (6.12) clean"
  fi
done
exit $st
