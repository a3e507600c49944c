// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kallsyms-model.c -- the host model of the kallsyms patch
 * (loader/linux/kallsyms/6.12/): Linux's module symbol lookup by name
 * (kernel/module/kallsyms.c, __find_kallsyms_symbol_value()) done both
 * ways over a real module file, compared name by name.
 *
 * Built by tests/kallsyms-model.sh against the patch's own
 * kernel/module/kallsyms_relopt.c and relopt-loader.c (taken out of the
 * patch with git apply), with host stand-ins for five kernel headers
 * (host/linux/).  For each module (64-bit ELF, the host's byte order):
 *
 *   before init  kallsyms is the whole .symtab (add_kallsyms() points
 *                mod->kallsyms at it): the linear loop against
 *                kallsyms_relopt_lookup() over kallsyms_relopt_copy();
 *   after init   kallsyms is the core copy add_kallsyms() builds: symbol
 *                0 and the symbols is_core_symbol() keeps, in order,
 *                names copied one by one.  Modelled three ways:
 *                CONFIG_KALLSYMS_ALL=y (Debian's), =n, and a livepatch
 *                module (every symbol kept); the linear loop over the
 *                copy against the table kallsyms_relopt_core() built.
 *
 * is_core_symbol() as in 6.12: defined, st_shndx < e_shnum, st_name != 0,
 * in an SHF_ALLOC section that is not an init one (name starting with
 * ".init": module_init_layout_section() with CONFIG_MODULE_UNLOAD), and
 * SHF_EXECINSTR unless KALLSYMS_ALL; with KALLSYMS_ALL the percpu section
 * (".data..percpu") counts too.  The loader clears SHF_ALLOC of
 * .data..percpu, .modinfo and __versions before that (main.c), so their
 * symbols are not core otherwise.
 *
 * Names looked up: every distinct name in .symtab (defined or not,
 * mapping symbols and STT_FILE names included), each again with
 * ".absent" appended, and a few fixed ones ("", "$x", "$d", "L0",
 * ".Lfoo", "no_such_symbol").  The answers compared are symbol indices
 * (equal index, equal value).
 *
 * Usage: kallsyms-model [--expect-table] [--stats] FILE...
 *   --expect-table  a module whose .hash the kernel would not use is an
 *                   error (for relopt'd modules)
 *   --stats         per module: symbols, table used or why not, times of
 *                   validation and of the core table build, the
 *                   alternative (the kernel hashing every core name
 *                   itself), lookups per name, memory
 * Prints one summary line; exit 0 when no answer differs, 1 otherwise,
 * 2 on a usage or file error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/module_symbol.h>
#include "kallsyms_relopt.h"

struct module {
	const char *path;
	unsigned char *img;
	size_t len;
	const Elf_Ehdr *eh;
	const Elf_Shdr *sh;
	const char *shstr;
	unsigned int symndx, strndx;
	const Elf_Sym *sym;
	unsigned int nsym;
	const char *str;
	size_t strsize;
	const Elf_Shdr *hash;
};

struct totals {
	unsigned long modules, usable, lookups, diffs;
	unsigned long syms, core_syms[3];
	double t_validate, t_core, t_own, t_own_full, t_lin, t_hash;
	unsigned long timed;
	unsigned long long core_bytes, table_bytes[3];
};

static int expect_table, show_stats;
static volatile unsigned int sink;	/* keeps timed lookups from being dropped */

static const char *const config_name[3] = {
	"after init, KALLSYMS_ALL=y", "after init, KALLSYMS_ALL=n",
	"after init, livepatch" };

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int load(struct module *m, const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	unsigned int i;

	memset(m, 0, sizeof(*m));
	m->path = path;
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "kallsyms-model: %s: %s\n", path, strerror(errno));
		if (f)
			fclose(f);
		return -1;
	}
	m->len = n;
	m->img = malloc(n + 1);
	if (!m->img || fread(m->img, 1, n, f) != (size_t)n) {
		fprintf(stderr, "kallsyms-model: %s: cannot read\n", path);
		fclose(f);
		return -1;
	}
	fclose(f);
	m->eh = (const Elf_Ehdr *)m->img;
	if (m->len < sizeof(Elf_Ehdr) || memcmp(m->img, ELFMAG, SELFMAG) ||
	    m->img[EI_CLASS] != ELFCLASS64 || m->img[EI_DATA] != ELFDATA2LSB ||
	    m->eh->e_type != ET_REL || m->eh->e_shoff + (size_t)m->eh->e_shnum *
	    sizeof(Elf_Shdr) > m->len) {
		fprintf(stderr, "kallsyms-model: %s: not a 64-bit little-endian ET_REL file\n",
			path);
		return -1;
	}
	m->sh = (const Elf_Shdr *)(m->img + m->eh->e_shoff);
	m->shstr = (const char *)m->img + m->sh[m->eh->e_shstrndx].sh_offset;
	for (i = 1; i < m->eh->e_shnum; i++)
		if (m->sh[i].sh_type == SHT_SYMTAB)
			m->symndx = i;
	if (!m->symndx) {
		fprintf(stderr, "kallsyms-model: %s: no .symtab\n", path);
		return -1;
	}
	m->strndx = m->sh[m->symndx].sh_link;
	m->sym = (const Elf_Sym *)(m->img + m->sh[m->symndx].sh_offset);
	m->nsym = m->sh[m->symndx].sh_size / sizeof(Elf_Sym);
	m->str = (const char *)m->img + m->sh[m->strndx].sh_offset;
	m->strsize = m->sh[m->strndx].sh_size;
	for (i = 1; i < m->eh->e_shnum; i++)
		if (m->sh[i].sh_type == SHT_HASH &&
		    m->sh[i].sh_link == m->symndx && m->sh[i].sh_size)
			m->hash = &m->sh[i];
	return 0;
}

/* The loader's view of a section's flags (SHF_ALLOC cleared as main.c does). */
static unsigned long sec_flags(const struct module *m, unsigned int i)
{
	const char *name = m->shstr + m->sh[i].sh_name;

	if (!strcmp(name, ".data..percpu") || !strcmp(name, ".modinfo") ||
	    !strcmp(name, "__versions"))
		return m->sh[i].sh_flags & ~(unsigned long)SHF_ALLOC;
	return m->sh[i].sh_flags;
}

static unsigned int pcpu_index(const struct module *m)
{
	unsigned int i;

	for (i = 1; i < m->eh->e_shnum; i++)
		if (!strcmp(m->shstr + m->sh[i].sh_name, ".data..percpu") &&
		    (m->sh[i].sh_flags & SHF_ALLOC))
			return i;
	return 0;
}

/* is_core_symbol() of 6.12, with KALLSYMS_ALL as ALL. */
static bool is_core(const struct module *m, const Elf_Sym *s, int all)
{
	unsigned long fl;

	if (s->st_shndx == SHN_UNDEF || s->st_shndx >= m->eh->e_shnum ||
	    !s->st_name)
		return false;
	if (all && pcpu_index(m) && s->st_shndx == pcpu_index(m))
		return true;
	fl = sec_flags(m, s->st_shndx);
	if (!(fl & SHF_ALLOC) || (!all && !(fl & SHF_EXECINSTR)))
		return false;
	return strncmp(m->shstr + m->sh[s->st_shndx].sh_name, ".init", 5) != 0;
}

/* The 6.12 loop: first index with that name and st_shndx != SHN_UNDEF. */
static unsigned int linear(const Elf_Sym *sym, unsigned int n,
			   const char *str, const char *name)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (strcmp(name, str + sym[i].st_name) == 0 &&
		    sym[i].st_shndx != SHN_UNDEF)
			return i;
	return 0;
}

static unsigned int patched(const struct rlo_sysv *t, const Elf_Sym *sym,
			    unsigned int n, const char *str, const char *name)
{
	long r;

	if (!t)
		return linear(sym, n, str, name);
	r = kallsyms_relopt_lookup(t, name);
	return r < 0 ? linear(sym, n, str, name) : (unsigned int)r;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names to look up: see the top.  Sorted, distinct, then the rest. */
static char **names_of(const struct module *m, unsigned int *count)
{
	static const char *const fixed[] = { "", "$x", "$d", "L0", ".Lfoo",
					     "no_such_symbol" };
	unsigned int i, n = 0, u = 0, nfixed = sizeof(fixed) / sizeof(fixed[0]);
	char **v = malloc(sizeof(char *) * (2 * (size_t)m->nsym + nfixed));

	for (i = 1; i < m->nsym; i++)
		v[n++] = (char *)m->str + m->sym[i].st_name;
	qsort(v, n, sizeof(*v), cmp_str);
	for (i = 0; i < n; i++)
		if (u == 0 || strcmp(v[u - 1], v[i]))
			v[u++] = v[i];
	n = u;
	for (i = 0; i < u; i++) {
		v[i] = strdup(v[i]);
		if (asprintf(&v[n++], "%s.absent", v[i]) < 0)
			exit(2);
	}
	for (i = 0; i < nfixed; i++)
		v[n++] = strdup(fixed[i]);
	*count = n;
	return v;
}

/*
 * The reference answer, computed apart from the loop (which costs
 * O(symbols) per name): the defined symbols sorted by (name, index); a
 * name's answer is the lowest index among its entries.  The literal loop
 * checks this reference on every 61st name.
 */
struct ref {
	const char *str;
	const Elf_Sym *sym;
	unsigned int n, *idx;
};

static const struct ref *ref_ctx;

static int cmp_ref(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;
	int c = strcmp(ref_ctx->str + ref_ctx->sym[x].st_name,
		       ref_ctx->str + ref_ctx->sym[y].st_name);

	return c ? c : (x > y) - (x < y);
}

static void ref_build(struct ref *r, const Elf_Sym *sym, unsigned int n,
		      const char *str)
{
	unsigned int i;

	r->str = str;
	r->sym = sym;
	r->idx = malloc(sizeof(unsigned int) * (n + 1));
	r->n = 0;
	for (i = 0; i < n; i++)
		if (sym[i].st_shndx != SHN_UNDEF)
			r->idx[r->n++] = i;
	ref_ctx = r;
	qsort(r->idx, r->n, sizeof(unsigned int), cmp_ref);
}

static unsigned int ref_lookup(const struct ref *r, const char *name)
{
	unsigned int lo = 0, hi = r->n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (strcmp(r->str + r->sym[r->idx[mid]].st_name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < r->n && !strcmp(r->str + r->sym[r->idx[lo]].st_name, name))
		return r->idx[lo];
	return 0;
}

/*
 * Every name compared over one symtab (SYM, N, STR): the reference
 * against the table path (kallsyms_relopt_lookup(), the loop when it
 * says -1 or when T is NULL), and the literal loop against the reference
 * on every 61st name (those lookups are also the ones timed).  Returns
 * the differences, each reported.
 */
static unsigned int compare_all(const struct module *m, const char *when,
				const Elf_Sym *sym, unsigned int n,
				const char *str, const struct rlo_sysv *t,
				char **names, unsigned int nnames,
				struct totals *tot, int timed)
{
	struct ref r;
	unsigned int k, d = 0;
	double t0;

	ref_build(&r, sym, n, str);
	for (k = 0; k < nnames; k++) {
		unsigned int want = ref_lookup(&r, names[k]);
		unsigned int got = patched(t, sym, n, str, names[k]);

		tot->lookups++;
		if (got != want) {
			fprintf(stderr, "kallsyms-model: %s: %s: '%s': loop %u, table path %u\n",
				m->path, when, names[k], want, got);
			d++;
		}
		if (k % 61 == 0 &&
		    linear(sym, n, str, names[k]) != want) {
			fprintf(stderr, "kallsyms-model: %s: %s: '%s': the reference is wrong\n",
				m->path, when, names[k]);
			d++;
		}
	}
	if (timed && t) {
		t0 = now();
		for (k = 0; k < nnames; k += 61)
			sink = linear(sym, n, str, names[k]);
		tot->t_lin += now() - t0;
		t0 = now();
		for (k = 0; k < nnames; k += 61)
			sink = patched(t, sym, n, str, names[k]);
		tot->t_hash += now() - t0;
		tot->timed += (nnames + 60) / 61;
	}
	free(r.idx);
	return d;
}


static int model(const struct module *m, struct totals *tot)
{
	struct rlo_elf elf = {
		.symtab = (const unsigned char *)m->sym,
		.symtab_size = (u64)m->nsym * sizeof(Elf_Sym),
		.symtab_entsize = sizeof(Elf_Sym),
		.symtab_index = m->symndx,
		.strtab = (const unsigned char *)m->str,
		.strtab_size = m->strsize,
		.elfclass = RLO_ELFCLASS64,
		.big_endian = 0,
		.machine = m->eh->e_machine,
		.flags = m->eh->e_flags,
	};
	struct rlo_section hs = { 0 };
	struct rlo_sysv file_t, init_t, *init = NULL;
	u32 *init_words = NULL;
	const char *why = "no .hash";
	unsigned int nnames, k, cfg, diffs = 0;
	char **names = names_of(m, &nnames);
	double t0;
	int rc;

	if (m->hash) {
		hs.data = m->img + m->hash->sh_offset;
		hs.size = m->hash->sh_size;
		hs.sh_link = m->hash->sh_link;
		hs.sh_info = m->hash->sh_info;
		hs.sh_entsize = 4;	/* the kernel's: layout_sections() clobbered it */
		t0 = now();
		rc = rlo_sysv_validate(&elf, &hs, &file_t, NULL);
		if (rc == RLO_OK && kallsyms_relopt_exact(&file_t)) {
			init_words = malloc(4 * ((size_t)file_t.nbucket +
						 file_t.nchain));
			kallsyms_relopt_copy(&file_t, init_words, &init_t);
			init = &init_t;
			why = "used";
		} else {
			why = rc == RLO_OK ? "not exact" : rlo_strerror(rc);
		}
		tot->t_validate += now() - t0;
	}
	if (init) {
		/*
		 * The alternative before init: the kernel hashes every name
		 * of the whole symtab itself into a table of the same shape.
		 */
		u32 nb = init->nbucket, *w = calloc((size_t)nb + m->nsym, 4);
		unsigned int i;

		t0 = now();
		for (i = m->nsym; i-- > 1;) {
			const char *name = m->str + m->sym[i].st_name;
			u32 b;

			if (m->sym[i].st_shndx == SHN_UNDEF || !name[0] ||
			    is_mapping_symbol(name))
				continue;
			b = rlo_sysv_hash(name) % nb;
			w[nb + i] = w[b];
			w[b] = i;
		}
		tot->t_own_full += now() - t0;
		sink = w[0];
		free(w);
	}
	tot->modules++;
	tot->syms += m->nsym;
	if (init)
		tot->usable++;
	else if (expect_table) {
		fprintf(stderr, "kallsyms-model: %s: the kernel would not use its .hash: %s\n",
			m->path, why);
		diffs++;
	}

	/* Before init: the whole .symtab. */
	diffs += compare_all(m, "before init", m->sym, m->nsym, m->str, init,
			     names, nnames, tot, 1);

	/* After init: the core copy, three ways. */
	for (cfg = 0; cfg < 3; cfg++) {
		Elf_Sym *dst = malloc(sizeof(Elf_Sym) * (size_t)m->nsym);
		size_t need = 1;
		char *cstr, *s;
		u32 *newidx = calloc(m->nsym, sizeof(u32));
		unsigned int i, nd = 0;
		struct rlo_sysv core_t, *core = NULL;
		u32 *core_words = NULL;

		for (i = 0; i < m->nsym; i++)
			need += strlen(m->str + m->sym[i].st_name) + 1;
		cstr = malloc(need);
		s = cstr;
		for (i = 0; i < m->nsym; i++) {
			if (i == 0 || cfg == 2 || is_core(m, &m->sym[i], cfg == 0)) {
				dst[nd] = m->sym[i];
				dst[nd].st_name = s - cstr;
				strcpy(s, m->str + m->sym[i].st_name);
				s += strlen(s) + 1;
				newidx[i] = nd++;
			}
		}
		tot->core_syms[cfg] += nd;
		if (init) {
			t0 = now();
			core_t.elf = init->elf;
			core_t.elf.symtab = (const unsigned char *)dst;
			core_t.elf.symtab_size = (u64)nd * sizeof(Elf_Sym);
			core_t.elf.strtab = (const unsigned char *)cstr;
			core_t.elf.strtab_size = s - cstr;
			core_t.nchain = nd;
			core_words = malloc(4 * ((size_t)init->nbucket + nd));
			kallsyms_relopt_core(init, newidx, core_words, &core_t);
			if (cfg == 0)
				tot->t_core += now() - t0;
			core = &core_t;
			tot->table_bytes[cfg] += sizeof(struct rlo_sysv) +
				4 * ((u64)init->nbucket + nd);
		}
		if (init && cfg == 0) {
			/*
			 * The alternative: the kernel hashes every core name
			 * itself and builds the same chains (head insertion
			 * from the last symbol keeps them ascending).
			 */
			u32 nb = core_t.nbucket, *w = calloc((size_t)nb + nd, 4);

			t0 = now();
			for (i = nd; i-- > 1;) {
				const char *name = cstr + dst[i].st_name;
				u32 b;

				if (!name[0] || is_mapping_symbol(name))
					continue;
				b = rlo_sysv_hash(name) % nb;
				w[nb + i] = w[b];
				w[b] = i;
			}
			tot->t_own += now() - t0;
			sink = w[0];
			free(w);
		}
		diffs += compare_all(m, config_name[cfg], dst, nd, cstr, core,
				     names, nnames, tot, 0);
		if (cfg == 0) {
			unsigned long long bytes = 0;

			for (i = 1; i < m->eh->e_shnum; i++)
				if ((sec_flags(m, i) & SHF_ALLOC) &&
				    strncmp(m->shstr + m->sh[i].sh_name, ".init", 5))
					bytes += m->sh[i].sh_size;
			bytes += (u64)nd * (sizeof(Elf_Sym) + 1) + (s - cstr);
			tot->core_bytes += bytes;
			if (show_stats)
				printf("%s: %u symbols, %u core, .hash %s, table %llu bytes = %.2f%% of core %llu\n",
				       m->path, m->nsym, nd, why,
				       init ? (unsigned long long)(sizeof(struct rlo_sysv) +
				       4 * ((u64)init->nbucket + nd)) : 0ULL,
				       init ? 100.0 * (sizeof(struct rlo_sysv) +
				       4 * ((u64)init->nbucket + nd)) / bytes : 0.0,
				       bytes);
		}
		free(core_words);
		free(dst);
		free(cstr);
		free(newidx);
	}
	for (k = 0; k < nnames; k++)
		free(names[k]);
	free(names);
	free(init_words);
	tot->diffs += diffs;
	return diffs ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct totals tot = { 0 };
	int i, st = 0;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--expect-table"))
			expect_table = 1;
		else if (!strcmp(argv[i], "--stats"))
			show_stats = 1;
		else {
			fprintf(stderr, "usage: kallsyms-model [--expect-table] [--stats] FILE...\n");
			return 2;
		}
	}
	for (; i < argc; i++) {
		struct module m;

		if (load(&m, argv[i])) {
			st = 2;
			continue;
		}
		if (model(&m, &tot) && st == 0)
			st = 1;
		free(m.img);
	}
	printf("kallsyms-model: %lu modules (%lu with a .hash the kernel uses), %lu symbols; %lu lookups (before init, after init with KALLSYMS_ALL=y/n and as livepatch); %lu differences\n",
	       tot.modules, tot.usable, tot.syms, tot.lookups, tot.diffs);
	if (tot.usable)
		printf("kallsyms-model: at load: validate+check+copy %.1f ms, core table build %.1f ms (a kernel hashing every name itself: whole symtab %.1f ms, core %.1f ms); %lu lookups before init: loop %.0f ns, table path %.0f ns each; core table memory %llu bytes = %.2f%% of %llu core bytes (KALLSYMS_ALL=y)\n",
		       tot.t_validate * 1e3, tot.t_core * 1e3,
		       tot.t_own_full * 1e3, tot.t_own * 1e3,
		       tot.timed, tot.t_lin * 1e9 / tot.timed,
		       tot.t_hash * 1e9 / tot.timed, tot.table_bytes[0],
		       100.0 * tot.table_bytes[0] / tot.core_bytes,
		       tot.core_bytes);
	return st;
}
