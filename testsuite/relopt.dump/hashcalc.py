#!/usr/bin/env python3
"""hashcalc.py -- compute what relopt must produce for a small object,
independently of relopt, from the rules in doc/design.md ("Output contract")
and the headers bfdext/symhash.h and bfdext/strtab.h.

The dump tests' expectations were worked out with this script (and checked
by hand for the small cases); each .d file carries the numbers in a
comment.  It reads the *input* object with readelf only, never relopt's
output.

  hashcalc.py [--style sysv|gnu|both] [--bloom bfd|ceil] [--nosort]
              OBJECT

prints the final symbol order, the SysV and GNU table words, their hex
dumps as `readelf -x' prints them, the merged .strtab as `readelf -p'
prints it and, for ARM and AArch64, every relocation section in relopt's
order with the sort key of each branch relocation.

Rules applied (with the source of each):
- hashed for .hash (doc/design.md 2): defined (st_shndx != UND), non-empty name
  that is not a Linux mapping symbol (starts with '$', '.L' or 'L0'), any
  binding and type (STT_FILE included); every one is chained, symbols of
  the same name too; nbucket from the chained count; nchain = symtab
  entries; chains ascending by index; bucket = sysv_hash % nbucket.
- hashed for .gnu.hash (doc/design.md 3): defined global/weak with a name; the
  globals become: unhashed (undefined) in original order, then hashed by
  (bucket, original index); symoffset = first hashed index.  Without the
  GNU style no symbol moves (doc/design.md 4: "only when symbols move").
- nbucket (symhash.h, both styles, from each style's own count): largest
  of binutils' elf_buckets[] (1 ... 32771) <= n, 1 for n <= 2; .gnu.hash
  at least 2 (bfd's compute_bucket_count).
- bloom: "bfd" rule, relopt's (symhash.h relopt_gnu_params, binutils
  2.40 bfd/elflink.c bfd_elf_size_dynsym_hash_dynstr, whose loop computes
  L = bit length of n = floor(log2 n) + 1), the default; "ceil" rule
  L = ceil(log2 n) + 1, what bfd_log2 (n) + 1 gives since bfd_log2 rounds
  up: not relopt's rule, kept to show where the two readings differ.
  Both agree when n is a power of two.  bits = 5 if L < 3, else L + 3 if
  n & (1 << (L - 2)) else L + 2; 64-bit: at least 6; maskwords =
  2^bits / wordbits; shift2 = bits.
- .strtab (strtab.h): "\\0", then every distinct name that is not a
  suffix of another name (a "container"), in order of first use in the
  final symtab, where a symbol whose name is a suffix uses the container
  that stores it; a suffix's container is that of the next name in the
  order of reversed byte strings when it is a suffix of that name.
- branch relocations (doc/design.md 6, relsort.h): first, sorted by (r_type,
  new symbol index, addend); addend = r_addend (RELA) or, for REL, ARM
  word & 0x00ffffff, Thumb (hw1 & 0x7ff) << 16 | (hw2 & 0x2fff), code
  read little-endian in BE8 objects; then the others in original order.
"""

import argparse
import re
import subprocess
import sys

# binutils bfd/elflink.c elf_buckets[] (ld.bfd's list ends at 32771;
# gold's goes on, relopt follows ld.bfd).
ELF_BUCKETS = [1, 3, 17, 37, 67, 97, 131, 197, 263, 521, 1031, 2053, 4099,
               8209, 16411, 32771]


# Linux's is_mapping_symbol(): the name starts with '$', '.L' or 'L0'
# (doc/design.md 2 and 9).
MAPPING = re.compile(r"^(\$|\.L|L0)", re.S)


def sysv_hash(name):
    h = 0
    for c in name.encode():
        h = ((h << 4) + c) & 0xFFFFFFFF
        g = h & 0xF0000000
        if g:
            h ^= g >> 24
        h &= ~g & 0xFFFFFFFF
    return h


def gnu_hash(name):
    h = 5381
    for c in name.encode():
        h = (h * 33 + c) & 0xFFFFFFFF
    return h


def nbucket(n):
    best = 1
    for b in ELF_BUCKETS:
        if b <= n:
            best = b
    return best


def bloom_params(n, wordbits, rule):
    if rule == "bfd":
        L = max(n, 1).bit_length() if n else 1
    else:
        L = (max(n, 1) - 1).bit_length() + 1  # ceil(log2 n) + 1
    if L < 3:
        bits = 5
    elif n & (1 << (L - 2)):
        bits = L + 3
    else:
        bits = L + 2
    if wordbits == 64 and bits < 6:
        bits = 6
    return (1 << bits) // wordbits, bits


def readelf(args, obj):
    return subprocess.run(["readelf"] + args + [obj], check=True,
                          capture_output=True, text=True,
                          env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"}).stdout


def read_object(obj):
    h = readelf(["-h"], obj)
    cls = 64 if "ELF64" in h else 32
    big = "big endian" in h
    machine = re.search(r"Machine:\s+(.*)", h).group(1).strip()
    sh = readelf(["-S", "-W"], obj)
    m = re.search(r"\]\s+\.symtab\s+SYMTAB\s+\S+\s+\S+\s+\S+\s+\S+\s+"
                  r"(?:\S+\s+)?(\d+)\s+(\d+)\s+\d+", sh)
    first_global = int(m.group(2))
    syms = []
    for line in readelf(["-s", "-W"], obj).splitlines():
        m = re.match(r"\s*(\d+): (\S+)\s+(\S+) (\S+)\s+(\S+)\s+(\S+)\s+(\S+)"
                     r"(?: (.*))?$", line)
        if m:
            syms.append(dict(idx=int(m.group(1)), type=m.group(4),
                             bind=m.group(5), ndx=m.group(7),
                             name=(m.group(8) or "").strip()))
            # readelf shows a section symbol under its section's name;
            # its st_name is 0 (gas, ld), so it uses no .strtab string.
            if syms[-1]["type"] == "SECTION":
                syms[-1]["name"] = ""
    return cls, big, machine, first_global, syms


def words_bytes(words, size, big):
    return b"".join(w.to_bytes(size, "big" if big else "little")
                    for w in words)


def hexdump(data):
    out = []
    for off in range(0, len(data), 16):
        chunk = data[off:off + 16]
        groups = [chunk[i:i + 4].hex() for i in range(0, len(chunk), 4)]
        out.append("  0x%08x %s .*" % (off, " ".join(groups)))
    return out


ARM_BRANCH = {"R_ARM_PC24": 1, "R_ARM_THM_CALL": 10, "R_ARM_CALL": 28,
              "R_ARM_JUMP24": 29, "R_ARM_THM_JUMP24": 30}
AARCH64_BRANCH = {"R_AARCH64_JUMP26": 282, "R_AARCH64_CALL26": 283,
                  "R_AARCH64_P32_JUMP26": 20, "R_AARCH64_P32_CALL26": 21}


def section_bytes(obj, name):
    data = b""
    for line in readelf(["-x", name], obj).splitlines():
        m = re.match(r"\s+0x[0-9a-f]+ ((?:[0-9a-f]{2,8} ?){1,4})", line)
        if m:
            data += bytes.fromhex(m.group(1).replace(" ", ""))
    return data


def reloc_order(obj, cls, big, machine, order, nosort):
    """Print every relocation section in relopt's order."""
    be8 = "BE8" in readelf(["-h"], obj)
    newidx = {old: new for new, old in enumerate(order)}
    text = readelf(["-r", "-W"], obj)
    for sec in re.split(r"\n(?=Relocation section)", text):
        m = re.match(r"Relocation section '([^']+)'", sec.strip())
        if not m:
            continue
        rname = m.group(1)
        target = rname[4:] if rname.startswith(".rel.") else rname[5:]
        rela = rname.startswith(".rela")
        data = None if rela else section_bytes(obj, target)
        relocs = []
        for line in sec.splitlines():
            f = line.split()
            if len(f) < 3 or not re.match(r"^[0-9a-f]{8,16}$", f[0]):
                continue
            off, info, rtype = int(f[0], 16), int(f[1], 16), f[2]
            sym = info >> (32 if cls == 64 else 8)
            add = None
            if rela:
                m2 = re.search(r"([+-]) ([0-9a-f]+)$", line)
                add = int(m2.group(2), 16) * (-1 if m2.group(1) == "-"
                                              else 1) if m2 else 0
            relocs.append(dict(off=off, sym=sym, type=rtype, add=add,
                               name=f[4] if len(f) > 4 else ""))
        branch = ARM_BRANCH if "ARM" in machine and "AArch64" not in machine \
            else AARCH64_BRANCH if "AArch64" in machine else {}
        keyed = []
        others = []
        for r in relocs:
            if r["type"] in branch:
                if not rela:
                    ins = data[r["off"]:r["off"] + 4]
                    code_big = big and not be8
                    if r["type"].startswith("R_ARM_THM"):
                        hw1 = int.from_bytes(ins[0:2], "big" if code_big
                                             else "little")
                        hw2 = int.from_bytes(ins[2:4], "big" if code_big
                                             else "little")
                        r["add"] = (hw1 & 0x7FF) << 16 | (hw2 & 0x2FFF)
                    else:
                        r["add"] = int.from_bytes(
                            ins, "big" if code_big else "little") & 0xFFFFFF
                keyed.append(r)
            else:
                others.append(r)
        if not nosort:
            keyed.sort(key=lambda r: (branch[r["type"]], newidx[r["sym"]],
                                      r["add"] & 0xFFFFFFFFFFFFFFFF))
            relocs = keyed + others
        print("\n%s in relopt's order (offset, type, new symbol index, "
              "key addend, name):" % rname)
        for r in relocs:
            print("  %08x %-22s %3d %s %s"
                  % (r["off"], r["type"], newidx[r["sym"]],
                     "0x%x" % r["add"] if r["type"] in branch else "-",
                     r["name"]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--style", default="gnu")
    ap.add_argument("--bloom", default="bfd", choices=("bfd", "ceil"))
    ap.add_argument("--nosort", action="store_true")
    ap.add_argument("obj")
    a = ap.parse_args()
    cls, big, machine, first_global, syms = read_object(a.obj)
    wordbits = cls
    s390x = "S/390" in machine and cls == 64
    alpha = "Alpha" in machine and cls == 64
    hash_entsize = 8 if (s390x or alpha) else 4

    # Final order.
    order = list(range(len(syms)))
    symoffset = None
    if a.style in ("gnu", "both"):
        glob = [s for s in syms[first_global:]]
        unhashed = [s for s in glob if s["ndx"] == "UND" or not s["name"]]
        hashed = [s for s in glob if not (s["ndx"] == "UND" or not s["name"])]
        nb = nbucket(len(hashed))
        hashed.sort(key=lambda s: (gnu_hash(s["name"]) % nb, s["idx"]))
        order = list(range(first_global)) + [s["idx"] for s in unhashed] + \
            [s["idx"] for s in hashed]
        symoffset = first_global + len(unhashed)
    final = [syms[i] for i in order]
    names = [s["name"] for s in final]
    print("final symbol order (new index: old index name):")
    for new, s in enumerate(final):
        print("  %3d: %3d %-6s %-7s %-4s %s" % (new, s["idx"], s["bind"],
                                                 s["type"], s["ndx"],
                                                 s["name"]))

    if a.style in ("sysv", "both"):
        # Every indexed symbol is chained, duplicate names too.
        hashed = [i for i, s in enumerate(final)
                  if i and s["ndx"] != "UND" and s["name"]
                  and not MAPPING.match(s["name"])]
        nb = nbucket(len(hashed))
        bucket = [0] * nb
        chain = [0] * len(final)
        last = {}
        for i in hashed:
            b = sysv_hash(names[i]) % nb
            if b in last:
                chain[last[b]] = i
            else:
                bucket[b] = i
            last[b] = i
        print("\n.hash: nhashed %d nbucket %d nchain %d entsize %d"
              % (len(hashed), nb, len(final), hash_entsize))
        for i in hashed:
            print("  %-24s sysv_hash 0x%08x bucket %d"
                  % (names[i], sysv_hash(names[i]),
                     sysv_hash(names[i]) % nb))
        print("  bucket =", bucket)
        print("  chain  =", chain)
        data = words_bytes([nb, len(final)] + bucket + chain,
                           hash_entsize, big)
        print("  size 0x%x; readelf -x .hash:" % len(data))
        print("\n".join(hexdump(data)))

    if a.style in ("gnu", "both"):
        n = len(final) - symoffset
        nb = max(nbucket(n), 2)
        maskwords, shift2 = bloom_params(n, wordbits, a.bloom)
        bloom = [0] * maskwords
        buckets = [0] * nb
        chain = []
        for i in range(symoffset, len(final)):
            h = gnu_hash(names[i])
            w = (h // wordbits) & (maskwords - 1)
            bloom[w] |= (1 << (h % wordbits)) | \
                (1 << ((h >> shift2) % wordbits))
            b = h % nb
            if not buckets[b]:
                buckets[b] = i
            end = i + 1 == len(final) or \
                gnu_hash(names[i + 1]) % nb != b
            chain.append((h & ~1) | (1 if end else 0))
        print("\n.gnu.hash (%s bloom rule): nhashed %d nbuckets %d "
              "symoffset %d maskwords %d shift2 %d"
              % (a.bloom, n, nb, symoffset, maskwords, shift2))
        for i in range(symoffset, len(final)):
            h = gnu_hash(names[i])
            print("  %-24s gnu_hash 0x%08x bucket %d bloom word %d bits %d,%d"
                  % (names[i], h, h % nb, (h // wordbits) & (maskwords - 1),
                     h % wordbits, (h >> shift2) % wordbits))
        print("  bloom   =", ["0x%x" % x for x in bloom])
        print("  buckets =", buckets)
        print("  chain   =", ["0x%08x" % x for x in chain])
        data = words_bytes([nb, symoffset, maskwords, shift2], 4, big) + \
            words_bytes(bloom, wordbits // 8, big) + \
            words_bytes(buckets + chain, 4, big)
        print("  size 0x%x; readelf -x .gnu.hash:" % len(data))
        print("\n".join(hexdump(data)))

    # .strtab: distinct names; sorted by reversed bytes, a name that is a
    # suffix of its successor lives in that successor's container; the
    # containers are laid out in order of first use, a use being any
    # symbol whose name is stored in the container (itself or a suffix).
    distinct = []
    for nm in names:
        if nm and nm not in distinct:
            distinct.append(nm)
    rev = sorted(distinct, key=lambda x: x.encode()[::-1])
    container = {}
    for i in range(len(rev) - 1, -1, -1):
        nxt = rev[i + 1] if i + 1 < len(rev) else None
        container[rev[i]] = container[nxt] if nxt and \
            nxt.endswith(rev[i]) else rev[i]
    kept = []
    for nm in distinct:
        if container[nm] not in kept:
            kept.append(container[nm])
    print("\n.strtab (readelf -p .strtab):")
    off = 1
    for nm in kept:
        print("  [%6x]  %s" % (off, nm))
        off += len(nm.encode()) + 1
    print("  size %d (0x%x)" % (off, off))

    if "ARM" in machine or "AArch64" in machine:
        reloc_order(a.obj, cls, big, machine, order, a.nosort)


if __name__ == "__main__":
    sys.exit(main())
