#!/usr/bin/env python3
"""scale-parse.py [--arch ARCH] SUMMARY LOG...: the tables of the kallsyms
scale test (scale-test.sh) on ARCH (amd64, the default, or arm64) from
scale-gen.py's summary.txt and the console logs
boot-modeM-runR.log (scale-init.c's "relopt-scale:" lines, and the
livepatch module's).  Times are guest nanoseconds (qemu -icount: one
instruction each); each cell lists every run, and says whether the runs
agree (equal, or their relative spread).  Exits 1 when a log lacks its results."""
import re
import statistics
import sys


def kv(line):
    toks = line.split()
    return {toks[i]: toks[i + 1] for i in range(len(toks) - 1)}


def parse(path):
    r = {'kprobe': {}, 'lp': None, 'klp': None, 'load': None,
         'warm': None, 'cand': None}
    for line in open(path, errors='replace'):
        i = line.find('relopt-scale: ')
        if i < 0:
            continue
        line = line[i + len('relopt-scale: '):].strip()
        d = kv(line)
        if line.startswith('start '):
            r['mode'] = d['mode']
        elif line.startswith('loaded '):
            r['load'] = d
        elif line.startswith('kprobe candidates'):
            r['cand'] = line
        elif line.startswith('warmup '):
            r['warm'] = d
        elif line.startswith('kprobe '):
            t = line.split()
            r['kprobe'].setdefault((t[1], t[2]), []).append(d)
        elif line.startswith('livepatch '):
            r['lp'] = d
        elif line.startswith('klp_enable_patch '):
            r['klp'] = d
        elif line == 'done':
            r['done'] = True
    return r


def cell(vals):
    vals = [v for v in vals if v is not None]
    if not vals:
        return '-'
    same = ''
    if len(vals) > 1 and len(set(vals)) == 1:
        same = ' (equal)'
    elif len(vals) > 1 and min(vals) > 0:
        same = ' (%.1g%%)' % ((max(vals) - min(vals)) * 100 / min(vals))
    return ' / '.join('{:,}'.format(v) for v in vals) + same


def main():
    args = sys.argv[1:]
    arch = 'amd64'
    if args[:1] == ['--arch'] and len(args) > 1:
        arch, args = args[1], args[2:]
    if len(args) < 2:
        sys.exit(__doc__)
    summ = open(args[0]).read().strip().splitlines()[-1]
    runs = {}
    bad = 0
    for p in args[1:]:
        m = re.search(r'mode(\d+)-run(\d+)', p)
        r = parse(p)
        if not r.get('done'):
            print('scale-parse.py: %s: no "done"' % p, file=sys.stderr)
            bad = 1
        runs.setdefault(m.group(1), []).append((int(m.group(2)), r))
    for v in runs.values():
        v.sort(key=lambda x: x[0])
    modes = sorted(runs)
    name = {'0': '0 (scan, today)', '1': '1 (relopt .hash)'}
    out = ['# kallsyms at scale (issue 23 item 5), ' + arch, '',
           'Generated modules: ' + summ + '.', '',
           'Guest ns under qemu -icount shift=0,sleep=off; "a / b" are '
           'runs 1 / 2 (separate boots), then "(equal)" when equal to the '
           'ns, else the spread (max - min) / min: the instruction count '
           'repeats, the nanoseconds within a few hundred per second '
           '(the clock reads of qemu\'s timer devices, not quite exact).', '']
    out += ['## Loading the modules', '',
            '| kallsyms_hash | modules loaded | failed | total finit_module ns |',
            '|---|---|---|---|']
    for mo in modes:
        rs = [r for _, r in runs[mo] if r['kprobe'] or not r['lp']
              or r['lp']['errno'] == '0']
        out.append('| %s | %s | %s | %s |' % (
            name.get(mo, mo), cell([int(r['load']['loaded']) for r in rs if r['load']]),
            cell([int(r['load']['failed']) for r in rs if r['load']]),
            cell([int(r['load']['ns']) for r in rs if r['load']])))
    out += ['', '## Warm-up: every module\'s first use by name', '',
            'One "MOD:func" tracefs probe per module (mode 1: each '
            'table\'s names check runs here, before the timed rounds).', '',
            '| kallsyms_hash | probes | ns | first uses | first-use ns |',
            '|---|---|---|---|---|']
    for mo in modes:
        ws = [r['warm'] for _, r in runs[mo] if r['warm']]
        out.append('| %s | %s | %s | %s | %s |' % (
            name.get(mo, mo), cell([int(w['modules']) for w in ws]),
            cell([int(w['ns']) for w in ws]),
            cell([int(w['first_use_calls']) for w in ws]),
            cell([int(w['first_use_ns']) for w in ws])))
    ns = sorted({int(x['n']) for v in runs.values() for _, r in v
                 for reps in r['kprobe'].values() for x in reps})
    out += ['', '## %s: registration time per round'
            % ('/'.join('{:,}'.format(n) for n in ns) + ' kprobes'
               if ns else 'kprobes (none run)'), '',
            'Each round registers n probes (one tracefs write, or one '
            'perf_event_open, each); the cell is the median of the rounds '
            '(per run), then per probe.  Candidates and refusals: ' +
            '; '.join('mode %s: %s' % (mo, runs[mo][0][1]['cand'])
                      for mo in modes if runs[mo][0][1]['cand']) + '.', '',
            '| path | form | kallsyms_hash | n | failed | median ns per round | us per probe (run 1) | kernel lookup calls / ns (run 1, median) |',
            '|---|---|---|---|---|---|---|---|']
    med = {}
    for path in ('tracefs', 'perf'):
        for form in ('module', 'bare'):
            for mo in modes:
                vals, fails, n, lk = [], [], '-', '-'
                for _, r in runs[mo]:
                    reps = r['kprobe'].get((path, form), [])
                    if not reps:
                        vals.append(None)
                        continue
                    vals.append(int(statistics.median(int(x['ns']) for x in reps)))
                    fails.append(max(int(x['fail']) for x in reps))
                    n = int(reps[0]['n'])
                first = runs[mo][0][1]['kprobe'].get((path, form), [])
                if first:
                    lk = '%s / %s (named %s / %s)' % (
                        first[0]['lookup_calls'],
                        '{:,}'.format(int(statistics.median(int(x['lookup_ns']) for x in first))),
                        first[0]['named_calls'],
                        '{:,}'.format(int(statistics.median(int(x['named_ns']) for x in first))))
                per = '-'
                if vals and vals[0] is not None and n != '-' and n:
                    per = '%.1f' % (vals[0] / n / 1000)
                    med[(path, form, mo)] = vals[0]
                out.append('| %s | %s | %s | %s | %s | %s | %s | %s |' % (
                    path, 'MOD:func' if form == 'module' else 'bare name',
                    name.get(mo, mo), n, cell(fails), cell(vals), per, lk))
    out += ['', 'Ratios (run 1 medians):', '']
    for path in ('tracefs', 'perf'):
        for mo in modes:
            b, m = med.get((path, 'bare', mo)), med.get((path, 'module', mo))
            if b and m:
                out.append('- %s, kallsyms_hash=%s: bare / MOD:func = %.3f '
                           '(bare %+.1f%%)' % (path, mo, b / m, (b / m - 1) * 100))
        b0, b1 = med.get((path, 'bare', '0')), med.get((path, 'bare', '1'))
        if b0 and b1:
            out.append('- %s, bare name: scan / table = %.2fx' % (path, b0 / b1))
    out += ['', '## Livepatch', '']
    if not any(r['lp'] for v in runs.values() for _, r in v):
        out.append('None: no boot loaded rs_lp.ko (arm64 6.12 has no '
                   'livepatch: scale-test.sh passes relopt_lp=0).'
                   if arch != 'amd64' else 'None: no boot loaded rs_lp.ko.')
        print('\n'.join(out))
        return bad
    out += ['| kallsyms_hash | finit_module ns (rs_lp.ko) | klp_enable_patch() ns (ktime in the module) | module_kallsyms_on_each_named_symbol() calls | ns in it (klp_find_object_symbol) | transition to 0 ns |',
            '|---|---|---|---|---|---|']
    lpv = {}
    notes = []
    for mo in modes:
        rs = [r for _, r in runs[mo]]
        lps = [r['lp'] for r in rs if r['lp'] and r['lp']['errno'] == '0']
        klps = [r['klp'] for r in rs if r['klp']]
        nolp = [r['lp']['errno'] for r in rs
                if r['lp'] and r['lp']['errno'] != '0']
        out.append('| %s | %s | %s | %s | %s | %s |' % (
            name.get(mo, mo), cell([int(x['load_ns']) for x in lps]),
            cell([int(x['ns']) for x in klps]),
            cell([int(x['named_calls']) for x in lps]),
            cell([int(x['named_ns']) for x in lps]),
            cell([int(x['transition_ns']) for x in lps])))
        if lps and klps:
            lpv[mo] = (int(lps[0]['load_ns']), int(klps[0]['ns']),
                       int(lps[0]['named_ns']))
        if nolp:
            notes.append('mode %s: %d boot(s) with no livepatch (load errno %s)'
                         % (mo, len(nolp), ', '.join(nolp)))
    if notes:
        out += [''] + ['- ' + n for n in notes]
    if '0' in lpv and '1' in lpv:
        a, b = lpv['0'], lpv['1']
        out += ['', '- scan / table (run 1): finit_module %.2fx, '
                'klp_enable_patch() %.2fx, symbol resolution %.1fx'
                % (a[0] / b[0], a[1] / b[1], a[2] / max(b[2], 1))]
    print('\n'.join(out))
    return bad


if __name__ == '__main__':
    sys.exit(main())
