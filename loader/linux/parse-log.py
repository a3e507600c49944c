#!/usr/bin/env python3
"""parse-log.py [--scale LIST] [--dat FILE] ARCH --run NAME UNPATCHED.log
PATCHED.log [--run NAME UNPATCHED.log PATCHED.log]...

Read the relopt-plt (kernel) and relopt-init (init.c) lines of the boot logs
of the unpatched and the patched kernel, one pair per run (boot-test.sh:
"icount1", "icount2" under qemu -icount, "wall" without), and print markdown
tables: per module, the PLT count reserved by module_frob_arch_sections
(core+init), the PLT entries really used after relocation, how many
relocation sections the patched kernel sorted, and the median time of the
module_frob_arch_sections loop over the rounds for plain and relopt'd
modules on both kernels, each icount run side by side ("run 1 / run 2");
the time the patched kernel spent in order checks that failed (as-built
modules); the run-to-run agreement; a wall-clock column when there is a
"wall" run.  Then the checks: loads and unloads succeeded, no self-test
still pending when init.c stopped waiting, self-tests passed, for each
file the patched count equals the unpatched one (arm64) or is not above it
(arm), counts stay >= used and are the same in every run, the patched kernel
skipped every sort for relopt'd modules.  Exit 1 if a check fails.

--scale LIST: the modules are scale.py's (LIST: its output); print the
scale table beside the 2016 one instead, and with --dat FILE the rows for
plot.gp.  The old form "ARCH UNPATCHED.log PATCHED.log" is one run."""
import re, statistics, sys

args = sys.argv[1:]
scale_list = dat = None
while args and args[0].startswith('--') and args[0] != '--run':
    if args[0] == '--scale':
        scale_list = args[1]
    elif args[0] == '--dat':
        dat = args[1]
    else:
        sys.exit('parse-log.py: unknown option ' + args[0])
    args = args[2:]
arch, args = args[0], args[1:]
runs = []                       # (name, {kernel: path})
if args and args[0] != '--run':
    runs.append(('run', dict(zip(('unpatched', 'patched'), args[:2]))))
while args and args[0] == '--run':
    runs.append((args[1], {'unpatched': args[2], 'patched': args[3]}))
    args = args[4:]
fail = []
data = {}      # (run, kernel, variant, module) -> list of per-load dicts
order = []
KERNELS, VARIANTS = ('unpatched', 'patched'), ('plain', 'relopt')
summaries = []

for run, logs in runs:
    for kern, path in logs.items():
        pending = {}
        text = open(path, errors="replace").read()
        for line in text.splitlines():
            m = re.search(r"relopt-plt: (\S+): (.*)", line)
            if m:
                mod, rest = m.groups()
                p = pending.setdefault(mod, {"secs": [], "relocs": 0})
                s = re.match(r"sec (\S+) relocs (\d+) plts (\d+) (sorted|skipped)", rest)
                f = re.match(r"frob_ns (\d+) (?:check_ns (\d+) )?core_plts (\d+) "
                             r"init_plts (\d+) sorted (\d+)/(\d+)", rest)
                u = re.match(r"used core (\d+)(?:/\d+)? init (\d+)", rest)
                if s:
                    p["secs"].append(s.groups())
                    p["relocs"] += int(s.group(2))
                elif f:
                    ns, check, core, init, ns_sorted, nsec = f.groups()
                    p.update(ns=int(ns), check=int(check or 0),
                             plts=int(core) + int(init),
                             sorted=int(ns_sorted), nsec=int(nsec))
                elif u:
                    p["used"] = int(u.group(1)) + int(u.group(2))
                continue
            m = re.search(r"relopt-init: load round (\d+) (\S+) (\S+) rc (-?\d+) errno (\d+)", line)
            if m:
                rnd, var, mod, rc, err = m.groups()
                rec = pending.pop(mod, None)
                ok = rc == "0" or (mod == "tcrypt" and err == "11")
                if not ok:
                    fail.append("%s %s %s: load %s %s round %s: rc %s errno %s"
                                % (arch, run, kern, var, mod, rnd, rc, err))
                if rec is None or "ns" not in rec:
                    fail.append("%s %s %s: no relopt-plt output for %s %s"
                                % (arch, run, kern, var, mod))
                    continue
                data.setdefault((run, kern, var, mod), []).append(rec)
                if mod not in order:
                    order.append(mod)
        # unloads: every module loaded must unload (tcrypt never stays
        # loaded, so its unload is ENOENT); init.c waits for cryptomgr's
        # self-tests first, and says how long and whether any stayed pending
        for m in re.finditer(r"relopt-init: unload (\S+) (\S+) rc (-?\d+) errno (\d+)", text):
            var, mod, rc, err = m.groups()
            if rc != "0" and not (mod == "tcrypt" and err == "2"):
                fail.append("%s %s %s: unload %s %s: rc %s errno %s"
                            % (arch, run, kern, var, mod, rc, err))
        waits = re.findall(r"relopt-init: self-tests round (\d+) (\S+): (\d+) pending after (\d+) us", text)
        for rnd, var, pending, us_ in waits:
            if pending != "0":
                fail.append("%s %s %s: %s /proc/crypto entries of self-tests still pending after %s us (round %s %s)"
                            % (arch, run, kern, pending, us_, rnd, var))
        for m in re.finditer(r"relopt-init: sleep failed.*", text):
            fail.append("%s %s %s: %s" % (arch, run, kern, m.group(0)))
        # self-tests
        for m in re.finditer(r"(\S+: )?(test_\w+: )?Summary: (\d+) PASSED, (\d+) FAILED", text):
            if m.group(4) != "0":
                fail.append("%s %s %s: test_bpf: %s" % (arch, run, kern, m.group(0)))
        nsum = len(re.findall(r"Summary: \d+ PASSED, 0 FAILED", text))
        crypto = re.findall(r"relopt-init: crypto driver\s*: (\S+) selftest\s*: (\S+)", text)
        bad = [c for c in crypto if c[1] != "passed"]
        for c in bad:
            fail.append("%s %s %s: crypto self-test %s: %s" % (arch, run, kern, c[0], c[1]))
        for pat in ("one or more tests failed", r"alg: .*failed", "Oops", "BUG:", "WARNING:"):
            for m in re.finditer(pat, text):
                fail.append("%s %s %s: log: %s" % (arch, run, kern,
                            text[m.start():m.start() + 100].splitlines()[0]))
        if scale_list is None:
            summaries.append(
                "%s %s kernel, %s: %d test_bpf summaries with 0 FAILED; %d crypto "
                "self-tests passed (%s); tcrypt mode=49 %s%s"
                % (arch, kern, run, nsum, len(crypto) - len(bad),
                   " ".join(sorted(set(c[0] for c in crypto))),
                   "passed (-EAGAIN)" if re.search(
                       r"load round \d+ \S+ tcrypt rc -1 errno 11", text)
                   else "not run",
                   "; init waited up to %.1f ms for the self-tests "
                   "before unloading" % (max(int(w[3]) for w in waits) / 1000.0)
                   if waits else ""))


def get(run, kern, var, mod, key, agg=statistics.median):
    recs = data.get((run, kern, var, mod), [])
    vals = [r[key] for r in recs if key in r]
    if not vals:
        return None
    v = agg(vals)
    # the median of an even count of equal integers prints as one
    return int(v) if isinstance(v, float) and v.is_integer() else v


# Without icount runs (--runs 0 --wall), the wall run fills the time columns.
icount_runs = [r for r, _ in runs if r != 'wall'] or [r for r, _ in runs]
has_wall = any(r == 'wall' for r, _ in runs) and 'wall' not in icount_runs
first = runs[0][0]


def us(ns):
    return '-' if ns is None else '%.1f' % (ns / 1000.0)


def ns(v):
    return '-' if v is None else '%d' % v


def cell(kern, var, mod, key="ns", fmt=us):
    """The median over the rounds of each icount run, "run 1 / run 2"."""
    return " / ".join(fmt(get(r, kern, var, mod, key)) for r in icount_runs)


# Checks common to both modes.
for mod in order:
    used = max([r.get("used", 0) for key, recs in data.items()
                if key[3] == mod for r in recs] or [0])
    for run, _ in runs:
        for k in KERNELS:
            for v in VARIANTS:
                n = get(run, k, v, mod, "plts")
                lo, hi = (get(run, k, v, mod, "plts", min),
                          get(run, k, v, mod, "plts", max))
                if n is None:
                    continue
                if lo != hi or n != get(first, k, v, mod, "plts"):
                    fail.append("%s %s %s %s %s: PLT count differs between loads or runs"
                                % (arch, run, k, v, mod))
                if n < used:
                    fail.append("%s %s %s %s %s: %d PLTs reserved < %d used"
                                % (arch, run, k, v, mod, n, used))
        # Same file, both kernels: arm64 counts are equal; ARM's patched
        # count may be lower (the unpatched one depends on heapsort's order
        # among equal keys), never higher.  Plain and relopt'd files may
        # differ.
        for v in VARIANTS:
            u, p = get(run, "unpatched", v, mod, "plts"), get(run, "patched", v, mod, "plts")
            if u is None or p is None:
                continue
            if (arch == "arm64" and p != u) or p > u:
                fail.append("%s %s %s %s: patched count %d, unpatched %d"
                            % (arch, run, v, mod, p, u))
        if get(run, "patched", "relopt", mod, "sorted", max):
            fail.append("%s %s %s: patched kernel sorted a relopt'd section"
                        % (arch, run, mod))
        # a relopt'd module has no failed check; a sorted plain section
        # always had one
        if get(run, "patched", "relopt", mod, "check", max):
            fail.append("%s %s %s: failed order check on a relopt'd module"
                        % (arch, run, mod))

for s in summaries:
    print(s)
print()
runs_txt = " / ".join("run %d" % (i + 1) for i in range(len(icount_runs)))
if scale_list is None:
    print("Guest microseconds in the module_frob_arch_sections loop, median "
          "of the loads, %s (qemu -icount)%s." % (
              runs_txt, "; wall: one boot without -icount" if has_wall else ""))
    print()
    hdr = ("| module | exec relocs | PLTs reserved u/plain | u/relopt | p/plain "
           "| p/relopt | PLTs used (max) | sections sorted p/plain | p/relopt "
           "| frob us u/plain | u/relopt | p/plain | p/relopt "
           "| failed-check ns p/plain |")
    ncol = 14
    if has_wall:
        hdr += " wall us u/plain | wall us p/relopt |"
        ncol += 2
    print(hdr)
    print("|---|" + "---:|" * (ncol - 1))
    for mod in order:
        row = [mod, get(first, "unpatched", "plain", mod, "relocs")]
        for k in KERNELS:
            for v in VARIANTS:
                row.append(get(first, k, v, mod, "plts"))
        row.append(max([r.get("used", 0) for key, recs in data.items()
                        if key[3] == mod for r in recs] or [0]))
        for v in VARIANTS:
            row.append("%s/%s" % (get(first, "patched", v, mod, "sorted"),
                                  get(first, "patched", v, mod, "nsec")))
        for k in KERNELS:
            for v in VARIANTS:
                row.append(cell(k, v, mod))
        row.append(cell("patched", "plain", mod, "check", ns))
        if has_wall:
            row.append(us(get("wall", "unpatched", "plain", mod, "ns")))
            row.append(us(get("wall", "patched", "relopt", mod, "ns")))
        print("| " + " | ".join(str(x) for x in row) + " |")
    tot = ["**total**", "", "", "", "", "", "", "", ""]
    for k in KERNELS:
        for v in VARIANTS:
            tot.append(" / ".join(us(sum(get(r, k, v, m, "ns") or 0 for m in order))
                                  for r in icount_runs))
    tot.append(" / ".join(ns(sum(get(r, "patched", "plain", m, "check") or 0
                                 for m in order)) for r in icount_runs))
    if has_wall:
        tot += [us(sum(get("wall", "unpatched", "plain", m, "ns") or 0 for m in order)),
                us(sum(get("wall", "patched", "relopt", m, "ns") or 0 for m in order))]
    print("| " + " | ".join(tot) + " |")
else:
    rows = [l.split() for l in open(scale_list)]
    print("Generated modules (scale.py; relocations and distinct targets of "
          "the 2016 table). Guest microseconds in the module_frob_arch_sections "
          "loop, median of the loads, %s (qemu -icount shift=0: 1 ns = 1 guest "
          "instruction). 2016: Cortex-A53 at 1 GHz, the O(n^2) count of the "
          "time and the proposed hash-set count." % runs_txt)
    print()
    print("| relocs | targets | 2016 O(n^2) us | 2016 hash set us | exec relocs "
          "| PLTs reserved u/plain | p/relopt | sorted p/plain | p/relopt "
          "| unpatched, as built | unpatched, relopt'd | patched, as built "
          "| patched, relopt'd | failed-check ns p/plain | sort/one pass |")
    print("|" + "---:|" * 15)
    out = []
    for name, relocs, targets, on2, on in rows:
        mod = name
        if get(first, "unpatched", "plain", mod, "ns") is None:
            fail.append("%s: no data for %s" % (arch, mod))
            continue
        up = get(first, "unpatched", "plain", mod, "ns")
        pr = get(first, "patched", "relopt", mod, "ns")
        print("| " + " | ".join(str(x) for x in [
            relocs, targets, on2, on,
            get(first, "unpatched", "plain", mod, "relocs"),
            get(first, "unpatched", "plain", mod, "plts"),
            get(first, "patched", "relopt", mod, "plts"),
            "%s/%s" % (get(first, "patched", "plain", mod, "sorted"),
                       get(first, "patched", "plain", mod, "nsec")),
            "%s/%s" % (get(first, "patched", "relopt", mod, "sorted"),
                       get(first, "patched", "relopt", mod, "nsec")),
            cell("unpatched", "plain", mod), cell("unpatched", "relopt", mod),
            cell("patched", "plain", mod), cell("patched", "relopt", mod),
            cell("patched", "plain", mod, "check", ns),
            "%.1fx" % (up / pr) if pr else "-"]) + " |")
        out.append("%s %s %s %s %s %s %s %s %s %s\n" % (
            arch, relocs, targets, on2, on,
            get(first, "unpatched", "plain", mod, "ns") / 1000.0,
            get(first, "unpatched", "relopt", mod, "ns") / 1000.0,
            get(first, "patched", "plain", mod, "ns") / 1000.0,
            get(first, "patched", "relopt", mod, "ns") / 1000.0,
            get(first, "patched", "plain", mod, "check") / 1000.0))
    if dat:
        with open(dat, "w") as f:
            f.write("# arch relocs targets 2016_on2_us 2016_on_us u/plain_us "
                    "u/relopt_us p/plain_us p/relopt_us p/plain_failed_check_us\n")
            f.writelines(out)

# Run-to-run agreement of the icount runs: per module and combination, the
# relative difference of the medians (and of every single load) from run 1.
if len(icount_runs) > 1:
    worst, worst_load, n, same = 0.0, 0.0, 0, 0
    for mod in order:
        for k in KERNELS:
            for v in VARIANTS:
                a = data.get((icount_runs[0], k, v, mod), [])
                for r in icount_runs[1:]:
                    b = data.get((r, k, v, mod), [])
                    ma, mb = get(icount_runs[0], k, v, mod, "ns"), get(r, k, v, mod, "ns")
                    if not ma or mb is None:
                        continue
                    n += 1
                    same += ma == mb
                    worst = max(worst, abs(mb - ma) / ma)
                    for x, y in zip(a, b):
                        if x["ns"]:
                            worst_load = max(worst_load, abs(y["ns"] - x["ns"]) / x["ns"])
    print()
    print("Runs agree: %d of %d medians identical between %s; largest difference "
          "of a median %.2f%%, of a single load (same round) %.2f%%."
          % (same, n, " and ".join(icount_runs), 100 * worst, 100 * worst_load))
print()
if fail:
    print("FAILED checks:")
    for f in fail:
        print("  " + f)
    sys.exit(1)
print("all checks passed")
