#!/usr/bin/env python3
"""parse-log.py ARCH UNPATCHED.log PATCHED.log: read the relopt-plt (kernel)
and relopt-init (init.c) lines of two boot logs and print a markdown table:
per module, the PLT count reserved by module_frob_arch_sections (core+init),
the PLT entries really used after relocation, how many relocation sections
were sorted, and the median time of module_frob_arch_sections over the
rounds, for plain and relopt'd modules on both kernels.  Then the checks:
loads succeeded, self-tests passed, for each file the patched count equals
the unpatched one (arm64) or is not above it (arm), counts stay >= used, the
patched kernel skipped every sort for relopt'd modules.  Exit 1 if a check
fails."""
import re, statistics, sys

arch, logs = sys.argv[1], dict(zip(("unpatched", "patched"), sys.argv[2:4]))
fail = []
data = {}      # (kernel, variant, module) -> list of per-load dicts
order = []

for kern, path in logs.items():
    pending = {}
    text = open(path, errors="replace").read()
    for line in text.splitlines():
        m = re.search(r"relopt-plt: (\S+): (.*)", line)
        if m:
            mod, rest = m.groups()
            p = pending.setdefault(mod, {"secs": [], "relocs": 0})
            s = re.match(r"sec (\S+) relocs (\d+) plts (\d+) (sorted|skipped)", rest)
            f = re.match(r"frob_ns (\d+) core_plts (\d+) init_plts (\d+) sorted (\d+)/(\d+)", rest)
            u = re.match(r"used core (\d+)(?:/\d+)? init (\d+)", rest)
            if s:
                p["secs"].append(s.groups())
                p["relocs"] += int(s.group(2))
            elif f:
                ns, core, init, ns_sorted, nsec = map(int, f.groups())
                p.update(ns=ns, plts=core + init, sorted=ns_sorted, nsec=nsec)
            elif u:
                p["used"] = int(u.group(1)) + int(u.group(2))
            continue
        m = re.search(r"relopt-init: load round (\d+) (\S+) (\S+) rc (-?\d+) errno (\d+)", line)
        if m:
            rnd, var, mod, rc, err = m.groups()
            rec = pending.pop(mod, None)
            ok = rc == "0" or (mod == "tcrypt" and err == "11")
            if not ok:
                fail.append("%s %s: load %s %s round %s: rc %s errno %s"
                            % (arch, kern, var, mod, rnd, rc, err))
            if rec is None or "ns" not in rec:
                fail.append("%s %s: no relopt-plt output for %s %s" % (arch, kern, var, mod))
                continue
            data.setdefault((kern, var, mod), []).append(rec)
            if mod not in order:
                order.append(mod)
    # self-tests
    for m in re.finditer(r"(\S+: )?(test_\w+: )?Summary: (\d+) PASSED, (\d+) FAILED", text):
        if m.group(4) != "0":
            fail.append("%s %s: test_bpf: %s" % (arch, kern, m.group(0)))
    nsum = len(re.findall(r"Summary: \d+ PASSED, 0 FAILED", text))
    crypto = re.findall(r"relopt-init: crypto driver\s*: (\S+) selftest\s*: (\S+)", text)
    bad = [c for c in crypto if c[1] != "passed"]
    for c in bad:
        fail.append("%s %s: crypto self-test %s: %s" % (arch, kern, c[0], c[1]))
    for pat in ("one or more tests failed", r"alg: .*failed", "Oops", "BUG:", "WARNING:"):
        for m in re.finditer(pat, text):
            fail.append("%s %s: log: %s" % (arch, kern, text[m.start():m.start() + 100].splitlines()[0]))
    print("%s %s kernel: %d test_bpf summaries with 0 FAILED; %d crypto self-tests passed (%s); tcrypt mode=49 %s"
          % (arch, kern, nsum, len(crypto) - len(bad),
             " ".join(sorted(set(c[0] for c in crypto))),
             "passed (-EAGAIN)" if re.search(r"load round \d+ \S+ tcrypt rc -1 errno 11", text) else "not run"))

def get(kern, var, mod, key, agg=statistics.median):
    recs = data.get((kern, var, mod), [])
    vals = [r[key] for r in recs if key in r]
    return agg(vals) if vals else None

print()
print("| module | exec relocs | PLTs reserved u/plain | u/relopt | p/plain | p/relopt "
      "| PLTs used (max) | sections sorted p/plain | p/relopt "
      "| frob ns u/plain | u/relopt | p/plain | p/relopt |")
print("|---|" + "---:|" * 12)
tot = {}
for mod in order:
    row = [mod, get("unpatched", "plain", mod, "relocs")]
    plts = {}
    for k in ("unpatched", "patched"):
        for v in ("plain", "relopt"):
            plts[k, v] = get(k, v, mod, "plts")
            row.append(plts[k, v])
    used = max([r.get("used", 0) for key, recs in data.items() if key[2] == mod for r in recs] or [0])
    row.append(used)
    for v in ("plain", "relopt"):
        row.append("%s/%s" % (get("patched", v, mod, "sorted"), get("patched", v, mod, "nsec")))
    for k in ("unpatched", "patched"):
        for v in ("plain", "relopt"):
            ns = get(k, v, mod, "ns")
            row.append("%d" % ns if ns is not None else "-")
            tot[k, v] = tot.get((k, v), 0) + (ns or 0)
    print("| " + " | ".join(str(x) for x in row) + " |")
    # checks
    for (k, v), n in plts.items():
        if n is None:
            continue
        if n < used:
            fail.append("%s %s %s %s: %d PLTs reserved < %d used" % (arch, k, v, mod, n, used))
    # Same file, both kernels: arm64 counts are equal; ARM's patched count
    # may be lower (the unpatched one depends on heapsort's order among
    # equal keys), never higher.  Plain and relopt'd files may differ.
    for v in ("plain", "relopt"):
        u, p = plts[("unpatched", v)], plts[("patched", v)]
        if u is None or p is None:
            continue
        if (arch == "arm64" and p != u) or p > u:
            fail.append("%s %s %s: patched count %d, unpatched %d" % (arch, v, mod, p, u))
    if get("patched", "relopt", mod, "sorted", max):
        fail.append("%s %s: patched kernel sorted a relopt'd section" % (arch, mod))
print("| **total** | | | | | | | | | " + " | ".join(
    "%d" % tot[k, v] for k in ("unpatched", "patched") for v in ("plain", "relopt")) + " |")
print()
if fail:
    print("FAILED checks:")
    for f in fail:
        print("  " + f)
    sys.exit(1)
print("all checks passed")
