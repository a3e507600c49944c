#!/usr/bin/env python3
"""modlist.py O_DIR OBJCOPY DEST [NAME[=PARAMS]...]: copy the boot test's
modules (and what they depend on, from .modinfo "depends=" and
"softdep=pre:") from the kernel build directory O_DIR into DEST, and print
the load list for init.c: one "file params" per line, dependencies first.
The modules are NAMEs when given (kallsyms/boot-test.sh), else WANTED."""
import os, subprocess, sys, tempfile

# name -> module parameters; tcrypt runs the sha3-256 test vectors (mode 49)
# and returns -EAGAIN when they pass.  Names not built for an arch are skipped.
WANTED = [("cryptomgr", ""), ("sha3_generic", ""), ("aes_arm64", ""),
          ("aes_ce_cipher", ""), ("aes_ce_blk", ""), ("sha2_ce", ""),
          ("aes_arm", ""), ("sha256_arm", ""), ("test_bpf", ""),
          ("btrfs", ""), ("tcrypt", "mode=49")]

odir, objcopy, dest = sys.argv[1:4]
if len(sys.argv) > 4:
    WANTED = [tuple(a.split("=", 1)) if "=" in a else (a, "")
              for a in sys.argv[4:]]
mods = {}
for root, _, names in os.walk(odir):
    for n in names:
        if n.endswith(".ko"):
            mods[n[:-3].replace("-", "_")] = os.path.join(root, n)

def depends(path):
    """(hard, soft): .modinfo "depends=" and "softdep=pre:" names."""
    with tempfile.NamedTemporaryFile() as t:
        subprocess.run([objcopy, "-O", "binary", "--only-section=.modinfo",
                        path, t.name], check=True)
        hard, soft = [], []
        for f in open(t.name, "rb").read().split(b"\0"):
            if f.startswith(b"depends="):
                hard += [d.decode().replace("-", "_")
                         for d in f[8:].split(b",") if d]
            elif f.startswith(b"softdep=pre:"):
                # e.g. libcrc32c: "pre: crc32c" (an alias: crc32c_generic)
                for d in f[12:].split():
                    d = d.decode().replace("-", "_")
                    if d == "post:":
                        break
                    if d not in mods and d + "_generic" in mods:
                        d += "_generic"
                    if d in mods:
                        soft.append(d)
    return [d for d in hard if d in mods], soft

deps = {}
def deps_of(name):
    if name not in deps:
        deps[name] = depends(mods[name])
    return deps[name]

def needs(name, other, seen=None):
    """Does name need other through hard dependencies?"""
    seen = set() if seen is None else seen
    for d in deps_of(name)[0]:
        if d == other or (d not in seen and not seen.add(d)
                          and needs(d, other, seen)):
            return True
    return False

# Hard dependencies first; a soft one too, unless it needs this module
# itself (crypto_algapi's "pre: cryptomgr", which depends on it): then it
# comes later, where the list puts it.
order, seen = [], set()
def visit(name):
    if name in seen:
        return
    seen.add(name)
    hard, soft = deps_of(name)
    for d in hard:
        visit(d)
    for d in soft:
        if not needs(d, name):
            visit(d)
    order.append(name)

params = dict(WANTED)
for name, _ in WANTED:
    if name in mods:
        visit(name)
for name in order:
    base = os.path.basename(mods[name])
    subprocess.run(["cp", mods[name], os.path.join(dest, base)], check=True)
    print((base + " " + params.get(name, "")).rstrip())
