#!/usr/bin/env python3
"""againstdefect.py IN OUT DEFECT -- copy IN (an ELF64 little-endian
relopt output) to OUT with one change `relopt --check --against' must
report (testsuite/relopt.check/check.exp):
  grp-flag     the first SHT_GROUP's flag word cleared (GRP_COMDAT gone)
  grp-member   the first SHT_GROUP's first member index plus one
  addrsig      the first ULEB128 of SHT_LLVM_ADDRSIG set to another symbol
  ssym         byte 4 of the first SHT_RELA entry's r_info (MIPS64 r_ssym)
  type2        byte 6 of the first SHT_RELA entry's r_info (MIPS64 r_type2)
  e_version    e_version 2; e_entry: e_entry 0x10; phentsize: e_phentsize 56
  sh0-flags    section header 0's sh_flags 1; sh0-info: its sh_info 1
  sym0-value   symbol 0's st_value 1
  hash-flags, hash-entsize, gnu-align, gnu-entsize, hash-name: a table's
               header as doc/design.md 2/3 do not give it (for plain --check)
againstdefect.py --addrsig IN OUT -- copy IN with an SHT_LLVM_ADDRSIG
section appended (sh_link .symtab) naming symbols 1 and nsyms-1."""
import struct
import sys

F = '<IIQQQQIIQQ'


def load(path):
    d = bytearray(open(path, 'rb').read())
    shoff, = struct.unpack_from('<Q', d, 40)
    n, = struct.unpack_from('<H', d, 60)
    return d, shoff, [list(struct.unpack_from(F, d, shoff + i * 64))
                      for i in range(n)]


def first(secs, typ):
    return next(s for s in secs if s[1] == typ)


def add_addrsig(src, dst):
    d, shoff, secs = load(src)
    symtab = next(i for i, s in enumerate(secs) if s[1] == 2)
    nsyms = secs[symtab][5] // 24
    body = bytes([1, nsyms - 1])
    hdrs = d[shoff:shoff + 64 * len(secs)]
    out = d[:shoff] + body
    while len(out) % 8:
        out += b'\0'
    newoff = len(out)
    out += hdrs + struct.pack(F, 0, 0x6fff4c03, 0x80000000, 0, shoff,
                              len(body), symtab, 0, 1, 0)
    struct.pack_into('<Q', out, 40, newoff)
    struct.pack_into('<H', out, 60, len(secs) + 1)
    open(dst, 'wb').write(out)


# Plain --check defects of a table's header: (type, offset in the
# header, format, value).  hash-name points .hash's sh_name one byte on
# ("hash" instead of ".hash").
HASHDEF = {'hash-flags': (5, 8, '<Q', 2), 'hash-entsize': (5, 56, '<Q', 3),
           'gnu-align': (0x6ffffff6, 48, '<Q', 4),
           'gnu-entsize': (0x6ffffff6, 56, '<Q', 4)}


def mutate(src, dst, what):
    d, shoff, secs = load(src)
    if what == 'grp-flag':
        struct.pack_into('<I', d, first(secs, 17)[4], 0)
    elif what == 'grp-member':
        o = first(secs, 17)[4] + 4
        struct.pack_into('<I', d, o, struct.unpack_from('<I', d, o)[0] + 1)
    elif what == 'addrsig':
        o = first(secs, 0x6fff4c03)[4]
        d[o] = d[o + 1]
    elif what in ('ssym', 'type2'):
        d[first(secs, 4)[4] + (12 if what == 'ssym' else 14)] ^= 1
    elif what == 'e_version':
        struct.pack_into('<I', d, 20, 2)
    elif what == 'e_entry':
        struct.pack_into('<Q', d, 24, 0x10)
    elif what == 'phentsize':
        struct.pack_into('<H', d, 54, 56)
    elif what == 'sh0-flags':
        struct.pack_into('<Q', d, shoff + 8, 1)
    elif what == 'sh0-info':
        struct.pack_into('<I', d, shoff + 44, 1)
    elif what == 'sym0-value':
        struct.pack_into('<Q', d, first(secs, 2)[4] + 8, 1)
    elif what == 'hash-name':
        o = shoff + secs.index(first(secs, 5)) * 64
        struct.pack_into('<I', d, o, first(secs, 5)[0] + 1)
    elif what in HASHDEF:
        typ, field, fmt, val = HASHDEF[what]
        struct.pack_into(fmt, d, shoff + secs.index(first(secs, typ)) * 64
                         + field, val)
    else:
        sys.exit('againstdefect.py: unknown defect ' + what)
    open(dst, 'wb').write(d)


if sys.argv[1] == '--addrsig':
    add_addrsig(sys.argv[2], sys.argv[3])
else:
    mutate(*sys.argv[1:4])
