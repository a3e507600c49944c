# common.sh -- shell shared by relopt's scripts; sourced, never run.
#
#   . "$(dirname "$0")/common.sh"      (bash or POSIX sh)
#
# relopt_cache: print the directory that caches Debian's kernel packages
# and their unpacked trees (the .debs, and unpacked/ARCH/lib/modules/...):
# $RELOPT_CACHE when set, else /var/cache/relopt-real when it can be
# written (root), else ${XDG_CACHE_HOME:-~/.cache}/relopt-real.  Every
# script and make target that reads or fills the cache uses this rule, so
# `make check-real', `make check-link-equiv' and `make bench' share one
# cache for root and non-root users alike.
relopt_cache () {
  if [ -n "${RELOPT_CACHE:-}" ]; then
    echo "$RELOPT_CACHE"
  elif [ -w /var/cache ] || [ -w /var/cache/relopt-real ]; then
    echo /var/cache/relopt-real
  else
    echo "${XDG_CACHE_HOME:-$HOME/.cache}/relopt-real"
  fi
}

# relopt_kbuild_cache: print the directory that caches the kbuild tests'
# downloads (the -dbg package, foreign headers, resolve_btfids):
# $RELOPT_KBUILD_CACHE when set, else relopt-kbuild beside relopt_cache's
# directory (/var/cache/relopt-kbuild for root).
relopt_kbuild_cache () {
  if [ -n "${RELOPT_KBUILD_CACHE:-}" ]; then
    echo "$RELOPT_KBUILD_CACHE"
  else
    echo "$(dirname "$(RELOPT_CACHE= relopt_cache)")/relopt-kbuild"
  fi
}

# relopt_messages PROG: define say, skip (exit 77, automake's "skipped")
# and fail (exit 1), each printing one line prefixed "PROG: ".
relopt_messages () {
  relopt_prog=$1
  say () { echo "$relopt_prog: $*"; }
  skip () { say "SKIP: $*"; exit 77; }
  fail () { say "FAIL: $*"; exit 1; }
}

# relopt_abspath PATH: PATH made absolute against the current directory.
relopt_abspath () {
  case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac
}

# relopt_test_start NAME PROGRAM...: the start of a `make check' script
# run from the top build directory (or $RELOPT_BUILDDIR).  Sets srcdir
# (as the test harness exported it, else the parent of the script's own
# directory), bld (the build directory), relopt ($bld/src/relopt) and
# tmp (a new directory, removed at exit); makes a sanitizer report exit
# 99 (ASan) or 98 (UBSan), never a status the script expects from
# relopt.  Exits 99 (a hard error) when src/relopt or a PROGRAM (a path
# under $bld) is not built, saying "NAME: PATH not built".
relopt_test_start () {
  relopt_test=$1
  shift
  srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
  bld=${RELOPT_BUILDDIR:-$PWD}
  relopt=$bld/src/relopt
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=99"
  export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=98:print_stacktrace=1"
  for p in src/relopt "$@"; do
    [ -x "$bld/$p" ] || { echo "$relopt_test: $bld/$p not built"; exit 99; }
  done
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
}

