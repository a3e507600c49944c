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
