#!/usr/bin/env python3
"""addrorder.py -- the symbol address order of doc/design.md 9, computed
independently of relopt (no code shared with bfdext or loader/: the
symbols are read with readelf, the rule is written here from the
contract and from Linux 6.12), and compared with the .addrorder an
object carries.

  addrorder.py OBJECT          compare OBJECT's .addrorder with the
                               reference computed from OBJECT's own
                               .symtab (the final one, as rule 9 says);
                               exit 0 and "ok: N entries" when they are
                               byte-identical, else 1 and the first
                               difference
  addrorder.py --print OBJECT  print the reference as `readelf -x' prints
                               it (regexps, as the dump tests' bodies)

Rule 9, as applied here:
- considered: every symbol but index 0 whose section index is not
  SHN_UNDEF, whose name is not empty and does not start with '$', ".L"
  or "L0" (Linux's is_mapping_symbol(), include/linux/module_symbol.h,
  which kernel/module/kallsyms.c find_kallsyms_symbol() skips), of any
  type, binding and machine;
- order: ascending by (section key, st_value, index), where the section
  key is the real section index (readelf prints the real index of an
  SHN_XINDEX symbol) and the reserved indices (ABS 0xfff1, COM 0xfff2,
  others) come after every real one, by their raw value;
- bytes: each index as 4 bytes in the file's byte order.
Section symbols: readelf shows a section symbol under its section's name
whatever its st_name; gas and ld write st_name 0 for them, so they are
taken as unnamed (a named STT_SECTION is covered by tests/check_loader.c's
hand-worked symtab instead).
"""

import re
import subprocess
import sys

RESERVED = {"ABS": 0xfff1, "COM": 0xfff2}


def readelf(args, obj):
    return subprocess.run(["readelf"] + args + [obj], check=True,
                          capture_output=True, text=True,
                          env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"}).stdout


def section_key(ndx):
    """(considered as defined, key) for readelf's Ndx column."""
    if ndx == "UND":
        return False, 0
    if ndx.isdigit():
        return True, int(ndx)
    if ndx in RESERVED:
        return True, (1 << 32) | RESERVED[ndx]
    m = re.search(r"0x([0-9a-f]+)", ndx)   # PRC[0xff00], OS [0xff20], ...
    if m:
        return True, (1 << 32) | int(m.group(1), 16)
    raise SystemExit("addrorder.py: unknown section index %r" % ndx)


def considered_name(name):
    return (name != "" and not name.startswith("$")
            and not name.startswith(".L") and not name.startswith("L0"))


def reference(obj):
    big = "big endian" in readelf(["-h"], obj)
    keys = []
    # "  Num: Value Size Type Bind Vis Ndx Name"; Ndx may hold a space
    # ("OS [0xff20]"), so it is matched up to the name.
    sym = re.compile(r"\s*(\d+): ([0-9a-f]+)\s+\S+ (\S+)\s+\S+\s+\S+\s+"
                     r"(UND|ABS|COM|\d+|[A-Z]+ ?\[0x[0-9a-f]+\]|\S+)"
                     r"(?: (.*))?$")
    in_symtab = False
    for line in readelf(["-s", "-W"], obj).splitlines():
        if line.startswith("Symbol table"):
            in_symtab = "'.symtab'" in line
            continue
        m = sym.match(line)
        if not m or not in_symtab:
            continue
        idx, value, typ, ndx, name = (int(m.group(1)), int(m.group(2), 16),
                                      m.group(3), m.group(4),
                                      (m.group(5) or "").strip())
        if typ == "SECTION":
            name = ""
        defined, key = section_key(ndx)
        if idx == 0 or not defined or not considered_name(name):
            continue
        keys.append((key, value, idx))
    keys.sort()
    order = "big" if big else "little"
    return b"".join(k[2].to_bytes(4, order) for k in keys), len(keys)


def section_bytes(obj, name):
    data = b""
    text = readelf(["-x", name], obj)
    for line in text.splitlines():
        m = re.match(r"\s+0x[0-9a-f]+ ((?:[0-9a-f]{2,8} ?){1,4})", line)
        if m:
            data += bytes.fromhex(m.group(1).replace(" ", ""))
    return data


def main():
    args = sys.argv[1:]
    show = args[:1] == ["--print"]
    if show:
        args = args[1:]
    if len(args) != 1:
        raise SystemExit("usage: addrorder.py [--print] OBJECT")
    obj = args[0]
    want, n = reference(obj)
    if show:
        for off in range(0, len(want), 16):
            chunk = want[off:off + 16]
            groups = [chunk[i:i + 4].hex() for i in range(0, len(chunk), 4)]
            print("  0x%08x %s .*" % (off, " ".join(groups)))
        return 0
    if not re.search(r"\]\s+\.addrorder\s", readelf(["-S", "-W"], obj)):
        print("%s: no .addrorder section" % obj)
        return 1
    got = section_bytes(obj, ".addrorder")
    if got != want:
        k = next((i for i in range(0, min(len(got), len(want)), 4)
                  if got[i:i + 4] != want[i:i + 4]), min(len(got), len(want)))
        print("%s: .addrorder differs from the reference: %d bytes, want %d;"
              " first difference at entry %d: %s, want %s"
              % (obj, len(got), len(want), k // 4, got[k:k + 4].hex(),
                 want[k:k + 4].hex()))
        return 1
    print("ok: %s: %d entries" % (obj, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
