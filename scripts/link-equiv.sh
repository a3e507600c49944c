#!/bin/bash
# link-equiv.sh -- prove that relopt's rewrite keeps the linked program
# (doc/design.md, output contract 8), above all the ARM/AArch64 branch
# relocation order (contract 6).
#
# Usage: link-equiv.sh [--relopt PATH] [--src DIR] [--work DIR]
#                      [--synthetic] [--real ARCH]... [--data DIR]
#                      [--limit N] [--jobs N] [--verbose]
#
#   --relopt PATH  relopt under test (default $RELOPT, else ./src/relopt)
#   --src DIR      the test sources (default testsuite/relopt.branch beside
#                  this script's directory)
#   --work DIR     scratch directory (default: a new one under /tmp, removed
#                  at the end unless something failed)
#   --synthetic    the built-for-the-purpose cases below
#   --real ARCH    every module of the unpacked Debian kernel package of
#                  ARCH (armhf, arm64), repeatable
#   --data DIR     unpacked packages, DIR/ARCH/lib/modules/... (default
#                  $(relopt_cache)/unpacked (scripts/common.sh), as
#                  scripts/fetch-kernel-debs.sh writes them)
#   --limit N      real modules: only N per architecture, spread evenly over
#                  the sorted list, plus the largest one
#   --jobs N       real modules checked in parallel (default: CPUs)
#   --verbose      also print a PASS line for every real module
#   With neither --synthetic nor --real: --synthetic --real armhf --real arm64.
#
# One link-equivalence check of an object IN:
#   1. relopt [OPTS] -o OUT IN; relopt [OPTS] --check OUT and
#      relopt --check --against IN OUT must pass;
#   2. every undefined symbol of IN gets its own address (a linker script
#      of assignments made from `nm -u IN'), close enough that no branch
#      needs a long-branch veneer (see "far" below);
#   3. IN and OUT are linked the same way into a final image
#      (ld [-EB|-m EMUL] -Ttext-segment=0x100000 -e 0 OBJ SYMS.ld);
#   4. `objcopy -O binary' of both images must be identical (all allocated
#      section contents), and so must the allocated section headers (name,
#      type, address, size, flags) and the sorted symbol list (`nm').
#
# Synthetic cases, each object checked with relopt's default options and
# with --hash-style=both (cross tools missing: UNSUPPORTED, never PASS):
#   variants  arm (A32), thumb (Thumb-2), be32 (big-endian ARM, code
#             big-endian), thumb-be32, aarch64, aarch64-be, aarch64-ilp32
#             (ELFCLASS32, the P32 relocation types)
#   objects   gcc  calls.c compiled as is (many calls, tail calls, calls
#                  to static and undefined functions)
#             asm  addend-*.s (branches with non-zero addends, PC24,
#                  conditional branches, section-symbol targets, other
#                  relocations in between)
#             module  both, calls.c with -ffunction-sections, `ld -r'
#                  into one object as kbuild links a module; relopt must
#                  have reordered it (else the case proves nothing)
#   be8       GNU ld does not take BE8 input, so: `ld -r -EB --be8' of the
#             be32 (and thumb-be32) module must get from relopt the same
#             relocation order (offset, type, symbol of every entry) as
#             the BE32 original; as a control, the same BE8 object with
#             EF_ARM_BE8 cleared (code then read big-endian) must get a
#             different order, which shows the comparison can fail
#   far       the arm and aarch64 modules linked with the undefined
#             symbols out of branch range: ld adds long-branch veneers and
#             lays them out in the order it meets the relocations, so the
#             images may differ in veneer order only; required: the same
#             veneer symbols, the same section sizes
#
# Real modules: relopt --drop-signature (the appended signature is not part
# of the link), then the check above with the cross ld of the architecture.
#
#   shared    calls.c built -fPIC and linked with `ld -shared' (relopt's
#             tables carry SHF_EXCLUDE, so ld drops them): sysv gives a
#             byte-identical image; both the same except the .dynstr
#             layout (see shared_case)
#
# Output: "PASS: name", "FAIL: name: why", "UNSUPPORTED: name: why"
# lines, then "link-equiv: N passed, N failed, N unsupported".  Real modules add
# one summary line per architecture:
#   REAL: ARCH: N modules, N failed, N with branch relocations reordered,
#   N branch relocations
# Exit status: 0 no failure; 1 some failure; 2 usage; 77 nothing could run.

set -u
export LC_ALL=C
prog=link-equiv
here=$(cd "$(dirname "$0")" && pwd)

# ---------------------------------------------------------------------------
# Helpers shared by the driver and the per-module worker.

# cross_prefix ARCH: tool prefix for a Debian architecture or a variant.
cross_prefix () {
  case $1 in
    armhf)
      if command -v arm-linux-gnueabihf-ld >/dev/null 2>&1; then
        echo arm-linux-gnueabihf-
      else echo arm-linux-gnueabi-
      fi ;;
    arm64) echo aarch64-linux-gnu- ;;
    *) return 1 ;;
  esac
}

# defsyms OBJ NM BASE: a linker script giving each undefined symbol of OBJ
# its own address, BASE + 16 * i.
defsyms () {
  "$2" -u "$1" | awk -v base="$3" '
    NF >= 2 { printf "%s = %d;\n", $NF, base + 16 * n++ }'
}

# reloc_order READELF OBJ: one line per relocation: section, offset, type,
# symbol name (what a loader sees, independent of symbol numbering).
reloc_order () {
  "$1" -rW "$2" | awk '
    /^Relocation section/ { sec = $3; next }
    NF >= 3 && $1 ~ /^[0-9a-f]+$/ && $3 ~ /^R_/ { print sec, $1, $3, $5 }'
}

# alloc_sections READELF ELF: name, type, address, size, flags of every
# allocated section.  (Non-allocated ones may differ: ld copies relopt's
# .hash/.gnu.hash into a final image as non-allocated sections.)
alloc_sections () {
  "$1" -SW "$2" 2>/dev/null | awk '
    /^ *\[ *[0-9]+\]/ {
      sub(/^ *\[ *[0-9]+\] */, "")
      if ($7 ~ /A/) print "section", $1, $2, $3, $5, $7 }'
}

# section_size READELF ELF NAME: size of section NAME, 0x...
section_size () {
  "$1" -SW "$2" 2>/dev/null | awk -v n="$3" '
    /^ *\[ *[0-9]+\]/ { sub(/^ *\[ *[0-9]+\] */, ""); if ($1 == n) print "0x" $5 }'
}

# image_facts READELF NM ELF: allocated section headers and sorted symbols.
image_facts () {
  alloc_sections "$1" "$3"
  "$2" "$3" | sort
}

# linkeq TAG PREFIX LDFLAGS RELOPT-OPTS IN DIR: the check described at the
# top.  Prints one PASS/FAIL line; sets LE_NB (branch relocations) and
# LE_SORTED (sections reordered) from relopt --stats.  Returns 0 on PASS.
linkeq () {
  local tag=$1 p=$2 ldflags=$3 opts=$4 in=$5 d=$6 out syms st
  out=$d/out.o
  syms=$d/syms.ld
  LE_NB=0 LE_SORTED=0
  rm -f "$d"/out.o "$d"/*.elf "$d"/*.bin
  # shellcheck disable=SC2086
  if ! "$RELOPT" $opts --stats -o "$out" "$in" >"$d/stats" 2>"$d/err"; then
    echo "FAIL: $tag: relopt failed: $(head -n1 "$d/err")"; return 1
  fi
  st=$(sed -n 's/.*branch relocs *\([0-9]*\), .*, \([0-9]*\) sections reordered.*/\1 \2/p' "$d/stats")
  if [ -n "$st" ]; then LE_NB=${st% *} LE_SORTED=${st#* }; fi
  # shellcheck disable=SC2086
  if ! "$RELOPT" $opts --check "$out" >"$d/err" 2>&1; then
    echo "FAIL: $tag: relopt --check of the output: $(head -n1 "$d/err")"; return 1
  fi
  if ! "$RELOPT" --check --against "$in" "$out" >"$d/err" 2>&1; then
    echo "FAIL: $tag: relopt --check --against: $(head -n1 "$d/err")"; return 1
  fi
  defsyms "$in" "${p}nm" 4096 >"$syms"
  local v
  for v in orig new; do
    local o=$in
    [ $v = new ] && o=$out
    # shellcheck disable=SC2086
    if ! "${p}ld" $ldflags -Ttext-segment=0x100000 -e 0 -o "$d/$v.elf" \
         "$o" "$syms" >"$d/ld-$v.log" 2>&1; then
      echo "FAIL: $tag: ${p}ld of the $v object failed: $(grep -v warning "$d/ld-$v.log" | head -n1)"
      return 1
    fi
    "${p}objcopy" -O binary "$d/$v.elf" "$d/$v.bin" 2>"$d/err" || {
      echo "FAIL: $tag: objcopy -O binary: $(head -n1 "$d/err")"; return 1; }
    image_facts "${p}readelf" "${p}nm" "$d/$v.elf" >"$d/$v.facts"
  done
  if ! cmp -s "$d/orig.bin" "$d/new.bin"; then
    echo "FAIL: $tag: allocated sections differ: $(cmp "$d/orig.bin" "$d/new.bin" 2>&1 | head -n1)"
    return 1
  fi
  if ! cmp -s "$d/orig.facts" "$d/new.facts"; then
    echo "FAIL: $tag: section headers or symbols of the images differ: $(diff "$d/orig.facts" "$d/new.facts" | sed -n 2p)"
    return 1
  fi
  echo "PASS: $tag ($LE_NB branch relocs, $LE_SORTED sections reordered, $(wc -c <"$d/orig.bin") bytes identical)"
  return 0
}

# ---------------------------------------------------------------------------
# Worker: --one ARCH DATA WORK MODULE...  (run by xargs for real modules).
# Prints for each module "PASS|FAIL: real ARCH PATH ..." and a "STAT ARCH
# NB SORTED" line.
if [ "${1-}" = --one ]; then
  arch=$2 data=$3 work=$4
  shift 4
  p=$(cross_prefix "$arch") || exit 2
  d=$(mktemp -d "$work/m.XXXXXX") || exit 1
  for m in "$@"; do
    rel=${m#"$data"/}
    case $m in
      *.ko) in=$m ;;
      *.ko.xz) in=$d/in.ko; xz -dc "$m" >"$in" || { echo "FAIL: real $rel: xz -d failed"; continue; } ;;
      *.ko.zst) in=$d/in.ko; zstd -qdc "$m" >"$in" || { echo "FAIL: real $rel: zstd -d failed"; continue; } ;;
      *.ko.gz) in=$d/in.ko; gzip -dc "$m" >"$in" || { echo "FAIL: real $rel: gzip -d failed"; continue; } ;;
      *) continue ;;
    esac
    opts=--drop-signature
    linkeq "real $rel" "$p" "" "$opts" "$in" "$d"
    rc=$?
    echo "STAT $arch $rc $LE_NB $LE_SORTED"
    if [ $rc -ne 0 ]; then
      k=$work/failed/$arch/${rel//\//_}
      mkdir -p "$k" && cp "$in" "$d"/*.log "$d"/*.facts "$k"/ 2>/dev/null
    fi
  done
  rm -rf "$d"
  exit 0
fi

# ---------------------------------------------------------------------------
# Driver.

usage () { sed -n '5,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

RELOPT=${RELOPT:-}
src=$here/../testsuite/relopt.branch
work=
synthetic=no
archs=()
. "$here/common.sh"
data=$(relopt_cache)/unpacked
limit=0
jobs=$(nproc 2>/dev/null || echo 2)
verbose=no
while [ $# -gt 0 ]; do
  # --OPTION=VALUE is --OPTION VALUE.
  case $1 in --*=*) set -- "${1%%=*}" "${1#*=}" "${@:2}" ;; esac
  case $1 in
    --relopt) RELOPT=${2:?}; shift 2 ;;
    --src) src=${2:?}; shift 2 ;;
    --work) work=${2:?}; shift 2 ;;
    --synthetic) synthetic=yes; shift ;;
    --real) archs+=("${2:?}"); shift 2 ;;
    --data) data=${2:?}; shift 2 ;;
    --limit) limit=${2:?}; shift 2 ;;
    --jobs|-j) jobs=${2:?}; shift 2 ;;
    --verbose|-v) verbose=yes; shift ;;
    -h|--help) relopt_help; exit 0 ;;
    *) echo "$prog: unknown argument '$1'" >&2; usage ;;
  esac
done
if [ $synthetic = no ] && [ ${#archs[@]} -eq 0 ]; then
  synthetic=yes archs=(armhf arm64)
fi
case $limit$jobs in *[!0-9]*) echo "$prog: --limit and --jobs take numbers" >&2; usage ;; esac
[ "$jobs" -ge 1 ] || jobs=1

if [ -z "$RELOPT" ] && [ -x ./src/relopt ]; then RELOPT=./src/relopt; fi
if [ -z "$RELOPT" ] || [ ! -x "$RELOPT" ]; then
  echo "FAIL: relopt not found (give --relopt PATH)"
  echo "$prog: 0 passed, 1 failed, 0 unsupported"
  exit 1
fi
case $RELOPT in /*) ;; *) RELOPT=$(cd "$(dirname "$RELOPT")" && pwd)/${RELOPT##*/} ;; esac
export RELOPT

keep=no
if [ -z "$work" ]; then
  work=$(mktemp -d /tmp/link-equiv.XXXXXX) || exit 1
else
  keep=yes
  rm -rf "$work" && mkdir -p "$work" || exit 1
fi
work=$(cd "$work" && pwd)

npass=0 nfail=0 nunsup=0
report () {
  case $1 in
    PASS:*) npass=$((npass + 1)) ;;
    FAIL:*) nfail=$((nfail + 1)) ;;
    UNSUPPORTED:*) nunsup=$((nunsup + 1)) ;;
  esac
  echo "$1"
}
# run CMD...: run a check that prints one result line; count it.  Not in
# a subshell: linkeq's LE_* variables are read afterwards.
run () { "$@" >"$work/.line"; report "$(cat "$work/.line")"; }

have () { command -v "$1" >/dev/null 2>&1; }

# ---- synthetic cases -------------------------------------------------------
# variant: name prefix cflags asflags asm-source ldflags optional
VARIANTS='arm|arm-linux-gnueabi-|-marm|-march=armv7-a|addend-arm.s||no
thumb|arm-linux-gnueabi-|-mthumb -march=armv7-a|-march=armv7-a|addend-thumb.s||no
be32|arm-linux-gnueabi-|-marm -mbig-endian|-EB -march=armv7-a|addend-arm.s|-EB|no
thumb-be32|arm-linux-gnueabi-|-mthumb -march=armv7-a -mbig-endian|-EB -march=armv7-a|addend-thumb.s|-EB|no
aarch64|aarch64-linux-gnu-|||addend-a64.s||no
aarch64-be|aarch64-linux-gnu-|-mbig-endian|-EB|addend-a64.s|-EB|yes
aarch64-ilp32|aarch64-linux-gnu-|-mabi=ilp32|-mabi=ilp32|addend-a64.s|-m aarch64linux32|yes'
CFLAGS_COMMON="-O2 -fno-pic -fno-pie -fno-stack-protector -fno-inline-small-functions"

# be8_case NAME PREFIX D: the BE8 order check and its control.
be8_case () {
  local n=$1 p=$2 d=$3 flags
  if ! "${p}ld" -r -EB --be8 -o "$d/be8.o" "$d/module.o" >"$d/be8.log" 2>&1; then
    echo "FAIL: $n be8: ${p}ld -r -EB --be8 failed: $(head -n1 "$d/be8.log")"; return
  fi
  flags=$("${p}readelf" -h "$d/be8.o" | sed -n 's/^ *Flags: *//p')
  case $flags in *BE8*) ;; *) echo "FAIL: $n be8: ld -r --be8 gave no EF_ARM_BE8 ($flags)"; return ;; esac
  "$RELOPT" -o "$d/be32.rw.o" "$d/module.o" 2>"$d/err" \
    && "$RELOPT" -o "$d/be8.rw.o" "$d/be8.o" 2>>"$d/err" \
    && "$RELOPT" --check "$d/be8.rw.o" 2>>"$d/err" \
    || { echo "FAIL: $n be8: relopt: $(head -n1 "$d/err")"; return; }
  reloc_order "${p}readelf" "$d/be32.rw.o" >"$d/order.be32"
  reloc_order "${p}readelf" "$d/be8.rw.o" >"$d/order.be8"
  reloc_order "${p}readelf" "$d/module.o" >"$d/order.orig"
  if cmp -s "$d/order.orig" "$d/order.be32"; then
    echo "FAIL: $n be8: relopt did not reorder the BE32 module (the check proves nothing)"; return
  fi
  if ! cmp -s "$d/order.be32" "$d/order.be8"; then
    echo "FAIL: $n be8: BE8 order differs from BE32 order: $(diff "$d/order.be32" "$d/order.be8" | sed -n 2p)"; return
  fi
  # Control: EF_ARM_BE8 (0x00800000, byte 37 of the big-endian e_flags)
  # cleared, so relopt reads the little-endian code as big-endian.
  cp "$d/be8.o" "$d/be8-noflag.o"
  printf "\\$(printf %03o $(( $(od -An -tu1 -j37 -N1 "$d/be8.o") & ~0x80 )))" \
    | dd of="$d/be8-noflag.o" bs=1 seek=37 conv=notrunc 2>/dev/null
  "$RELOPT" -o "$d/be8nf.rw.o" "$d/be8-noflag.o" 2>"$d/err" \
    || { echo "FAIL: $n be8: relopt on the control: $(head -n1 "$d/err")"; return; }
  reloc_order "${p}readelf" "$d/be8nf.rw.o" >"$d/order.be8nf"
  if cmp -s "$d/order.be32" "$d/order.be8nf"; then
    echo "FAIL: $n be8: control: with EF_ARM_BE8 cleared the order did not change (check not sensitive)"; return
  fi
  echo "PASS: $n be8 (ld -r --be8: same order as BE32, $(wc -l <"$d/order.be8") relocations; control with EF_ARM_BE8 cleared differs in $(diff "$d/order.be32" "$d/order.be8nf" | grep -c '^<') entries)"
}

# far_case NAME PREFIX LDFLAGS D: undefined symbols out of branch range.
far_case () {
  local n=$1 p=$2 ldflags=$3 d=$4 v o
  # The C object only: ld makes no veneers for R_ARM_PC24 or conditional
  # AArch64 branches, which the assembly part has.
  "$RELOPT" -o "$d/far.rw.o" "$d/calls-ffs.o" 2>"$d/err" \
    || { echo "FAIL: $n far: relopt: $(head -n1 "$d/err")"; return; }
  defsyms "$d/calls-ffs.o" "${p}nm" $((0x40000000)) >"$d/far.ld"
  for v in orig new; do
    o=$d/calls-ffs.o
    [ $v = new ] && o=$d/far.rw.o
    # shellcheck disable=SC2086
    "${p}ld" $ldflags -Ttext-segment=0x100000 -e 0 -o "$d/far-$v.elf" "$o" "$d/far.ld" \
      >"$d/far-$v.log" 2>&1 || { echo "FAIL: $n far: ld: $(grep -v warning "$d/far-$v.log" | head -n1)"; return; }
    "${p}nm" "$d/far-$v.elf" | awk '/veneer|stub/ { print $3 }' | sort >"$d/far-$v.veneers"
    alloc_sections "${p}readelf" "$d/far-$v.elf" >"$d/far-$v.sections"
    "${p}objcopy" -O binary "$d/far-$v.elf" "$d/far-$v.bin"
  done
  if [ ! -s "$d/far-orig.veneers" ]; then
    echo "FAIL: $n far: ld made no veneers (the case tests nothing)"; return
  fi
  if ! cmp -s "$d/far-orig.veneers" "$d/far-new.veneers" || ! cmp -s "$d/far-orig.sections" "$d/far-new.sections"; then
    echo "FAIL: $n far: veneers or section sizes differ"; return
  fi
  if cmp -s "$d/far-orig.bin" "$d/far-new.bin"; then
    echo "PASS: $n far ($(wc -l <"$d/far-orig.veneers") veneers, images identical)"
  else
    echo "PASS: $n far ($(wc -l <"$d/far-orig.veneers") veneers, same set and sizes; images differ only in veneer order)"
  fi
}

# shared_case NAME PREFIX CFLAGS LDFLAGS D STYLE: calls.c built -fPIC,
# rewritten with --hash-style=STYLE, linked -shared.  The default linker
# script gathers every input section named .hash / .gnu.hash into the
# output's dynamic hash tables; relopt's tables carry SHF_EXCLUDE (doc/design.md
# 2, 3), which ld drops from final links.  With sysv (no symbol moves) the
# image must be byte-identical to the one linked from the original.  With
# both, the globals were reordered for .gnu.hash (doc/design.md 3) and ld lays
# out .dynstr in the order it meets the symbols, so .dynstr and the
# st_name fields of .dynsym may differ: required then are the same
# section headers, the same dynamic symbols as readelf names them, and
# the same bytes in every other section.
shared_case () {
  local n=$1 p=$2 cflags=$3 ldflags=$4 d=$5 style=$6 v o s
  # shellcheck disable=SC2086
  "${p}gcc" $CFLAGS_COMMON -fPIC $cflags -c -o "$d/pic.o" "$src/calls.c" >"$d/pic.log" 2>&1 \
    || { echo "UNSUPPORTED: $n shared $style: cannot compile with -fPIC: $(head -n1 "$d/pic.log")"; return; }
  "$RELOPT" --hash-style="$style" -o "$d/pic.rw.o" "$d/pic.o" 2>"$d/err" \
    || { echo "FAIL: $n shared $style: relopt: $(head -n1 "$d/err")"; return; }
  defsyms "$d/pic.o" "${p}nm" 4096 >"$d/pic.ld"
  for v in orig new; do
    o=$d/pic.o
    [ $v = new ] && o=$d/pic.rw.o
    # shellcheck disable=SC2086
    "${p}ld" $ldflags -shared --hash-style=both -o "$d/pic-$v.so" "$o" "$d/pic.ld" >"$d/pic-$v.log" 2>&1 \
      || { echo "UNSUPPORTED: $n shared $style: ${p}ld -shared: $(grep -v warning "$d/pic-$v.log" | head -n1)"; return; }
    "${p}objcopy" -O binary "$d/pic-$v.so" "$d/pic-$v.bin"
    "${p}readelf" -SW "$d/pic-$v.so" | grep '^ *\[' >"$d/pic-$v.shdr"
    "${p}readelf" --dyn-syms -W "$d/pic-$v.so" >"$d/pic-$v.dynsym"
  done
  if cmp -s "$d/pic-orig.bin" "$d/pic-new.bin"; then
    echo "PASS: $n shared $style ($(wc -c <"$d/pic-orig.bin") bytes identical)"
    return
  elif [ "$style" = sysv ]; then
    echo "FAIL: $n shared $style: images differ: $(cmp "$d/pic-orig.bin" "$d/pic-new.bin" 2>&1 | head -n1)"
    return
  fi
  cmp -s "$d/pic-orig.shdr" "$d/pic-new.shdr" \
    || { echo "FAIL: $n shared $style: section headers differ"; return; }
  cmp -s "$d/pic-orig.dynsym" "$d/pic-new.dynsym" \
    || { echo "FAIL: $n shared $style: dynamic symbols differ"; return; }
  for s in $(awk '{ sub(/^ *\[ *[0-9]+\] */, ""); if ($1 != ".dynstr" && $1 != ".dynsym" && $2 != "NOBITS" && $1 != "NULL") print $1 }' "$d/pic-orig.shdr"); do
    cmp -s <("${p}readelf" -x "$s" "$d/pic-orig.so" 2>&1) <("${p}readelf" -x "$s" "$d/pic-new.so" 2>&1) \
      || { echo "FAIL: $n shared $style: section $s differs"; return; }
  done
  echo "PASS: $n shared $style (same sections and dynamic symbols; .dynstr laid out in relopt's symbol order)"
}

synthetic_cases () {
  local line n p cflags asflags asrc ldflags optional d o opts why
  while IFS='|' read -r n p cflags asflags asrc ldflags optional; do
    d=$work/syn/$n
    mkdir -p "$d"
    why=
    for t in gcc as ld nm objcopy readelf; do
      have "${p}$t" || { why="${p}$t not found"; break; }
    done
    if [ -z "$why" ]; then
      # shellcheck disable=SC2086
      { "${p}gcc" $CFLAGS_COMMON $cflags -c -o "$d/gcc.o" "$src/calls.c" \
        && "${p}gcc" $CFLAGS_COMMON -ffunction-sections $cflags -c -o "$d/calls-ffs.o" "$src/calls.c" \
        && "${p}as" $asflags -o "$d/asm.o" "$src/$asrc" \
        && "${p}ld" $ldflags -r -o "$d/module.o" "$d/calls-ffs.o" "$d/asm.o"; } >"$d/build.log" 2>&1 \
        || why="cannot build the inputs: $(grep -v warning "$d/build.log" | head -n1)"
    fi
    if [ -n "$why" ]; then
      if [ "$optional" = yes ] || ! have "${p}gcc" || ! have "${p}ld"; then
        report "UNSUPPORTED: $n: $why"
      else
        report "FAIL: $n: $why"
      fi
      continue
    fi
    for o in gcc asm module; do
      for opts in "" "--hash-style=both"; do
        mkdir -p "$d/$o${opts:+-both}"
        run linkeq "$n $o ${opts:-default}" "$p" "$ldflags" "$opts" "$d/$o.o" "$d/$o${opts:+-both}"
        if [ $o = module ] && [ -z "$opts" ] && [ "$LE_SORTED" = 0 ]; then
          report "FAIL: $n module: relopt reordered no section (the case proves nothing)"
        fi
      done
    done
    run shared_case "$n" "$p" "$cflags" "$ldflags" "$d" sysv
    run shared_case "$n" "$p" "$cflags" "$ldflags" "$d" both
    case $n in
      be32|thumb-be32) run be8_case "$n" "$p" "$d" ;;
      arm|aarch64) run far_case "$n" "$p" "$ldflags" "$d" ;;
    esac
  done <<EOF
$VARIANTS
EOF
}

# ---- real modules ------------------------------------------------------------
real_modules () {
  local a=$1 p list n t
  if ! p=$(cross_prefix "$a"); then
    report "FAIL: real $a: unknown architecture (armhf, arm64)"; return
  fi
  if ! have "${p}ld"; then
    report "UNSUPPORTED: real $a: ${p}ld not found (binutils-${p%-} )"; return
  fi
  if [ ! -d "$data/$a/lib/modules" ]; then
    report "UNSUPPORTED: real $a: no unpacked kernel package in $data/$a (scripts/fetch-kernel-debs.sh $a $data, or make check-real REAL_ARCHS=$a, downloads it)"
    return
  fi
  list=$work/modules.$a
  find "$data/$a/lib/modules" -type f \( -name '*.ko' -o -name '*.ko.xz' -o -name '*.ko.zst' -o -name '*.ko.gz' \) | sort >"$list"
  n=$(wc -l <"$list")
  if [ "$n" -eq 0 ]; then
    report "FAIL: real $a: no modules under $data/$a/lib/modules"; return
  fi
  if [ "$limit" -gt 0 ] && [ "$n" -gt "$limit" ]; then
    { awk -v n="$n" -v l="$limit" 'int((NR - 1) * l / n) != int(NR * l / n)' "$list"
      tr '\n' '\0' <"$list" | xargs -0 stat -c '%s %n' | sort -rn | sed -n '1s/^[0-9]* //p'
    } | sort -u >"$list.tmp"
    mv "$list.tmp" "$list"
  fi
  echo "$prog: real $a: $(wc -l <"$list") of $n modules ($(cat "$data/$a/.relopt-unpacked" 2>/dev/null || echo "$data/$a")), $jobs jobs"
  t=$(date +%s)
  # Largest first, so the big ones do not finish last.
  tr '\n' '\0' <"$list" | xargs -0 stat -c '%s %n' | sort -rn | cut -d' ' -f2- | tr '\n' '\0' \
    | xargs -0 -P "$jobs" -n 16 bash "$0" --one "$a" "$data" "$work" >"$work/real-$a.out"
  awk -v a="$a" -v t="$(($(date +%s) - t))" '
    $1 == "STAT" { m++; if ($3) f++; b += $4; if ($5 > 0) s++ }
    END { printf "REAL: %s: %d modules, %d failed, %d with branch relocations reordered, %d branch relocations, %d s\n", a, m, f, s, b, t }' \
    "$work/real-$a.out" >"$work/real-$a.sum"
  grep '^FAIL' "$work/real-$a.out"
  [ $verbose = yes ] && grep '^PASS' "$work/real-$a.out"
  cat "$work/real-$a.sum"
  if grep -q '^FAIL' "$work/real-$a.out"; then
    nfail=$((nfail + $(grep -c '^FAIL' "$work/real-$a.out")))
  elif ! grep -q '^STAT' "$work/real-$a.out"; then
    report "FAIL: real $a: no module was checked"
  else
    report "PASS: real $a: $(sed 's/^REAL: [^:]*: //' "$work/real-$a.sum")"
  fi
}

[ $synthetic = yes ] && synthetic_cases
for a in ${archs[@]+"${archs[@]}"}; do real_modules "$a"; done

echo "$prog: $npass passed, $nfail failed, $nunsup unsupported"
if [ $nfail -gt 0 ]; then
  echo "$prog: files of the failures kept in $work"
  exit 1
fi
[ $keep = no ] && rm -rf "$work"
[ $npass -eq 0 ] && exit 77
exit 0
