#!/bin/sh
# check-dist-files.sh -- every file git tracks is in the release tarball,
# but for the few listed below.  `make distcheck' runs it from its
# distcheck-hook (scripts/local.mk), so a test, script or patch left out
# of EXTRA_DIST fails distcheck even when no test reads it there.
#
#   check-dist-files.sh SRCDIR DISTDIR
#
# SRCDIR is the source tree (a git checkout), DISTDIR the unpacked
# tarball's tree.  Exits 1 listing each missing file; 77 (SKIP) when
# SRCDIR is not a git checkout (a tarball's distcheck: nothing to compare
# against).
#
# Not in the tarball, on purpose:
#   .gitignore files, m4/.gitkeep   only for git
#   debian/*                        Debian's packaging: dpkg-buildpackage
#                                   runs from the git tree (README,
#                                   "Debian packages"); Debian packagers
#                                   bring their own debian/ to a tarball
set -eu
. "$(dirname "$0")/common.sh"
relopt_messages check-dist-files

[ $# -eq 2 ] || { echo "usage: $0 SRCDIR DISTDIR" >&2; exit 2; }
src=$1
dist=$2
[ -d "$dist" ] || fail "$dist: no such directory"
git -C "$src" rev-parse --git-dir >/dev/null 2>&1 ||
  skip "$src is not a git checkout: no file list to compare the tarball with"

missing=$(git -C "$src" ls-files | grep -v -e '\(^\|/\)\.gitignore$' \
  -e '^m4/\.gitkeep$' -e '^debian/' | while IFS= read -r f; do
    [ -e "$dist/$f" ] || printf '%s\n' "$f"
  done)
n=$(git -C "$src" ls-files | wc -l)
if [ -n "$missing" ]; then
  say "FAIL: tracked by git but not in the tarball (add to EXTRA_DIST in the directory's local.mk):"
  printf '  %s\n' $missing
  exit 1
fi
say "all $n tracked files but .gitignore, m4/.gitkeep and debian/ are in the tarball"
