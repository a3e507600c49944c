#!/bin/bash
# make-seeds.sh OUTDIR -- assemble the small valid ET_REL objects that seed
# the fuzzer and drive the mutation test: every class, byte order and
# machine whose assembler is installed (host as, as --32/--x32, and the
# Debian cross binutils: arm-linux-gnueabi, aarch64-linux-gnu,
# s390x-linux-gnu, mips64el-linux-gnuabi64, mips-linux-gnu,
# powerpc-linux-gnu).  A missing assembler is reported and skipped.
# Nothing here is checked in: the objects are rebuilt on demand.
#
# Each object has local, global, weak, undefined and common symbols, a
# COMDAT group, data relocations and (ARM/AArch64) branch relocations to
# several targets in unsorted order, so every rewrite pass has work.
# Prints the names of the objects it made, one per line.
set -u
out=${1:?usage: make-seeds.sh OUTDIR}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# build NAME AS-COMMAND... < SOURCE
build () {
  local name=$1; shift
  local tool=$1
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "make-seeds: $tool not installed: no $name seed" >&2
    cat >/dev/null
    return 0
  fi
  cat > "$tmp/$name.s"
  if "$@" -o "$out/$name.o" "$tmp/$name.s" 2>"$tmp/$name.err"; then
    echo "$out/$name.o"
  else
    echo "make-seeds: $* failed for $name:" >&2
    cat "$tmp/$name.err" >&2
  fi
}

# Generic body, with the instruction words given per target: $1 call
# instruction prefix (or "" for none), $2 comment char, $3 word directive.
body () {
  local call=$1 word=$3
  cat <<EOS
	.file "seed.c"
	.text
	.globl f1
	.type f1, %function
f1:
EOS
  if [ -n "$call" ]; then
    for t in ext2 f2 ext1 f2 l1 ext2 ext1 weak1 f1; do
      echo "	$call $t"
    done
  fi
  cat <<EOS
	.size f1, .-f1
	.local l1
	.type l1, %function
l1:
	.globl f2
	.type f2, %function
f2:
	.size f2, .-f2
	.weak weak1
	.type weak1, %function
weak1:
	.globl foobar
foobar:
	.globl bar
bar:
	.section .data,"aw"
	.globl var1
var1:
	$word ext1
	$word f2
	$word l1
	.hidden hid1
	.globl hid1
hid1:
	$word 0
	.section .text.grp,"axG",%progbits,grpsig,comdat
	.globl grpsig
grpsig:
	$word ext3
	.section .rodata.str1.1,"aMS",%progbits,1
str1:
	.string "hello"
	.comm common1,8,4
	.local lcomm1
	.comm lcomm1,4,4
EOS
}

body "call" "#" ".quad" | build x86_64 as --64
body "call" "#" ".long" | build i386 as --32
body "call" "#" ".long" | build x32 as --x32
body "bl" "@" ".word" | build arm arm-linux-gnueabi-as
body "bl" "@" ".word" | build armeb arm-linux-gnueabi-as -EB
{ echo "	.syntax unified"; echo "	.thumb"; body "bl" "@" ".word"; } \
  | build thumb arm-linux-gnueabi-as -mthumb -march=armv7-a
{ echo "	.syntax unified"; echo "	.thumb"; body "b.w" "@" ".word"; } \
  | build thumbeb arm-linux-gnueabi-as -EB -mthumb -march=armv7-a
body "b" "@" ".word" | build arm-jump24 arm-linux-gnueabi-as
body "bl" "//" ".xword" | build aarch64 aarch64-linux-gnu-as
body "b" "//" ".word" | build aarch64-ilp32 aarch64-linux-gnu-as -mabi=ilp32
body "bl" "//" ".xword" | build aarch64_be aarch64-linux-gnu-as -EB
body "brasl %r14," "#" ".quad" | build s390x s390x-linux-gnu-as -m64
body "brasl %r14," "#" ".long" | build s390 s390x-linux-gnu-as -m31 -march=z900
body "jal" "#" ".dword" | build mips64el mips64el-linux-gnuabi64-as -mabi=64
body "jal" "#" ".dword" | build mips64 mips64el-linux-gnuabi64-as -EB -mabi=64
body "jal" "#" ".word" | build mipsel mips64el-linux-gnuabi64-as -mabi=32 -march=mips32r2
body "jal" "#" ".word" | build mips mips-linux-gnu-as
body "bl" "#" ".long" | build ppc powerpc-linux-gnu-as -a32
body "bl" "#" ".quad" | build ppc64 powerpc-linux-gnu-as -a64

# Variants: one with many local symbols and sections, one with an appended
# module signature trailer, and the ARM object with EF_ARM_BE8 set in the
# big-endian one (as ld --be8 would leave it: code little-endian).
if command -v as >/dev/null 2>&1; then
  {
    echo "	.text"
    for i in $(seq 1 40); do
      echo "	.section .text.s$i,\"ax\",@progbits"
      echo "l$i:	call g$((i % 7))"
      echo "	.globl g$i"
      echo "g$i:	ret"
    done
  } | build x86_64-many as --64
fi
if [ -f "$out/x86_64.o" ]; then
  cp "$out/x86_64.o" "$out/x86_64-signed.o"
  printf 'SIGNATUREBYTES\0\0\0\0~Module signature appended~\n' \
    >> "$out/x86_64-signed.o"
  echo "$out/x86_64-signed.o"
fi
if [ -f "$out/armeb.o" ] && command -v python3 >/dev/null 2>&1; then
  python3 - "$out/armeb.o" "$out/armeb-be8.o" <<'EOPY'
import sys, struct
b = bytearray(open(sys.argv[1], 'rb').read())
flags = struct.unpack_from('>I', b, 36)[0] | 0x00800000
struct.pack_into('>I', b, 36, flags)
# BE8: instructions are little-endian; swap every word of .text is not
# needed for the fuzzer (only the key changes), keep the bytes.
open(sys.argv[2], 'wb').write(b)
EOPY
  echo "$out/armeb-be8.o"
fi
# Compiled objects: clang's integrated assembler writes SHT_LLVM_ADDRSIG
# (symbol indices as ULEB128), g++ writes COMDAT groups.
cat > "$tmp/c.c" <<'EOC'
extern int ext (int);
static int loc (int x) { return ext (x) + 1; }
int (*fp) (int) = loc;
__attribute__ ((weak)) int wk (int x) { return x; }
int glob (int x) { return loc (x) + wk (x) + ext (2); }
EOC
cat > "$tmp/cc.cc" <<'EOC'
template <class T> T twice (T x) { return x + x; }
inline int inl (int x) { return twice (x) + 1; }
int use (int x) { return inl (x) + twice<long> (x); }
EOC
if command -v clang >/dev/null 2>&1; then
  for t in x86_64-linux-gnu aarch64-linux-gnu armv7a-linux-gnueabi; do
    if clang --target=$t -O1 -c -faddrsig -o "$out/clang-$t.o" "$tmp/c.c" 2>/dev/null; then
      echo "$out/clang-$t.o"
    fi
  done
fi
if command -v g++ >/dev/null 2>&1 && g++ -O0 -c -o "$out/gxx-comdat.o" "$tmp/cc.cc" 2>/dev/null; then
  echo "$out/gxx-comdat.o"
fi
# Extended section numbering with few sections (e_shnum 0 and
# e_shstrndx SHN_XINDEX, the counts in section 0), as the gABI allows.
if [ -f "$out/x86_64.o" ] && command -v python3 >/dev/null 2>&1; then
  python3 - "$out/x86_64.o" "$out/x86_64-xnum.o" <<'EOPY'
import sys, struct
b = bytearray(open(sys.argv[1], 'rb').read())
shoff = struct.unpack_from('<Q', b, 40)[0]
shnum, shstrndx = struct.unpack_from('<HH', b, 60)
struct.pack_into('<HH', b, 60, 0, 0xffff)
struct.pack_into('<Q', b, shoff + 32, shnum)     # section 0 sh_size
struct.pack_into('<I', b, shoff + 40, shstrndx)  # section 0 sh_link
open(sys.argv[2], 'wb').write(b)
EOPY
  echo "$out/x86_64-xnum.o"
fi

ls "$out"/*.o >/dev/null 2>&1 \
  || { echo "make-seeds: no assembler produced anything" >&2; exit 1; }
exit 0
