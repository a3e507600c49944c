#!/usr/bin/env python3
"""survey.py -- measure facts about real ET_REL objects (kernel modules).

Usage: survey.py [--top N] DIR|FILE...

Reads every *.ko (also .ko.xz / .ko.zst) under each DIR with a small,
self-contained ELF parser (no pyelftools) and prints, per architecture
(e_machine, class, byte order):

- module count; modules with program headers; e_type other than ET_REL;
- trailer (bytes after the ELF data) sizes and whether they are module
  signatures ("~Module signature appended~\\n");
- section counts (max), extended numbering, section types present, and the
  types of sections whose sh_link is .symtab other than SHT_REL/SHT_RELA;
- largest modules by symbol count and by relocation count;
- ARM/AArch64 branch relocations: most in one section, sections already
  sorted by (type, symbol, addend);
- .strtab totals: size, bytes an exact de-duplication would need, bytes a
  suffix merge would need.

The numbers are for the lead's information (see scripts/real/FACTS.md);
nothing here is a test.
"""

import lzma
import os
import struct
import subprocess
import sys
from collections import Counter, defaultdict

SIG_MAGIC = b"~Module signature appended~\n"

SHT_NAMES = {
    0: "NULL", 1: "PROGBITS", 2: "SYMTAB", 3: "STRTAB", 4: "RELA", 5: "HASH",
    6: "DYNAMIC", 7: "NOTE", 8: "NOBITS", 9: "REL", 10: "SHLIB", 11: "DYNSYM",
    14: "INIT_ARRAY", 15: "FINI_ARRAY", 16: "PREINIT_ARRAY", 17: "GROUP",
    18: "SYMTAB_SHNDX", 0x6FFFFFF6: "GNU_HASH", 0x6FFFFFF5: "GNU_ATTRIBUTES",
    0x6FFFFFFD: "GNU_verdef", 0x6FFFFFFE: "GNU_verneed",
    0x6FFFFFFF: "GNU_versym", 0x6FFF4C03: "LLVM_ADDRSIG",
    0x70000001: "PROC+1(ARM_EXIDX/X86_64_UNWIND)", 0x70000003: "ARM_ATTRIBUTES",
}
EM_NAMES = {3: "i386", 8: "MIPS", 20: "PPC", 21: "PPC64", 22: "S390",
            40: "ARM", 62: "X86_64", 183: "AARCH64", 243: "RISCV"}

ARM_BRANCH = {28, 29, 1, 10, 30}          # CALL JUMP24 PC24 THM_CALL THM_JUMP24
AARCH64_BRANCH = {283, 282}               # CALL26 JUMP26


def load(path):
    if path.endswith(".xz"):
        return lzma.open(path).read()
    if path.endswith(".zst"):
        return subprocess.run(["zstd", "-dc", path], check=True,
                              stdout=subprocess.PIPE).stdout
    with open(path, "rb") as f:
        return f.read()


class Elf:
    def __init__(self, data):
        self.d = data
        if data[:4] != b"\x7fELF":
            raise ValueError("not ELF")
        self.is64 = data[4] == 2
        self.end = "<" if data[5] == 1 else ">"
        e = self.end
        if self.is64:
            (self.type, self.machine, _, _, _, self.shoff, self.flags, _,
             _, self.phnum, self.shentsize, self.shnum, self.shstrndx) = \
                struct.unpack_from(e + "HHIQQQIHHHHHH", data, 16)
        else:
            (self.type, self.machine, _, _, _, self.shoff, self.flags, _,
             _, self.phnum, self.shentsize, self.shnum, self.shstrndx) = \
                struct.unpack_from(e + "HHIIIIIHHHHHH", data, 16)
        self.extnum = False
        shnum = self.shnum
        first = self.shdr(0) if self.shoff else None
        if shnum == 0 and self.shoff:
            shnum = first["size"]
            self.extnum = True
        if self.shstrndx == 0xFFFF and first:
            self.shstrndx = first["link"]
        self.nsec = shnum
        self.sh = [self.shdr(i) for i in range(shnum)]
        shstr = self.sh[self.shstrndx]
        for s in self.sh:
            s["name_s"] = self.cstr(shstr["offset"] + s["name"])

    def shdr(self, i):
        e = self.end
        off = self.shoff + i * self.shentsize
        if self.is64:
            f = struct.unpack_from(e + "IIQQQQIIQQ", self.d, off)
        else:
            f = struct.unpack_from(e + "IIIIIIIIII", self.d, off)
        keys = ("name", "type", "flags", "addr", "offset", "size", "link",
                "info", "align", "entsize")
        return dict(zip(keys, f))

    def cstr(self, off):
        j = self.d.index(b"\0", off)
        return self.d[off:j]

    def data_end(self):
        end = self.shoff + self.nsec * self.shentsize
        for s in self.sh:
            if s["type"] != 8 and s["type"] != 0:
                end = max(end, s["offset"] + s["size"])
        return end

    def symbols(self, symsec):
        e = self.end
        n = symsec["size"] // symsec["entsize"]
        out = []
        base = symsec["offset"]
        for i in range(n):
            off = base + i * symsec["entsize"]
            if self.is64:
                name, info, other, shndx, value, size = struct.unpack_from(
                    e + "IBBHQQ", self.d, off)
            else:
                name, value, size, info, other, shndx = struct.unpack_from(
                    e + "IIIBBH", self.d, off)
            out.append((name, info, shndx))
        return out

    def relocs(self, s):
        """Yield (type, sym, addend-or-None, offset)."""
        e = self.end
        rela = s["type"] == 4
        n = s["size"] // s["entsize"]
        base = s["offset"]
        for i in range(n):
            off = base + i * s["entsize"]
            if self.is64:
                if rela:
                    r_off, info, add = struct.unpack_from(e + "QQq", self.d, off)
                else:
                    r_off, info = struct.unpack_from(e + "QQ", self.d, off)
                    add = None
                if self.machine == 8 and self.end == "<":   # MIPS64 LE
                    yield (info >> 56) & 0xff, info & 0xffffffff, add, r_off
                else:
                    yield info & 0xffffffff, info >> 32, add, r_off
            else:
                if rela:
                    r_off, info, add = struct.unpack_from(e + "IIi", self.d, off)
                else:
                    r_off, info = struct.unpack_from(e + "II", self.d, off)
                    add = None
                yield info & 0xff, info >> 8, add, r_off


def suffix_merged_size(names):
    """Size of a strtab holding each name once, suffixes sharing tails."""
    uniq = sorted(set(n for n in names if n), key=lambda x: x[::-1],
                  reverse=True)
    size = 1
    prev = None
    for n in uniq:
        if prev is not None and prev.endswith(n):
            continue
        size += len(n) + 1
        prev = n
    return size


def arm_rel_addend(elf, target, r_type, r_off):
    """Branch immediate of a REL ARM relocation, as doc/design.md 6 defines it."""
    base = target["offset"] + r_off
    code_le = elf.end == "<" or (elf.flags & 0x00800000)  # EF_ARM_BE8
    if r_type in (10, 30):      # Thumb
        h1, h2 = struct.unpack_from("<HH" if code_le else ">HH", elf.d, base)
        return ((h1 & 0x7ff) << 16) | (h2 & 0x2fff)
    (w,) = struct.unpack_from("<I" if code_le else ">I", elf.d, base)
    return w & 0x00ffffff


def survey(path, acc):
    data = load(path)
    elf = Elf(data)
    key = "%s/%s/%s" % (EM_NAMES.get(elf.machine, str(elf.machine)),
                        "64" if elf.is64 else "32",
                        "LE" if elf.end == "<" else "BE")
    a = acc[key]
    a["count"] += 1
    name = os.path.basename(path)
    if elf.type != 1:
        a["not_rel"].append(name)
    if elf.phnum:
        a["phdrs"].append(name)
    if elf.extnum:
        a["extnum"].append(name)
    a["maxsec"] = max(a["maxsec"], (elf.nsec, name))
    trailer = len(data) - elf.data_end()
    sig = data.endswith(SIG_MAGIC)
    a["trailer"][(trailer, sig)] += 1
    for s in elf.sh:
        a["types"][SHT_NAMES.get(s["type"], hex(s["type"]))] += 1
    symidx = [i for i, s in enumerate(elf.sh) if s["type"] == 2]
    if len(symidx) != 1:
        a["odd_symtab"].append((name, len(symidx)))
        return
    si = symidx[0]
    symsec = elf.sh[si]
    for i, s in enumerate(elf.sh):
        if s["link"] == si and s["type"] not in (4, 9):
            a["linked"][(SHT_NAMES.get(s["type"], hex(s["type"])),
                         s["name_s"].decode())] += 1
    syms = elf.symbols(symsec)
    nsym = len(syms)
    strsec = elf.sh[symsec["link"]]
    a["strtab_size"] += strsec["size"]
    names = [elf.cstr(strsec["offset"] + n) for n, _, _ in syms]
    nonempty = [n for n in names if n]
    a["strtab_dedup"] += 1 + sum(len(n) + 1 for n in set(nonempty))
    a["strtab_suffix"] += suffix_merged_size(nonempty)
    a["nsym_total"] += nsym
    hashed = Counter()
    for (n, info, sh), nm in zip(syms, names):
        if sh == 0xFFF1:
            a["shn_abs"] += 1
        elif sh == 0xFFF2:
            a["shn_common"] += 1
        elif sh >= 0xFF00 and sh != 0:
            a["shn_other"] += 1
        if sh != 0 and nm and (info & 0xf) not in (3, 4):
            hashed[nm] += 1
    dup = sum(c - 1 for c in hashed.values() if c > 1)
    for nm, c in hashed.items():
        if c > 1:
            a["dup_names"][nm.decode("latin-1")] += c - 1
            a["max_dup"] = max(a["max_dup"], (c, nm.decode("latin-1"), name))
    if dup:
        a["dup_hashed_modules"] += 1
        a["dup_hashed_names"] += dup
    for i, (n, info, sh) in enumerate(syms):
        if i and i < symsec["info"] and info >> 4 != 0:
            a["bad_local_order"] += 1
        if i >= symsec["info"] and info >> 4 == 0:
            a["bad_local_order"] += 1
        if info >> 4 == 2 and sh == 0:
            a["undef_weak"] += 1
    first_global = symsec["info"]
    nglob = nsym - first_global
    ndefglob = sum(1 for n, info, sh in syms[first_global:] if sh != 0)
    a["by_sym"].append((nsym, nglob, ndefglob, name))
    nrel = 0
    for s in elf.sh:
        if s["type"] in (4, 9) and s["link"] == si:
            nrel += s["size"] // s["entsize"]
            if elf.machine in (40, 183):
                target = elf.sh[s["info"]]
                br = []
                for t, sym, add, off in elf.relocs(s):
                    if elf.machine == 40 and t in ARM_BRANCH:
                        if t in (10, 30):
                            a["thumb_branch"] += 1
                        br.append((t, sym, arm_rel_addend(elf, target, t, off)
                                   if add is None else add))
                    elif elf.machine == 183 and t in AARCH64_BRANCH:
                        br.append((t, sym, add))
                if br:
                    a["branch_sections"] += 1
                    a["branch_total"] += len(br)
                    a["branch_distinct"] += len(set(br))
                    if len(set(br)) > 1:
                        a["branch_multi_sections"] += 1
                        if br == sorted(br):
                            a["branch_sorted_sections"] += 1
                    a["max_branch"] = max(a["max_branch"],
                                          (len(br), len(set(br)), name,
                                           s["name_s"].decode()))
    a["nrel_total"] += nrel
    a["by_rel"].append((nrel, name))


def new_acc():
    return {"count": 0, "not_rel": [], "phdrs": [], "extnum": [],
            "maxsec": (0, ""), "trailer": Counter(), "types": Counter(),
            "odd_symtab": [], "linked": Counter(), "strtab_size": 0,
            "strtab_dedup": 0, "strtab_suffix": 0, "nsym_total": 0,
            "by_sym": [], "by_rel": [], "nrel_total": 0,
            "thumb_branch": 0, "branch_sections": 0, "branch_total": 0,
            "branch_distinct": 0, "branch_sorted_sections": 0,
            "branch_multi_sections": 0, "shn_abs": 0, "shn_common": 0,
            "shn_other": 0, "dup_hashed_modules": 0, "dup_hashed_names": 0,
            "bad_local_order": 0, "undef_weak": 0, "dup_names": Counter(),
            "max_dup": (0, "", ""),
            "max_branch": (0, 0, "", "")}


def main(argv):
    top = 5
    if argv[:1] == ["--top"]:
        top = int(argv[1])
        argv = argv[2:]
    files = []
    for p in argv:
        if os.path.isdir(p):
            for root, _, fs in os.walk(p):
                for f in fs:
                    if f.endswith((".ko", ".ko.xz", ".ko.zst")):
                        files.append(os.path.join(root, f))
        else:
            files.append(p)
    acc = defaultdict(new_acc)
    errors = []
    for f in sorted(files):
        try:
            survey(f, acc)
        except Exception as ex:  # report, keep going
            errors.append((f, repr(ex)))
    for key, a in sorted(acc.items()):
        print("== %s: %d modules" % (key, a["count"]))
        print("  not ET_REL: %d %s" % (len(a["not_rel"]), a["not_rel"][:5]))
        print("  with program headers: %d %s" % (len(a["phdrs"]), a["phdrs"][:5]))
        print("  extended numbering: %d; most sections: %d (%s)"
              % (len(a["extnum"]), a["maxsec"][0], a["maxsec"][1]))
        print("  trailers (bytes, is-signature: modules): %s"
              % dict(a["trailer"]))
        print("  section types: %s" % dict(sorted(a["types"].items())))
        print("  linked to .symtab besides REL/RELA: %s"
              % (dict(a["linked"]) or "none"))
        if a["odd_symtab"]:
            print("  modules without exactly one SYMTAB: %s" % a["odd_symtab"][:5])
        print("  symbols: %d total; relocations: %d total"
              % (a["nsym_total"], a["nrel_total"]))
        print("  SHN_ABS symbols: %d; SHN_COMMON: %d; other reserved st_shndx:"
              " %d; undefined weak: %d; binding not matching sh_info: %d"
              % (a["shn_abs"], a["shn_common"], a["shn_other"],
                 a["undef_weak"], a["bad_local_order"]))
        print("  modules with a name defined twice among .hash symbols: %d"
              " (%d extra definitions)"
              % (a["dup_hashed_modules"], a["dup_hashed_names"]))
        if a["dup_hashed_names"]:
            print("    most duplicated: %s; largest group in one module: %d"
                  " x '%s' (%s)" % (", ".join("%s %d" % t for t in
                                              a["dup_names"].most_common(4)),
                                    *a["max_dup"]))
        print("  largest by symbols (nsym, globals, defined globals, module):")
        for t in sorted(a["by_sym"], reverse=True)[:top]:
            print("    %6d %6d %6d %s" % t)
        print("  largest by relocations:")
        for t in sorted(a["by_rel"], reverse=True)[:top]:
            print("    %7d %s" % t)
        print("  .strtab: %d bytes; exact de-dup would be %d; suffix merge %d"
              % (a["strtab_size"], a["strtab_dedup"], a["strtab_suffix"]))
        if a["branch_sections"]:
            print("  branch relocs: %d in %d sections, %d distinct targets"
                  " (per section); of the %d sections with more than one"
                  " target, %d already sorted; Thumb branches: %d"
                  % (a["branch_total"], a["branch_sections"],
                     a["branch_distinct"], a["branch_multi_sections"],
                     a["branch_sorted_sections"], a["thumb_branch"]))
            print("  most branch relocs in one section: %d (%d distinct) %s %s"
                  % a["max_branch"])
    for f, e in errors:
        print("ERROR %s: %s" % (f, e))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
