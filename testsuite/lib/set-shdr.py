#!/usr/bin/env python3
"""set-shdr.py -- copy an ELF file, changing fields of one section header.

  set-shdr.py IN OUT SECTION FIELD=VALUE...

FIELD is type, flags, offset, link, info, addralign or entsize; VALUE is a number
(0x... allowed) or, for link and info, a section name.  ELFCLASS32/64,
either byte order.  The dump tests use it to make inputs that gas cannot
write (e.g. an unknown section type linked to .symtab).
"""

import struct
import sys

FIELDS32 = {"type": (4, "I"), "flags": (8, "I"), "offset": (16, "I"),
            "link": (24, "I"),
            "info": (28, "I"), "addralign": (32, "I"), "entsize": (36, "I")}
FIELDS64 = {"type": (4, "I"), "flags": (8, "Q"), "offset": (24, "Q"),
            "link": (40, "I"),
            "info": (44, "I"), "addralign": (48, "Q"), "entsize": (56, "Q")}


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    src, dst, secname = sys.argv[1:4]
    d = bytearray(open(src, "rb").read())
    if d[:4] != b"\x7fELF":
        sys.exit("set-shdr.py: %s: not ELF" % src)
    is64 = d[4] == 2
    e = "<" if d[5] == 1 else ">"
    if is64:
        shoff = struct.unpack_from(e + "Q", d, 0x28)[0]
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", d, 0x3a)
        name_off, off_off = 0, 0x18
        fields = FIELDS64
    else:
        shoff = struct.unpack_from(e + "I", d, 0x20)[0]
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", d, 0x2e)
        name_off, off_off = 0, 0x10
        fields = FIELDS32
    offfmt = e + ("Q" if is64 else "I")
    if shnum == 0:  # extended numbering: counts in section 0
        shnum = struct.unpack_from(offfmt, d, shoff + (0x20 if is64 else 0x14))[0]
    if shstrndx == 0xFFFF:
        shstrndx = struct.unpack_from(e + "I", d,
                                      shoff + (0x28 if is64 else 0x18))[0]
    stroff = struct.unpack_from(offfmt, d, shoff + shstrndx * shentsize
                                + off_off)[0]
    index = {}
    for i in range(shnum):
        nm = struct.unpack_from(e + "I", d, shoff + i * shentsize + name_off)[0]
        end = d.index(0, stroff + nm)
        index.setdefault(d[stroff + nm:end].decode(), i)
    if secname not in index:
        sys.exit("set-shdr.py: %s: no section %s" % (src, secname))
    hdr = shoff + index[secname] * shentsize
    for arg in sys.argv[4:]:
        field, value = arg.split("=", 1)
        off, fmt = fields[field]
        if field in ("link", "info") and value in index:
            v = index[value]
        else:
            v = int(value, 0)
        struct.pack_into(e + fmt, d, hdr + off, v)
    open(dst, "wb").write(d)


if __name__ == "__main__":
    main()
