#!/usr/bin/env python3
"""damage.py MODULE OUT: write copies of MODULE (an ELF64 little-endian
module carrying relopt's SysV .hash, e.g. after relopt --hash-style=sysv)
with the table damaged, one way each, as OUT-TAG.ko:

  bucket     the first non-empty bucket word with its low bit flipped
  chain      the chain word of the symbol that bucket names, low bit flipped
  nbucket    the header's nbucket word, low bit flipped
  nchain     the header's nchain word, low bit flipped
  truncated  the section header's sh_size 4 bytes short

damage.py --relink MODULE OUT: copy MODULE to OUT with its SHT_HASH
section's sh_link set to the .symtab index again (objcopy and strip write
0 there): a stale table that still names .symtab, for the kernel's
validation to refuse.

The kernel must refuse each table (or, where a damaged table still happens
to be valid, answer as the loop) and give today's answers.  Used by
tests/kallsyms-model.sh (host model) and loader/linux/kallsyms/boot-test.sh
(in the guest); the stale-table cases (objcopy, strip) are made there with
the tools themselves."""
import struct
import sys


def relink(src, out):
    d = bytearray(open(src, 'rb').read())
    shoff, = struct.unpack_from('<Q', d, 0x28)
    shnum, = struct.unpack_from('<H', d, 0x3c)
    types = [struct.unpack_from('<I', d, shoff + 64 * i + 4)[0]
             for i in range(shnum)]
    if 2 not in types or 5 not in types:  # SHT_SYMTAB, SHT_HASH
        sys.exit('damage.py: %s: no .symtab or no SHT_HASH' % src)
    struct.pack_into('<I', d, shoff + 64 * types.index(5) + 40,
                     types.index(2))
    open(out, 'wb').write(d)


def main():
    if sys.argv[1] == '--relink':
        relink(sys.argv[2], sys.argv[3])
        return
    src, out = sys.argv[1], sys.argv[2]
    d = bytearray(open(src, 'rb').read())
    if d[:4] != b'\x7fELF' or d[4] != 2 or d[5] != 1:
        sys.exit('damage.py: %s: not an ELF64 little-endian file' % src)
    shoff, = struct.unpack_from('<Q', d, 0x28)
    shnum, = struct.unpack_from('<H', d, 0x3c)
    hdr = None
    for i in range(shnum):
        o = shoff + 64 * i
        if struct.unpack_from('<I', d, o + 4)[0] == 5:  # SHT_HASH
            hoff, hsize = struct.unpack_from('<QQ', d, o + 24)
            hdr = o
    if hdr is None:
        sys.exit('damage.py: %s: no SHT_HASH section' % src)
    nbucket, nchain = struct.unpack_from('<II', d, hoff)

    def word(k):
        return hoff + 4 * k
    first = next(k for k in range(nbucket)
                 if struct.unpack_from('<I', d, word(2 + k))[0])
    chained = struct.unpack_from('<I', d, word(2 + first))[0]

    def variant(tag, edit):
        e = bytearray(d)
        edit(e)
        open('%s-%s.ko' % (out, tag), 'wb').write(e)

    def xor(e, at, v):
        struct.pack_into('<I', e, at, struct.unpack_from('<I', e, at)[0] ^ v)
    variant('bucket', lambda e: xor(e, word(2 + first), 1))
    variant('chain', lambda e: xor(e, word(2 + nbucket + chained), 1))
    variant('nbucket', lambda e: xor(e, word(0), 1))
    variant('nchain', lambda e: xor(e, word(1), 1))
    variant('truncated',
            lambda e: struct.pack_into('<Q', e, hdr + 32, hsize - 4))


if __name__ == '__main__':
    main()
