#!/bin/sh
# check-strip-targets.sh -- relopt's own --strip-debug and
# --strip-unneeded (bfdext/stripdebug.c) against binutils strip followed
# by relopt, on objects with debug info built by real toolchains for
# several targets: gcc (C) and g++ (C++: COMDAT groups, -fdebug-types-
# section puts .debug_types in groups that strip removes whole) for
# x86_64, cross gcc for ARM (ARM, Thumb, big-endian) and AArch64, and
# gas -g (DWARF line info for assembly) for s390x and mips64el.  The
# expected value is what the target's own binutils strip writes, then
# `relopt --hash-style=both --addr-order=yes': byte-identical output,
# `relopt --check --against' the unstripped object passes, and the
# .addrorder is byte-identical to the independent reference
# (testsuite/relopt.dump/addrorder.py, doc/design.md 9).  Also: what relopt refuses
# to strip itself (a group that would lose only its debug section) fails
# with one line naming RELOPT_STRIP and leaves the file byte-identical,
# and RELOPT_STRIP=strip strips it.  A target whose
# tools are missing is skipped with a note; exit 77 when none is there.
set -u
RELOPT=${RELOPT:-src/relopt}
case $RELOPT in /*) ;; *) RELOPT=$(pwd)/$RELOPT ;; esac
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
case $srcdir in /*) ;; *) srcdir=$(pwd)/$srcdir ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99
unset RELOPT_FLAGS RELOPT_STRIP
pass=0 fail=0 ran=0
ok () { pass=$((pass+1)); }
bad () { fail=$((fail+1)); echo "FAIL: $*"; }
have () { command -v "$1" > /dev/null 2>&1; }

cat > m.c <<'C'
static int counter;
int shared_var = 3;
static int helper (int x) { return x * counter; }
int api (int y) { static int z; z += y; return helper (y) + shared_var + z; }
extern int ext (int);
int call_ext (int q) { return ext (q) + api (q); }
__attribute__((weak)) int hook (int x) { return x; }
static __thread int tls_counter;
int bump (void) { return ++tls_counter; }
C
cat > m.cc <<'C'
#include <vector>
template <class T> struct Box { T v; T get () const { return v; } };
inline int helper (int x) { static int calls; return x + ++calls; }
int use (std::vector<int> &v) { Box<int> b{3}; v.push_back (b.get ()); return helper ((int)v.size ()); }
C

# same LABEL OBJ STRIP: both modes, relopt against STRIP then relopt.
same () {
  label=$1 obj=$2 strip=$3
  for mode in --strip-debug --strip-unneeded; do
    cp "$obj" in.o
    if ! "$RELOPT" $mode --hash-style=both --addr-order=yes -o mine.o in.o 2> err; then
      bad "$label $mode: $(cat err)"; continue
    fi
    "$strip" $mode -o ref.o in.o && "$RELOPT" --hash-style=both --addr-order=yes ref.o \
      || { bad "$label $mode: $strip + relopt failed"; continue; }
    cmp -s mine.o ref.o && ok || bad "$label $mode: differs from $strip $mode + relopt"
    "$RELOPT" --check --hash-style=both --addr-order=yes $mode --against in.o mine.o 2> err && ok \
      || bad "$label $mode: --check --against: $(cat err)"
    python3 "$srcdir/testsuite/relopt.dump/addrorder.py" mine.o > err 2>&1 && ok \
      || bad "$label $mode: .addrorder: $(cat err)"
    cmp -s in.o "$obj" && ok || bad "$label $mode: input changed"
  done
  ran=$((ran+1))
}

# cc_target PREFIX CFLAGS...: gcc and g++ objects for one target.
cc_target () {
  p=$1; shift
  if ! have "${p}gcc" || ! have "${p}strip"; then
    echo "note: ${p}gcc or ${p}strip missing: skipped"; return
  fi
  for g in "-g" "-g -gdwarf-4 -fdebug-types-section" "-g -ffunction-sections -fdata-sections"; do
    if "${p}gcc" "$@" $g -O2 -c m.c -o c.o 2> err; then
      same "${p}gcc $* $g" c.o "${p}strip"
    else bad "${p}gcc $* $g: $(head -1 err)"; fi
    if have "${p}g++"; then
      if "${p}g++" "$@" $g -O2 -c m.cc -o cc.o 2> err; then
        same "${p}g++ $* $g" cc.o "${p}strip"
      else bad "${p}g++ $* $g: $(head -1 err)"; fi
    fi
  done
}

# as_target PREFIX ASFLAGS... SOURCE: gas -g on a testsuite source.
as_target () {
  p=$1 src=$2; shift 2
  if ! have "${p}as" || ! have "${p}strip"; then
    echo "note: ${p}as or ${p}strip missing: skipped"; return
  fi
  if "${p}as" "$@" -g -o s.o "$srcdir/$src" 2> err; then
    same "${p}as $* -g $src" s.o "${p}strip"
  else bad "${p}as $* -g $src: $(head -1 err)"; fi
}

cc_target ""
cc_target arm-linux-gnueabi- -marm
cc_target arm-linux-gnueabi- -mthumb
cc_target arm-linux-gnueabi- -mbig-endian
cc_target aarch64-linux-gnu-
as_target s390x-linux-gnu- testsuite/relopt.dump/s390x.s
as_target mips64el-linux-gnuabi64- testsuite/relopt.dump/mips64el.s -mabi=64

# sh_link values BFD does not keep (a fresh user's finding, 2026-12-05):
# .strtab's, which relopt copied out of range after the renumbering, and
# .comment's naming a .debug_* section, which relopt renumbered (or, for
# a removed one, refused); strip writes 0 for both.  And an object whose
# every symbol --strip-unneeded removes: strip then writes no .symtab,
# which relopt needs, so relopt refuses it (it wrote a .symtab holding the
# null symbol alone), the file unchanged.
if have gcc && have strip; then
  # set_shdr OBJ SECTION FIELD VALUE: SECTION's sh_link, sh_info or
  # sh_flags (ELF64 little-endian); a VALUE of |N ors N into the field.
  set_shdr () {
    python3 - "$@" <<'PY'
import struct, sys
path, name, field, value = sys.argv[1], sys.argv[2].encode(), sys.argv[3], sys.argv[4]
at, fmt = {'flags': (0x08, '<Q'), 'link': (0x28, '<I'), 'info': (0x2c, '<I')}[field]
b = bytearray(open(path, 'rb').read())
shoff, = struct.unpack_from('<Q', b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x3a)
stroff, = struct.unpack_from('<Q', b, shoff + shstrndx * shentsize + 0x18)
for i in range(shnum):
    h = shoff + i * shentsize
    n, = struct.unpack_from('<I', b, h)
    if b[stroff + n:stroff + n + len(name) + 1] == name + b'\0':
        old, = struct.unpack_from(fmt, b, h + at)
        new = old | int(value[1:], 0) if value[0] == '|' else int(value, 0)
        struct.pack_into(fmt, b, h + at, new)
open(path, 'wb').write(b)
PY
  }
  set_link () { set_shdr "$1" "$2" link "$3"; }
  if gcc -g -O2 -c m.c -o stale.o; then
    dbg=$(readelf -SW stale.o | sed -n 's/^ *\[ *\([0-9]*\)\] \.debug_info .*/\1/p')
    cp stale.o stale2.o && cp stale.o info.o
    set_link stale.o .strtab "$dbg" \
      && same "gcc -g, .strtab's sh_link naming .debug_info" stale.o strip
    set_link stale2.o .comment "$dbg" \
      && same "gcc -g, .comment's sh_link naming .debug_info" stale2.o strip
    # sh_info and SHF_INFO_LINK on a section that is not a relocation
    # section: BFD writes neither (relopt kept or renumbered them: a
    # second fresh user's finding, 2026-12-05).
    set_shdr info.o .comment info 1 && set_shdr info.o .comment flags '|0x40' \
      && same "gcc -g, .comment with sh_info and SHF_INFO_LINK" info.o strip
  fi
  # A relocation section not linked to .symtab: its symbol indices
  # cannot be renumbered, so relopt refuses it (it kept them as they
  # were, naming other symbols: a second fresh user's finding,
  # 2026-12-05), the file unchanged.
  if gcc -c m.c -o rl.o; then
    set_link rl.o .rela.text 0 && cp rl.o rl.sav
    for mode in --strip-debug --strip-unneeded; do
      "$RELOPT" $mode rl.o 2> err; st=$?
      [ $st = 1 ] && cmp -s rl.o rl.sav \
        && grep -q "section [0-9]* '\.rela\.text' is a relocation section linked to section 0, not \.symtab" err && ok \
        || bad "rela not linked to .symtab, $mode: exit $st, $(cat err)"
    done
  fi
  printf 'static int x = 1;\n__attribute__((used)) static int y = 2;\n' > nosym.c
  if gcc -c nosym.c -o nosym.o && cp nosym.o nosym.sav; then
    "$RELOPT" --strip-unneeded nosym.o 2> err; st=$?
    [ $st = 1 ] && cmp -s nosym.o nosym.sav \
      && grep -q "the strip would remove every symbol" err && ok \
      || bad "every symbol unneeded: exit $st, $(cat err)"
  fi
fi

# A group holding code and debug info (strip would shrink the group;
# relopt refuses that): one line naming RELOPT_STRIP, file unchanged;
# RELOPT_STRIP=strip then runs binutils strip instead.
if have as && have strip; then
  cat > g.s <<'S'
	.section .text.f,"axG",@progbits,sig,comdat
	.globl sig
sig:	ret
	.section .debug_str.f,"G",@progbits,sig,comdat
	.string "f"
S
  as -o g.o g.s && cp g.o k.o
  "$RELOPT" --strip-debug k.o 2> err; st=$?
  [ $st = 1 ] && cmp -s k.o g.o && [ "$(wc -l < err)" = 1 ] \
    && grep -q "would lose some of its sections.*RELOPT_STRIP" err && ok \
    || bad "group shrinking: exit $st, $(cat err)"
  RELOPT_STRIP=strip "$RELOPT" --strip-debug --hash-style=both k.o 2> err \
    && strip --strip-debug -o r.o g.o && "$RELOPT" --hash-style=both r.o \
    && cmp -s k.o r.o && ok || bad "group shrinking with RELOPT_STRIP=strip: $(cat err)"
fi

echo "check-strip-targets: $ran objects, $pass passed, $fail failed"
[ $ran -gt 0 ] || exit 77
[ $fail = 0 ]
