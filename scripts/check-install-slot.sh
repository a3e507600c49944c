#!/bin/sh
# check-install-slot.sh -- relopt in kbuild's strip slot, without kbuild
# (scripts/kbuild-install-test.sh runs the real kbuild): --strip-debug
# and --strip-unneeded against binutils strip followed by relopt, the
# strip program's choice (relopt's own, or RELOPT_STRIP), strip failing,
# missing or killed (input byte-identical, no temporary file left), a
# signature refused before stripping, RELOPT_FLAGS and its precedence,
# compressed modules (.xz/.zst/.gz by magic: same format out, same ELF as
# the uncompressed run, an unchanged file untouched), the summary line
# of a multi-file run.  Expected bytes come from binutils strip and from
# relopt on uncompressed input; formats from xz/zstd/gzip themselves.
set -u
RELOPT=${RELOPT:-src/relopt}
case $RELOPT in /*) ;; *) RELOPT=$(pwd)/$RELOPT ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok () { pass=$((pass+1)); }
bad () { fail=$((fail+1)); echo "FAIL: $*"; }
cd "$tmp" || exit 99
mkdir scratch
TMPDIR=$tmp/scratch; export TMPDIR
unset RELOPT_FLAGS RELOPT_STRIP CROSS_COMPILE
cat > m.c <<'C'
int counter = 3;
static int helper (int x) { return x + counter; }
int add (int a, int b) { return helper (a) + b; }
__attribute__((weak)) int hook (int x) { return x; }
C
gcc -g -O1 -c m.c -o orig.o || exit 99
readelf -S -W orig.o | grep -q '\.debug_info' || { echo "gcc -g made no .debug_info"; exit 99; }
left () { ls -A "$TMPDIR" | grep -q . && bad "$1: temporary files left in TMPDIR: $(ls -A "$TMPDIR")"; rm -rf "$TMPDIR"/*; }

# 1. --strip-debug == strip --strip-debug, then relopt (byte-identical),
#    no .debug_* left, --check --against the unstripped original passes.
for mode in --strip-debug --strip-unneeded; do
  cp orig.o a.o
  "$RELOPT" $mode --hash-style=both a.o 2>err || bad "$mode: $(cat err)"
  strip $mode -o ref.o orig.o && "$RELOPT" --hash-style=both ref.o
  cmp -s a.o ref.o && ok || bad "$mode differs from strip $mode + relopt"
  readelf -S -W a.o | grep -q '\.debug_' && bad "$mode: .debug_* left" || ok
  "$RELOPT" --check --hash-style=both $mode --against orig.o a.o 2>err && ok \
    || bad "--check $mode --against orig: $(cat err)"
  "$RELOPT" --check --against orig.o a.o 2>/dev/null \
    && bad "--check --against orig.o without $mode passed (must not)" || ok
  left "$mode"
done
# Both: the last one wins, as in binutils strip, which takes both (relopt
# refused them: a fresh user's finding of 2026-12-05).
cp orig.o a.o
"$RELOPT" --strip-debug --strip-unneeded --hash-style=both a.o 2>err &&
  strip --strip-debug --strip-unneeded -o ref.o orig.o &&
  "$RELOPT" --hash-style=both ref.o && cmp -s a.o ref.o && ok ||
  bad "--strip-debug --strip-unneeded: not strip's bytes (the last wins) + relopt: $(cat err)"
left "--strip-debug --strip-unneeded"
# A second run (tables present) gives the same bytes and leaves the file
# untouched.
cp orig.o a.o && "$RELOPT" --strip-debug a.o && cp a.o a1.o
touch -d 2001-01-01 a.o
"$RELOPT" --strip-debug a.o && cmp -s a.o a1.o \
  && [ "$(stat -c %Y a.o)" = "$(date -d 2001-01-01 +%s)" ] && ok \
  || bad "second --strip-debug run changed the file"

# 2. Which strip: relopt's own (no strip process: a strip first in PATH
#    that records its runs is not run, whatever CROSS_COMPILE says),
#    unless RELOPT_STRIP names a program; both give the same bytes.
printf '#!/bin/sh\necho "$0" >> %s/used\nexec strip "$@"\n' "$tmp" > fake-strip
chmod +x fake-strip
mkdir -p path && cp fake-strip path/strip && cp fake-strip path/fake-strip
cp fake-strip other-strip
cp orig.o a.o
PATH=$tmp/path:$PATH CROSS_COMPILE=fake- "$RELOPT" --strip-debug a.o
[ -e used ] && bad "--strip-debug ran a strip program: $(cat used)" || ok
cp a.o own.o; rm -f used; cp orig.o a.o
RELOPT_STRIP=$tmp/other-strip CROSS_COMPILE=fake- "$RELOPT" --strip-debug a.o
[ "$(cat used 2>/dev/null)" = "$tmp/other-strip" ] && ok || bad "RELOPT_STRIP=other-strip was not run"
cmp -s a.o own.o && ok || bad "RELOPT_STRIP=strip and relopt's own strip differ"
rm -f used
# A relopt named as its own strip refuses instead of recursing.
cp orig.o a.o
RELOPT_STRIP=$RELOPT "$RELOPT" --strip-debug a.o 2>err; st=$?
[ $st = 1 ] && cmp -s a.o orig.o && grep -q "its own strip" err && ok \
  || bad "relopt as its own strip: exit $st, $(cat err)"
left "strip choice"

# 3. strip failing, missing, killed: exit 1, input byte-identical.
printf '#!/bin/sh\nexit 3\n' > fails; chmod +x fails
printf '#!/bin/sh\nkill -9 $$\n' > killed; chmod +x killed
printf '#!/bin/sh\n: > "$3"\n' > empties; chmod +x empties
for s in "$tmp/fails:exit 3" "$tmp/no-such-strip:not found" "$tmp/killed:signal 9" "$tmp/empties:empty file"; do
  prog=${s%%:*}; want=${s#*:}
  cp orig.o a.o
  RELOPT_STRIP=$prog "$RELOPT" --strip-debug a.o 2>err; st=$?
  if [ $st = 1 ] && cmp -s a.o orig.o && grep -q "relopt: a.o: .*$want" err; then ok
  else bad "strip $prog: exit $st, $(cat err)"; fi
  left "strip $prog"
done

# 4. A signed (trailer-carrying) input: refused before stripping unless
#    --drop-signature; then the same as stripping the unsigned file.
cp orig.o signed.o
printf '\060\061\062\063\000\000\000\002\000\000\000\000\000\000\000\004~Module signature appended~\n' >> signed.o
cp signed.o s.o
"$RELOPT" --strip-debug s.o 2>err; st=$?
[ $st = 1 ] && cmp -s s.o signed.o && grep -q "module signature" err && ok \
  || bad "signed input: exit $st, $(cat err)"
"$RELOPT" --strip-debug --drop-signature s.o && cp orig.o u.o \
  && "$RELOPT" --strip-debug u.o && cmp -s s.o u.o && ok \
  || bad "--strip-debug --drop-signature differs from the unsigned run"

# 5. Options as kbuild passes them (separate words) and RELOPT_FLAGS,
#    which come first: the command line wins.
cp orig.o a.o
set -- --strip-debug --hash-style=sysv
"$RELOPT" "$@" a.o && readelf -S -W a.o | grep -q ' \.hash ' \
  && ! readelf -S -W a.o | grep -q '\.gnu\.hash' && ok || bad "split INSTALL_MOD_STRIP words"
cp orig.o a.o
RELOPT_FLAGS="--hash-style=both  --no-merge-strtab" "$RELOPT" --strip-debug a.o
strip --strip-debug -o r.o orig.o && "$RELOPT" --hash-style=both --no-merge-strtab r.o
cmp -s a.o r.o && ok || bad "RELOPT_FLAGS not applied"
cp orig.o a.o
RELOPT_FLAGS="--hash-style=both" "$RELOPT" --hash-style=sysv a.o
readelf -S -W a.o | grep -q '\.gnu\.hash' && bad "RELOPT_FLAGS won over the command line" || ok
cp orig.o a.o
RELOPT_FLAGS="--hash-style=both other.o" "$RELOPT" a.o 2>err; st=$?
[ $st = 2 ] && cmp -s a.o orig.o && grep -q "RELOPT_FLAGS: 'other.o' is not an option" err && ok \
  || bad "RELOPT_FLAGS with a file name: exit $st, $(cat err)"
RELOPT_FLAGS="--bogus" "$RELOPT" a.o 2>err; st=$?
[ $st = 2 ] && ok || bad "RELOPT_FLAGS=--bogus: exit $st"

# 6. Compressed modules, told by magic (names without a suffix): the
#    output keeps its format, decompresses to the uncompressed run's
#    bytes, passes --check; a second run leaves it untouched.
strip --strip-debug -o plain.o orig.o && "$RELOPT" --hash-style=both plain.o
for z in "xz --check=crc32 --lzma2=dict=1MiB:XZ compressed data" "zstd -q -T0:Zstandard" "gzip -n:gzip compressed"; do
  cmd=${z%%:*}; want=${z#*:}; tool=${cmd%% *}
  cp orig.o c.o && $cmd -c c.o > cmod && rm c.o
  "$RELOPT" --strip-debug --hash-style=both cmod 2>err; st=$?
  if [ $st = 1 ] && grep -q "compressed module ($tool): relopt was built without" err; then
    echo "note: relopt built without $tool support: $(cat err)"; ok; continue
  fi
  [ $st = 0 ] || { bad "$tool: exit $st, $(cat err)"; continue; }
  file -b cmod | grep -q "$want" && ok || bad "$tool: output is $(file -b cmod)"
  $tool -dc < cmod > d.o && cmp -s d.o plain.o && ok || bad "$tool: decompressed output differs from the uncompressed run"
  "$RELOPT" --check --hash-style=both cmod && ok || bad "$tool: --check on the compressed output"
  "$RELOPT" --check --strip-debug --against orig.o cmod 2>err && ok || bad "$tool: --check --against: $(cat err)"
  cp cmod cmod.before; touch -d 2001-01-01 cmod
  "$RELOPT" --strip-debug --hash-style=both cmod && cmp -s cmod cmod.before \
    && [ "$(stat -c %Y cmod)" = "$(date -d 2001-01-01 +%s)" ] && ok \
    || bad "$tool: second run touched the file"
  if [ "$tool" = xz ]; then
    xz -lvv cmod | grep -q 'CRC32' && xz -lvv cmod | grep -q 'dict=1MiB' && ok \
      || bad "xz: not --check=crc32 --lzma2=dict=1MiB: $(xz -lvv cmod | tail -3)"
  fi
  left "$tool"
done
# Concatenated streams, frames or members (xz, zstd and gzip all allow
# them): the whole is one module.
size=$(stat -c %s orig.o); half=$((size / 2))
head -c $half orig.o > h1; tail -c +$((half + 1)) orig.o > h2
for tool in xz zstd gzip; do
  command -v $tool > /dev/null || continue
  { $tool -c < h1; $tool -c < h2; } > multi 2>/dev/null
  "$RELOPT" --strip-debug --hash-style=both multi 2>err; st=$?
  if grep -q "built without" err; then ok; continue; fi
  [ $st = 0 ] && $tool -dc < multi > d.o && cmp -s d.o plain.o && ok \
    || bad "$tool: concatenated input: exit $st, $(cat err)"
done
# A file name starting with '-' (strip reads the file itself).
cp orig.o ./-dash.o && "$RELOPT" --strip-debug --hash-style=both -- -dash.o \
  && cmp -s ./-dash.o plain.o && ok || bad "--strip-debug -- -dash.o"
# -o with a strip option: the input stays, OUT is the stripped rewrite.
cp orig.o a.o
"$RELOPT" --strip-debug --hash-style=both -o out.o a.o && cmp -s a.o orig.o \
  && cmp -s out.o plain.o && ok || bad "--strip-debug -o"
# The mode of the file is kept.
cp orig.o a.o && chmod 640 a.o && "$RELOPT" --strip-debug a.o \
  && [ "$(stat -c %a a.o)" = 640 ] && ok || bad "--strip-debug changed the mode"
printf '\375\067\172\130\132\000garbage' > broken
"$RELOPT" broken 2>err; st=$?
[ $st = 1 ] && grep -q "compressed module (xz)" err && ok || bad "corrupt xz: exit $st, $(cat err)"

# 7. Multi-file runs: one summary line.
cp orig.o f1.o; cp plain.o f2.o; cp orig.o f3.o; printf 'junk' > f4.o
"$RELOPT" --hash-style=both f1.o f2.o f3.o f4.o > out 2>err; st=$?
[ $st = 1 ] && [ "$(cat out)" = "relopt: 4 files: 2 rewritten, 1 unchanged, 1 failed" ] && ok \
  || bad "summary: exit $st, '$(cat out)'"
"$RELOPT" --check f1.o f2.o f4.o > out 2>err
[ "$(cat out)" = "relopt: 3 files checked: 2 passed, 1 failed" ] && ok || bad "check summary: '$(cat out)'"
"$RELOPT" f1.o > out; [ -s out ] && bad "summary printed for one file" || ok

echo "check-install-slot: $pass passed, $fail failed"
[ $fail = 0 ]
