// SPDX-License-Identifier: GPL-2.0-only
/*
 * plt-model.c -- host model of Linux's module_frob_arch_sections PLT
 * counting (6.1 and 6.12 count alike), before and after the loader/linux
 * patches (6.12/ series), run over real module files (little-endian
 * EM_AARCH64 RELA and EM_ARM REL).
 *
 * For every relocation section that applies to an executable section it
 * computes: the unpatched count (arm64: partition_branch_plt_relas, sort by
 * cmp_rela, count_plts; ARM: sort the whole section by cmp_rel, count_plts
 * with duplicate_rel), and the patched count (one checking pass; when it
 * reports "not in order", the unpatched path), and whether the patched
 * kernel skipped the sort.  The count functions are the kernel's, copied from
 * the patched arch/{arm,arm64}/kernel/module-plts.c with the kernel types
 * replaced by <elf.h>'s; qsort stands in for the kernel's heapsort (arm64:
 * equal keys are identical, so the order among them cannot matter; ARM: the
 * unpatched count depends on the order among equal (type, symbol) keys, as
 * with heapsort).  CONFIG_RANDOMIZE_BASE=y, no erratum 843419.
 *
 * Usage: plt-model FILE...   prints one line per file:
 *   FILE machine secs S skipped K unpatched U patched P failed_relocs R
 *   failed_examined E [cmp_unpatched A cmp_check C cmp_fallback F
 *   cmp_fallback_prev_rev V]
 * (R: relocations in the sections whose order check failed, E: how many of
 * them the failing check examined before it returned, i.e. the extra work
 * the patched kernel does on a module that was not reordered; arm64 only:
 * the cmp_rela() calls of count_plts(), A in the unpatched count, C in the
 * patched checking counts, F in the patched counts after a sort, V what F
 * was with the previous revision of the patch, which compared every branch
 * needing a PLT) and exits 1 if, on arm64, a patched count differs from the
 * unpatched one or F > A, or on ARM, a patched count is above the unpatched
 * one.
 */
#include <elf.h>
#ifndef R_ARM_THM_CALL
#define R_ARM_THM_CALL R_ARM_THM_PC22 /* glibc name of type 10 */
#endif
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define cmp_3way(a, b) ((a) < (b) ? -1 : (a) > (b))

/* relocations examined by the last checking count that returned -1 */
static int check_stop;

/*
 * cmp_rela() calls made by the arm64 count_plts() (not by the sort), for the
 * cost of the patched kernel on modules as built: old_cmps by the unpatched
 * count (duplicate_rel), new_cmps[0] by the patched fallback count (after
 * the sort), new_cmps[1] by the patched checking count, prev_rev_cmps what
 * the previous revision of the patch called in the fallback (one per branch
 * needing a PLT after the first, whatever its addend).  Per file.
 */
static long old_cmps, new_cmps[2], prev_rev_cmps;

/* ---- arm64, as in the patched module-plts.c ---- */

static int cmp_rela(const void *a, const void *b)
{
	const Elf64_Rela *x = a, *y = b;
	int i;

	i = cmp_3way(ELF64_R_TYPE(x->r_info), ELF64_R_TYPE(y->r_info));
	if (i == 0)
		i = cmp_3way(ELF64_R_SYM(x->r_info), ELF64_R_SYM(y->r_info));
	if (i == 0)
		i = cmp_3way(x->r_addend, y->r_addend);
	return i;
}

/* unpatched duplicate_rel: entries are sorted, a duplicate precedes */
static bool duplicate_rel(const Elf64_Rela *rela, int num)
{
	old_cmps += num > 0;
	return num > 0 && cmp_rela(rela + num, rela + num - 1) == 0;
}

/* unpatched count_plts: duplicate_rel looks at the preceding slot */
static int count_plts64_old(const Elf64_Sym *syms, const Elf64_Rela *rela,
			    int num, Elf64_Word dstidx)
{
	int ret = 0, i;

	for (i = 0; i < num; i++) {
		switch (ELF64_R_TYPE(rela[i].r_info)) {
		case R_AARCH64_JUMP26:
		case R_AARCH64_CALL26:
			if (syms[ELF64_R_SYM(rela[i].r_info)].st_shndx == dstidx)
				break;
			if (rela[i].r_addend != 0 || !duplicate_rel(rela, i))
				ret++;
		}
	}
	return ret;
}

/*
 * The patched count_plts() (the kernel's is __always_inline, so that each of
 * its two calls gets a loop specialized for check_order; that changes the
 * code, not the count or the comparisons made).
 */
static int count_plts64_new(const Elf64_Sym *syms, const Elf64_Rela *rela,
			    int num, Elf64_Word dstidx, bool check_order)
{
	const Elf64_Rela *prev = NULL;
	bool branches_done = false;
	int ret = 0, i, cmp;

	for (i = 0; i < num; i++) {
		switch (ELF64_R_TYPE(rela[i].r_info)) {
		case R_AARCH64_JUMP26:
		case R_AARCH64_CALL26:
			if (syms[ELF64_R_SYM(rela[i].r_info)].st_shndx == dstidx)
				break;
			/* the previous revision's fallback compared every one */
			if (!check_order)
				prev_rev_cmps += prev != NULL;
			cmp = -1;
			if (prev && (check_order || rela[i].r_addend == 0)) {
				cmp = cmp_rela(prev, rela + i);
				new_cmps[check_order]++;
			}
			if (check_order && (branches_done || cmp > 0)) {
				check_stop = i + 1;
				return -1;
			}
			if (rela[i].r_addend != 0 || cmp != 0)
				ret++;
			prev = rela + i;
			break;
		}
		if (check_order && !branches_done &&
		    ELF64_R_TYPE(rela[i].r_info) != R_AARCH64_JUMP26 &&
		    ELF64_R_TYPE(rela[i].r_info) != R_AARCH64_CALL26)
			branches_done = true;
	}
	return ret;
}

static bool needs_plt64(const Elf64_Sym *syms, const Elf64_Rela *r,
			Elf64_Word dstidx)
{
	if (syms[ELF64_R_SYM(r->r_info)].st_shndx == dstidx)
		return false;
	return ELF64_R_TYPE(r->r_info) == R_AARCH64_JUMP26 ||
	       ELF64_R_TYPE(r->r_info) == R_AARCH64_CALL26;
}

static int partition64(const Elf64_Sym *syms, Elf64_Rela *rela, int n,
		       Elf64_Word dstidx)
{
	int i = 0, j = n - 1;

	while (i < j) {
		if (needs_plt64(syms, &rela[i], dstidx)) {
			i++;
		} else if (needs_plt64(syms, &rela[j], dstidx)) {
			Elf64_Rela t = rela[i];

			rela[i] = rela[j];
			rela[j] = t;
		} else {
			j--;
		}
	}
	return i;
}

/* ---- ARM, as in the patched module-plts.c (ARM/Thumb-2 little-endian) ---- */

static int cmp_rel(const void *a, const void *b)
{
	const Elf32_Rel *x = a, *y = b;
	int i;

	i = cmp_3way(ELF32_R_TYPE(x->r_info), ELF32_R_TYPE(y->r_info));
	if (i == 0)
		i = cmp_3way(ELF32_R_SYM(x->r_info), ELF32_R_SYM(y->r_info));
	return i;
}

static bool zero_addend(const unsigned char *base, const Elf32_Rel *rel)
{
	const unsigned char *p = base + rel->r_offset;
	unsigned int upper = p[0] | p[1] << 8, lower = p[2] | p[3] << 8;
	unsigned int word = upper | lower << 16;

	switch (ELF32_R_TYPE(rel->r_info)) {
	case R_ARM_THM_CALL:
	case R_ARM_THM_JUMP24:
		return (upper & 0x7ff) == 0x7ff && (lower & 0x2fff) == 0x2ffe;
	}
	return (word & 0xffffff) == 0xfffffe;
}

static bool is_branch32(unsigned int t)
{
	return t == R_ARM_CALL || t == R_ARM_PC24 || t == R_ARM_JUMP24 ||
	       t == R_ARM_THM_CALL || t == R_ARM_THM_JUMP24;
}

static int count_plts32_old(const Elf32_Sym *syms, const unsigned char *base,
			    const Elf32_Rel *rel, int num, Elf32_Word dstidx)
{
	int ret = 0, i;

	for (i = 0; i < num; i++) {
		if (!is_branch32(ELF32_R_TYPE(rel[i].r_info)))
			continue;
		if (syms[ELF32_R_SYM(rel[i].r_info)].st_shndx == dstidx)
			continue;
		if (!zero_addend(base, rel + i) ||
		    !(i > 0 && cmp_rel(rel + i, rel + i - 1) == 0 &&
		      zero_addend(base, rel + i - 1)))
			ret++;
	}
	return ret;
}

static int count_plts32_new(const Elf32_Sym *syms, const unsigned char *base,
			    const Elf32_Rel *rel, int num, Elf32_Word dstidx,
			    bool check_order)
{
	const Elf32_Rel *prev = NULL;
	bool branches_done = false;
	int ret = 0, i, cmp;

	for (i = 0; i < num; i++) {
		if (!is_branch32(ELF32_R_TYPE(rel[i].r_info))) {
			branches_done = true;
			continue;
		}
		if (syms[ELF32_R_SYM(rel[i].r_info)].st_shndx == dstidx)
			continue;
		cmp = prev ? cmp_rel(prev, rel + i) : -1;
		if (check_order && (branches_done || cmp > 0)) {
			check_stop = i + 1;
			return -1;
		}
		if (!zero_addend(base, rel + i) || cmp != 0 ||
		    !zero_addend(base, prev))
			ret++;
		prev = rel + i;
	}
	return ret;
}

/* ---- driver ---- */

static int model(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *img;
	long size;
	int bad = 0, secs = 0, skipped = 0;
	long old_total = 0, new_total = 0, failed_relocs = 0, examined = 0;
	unsigned int i;

	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 64) {
		fprintf(stderr, "plt-model: %s: cannot read\n", path);
		return 2;
	}
	rewind(f);
	img = malloc(size);
	if (!img || fread(img, 1, size, f) != (size_t)size) {
		fprintf(stderr, "plt-model: %s: cannot read\n", path);
		return 2;
	}
	fclose(f);

	if (img[EI_CLASS] == ELFCLASS64) {
		Elf64_Ehdr *eh = (Elf64_Ehdr *)img;
		Elf64_Shdr *sh = (Elf64_Shdr *)(img + eh->e_shoff);
		Elf64_Sym *syms = NULL;

		old_cmps = 0;
		prev_rev_cmps = 0;
		memset(new_cmps, 0, sizeof(new_cmps));
		for (i = 0; i < eh->e_shnum; i++)
			if (sh[i].sh_type == SHT_SYMTAB)
				syms = (Elf64_Sym *)(img + sh[i].sh_offset);
		for (i = 0; syms && i < eh->e_shnum; i++) {
			int n = sh[i].sh_size / sizeof(Elf64_Rela), o, p, k;
			Elf64_Rela *a, *b;

			if (sh[i].sh_type != SHT_RELA ||
			    !(sh[sh[i].sh_info].sh_flags & SHF_EXECINSTR))
				continue;
			a = malloc(n * sizeof(*a) + 1);
			b = malloc(n * sizeof(*b) + 1);
			memcpy(a, img + sh[i].sh_offset, n * sizeof(*a));
			memcpy(b, a, n * sizeof(*a));
			k = partition64(syms, a, n, sh[i].sh_info);
			qsort(a, k, sizeof(*a), cmp_rela);
			o = count_plts64_old(syms, a, n, sh[i].sh_info);
			p = count_plts64_new(syms, b, n, sh[i].sh_info, true);
			if (p < 0) {
				failed_relocs += n;
				examined += check_stop;
				k = partition64(syms, b, n, sh[i].sh_info);
				qsort(b, k, sizeof(*b), cmp_rela);
				p = count_plts64_new(syms, b, n, sh[i].sh_info,
						     false);
			} else {
				skipped++;
			}
			if (p != o || p < 0)
				bad = 1;
			secs++;
			old_total += o;
			new_total += p;
			free(a);
			free(b);
		}
		/* the fallback count never compares more than the old one */
		if (new_cmps[0] > old_cmps)
			bad = 1;
		printf("%s aarch64 secs %d skipped %d unpatched %ld patched %ld "
		       "failed_relocs %ld failed_examined %ld cmp_unpatched %ld "
		       "cmp_check %ld cmp_fallback %ld cmp_fallback_prev_rev "
		       "%ld%s\n",
		       path, secs, skipped, old_total, new_total,
		       failed_relocs, examined, old_cmps, new_cmps[1],
		       new_cmps[0], prev_rev_cmps, bad ? " MISMATCH" : "");
	} else {
		Elf32_Ehdr *eh = (Elf32_Ehdr *)img;
		Elf32_Shdr *sh = (Elf32_Shdr *)(img + eh->e_shoff);
		Elf32_Sym *syms = NULL;

		for (i = 0; i < eh->e_shnum; i++)
			if (sh[i].sh_type == SHT_SYMTAB)
				syms = (Elf32_Sym *)(img + sh[i].sh_offset);
		for (i = 0; syms && i < eh->e_shnum; i++) {
			int n = sh[i].sh_size / sizeof(Elf32_Rel), o, p;
			const unsigned char *base;
			Elf32_Rel *a, *b;

			if (sh[i].sh_type != SHT_REL ||
			    !(sh[sh[i].sh_info].sh_flags & SHF_EXECINSTR))
				continue;
			base = img + sh[sh[i].sh_info].sh_offset;
			a = malloc(n * sizeof(*a) + 1);
			b = malloc(n * sizeof(*b) + 1);
			memcpy(a, img + sh[i].sh_offset, n * sizeof(*a));
			memcpy(b, a, n * sizeof(*a));
			qsort(a, n, sizeof(*a), cmp_rel);
			o = count_plts32_old(syms, base, a, n, sh[i].sh_info);
			p = count_plts32_new(syms, base, b, n, sh[i].sh_info,
					     true);
			if (p < 0) {
				failed_relocs += n;
				examined += check_stop;
				qsort(b, n, sizeof(*b), cmp_rel);
				p = count_plts32_new(syms, base, b, n,
						     sh[i].sh_info, false);
			} else {
				skipped++;
			}
			if (p > o || p < 0)
				bad = 1;
			secs++;
			old_total += o;
			new_total += p;
			free(a);
			free(b);
		}
		printf("%s arm secs %d skipped %d unpatched %ld patched %ld "
		       "failed_relocs %ld failed_examined %ld%s\n",
		       path, secs, skipped, old_total, new_total,
		       failed_relocs, examined, bad ? " MISMATCH" : "");
	}
	free(img);
	return bad;
}

int main(int argc, char **argv)
{
	int i, rc = 0;

	for (i = 1; i < argc; i++)
		rc |= model(argv[i]);
	return rc;
}
