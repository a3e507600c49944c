#!/usr/bin/env python3
"""parse-log.py ARCH LOG...: the tables of the kallsyms boot test
(boot-test.sh) from its console logs, as Markdown on standard output.

Each LOG is one boot: boot-hashK-icountR.log (K the module.kallsyms_hash
knob, R the run: the timings) or boot-selftest.log (hash=1: the self-test
and the damaged tables).  The lines read:
  kernel, test patch:  relopt-kallsyms: MOD: no .hash | .hash refused: WHY
                       | .hash used: ...
                       relopt-kallsyms-selftest: MOD before|after table T
                       syms N ... (key value pairs)
  init.c:              relopt-kboot: load SET MOD errno E ns T
                       relopt-kboot: load bad TAG/MOD.ko errno E
                       relopt-kboot: kprobe SET MODE rep R n N fail F ns T ...
The kernel prints a module's lines during its load, before init.c's "load"
line for it, which attributes them to the module set (plain, relopt, bad).
Exit status 1 when a self-test difference is found, a boot is incomplete,
a kprobe round had failures, or a relopt'd module's table was not used
with the knob on."""
import os
import re
import statistics
import sys

KV = re.compile(r'(\w+) (-?\d+)')


def parse(path):
    m = re.search(r'hash(\d)-icount(\d+)', os.path.basename(path))
    # boot-selftest.log: hash=1, the self-test and damaged tables only
    boot = {'knob': int(m.group(1)) if m else 1,
            'run': int(m.group(2)) if m else 0,
            'name': os.path.basename(path),
            'selftest': [], 'verdict': {}, 'loads': {}, 'kprobe': [],
            'bad': [], 'done': False, 'oops': []}
    pending_st, pending_v = {}, {}
    for line in open(path, errors='replace'):
        line = line.rstrip('\r\n')
        if re.search(r'Oops|BUG:|WARNING:|Call Trace|Kernel panic', line):
            boot['oops'].append(line.strip())
        i = line.find('relopt-kallsyms-selftest: ')
        if i >= 0:
            f = line[i:].split()
            rec = {'mod': f[1], 'when': f[2]}
            rec.update({k: int(v) for k, v in KV.findall(' '.join(f[3:]))})
            pending_st.setdefault(f[1], []).append(rec)
            continue
        i = line.find('relopt-kallsyms: ')
        if i >= 0:
            mm = re.match(r'relopt-kallsyms: (\S+): (.*)', line[i:])
            if mm:
                pending_v[mm.group(1)] = mm.group(2)
            continue
        i = line.find('relopt-kboot: ')
        if i < 0:
            continue
        f = line[i:].split()
        if f[1] == 'done':
            boot['done'] = True
        elif f[1] == 'load' and f[2] == 'bad':
            path_ = f[3]
            mod = os.path.basename(path_)[:-3].replace('-', '_')
            boot['bad'].append({'file': path_, 'errno': int(f[5]),
                                'verdict': pending_v.pop(mod, '?'),
                                'selftest': pending_st.pop(mod, [])})
        elif f[1] == 'load':
            st, mod = f[2], f[3]
            key = (st, mod)
            boot['loads'].setdefault(key, []).append(
                (int(f[5]), int(f[7])))
            sts = pending_st.pop(mod, [])
            if sts:
                for r in sts:
                    r['set'] = st
                boot['selftest'] += sts
            v = pending_v.pop(mod, None)
            if v is not None and key not in boot['verdict']:
                boot['verdict'][key] = v
        elif f[1] == 'kprobe' and len(f) > 4 and f[4] == 'rep':
            rec = {'set': f[2], 'mode': f[3]}
            rec.update({k: int(v) for k, v in KV.findall(' '.join(f[4:]))})
            boot['kprobe'].append(rec)
    return boot


def med(xs):
    return statistics.median(xs) if xs else float('nan')


def fmt_ms(ns):
    return '%.1f' % (ns / 1e6)


def main():
    arch = sys.argv[1]
    boots = [parse(p) for p in sys.argv[2:]]
    status = 0
    out = print
    for b in boots:
        if not b['done']:
            out('**incomplete boot: hash=%d run %d**' % (b['knob'], b['run']))
            status = 1
        if b['oops']:
            out('**kernel warnings in hash=%d run %d:** %s'
                % (b['knob'], b['run'], '; '.join(b['oops'][:5])))
            status = 1
    runs = sorted({b['run'] for b in boots if b['run']})
    by = {(b['knob'], b['run']): b for b in boots}

    # 1. Self-test
    out('## %s: in-guest self-test (every name of every module, absent '
        'names; before and after init)\n' % arch)
    out('Differences are summed over find_kallsyms_symbol_value(), '
        '"MOD:name" and bare names through module_kallsyms_lookup_name() '
        'against the loop.  Times: ns per lookup (guest instructions, '
        'qemu -icount shift=0), names of symbols / absent names: the loop '
        '(today\'s code, find_value_linear()) and the series\' path '
        '(find_kallsyms_symbol_value(): the table where one is used).\n')
    out('| module | set | symbols before/after | table used before/after '
        '| lookups checked | differences | after init: loop ns/lookup '
        '(present/absent) | after init: series | before init: loop | '
        'before init: series |')
    out('|---|---|---|---|---|---|---|---|---|---|')
    total_diffs = total_lookups = 0
    for b in boots:
        for r in b['selftest']:
            d = r['diffs'] + r['qdiffs'] + r['bdiffs']
            total_diffs += d
            total_lookups += 2 * (r['present'] + r['absent']) + r['bare']
            if d:
                status = 1
    b1 = next((b for b in boots if b['knob'] == 1 and b['selftest']), None)
    if b1:
        def st_of(mod, st, when):
            for r in b1['selftest']:
                if r['mod'] == mod and r['set'] == st and r['when'] == when:
                    return r
            return None

        def per(r, kind, lin):
            if not r or not r[kind]:
                return '-'
            return '%d' % round(r[kind + ('_lin_ns' if lin else '_ns')]
                                / r[kind])

        def both(r, lin):
            return '%s/%s' % (per(r, 'present', lin), per(r, 'absent', lin))

        mods = []
        for r in b1['selftest']:
            if (r['mod'], r['set']) not in mods:
                mods.append((r['mod'], r['set']))
        for mod, st in mods:
            bef, aft = st_of(mod, st, 'before'), st_of(mod, st, 'after')
            checked = sum(2 * (x['present'] + x['absent']) + x['bare']
                          for x in (bef, aft) if x)
            diffs = sum(x['diffs'] + x['qdiffs'] + x['bdiffs']
                        for x in (bef, aft) if x)
            out('| %s | %s | %s/%s | %s | %d | %d | %s | %s | %s | %s |'
                % (mod, st, bef['syms'] if bef else '-',
                   aft['syms'] if aft else '-',
                   '/'.join('yes' if x and x['table'] else 'no'
                            for x in (bef, aft)),
                   checked, diffs, both(aft, True), both(aft, False),
                   both(bef, True), both(bef, False)))
    out('\nAll boots: %d lookups compared, %d differences.\n'
        % (total_lookups, total_diffs))
    for b in boots:
        if b['knob'] != 1:
            continue
        for (st, mod), v in b['verdict'].items():
            if st == 'relopt' and not v.startswith('.hash used'):
                out('**%s relopt %s: table not used: %s**' % (arch, mod, v))
                status = 1

    # 2. kprobe events
    out('## %s: kprobe event registration through tracefs\n' % arch)
    out('ms for N events, median of the rounds (min-max); "lookup" and '
        '"count" are the time inside module_kallsyms_lookup_name() and '
        'module_kallsyms_on_each_symbol() (number_of_same_symbols(), '
        'which the series does not change), medians.\n')
    out('| hash knob | modules | run | N | MOD:func ms | lookup | count | '
        'bare func ms | lookup | count |')
    out('|---|---|---|---|---|---|---|---|---|---|')
    kp = {}
    for b in boots:
        if not b['run']:
            continue
        for st in ('plain', 'relopt'):
            row = ['%d' % b['knob'], st, '%d' % b['run']]
            n = None
            cells = []
            for mode in ('module', 'bare'):
                rs = [r for r in b['kprobe']
                      if r['set'] == st and r['mode'] == mode]
                if not rs:
                    cells += ['-', '-', '-']
                    continue
                if any(r['fail'] for r in rs):
                    status = 1
                n = rs[0]['n']
                ns = [r['ns'] for r in rs]
                kp[(b['knob'], st, mode, b['run'])] = med(ns)
                cells += ['%s (%s-%s)' % (fmt_ms(med(ns)), fmt_ms(min(ns)),
                                          fmt_ms(max(ns))),
                          fmt_ms(med([r['lookup_ns'] for r in rs])),
                          fmt_ms(med([r['on_each_ns'] for r in rs]))]
            out('| ' + ' | '.join(row + [str(n)] + cells) + ' |')
    out('')

    # 3. load times
    out('## %s: module load time (finit_module, self-test off), '
        'median of the rounds, ms, run %d\n' % (arch, runs[0]))
    out('| module | plain hash=0 | plain hash=1 | relopt hash=0 | '
        'relopt hash=1 |')
    out('|---|---|---|---|---|')
    names = []
    for b in boots:
        for (st, mod) in b['loads']:
            if mod not in names:
                names.append(mod)
    for mod in names:
        cells = []
        for st in ('plain', 'relopt'):
            for k in (0, 1):
                b = by.get((k, runs[0]))
                ls = b['loads'].get((st, mod), []) if b else []
                ok = [ns for e, ns in ls[1:] if e == 0]
                cells.append(fmt_ms(med(ok)) if ok else
                             ('errno %d' % ls[0][0] if ls else '-'))
        out('| %s | %s |' % (mod, ' | '.join(cells)))
    out('')

    # 4. memory
    if b1:
        out('## %s: memory of the core table (relopt set, hash=1, after '
            'init)\n' % arch)
        out('| module | core bytes | table bytes | % of core |')
        out('|---|---|---|---|')
        for r in b1['selftest']:
            if r['set'] == 'relopt' and r['when'] == 'after' and r['table']:
                out('| %s | %d | %d | %.2f%% |'
                    % (r['mod'], r['core_bytes'], r['table_bytes'],
                       100.0 * r['table_bytes'] / r['core_bytes']))
        out('')

    # 5. damaged tables
    bads = [(b, x) for b in boots if b['knob'] == 1 for x in b['bad']]
    if bads:
        out('## %s: damaged tables (hash=1)\n' % arch)
        out('| boot | file | kernel | load errno | self-test lookups | '
            'differences |')
        out('|---|---|---|---|---|---|')
        for b, x in bads:
            sts = x['selftest']
            d = sum(r['diffs'] + r['qdiffs'] + r['bdiffs'] for r in sts)
            n = sum(2 * (r['present'] + r['absent']) + r['bare']
                    for r in sts)
            tabled = any(r['table'] for r in sts)
            out('| %s | %s | %s%s | %d | %d | %d |'
                % (b['name'], x['file'], x['verdict'],
                   ' (table answered)' if tabled else '', x['errno'], n, d))
            if d or x['errno'] or len(sts) != 2:
                status = 1
        out('')

    # 6. run agreement
    if len(runs) > 1:
        worst = 0.0
        for (k, st, mode, r), v in kp.items():
            if r == runs[0] and (k, st, mode, runs[1]) in kp:
                w = kp[(k, st, mode, runs[1])]
                worst = max(worst, abs(w - v) / v)
        out('Runs %d and %d: kprobe medians differ by at most %.2f%%.\n'
            % (runs[0], runs[1], 100 * worst))
    sys.exit(status)


if __name__ == '__main__':
    main()
