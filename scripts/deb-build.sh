#!/bin/sh
# deb-build.sh -- build relopt's Debian packages (debian/) the way a
# packager does, from a clean clone of this checkout's HEAD:
#     dpkg-buildpackage -us -uc -b
# then lintian over the result (no error, no warning that debian/*.
# lintian-overrides does not explain), and with --twice a second build
# from a clone at another path, some seconds later, whose .debs must be
# byte-identical to the first (reproducible builds).
#
#   scripts/deb-build.sh [--out DIR] [--twice] [--keep]
#
#   --out DIR  where the .debs, the .changes, the .buildinfo and the
#              build and lintian logs go (default: build-deb/ at the top
#              of the checkout; emptied first)
#   --twice    build twice and compare the .debs
#   --keep     keep the scratch directory
#
# Only committed files are built (a clone of HEAD); the script says so
# when the work tree has changes.  DEB_BUILD_OPTIONS passes through:
# without `nocheck' the package build runs `make check' (about as long as
# CI's own; scripts/run-tests.sh sets nocheck, its builds have run it).
# The packages: README.md, "Debian packages"; scripts/deb-install-test.sh
# installs and uses them.
#
# Exit status: 0 pass, 1 fail, 77 skipped (dpkg-buildpackage, debhelper or
# lintian missing: scripts/install-deps.sh installs them).
set -u
. "$(dirname "$0")/common.sh"
relopt_messages deb-build
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build-deb
twice=no
keep=no
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || { echo "$0: --out needs a DIR" >&2; exit 2; }
           out=$(relopt_abspath "$2"); shift 2 ;;
    --twice) twice=yes; shift ;;
    --keep) keep=yes; shift ;;
    -h|--help) relopt_help; exit 0 ;;
    *) echo "$0: unknown argument: $1" >&2; exit 2 ;;
  esac
done

for p in dpkg-buildpackage dh lintian git; do
  command -v $p >/dev/null 2>&1 || skip "$p not installed (scripts/install-deps.sh)"
done
git -C "$top" rev-parse --git-dir >/dev/null 2>&1 || skip "$top is not a git checkout"
[ -z "$(git -C "$top" status --porcelain --untracked-files=no)" ] \
  || say "note: the work tree has uncommitted changes; building HEAD ($(git -C "$top" rev-parse --short HEAD))"

relopt_kbuild_workdir deb

# build N DIR: clone HEAD into DIR/relopt, dpkg-buildpackage there; the
# packages land in DIR.
build () {
  n=$1; d=$2
  mkdir -p "$d"
  git clone -q --no-hardlinks "$top" "$d/relopt" || fail "git clone $top"
  t0=$(date +%s)
  if ! (cd "$d/relopt" && dpkg-buildpackage -us -uc -b) > "$work/build$n.log" 2>&1; then
    tail -30 "$work/build$n.log"
    cp "$work/build$n.log" "$out/" 2>/dev/null
    fail "dpkg-buildpackage (build $n) failed (log: $out/build$n.log)"
  fi
  say "build $n: $(cd "$d" && ls *.deb | tr '\n' ' ')in $(( $(date +%s) - t0 )) s"
}

rm -rf "$out"
mkdir -p "$out" || fail "cannot create $out"
build 1 "$work/a"
cp "$work/build1.log" "$work"/a/*.deb "$work"/a/*.changes "$work"/a/*.buildinfo "$out/" \
  || fail "copy the packages to $out"

# lintian: errors and warnings fail; each one kept is overridden, with
# its reason, in debian/PACKAGE.lintian-overrides.  The -dbgsym package
# debhelper makes cannot carry overrides: its one tag, the Maintainer
# address, is suppressed for it alone, for the reason those files give.
lint () {
  lintian --fail-on error,warning --display-level '>=warning' "$@" \
    >> "$out/lintian.txt" 2>&1 \
    || { cat "$out/lintian.txt"; fail "lintian reports errors or warnings not overridden ($out/lintian.txt)"; }
}
debs=$(ls "$out"/*.deb | grep -v -- '-dbgsym_')
lint $debs
dbgsym=$(ls "$out"/*-dbgsym_*.deb 2>/dev/null)
[ -z "$dbgsym" ] || lint --suppress-tags bogus-mail-host $dbgsym
# The overridden tags and their reasons, for the log (--show-overrides
# makes lintian's exit status count them, so it is a second run).
lintian --display-level '>=warning' --show-overrides $debs > "$out/lintian-overrides.txt" 2>&1
say "lintian: no error, no warning left ($(grep -c '^O:' "$out/lintian-overrides.txt") overridden: $out/lintian-overrides.txt, reasons in debian/*.lintian-overrides)"

if [ "$twice" = yes ]; then
  sleep 2
  build 2 "$work/b/elsewhere"
  for deb in "$work"/a/*.deb; do
    b=$(basename "$deb")
    other=$work/b/elsewhere/$b
    [ -f "$other" ] || fail "build 2 made no $b"
    if ! cmp -s "$deb" "$other"; then
      mkdir -p "$work/x1/$b" "$work/x2/$b"
      dpkg-deb -R "$deb" "$work/x1/$b" && dpkg-deb -R "$other" "$work/x2/$b"
      diff -r "$work/x1/$b" "$work/x2/$b" | head -20
      fail "$b differs between the two builds"
    fi
  done
  say "reproducible: build 2 (another path, later) gave byte-identical .debs"
fi
say "PASS: packages in $out"
exit 0
