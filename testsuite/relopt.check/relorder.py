#!/usr/bin/env python3
"""relorder.py IN OUT SECTION swap I J | reverse -- copy IN to OUT with the
entries of relocation section SECTION (by name) reordered: entries I and
J swapped, or all reversed.  Entry size from sh_entsize; ELFCLASS32/64,
either byte order (testsuite/relopt.check/check.exp)."""
import struct
import sys

src, dst, name, op = sys.argv[1:5]
d = bytearray(open(src, 'rb').read())
is64 = d[4] == 2
e = '>' if d[5] == 2 else '<'
W = 'Q' if is64 else 'I'
shoff = struct.unpack_from(e + W, d, 40 if is64 else 32)[0]
shentsize, shnum, shstrndx = struct.unpack_from(e + 'HHH', d, 58 if is64 else 46)
fmt = e + ('IIQQQQIIQQ' if is64 else 'IIIIIIIIII')


def shdr(i):
    return struct.unpack_from(fmt, d, shoff + i * shentsize)


strs = shdr(shstrndx)[4]
for i in range(shnum):
    h = shdr(i)
    nm = d[strs + h[0]:d.index(b'\0', strs + h[0])].decode()
    if nm == name:
        off, size, ent = h[4], h[5], h[9]
        break
else:
    sys.exit('relorder.py: no section ' + name)
ents = [bytes(d[off + k * ent:off + (k + 1) * ent]) for k in range(size // ent)]
if op == 'swap':
    a, b = int(sys.argv[5]), int(sys.argv[6])
    ents[a], ents[b] = ents[b], ents[a]
elif op == 'reverse':
    ents.reverse()
else:
    sys.exit('relorder.py: unknown operation ' + op)
d[off:off + size] = b''.join(ents)
open(dst, 'wb').write(d)
