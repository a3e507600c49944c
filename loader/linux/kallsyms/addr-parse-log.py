#!/usr/bin/env python3
"""addr-parse-log.py ARCH LOG...: issue 24's tables from the console logs
of addr-boot-test.sh (lines written by addr-init.c and by the test-only
kernel patch 6.12-addr-test/0001).

boot-selftest.log: the in-guest self-test (the order against the scan at
every symbol's first, middle and last byte and the byte before it, and
every region's first and last byte, before and after init) and the
damaged orders.  boot-icountN.log: per variant (scan = today, sort = sort
at load, order = relopt's .addrorder, ignored = the same files with the
order ignored) the read times of available_filter_functions, its content
hash, the lookups made meanwhile, and the load times.

Exit 1 when a self-test difference, a refused good order, an accepted
damaged one, a failed load, or a content hash that differs between
variants is found; the goals met or missed are printed, not enforced."""
import re
import statistics
import sys

VARIANTS = ['scan', 'sort', 'order', 'ignored']
LABEL = {'scan': 'today (scan)', 'sort': 'sort at load',
         'order': 'relopt order', 'ignored': 'order ignored'}


def parse_timing(path):
    aff, loads, total, order_ns, failed = {}, {}, {}, {}, 0
    # modules the warm-up could not unload: loading them again is EEXIST
    stay = {l.split()[-1] for l in open(path, errors='replace')
            if 'relopt-addr: stays loaded ' in l}
    for line in open(path, errors='replace'):
        m = re.search(r'relopt-addr: aff (\w+) round (\d+) read (\d+) ns (\d+) '
                      r'bytes (\d+) lines (\d+) fnv (\w+) lookups (-?\d+) '
                      r'lookup_ns (-?\d+)', line)
        if m:
            v = m.group(1)
            aff.setdefault(v, []).append(
                dict(ns=int(m.group(4)), bytes=int(m.group(5)),
                     lines=int(m.group(6)), fnv=m.group(7),
                     lookups=int(m.group(8)), lookup_ns=int(m.group(9))))
            continue
        m = re.search(r'relopt-addr: load (\w+) round (\d+) (\S+) errno (\d+) '
                      r'ns (\d+)', line)
        if m:
            loads.setdefault(m.group(1), {}).setdefault(
                m.group(3), []).append(int(m.group(5)))
            failed += m.group(4) != '0' and not (
                m.group(4) == '17' and m.group(3) in stay)
            continue
        m = re.search(r'relopt-addr: loads (\w+) round (\d+) modules (\d+) '
                      r'failed (\d+) ns (\d+) order_ns (-?\d+)', line)
        if m:
            total.setdefault(m.group(1), []).append(int(m.group(5)))
            order_ns.setdefault(m.group(1), []).append(int(m.group(6)))
    return aff, loads, total, order_ns, failed


def ms(ns):
    return '%.2f' % (ns / 1e6)


def main():
    arch, logs = sys.argv[1], sys.argv[2:]
    bad = 0
    print('### %s' % arch)
    print()
    st = [l for l in logs if 'boot-selftest' in l]
    for path in st:
        n = d = used = tables = 0
        refused = []
        badloads = []
        for line in open(path, errors='replace'):
            m = re.search(r'relopt-addr-selftest: (\S+) (before|after): order '
                          r'(\w+), (\d+) addresses, (\d+) differences', line)
            if m:
                n += int(m.group(4))
                d += int(m.group(5))
                tables += 1
                used += m.group(3) == 'used'
            m = re.search(r'(\S+): \.addrorder (does not match|: symbols out)',
                          line)
            if m:
                refused.append(m.group(1))
            m = re.search(r'relopt-addr: load bad (\S+) errno (\d+)', line)
            if m:
                badloads.append((m.group(1), m.group(2)))
        print('Self-test: %d lookups compared in %d module kallsyms '
              '(before and after init), %d with the order in use: '
              '**%d differences**.' % (n, tables, used, d))
        print('Damaged orders: %s; refused: %d of %d, modules loaded: %d.'
              % (', '.join(b for b, _ in badloads), len(refused),
                 len(badloads), sum(e == '0' for _, e in badloads)))
        print()
        if d or len(refused) != len(badloads) or any(e != '0' for _, e in badloads):
            bad = 1
    runs = [parse_timing(l) for l in logs if not 'boot-selftest' in l]
    if not runs:
        return bad
    print('| per variant, %d run(s) | %s |' % (
        len(runs), ' | '.join(LABEL[v] for v in VARIANTS)))
    print('|---|' + '---|' * len(VARIANTS))

    def row(label, f):
        cells = []
        for v in VARIANTS:
            vals = []
            for r in runs:
                try:
                    vals.append(f(r, v))
                except (KeyError, IndexError, ZeroDivisionError):
                    pass
            cells.append(' / '.join(vals) if vals else '-')
        print('| %s | %s |' % (label, ' | '.join(cells)))

    def aff_ns(r, v):
        return statistics.median(a['ns'] for a in r[0][v])
    row('`cat available_filter_functions`, ms (median of reads)',
        lambda r, v: ms(aff_ns(r, v)))
    row('lookups per read', lambda r, v: '%d' % r[0][v][-1]['lookups'])
    row('ns per lookup (in find_kallsyms_symbol)',
        lambda r, v: '%.0f' % (r[0][v][-1]['lookup_ns'] /
                               r[0][v][-1]['lookups']))
    row('loading every module, ms', lambda r, v: ms(r[2][v][0]))
    row('kernel time on the order at load, ms', lambda r, v: ms(r[3][v][0]))
    for mod in ['xfs', 'btrfs', 'ext4']:
        row('load %s, ms' % mod, lambda r, v, mod=mod: ms(r[1][v][mod][0]))
    print()
    fnvs = {a['fnv'] for r in runs for v in VARIANTS for a in r[0].get(v, [])}
    lines = {a['lines'] for r in runs for v in VARIANTS for a in r[0].get(v, [])}
    print('available_filter_functions: %d distinct content hash(es) over '
          'every read of every variant (%s lines).' %
          (len(fnvs), ', '.join(str(x) for x in sorted(lines))))
    if len(fnvs) != 1:
        bad = 1
    stays = set()
    for l in logs:
        stays |= {x.split()[-1] for x in open(l, errors='replace')
                  if 'relopt-addr: stays loaded ' in x}
    if stays:
        print('Loaded once by the warm-up and never unloaded (held by the '
              'default RNG): %s.' % ', '.join(sorted(stays)))
    failed = sum(r[4] for r in runs)
    if failed:
        print('%d module loads failed.' % failed)
        bad = 1
    r0 = runs[0]
    try:
        today, sort, order = (aff_ns(r0, v) for v in ['scan', 'sort', 'order'])
        # the three big modules: the totals also hold the other modules'
        # asynchronous crypto self-tests, which vary from load to load
        big = ['xfs', 'btrfs', 'ext4']

        def load(v):
            return sum(r0[1][v][m][0] for m in big)
        dorder = load('order') - load('ignored')
        dsort = load('sort') - load('scan')
        # the counter also holds layout_symtab()'s own loop: subtract
        # what it reads with no order and no sort
        korder = r0[3]['order'][0] - r0[3]['ignored'][0]
        ksort = r0[3]['sort'][0] - r0[3]['scan'][0]
        print()
        print('Goals (run 1): available_filter_functions %.1fx faster than '
              'today (goal >= 5x): %s; %+.1f%% against sort at load (goal '
              'within 10%%): %s; load delta of xfs+btrfs+ext4 %s ms (order, '
              'against the same files with the order ignored) vs %s ms '
              '(sort, against today): %s of sort\'s (goal <= 1/4): %s; '
              'kernel time on the order at load over every module %s ms vs '
              '%s ms for the sort: %.3f of it.' % (
                  today / order, 'met' if today / order >= 5 else 'MISSED',
                  100.0 * (order - sort) / sort,
                  'met' if order <= sort * 1.10 else 'MISSED',
                  ms(dorder), ms(dsort),
                  '%.2f' % (dorder / dsort) if dsort else 'n/a',
                  'met' if dsort > 0 and dorder <= dsort / 4 else 'MISSED',
                  ms(korder), ms(ksort), korder / ksort))
    except (KeyError, IndexError, ZeroDivisionError):
        pass
    if len(runs) > 1:
        worst = 0.0
        for v in VARIANTS:
            a, b = aff_ns(runs[0], v), aff_ns(runs[1], v)
            worst = max(worst, abs(a - b) / a)
        print('Runs 1 and 2: available_filter_functions read times agree '
              'to %.3f%%.' % (100 * worst))
    return bad


if __name__ == '__main__':
    sys.exit(main())
