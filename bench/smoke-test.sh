#!/bin/sh
# smoke-test.sh -- `make check': the loader model on small synthetic
# modules (bench/gen-module.py, ARM and AArch64) before and after relopt.
# Every strategy must agree (loadermodel exits 0), the linear PLT pass must
# accept relopt's order and refuse the original one, and a .gnu.hash whose
# bloom filter was zeroed must make the loader model fail (the agreement
# check can fail).  Exit 77 (SKIP) when python3 or the cross assemblers are
# missing.
set -u
. "$(dirname "$0")/../scripts/common.sh"
relopt_test_start smoke-test bench/loadermodel
model=$bld/bench/loadermodel
gen=$srcdir/bench/gen-module.py
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
fail=0 ran=0
for arch in arm aarch64; do
  case $arch in
    arm) as="arm-linux-gnueabi-as -march=armv7-a" ;;
    aarch64) as=aarch64-linux-gnu-as ;;
  esac
  if ! command -v ${as%% *} >/dev/null 2>&1; then
    echo "SKIP: $arch: ${as%% *} not found"
    continue
  fi
  python3 "$gen" --arch $arch --relocs 2000 --seed 7 -o "$tmp/m.s" 2>/dev/null \
    && $as -o "$tmp/m.o" "$tmp/m.s" \
    && "$relopt" --hash-style=both -o "$tmp/m.rw.o" "$tmp/m.o" \
    || { echo "FAIL: $arch: building the module"; fail=1; continue; }
  ran=1
  if $model --budget 0.001 "$tmp/m.rw.o" >"$tmp/out" 2>&1 \
     && [ "$(grep -c 'all strategies agree' "$tmp/out")" = 2 ] \
     && ! grep -q 'linear(relopt): n/a' "$tmp/out"; then
    echo "PASS: $arch: relopt output: all strategies agree"
  else
    echo "FAIL: $arch: relopt output"; cat "$tmp/out"; fail=1
  fi
  if $model --budget 0.001 "$tmp/m.o" >"$tmp/out" 2>&1 \
     && grep -q 'linear(relopt): n/a' "$tmp/out"; then
    echo "PASS: $arch: original: agree, linear pass refuses the unsorted order"
  else
    echo "FAIL: $arch: original object"; cat "$tmp/out"; fail=1
  fi
  # Zero the bloom filter of .gnu.hash: every lookup then misses.
  python3 - "$tmp/m.rw.o" "$tmp/bad.o" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
e = '<' if d[5] == 1 else '>'
if d[4] == 1:
    shoff, = struct.unpack_from(e + 'I', d, 32)
    ent, num = struct.unpack_from(e + 'HH', d, 46)
    hdrs = [struct.unpack_from(e + 'IIIIII', d, shoff + i * ent) for i in range(num)]
    word = 4
else:
    shoff, = struct.unpack_from(e + 'Q', d, 40)
    ent, num = struct.unpack_from(e + 'HH', d, 58)
    hdrs = [struct.unpack_from(e + 'IIQQQQ', d, shoff + i * ent) for i in range(num)]
    word = 8
for h in hdrs:
    if h[1] == 0x6ffffff6:
        off = h[4]
        maskwords, = struct.unpack_from(e + 'I', d, off + 8)
        d[off + 16:off + 16 + maskwords * word] = bytes(maskwords * word)
open(sys.argv[2], 'wb').write(d)
PY
  if $model --budget 0.001 --no-plt "$tmp/bad.o" >"$tmp/out" 2>&1; then
    echo "FAIL: $arch: a zeroed bloom filter went unnoticed"; cat "$tmp/out"; fail=1
  else
    echo "PASS: $arch: a zeroed bloom filter is caught ($(grep -m1 'finds' "$tmp/out" | sed 's/^[^:]*: [^:]*: //'))"
  fi
done
[ $ran = 1 ] || { echo "SKIP: no cross assembler"; exit 77; }
exit $fail
