#!/usr/bin/env python3
"""setbyte.py IN OUT SECTION OFFSET=VALUE... -- copy IN to OUT with the
byte at each OFFSET of the contents of section SECTION (by name) set to
VALUE (numbers may be 0x...).  ELFCLASS32/64, either byte order
(testsuite/relopt.check/check.exp: inputs BFD warns about)."""
import struct
import sys

src, dst, name = sys.argv[1:4]
sets = [[int(n, 0) for n in a.split('=')] for a in sys.argv[4:]]
d = bytearray(open(src, 'rb').read())
is64 = d[4] == 2
e = '>' if d[5] == 2 else '<'
W = 'Q' if is64 else 'I'
shoff = struct.unpack_from(e + W, d, 40 if is64 else 32)[0]
shentsize, shnum, shstrndx = struct.unpack_from(e + 'HHH', d, 58 if is64 else 46)
fmt = e + ('IIQQQQIIQQ' if is64 else 'IIIIIIIIII')
hdrs = [struct.unpack_from(fmt, d, shoff + i * shentsize) for i in range(shnum)]
strs = hdrs[shstrndx][4]
for h in hdrs:
    if d[strs + h[0]:d.index(b'\0', strs + h[0])].decode() == name:
        for off, value in sets:
            if off >= h[5]:
                sys.exit('setbyte.py: offset %d is past %s' % (off, name))
            d[h[4] + off] = value
        break
else:
    sys.exit('setbyte.py: no section ' + name)
open(dst, 'wb').write(d)
