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
    with tempfile.NamedTemporaryFile() as t:
        subprocess.run([objcopy, "-O", "binary", "--only-section=.modinfo",
                        path, t.name], check=True)
        deps = []
        for f in open(t.name, "rb").read().split(b"\0"):
            if f.startswith(b"depends="):
                deps += [d.decode().replace("-", "_")
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
                        deps.append(d)
    return deps

order, seen = [], set()
def visit(name):
    if name in seen:
        return
    seen.add(name)
    for d in depends(mods[name]):
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
