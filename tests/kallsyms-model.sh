#!/bin/bash
# kallsyms-model.sh -- the kallsyms patch (loader/linux/kallsyms/6.12/)
# modelled on the host over Debian's real amd64 and arm64 modules: the
# patch's own kernel/module/kallsyms_relopt.c and relopt-loader.c, taken
# out of the patch with `git apply', built in user space with stand-ins
# for five kernel headers (loader/linux/kallsyms/host/), run by
# loader/linux/kallsyms/kallsyms-model.c, which looks every symbol name
# of each module (and absent names) up through the patch's path and
# through the kernel's linear loop, before init (whole .symtab) and after
# init (the core copy add_kallsyms() builds, with KALLSYMS_ALL=y, =n and
# as a livepatch module), and counts differences (must be 0).  Each module
# is checked as Debian ships it (no table: the loop) and rewritten with
# the recipe the kernel reads, `relopt --hash-style=sysv` (then every
# module's table must be one the kernel uses).  Five relopt'd modules per
# architecture are also damaged (a bucket, chain or header word flipped,
# the table truncated, or left stale by objcopy): refused or not, the
# answers must still be the loop's.
#
# Usage: kallsyms-model.sh [--all | --sample N]
#   default --sample 50: N modules per architecture, evenly spread over
#   the sorted list, plus the largest (make check); --all: every module
#   (make check-kallsyms-model).
# The modules come from the cache scripts/fetch-kernel-debs.sh fills
# (scripts/common.sh relopt_cache); skipped (77) when it holds none:
#   bash scripts/fetch-kernel-debs.sh amd64 arm64 "$(. scripts/common.sh && relopt_cache)/unpacked"
set -u
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
. "$srcdir/scripts/common.sh"
relopt_messages kallsyms-model
relopt_test_start kallsyms-model
srcdir=$(cd "$srcdir" && pwd)

sample=50
case ${1:-} in
  --all) sample=0 ;;
  --sample) sample=$2 ;;
  '') ;;
  *) echo "usage: kallsyms-model.sh [--all | --sample N]" >&2; exit 2 ;;
esac

kdir=$srcdir/loader/linux/kallsyms
# Revision 1 of the series carries relopt 0.2's loader library, whose
# rule 2 (first symbol of each name, no STT_FILE) differs from relopt's
# current one (doc/design.md 2): it refuses or misreads today's tables.
# Revision 2 carries its own kernel reader and no copy of the library.
if grep -q '^+++ b/kernel/module/relopt-loader.c' "$kdir"/6.12/0*.patch; then
  skip "loader/linux/kallsyms/6.12/ is still revision 1 (relopt 0.2's rule 2); revision 2 replaces it"
fi
mkdir "$tmp/k"
(cd "$tmp/k" && git apply --include='kernel/module/*relopt*' \
  $(ls "$kdir"/6.12/0*-*.patch | grep -v /0000-)) || fail "cannot take the files out of $kdir/6.12/*.patch"
model=$tmp/kallsyms-model
${CC:-gcc} -std=gnu99 -O2 -Wall -Wextra -Werror -I"$kdir/host" \
  -I"$tmp/k/kernel/module" -o "$model" "$kdir/kallsyms-model.c" \
  "$tmp/k/kernel/module/kallsyms_relopt.c" \
  "$tmp/k/kernel/module/relopt-loader.c" || fail "the model does not build"

cache=$(relopt_cache)/unpacked
st=0 ran=0
for arch in amd64 arm64; do
  find "$cache/$arch/lib/modules" \( -name '*.ko' -o -name '*.ko.xz' \) \
    2>/dev/null | LC_ALL=C sort > "$tmp/all"
  n=$(wc -l < "$tmp/all")
  if [ "$n" -eq 0 ]; then
    say "SKIP: $arch: no modules in $cache/$arch (scripts/fetch-kernel-debs.sh $arch ...)"
    continue
  fi
  if [ "$sample" -gt 0 ] && [ "$n" -gt "$sample" ]; then
    awk -v n="$n" -v k="$sample" 'int((NR - 1) * k / n) != int(NR * k / n)' \
      "$tmp/all" > "$tmp/list"
    xargs -d '\n' stat -c '%s %n' < "$tmp/all" | sort -rn | sed -n '1s/^[0-9]* //p' >> "$tmp/list"
    LC_ALL=C sort -u -o "$tmp/list" "$tmp/list"
  else
    cp "$tmp/all" "$tmp/list"
  fi
  rm -rf "$tmp/plain" "$tmp/relopt"
  mkdir "$tmp/plain" "$tmp/relopt"
  # One process for all (xz -dc per file costs more than the model).
  python3 - "$tmp/list" "$tmp/plain" <<'PY' || fail "$arch: cannot decompress the modules"
import lzma, os, sys
for i, f in enumerate(open(sys.argv[1]).read().splitlines(), 1):
    name = os.path.basename(f)
    data = open(f, 'rb').read()
    if name.endswith('.xz'):
        data, name = lzma.decompress(data), name[:-3]
    open(os.path.join(sys.argv[2], '%d-%s' % (i, name)), 'wb').write(data)
PY
  cp "$tmp"/plain/* "$tmp/relopt/"
  # The recipe the kernel reads; Debian's files are signed.
  (cd "$tmp/relopt" && find . -name '*.ko' -print0 |
    xargs -0 "$relopt" --hash-style=sysv --drop-signature) > "$tmp/relopt.log" 2>&1 ||
    { cat "$tmp/relopt.log"; fail "$arch: relopt failed"; }
  say "$arch: $(wc -l < "$tmp/list") of $n modules"
  for kind in plain relopt; do
    flag=
    [ $kind = relopt ] && flag=--expect-table
    (cd "$tmp/$kind" && find . -name '*.ko' -print0 | LC_ALL=C sort -z |
      xargs -0 "$model" $flag) > "$tmp/out" 2> "$tmp/err"
    rc=$?
    head -n 20 "$tmp/err"
    sed "s/^kallsyms-model:/kallsyms-model: $arch $kind:/" "$tmp/out"
    if [ $rc -ne 0 ] || ! grep -q ' 0 differences$' "$tmp/out"; then
      say "FAIL: $arch $kind: the table path and the loop differ (above)"
      st=1
    fi
  done
  # Bad input: tables damaged after relopt (one word of a bucket, of a
  # chain, of the header; truncated; left stale by objcopy, which resets
  # sh_link) must be refused or still answer as the loop.
  rm -rf "$tmp/bad"
  mkdir "$tmp/bad"
  (cd "$tmp/relopt" && find . -name '*.ko' | LC_ALL=C sort | head -n 5) |
  while read -r f; do
    b=$tmp/bad/$(basename "$f" .ko)
    objcopy "$tmp/relopt/$f" "$b-objcopy.ko" 2>/dev/null
    python3 "$kdir/damage.py" "$tmp/relopt/$f" "$b" || exit 1
  done || fail "$arch: cannot make the damaged copies"
  (cd "$tmp/bad" && find . -name '*.ko' -print0 | LC_ALL=C sort -z |
    xargs -0 "$model") > "$tmp/out" 2> "$tmp/err"
  rc=$?
  head -n 20 "$tmp/err"
  sed "s/^kallsyms-model:/kallsyms-model: $arch damaged:/" "$tmp/out" | head -n 1
  if [ $rc -ne 0 ] || ! grep -q ' 0 differences$' "$tmp/out"; then
    say "FAIL: $arch damaged tables: the table path and the loop differ (above)"
    st=1
  fi
  ran=$((ran + 1))
done
[ $st -eq 0 ] || exit 1
[ $ran -gt 0 ] || skip "no Debian amd64/arm64 modules in $cache: bash scripts/fetch-kernel-debs.sh amd64 arm64 $cache"
say "PASS: the table path answers as the loop for every name"
exit 0
