#!/bin/bash
# plt-model-test.sh -- plt-model.c, the host model of the arm/arm64
# kernels' PLT counting before and after the 6.12/ patches, on modules
# assembled by the cross binutils from bench/gen-module.py (branches with
# non-branch relocations interleaved, every 25th target an earlier one's
# symbol again with addend 8), as built and after relopt:
#  - the model exits 0: patched count = unpatched count (arm64), <= (ARM),
#    and on arm64 the patched count after a sort makes no more cmp_rela()
#    calls than the unpatched one;
#  - as built, the section with the branches fails the order check (so the
#    fallback runs); relopt'd, every section passes it;
#  - arm64: the PLT count equals one computed here from the ELF file by a
#    second implementation (each non-zero-addend branch to another section,
#    plus each distinct zero-addend (type, symbol)), and so do the
#    cmp_rela() counts of the fallback: the previous revision of the patch
#    compared every branch needing a PLT but the first of a section, the
#    current one only the zero-addend ones (all of them, or all but the
#    first), as the unpatched duplicate_rel() does.
# Also: plt-model.c carries the statements the 6.12 patches add to
# count_plts(), verbatim.
# Needs python3 and aarch64-linux-gnu-as / arm-linux-gnueabi-as (skips an
# arch without its assembler, exits 77 with neither).  Run by `make check'.
set -u
srcdir=${srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$srcdir/scripts/common.sh"
relopt_messages plt-model-test.sh
relopt_test_start plt-model-test
srcdir=$(cd "$srcdir" && pwd)
command -v python3 >/dev/null 2>&1 || skip "python3 not installed"
${CC:-gcc} -O2 -Wall -o "$tmp/plt-model" "$srcdir/loader/linux/plt-model.c" ||
  fail "cannot build plt-model.c"
bad=0 ran=0

# The model's count functions must be the patches' code: every statement of
# count_plts() the 6.12 patches add (ifs and assignments of the order check
# and the count, not the caller's) appears verbatim in plt-model.c.
for p in "$srcdir"/loader/linux/6.12/000[12]-*.patch; do
  miss=$(grep '^+' "$p" | grep -v '^+++' | sed 's/^+//; s/^[[:space:]]*//' |
    grep -E '^(if|cmp =|prev =|branches_done =|return -1)' |
    grep -v -E 'nplts|nents' | while IFS= read -r l; do
      grep -qF -- "$l" "$srcdir/loader/linux/plt-model.c" || echo "$l"
    done)
  if [ -n "$miss" ]; then
    say "FAIL: plt-model.c lacks lines of ${p##*/}: $(echo "$miss" | head -3 | tr '\n' ' ')"
    bad=1
  else
    say "PASS: plt-model.c has the count_plts() lines of ${p##*/}"
  fi
done

# field NAME LINE: the value after NAME in a plt-model output line.
field () { echo "$2" | awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }'; }

for arch in aarch64 arm; do
  case $arch in
  aarch64) as=aarch64-linux-gnu-as ;;
  arm) as=arm-linux-gnueabi-as ;;
  esac
  if ! command -v $as >/dev/null 2>&1; then
    say "SKIP: $arch: $as not installed"
    continue
  fi
  ran=1
  python3 "$srcdir/bench/gen-module.py" --arch $arch --relocs 16384 \
    -o "$tmp/$arch.s" && $as -o "$tmp/$arch.o" "$tmp/$arch.s" &&
    "$relopt" --hash-style=both -o "$tmp/$arch-relopt.o" "$tmp/$arch.o" ||
    fail "$arch: cannot make the test objects"
  for v in plain relopt; do
    f=$tmp/$arch.o
    [ $v = plain ] || f=$tmp/$arch-relopt.o
    if ! out=$("$tmp/plt-model" "$f"); then
      say "FAIL: $arch $v: plt-model: $out"
      bad=1
      continue
    fi
    secs=$(field secs "$out") skipped=$(field skipped "$out")
    if [ "$secs" -lt 1 ] ||
       { [ $v = plain ] && [ "$skipped" -ge "$secs" ]; } ||
       { [ $v = relopt ] && [ "$skipped" != "$secs" ]; }; then
      say "FAIL: $arch $v: $skipped of $secs sections skip the sort"
      bad=1
      continue
    fi
    say "PASS: $arch $v: counts agree (unpatched $(field unpatched "$out"), patched $(field patched "$out")), $skipped of $secs sections skip the sort"
    [ $arch = aarch64 ] || continue
    # the second implementation: count, zero-addend and all branches
    # needing a PLT per executable RELA section
    exp=$(python3 - "$f" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
shoff, = struct.unpack_from('<Q', d, 0x28)
shentsize, shnum = struct.unpack_from('<HH', d, 0x3a)
sh = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * shentsize) for i in range(shnum)]
sym = [s for s in sh if s[1] == 2][0]       # SHT_SYMTAB
shndx = [struct.unpack_from('<H', d, sym[4] + i * 24 + 6)[0]
         for i in range(sym[5] // 24)]
count = zero = branches = secs = 0
for s in sh:
    if s[1] != 4 or not sh[s[7]][2] & 4:    # SHT_RELA on SHF_EXECINSTR
        continue
    keys, b = set(), 0
    for off in range(s[4], s[4] + s[5], 24):
        info, addend = struct.unpack_from('<Qq', d, off + 8)
        t, y = info & 0xffffffff, info >> 32
        if t not in (282, 283) or shndx[y] == s[7]:  # JUMP26, CALL26
            continue
        b += 1
        if addend:
            count += 1
        else:
            zero += 1
            keys.add((t, y))
    count += len(keys)
    branches += b
    secs += b > 0
print(count, zero, branches, secs)
PY
) || fail "aarch64: cannot read $f"
    set -- $exp
    cnt=$1 zero=$2 br=$3 brsecs=$4
    u=$(field unpatched "$out") p=$(field patched "$out")
    fb=$(field cmp_fallback "$out") prev=$(field cmp_fallback_prev_rev "$out")
    if [ "$u" != "$cnt" ] || [ "$p" != "$cnt" ]; then
      say "FAIL: aarch64 $v: PLT count unpatched $u patched $p, computed $cnt"
      bad=1
    elif [ $v = relopt ] && { [ "$fb" != 0 ] || [ "$prev" != 0 ]; }; then
      say "FAIL: aarch64 relopt: a fallback count ran ($fb, $prev cmp_rela calls)"
      bad=1
    elif [ $v = plain ] && { [ "$prev" != $((br - brsecs)) ] ||
                             [ "$fb" -gt "$zero" ] ||
                             [ "$fb" -lt $((zero - brsecs)) ] ||
                             [ "$fb" -ge "$prev" ]; }; then
      say "FAIL: aarch64 plain: fallback cmp_rela calls $fb (previous revision $prev), expected $((zero - brsecs))-$zero ($((br - brsecs)))"
      bad=1
    elif [ $v = plain ]; then
      say "PASS: aarch64 plain: count $cnt as computed; fallback count calls cmp_rela $fb times ($zero zero-addend of $br branches needing a PLT), the previous revision $prev"
    else
      say "PASS: aarch64 relopt: count $cnt as computed, no fallback"
    fi
  done
done
[ $ran = 1 ] || skip "no cross assembler (binutils-aarch64-linux-gnu, binutils-arm-linux-gnueabi)"
exit $bad
