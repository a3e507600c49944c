// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kallsyms-model.c -- the host model of the kallsyms series, revision 2
 * (loader/linux/kallsyms/6.12/): Linux's module symbol lookups by name
 * (kernel/module/kallsyms.c: the first match, every match, the count)
 * done through the series' .hash reader and through the kernel's linear
 * scan over a real module file, compared name by name.
 *
 * Built by tests/kallsyms-model.sh against the series' own
 * kernel/module/kallsyms_hash.c (taken out of the patch with git apply),
 * with host stand-ins for four kernel headers (host/).  For each module
 * (64-bit ELF, the host's byte order), as the kernel does it:
 *
 *   at load      find the SHT_HASH linked to .symtab and run
 *                symhash_check_header() (layout_symtab(): two words),
 *                then symhash_check_chains(), the rest of the layout
 *                (add_kallsyms(): two linear passes, no name read);
 *   before init  kallsyms is the whole .symtab, read through the table
 *                directly: symhash_check_names() on the first lookup,
 *                then every name through the table;
 *   after init   kallsyms is the core copy add_kallsyms() builds (symbol
 *                0 and the symbols is_core_symbol() keeps, in order,
 *                names copied one by one), read through the same table
 *                and the map add_kallsyms() writes in that loop (file
 *                symbol index -> core index, 0 when dropped).  Modelled
 *                three ways: CONFIG_KALLSYMS_ALL=y (Debian's), =n, and a
 *                livepatch module (every symbol kept).  The core
 *                kallsyms must pass the names check whenever the init
 *                one did.
 *
 * is_core_symbol() as in 6.12: defined, st_shndx < e_shnum, st_name != 0,
 * in an SHF_ALLOC section that is not an init one (name starting with
 * ".init"), and SHF_EXECINSTR unless KALLSYMS_ALL; with KALLSYMS_ALL the
 * percpu section counts too.  The loader clears SHF_ALLOC of
 * .data..percpu, .modinfo and __versions before that (main.c).
 *
 * Names looked up: every distinct name in .symtab (defined or not,
 * mapping symbols and STT_FILE names included), each again with
 * ".absent" appended, and a few fixed ones.  Compared for each: the list
 * of matching symbol indices through the table (symhash_first(), then
 * symhash_next()) against the scan's (the defined symbols of that name
 * in index order: its first is find_kallsyms_symbol_value()'s answer,
 * its length number_of_same_symbols()'s count, its n-th livepatch's
 * sympos n).  Names the table cannot hold (symhash_key() gives
 * SYMHASH_NO_KEY) and tables not checked good take the scan, as in the
 * kernel (a symtab with no usable table: only every 61st name, the path
 * being the scan).
 *
 * Usage: kallsyms-model [--expect-table] [--build-table] [--stats] FILE...
 *   --expect-table  a module whose .hash the kernel would not use is an
 *                   error (for modules rewritten by relopt)
 *   --build-table   ignore the file's .hash and model one built by the
 *                   rule (binutils' bucket count over the indexed
 *                   symbols): the series' reader over the rule itself
 *   --stats         per module: symbols, verdict, memory
 * Prints summary lines; exit 0 when no answer differs, 1 otherwise,
 * 2 on a usage or file error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/module_symbol.h>
#include "internal.h"

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
	const Elf_Shdr *hash;
};

struct totals {
	unsigned long modules, with_hash, layout_ok, names_ok, lookups, diffs;
	unsigned long syms, matches;
	double t_layout, t_core_names, t_names, t_build, t_lin, t_hash;
	unsigned long timed;
	unsigned long long core_bytes, table_bytes;
};

static int expect_table, build_table, show_stats;
static volatile unsigned int sink;	/* keeps timed lookups from being dropped */

static const char *const when_name[4] = {
	"before init", "after init, KALLSYMS_ALL=y",
	"after init, KALLSYMS_ALL=n", "after init, livepatch" };

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
	/* find_symhash() of the series: the first one, not allocated */
	for (i = 1; i < m->eh->e_shnum && !m->hash; i++)
		if (m->sh[i].sh_type == SHT_HASH &&
		    m->sh[i].sh_link == m->symndx &&
		    !(m->sh[i].sh_flags & SHF_ALLOC))
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

/* The 6.12 scan: the first index after I with that name, defined. */
static unsigned int scan_next(const Elf_Sym *sym, unsigned int n,
			      const char *str, const char *name, unsigned int i)
{
	for (i++; i < n; i++)
		if (strcmp(name, str + sym[i].st_name) == 0 &&
		    sym[i].st_shndx != SHN_UNDEF)
			return i;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names to look up: see the top. */
static char **names_of(const struct module *m, unsigned int *count)
{
	static const char *const fixed[] = { "", "$x", "$d", "L0", ".Lfoo",
					     "no_such_symbol", "init_module" };
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
 * The scan's answers, computed apart from the scan (which costs
 * O(symbols) per name): the defined symbols sorted by (name, index); a
 * name's matches are its run of entries.  The literal scan checks this
 * reference on every 61st name.
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

/* The position of NAME's first entry in the reference, or r->n. */
static unsigned int ref_find(const struct ref *r, const char *name)
{
	unsigned int lo = 0, hi = r->n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (strcmp(r->str + r->sym[r->idx[mid]].st_name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool ref_is(const struct ref *r, unsigned int k, const char *name)
{
	return k < r->n && !strcmp(r->str + r->sym[r->idx[k]].st_name, name);
}

/*
 * The series' path: the table T, read through MAP, when it may answer,
 * else the scan.  *NODE is the table's cursor (symhash_first()).
 */
static unsigned int path_first(const u32 *t, const u32 *map,
			       const Elf_Sym *sym, unsigned int n,
			       const char *str, const char *name, u32 *node)
{
	u32 key = symhash_key(name);

	if (t && key != SYMHASH_NO_KEY)
		return symhash_first(t, map, sym, str, name, key, node);
	return scan_next(sym, n, str, name, 0);
}

static unsigned int path_next(const u32 *t, const u32 *map,
			      const Elf_Sym *sym, unsigned int n,
			      const char *str, const char *name,
			      unsigned int i, u32 *node)
{
	if (t && symhash_indexes_name(name))
		return symhash_next(t, map, sym, str, name, node);
	return scan_next(sym, n, str, name, i);
}

/*
 * Every name over one symtab (SYM, N, STR), T the table (NULL: none or
 * not checked good) read through MAP (NULL: T is over SYM): every match through the series' path against the
 * reference, and the literal scan against the reference on every 61st
 * name (the lookups also timed).  Returns the differences, each reported.
 */
static unsigned int compare_all(const struct module *m, int when,
				const Elf_Sym *sym, unsigned int n,
				const char *str, const u32 *t, const u32 *map,
				char **names, unsigned int nnames,
				struct totals *tot)
{
	struct ref r;
	unsigned int k, d = 0;
	double t0;

	ref_build(&r, sym, n, str);
	for (k = 0; k < nnames; k++) {
		const char *name = names[k];
		unsigned int pos, nth = 0, got;
		u32 node;

		/*
		 * Without a table the path is the scan itself: only the
		 * reference check below (every 61st name) is worth its cost.
		 */
		if (!t && k % 61)
			continue;
		pos = ref_find(&r, name);
		got = path_first(t, map, sym, n, str, name, &node);
		tot->lookups++;
		for (;;) {
			unsigned int want = ref_is(&r, pos, name) ? r.idx[pos] : 0;

			if (got != want) {
				fprintf(stderr, "kallsyms-model: %s: %s: '%s': match %u: scan %u, table path %u\n",
					m->path, when_name[when], name, nth,
					want, got);
				d++;
				break;
			}
			if (!got)
				break;
			tot->matches++;
			nth++;
			pos++;
			got = path_next(t, map, sym, n, str, name, got, &node);
		}
		if (k % 61 == 0 &&
		    scan_next(sym, n, str, name, 0) !=
		    (ref_is(&r, ref_find(&r, name), name) ?
		     r.idx[ref_find(&r, name)] : 0)) {
			fprintf(stderr, "kallsyms-model: %s: %s: '%s': the reference is wrong\n",
				m->path, when_name[when], name);
			d++;
		}
	}
	if (when == 0 && t) {
		t0 = now();
		for (k = 0; k < nnames; k += 61)
			sink = scan_next(sym, n, str, names[k], 0);
		tot->t_lin += now() - t0;
		t0 = now();
		for (k = 0; k < nnames; k += 61) {
			u32 node;

			sink = path_first(t, map, sym, n, str, names[k], &node);
		}
		tot->t_hash += now() - t0;
		tot->timed += (nnames + 60) / 61;
	}
	free(r.idx);
	return d;
}

/* binutils' bucket count (elflink.c, elf_buckets) for NSYMS symbols. */
static u32 elf_bucket_count(unsigned int nsyms)
{
	static const u32 buckets[] = {
		1, 3, 17, 37, 67, 97, 131, 197, 263, 521, 1031, 2053, 4099,
		8209, 16411, 32771, 65537, 131101, 262147, 0 };
	unsigned int i;
	u32 best = 1;

	for (i = 0; buckets[i]; i++) {
		best = buckets[i];
		if (!buckets[i + 1] || nsyms < buckets[i + 1])
			break;
	}
	return best;
}

/*
 * The table the rule asks for, built here (--build-table, and the lazy
 * in-kernel index the test-only patch times): head insertion from the
 * last symbol keeps every chain ascending.
 */
static u32 *build_rule_table(const Elf_Sym *sym, unsigned int n,
			     const char *str, size_t *size)
{
	unsigned int i, indexed = 0;
	u32 nb, *t, b;

	for (i = 1; i < n; i++)
		indexed += symhash_indexes_sym(&sym[i], str + sym[i].st_name);
	nb = elf_bucket_count(indexed);
	*size = symhash_size(nb, n);
	t = calloc(1, *size);
	t[0] = nb;
	t[1] = n;
	for (i = n; i-- > 1;) {
		const char *name = str + sym[i].st_name;

		if (!symhash_indexes_sym(&sym[i], name))
			continue;
		b = symhash_elf_hash(name) % nb;
		t[2 + nb + i] = t[2 + b];
		t[2 + b] = i;
	}
	return t;
}

/* The layout check as the kernel makes it: the header, then the chains. */
static bool check_layout(const u32 *tab, size_t size, unsigned int n)
{
	return symhash_check_header(tab, size, n) && symhash_check_chains(tab);
}

static int model(const struct module *m, struct totals *tot)
{
	unsigned int nnames, k, cfg, diffs = 0;
	char **names = names_of(m, &nnames);
	const u32 *init = NULL;
	u32 *own = NULL;
	const char *verdict = "no .hash";
	bool names_ok = false;
	size_t size = 0;
	double t0;

	tot->modules++;
	tot->syms += m->nsym;
	if (build_table) {
		own = build_rule_table(m->sym, m->nsym, m->str, &size);
		init = own;
	} else if (m->hash) {
		init = (const u32 *)(m->img + m->hash->sh_offset);
		size = m->hash->sh_size;
		if (m->hash->sh_offset % 4)
			init = NULL;
	}
	if (init) {
		tot->with_hash++;
		t0 = now();
		if (!check_layout(init, size, m->nsym)) {
			init = NULL;
			verdict = "refused by the layout check";
		}
		tot->t_layout += now() - t0;
	}
	if (init) {
		tot->layout_ok++;
		t0 = now();
		names_ok = symhash_check_names(init, NULL, m->sym, m->nsym,
					       m->str);
		tot->t_names += now() - t0;
		verdict = names_ok ? "used" : "refused by the names check";
		if (names_ok) {
			/* the lazy alternative: the kernel builds it */
			u32 *w;
			size_t s2;

			t0 = now();
			w = build_rule_table(m->sym, m->nsym, m->str, &s2);
			tot->t_build += now() - t0;
			sink = w[0];
			free(w);
			tot->names_ok++;
		}
	}
	if (expect_table && !names_ok) {
		fprintf(stderr, "kallsyms-model: %s: the kernel would not use its .hash: %s\n",
			m->path, verdict);
		diffs++;
	}

	/* Before init: the whole .symtab. */
	diffs += compare_all(m, 0, m->sym, m->nsym, m->str,
			     names_ok ? init : NULL, NULL, names, nnames, tot);

	/* After init: the core copy, three ways. */
	for (cfg = 0; cfg < 3; cfg++) {
		Elf_Sym *dst = malloc(sizeof(Elf_Sym) * (size_t)m->nsym);
		size_t need = 1;
		char *cstr, *s;
		u32 *map = calloc(m->nsym, sizeof(u32));
		unsigned int i, nd = 0;
		bool core_ok = false;

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
				map[i] = nd++;
			}
		}
		if (init) {
			t0 = now();
			core_ok = symhash_check_names(init, map, dst, nd, cstr);
			if (cfg == 0)
				tot->t_core_names += now() - t0;
			if (names_ok && !core_ok) {
				fprintf(stderr, "kallsyms-model: %s: %s: the core kallsyms fails the names check\n",
					m->path, when_name[cfg + 1]);
				diffs++;
			}
			if (cfg == 0)
				tot->table_bytes += size + sizeof(u32) * (size_t)m->nsym;
		}
		diffs += compare_all(m, cfg + 1, dst, nd, cstr,
				     core_ok ? init : NULL, map, names, nnames,
				     tot);
		if (cfg == 0) {
			unsigned long long bytes = 0;

			for (i = 1; i < m->eh->e_shnum; i++)
				if ((sec_flags(m, i) & SHF_ALLOC) &&
				    strncmp(m->shstr + m->sh[i].sh_name, ".init", 5))
					bytes += m->sh[i].sh_size;
			bytes += (u64)nd * (sizeof(Elf_Sym) + 1) + (s - cstr);
			tot->core_bytes += bytes;
			if (show_stats)
				printf("%s: %u symbols, %u core, .hash %s, core table and map %zu bytes = %.2f%% of core %llu\n",
				       m->path, m->nsym, nd, verdict,
				       init ? size + 4 * (size_t)m->nsym : 0,
				       init ? 100.0 * (size + 4 * (size_t)m->nsym) / bytes : 0.0,
				       bytes);
		}
		free(dst);
		free(cstr);
		free(map);
	}
	for (k = 0; k < nnames; k++)
		free(names[k]);
	free(names);
	free(own);
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
		else if (!strcmp(argv[i], "--build-table"))
			build_table = 1;
		else if (!strcmp(argv[i], "--stats"))
			show_stats = 1;
		else {
			fprintf(stderr, "usage: kallsyms-model [--expect-table] [--build-table] [--stats] FILE...\n");
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
	printf("kallsyms-model: %lu modules (%lu with a .hash, %lu pass the layout check, %lu the names check), %lu symbols; %lu names looked up, %lu matches walked (before init, after init with KALLSYMS_ALL=y/n and as livepatch); %lu differences\n",
	       tot.modules, tot.with_hash, tot.layout_ok, tot.names_ok,
	       tot.syms, tot.lookups, tot.matches, tot.diffs);
	if (tot.names_ok)
		printf("kallsyms-model: layout checks %.1f ms (at load); names checks %.1f ms before init and %.1f ms after, the same tables built by the kernel %.1f ms (first use); %lu lookups before init: scan %.0f ns, table path %.0f ns each; core table and map %llu bytes = %.2f%% of %llu core bytes (KALLSYMS_ALL=y)\n",
		       tot.t_layout * 1e3, tot.t_names * 1e3,
		       tot.t_core_names * 1e3, tot.t_build * 1e3,
		       tot.timed, tot.t_lin * 1e9 / tot.timed,
		       tot.t_hash * 1e9 / tot.timed, tot.table_bytes,
		       100.0 * tot.table_bytes / tot.core_bytes,
		       tot.core_bytes);
	return st;
}
