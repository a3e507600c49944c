#!/usr/bin/env python3
"""hash-style.py -- the hash styles over a corpus of real modules: size
and rewrite time of `relopt --hash-style=sysv` (the default), `gnu` and
`both`, and, with --old, the .hash of another relopt build (relopt 0.2:
the first symbol of each name only) beside today's rule.

Usage: hash-style.py --relopt BUILD/src/relopt [--old OLD_RELOPT]
                     [--arch amd64 --arch arm64 ...] [--limit N] [--out F]

Every module (*.ko, *.ko.xz) of each architecture under the real-module
cache (scripts/common.sh relopt_cache: /var/cache/relopt-real/unpacked)
is rewritten once per style (the styles in turn, module by module, so a
change in the machine's load falls on all of them alike) with
`--stats --drop-signature -o OUT`, with
--addr-order=no so only the hash tables differ.  Reported per
architecture and style: modules, total bytes added (file size after minus
before: the table, its section header and name, alignment), the .hash
and .gnu.hash bucket and chain statistics relopt prints, the longest
chain, and the summed CPU time (user + system of the relopt children,
from os.times() over the reaped children, so other jobs on the machine do not count).  Nothing here
is a test; README.md quotes the table with this command.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

STAT = re.compile(r'^\s+(\.hash|\.gnu\.hash)\s+(\d+) buckets, (\d+) hashed'
                  r'(?: from symoffset \d+)?(?:, bloom \d+ bits)?, '
                  r'longest chain (\d+), mean ([0-9.]+)')
SIZE = re.compile(r'^\s+file size\s+(\d+) -> (\d+) bytes')


def cache_dir():
    d = os.environ.get('RELOPT_CACHE')
    if d:
        return d
    if os.access('/var/cache/relopt-real', os.W_OK):
        return '/var/cache/relopt-real'
    return os.path.expanduser('~/.cache/relopt-real')


def modules(arch, limit):
    root = os.path.join(cache_dir(), 'unpacked', arch, 'lib', 'modules')
    out = []
    for d, _, files in os.walk(root):
        out += [os.path.join(d, f) for f in files
                if f.endswith('.ko') or f.endswith('.ko.xz')]
    out.sort()
    if limit and len(out) > limit:
        step = len(out) / limit
        out = [out[int(i * step)] for i in range(limit)]
    return out


def run(relopt, style, src, dst):
    """One rewrite; returns (stdout, cpu seconds of the child)."""
    p = subprocess.Popen([relopt, '--stats', '--drop-signature',
                          '--addr-order=no', '--hash-style=' + style,
                          '-o', dst, src],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = p.communicate()
    # The child's CPU time is counted in os.times()'s children fields
    # once communicate() has reaped it (survey() takes the difference).
    if p.returncode != 0:
        sys.exit('%s --hash-style=%s %s: %s' % (relopt, style, src,
                                                err.decode(errors='replace')))
    return out.decode(errors='replace')


def children_cpu():
    r = os.times()
    return r.children_user + r.children_system


def survey(runs, files, dst):
    """RUNS: [(label, relopt, style)].  Each module is rewritten by every
    run in turn, so a change of the machine's load over the survey falls
    on every style alike.  Returns {label: (totals, tables)}."""
    res = {}
    for label, _, _ in runs:
        res[label] = (dict(n=0, before=0, after=0, cpu=0.0), {})
    for f in files:
        for label, relopt, style in runs:
            tot, tabs = res[label]
            t0 = children_cpu()
            out = run(relopt, style, f, dst)
            tot['cpu'] += children_cpu() - t0
            tot['n'] += 1
            for line in out.splitlines():
                m = SIZE.match(line)
                if m:
                    tot['before'] += int(m.group(1))
                    tot['after'] += int(m.group(2))
                m = STAT.match(line)
                if m:
                    t = tabs.setdefault(m.group(1),
                                        dict(buckets=0, hashed=0, longest=0))
                    t['buckets'] += int(m.group(2))
                    t['hashed'] += int(m.group(3))
                    t['longest'] = max(t['longest'], int(m.group(4)))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--relopt', required=True)
    ap.add_argument('--old', help='another relopt (its sysv only)')
    ap.add_argument('--arch', action='append')
    ap.add_argument('--limit', type=int, default=0,
                    help='at most N modules per arch, evenly spread')
    ap.add_argument('--out', help='also write the table to this file')
    a = ap.parse_args()
    archs = a.arch or ['amd64', 'arm64']
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        dst = os.path.join(tmp, 'out.ko')
        for arch in archs:
            files = modules(arch, a.limit)
            if not files:
                sys.exit('no modules for %s under %s (scripts/fetch-kernel-'
                         'debs.sh fills the cache)' % (arch, cache_dir()))
            runs = [('sysv', a.relopt, 'sysv'), ('gnu', a.relopt, 'gnu'),
                    ('both', a.relopt, 'both')]
            if a.old:
                runs.append(('sysv, old rule', a.old, 'sysv'))
            res = survey(runs, files, dst)
            for label, _, _ in runs:
                tot, tabs = res[label]
                cell = []
                for name in ('.hash', '.gnu.hash'):
                    if name in tabs:
                        t = tabs[name]
                        cell.append('%s %d hashed, %d buckets, longest %d'
                                    % (name, t['hashed'], t['buckets'],
                                       t['longest']))
                rows.append('| %s | %s | %d | %+d (%+.2f%%) | %.2f | %s |'
                            % (arch, label, tot['n'],
                               tot['after'] - tot['before'],
                               100.0 * (tot['after'] - tot['before'])
                               / tot['before'], tot['cpu'],
                               '; '.join(cell)))
                print(rows[-1], flush=True)
    head = ['| arch | style | modules | bytes added | CPU s | tables |',
            '|---|---|---|---|---|---|']
    text = '\n'.join(head + rows) + '\n'
    print(text)
    if a.out:
        with open(a.out, 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main()
