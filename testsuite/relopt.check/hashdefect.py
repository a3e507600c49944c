#!/usr/bin/env python3
"""hashdefect.py IN OUTDIR -- write copies of IN (a relopt output carrying
both .hash and .gnu.hash) each with one structural defect in a table, and
print one line per copy: FILE<TAB>REGEX, the message `relopt --check' must
give (testsuite/relopt.check/check.exp).  Handles ELFCLASS32/64, either byte
order, and 8-byte .hash words (s390x).
hashdefect.py --relink FILE -- set every hash table's sh_link back to
.symtab in place (after strip/objcopy reset it)."""
import os
import struct
import sys

# The SysV hash of doc/design.md 2, from the dump tests' independent calculator.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'relopt.dump'))
from hashcalc import sysv_hash  # noqa: E402

relink = sys.argv[1] == '--relink'
if relink:
    src = sys.argv[2]
else:
    src, outdir = sys.argv[1], sys.argv[2]
data = open(src, 'rb').read()
is64 = data[4] == 2
e = '>' if data[5] == 2 else '<'
W = 'Q' if is64 else 'I'
wsz = 8 if is64 else 4


def u(fmt, off, b=data):
    return struct.unpack_from(e + fmt, b, off)[0]


shoff = u(W, 40 if is64 else 32)
shentsize = u('H', 58 if is64 else 46)
shnum = u('H', 60 if is64 else 48)
shstrndx = u('H', 62 if is64 else 50)


def shdr(i):
    o = shoff + i * shentsize
    if is64:
        name, typ, flags, addr, off, size, link, info, align, ent = \
            struct.unpack_from(e + 'IIQQQQIIQQ', data, o)
    else:
        name, typ, flags, addr, off, size, link, info, align, ent = \
            struct.unpack_from(e + 'IIIIIIIIII', data, o)
    return dict(idx=i, hoff=o, name=name, type=typ, off=off, size=size,
                link=link, info=info, ent=ent)


secs = [shdr(i) for i in range(shnum)]
SHT_HASH, SHT_GNU_HASH, SHT_SYMTAB = 5, 0x6ffffff6, 2
symtab = next(s for s in secs if s['type'] == SHT_SYMTAB)
if relink:
    # hashdefect.py --relink FILE: point every hash table's sh_link at
    # .symtab again, in place.
    b = bytearray(data)
    for s in secs:
        if s['type'] in (SHT_HASH, SHT_GNU_HASH):
            struct.pack_into(e + 'I', b, s['hoff'] + (40 if is64 else 24),
                             symtab['idx'])
    open(src, 'wb').write(b)
    sys.exit(0)
hsec = next(s for s in secs if s['type'] == SHT_HASH)
gsec = next(s for s in secs if s['type'] == SHT_GNU_HASH)
symtab = next(s for s in secs if s['type'] == SHT_SYMTAB)
strtab = secs[symtab['link']]
symsize = 24 if is64 else 16
nsyms = symtab['size'] // symsize
hent = hsec['ent'] or 4
HW = 'Q' if hent == 8 else 'I'

written = []


def emit(tag, regex, patches):
    b = bytearray(data)
    for fmt, off, val in patches:
        struct.pack_into(e + fmt, b, off, val)
    path = os.path.join(outdir, tag + '.o')
    open(path, 'wb').write(b)
    written.append((path, regex))


def link_off(s):
    return s['hoff'] + (40 if is64 else 24)


def sym_name_off(i):
    return symtab['off'] + i * symsize


def name_of(i):
    st = u('I', sym_name_off(i))
    end = data.index(b'\0', strtab['off'] + st)
    return data[strtab['off'] + st:end]


# ---- .hash ----
H = hsec['off']
nbucket = u(HW, H)
nchain = u(HW, H + hent)
bucket = [u(HW, H + (2 + k) * hent) for k in range(nbucket)]
chain_at = lambda i: H + (2 + nbucket + i) * hent
emit('sysv-nbucket-0', r'nbucket is 0', [(HW, H, 0)])
emit('sysv-nchain-wrong', r'nchain [0-9]+ differs from the \.symtab entry count',
     [(HW, H + hent, nchain + 1)])
b0 = next(k for k in range(nbucket) if bucket[k])
emit('sysv-bucket-out-of-range', r'bucket\[[0-9]+\] = [0-9]+ is past nchain',
     [(HW, H + (2 + b0) * hent, nchain)])
head = bucket[b0]
emit('sysv-chain-out-of-range',
     r'chain\[[0-9]+\] = [0-9]+ does not ascend to a symbol below nchain',
     [(HW, chain_at(head), nchain + 5)])
emit('sysv-chain-cycle', r"chain\[[0-9]+\] = [0-9]+ does not ascend",
     [(HW, chain_at(head), head)])
# Two chains merging: the head of another bucket chained after HEAD.
b1 = next(k for k in range(nbucket) if bucket[k] and k != b0)
tail = head
while u(HW, chain_at(tail)):
    tail = u(HW, chain_at(tail))
emit('sysv-chains-merge',
     r"does not ascend|joins another|on the chain of another bucket",
     [(HW, chain_at(tail), bucket[b1])])

# doc/design.md 2: every indexed symbol chained once, in its own bucket,
# nothing else chained.  Each patch keeps the table structurally sound
# (the library's first pass accepts it), so only the names pass can catch
# it.
chained = []
for k in range(nbucket):
    i = bucket[k]
    while i:
        chained.append(i)
        i = u(HW, chain_at(i))
chained.sort()
# A symbol renamed after relopt: chained B takes the name of chained A,
# whose hash puts it in another bucket.
a_ = chained[0]
ba = sysv_hash(name_of(a_).decode()) % nbucket
b_ = next(i for i in chained
          if sysv_hash(name_of(i).decode()) % nbucket != ba)
emit('sysv-renamed', r'is on the chain of another bucket',
     [('I', sym_name_off(b_), u('I', sym_name_off(a_)))])
# A Linux mapping symbol ('$...'; ARM objects have them) put at the head
# of its bucket.
maps = [i for i in range(1, nsyms) if name_of(i)[:1] == b'$']
if data[18] == 40 or data[19] == 40:  # EM_ARM, either byte order
    if not maps:
        sys.exit('hashdefect.py: no mapping symbol in an ARM object')
if maps:
    m = maps[0]
    bm = sysv_hash(name_of(m).decode()) % nbucket
    if bucket[bm] > m or bucket[bm] == 0:
        emit('sysv-mapping-symbol-chained', r'is not an indexed symbol',
             [(HW, chain_at(m), bucket[bm]), (HW, H + (2 + bm) * hent, m)])
# An indexed symbol left out: the head of bucket B0 unlinked (its own
# chain word still links on).
emit('sysv-first-missing',
     r'missing from its chain|missing from the chains',
     [(HW, H + (2 + b0) * hent, u(HW, chain_at(head)))])
emit('sysv-sh_link-0', r"'\.hash'.*sh_link is 0, not \.symtab",
     [('I', link_off(hsec), 0)])



def header_defects(tag, sec, what, rule, align):
    """doc/design.md 2, 3, 9: sh_flags SHF_EXCLUDE alone, sh_addr 0,
    sh_info 0, sh_addralign as relopt writes it (newuser finding 2)."""
    o = sec['hoff']
    flags = (o + 8, W)
    addr = (o + (16 if is64 else 12), W)
    info = (o + (44 if is64 else 28), 'I')
    al = (o + (48 if is64 else 32), W)
    for field, (off, fmt), val, want in (
            ('sh_flags', flags, 0x80000002, 0x80000000),
            ('sh_flags', flags, 0x2, 0x80000000),
            ('sh_addr', addr, 0x1000, 0),
            ('sh_info', info, 1, 0),
            ('sh_addralign', al, 2 * align, align)):
        emit('%s-%s-%#x' % (tag, field, val),
             r"'%s'.* %s is %#x, not %s \(doc/design\.md %s\)"
             % (what.replace('.', r'\.'), field, val,
                '%#x' % want if want else '0', rule),
             [(fmt, off, val)])


header_defects('sysv', hsec, '.hash', 2, hent)

# ---- .gnu.hash ----
G = gsec['off']
nb, symoff, maskwords, shift2 = (u('I', G + 4 * k) for k in range(4))
bloom = G + 16
buckets = bloom + maskwords * wsz
chain0 = buckets + 4 * nb
emit('gnu-nbuckets-0', r'nbuckets is 0', [('I', G, 0)])
emit('gnu-bloom-not-power-of-two', r'bloom size is not a power of two \(3\)',
     [('I', G + 8, 3)])
emit('gnu-bloom-size-0', r'bloom size is not a power of two \(0\)',
     [('I', G + 8, 0)])
emit('gnu-bloom-shift-too-big', r'bloom shift is not below 32 \([0-9]+\)',
     [('I', G + 12, 64 if is64 else 32)])
emit('gnu-symoffset-past-symtab', r'symoffset is outside 1\.\.nsyms .*\([0-9]+\)',
     [('I', G + 4, nsyms + 1)])
emit('gnu-symoffset-0', r'symoffset is outside .*\(0\)', [('I', G + 4, 0)])
k0 = next(k for k in range(nb) if u('I', buckets + 4 * k))
emit('gnu-bucket-out-of-range', r'bucket\[[0-9]+\] = [0-9]+ does not point at the first symbol of its run',
     [('I', buckets + 4 * k0, nsyms)])
emit('gnu-bucket-below-symoffset', r'does not point at the first symbol of its run',
     [('I', buckets + 4 * k0, symoff - 1)] if symoff > 1 else
     [('I', buckets + 4 * k0, nsyms + 7)])
nch = nsyms - symoff
last = chain0 + 4 * (nch - 1)
emit('gnu-last-chain-no-end-bit', r'ends the last chain, which has no end bit',
     [('I', last, u('I', last) & ~1)])
emit('gnu-chain-word-not-hash', r'chain word that is not its hash',
     [('I', chain0, u('I', chain0) ^ 0x80000000)])
emit('gnu-end-bit-wrong', r'wrong end-of-chain bit',
     [('I', chain0, u('I', chain0) ^ 1)] if nch > 1 else [])
emit('gnu-bloom-cleared', r'missing from the bloom filter',
     [(W, bloom + wsz * k, 0) for k in range(maskwords)])
emit('gnu-size-wrong', r'size does not match the header',
     [('I', G, nb + 1)])
emit('gnu-sh_link-0', r"'\.gnu\.hash'.*sh_link is 0, not \.symtab",
     [('I', link_off(gsec), 0)])
header_defects('gnu', gsec, '.gnu.hash', 3, 8 if is64 else 4)

# ---- a table built for a different symtab: two hashed globals swap
# names (their st_name), as a tool rewriting .symtab would leave it ----
hashed = [i for i in range(symoff, nsyms)]
a = hashed[0]
bsym = next((i for i in hashed[1:] if name_of(i) != name_of(a)), None)
if bsym is not None:
    emit('different-symtab-names-swapped',
         r'stale table|not of its own bucket|not in bucket order|'
         r'lookup of|not its hash|does not point|not a hashed symbol|missing',
         [('I', sym_name_off(a), u('I', sym_name_off(bsym))),
          ('I', sym_name_off(bsym), u('I', sym_name_off(a)))])
for path, regex in written:
    print(path + '\t' + regex)
