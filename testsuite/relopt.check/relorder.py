#!/usr/bin/env python3
"""relorder.py IN OUT SECTION swap I J | reverse | set OFFSET=VALUE... --
copy IN to OUT with the entries of relocation section SECTION (by name)
reordered: entries I and J swapped, or all reversed; or with the byte at
each OFFSET of its contents set to VALUE (numbers may be 0x...).  Entry
size from sh_entsize; ELFCLASS32/64, either byte order
(testsuite/relopt.check/check.exp)."""
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
elif op == 'set':
    for a in sys.argv[5:]:
        at, value = (int(n, 0) for n in a.split('='))
        if at >= size:
            sys.exit('relorder.py: offset %d is past %s' % (at, name))
        ents[at // ent] = (ents[at // ent][:at % ent] + bytes([value])
                           + ents[at // ent][at % ent + 1:])
else:
    sys.exit('relorder.py: unknown operation ' + op)
d[off:off + size] = b''.join(ents)
open(dst, 'wb').write(d)
