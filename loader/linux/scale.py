#!/usr/bin/env python3
"""scale.py GEN_MODULE ARCH DIR: write a kbuild external-module directory DIR
with one loadable module per row of the 2016 table (Jongsung Kim, "arm:
module-plts: improve algorithm for counting PLTs", LKML, 16 Aug 2016:
relocations 15 to 245,760 with the distinct PLT targets measured then) plus
the "large vendor module" of that report (257,394 relocations, 4,819
distinct targets), for the boot test's --scale mode.

Each module is a tiny C init/exit (stub.c) linked with the assembly that
bench/gen-module.py (GEN_MODULE) writes for ARCH (arm or arm64): branches
to the targets and non-branch relocations interleaved in .text, data words
in .data, in the order an assembler writes them.  gen-module's "undefined"
symbols (ks_N, standing for kernel exports) are defined here in a section
of their own, so the module loads without exports while every branch to
them still needs a PLT slot (target in another section).  The total
relocation count and the distinct (type, symbol, addend) targets of the
branches are what the 2016 table lists; branches are 24% of relocations,
as in that vendor module (gen-module.py's ratios).

Prints one line per module: "NAME RELOCS TARGETS ON2_US ON_US" (the 2016
times, "-" where the report gives none), the list boot-test.sh and
parse-log.py --scale read."""
import os, re, subprocess, sys

# The 2016 table (Cortex-A53 at 1 GHz, microseconds): relocations, distinct
# PLTs, time of the O(n^2) count of the time, time of the proposed hash-set
# count; then the vendor module of that report ("about 10 seconds", "< 20
# msec" after the change: no exact figures, so none here).
POINTS = [(15, 1, 1, 27), (30, 6, 1, 29), (60, 14, 5, 31), (120, 26, 15, 32),
          (240, 47, 51, 36), (480, 88, 216, 50), (960, 125, 560, 67),
          (1920, 191, 1476, 106), (3840, 253, 5731, 179),
          (7680, 431, 21226, 347), (15360, 637, 88211, 698),
          (30720, 1291, 331626, 1369), (61440, 1902, 803964, 2917),
          (122880, 3320, 4129439, 6428), (245760, 4646, 8837064, 13024),
          (257394, 4819, None, None)]

STUB = r'''// SPDX-License-Identifier: GPL-2.0
/* relopt boot test: generated module for the PLT scale table */
#include <linux/init.h>
#include <linux/module.h>

static int __init scale_init(void)
{
	return 0;
}

static void __exit scale_exit(void)
{
}

module_init(scale_init);
module_exit(scale_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("relopt PLT scale test module");
'''


def main():
    gen, arch, d = sys.argv[1:4]
    os.makedirs(d, exist_ok=True)
    kbuild = []
    for relocs, targets, on2, on in POINTS:
        name = 'scale_%d' % relocs
        asm = os.path.join(d, name + '_gen.S')
        # gen-module.py's own symbol counts for this many targets (it
        # derives them from its default target count otherwise)
        und = max(1, round(0.65 * targets))
        if not os.path.exists(asm):
            subprocess.run([sys.executable, gen, '--arch',
                            'aarch64' if arch == 'arm64' else 'arm',
                            '--relocs', str(relocs), '--targets',
                            str(targets), '--undefined', str(und),
                            '--globals', str(targets - und + relocs // 100),
                            '-o', asm + '.tmp'],
                           check=True, stderr=subprocess.DEVNULL)
            s = open(asm + '.tmp').read()
            m = re.search(r'undefined=(\d+)', s)
            ret = '\tbx lr\n' if arch == 'arm' else '\tret\n'
            defs = ['\t.section .text.ks,"ax",%progbits\n']
            if arch == 'arm':
                defs.append('\t.arm\n')
            for i in range(int(m.group(1))):
                defs.append('\t.type ks_%d, %%function\nks_%d:\n%s'
                            % (i, i, ret))
            # before the .note.GNU-stack line that ends the file
            tail = '\t.section .note.GNU-stack'
            k = s.rindex(tail)
            s = s[:k] + ''.join(defs) + s[k:]
            open(asm + '.tmp', 'w').write(s)
            os.rename(asm + '.tmp', asm)
        stub = os.path.join(d, name + '_stub.c')
        open(stub, 'w').write(STUB)
        kbuild.append('obj-m += %s.o\n%s-y := %s_stub.o %s_gen.o\n'
                      % (name, name, name, name))
        print('%s %d %d %s %s' % (name, relocs, targets,
                                  on2 if on2 else '-', on if on else '-'))
    open(os.path.join(d, 'Kbuild'), 'w').write(''.join(kbuild))


if __name__ == '__main__':
    main()
