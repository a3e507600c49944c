#!/bin/bash
# patches-apply.sh -- the Linux PLT patches still apply to the trees they
# are for: loader/linux/6.12/000[1-9]-*.patch to Debian's linux-source-6.12
# and loader/linux/6.1/000[1-9]-*.patch to linux-source-6.1, with
# `git apply --check' (no fuzz, no offsets beyond what git accepts), and
# scripts/checkpatch.pl --strict from the same tarball reports nothing but
# CamelCase on the ELF type names the files already use.  As a control, the
# 6.1 arm64 patch must NOT apply to 6.12 (its context changed: the erratum
# 843419 test), so a check that accepts anything fails here.
#
# Reads /usr/src/linux-source-V.tar.xz (apt-get install linux-source-6.12
# linux-source-6.1); a missing one is reported SKIP, both missing exits 77.
# The few files needed are extracted once (about 30 s of xz per tarball)
# into the kbuild cache by tests/linux-source.sh.  Run by `make check'.
set -u
srcdir=${srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$srcdir/scripts/common.sh"
. "$srcdir/tests/linux-source.sh"
relopt_messages patches-apply.sh
srcdir=$(relopt_abspath "$srcdir")
command -v git >/dev/null 2>&1 || skip "git not installed"
command -v perl >/dev/null 2>&1 || skip "perl not installed"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ran=0 bad=0
files="arch/arm/kernel/module-plts.c arch/arm64/kernel/module-plts.c
       scripts/checkpatch.pl scripts/spelling.txt
       scripts/const_structs.checkpatch"

# pristine V: print the directory holding V's pristine files, extracted
# once by tests/linux-source.sh (the one home of that cache).
pristine () {
  relopt_linux_source "$1" plt $files
}

# applies DIR PATCH...: git apply --check in a copy of DIR's sources.
applies () {
  local dir=$1 w=$tmp/w; shift
  rm -rf "$w" && mkdir -p "$w" && cp -r "$dir/arch" "$w/" &&
    (cd "$w" && git apply --check "$@" 2> "$tmp/err")
}

for v in 6.12 6.1; do
  if [ ! -f "/usr/src/linux-source-$v.tar.xz" ]; then
    say "SKIP: linux-source-$v not installed (apt-get install linux-source-$v)"
    continue
  fi
  dir=$(pristine "$v") || fail "cannot extract /usr/src/linux-source-$v.tar.xz"
  patches=("$srcdir/loader/linux/$v"/000[1-9]-*.patch)
  [ -f "${patches[0]}" ] || fail "no patches in loader/linux/$v"
  ran=1
  if applies "$dir" "${patches[@]}"; then
    say "PASS: ${#patches[@]} patches apply to linux-source-$v"
  else
    say "FAIL: loader/linux/$v does not apply to linux-source-$v: $(head -3 "$tmp/err" | tr '\n' ' ')"
    bad=1
  fi
  # checkpatch --strict: anything but CamelCase on Elf_*, Elf32_*, Elf64_* fails.
  (cd "$dir" && perl scripts/checkpatch.pl --strict --no-tree --terse \
    --show-types "${patches[@]}") > "$tmp/cp" 2>&1
  if grep -E ': (ERROR|WARNING|CHECK):' "$tmp/cp" |
     grep -v -E 'CHECK:CAMELCASE: Avoid CamelCase: <Elf(32|64)?_[A-Za-z]+>' > "$tmp/cpbad"; then
    say "FAIL: checkpatch --strict on loader/linux/$v: $(head -3 "$tmp/cpbad" | tr '\n' ' ')"
    bad=1
  elif ! grep -q 'total: 0 errors, 0 warnings' "$tmp/cp"; then
    say "FAIL: checkpatch gave no verdict on loader/linux/$v: $(head -2 "$tmp/cp" | tr '\n' ' ')"
    bad=1
  else
    say "PASS: checkpatch --strict clean on loader/linux/$v (CamelCase on ELF type names aside)"
  fi
done
# Control: the 6.1 arm64 patch needs fuzz on 6.12, which git apply refuses.
if [ -f /usr/src/linux-source-6.12.tar.xz ]; then
  dir=$(pristine 6.12) || fail "cannot extract linux-source-6.12"
  if applies "$dir" "$srcdir"/loader/linux/6.1/0001-*.patch; then
    say "FAIL: control: the 6.1 arm64 patch applies to 6.12, so this check proves nothing"
    bad=1
  elif grep -q 'patch does not apply' "$tmp/err"; then
    say "PASS: control: the 6.1 arm64 patch is refused on 6.12"
  else
    say "FAIL: control: git apply failed for another reason: $(head -1 "$tmp/err")"
    bad=1
  fi
fi
[ $ran = 1 ] || skip "neither linux-source-6.12 nor linux-source-6.1 installed"
exit $bad
