#!/bin/bash
# check-history.sh -- history-independent output (doc/design.md 7): after any
# sequence of relopt runs ending with --hash-style=O, the file equals one
# run with O on the original.  The only history allowed to remain is the
# symbol order an earlier GNU-style run chose (gnu or both): so the
# reference is `relopt O' on the original when O builds .gnu.hash itself
# or no earlier run was GNU-style, and `relopt O' on `relopt gnu' of the
# original otherwise.  Compared: every byte (so section headers,
# .shstrtab, extended numbering and everything else).
#
# Objects: gas x86_64 (testsuite/relopt.dump/x86_64-gnu.s), clang -c
# (one string table for symbol and section names, which must be merged:
# rebuilt from both, in relopt's order), 32-bit ARM with
# branch relocations (arm-branch.s, when the cross assembler is there),
# and a gas object of exactly 0xfeff sections (both tables make 0xff01:
# extended numbering, which must go away again with fewer tables).
# Sequences: every sequence of one to three styles (84) on the small
# objects, every pair and the triples ending in none on the large one.
# Run by `make check' (a few seconds).
set -u
RELOPT=${RELOPT:-src/relopt}
case $RELOPT in /*) ;; *) RELOPT=$(pwd)/$RELOPT ;; esac
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
case $srcdir in /*) ;; *) srcdir=$(pwd)/$srcdir ;; esac
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=99"
[ -x "$RELOPT" ] || { echo "check-history: $RELOPT not built"; exit 99; }
command -v as >/dev/null || { echo "check-history: SKIPPED: no as"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99
pass=0 fail=0
bad () { fail=$((fail + 1)); echo "FAIL: $*"; }

objs=()
as -o gas.o "$srcdir/testsuite/relopt.dump/x86_64-gnu.s" || exit 99
objs+=(gas)
if command -v clang >/dev/null; then
  cat > c.c <<'EOF'
static int helper (int x) { return x + 1; }
int counter;
int alpha (int x) { return helper (x) * 2; }
int beta (void) { return alpha (counter); }
extern int ext (int);
int gamma_ (int y) { return ext (y) + beta (); }
EOF
  clang -c -O1 -o clang.o c.c || exit 99
  # The case only proves something when .strtab is .shstrtab.
  [ "$(readelf -hW clang.o | sed -n 's/.*string table index: *//p')" = \
    "$(readelf -SW clang.o | sed 's/^ *\[ *[0-9]*\] *//' | awk '$1 == ".symtab" { print $(NF-2) }')" ] \
    || bad "clang -c no longer writes one string table (.strtab == .shstrtab)"
  # Merged (doc/design.md 5, 7): rebuilt in relopt's order, the symbol names
  # first (symbol 1 is the FILE symbol "c.c"), where clang put
  # ".rela.text" first; the section names must survive (readelf names
  # every section as before).
  "$RELOPT" --hash-style=none -o clang.none.o clang.o || exit 99
  [ "$(readelf -p .strtab clang.none.o | sed -n 3p | awk '{print $3}')" = c.c ] \
    || bad "clang -c .strtab/.shstrtab not rebuilt: $(readelf -p .strtab clang.none.o | sed -n 3p)"
  cmp -s <(readelf -SW clang.o | awk '/^ *\[/ { sub(/^ *\[ *[0-9]+\] */, ""); print $1, $2 }') \
         <(readelf -SW clang.none.o | awk '/^ *\[/ { sub(/^ *\[ *[0-9]+\] */, ""); print $1, $2 }') \
    || bad "clang -c: section names or types changed by the merge"
  objs+=(clang)
else
  echo "check-history: clang not installed, its case skipped"
fi
if command -v arm-linux-gnueabi-as >/dev/null; then
  arm-linux-gnueabi-as -o arm.o "$srcdir/testsuite/relopt.dump/arm-branch.s" || exit 99
  objs+=(arm)
else
  echo "check-history: arm-linux-gnueabi-as not installed, ARM case skipped"
fi
python3 -c '
n = 65272  # + null, .text, .data, .bss, .symtab, .strtab, .shstrtab = 0xfeff
print("\t.text\n\t.globl g0\ng0: ret\n\t.data\n\t.globl g1\ng1: .long 1")
for i in range(n):
    print("\t.section .s%d,\"a\"\n\t.byte 1" % i)' > many.s || exit 99
as -o many.o many.s || exit 99
[ "$(readelf -hW many.o | sed -n 's/.*Number of section headers: *//p')" = 65279 ] \
  || bad "many.o does not have 0xfeff sections"

styles=(none sysv gnu both)
is_gnu () { [ "$1" = gnu ] || [ "$1" = both ]; }

# ref OBJ O EARLIER_GNU: the reference file name (built once).
ref () {
  local o=$1 s=$2 g=$3 base=$1.o
  if ! is_gnu "$s" && [ "$g" = yes ]; then
    [ -f "$o.G.o" ] || "$RELOPT" --hash-style=gnu -o "$o.G.o" "$o.o" || return 1
    base=$o.G.o
    o=$o.G
  fi
  [ -f "$o.ref-$s.o" ] || "$RELOPT" --hash-style="$s" -o "$o.ref-$s.o" "$base" || return 1
  echo "$o.ref-$s.o"
}

# check OBJ STYLE...: run the sequence, compare with the reference.
check () {
  local o=$1 s g=no f r last
  shift
  cp "$o.o" cur.o
  for s in "$@"; do
    "$RELOPT" --hash-style="$s" cur.o 2>err || { bad "$o: $*: relopt --hash-style=$s: $(cat err)"; return; }
    last=$s
  done
  for s in "${@:1:$#-1}"; do is_gnu "$s" && g=yes; done
  r=$(ref "$o" "$last" "$g") || { bad "$o: $*: reference run failed"; return; }
  if cmp -s cur.o "$r"; then
    pass=$((pass + 1))
  else
    bad "$o: --hash-style $* differs from one run ($r): $(cmp cur.o "$r" 2>&1 | head -n1);" \
      "headers: $(diff <(readelf -hSW cur.o 2>&1) <(readelf -hSW "$r" 2>&1) | head -n4 | tr '\n' ' ')"
  fi
}

for o in "${objs[@]}"; do
  for a in "${styles[@]}"; do
    check "$o" "$a"
    for b in "${styles[@]}"; do
      check "$o" "$a" "$b"
      for c in "${styles[@]}"; do check "$o" "$a" "$b" "$c"; done
    done
  done
done
for a in "${styles[@]}"; do
  for b in "${styles[@]}"; do
    check many "$a" "$b"
    check many "$a" "$b" none
  done
done
# Extended numbering exactly when the count needs it.
"$RELOPT" --hash-style=both -o many.both.o many.o
[ "$(readelf -hW many.both.o | sed -n 's/.*Number of section headers: *//p')" = "0 (65281)" ] \
  || bad "many.o with both tables: expected e_shnum 0 (65281 in section 0)"
"$RELOPT" --hash-style=none many.both.o
[ "$(readelf -hW many.both.o | sed -n 's/.*Number of section headers: *//p')" = 65279 ] \
  || bad "both -> none on 0xfeff sections: e_shnum is not 65279 again"

echo "check-history: $pass sequences equal to one run, $fail failures"
[ $fail -eq 0 ]
