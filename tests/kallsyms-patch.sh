#!/bin/bash
# kallsyms-patch.sh -- each kallsyms patch series applies, in order, to
# Debian's linux-source-6.12 (by name: loader/linux/kallsyms/6.12/*.patch,
# then its test-only 6.12-test/; by address: 6.12-addr/*.patch, then its
# test-only 6.12-addr-test/)
# with `git apply --check' semantics (applied to a copy
# of the files it touches, taken from /usr/src/linux-source-6.12.tar.xz
# and extracted once into the kbuild cache by tests/linux-source.sh), and
# the 6.12 scripts/checkpatch.pl --strict finds nothing in any patch but
# FILE_PATH_CHANGES (the question whether MAINTAINERS needs updating for
# the new files: kernel/module/ is already MODULE SUPPORT's) and CamelCase
# for the names Elf_Sym, Elf_Shdr, Elf_Ehdr that the files already use.  Skipped
# (77), saying why, when linux-source-6.12 is not installed.  Run by
# `make check'.
set -u
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
. "$srcdir/scripts/common.sh"
. "$srcdir/tests/linux-source.sh"
relopt_messages kallsyms-patch
srcdir=$(cd "$srcdir" && pwd)

# One series per line: its directories, applied in that order.
series="6.12 6.12-test
6.12-addr 6.12-addr-test"
all=
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while read -r dirs; do
  patches=
  for d in $dirs; do
    pdir=$srcdir/loader/linux/kallsyms/$d
    p=$(ls "$pdir"/0*-*.patch 2>/dev/null | grep -v /0000-)
    [ -n "$p" ] || fail "no patches in $pdir"
    patches="$patches $p"
  done
  all="$all $patches"
  # The files the series changes (new files excluded: they must not exist).
  files=$(sed -n 's|^--- a/\(.*\)|\1|p' $patches | LC_ALL=C sort -u)
  # The cached set is named after its file list, so a series that touches
  # other files gets its own.
  set_name=kallsyms-patch-$(echo $files | cksum | cut -d' ' -f1)
  kdir=$(relopt_linux_source 6.12 "$set_name" $files)
  case $? in
    0) ;;
    77) skip "linux-source-6.12 not installed (apt-get install linux-source-6.12)" ;;
    *) fail "cannot extract $files from /usr/src/linux-source-6.12.tar.xz" ;;
  esac
  rm -rf "$tmp/k"
  mkdir "$tmp/k"
  cp -R "$kdir/." "$tmp/k/"
  for p in $patches; do
    (cd "$tmp/k" && git apply --check "$p" && git apply "$p") ||
      fail "$(basename "$p") does not apply to linux-source-6.12"
  done
  say "PASS: $dirs: $(echo $patches | wc -w) patches apply to linux-source-6.12 in order"
done <<EOF_SERIES
$series
EOF_SERIES
patches=$all

command -v perl >/dev/null 2>&1 || skip "perl not installed: checkpatch.pl not run"
cdir=$(relopt_linux_source 6.12 checkpatch scripts/checkpatch.pl \
  scripts/spelling.txt scripts/const_structs.checkpatch) ||
  fail "cannot extract checkpatch.pl"
st=0
for p in $patches; do
  # CamelCase: the kernel's own Elf_Sym/Elf_Shdr/Elf_Ehdr, which the
  # patched files already use.  stderr: --no-tree makes the CamelCase
  # check's include scan complain that there is no tree.
  out=$(perl "$cdir/scripts/checkpatch.pl" --strict --no-tree --terse \
    --no-summary --show-types --ignore FILE_PATH_CHANGES "$p" 2>/dev/null |
    grep -v 'CAMELCASE: Avoid CamelCase: <Elf_\(Sym\|Shdr\|Ehdr\)>$')
  if [ -n "$out" ]; then
    echo "$out"
    say "FAIL: $(basename "$p"): checkpatch.pl --strict (6.12) reports the lines above"
    st=1
  fi
done
[ $st -eq 0 ] && say "PASS: checkpatch.pl --strict clean (FILE_PATH_CHANGES aside)"
exit $st
