#!/usr/bin/env python3
"""perf.py -- what relopt costs, side by side with its peers, in one run.

  make bench-perf                 (from a configured build directory), or
  bench/perf.py --builddir BUILD [--out DIR] [--runs N] [--quick]

Rows (each a median of N interleaved runs, CPU = user + system time of
the child as wait4(2) reports it; peak memory: GNU time's %M of one
more run, see peak_rss).  Every timed run of sections 1, 2, 3 and 6
starts with nothing dirty (its setup ends in sync), so no tool is timed
while the kernel writes back what the run before it wrote; every timed run
starts with the CPU caches flushed (flush_cpu_caches), and in sections
1, 3 and 6 with its input read once after that (warm_read), as the
tool that wrote it leaves it:

  1. the command on the 25 largest modules of armhf, arm64 and amd64
     (Debian's, from the cache of scripts/common.sh): `relopt
     --hash-style=both --drop-signature -o OUT`, relopt in place (on a
     copy), `cp`, `objcopy IN OUT`, `llvm-objcopy IN OUT`; output on the
     same filesystem as the input.  Per architecture: the median over the
     modules of each tool's median CPU, and the ratios relopt/cp and
     relopt/objcopy.
  2. the plugin: `ld -r` of amdgpu.ko (amd64) and of a 16-object
     synthetic link, with and without `-plugin relopt.so -plugin-opt
     hash-style=both`, ld.bfd and gold; and the floor of any rewrite
     after the link that writes a new file and puts it in place of ld's,
     as the plugin does (doc/failure.md): ld, then `cp` of its output and
     `mv` of the copy over it, less `cp --version` and `mv --version`
     (the tools' own start and exit).
  3. scaling: synthetic AArch64 modules of 62,500 ... 1,000,000 symbols
     (bench/gen-module.py --symbols, 3.6 relocations per symbol), relopt
     time and peak memory against symbols; ratio per doubling, memory
     against 1.5 x file size + 16 MB.  Each size is timed on a copy
     written 4 KiB at a time and synced (page_cache_copy), the sizes'
     runs are interleaved round by round, and a step per doubling is the
     median of each round's ratio.
     Plot: perf-scaling.png (gnuplot).
  4. --strip-debug: the 25 largest modules of linux-image-*-amd64-dbg
     (scripts/common.sh relopt_kbuild_cache, dbg/), `relopt --strip-debug
     -o OUT IN` against `strip --strip-debug -o OUT IN`.  The route
     relopt takes is named: binutils strip as a child process, or its own
     (told by running it with no RELOPT_STRIP or CROSS_COMPILE and an
     empty PATH: a relopt that runs a strip program cannot find one).
  5. the install slot: kbuild's Makefile.modinst runs, per module,
     cmd_install (cp) then cmd_strip ($(STRIP) $(strip-option) FILE); for
     800 -dbg modules (every k-th by name), one shell loop of cp + `strip
     --strip-debug FILE` (INSTALL_MOD_STRIP=1 alone) against cp + `relopt
     --strip-debug FILE` (STRIP=relopt INSTALL_MOD_STRIP=1).  make, modpost,
     signing and compression, the same in both, are left out, so the
     ratio is an upper bound on the ratio of whole `make modules_install`
     runs.

  6. pass by pass (--only passes): the 25 largest modules of armhf,
     arm64 and amd64, interleaved: cp, objcopy, relopt with no pass (map,
     validate, copy: the floor of reading the file and writing it), each
     pass alone on top of it, relopt's defaults and --hash-style=both.  The
     difference to the no-pass run is what a pass costs.

Every row gives CPU and wall medians side by side; the last section
states each goal of issues 17 and 26 and whether this run met it.

Writes DIR/perf.txt (default bench/results) and prints it.  Not a test:
the numbers depend on the machine and its load; run it on a quiet one.
"""

import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cache_dir():
    out = subprocess.run(['sh', '-c', '. "$0" && relopt_cache',
                          os.path.join(HERE, '..', 'scripts', 'common.sh')],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def run(argv, stdout=subprocess.DEVNULL):
    """Run ARGV; return (cpu seconds, wall seconds, peak RSS bytes).

    The child is started with posix_spawn (glibc: clone with CLONE_VM |
    CLONE_VFORK), not fork: a forked child of this Python process pays
    for copying and then dropping Python's page tables before the exec,
    and wait4 charges that to the child, about 20 ms of CPU a run on the
    project machine (measured: /bin/true 25 ms forked, 5 ms spawned),
    the same for every tool, which pulled every ratio towards 1."""
    actions = []
    if stdout is subprocess.DEVNULL:
        actions = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                   (os.POSIX_SPAWN_DUP2, 1, 2)]
    t0 = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError('failed (%s): %s' % (status, ' '.join(argv)))
    return ru.ru_utime + ru.ru_stime, wall, ru.ru_maxrss * 1024


def peak_rss(argv, setup=None):
    """Peak RSS in bytes of one run of ARGV, as GNU time (/usr/bin/time
    -f %M) reports it, or None without it.  Not run()'s ru_maxrss: a
    child spawned from this process inherits Python's high-water mark
    (about 16 MB) at its exec; time's own child inherits time's (about
    2 MB)."""
    if not os.path.exists('/usr/bin/time'):
        return None
    if setup:
        setup()
    with tempfile.NamedTemporaryFile('r') as f:
        run(['/usr/bin/time', '-f', '%M', '-o', f.name] + argv)
        return int(f.read().split()[-1]) * 1024


def run_all(argv):
    """run() of ARGV, or of each command of a list of them in turn: the
    sums of their CPU and wall times, the largest peak RSS."""
    if not isinstance(argv[0], list):
        return run(argv)
    rs = [run(a) for a in argv]
    return (sum(r[0] for r in rs), sum(r[1] for r in rs),
            max(r[2] for r in rs))


FLUSH_BYTES = 64 << 20
_flush = []


def flush_cpu_caches():
    """Read FLUSH_BYTES (twice the project machine's 32 MiB last-level
    cache) into another buffer, so a timed run finds nothing of the run
    before it in the CPU caches.  Without it a run that follows another
    on the same input started warm, and the tool run first in a round
    cold: in the scaling section, BEFORE's run of each size right after
    this build's on the same 9 MB input gave 62.5k -> 125k steps of 2.08
    against this build's 1.93 (medians of ten runs, 2026-12-05), the
    code at those sizes being the same; in the corpus section relopt ran
    right after BEFORE on the same module, and the tools it is compared
    with after other inputs."""
    if not _flush:
        _flush.extend([bytearray(b'\1') * FLUSH_BYTES,
                       bytearray(FLUSH_BYTES)])
    _flush[1][:] = _flush[0]


def warm_read(path):
    """Read PATH once, through a 1 MiB buffer, so its bytes are in the
    CPU caches as far as they fit: as the linker that has just written a
    module, or the `cp' of kbuild's install, leaves it for the tool that
    runs next."""
    buf = bytearray(1 << 20)
    with open(path, 'rb', buffering=0) as f:
        while f.readinto(buf):
            pass


def median_runs(cases, runs, samples=None, warm=None):
    """CASES: name -> (setup or None, argv, or a list of argvs run in
    turn as one case).  Interleaved: each round runs every case once,
    each run after its setup, flush_cpu_caches and, when WARM (name ->
    path) names one, warm_read of its input: every run starts in the
    same state, whichever ran before it.  Returns name -> (median cpu,
    median wall, max rss); SAMPLES, a dict, gets name -> every round's
    CPU, in round order."""
    res = {k: [] for k in cases}
    for name, (setup, argv) in cases.items():  # warm-up (page cache)
        if setup:
            setup()
        run_all(argv)
    for _ in range(runs):
        for name, (setup, argv) in cases.items():
            if setup:
                setup()
            flush_cpu_caches()
            if warm and name in warm:
                warm_read(warm[name])
            res[name].append(run_all(argv))
    if samples is not None:
        samples.update({k: [r[0] for r in v] for k, v in res.items()})
    return {k: (statistics.median(r[0] for r in v),
                statistics.median(r[1] for r in v),
                max(r[2] for r in v)) for k, v in res.items()}


def largest(arch, n):
    files = glob.glob(os.path.join(cache_dir(), 'unpacked', arch,
                                   'lib/modules/*/kernel/**/*.ko'),
                      recursive=True)
    files.sort(key=lambda f: (-os.path.getsize(f), f))
    return files[:n]


def kbuild_cache_dir():
    out = subprocess.run(['sh', '-c', '. "$0" && relopt_kbuild_cache',
                          os.path.join(HERE, '..', 'scripts', 'common.sh')],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def dbg_modules():
    """Every .ko of the unpacked linux-image-*-amd64-dbg, sorted by name."""
    return sorted(glob.glob(os.path.join(
        kbuild_cache_dir(), 'dbg', 'usr/lib/debug/lib/modules/*/kernel/**/*.ko'),
        recursive=True))


GOALS = []

# --before BUILDDIR: another build's relopt and plugin, run interleaved
# with this one's in the corpus, plugin and scaling sections, so a
# change is measured before/after under the same load.
BEFORE = {'relopt': None, 'plugin': None}


def goal(text, value, limit, fmt='%.2f'):
    """Record goal TEXT: VALUE <= LIMIT (None: not measured)."""
    if value is None:
        GOALS.append('%-58s %8s  <= %-5s NOT MEASURED' % (text, '-', limit))
    else:
        GOALS.append('%-58s %8s  <= %-5s %s'
                     % (text, fmt % value, limit,
                        'met' if value <= limit else 'MISSED'))


def corpus_rows(relopt, work, runs, n, out):
    tools = {'cp': ['cp'], 'objcopy': ['objcopy']}
    if shutil.which('llvm-objcopy'):
        tools['llvm-objcopy'] = ['llvm-objcopy']
    out.append('## 1. the command, %d largest modules per architecture, '
               'median of %d interleaved runs each (CPU s = user + sys)'
               % (n, runs))
    out.append('%-6s %8s %8s %8s %8s %8s %8s | %7s %7s %7s | %s'
               % ('arch', 'relopt', 'inplace', 'cp', 'objcopy', 'llvm-obj',
                  'MB', 'r/cp', 'r/objc', 'ip/cp', 'peak RSS / (1.5 x '
                  'file + 16 MB), max'))
    walls = []
    befores = []
    for arch in ('armhf', 'arm64', 'amd64'):
        mods = largest(arch, n)
        if not mods:
            out.append('%-6s SKIPPED: no modules in the cache '
                       '(scripts/fetch-kernel-debs.sh)' % arch)
            continue
        per = {k: [] for k in ['relopt', 'inplace'] + list(tools)}
        wall = {k: [] for k in per}
        rss_ratio = []
        size = 0
        for m in mods:
            size += os.path.getsize(m)
            dst = os.path.join(work, 'out.ko')
            inpl = os.path.join(work, 'inplace.ko')

            def fresh_copy(src=m):
                shutil.copyfile(src, inpl)
                os.sync()

            def rm_dst():
                if os.path.exists(dst):
                    os.unlink(dst)
                os.sync()
            cases = {'relopt': (rm_dst, [relopt, '--hash-style=both',
                                         '--drop-signature', '-o', dst, m]),
                     'inplace': (fresh_copy, [relopt, '--hash-style=both',
                                              '--drop-signature', inpl])}
            for t, argv in tools.items():
                cases[t] = (rm_dst, argv + [m, dst])
            if BEFORE['relopt']:
                cases['before'] = (rm_dst, [BEFORE['relopt'],
                                            '--hash-style=both',
                                            '--drop-signature', '-o', dst, m])
            warm = {k: m for k in cases}
            warm['inplace'] = inpl
            r = median_runs(cases, runs, warm=warm)
            for k in r:
                per.setdefault(k, []).append(r[k][0])
                wall.setdefault(k, []).append(r[k][1])
            rss_ratio.append((peak_rss(cases['relopt'][1], rm_dst)
                              or r['relopt'][2])
                             / (1.5 * os.path.getsize(m) + 16e6))
        med = {k: statistics.median(v) for k, v in per.items()}
        rr = max(rss_ratio)
        out.append('%-6s %8.4f %8.4f %8.4f %8.4f %8s %8.1f | %7.2f %7.2f '
                   '%7.2f | %.2f'
                   % (arch, med['relopt'], med['inplace'], med['cp'],
                      med['objcopy'],
                      '%.4f' % med['llvm-objcopy'] if 'llvm-objcopy' in med
                      else '-', size / 1e6,
                      med['relopt'] / max(med['cp'], 1e-6),
                      med['relopt'] / max(med['objcopy'], 1e-6),
                      med['inplace'] / max(med['cp'], 1e-6), rr))
        wmed = {k: statistics.median(v) for k, v in wall.items()}
        walls.append('%-6s %8.4f %8.4f %8.4f %8.4f %8s %8s | %7.2f %7.2f '
                     '%7.2f |'
                     % (arch, wmed['relopt'], wmed['inplace'], wmed['cp'],
                        wmed['objcopy'],
                        '%.4f' % wmed['llvm-objcopy']
                        if 'llvm-objcopy' in wmed else '-', '',
                        wmed['relopt'] / max(wmed['cp'], 1e-6),
                        wmed['relopt'] / max(wmed['objcopy'], 1e-6),
                        wmed['inplace'] / max(wmed['cp'], 1e-6)))
        if 'before' in med:
            befores.append('%-6s relopt/cp %.2f -> %.2f, relopt/objcopy %.2f '
                           '-> %.2f (CPU s %.4f -> %.4f)'
                           % (arch, med['before'] / max(med['cp'], 1e-6),
                              med['relopt'] / max(med['cp'], 1e-6),
                              med['before'] / max(med['objcopy'], 1e-6),
                              med['relopt'] / max(med['objcopy'], 1e-6),
                              med['before'], med['relopt']))
        goal('rewrite -o, %s: relopt / cp, CPU' % arch,
             med['relopt'] / max(med['cp'], 1e-6), 1.5)
        goal('rewrite -o, %s: relopt / objcopy, CPU' % arch,
             med['relopt'] / max(med['objcopy'], 1e-6), 0.4)
    if walls:
        out.append('wall-clock medians (s), the same runs:')
        out.extend(walls)
    if befores:
        out.append('before (%s) -> this build, the same interleaved runs:'
                   % BEFORE['relopt'])
        out.extend(befores)


PASSES = [
    ('no pass', ['--hash-style=none', '--no-merge-strtab',
                 '--no-sort-branch-relocs', '--addr-order=no']),
    ('+ branch order', ['--hash-style=none', '--no-merge-strtab',
                        '--addr-order=no']),
    ('+ strtab merge', ['--hash-style=none', '--no-sort-branch-relocs',
                        '--addr-order=no']),
    ('+ .gnu.hash', ['--hash-style=gnu', '--no-merge-strtab',
                     '--no-sort-branch-relocs', '--addr-order=no']),
    ('+ .hash', ['--hash-style=sysv', '--no-merge-strtab',
                 '--no-sort-branch-relocs', '--addr-order=no']),
    ('+ .addrorder', ['--hash-style=none', '--no-merge-strtab',
                      '--no-sort-branch-relocs', '--addr-order=yes']),
    ('defaults', []),
    ('--hash-style=both', ['--hash-style=both']),
]


def passes_rows(relopt, work, runs, n, out):
    """Pass by pass: each pass alone over the no-pass run, per arch."""
    out.append('')
    out.append('## 6. pass by pass, the %d largest modules per architecture, '
               'median of %d interleaved runs each; CPU ms (user + sys), '
               'and over the no-pass run' % (n, runs))
    dst = os.path.join(work, 'pass.ko')

    def rm_dst():
        if os.path.exists(dst):
            os.unlink(dst)
        os.sync()
    for arch in ('armhf', 'arm64', 'amd64'):
        mods = largest(arch, n)
        if not mods:
            out.append('%-6s SKIPPED: no modules in the cache' % arch)
            continue
        per = {}
        for m in mods:
            cases = {name: (rm_dst, [relopt] + flags + ['--drop-signature',
                                                        '-o', dst, m])
                     for name, flags in PASSES}
            cases['cp'] = (rm_dst, ['cp', m, dst])
            cases['objcopy'] = (rm_dst, ['objcopy', m, dst])
            for k, v in median_runs(cases, runs,
                                    warm={k: m for k in cases}).items():
                per.setdefault(k, []).append(v[0])
        med = {k: 1000 * statistics.median(v) for k, v in per.items()}
        base = med['no pass']
        out.append('%s:' % arch)
        for k in ['cp', 'objcopy'] + [name for name, _ in PASSES]:
            extra = ''
            if k in dict(PASSES) and k != 'no pass':
                extra = '%+8.2f' % (med[k] - base)
            out.append('  %-22s %8.2f %s' % (k, med[k], extra))


def plugin_rows(plugin, work, runs, out):
    out.append('')
    out.append('## 2. the plugin: ld -r with and without it, median wall '
               'and CPU of %d interleaved runs' % runs)
    inputs = {}
    amdgpu = [m for m in largest('amd64', 40)
              if os.path.basename(m) == 'amdgpu.ko']
    if amdgpu:
        inputs['amdgpu.ko'] = amdgpu
    syn = build_host_objects(work)
    if syn:
        inputs['16 objects'] = syn
    for ld in ('ld.bfd', 'ld.gold'):
        if not shutil.which(ld):
            continue
        for name, ins in inputs.items():
            o = os.path.join(work, 'ld.o')
            # The floor of any post-link rewrite that writes a new file
            # and renames it over ld's, as the plugin does: ld, then a
            # copy of its output (cp: one copy_file_range) renamed over
            # it (mv: the rename drops ld's file, whose pages the kernel
            # then frees), less the tools' own start and exit
            # (--version).
            # Each run starts with nothing dirty: the rename of cp's
            # copy makes ext4 write it back at once (auto_da_alloc, for
            # a file renamed over another), and ld's removal of it as
            # the next run starts waited for that, 5-6 ms of wall time
            # (2026-12-05).  The floor is timed in rounds of its own,
            # with a plain ld of their own: interleaved with the plugin,
            # the run after it (the plugin) took 1.18-1.35 x ld where
            # the same plugin one place later took 1.08-1.23, whichever
            # build it was (2026-12-05).
            copy = os.path.join(work, 'ld-copy.o')
            cases = {'plain': (os.sync, [ld, '-r', '-o', o] + ins),
                     'plugin': (os.sync, [ld, '-r', '-plugin', plugin,
                                          '-plugin-opt', 'hash-style=both',
                                          '-o', o] + ins)}
            if BEFORE['plugin']:
                cases['before'] = (os.sync, [ld, '-r', '-plugin',
                                             BEFORE['plugin'], '-plugin-opt',
                                             'hash-style=both', '-o', o]
                                   + ins)
            r = median_runs(cases, runs)
            f = median_runs({'plain': (os.sync, [ld, '-r', '-o', o] + ins),
                             'floor': (os.sync, [[ld, '-r', '-o', o] + ins,
                                                 ['cp', o, copy],
                                                 ['mv', copy, o]]),
                             'cp start': (os.sync, ['cp', '--version']),
                             'mv start': (os.sync, ['mv', '--version'])},
                            runs)
            out.append('%-8s %-11s plain %.4f s wall %.4f s cpu | plugin '
                       '%.4f s wall %.4f s cpu | ratio wall %.2f cpu %.2f'
                       % (ld, name, r['plain'][1], r['plain'][0],
                          r['plugin'][1], r['plugin'][0],
                          r['plugin'][1] / r['plain'][1],
                          r['plugin'][0] / max(r['plain'][0], 1e-6)))
            floor = tuple(f['floor'][k] - f['cp start'][k] - f['mv start'][k]
                          for k in (0, 1))
            out.append('%-8s %-11s floor (ld, then cp of its output and mv '
                       'over it, less both tools\' --version; rounds of its '
                       'own, plain ld %.4f s cpu): %.4f s wall %.4f s cpu | '
                       'ratio wall %.2f cpu %.2f'
                       % (ld, name, f['plain'][0], floor[1], floor[0],
                          floor[1] / f['plain'][1],
                          floor[0] / max(f['plain'][0], 1e-6)))
            if 'before' in r:
                out.append('%-8s %-11s before: plugin %.4f s wall %.4f s cpu'
                           ' | ratio wall %.2f cpu %.2f'
                           % (ld, name, r['before'][1], r['before'][0],
                              r['before'][1] / r['plain'][1],
                              r['before'][0] / max(r['plain'][0], 1e-6)))
            if ld == 'ld.bfd' and name == 'amdgpu.ko':
                goal('plugin, ld.bfd -r amdgpu.ko: with / without, CPU',
                     r['plugin'][0] / max(r['plain'][0], 1e-6), 1.15)
                goal('plugin, ld.bfd -r amdgpu.ko: with / without, wall',
                     r['plugin'][1] / max(r['plain'][1], 1e-6), 1.15)
                goal('  its floor: ld, a copy put in place of its output, CPU',
                     floor[0] / max(f['plain'][0], 1e-6), 1.15)


def build_host_objects(work):
    """16 x86_64 objects of 2,048 functions each, calling each other."""
    d = os.path.join(work, 'host16')
    os.makedirs(d, exist_ok=True)
    objs = []
    for i in range(16):
        o = os.path.join(d, 'p%02d.o' % i)
        if not os.path.exists(o):
            src = os.path.join(d, 'p%02d.s' % i)
            with open(src, 'w') as f:
                f.write('\t.text\n')
                for j in range(2048):
                    f.write('\t.globl f%d_%d\n\t.type f%d_%d,@function\n'
                            'f%d_%d:\n\tcall f%d_%d\n\tcall ext%d\n\tret\n'
                            % (i, j, i, j, i, j, (i + 1) % 16,
                               (j * 7) % 2048, j % 97))
            subprocess.run(['as', '-o', o, src], check=True)
        objs.append(o)
    return objs


def page_cache_copy(src, dst):
    """DST: a copy of SRC written 4 KiB at a time, then synced, so its
    pages are cached as Linux 6.1 (Debian 12's kernel) caches every ext4
    file, in 4 KiB pages.  Newer kernels (6.18 on the project machine)
    cache a file in folios whose size follows how it was written or read
    (gas's writes, a sequential read, a reread after the page cache was
    reclaimed), and relopt's first pass over a mapped input costs what its
    page faults cost: the 1M module's read and parse took 5.6 ms with 88
    faults after the file was dropped from the cache and read with cat,
    14.0 ms with 1,689 faults after 4 KiB writes; the 125k module's 1.1 ms
    (85 faults) or 2.2 ms (215), the same bytes (bench/README.md,
    "Scaling")."""
    with open(src, 'rb') as f, open(dst, 'wb', buffering=0) as g:
        while True:
            chunk = f.read(4096)
            if not chunk:
                break
            g.write(chunk)
    os.sync()


def scaling_rows(relopt, work, runs, quick, out):
    out.append('')
    out.append('## 3. scaling: synthetic AArch64 modules (gen-module.py '
               '--symbols S), relopt --hash-style=both -o, median of %d '
               'rounds (x/doubl: of each round\'s ratio)' % runs)
    out.append('%9s %10s %9s %9s %9s %10s %8s %8s'
               % ('symbols', 'relocs', 'file MB', 'cpu s', 'wall s',
                  'peak MB', 'x/doubl', 'rss lim'))
    sizes = [62500, 125000, 250000] if quick else \
        [62500, 125000, 250000, 500000, 1000000]
    dat = []
    before_rows = []
    # Every input is made, and written back to disk, before the first
    # timed run, and every run starts with nothing dirty (rm_dst syncs),
    # so no run is timed while the kernel writes back the 36-146 MB that
    # gas or the run before has just written.  Three runs of this
    # section on a quiet machine (2026-12-05) timed the 250k module at
    # 55, 90 and 71 ms without the syncs, 58, 54 and 67 ms with them.
    for s in sizes:
        obj = os.path.join(work, 's%d.o' % s)
        if not os.path.exists(obj):
            src = os.path.join(work, 's%d.s' % s)
            with open(src, 'w') as f:
                subprocess.run([sys.executable,
                                os.path.join(HERE, 'gen-module.py'),
                                '--arch', 'aarch64', '--symbols', str(s)],
                               stdout=f, check=True)
            subprocess.run(['aarch64-linux-gnu-as', '-o', obj, src],
                           check=True)
            os.unlink(src)
    os.sync()
    # Every size is timed on its own fresh copy in the same page-cache
    # state (page_cache_copy): the inputs made above are the same bytes,
    # but their pages have a history (what gas wrote, what the machine
    # reclaimed while other sizes ran).  The sizes' runs are interleaved,
    # round by round, as are this build's and BEFORE's, and a step is the
    # median of each round's ratio (step below): times measured side by
    # side, so a slow minute on the host slows both sizes of a ratio
    # alike.  (Timed size after size, the 62.5k module's median of 11 runs
    # was 12-15 ms from one run of this section to the next, and its first
    # step 1.60-2.12; 2026-12-05.)
    dst = os.path.join(work, 'scaled.o')

    def rm_dst():
        if os.path.exists(dst):
            os.unlink(dst)
        os.sync()
    objs, nrels, cases = {}, {}, {}
    for s in sizes:
        objs[s] = os.path.join(work, 'scaled-in%d.o' % s)
        page_cache_copy(os.path.join(work, 's%d.o' % s), objs[s])
        nrels[s] = int(subprocess.run(
            ['sh', '-c', 'readelf -r -W "$0" | grep -c "^[0-9a-f]"', objs[s]],
            capture_output=True, text=True).stdout.strip() or 0)
        cases[('relopt', s)] = (rm_dst, [relopt, '--hash-style=both', '-o',
                                         dst, objs[s]])
        if BEFORE['relopt']:
            cases[('before', s)] = (rm_dst, [BEFORE['relopt'],
                                             '--hash-style=both', '-o', dst,
                                             objs[s]])
    samples = {}
    med = median_runs(cases, runs, samples,
                      warm={k: objs[k[1]] for k in cases})

    def step(build, s):
        """The step to size S from the size before: the median over the
        rounds of each round's ratio (the two runs a few hundred ms
        apart), or None for the first size."""
        i = sizes.index(s)
        if i == 0:
            return None
        return statistics.median(
            a / b for a, b in zip(samples[(build, s)],
                                  samples[(build, sizes[i - 1])]))
    for s in sizes:
        obj, nrel = objs[s], nrels[s]
        cpu, wall, rss = med[('relopt', s)]
        x = step('relopt', s)
        if ('before', s) in med:
            bcpu, bx = med[('before', s)][0], step('before', s)
            before_rows.append('%9d  before %.3f s%s -> this build %.3f s%s'
                               % (s, bcpu, ' (x%.2f)' % bx if bx else '',
                                  cpu, ' (x%.2f)' % x if x else ''))
        rss = peak_rss([relopt, '--hash-style=both', '-o', dst, obj],
                       rm_dst) or rss
        fsize = os.path.getsize(obj)
        limit = 1.5 * fsize + 16e6
        ratio = '%.2f' % x if x else '-'
        out.append('%9d %10d %9.1f %9.3f %9.3f %10.1f %8s %8s'
                   % (s, nrel, fsize / 1e6, cpu, wall, rss / 1e6, ratio,
                      'ok' if rss <= limit else 'OVER'))
        if ratio != '-':
            goal('scaling %dk -> %dk symbols: CPU per doubling'
                 % (s / 2000, s / 1000), float(ratio), 2.1)
        goal('scaling %dk symbols: peak RSS / (1.5 x file + 16 MB)'
             % (s / 1000), rss / limit, 1.0)
        dat.append((s, cpu, rss / 1e6, fsize / 1e6))
    for obj in objs.values():
        os.unlink(obj)
    if before_rows:
        out.append('before (%s), CPU medians of the same interleaved runs '
                   '(x: per doubling, as x/doubl above):' % BEFORE['relopt'])
        out.extend(before_rows)
    return dat


def strip_route(relopt, work, mod):
    """How relopt --strip-debug strips: 'in-process' when it succeeds with
    no RELOPT_STRIP or CROSS_COMPILE and PATH naming an empty directory (no
    strip program can be found, so none ran), else 'binutils strip
    child'.  (RELOPT_STRIP=false no longer tells: relopt runs the program
    RELOPT_STRIP names.)"""
    dst = os.path.join(work, 'route.ko')
    empty = os.path.join(work, 'empty-path')
    os.makedirs(empty, exist_ok=True)
    env = {k: v for k, v in os.environ.items()
           if k not in ('RELOPT_STRIP', 'CROSS_COMPILE')}
    env['PATH'] = empty
    r = subprocess.run([relopt, '--strip-debug', '-o', dst, mod], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return 'in-process' if r.returncode == 0 else 'binutils strip child'


def strip_rows(relopt, work, runs, n, out):
    out.append('')
    mods = dbg_modules()
    out.append('## 4. --strip-debug, the %d largest -dbg amd64 modules, median '
               'of %d interleaved runs each' % (n, runs))
    if not mods:
        out.append('SKIPPED: no -dbg modules in %s/dbg (make check-kbuild-dbg '
                   'fetches them)' % kbuild_cache_dir())
        goal('strip-debug: relopt / strip --strip-debug, CPU', None, 1.0)
        return
    mods.sort(key=lambda f: (-os.path.getsize(f), f))
    mods = mods[:n]
    strip = shutil.which('strip')
    route = strip_route(relopt, work, mods[-1])
    dst = os.path.join(work, 'sd.ko')

    def rm_dst():
        if os.path.exists(dst):
            os.unlink(dst)
    per = {'relopt': [], 'strip': []}
    wall = {'relopt': [], 'strip': []}
    for m in mods:
        r = median_runs({'relopt': (rm_dst, [relopt, '--strip-debug', '-o',
                                             dst, m]),
                         'strip': (rm_dst, [strip, '--strip-debug', '-o',
                                            dst, m])}, runs)
        for k in per:
            per[k].append(r[k][0])
            wall[k].append(r[k][1])
    cpu = {k: statistics.median(v) for k, v in per.items()}
    wl = {k: statistics.median(v) for k, v in wall.items()}
    out.append('relopt --strip-debug route: %s' % route)
    out.append('%-24s %9s %9s' % ('', 'CPU s', 'wall s'))
    out.append('%-24s %9.4f %9.4f' % ('relopt --strip-debug -o', cpu['relopt'],
                                      wl['relopt']))
    out.append('%-24s %9.4f %9.4f' % ('strip --strip-debug -o', cpu['strip'],
                                      wl['strip']))
    out.append('%-24s %9.2f %9.2f' % ('ratio', cpu['relopt'] / cpu['strip'],
                                      wl['relopt'] / wl['strip']))
    goal('strip-debug (%s): relopt / strip, CPU' % route,
         cpu['relopt'] / max(cpu['strip'], 1e-6), 1.0)


def install_rows(relopt, work, runs, n, out):
    out.append('')
    mods = dbg_modules()
    if not mods:
        out.append('## 5. install slot: SKIPPED (no -dbg modules)')
        goal('install slot: STRIP=relopt / strip, CPU', None, 1.1)
        return
    step = max(1, len(mods) // n)
    mods = mods[::step][:n]
    out.append('## 5. install slot (kbuild cmd_install + cmd_strip), %d -dbg '
               'amd64 modules (every %dth by name), one shell loop, median of '
               '%d interleaved runs' % (len(mods), step, runs))
    lst = os.path.join(work, 'install.list')
    with open(lst, 'w') as f:
        f.write(''.join(m + '\n' for m in mods))
    dest = os.path.join(work, 'inst')
    loop = ('mkdir -p "$2" && while read -r m; do d="$2/${m##*/}"; '
            'cp "$m" "$d" && $3 --strip-debug "$d" || exit 1; '
            'done < "$1"')
    cases = {'strip': (None, ['sh', '-c', loop, 'slot', lst, dest, 'strip']),
             'relopt': (None, ['sh', '-c', loop, 'slot', lst, dest, relopt])}
    r = median_runs(cases, runs)
    shutil.rmtree(dest, ignore_errors=True)
    out.append('%-34s %9s %9s' % ('', 'CPU s', 'wall s'))
    out.append('%-34s %9.3f %9.3f' % ('INSTALL_MOD_STRIP=1 (strip)',
                                      r['strip'][0], r['strip'][1]))
    out.append('%-34s %9.3f %9.3f' % ('STRIP=relopt INSTALL_MOD_STRIP=1',
                                      r['relopt'][0], r['relopt'][1]))
    out.append('%-34s %9.2f %9.2f' % ('ratio', r['relopt'][0] / r['strip'][0],
                                      r['relopt'][1] / r['strip'][1]))
    goal('install slot, %d modules: STRIP=relopt / strip, CPU' % len(mods),
         r['relopt'][0] / max(r['strip'][0], 1e-6), 1.1)
    goal('install slot, %d modules: STRIP=relopt / strip, wall' % len(mods),
         r['relopt'][1] / max(r['strip'][1], 1e-6), 1.1)


def plot(dat, outdir):
    if not shutil.which('gnuplot') or not dat:
        return 'perf-scaling.png: not drawn (gnuplot not installed: ' \
            'apt-get install gnuplot-nox)'
    d = os.path.join(outdir, 'perf-scaling.dat')
    with open(d, 'w') as f:
        for row in dat:
            f.write('%d %.4f %.2f %.2f\n' % row)
    png = os.path.join(outdir, 'perf-scaling.png')
    script = '''set terminal png size 900,500
set output '%s'
set logscale xy
set xlabel 'symbols'
set ylabel 'CPU seconds'
set y2label 'MB'
set y2tics
set logscale y2
set key left top
set title 'relopt --hash-style=both on synthetic AArch64 modules'
plot '%s' using 1:2 with linespoints title 'CPU s', \\
     '' using 1:3 axes x1y2 with linespoints title 'peak RSS MB', \\
     '' using 1:(1.5*$4+16) axes x1y2 with lines dt 2 title '1.5 x file + 16 MB'
''' % (png, d)
    subprocess.run(['gnuplot'], input=script, text=True, check=True)
    return 'plot: ' + png


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--builddir', default='.')
    ap.add_argument('--out', default='bench/results')
    ap.add_argument('--runs', type=int, default=7)
    ap.add_argument('--modules', type=int, default=25)
    ap.add_argument('--quick', action='store_true')
    ap.add_argument('--install-modules', type=int, default=800)
    ap.add_argument('--only', default=None,
                    help='comma-separated sections to run (corpus, plugin, '
                    'scaling, strip, install, passes); default all')
    ap.add_argument('--before', default=None, metavar='BUILDDIR',
                    help='another build directory whose relopt and plugin '
                    'run interleaved with this one\'s (corpus, plugin, '
                    'scaling): before/after under the same load')
    ap.add_argument('--work', default=None,
                    help='scratch directory on the modules\' filesystem '
                    '(default: a new one under /var/tmp, removed after)')
    a = ap.parse_args()
    relopt = os.path.abspath(os.path.join(a.builddir, 'src', 'relopt'))
    plugin = os.path.abspath(os.path.join(a.builddir, 'plugin', '.libs',
                                          'relopt.so'))
    if a.quick:
        a.runs, a.modules, a.install_modules = 3, 5, 80
    if a.before:
        BEFORE['relopt'] = os.path.abspath(os.path.join(a.before, 'src',
                                                        'relopt'))
        BEFORE['plugin'] = os.path.abspath(os.path.join(
            a.before, 'plugin', '.libs', 'relopt.so'))
    only = set(a.only.split(',')) if a.only else None

    def want(section):
        return only is None or section in only
    os.makedirs(a.out, exist_ok=True)
    work = a.work or tempfile.mkdtemp(prefix='relopt-perf.', dir='/var/tmp')
    out = ['relopt performance, %s, %s, %d CPUs' % (
        time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()),
        os.uname().release, os.cpu_count()),
        'command: bench/perf.py --builddir %s --runs %d --modules %d%s%s%s'
        % (a.builddir, a.runs, a.modules, ' --quick' if a.quick else '',
           ' --only ' + a.only if a.only else '',
           ' --before ' + a.before if a.before else ''),
        'load average at the start: %.2f %.2f %.2f' % os.getloadavg(), '']
    def save():
        """Write what is measured so far (a long run stopped early keeps
        its finished sections)."""
        with open(os.path.join(a.out, 'perf.txt'), 'w') as f:
            f.write('\n'.join(out + [''] + GOALS) + '\n')
    try:
        if want('corpus'):
            corpus_rows(relopt, work, a.runs, a.modules, out)
            save()
        if want('plugin'):
            plugin_rows(plugin, work, a.runs, out)
            save()
        if want('strip'):
            strip_rows(relopt, work, a.runs, a.modules, out)
            save()
        if want('install'):
            install_rows(relopt, work, max(3, a.runs // 2),
                         a.install_modules, out)
            save()
        if want('passes'):
            passes_rows(relopt, work, a.runs, a.modules, out)
            save()
        if want('scaling'):
            dat = scaling_rows(relopt, work, a.runs, a.quick, out)
            out.append(plot(dat, a.out))
        out.append('')
        out.append('load average at the end: %.2f %.2f %.2f' % os.getloadavg())
        out.append('')
        out.append('## goals (issues 17 and 26), this run')
        out.extend(GOALS)
    finally:
        if a.work is None:
            shutil.rmtree(work, ignore_errors=True)
    text = '\n'.join(out) + '\n'
    with open(os.path.join(a.out, 'perf.txt'), 'w') as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == '__main__':
    main()
