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
# The cross part (--cross arm64,armhf; `make check-kbuild-dbg-cross', and
# the second half of `make check-kbuild-dbg'): the same recipe and the
# same per-module checks, against the cross binutils strip
# (aarch64-linux-gnu-strip; arm-linux-gnueabihf-strip, else
# arm-linux-gnueabi-strip, the same BFD target elf32-littlearm), on a
# fixed sample of Debian's linux-image-RELEASE-arm64-dbg and
# linux-image-RELEASE-armmp-dbg (RELEASE the host's, e.g. 6.1.0-57):
# every k-th module by path, from the first, k = ceil(modules / N), N =
# --sample (300), so 3,685 arm64 modules give 284 (k = 13).  The
# packages are downloaded into the kbuild cache (dbg-ARCH/) when
# missing, about 800 MB each.  No compressed sample and no
# modules_install timing there (the host's kbuild installs for the
# host).
#
#   scripts/kbuild-dbg-compare.sh [--relopt PATH] [--dir MODULE-DIR]
#       [--limit N] [--jobs N] [--install-sample N] [--keep]
#   scripts/kbuild-dbg-compare.sh --cross ARCH[,ARCH] [--sample N]
#       [--relopt PATH] [--jobs N] [--keep]
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
#   --cross ARCHS  the cross part only, for ARCHS (arm64, armhf, or both
#              comma-separated)
#   --sample N  the cross part's sample per architecture (default 300)
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
cross=
sample=300
while [ $# -gt 0 ]; do
  case $1 in
    --dir) dir=$2; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --install-sample) isample=$2; shift 2 ;;
    --cross) cross=$2; shift 2 ;;
    --sample) sample=$2; shift 2 ;;
    *) relopt_kbuild_option "$@"; shift "$relopt_nargs" ;;
  esac
done
relopt_require_relopt
cache=$(relopt_kbuild_cache)
arch=$(dpkg --print-architecture)

# host_release: the host's kernel release without its flavour (6.1.0-57
# of the newest linux-headers-6.1.0-57-amd64), else uname -r's.
host_release () {
  r=$(ls -d /usr/src/linux-headers-*-"$arch" 2>/dev/null | sort -rV | head -1)
  r=${r#/usr/src/linux-headers-}
  [ -n "$r" ] || r=$(uname -r)
  echo "${r%-"$arch"}"
}

# dbg_dir SUBDIR RELEASE [ARCH]: set ddir to the newest unpacked
# CACHE/SUBDIR/usr/lib/debug/lib/modules/*-FLAVOUR (RELEASE ends with
# its flavour), downloading linux-image-RELEASE-dbg (of ARCH, when
# given: relopt_fetch_dbg_deb) and unpacking it there first when
# missing.  A new SUBDIR is unpacked beside it and renamed when
# complete, so an interrupted unpack is never taken for a tree.
dbg_dir () {
  fl=${2##*-}
  ddir=$(ls -d "$cache/$1"/usr/lib/debug/lib/modules/*-"$fl" 2>/dev/null | sort -rV | head -1)
  [ -z "$ddir" ] || return 0
  relopt_fetch_dbg_deb "$cache" "$2" ${3:+"$3"}
  say "unpacking $deb into $cache/$1"
  if [ -d "$cache/$1" ]; then
    dpkg-deb -x "$deb" "$cache/$1" || skip "cannot unpack $deb"
  else
    rm -rf "$cache/$1.part"
    dpkg-deb -x "$deb" "$cache/$1.part" && mv "$cache/$1.part" "$cache/$1" \
      || skip "cannot unpack $deb"
  fi
  ddir=$(ls -d "$cache/$1"/usr/lib/debug/lib/modules/*-"$fl" | sort -rV | head -1)
}

relopt_kbuild_workdir dbg

# The per-module worker: RELOPT DIR OUT STRIP MODULE...
cat > "$work/worker.sh" <<'EOF'
relopt=$1 dir=$2 work=$3 strip=$4; shift 4
tmp=$(mktemp -d "$work/w.XXXXXX")
for m in "$@"; do
  out=$work/tree/$m
  if ! "$strip" --strip-debug -o "$tmp/ref.ko" "$dir/$m" 2> "$tmp/err"; then
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
  "$strip" --strip-unneeded -o "$tmp/unref.ko" "$dir/$m" && "$relopt" --hash-style=both "$tmp/unref.ko" \
    || { echo "UNNEEDEDREFFAIL $m"; continue; }
  if ! cmp -s "$tmp/un.ko" "$tmp/unref.ko"; then echo "UNNEEDEDDIFF $m"; continue; fi
  echo "OK $m"
done
rm -rf "$tmp"
EOF

# compare_tree DIR LIST STRIP OUT: (1) the recipe over a copy of the
# modules LIST names (paths relative to DIR) in OUT/tree, then (2) per
# module the reference made with STRIP, and the checks.  Sets rst (the
# recipe's exit status), ok and bad (module counts).
compare_tree () {
  cdir=$1 clist=$2 cstrip=$3 cout=$4
  # The tree to rewrite: a copy (hard links: relopt replaces by rename,
  # so the originals are never written).
  mkdir -p "$cout/tree"
  (cd "$cdir" && cpio -pdml --quiet "$cout/tree") < "$clist" || fail "copying the tree"

  # 1. The recipe, as documented.
  t0=$(date +%s)
  ( cd "$cout/tree" && find . -name '*.ko*' -print0 \
      | nice -n 10 xargs -0 -P"$jobs" -n 64 "$relopt" --strip-debug --hash-style=both ) \
    > "$cout/recipe.out" 2> "$cout/recipe.err"
  rst=$?
  t1=$(date +%s)
  grep -v '^relopt: [0-9]* files: ' "$cout/recipe.out" | head
  awk '/^relopt: [0-9]+ files: /{ f+=$2; r+=$4; u+=$6; x+=$8 }
       END { printf "recipe summary lines: %d files: %d rewritten, %d unchanged, %d failed\n", f, r, u, x }' \
    "$cout/recipe.out" | tee "$cout/recipe.sum"
  say "recipe: exit $rst, $((t1 - t0)) s wall"
  head -5 "$cout/recipe.err"

  # 2. The reference and the checks, per module.
  t0=$(date +%s)
  tr '\n' '\0' < "$clist" | nice -n 10 xargs -0 -P"$jobs" -n 32 sh "$work/worker.sh" "$relopt" "$cdir" "$cout" "$cstrip" > "$cout/results"
  t1=$(date +%s)
  ok=$(grep -c '^OK ' "$cout/results")
  bad=$(grep -vc '^OK ' "$cout/results")
  grep -v '^OK ' "$cout/results" | head -20
  say "reference ($cstrip --strip-debug + relopt) and checks: $((t1 - t0)) s wall"
}

# The cross part: per architecture, its sample through compare_tree.
if [ -n "$cross" ]; then
  total_bad=0 summary=
  for a in $(echo "$cross" | tr ',' ' '); do
    case $a in
      arm64) fl=arm64 triplets=aarch64-linux-gnu ;;
      armhf) fl=armmp triplets="arm-linux-gnueabihf arm-linux-gnueabi" ;;
      *) echo "kbuild-dbg-compare: --cross: unknown architecture '$a' (arm64, armhf)" >&2; exit 2 ;;
    esac
    xstrip=
    for t in $triplets; do
      if command -v "$t-strip" >/dev/null 2>&1; then xstrip=$t-strip; break; fi
    done
    [ -n "$xstrip" ] || skip "$a: no cross strip (${triplets%% *}-strip); apt-get install binutils-${triplets%% *}"
    dbg_dir "dbg-$a" "$(host_release)-$fl" "$a"
    [ -d "$ddir" ] || skip "$a: no module directory $ddir"
    mkdir -p "$work/$a"
    (cd "$ddir" && find . -name '*.ko' -type f | sort) > "$work/$a/all"
    na=$(wc -l < "$work/$a/all")
    [ "$na" -gt 0 ] || skip "$a: no .ko under $ddir"
    k=$(( (na + sample - 1) / sample )); [ "$k" -ge 1 ] || k=1
    awk -v k="$k" 'k == 1 || NR % k == 1' "$work/$a/all" > "$work/$a/list"
    ns=$(wc -l < "$work/$a/list")
    say "$a: $ns of $na modules (every ${k}th by path, from the first) from $ddir; reference: $("$xstrip" --version | head -1) ($xstrip); $jobs jobs"
    compare_tree "$ddir" "$work/$a/list" "$xstrip" "$work/$a"
    [ "$rst" = 0 ] || bad=$((bad + 1))
    say "$a: $ns modules: $ok identical to $xstrip --strip-debug + relopt (and --strip-unneeded) and checked, $bad differences or failures"
    total_bad=$((total_bad + bad))
    summary="$summary $a $ok of $ns identical;"
  done
  say "cross:$summary $total_bad differences or failures"
  [ "$total_bad" = 0 ] || exit 1
  say "PASS"
  exit 0
fi

if [ -z "$dir" ]; then
  dbg_dir dbg "$(host_release)-$arch"
  dir=$ddir
fi
[ -d "$dir" ] || skip "no module directory $dir"

(cd "$dir" && find . -name '*.ko' -type f | sort) > "$work/all"
[ -n "$limit" ] && head -n "$limit" "$work/all" > "$work/list" || cp "$work/all" "$work/list"
n=$(wc -l < "$work/list")
[ "$n" -gt 0 ] || skip "no .ko under $dir"
say "$n modules from $dir, $jobs jobs"

compare_tree "$dir" "$work/list" strip "$work"

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
