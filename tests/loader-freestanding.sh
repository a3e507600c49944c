#!/bin/bash
# loader-freestanding.sh -- loader/relopt-loader.c builds as kernels build
# it: -std=c99 -ffreestanding -nostdlib -fno-builtin, at -O2 and -O0/-Os,
# for x86_64, i386, 32-bit ARM (ARMv5TE/v7-A: no divide instruction) and
# AArch64, with warnings as errors, and leaves no undefined symbol
# (`nm -u' empty: no memcpy/memset/strlen, no libgcc division helpers).
# A target whose compiler is missing is reported SKIP; with none at all
# the test is skipped (77).  Run by `make check'.
set -u
. "$(dirname "$0")/../scripts/common.sh"
relopt_test_start loader-freestanding
src=$srcdir/loader/relopt-loader.c
flags="-std=c99 -pedantic -Wall -Wextra -Werror -ffreestanding -nostdlib -fno-builtin -fno-pic -c"
fail=0 ran=0

# target NAME COMPILER [FLAGS...]
target () {
  local name=$1 cc=$2 opt o; shift 2
  if ! command -v "$cc" >/dev/null 2>&1; then
    echo "SKIP: $name: $cc not installed (Debian: gcc-arm-linux-gnueabi, gcc-aarch64-linux-gnu, gcc-multilib)"
    return
  fi
  for opt in -O2 -O0 -Os; do
    o=$tmp/$name$opt.o
    if ! "$cc" "$@" $flags $opt "$src" -o "$o" 2> "$tmp/err"; then
      if grep -q -e 'bits/\|gnu/stubs\|No such file' "$tmp/err"; then
        echo "SKIP: $name: $cc $* cannot compile here: $(head -1 "$tmp/err")"
        return
      fi
      echo "FAIL: $name $opt: does not compile:"; cat "$tmp/err"; fail=1; return
    fi
    if [ -n "$(nm -u "$o")" ]; then
      echo "FAIL: $name $opt: undefined symbols:"; nm -u "$o"; fail=1; return
    fi
  done
  ran=$((ran + 1))
  echo "PASS: $name ($cc $*): freestanding, nm -u empty at -O2 -O0 -Os"
}

target x86_64 gcc -m64
target i386 gcc -m32
target arm arm-linux-gnueabi-gcc -marm -march=armv5te
target armv7-thumb arm-linux-gnueabi-gcc -mthumb -march=armv7-a
target aarch64 aarch64-linux-gnu-gcc
command -v clang >/dev/null 2>&1 && target x86_64-clang clang

[ $fail -eq 0 ] || exit 1
[ $ran -gt 0 ] || { echo "SKIP: no compiler at all"; exit 77; }
exit 0
