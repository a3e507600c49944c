#!/bin/bash
# kallsyms-model.sh -- the kallsyms series, revision 2
# (loader/linux/kallsyms/6.12/), modelled on the host over Debian's real
# amd64 and arm64 modules: the series' own kernel/module/kallsyms_hash.c,
# taken out of the patch with `git apply', built in user space with
# stand-ins for four kernel headers (loader/linux/kallsyms/host/), run by
# loader/linux/kallsyms/kallsyms-model.c, which looks every symbol name of
# each module (and absent names) up through the series' path and through
# the kernel's linear scan -- the first match and every match in order
# (find_kallsyms_symbol_value(), number_of_same_symbols(), livepatch's
# sympos) -- before init (whole .symtab) and after init (the core copy
# add_kallsyms() builds, read through the same table and the index map
# add_kallsyms() writes, with KALLSYMS_ALL=y, =n and as a livepatch
# module), and counts differences
# (must be 0).  Each module is checked with a table the model builds by the
# rule (--build-table: the reader against the rule itself) and rewritten
# with `relopt --hash-style=sysv` (then every table must pass both of the
# kernel's checks: --expect-table).  Five relopt'd modules per
# architecture are also damaged (damage.py: bucket, chain and header
# words, truncated, swapped buckets, a symbol off its chain; and left
# stale by objcopy): refused by one check or the other, or still
# answering as the scan.
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
mkdir "$tmp/k"
(cd "$tmp/k" && git apply --include='kernel/module/kallsyms_hash.c' \
  $(ls "$kdir"/6.12/0*-*.patch | grep -v /0000-)) &&
  [ -f "$tmp/k/kernel/module/kallsyms_hash.c" ] ||
  fail "cannot take kernel/module/kallsyms_hash.c out of $kdir/6.12/*.patch"
model=$tmp/kallsyms-model
${CC:-gcc} -std=gnu99 -O2 -Wall -Wextra -Werror -I"$kdir/host" \
  -o "$model" "$kdir/kallsyms-model.c" \
  "$tmp/k/kernel/module/kallsyms_hash.c" || fail "the model does not build"

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
    flag=--build-table
    [ $kind = relopt ] && flag=--expect-table
    (cd "$tmp/$kind" && find . -name '*.ko' -print0 | LC_ALL=C sort -z |
      xargs -0 "$model" $flag) > "$tmp/out" 2> "$tmp/err"
    rc=$?
    head -n 20 "$tmp/err"
    sed "s/^kallsyms-model:/kallsyms-model: $arch $kind:/" "$tmp/out"
    if [ $rc -ne 0 ] || ! grep -q ' 0 differences$' "$tmp/out"; then
      say "FAIL: $arch $kind: the table path and the scan differ, or a table was refused (above)"
      st=1
    fi
  done
  # Bad input: tables damaged after relopt (damage.py; left stale by
  # objcopy, which resets sh_link) must be refused or still answer as the
  # scan.
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
    say "FAIL: $arch damaged tables: the table path and the scan differ (above)"
    st=1
  fi
  ran=$((ran + 1))
done
[ $st -eq 0 ] || exit 1
[ $ran -gt 0 ] || skip "no Debian amd64/arm64 modules in $cache: bash scripts/fetch-kernel-debs.sh amd64 arm64 $cache"
say "PASS: the table path answers as the scan for every name and every match"
exit 0
