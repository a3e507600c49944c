#!/usr/bin/env python3
"""parse-log.py ARCH LOG...: the tables of the kallsyms boot test
(boot-test.sh, revision 2 of the series) from its console logs, as
Markdown on standard output.

Each LOG is one boot: boot-selftest.log (the KUnit test at boot, the
in-guest self-test of the variants relopt-1 and plain-2, and the damaged
tables) or boot-icountR.log (R the run: the timings of every variant).
A variant is SET-MODE: the module files (plain, or relopt: the same
after relopt) and the test-only knob module.kallsyms_hash (0 scan,
1 the module's .hash, 2 the kernel's own index built on first use,
3 the .hash with its names trusted).  The lines read:
  kernel, KUnit:       ok N module_kallsyms_hash / not ok ...
  kernel, test patch:  symhash-test: load MOD mode M table T ns N ...
                       symhash-test: first-use MOD check|build syms N ns T
                       symhash-test: selftest MOD before|after ... (pairs)
                       MOD: .hash does not match .symtab, ignored
                       MOD: .hash does not match the symbol names, ignored
  init.c:              relopt-kboot: variant VAR set S mode M
                       relopt-kboot: load VAR MOD errno E ns T
                       relopt-kboot: loadfail VAR xfs errno E ns T
                       relopt-kboot: load bad TAG/MOD.ko errno E
                       relopt-kboot: kprobe VAR MODE rep R n N fail F ns T ...
Exit status 1 when a self-test difference is found, KUnit failed, a boot
is incomplete, a kprobe round had failures, or a relopt'd module's table
was not used in variant relopt-1."""
import os
import re
import statistics
import sys

KV = re.compile(r'(\w+) (-?\d+)')
BIG = ['relopt_ksyms', 'xfs', 'btrfs', 'cryptomgr', 'sha3_generic',
       'crc32c_generic']


def kv(words):
    return {k: int(v) for k, v in KV.findall(' '.join(words))}


def parse(path):
    m = re.search(r'icount(\d+)', os.path.basename(path))
    boot = {'run': int(m.group(1)) if m else 0,
            'name': os.path.basename(path), 'selftest': [], 'loadlines': [],
            'firstuse': [], 'loads': {}, 'loadfail': {}, 'kprobe': [],
            'trial': [], 'bad': [], 'refused': {}, 'done': False,
            'oops': [], 'kunit': []}
    # The kernel prints a module's lines while it loads (and a first use
    # while init.c registers kprobes, before the next load of the same
    # variant): they wait here for init.c's next "load" line, whose
    # variant they belong to.
    pending = []

    def flush(v):
        for kind, rec in pending:
            if kind == 'refused':
                boot['refused'][(v, rec)] = pending_why[rec]
            else:
                rec['var'] = v
                boot[kind].append(rec)
        pending.clear()
    pending_why = {}
    var = None
    for line in open(path, errors='replace'):
        line = line.rstrip('\r\n')
        if re.search(r'Oops|BUG:|WARNING:|Call Trace|Kernel panic', line):
            boot['oops'].append(line.strip())
        mm = re.search(r'(not ok|ok) \d+ (module_kallsyms_hash)\b', line)
        if mm:
            boot['kunit'].append(mm.group(1))
        mm = re.search(r'# (module_kallsyms_hash): (pass:\d+ fail:\d+ skip:\d+ total:\d+)', line)
        if mm:
            boot['kunit_totals'] = mm.group(2)
        mm = re.search(r'\] (\S+): \.hash does not match (\.symtab|the symbol names), ignored', line)
        if mm:
            pending_why[mm.group(1)] = (
                'layout' if mm.group(2) == '.symtab' else 'names')
            pending.append(('refused', mm.group(1)))
        i = line.find('symhash-test: ')
        if i >= 0:
            f = line[i:].split()
            if f[1] == 'load':
                rec = {'mod': f[2], 'table': f[6]}
                rec.update(kv(f[3:]))
                pending.append(('loadlines', rec))
            elif f[1] == 'first-use':
                rec = {'mod': f[2], 'kind': f[3],
                       'verdict': f[8] if len(f) > 8 else 'built'}
                rec.update(kv(f[4:8]))
                pending.append(('firstuse', rec))
            elif f[1] == 'selftest':
                rec = {'mod': f[2], 'when': f[3]}
                rec.update(kv(f[4:]))
                pending.append(('selftest', rec))
            continue
        i = line.find('relopt-kboot: ')
        if i < 0:
            continue
        f = line[i:].split()
        if f[1] == 'done':
            boot['done'] = True
        elif f[1] == 'variant':
            var = f[2]
        elif f[1] == 'load' and f[2] == 'bad':
            boot['bad'].append((f[3], int(f[5])))
            flush('bad:' + f[3])
        elif f[1] == 'load':
            flush(f[2])
            boot['loads'].setdefault((f[2], f[3]), []).append(
                (int(f[5]), int(f[7])))
        elif f[1] == 'loadfail':
            flush(f[2])
            boot['loadfail'].setdefault(f[2], []).append(
                (int(f[5]), int(f[7])))
        elif f[1] == 'kprobe' and f[3] == 'trial:':
            rec = {'var': f[2], 'refused': int(f[4]), 'of': int(f[6])}
            rec.update(kv(f[8:]))
            boot['trial'].append(rec)
        elif f[1] == 'kprobe':
            rec = {'var': f[2], 'mode': f[3]}
            rec.update(kv(f[4:]))
            boot['kprobe'].append(rec)
    return boot


def ms(ns):
    return '%.2f' % (ns / 1e6)


def med(v):
    return statistics.median(v) if v else None


def main():
    arch, logs = sys.argv[1], sys.argv[2:]
    boots = [parse(p) for p in logs]
    bad = 0
    out = []
    w = out.append
    w('# kallsyms by name, revision 2: %s\n' % arch)
    for b in boots:
        if not b['done']:
            w('**%s did not finish.**\n' % b['name'])
            bad = 1
        for o in b['oops'][:5]:
            w('%s: `%s`\n' % (b['name'], o))
            bad = 1

    for b in boots:
        if b['kunit']:
            ok = all(k == 'ok' for k in b['kunit'])
            w('%s: KUnit suite module_kallsyms_hash: %s (%s)\n'
              % (b['name'], 'ok' if ok else 'NOT OK',
                 b.get('kunit_totals', '?')))
            bad |= not ok
    st_boots = [b for b in boots if b['selftest']]
    for b in st_boots:
        w('## %s\n' % b['name'])
        w('Self-test (every symbol name of each module, an absent name '
          'for every 8th, fixed names; before and after init):\n')
        w('| variant | when | modules | table used | names | differences '
          '(first / matches / MOD:name / bare / reference) | matches walked |')
        w('|---|---|---|---|---|---|---|')
        groups = {}
        for r in b['selftest']:
            if r['var'] and r['var'].startswith('bad:'):
                continue
            groups.setdefault((r['var'], r['when']), []).append(r)
        for (v, when), rs in sorted(groups.items(), key=lambda x: (str(x[0][0]), x[0][1] != 'before')):
            d = [sum(r[k] for r in rs) for k in
                 ('diffs', 'mdiffs', 'qdiffs', 'bdiffs', 'refdiffs')]
            used = sum(1 for r in rs if r['state'] == 2)
            w('| %s | %s | %d | %d | %d | %d (%s) | %d |'
              % (v, when, len(rs), used, sum(r['names'] for r in rs),
                 sum(d), ' / '.join(map(str, d)),
                 sum(r['matches'] for r in rs)))
            bad |= sum(d) != 0
            if v == 'relopt-1' and used != len(rs):
                w('\n**relopt-1 %s: %d modules without a usable table: %s**\n'
                  % (when, len(rs) - used,
                     ' '.join(r['mod'] for r in rs if r['state'] != 2)))
                bad = 1
        w('')
        w('Per lookup after init (ns of guest time, `find_kallsyms_symbol_value()`; '
          'the scan timed on every 64th name):\n')
        w('| module | symbols | scan | relopt table (relopt-1) | kernel index (plain-2) |')
        w('|---|---|---|---|---|')
        by = {(r['var'], r['mod'], r['when']): r for r in b['selftest']}
        for mod in BIG:
            r1 = by.get(('relopt-1', mod, 'after'))
            r2 = by.get(('plain-2', mod, 'after'))
            if not r1 and not r2:
                continue
            ref = r1 or r2
            scans = [r for r in (r1, r2) if r and r['scan_n']]
            w('| %s | %d | %s | %s | %s |' % (
                mod, ref['syms'],
                '%.0f' % (sum(r['scan_ns'] for r in scans) /
                          sum(r['scan_n'] for r in scans)) if scans else '-',
                '%.0f' % (r1['table_ns'] / r1['table_n']) if r1 else '-',
                '%.0f' % (r2['table_ns'] / r2['table_n']) if r2 else '-'))
        w('')
        if b['bad']:
            w('Damaged tables (knob 1; the module loads either way and its '
              'self-test must find 0 differences):\n')
            w('| copy | errno | refused by | self-test differences | table used |')
            w('|---|---|---|---|---|')
            for tag, err in b['bad']:
                mod = tag.split('/')[-1][:-3]
                rs = [r for r in b['selftest'] if r['var'] == 'bad:' + tag]
                why = b['refused'].get(('bad:' + tag, mod), '-')
                d = sum(r['diffs'] + r['mdiffs'] + r['qdiffs'] + r['bdiffs']
                        for r in rs)
                used = ' '.join('%s:%s' % (r['when'], 'yes' if r['state'] == 2 else 'no')
                                for r in rs)
                w('| %s | %d | %s | %d | %s |' % (tag, err, why, d, used))
                bad |= d != 0 or err != 0
            w('')

    t_boots = [b for b in boots if b['kprobe'] or b['loads']]
    t_boots = [b for b in t_boots if not b['selftest']]
    for b in t_boots:
        w('## %s\n' % b['name'])
        vars_ = []
        for (v, _m) in b['loads']:
            if v not in vars_ and not v.startswith('bad'):
                vars_.append(v)
        w('Load time (ms, median of the timed loads; a load that fails: xfs '
          'without its dependencies):\n')
        w('| module | ' + ' | '.join(vars_) + ' |')
        w('|---|' + '---|' * len(vars_))
        for mod in BIG[:3]:
            row = []
            for v in vars_:
                t = [ns for e, ns in b['loads'].get((v, mod), [])[1:] if e == 0]
                row.append(ms(med(t)) if t else '-')
            w('| %s | %s |' % (mod, ' | '.join(row)))
        row = []
        for v in vars_:
            t = [ns for e, ns in b['loadfail'].get(v, [])]
            row.append(ms(med(t)) if t else '-')
        w('| xfs, failing load | %s |' % ' | '.join(row))
        w('')
        w('Kernel time on the table at load (`symhash-test: load` ns: the '
          'layout check, the copy; for plain-2 the reservation), memory of the '
          'core table and first use (the names check, or building the '
          "kernel's index), one load:\n")
        w('| variant | module | at load (ns) | core table (bytes) | core memory | first use (ns) |')
        w('|---|---|---|---|---|---|')
        for v in vars_:
            for mod in BIG[:3]:
                ll = [r for r in b['loadlines'] if r['var'] == v and r['mod'] == mod]
                fu = [r for r in b['firstuse'] if r['var'] == v and r['mod'] == mod]
                if not ll:
                    continue
                r = ll[0]
                w('| %s | %s | %d | %d | %.2f%% of %d | %s |' % (
                    v, mod, r['ns'], r['core_bytes'],
                    100.0 * r['core_bytes'] / r['core_mem'] if r['core_mem'] else 0,
                    r['core_mem'],
                    ' + '.join('%d (%s)' % (f['ns'], f['kind']) for f in fu) or '-'))
        w('')
        w('kprobe events (ms, median of the rounds; "lookup" is the time in '
          '`module_kallsyms_lookup_name()`, "count" in '
          '`module_kallsyms_on_each_named_symbol()`, i.e. '
          '`number_of_same_symbols()`):\n')
        w('| variant | `MOD:func` | lookup / count | bare name | lookup / count | first round (ms), of which first use |')
        w('|---|---|---|---|---|---|')
        for v in vars_:
            cells = []
            for mode in ('module', 'bare'):
                rs = [r for r in b['kprobe'] if r['var'] == v and r['mode'] == mode]
                if not rs:
                    cells += ['-', '-']
                    continue
                bad |= any(r['fail'] for r in rs)
                cells.append(ms(med([r['ns'] for r in rs])))
                cells.append('%s / %s' % (ms(med([r['lookup_ns'] for r in rs])),
                                          ms(med([r['named_ns'] for r in rs]))))
            tr = [r for r in b['trial'] if r['var'] == v]
            cells.append('%s, %s' % (ms(tr[0]['first_module_ns']),
                                     ms(tr[0]['first_use_ns'])) if tr else '-')
            w('| %s | %s |' % (v, ' | '.join(cells)))
        w('')
    print('\n'.join(out))
    return bad


if __name__ == '__main__':
    sys.exit(main())
