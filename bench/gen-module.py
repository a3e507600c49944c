#!/usr/bin/env python3
"""gen-module.py -- synthetic ARM/AArch64 "kernel module" as assembly.

Writes an assembly file for gas / cross-gas (arm-linux-gnueabi-as,
aarch64-linux-gnu-as) whose object has chosen counts of relocations,
branch relocations, distinct branch targets and symbols, to draw the
scaling tables of bench/run.sh.

  gen-module.py --arch arm --relocs 65536 -o m.s     scaling set: counts
                                                     from the vendor ratios
  gen-module.py --arch arm --vendor -o v.s           the "large vendor
                      module": 257,394 relocations, 62,045 branches,
                      4,819 distinct targets
  gen-module.py --arch arm --symbols 32768 -o s.s    symbol-heavy module
                      with the ratios of Debian's largest armhf modules

Layout of the object:
  .text        the branch relocations (BL/B, or AArch64 BL/B) in random
               order, with non-branch relocations interleaved (MOVW/MOVT,
               or ADRP/ADD pairs), as compiled code has them, so relopt has
               to move branches in front of them;
  .text.funcs  the module's functions: defined globals mf_N and locals lf_N
               (another section, so that every call keeps its relocation);
  .data        the other relocations: words pointing at symbols (R_ARM_ABS32
               / R_AARCH64_ABS64), against globals or locals.
Undefined symbols ks_N stand for the kernel's exports.

Branch targets are (type, symbol, addend) triples, the key a PLT count
uses: mostly distinct symbols with addend 0, every 25th target is an
earlier target's symbol again with the other branch type or addend 8.  Each
target is used once, then the remaining branches pick targets with a skewed
(popular-function) distribution.  Output is a pure function of the
arguments and --seed.

Counts (defaults from measured modules; every one can be overridden):
  relocation mode (--relocs N, --vendor): branches = N * 62045/257394,
    targets = branches * 4819/62045 (at least 1), 65% of targets undefined;
    symbols: the target symbols plus N/20 locals and N/100 more globals.
  symbol mode (--symbols S), ratios of the largest Debian 6.1 armhf
    modules (nouveau, btrfs, xfs, mlx5_core: 3.1-4.1 relocations per
    symbol, 1.5-2.3 relocations against globals per symbol, 10-25%
    defined globals, 3-9% undefined): relocations = 3.6 S, branches = 40%
    of them, targets = 8% of branches, defined globals = 15% S,
    undefined = 5% S, relocations against globals = 1.7 S, locals = the
    rest of S.
"""

import argparse
import random
import sys

VENDOR_RELOCS, VENDOR_BRANCHES, VENDOR_TARGETS = 257394, 62045, 4819


def plan(a):
    """Fill in every count from the mode and the overrides."""
    p = {}
    if a.vendor:
        n = VENDOR_RELOCS
        p['branches'] = VENDOR_BRANCHES
        p['targets'] = VENDOR_TARGETS
    elif a.relocs is not None:
        n = a.relocs
    else:
        n = None
    if n is not None:
        p['relocs'] = n
        p.setdefault('branches', round(n * VENDOR_BRANCHES / VENDOR_RELOCS))
        p.setdefault('targets', max(1, round(p['branches'] * VENDOR_TARGETS
                                             / VENDOR_BRANCHES)))
        t = p['targets']
        p['undefined'] = max(1, round(0.65 * t))
        p['globals'] = max(1, t - p['undefined']) + n // 100
        p['locals'] = n // 20
        p['global_refs'] = None  # data relocations: any symbol
    else:
        s = a.symbols
        n = round(3.6 * s)
        p['relocs'] = n
        p['branches'] = round(0.4 * n)
        p['targets'] = max(1, round(0.08 * p['branches']))
        p['globals'] = max(1, round(0.15 * s))
        p['undefined'] = max(1, round(0.05 * s))
        # Section and mapping symbols and the null entry: about 8.
        p['locals'] = max(0, s - p['globals'] - p['undefined'] - 8)
        p['global_refs'] = round(1.7 * s)
    for k in ('branches', 'targets', 'globals', 'undefined', 'locals',
              'global_refs'):
        v = getattr(a, k)
        if v is not None:
            p[k] = v
    if p['branches'] > p['relocs']:
        sys.exit('gen-module: more branches than relocations')
    if p['targets'] > max(p['branches'], 0) or (p['branches'] and
                                                 p['targets'] < 1):
        sys.exit('gen-module: targets must be between 1 and the branch count')
    return p


def generate(a, p, out):
    rnd = random.Random(a.seed)
    arm = a.arch == 'arm'
    n, nb, nt = p['relocs'], p['branches'], p['targets']
    ks = ['ks_%d' % i for i in range(p['undefined'])]
    mf = ['mf_%d' % i for i in range(p['globals'])]
    lf = ['lf_%d' % i for i in range(p['locals'])]

    # Branch targets: (kind, symbol, addend); kind 0 = call, 1 = jump.
    # Undefined symbols first for 65% of them, then defined globals.
    nund = min(len(ks), max(1, round(0.65 * nt))) if ks else 0
    pool = ks[:nund] + mf + ks[nund:]
    targets = []
    seen = set()
    i = 0
    while len(targets) < nt:
        if targets and len(targets) % 25 == 0:
            k, s, ad = targets[rnd.randrange(len(targets))]
            cand = [(1 - k, s, ad), (k, s, ad + 8), (1 - k, s, ad + 8)]
        else:
            if i >= len(pool):
                sys.exit('gen-module: not enough symbols for the targets')
            s = pool[i]
            i += 1
            cand = [(0 if rnd.random() < 0.8 else 1, s, 0)]
        for c in cand:
            if c not in seen:
                seen.add(c)
                targets.append(c)
                break
    # Every target once, then skewed picks; then shuffle.
    picks = list(range(nt)) + [int(nt * rnd.random() ** 3)
                               for _ in range(nb - nt)] if nb else []
    rnd.shuffle(picks)

    # Non-branch relocations: pairs in .text (10%), words in .data.
    rest = n - nb
    ntext = 2 * ((rest // 10) // 2)
    ndata = rest - ntext
    # Symbols of the non-branch relocations.  Every undefined symbol must
    # be referenced; so must each global (else the count of symbols is not
    # what was asked -- defined ones exist anyway, undefined ones would
    # vanish).
    targeted = {t[1] for t in targets}  # once: per name it was quadratic
    unref = [s for s in ks if s not in targeted]
    gref = p['global_refs']
    allsyms = ks + mf + lf
    globs = ks + mf

    def data_sym(j):
        if j < len(unref):
            return unref[j]
        if gref is None:
            return allsyms[rnd.randrange(len(allsyms))] if allsyms else None
        return None

    # With a global_refs target: the first (gref - branches) data/text
    # references go to globals, the others to locals.
    refs = []
    nrefs = ntext // 2 + ndata
    for j in range(nrefs):
        s = data_sym(j)
        if s is None:
            if gref is not None and len(refs) + nb < gref - 0 and globs:
                s = globs[rnd.randrange(len(globs))]
            elif lf:
                s = lf[rnd.randrange(len(lf))]
            elif globs:
                s = globs[rnd.randrange(len(globs))]
            else:
                sys.exit('gen-module: no symbol to refer to')
        refs.append(s)
    # Globals-first order only decided who gets which symbol; mix again so
    # that text pairs and data words both have some of each.
    rnd.shuffle(refs)
    if len(unref) > nrefs:
        sys.exit('gen-module: too few relocations to refer to every '
                 'undefined symbol')
    text_refs, data_refs = refs[:ntext // 2], refs[ntext // 2:]

    w = out.write
    w('/* Generated by bench/gen-module.py %s */\n' % ' '.join(sys.argv[1:]))
    w('/* relocs=%d branches=%d targets=%d globals=%d undefined=%d '
      'locals=%d global_refs=%s */\n'
      % (n, nb, nt, len(mf), len(ks), len(lf), gref))
    if arm:
        w('\t.syntax unified\n\t.arm\n')
    ret = '\tbx lr\n' if arm else '\tret\n'
    # Functions.
    w('\t.section .text.funcs,"ax",%progbits\n')
    for s in mf:
        w('\t.global %s\n\t.type %s, %%function\n%s:\n%s' % (s, s, s, ret))
    for s in lf:
        w('\t.type %s, %%function\n%s:\n%s' % (s, s, ret))
    # Code: branches with non-branch pairs interleaved.
    w('\t.text\n\t.type module_code, %function\nmodule_code:\n')
    slots = [('b', x) for x in picks] + [('r', s) for s in text_refs]
    rnd.shuffle(slots)
    for kind, x in slots:
        if kind == 'b':
            k, s, ad = targets[x]
            op = ('bl' if k == 0 else 'b')
            w('\t%s %s%s\n' % (op, s, '+%d' % ad if ad else ''))
        elif arm:
            w('\tmovw r0, #:lower16:%s\n\tmovt r0, #:upper16:%s\n' % (x, x))
        else:
            w('\tadrp x0, %s\n\tadd x0, x0, :lo12:%s\n' % (x, x))
    w(ret)
    # Data.
    w('\t.data\n\t.balign 8\nmodule_data:\n')
    word = '.word' if arm else '.xword'
    for s in data_refs:
        w('\t%s %s\n' % (word, s))
    w('\t.section .note.GNU-stack,"",%progbits\n')
    return {'relocs': n, 'branches': nb, 'targets': nt,
            'globals': len(mf), 'undefined': len(ks), 'locals': len(lf)}


def main():
    ap = argparse.ArgumentParser(
        description='Write a synthetic ARM/AArch64 module as assembly.')
    ap.add_argument('--arch', choices=('arm', 'aarch64'), required=True)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument('--relocs', type=int, help='total relocations')
    mode.add_argument('--vendor', action='store_true',
                      help='257,394 relocations, 62,045 branches, '
                      '4,819 targets')
    mode.add_argument('--symbols', type=int, help='symbol-heavy module of '
                      'about this many .symtab entries')
    for k in ('branches', 'targets', 'globals', 'undefined', 'locals',
              'global-refs'):
        ap.add_argument('--' + k, type=int, default=None)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('-o', '--output', default='-')
    a = ap.parse_args()
    p = plan(a)
    out = sys.stdout if a.output == '-' else open(a.output, 'w')
    with out:
        got = generate(a, p, out)
    print('gen-module: %s' % ' '.join('%s=%d' % kv for kv in got.items()),
          file=sys.stderr)


if __name__ == '__main__':
    main()
