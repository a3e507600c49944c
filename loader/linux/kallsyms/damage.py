#!/usr/bin/env python3
"""damage.py MODULE OUT: write copies of MODULE (an ELF64 little-endian
module carrying relopt's SysV .hash, e.g. after relopt --hash-style=sysv)
with the table damaged, one way each, as OUT-TAG.ko:

  bucket     the first non-empty bucket word with its low bit flipped
  chain      the chain word of the symbol that bucket names, low bit flipped
  nbucket    the header's nbucket word, low bit flipped
  nchain     the header's nchain word, low bit flipped
  truncated  the section header's sh_size 4 bytes short
  swapped    the first two non-empty buckets' words swapped (passes the
             check that reads no name, fails the names check)
  unchained  the first chained symbol taken off its chain (likewise)

damage.py --relink MODULE OUT: copy MODULE to OUT with its SHT_HASH
section's sh_link set to the .symtab index again (objcopy and strip write
0 there): a stale table that still names .symtab, for the kernel's
validation to refuse.

damage.py --addrorder MODULE OUT: the same for relopt's address order
(doc/design.md rule 9, a .addrorder of type 0x80524f41), as OUT-TAG.ko:

  swapped    the first two entries of one section's run swapped
  duplicate  the second entry of that run made equal to the first
  truncated  the section header's sh_size 4 bytes short
  foreign    the first entry made 0 (not a symbol the order may hold)

and with --relink, the order's sh_link set to .symtab again.

The kernel must refuse each table (or, where a damaged table still happens
to be valid, answer as the loop) and give today's answers.  Used by
tests/kallsyms-model.sh (host model) and loader/linux/kallsyms/boot-test.sh
(in the guest); the stale-table cases (objcopy, strip) are made there with
the tools themselves."""
import struct
import sys


SHT_HASH = 5
SHT_ADDRORDER = 0x80524f41


def relink(src, out, sht=SHT_HASH):
    d = bytearray(open(src, 'rb').read())
    shoff, = struct.unpack_from('<Q', d, 0x28)
    shnum, = struct.unpack_from('<H', d, 0x3c)
    types = [struct.unpack_from('<I', d, shoff + 64 * i + 4)[0]
             for i in range(shnum)]
    if 2 not in types or sht not in types:  # SHT_SYMTAB
        sys.exit('damage.py: %s: no .symtab or no section of type %#x'
                 % (src, sht))
    struct.pack_into('<I', d, shoff + 64 * types.index(sht) + 40,
                     types.index(2))
    open(out, 'wb').write(d)


def addrorder(src, out):
    d = bytearray(open(src, 'rb').read())
    shoff, = struct.unpack_from('<Q', d, 0x28)
    shnum, = struct.unpack_from('<H', d, 0x3c)
    hdr = sym = None
    for i in range(shnum):
        o = shoff + 64 * i
        t = struct.unpack_from('<I', d, o + 4)[0]
        if t == SHT_ADDRORDER:
            hdr = o
            aoff, asize = struct.unpack_from('<QQ', d, o + 24)
        elif t == 2:
            sym = struct.unpack_from('<Q', d, o + 24)[0]
    if hdr is None or sym is None:
        sys.exit('damage.py: %s: no .symtab or no .addrorder' % src)
    order = struct.unpack_from('<%dI' % (asize // 4), d, aoff)

    def shndx(k):
        return struct.unpack_from('<H', d, sym + 24 * k + 6)[0]
    # the first run of at least two entries
    at = next(k for k in range(len(order) - 1)
              if shndx(order[k]) == shndx(order[k + 1]))

    def variant(tag, edit):
        e = bytearray(d)
        edit(e)
        open('%s-%s.ko' % (out, tag), 'wb').write(e)
    variant('swapped', lambda e: struct.pack_into(
        '<II', e, aoff + 4 * at, order[at + 1], order[at]))
    variant('duplicate', lambda e: struct.pack_into(
        '<I', e, aoff + 4 * at + 4, order[at]))
    variant('truncated',
            lambda e: struct.pack_into('<Q', e, hdr + 32, asize - 4))
    variant('foreign', lambda e: struct.pack_into('<I', e, aoff, 0))


def main():
    if sys.argv[1] == '--relink':
        if sys.argv[2] == '--addrorder':
            relink(sys.argv[3], sys.argv[4], SHT_ADDRORDER)
        else:
            relink(sys.argv[2], sys.argv[3])
        return
    if sys.argv[1] == '--addrorder':
        addrorder(sys.argv[2], sys.argv[3])
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
    second = next(k for k in range(first + 1, nbucket)
                  if struct.unpack_from('<I', d, word(2 + k))[0])
    head2 = struct.unpack_from('<I', d, word(2 + second))[0]

    def swap(e):
        struct.pack_into('<I', e, word(2 + first), head2)
        struct.pack_into('<I', e, word(2 + second), chained)
    variant('swapped', swap)
    after = struct.unpack_from('<I', d, word(2 + nbucket + chained))[0]
    variant('unchained', lambda e: struct.pack_into(
        '<I', e, word(2 + first), after))


if __name__ == '__main__':
    main()
