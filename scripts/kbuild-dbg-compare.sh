#!/bin/sh
# kbuild-dbg-compare.sh -- relopt's own --strip-debug and --strip-unneeded
# (no strip process: bfdext/stripdebug.c) against binutils strip followed
# by relopt, over every module of a distribution kernel's -dbg package
# (unstripped modules with full debug info), through the documented
# whole-tree recipe (README "Kernel builds (kbuild)"):
#     find TREE -name '*.ko*' -print0 | xargs -0 -P"$(nproc)" -n 64 \
#         relopt --strip-debug --hash-style=both
# Then, per module: the recipe's output is byte-identical to
# `strip --strip-debug' + `relopt --hash-style=both', passes
# `relopt --check', and `relopt --check --strip-debug --against' the
# unstripped module; and `relopt --strip-unneeded -o' of the module is
# byte-identical to `strip --strip-unneeded' + `relopt --hash-style=both'.  A sample (every 40th module) is also compressed as
# kbuild does (xz --check=crc32 --lzma2=dict=1MiB, zstd -T0, gzip -n) and
# rewritten: the output keeps its format and decompresses to the
# uncompressed result.  Last, `make modules_install' of a sample of these
# real modules (an M= directory holding them and their modules.order)
# into a scratch INSTALL_MOD_PATH is timed without strip, with
# INSTALL_MOD_STRIP=1 (binutils strip) and with STRIP=relopt
# INSTALL_MOD_STRIP=1.  Prints counts; exit 1 on any difference.
#
#   scripts/kbuild-dbg-compare.sh [--relopt PATH] [--dir MODULE-DIR]
#       [--limit N] [--jobs N] [--install-sample N] [--keep]
#
#   --dir DIR  the unpacked -dbg modules (default: the kbuild cache of
#              scripts/common.sh, /dbg/usr/lib/debug/lib/modules/
#              RELEASE/ of the host's newest linux-image-*-dbg, downloaded
#              and unpacked there when missing: about 860 MB, 5.6 GB
#              unpacked)
#   --limit N  the first N modules only (sorted by path)
#   --install-sample N  at most N modules in the timed modules_install
#              (default 1000): every k-th of the list, k = ceil(modules /
#              N), so 4,023 modules give 804; 0: no timing
# Exit status: 0 no difference, 1 differences or failures, 77 skipped.

set -u
# relopt's own strip is under test, not a program RELOPT_STRIP names.
unset RELOPT_STRIP
. "$(dirname "$0")/common.sh"
relopt_kbuild_script kbuild-dbg-compare
dir=
limit=
jobs=$(nproc 2>/dev/null || echo 2)
isample=1000
while [ $# -gt 0 ]; do
  case $1 in
    --dir) dir=$2; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --install-sample) isample=$2; shift 2 ;;
    *) relopt_kbuild_option "$@"; shift "$relopt_nargs" ;;
  esac
done
relopt_require_relopt
cache=$(relopt_kbuild_cache)
arch=$(dpkg --print-architecture)

if [ -z "$dir" ]; then
  d=$(ls -d "$cache"/dbg/usr/lib/debug/lib/modules/*-"$arch" 2>/dev/null | sort -rV | head -1)
  if [ -z "$d" ]; then
    release=$(ls -d /usr/src/linux-headers-*-"$arch" 2>/dev/null | sort -rV | head -1)
    release=${release#/usr/src/linux-headers-}
    [ -n "$release" ] || release=$(uname -r)
    relopt_fetch_dbg_deb "$cache" "$release"
    mkdir -p "$cache/dbg"
    dpkg-deb -x "$deb" "$cache/dbg" || skip "cannot unpack $deb"
    d=$(ls -d "$cache"/dbg/usr/lib/debug/lib/modules/*-"$arch" | sort -rV | head -1)
  fi
  dir=$d
fi
[ -d "$dir" ] || skip "no module directory $dir"

relopt_kbuild_workdir dbg

(cd "$dir" && find . -name '*.ko' -type f | sort) > "$work/all"
[ -n "$limit" ] && head -n "$limit" "$work/all" > "$work/list" || cp "$work/all" "$work/list"
n=$(wc -l < "$work/list")
[ "$n" -gt 0 ] || skip "no .ko under $dir"
say "$n modules from $dir, $jobs jobs"

# The tree to rewrite: a copy (hard links: relopt replaces by rename, so
# the originals are never written).
mkdir -p "$work/tree"
(cd "$dir" && cpio -pdml --quiet "$work/tree") < "$work/list" || fail "copying the tree"

# 1. The recipe, as documented.
t0=$(date +%s)
( cd "$work/tree" && find . -name '*.ko*' -print0 \
    | nice -n 10 xargs -0 -P"$jobs" -n 64 "$relopt" --strip-debug --hash-style=both ) \
  > "$work/recipe.out" 2> "$work/recipe.err"
rst=$?
t1=$(date +%s)
grep -v '^relopt: [0-9]* files: ' "$work/recipe.out" | head
awk '/^relopt: [0-9]+ files: /{ f+=$2; r+=$4; u+=$6; x+=$8 }
     END { printf "recipe summary lines: %d files: %d rewritten, %d unchanged, %d failed\n", f, r, u, x }' \
  "$work/recipe.out" | tee "$work/recipe.sum"
say "recipe: exit $rst, $((t1 - t0)) s wall"
head -5 "$work/recipe.err"

# 2. The reference and the checks, per module.
cat > "$work/worker.sh" <<'EOF'
relopt=$1 dir=$2 work=$3; shift 3
tmp=$(mktemp -d "$work/w.XXXXXX")
for m in "$@"; do
  out=$work/tree/$m
  if ! strip --strip-debug -o "$tmp/ref.ko" "$dir/$m" 2> "$tmp/err"; then
    echo "STRIPFAIL $m $(head -1 "$tmp/err")"; continue
  fi
  if ! "$relopt" --hash-style=both "$tmp/ref.ko" 2> "$tmp/err"; then
    echo "REFFAIL $m $(head -1 "$tmp/err")"; continue
  fi
  if ! cmp -s "$tmp/ref.ko" "$out"; then echo "DIFF $m"; continue; fi
  if ! "$relopt" --check --hash-style=both "$out" 2> "$tmp/err"; then
    echo "CHECKFAIL $m $(head -1 "$tmp/err")"; continue
  fi
  if ! "$relopt" --check --strip-debug --hash-style=both --against "$dir/$m" "$out" 2> "$tmp/err"; then
    echo "AGAINSTFAIL $m $(head -1 "$tmp/err")"; continue
  fi
  if readelf -S -W "$out" 2>/dev/null | grep -q ' \.debug_'; then echo "DEBUGLEFT $m"; continue; fi
  if ! "$relopt" --strip-unneeded --hash-style=both -o "$tmp/un.ko" "$dir/$m" 2> "$tmp/err"; then
    echo "UNNEEDEDFAIL $m $(head -1 "$tmp/err")"; continue
  fi
  strip --strip-unneeded -o "$tmp/unref.ko" "$dir/$m" && "$relopt" --hash-style=both "$tmp/unref.ko" \
    || { echo "UNNEEDEDREFFAIL $m"; continue; }
  if ! cmp -s "$tmp/un.ko" "$tmp/unref.ko"; then echo "UNNEEDEDDIFF $m"; continue; fi
  echo "OK $m"
done
rm -rf "$tmp"
EOF
t0=$(date +%s)
tr '\n' '\0' < "$work/list" | nice -n 10 xargs -0 -P"$jobs" -n 32 sh "$work/worker.sh" "$relopt" "$dir" "$work" > "$work/results"
t1=$(date +%s)
ok=$(grep -c '^OK ' "$work/results")
bad=$(grep -vc '^OK ' "$work/results")
grep -v '^OK ' "$work/results" | head -20
say "reference (strip --strip-debug + relopt) and checks: $((t1 - t0)) s wall"

# 3. Compressed: a sample, each format as kbuild makes it.
zok=0 zbad=0
mkdir -p "$work/z"
awk 'NR % 40 == 1' "$work/list" > "$work/sample"
while read -r m; do
  for z in "xz --check=crc32 --lzma2=dict=1MiB:xz:XZ compressed" "zstd -q -T0:zstd:Zstandard" "gzip -n:gzip:gzip compressed"; do
    cmd=${z%%:*}; rest=${z#*:}; tool=${rest%%:*}; want=${rest#*:}
    f=$work/z/m.ko.$tool
    $cmd -c "$dir/$m" > "$f"
    if "$relopt" --strip-debug --hash-style=both "$f" 2> "$work/z/err" \
       && file -b "$f" | grep -q "$want" \
       && $tool -dc < "$f" > "$work/z/d.ko" && cmp -s "$work/z/d.ko" "$work/tree/$m" \
       && "$relopt" --check --hash-style=both "$f"; then
      zok=$((zok + 1))
    else
      zbad=$((zbad + 1)); echo "ZFAIL $tool $m $(head -1 "$work/z/err")"
    fi
  done
done < "$work/sample"

# 4. modules_install time over real modules (kbuild of the host's headers).
kdir=$(ls -d /usr/src/linux-headers-*-"$arch" 2>/dev/null | sort -rV | head -1)
if [ "$isample" -gt 0 ] && [ -n "$kdir" ]; then
  k=$(( (n + isample - 1) / isample )); [ "$k" -ge 1 ] || k=1
  awk -v k="$k" 'NR % k == 0' "$work/list" | head -n "$isample" > "$work/ilist"
  ni=$(wc -l < "$work/ilist")
  mkdir -p "$work/m"
  (cd "$dir" && cpio -pdml --quiet "$work/m") < "$work/ilist" || fail "copying the install sample"
  sed -e 's|^\./||' -e "s|^|$work/m/|" "$work/ilist" > "$work/m/modules.order"
  mb=$(du -smL "$work/m" | cut -f1)
  timed () { # timed LABEL make-args...
    label=$1; shift
    rm -rf "$work/inst"; sync
    t0=$(date +%s%N)
    nice -n 10 make -C "$kdir" M="$work/m" modules_install INSTALL_MOD_PATH="$work/inst" \
      DEPMOD=true "$@" > "$work/inst.log" 2>&1 || { tail "$work/inst.log"; fail "modules_install ($label)"; }
    t1=$(date +%s%N)
    got=$(find "$work/inst" -name '*.ko' | wc -l)
    [ "$got" = "$ni" ] || fail "modules_install ($label) installed $got of $ni"
    say "time: modules_install of $ni real modules ($mb MB unstripped), $label: $(( (t1 - t0) / 1000000 )) ms"
  }
  timed "no INSTALL_MOD_STRIP"
  timed "INSTALL_MOD_STRIP=1 (strip)" INSTALL_MOD_STRIP=1
  timed "STRIP=relopt INSTALL_MOD_STRIP=1" STRIP="$relopt" INSTALL_MOD_STRIP=1
  timed "STRIP=relopt INSTALL_MOD_STRIP='--strip-debug --hash-style=both'" STRIP="$relopt" "INSTALL_MOD_STRIP=--strip-debug --hash-style=both"
  ib=0
  for ko in $(find "$work/inst" -name '*.ko'); do
    "$relopt" --check --hash-style=both "$ko" 2>/dev/null || ib=$((ib + 1))
  done
  say "the last install: $ni modules, $ib failing relopt --check"
  [ "$ib" = 0 ] || bad=$((bad + ib))
  say "load average after the timing: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

say "$n modules: $ok identical to strip --strip-debug + relopt (and --strip-unneeded) and checked, $bad differences or failures"
say "compressed sample: $zok passed, $zbad failed ($(wc -l < "$work/sample") modules x 3 formats)"
[ "$bad" = 0 ] && [ "$zbad" = 0 ] && [ "$rst" = 0 ] || exit 1
say "PASS"
