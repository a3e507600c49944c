#!/usr/bin/env python3
"""Add relopt-plt debug output (timing, per-section PLT counts, entries used)
to arch/{arm,arm64}/kernel/module-plts.c and module.c of a 6.1 or 6.12 tree,
patched with the sort-skip patches or not.
Usage: instrument.py SRCDIR [ARCH]   (ARCH arm or arm64; default both)

Per module load, module_frob_arch_sections() prints the guest ns spent in its
per-section loop (ktime_get_ns(); under qemu -icount shift=0 one ns is one
guest instruction) and, on the patched kernel, the part of it spent in order
checks that failed (the first count_plts() pass on a section that is then
sorted): "frob_ns N check_ns M".  An anchor given as a tuple is a list of
alternatives (the first found is used), for text that differs between
kernel versions."""
import sys, os
src = sys.argv[1]
arches = sys.argv[2:3] or ['arm64', 'arm']

def edit(path, pairs):
    p = os.path.join(src, path)
    s = open(p).read()
    for old, new in pairs:
        alts = old if isinstance(old, tuple) else (old,)
        for old in alts:
            if old in s:
                break
        else:
            sys.exit("instrument.py: anchor not found in %s:\n%s" % (path, alts[0]))
        s = s.replace(old, new(old) if callable(new) else new, 1)
    open(p, 'w').write(s)

START = '''		/* ignore relocations that operate on non-exec sections */
		if (!(dstsec->sh_flags & SHF_EXECINSTR))
			continue;
'''
DECL = '''	u64 dbg_t0, dbg_ns = 0, dbg_check_ns = 0;
	unsigned long dbg_before;
	int dbg_sorted, dbg_nsorted = 0, dbg_nsec = 0;
'''
def stop(plt_expr):
    return '''
		dbg_ns += ktime_get_ns() - dbg_t0;
		dbg_nsec++;
		dbg_nsorted += dbg_sorted;
		pr_info("relopt-plt: %s: sec %s relocs %d plts %lu %s\\n",
			mod->name, secstrings + ''' + plt_expr + '''.sh_name, numrels,
			core_plts + init_plts - dbg_before,
			dbg_sorted ? "sorted" : "skipped");
	}
'''
def total(init):
    return '''	pr_info("relopt-plt: %s: frob_ns %llu check_ns %llu core_plts %lu init_plts %lu sorted %d/%d\\n",
		mod->name, dbg_ns, dbg_check_ns, core_plts, init_plts''' + init + ''', dbg_nsorted, dbg_nsec);
'''

for arch in arches:
    path = 'arch/%s/kernel/module-plts.c' % arch
    s = open(os.path.join(src, path)).read()
    patched = 'nplts < 0' in s
    start = START + '''
		dbg_t0 = ktime_get_ns();
		dbg_before = core_plts + init_plts;
		dbg_sorted = %d;
''' % (0 if patched else 1)
    pairs = [('#include <linux/sort.h>\n', '#include <linux/sort.h>\n#include <linux/timekeeping.h>\n'),
             (START, start)]
    if patched:
        # dbg_t0 was taken just before the checking count_plts() call
        pairs.append(('		if (nplts < 0) {\n', '		if (nplts < 0) {\n			dbg_check_ns += ktime_get_ns() - dbg_t0;\n			dbg_sorted = 1;\n'))
    if arch == 'arm64':
        pairs += [(('	Elf_Shdr *pltsec, *tramp = NULL, *init_tramp = NULL;\n	int i;\n',
                    '	Elf_Shdr *pltsec, *tramp = NULL;\n	int i;\n'),
                   lambda old: old + DECL),
                  ('''	}

	pltsec = sechdrs + mod->arch.core.plt_shndx;''',
                   stop('sechdrs[i]') + '''
	pltsec = sechdrs + mod->arch.core.plt_shndx;'''),
                  ('''	if (tramp) {
		tramp->sh_type = SHT_NOBITS;''', total('') + '''	if (tramp) {
		tramp->sh_type = SHT_NOBITS;''')]
    else:
        pairs += [('	Elf32_Sym *syms = NULL;\n',
                   '	Elf32_Sym *syms = NULL;\n' + DECL),
                  ('''	}

	mod->arch.core.plt->sh_type = SHT_NOBITS;''',
                   stop('(*s)') + '''
	mod->arch.core.plt->sh_type = SHT_NOBITS;'''),
                  ('''	pr_debug("%s: plt=%x, init.plt=%x\\n", __func__,''',
                   total('') + '''	pr_debug("%s: plt=%x, init.plt=%x\\n", __func__,''')]
    edit(path, pairs)

if 'arm64' in arches:
    edit('arch/arm64/kernel/module.c', [('''	const Elf_Shdr *s;
	s = find_section(hdr, sechdrs, ".altinstructions");''',
'''	const Elf_Shdr *s;

	pr_info("relopt-plt: %s: used core %d/%d init %d/%d\\n", me->name,
		me->arch.core.plt_num_entries, me->arch.core.plt_max_entries,
		me->arch.init.plt_num_entries, me->arch.init.plt_max_entries);
	s = find_section(hdr, sechdrs, ".altinstructions");''')])
if 'arm' in arches:
    edit('arch/arm/kernel/module.c', [('''	const Elf_Shdr *s = NULL;
#ifdef CONFIG_ARM_UNWIND''', '''	const Elf_Shdr *s = NULL;
#ifdef CONFIG_ARM_MODULE_PLTS
	pr_info("relopt-plt: %s: used core %d init %d\\n", mod->name,
		mod->arch.core.plt_count, mod->arch.init.plt_count);
#endif
#ifdef CONFIG_ARM_UNWIND''')])
