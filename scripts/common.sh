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

# relopt_help: print the running script's header comment (line 2 up to
# the first line that is not a comment) without its "# ": the text of
# -h/--help.
relopt_help () {
  awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0"
}

# relopt_kbuild_script NAME: the start of a kbuild test script (after
# its `set -u'): messages prefixed "NAME: " (relopt_messages), and the
# option defaults: relopt=$RELOPT and keep=no (relopt_kbuild_option),
# kdir= and install=yes (relopt_host_kdir).
relopt_kbuild_script () {
  relopt_messages "$1"
  relopt=${RELOPT:-}
  keep=no
  kdir=
  install=yes
}

# relopt_kbuild_workdir NAME: set work to a new scratch directory
# ${TMPDIR:-/tmp}/relopt-NAME.XXXXXX, removed at exit unless keep=yes
# (then its name is said).
relopt_kbuild_workdir () {
  work=$(mktemp -d "${TMPDIR:-/tmp}/relopt-$1.XXXXXX") || fail mktemp
  trap relopt_kbuild_cleanup EXIT
}
relopt_kbuild_cleanup () {
  if [ "$keep" = no ]; then rm -rf "$work"; else say "kept $work"; fi
}

# relopt_find_kdir DIR ARCH: print the newest DIR/linux-headers-*-ARCH
# that kbuild can build against (it has a Makefile and a
# Module.symvers); return 1 when there is none.
relopt_find_kdir () {
  for d in $(ls -d "$1"/linux-headers-*-"$2" 2>/dev/null | sort -rV); do
    if [ -f "$d/Makefile" ] && [ -f "$d/Module.symvers" ]; then
      echo "$d"; return 0
    fi
  done
  return 1
}

# relopt_host_kdir ARCH: set kdir to the newest usable
# /usr/src/linux-headers-*-ARCH (relopt_find_kdir).  When there is none
# and install=yes, as root with apt-get, install linux-headers-ARCH
# first; skip (relopt_messages) when there is still none.
relopt_host_kdir () {
  kdir=$(relopt_find_kdir /usr/src "$1")
  if [ -z "$kdir" ] && [ "$install" = yes ] && [ "$(id -u)" = 0 ] \
     && command -v apt-get >/dev/null 2>&1; then
    say "installing linux-headers-$1"
    export DEBIAN_FRONTEND=noninteractive
    # One suite's index may fail during a mirror sync: carry on.
    apt-get update >/dev/null 2>&1 || say "apt-get update failed (continuing)"
    apt-get install -y --no-install-recommends "linux-headers-$1" \
      >/dev/null 2>&1 || say "apt-get install linux-headers-$1 failed"
    kdir=$(relopt_find_kdir /usr/src "$1")
  fi
  [ -n "$kdir" ] || skip "no kernel headers (/usr/src/linux-headers-*-$1); apt-get install linux-headers-$1"
}

# relopt_kbuild_option ARG...: the options every kbuild test script
# takes, as the last branch of its option loop:
#     *) relopt_kbuild_option "$@"; shift "$relopt_nargs" ;;
# --relopt PATH sets relopt, --keep sets keep=yes; -h and --help print
# relopt_help and exit 0; anything else is a usage error, "NAME: unknown
# argument: ARG" and exit 2.  Sets relopt_nargs, the arguments it took.
relopt_kbuild_option () {
  relopt_nargs=1
  case $1 in
    --relopt)
      [ $# -ge 2 ] || { echo "$relopt_prog: --relopt needs a PATH" >&2; exit 2; }
      relopt=$2 relopt_nargs=2 ;;
    --keep) keep=yes ;;
    -h|--help) relopt_help; exit 0 ;;
    *) echo "$relopt_prog: unknown argument: $1" >&2; exit 2 ;;
  esac
}

# relopt_fetch_dbg_deb CACHE RELEASE [ARCH]: set deb to Debian's
# linux-image-RELEASE-dbg_*.deb in CACHE (relopt_kbuild_cache),
# downloading it there first when missing (about 860 MB); skip
# (relopt_messages) when that fails.  With ARCH (a Debian architecture
# other than the host's, e.g. arm64 for RELEASE 6.1.0-57-arm64), the
# package of that architecture: the architecture is added to dpkg first
# (dpkg --add-architecture and apt-get update, as root) when it is not
# there yet.
relopt_fetch_dbg_deb () {
  mkdir -p "$1" || skip "cannot create $1"
  deb=$(ls "$1"/linux-image-"$2"-dbg_*"${3:+_$3}".deb 2>/dev/null | head -1)
  [ -z "$deb" ] || return 0
  if [ -n "${3:-}" ] && [ "$3" != "$(dpkg --print-architecture)" ] \
     && ! dpkg --print-foreign-architectures | grep -qx "$3"; then
    dpkg --add-architecture "$3" 2>/dev/null \
      || skip "cannot add architecture $3 (dpkg --add-architecture needs root)"
    apt-get update >/dev/null 2>&1 || say "apt-get update failed (continuing)"
  fi
  say "downloading linux-image-$2-dbg${3:+:$3} (about 860 MB)"
  (cd "$1" && apt-get download "linux-image-$2-dbg${3:+:$3}" >/dev/null 2>&1) \
    || skip "cannot download linux-image-$2-dbg${3:+:$3}"
  deb=$(ls "$1"/linux-image-"$2"-dbg_*"${3:+_$3}".deb | head -1)
}

# relopt_default_relopt: $relopt, else src/relopt under the current
# directory, made absolute.  relopt_require_relopt: the same, and fail
# (relopt_messages) unless it can be run.
relopt_default_relopt () {
  relopt=$(relopt_abspath "${relopt:-$PWD/src/relopt}")
}
relopt_require_relopt () {
  relopt_default_relopt
  [ -x "$relopt" ] || fail "relopt not found: $relopt (build it, or pass --relopt)"
}

# relopt_module_sig_verify KO CERT DIR: KO ends in an appended module
# signature ("~Module signature appended~" after struct module_signature,
# whose last field, sig_len, is big-endian) whose PKCS#7 verifies, with
# openssl cms and the certificate CERT (PEM or DER), over the bytes before
# it.  Leaves those bytes (the module as signed) in DIR/content and the
# signature in DIR/sig.p7.  Returns 0, or 1 after printing why.
relopt_module_sig_verify () {
  [ "$(tail -c 28 "$1")" = "~Module signature appended~" ] || { echo "not signed"; return 1; }
  _siglen=$(tail -c 32 "$1" | head -c 4 | od -An -tu1 |
            awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
  head -c $(( $(stat -c %s "$1") - 28 - 12 - _siglen )) "$1" > "$3/content"
  tail -c $((_siglen + 40)) "$1" | head -c "$_siglen" > "$3/sig.p7"
  _form=DER
  grep -q -e '-----BEGIN' "$2" && _form=PEM
  openssl x509 -inform $_form -in "$2" -out "$3/sigcert.pem" 2>/dev/null \
    || { echo "cannot read the certificate $2"; return 1; }
  openssl cms -verify -binary -inform DER -in "$3/sig.p7" -content "$3/content" \
    -certfile "$3/sigcert.pem" -nointern -noverify -out /dev/null 2> "$3/verify.log" \
    || { echo "the PKCS#7 signature does not verify with $2: $(head -1 "$3/verify.log")"; return 1; }
}

# relopt_own_make_flags: forget the calling make's flags.  They reach a
# script's own make runs through MAKEFLAGS: under `make -s check' kbuild
# ran silent, so the V=1 command lines the kbuild scripts read were never
# printed (kbuild-plugin-test.sh: "the .ko link did not get the
# plugin").  The kbuild scripts call it once, after sourcing this file;
# they pass -j themselves.
relopt_own_make_flags () {
  unset MAKEFLAGS MFLAGS MAKELEVEL
}
