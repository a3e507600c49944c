// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * relopt-loader.c -- validate relopt's .hash/.gnu.hash, look names up,
 * count PLT slots in one pass.  The manual is relopt-loader.h.
 *
 * Copyright (c) 2026 The relopt authors.  Licence: see relopt-loader.h
 * (BSD-2-Clause, or GPL-2.0 at your option).
 *
 * No libc: the helpers below replace memcmp/strcmp/strlen, and nothing
 * here copies a struct large enough for a compiler to call memcpy.
 */

#include "relopt-loader.h"

#define RLO_SHN_UNDEF 0u
#define RLO_STT_SECTION 3u
#define RLO_STT_FILE 4u
#define RLO_STB_LOCAL 0u
#define RLO_SHT_RELA 4u
#define RLO_SHT_REL 9u

#define R_ARM_PC24 1u
#define R_ARM_THM_CALL 10u
#define R_ARM_CALL 28u
#define R_ARM_JUMP24 29u
#define R_ARM_THM_JUMP24 30u
#define R_AARCH64_P32_JUMP26 20u
#define R_AARCH64_P32_CALL26 21u
#define R_AARCH64_ADR_PREL_PG_HI21 275u
#define R_AARCH64_ADR_PREL_PG_HI21_NC 276u
#define R_AARCH64_JUMP26 282u
#define R_AARCH64_CALL26 283u

/* ---- bytes ---------------------------------------------------------- */

static u32 get16(const unsigned char *p, unsigned int big)
{
	return big ? (u32)p[0] << 8 | p[1] : (u32)p[1] << 8 | p[0];
}

static u32 get32(const unsigned char *p, unsigned int big)
{
	if (big)
		return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 |
		       p[3];
	return (u32)p[3] << 24 | (u32)p[2] << 16 | (u32)p[1] << 8 | p[0];
}

static u64 get64(const unsigned char *p, unsigned int big)
{
	u64 a = get32(p, big), b = get32(p + 4, big);

	return big ? a << 32 | b : b << 32 | a;
}

static u64 get_word(const unsigned char *p, unsigned int size, unsigned int big)
{
	return size == 8 ? get64(p, big) : get32(p, big);
}

/* ---- arithmetic --------------------------------------------------- */

/*
 * N / D and N % D (0 < D < 2^63) without the compiler's helper functions:
 * 32-bit ARM before ARMv7VE has no divide instruction and a kernel need
 * not link libgcc's __aeabi_uldivmod or __udivmoddi4.  64 steps; used
 * once per call, on sizes.
 */
static u64 udiv64(u64 n, u64 d, u64 *rem)
{
	u64 q = 0, r = 0;
	int k;

	for (k = 63; k >= 0; k--) {
		r = r << 1 | ((n >> k) & 1);
		if (r >= d) {
			r -= d;
			q |= (u64)1 << k;
		}
	}
	*rem = r;
	return q;
}

/*
 * H % D (D > 0) for the hash tables: the hardware divide where there is
 * one, else 32 shift-and-subtract steps (forced by -DRLO_SOFT_DIVIDE,
 * which fuzz/replay-loader is built with so `make check' runs it).
 */
static u32 umod32(u32 h, u32 d)
{
#if defined(RLO_SOFT_DIVIDE) || \
	(defined(__arm__) && !defined(__ARM_FEATURE_IDIV))
	u64 r = 0; /* 33 bits needed when D > 2^31 */
	int k;

	for (k = 31; k >= 0; k--) {
		r = r << 1 | ((h >> k) & 1);
		if (r >= d)
			r -= d;
	}
	return (u32)r;
#else
	return h % d;
#endif
}

/* ---- names ---------------------------------------------------------- */

/*
 * The gABI's loop clears the top nibble g after folding it in
 * (h ^= g >> 24; h &= ~g).  Leaving it set changes nothing the loop
 * reads: the next shift moves it out of the 32 bits, and the bits below
 * it are the same either way; so it is cleared once, at the end, as
 * glibc's _dl_elf_hash does.  A step is then shift, add, and, shift,
 * xor, about a third less time a name than the gABI's form here
 * (bench/README.md, "The rewrite against cp and objcopy").
 */
u32 rlo_sysv_hash(const char *name)
{
	const unsigned char *p = (const unsigned char *)name;
	u32 h = 0;

	for (; *p; p++) {
		h = (h << 4) + *p;
		h ^= (h & 0xf0000000u) >> 24;
	}
	return h & 0x0fffffffu;
}

u32 rlo_gnu_hash(const char *name)
{
	const unsigned char *p = (const unsigned char *)name;
	u32 h = 5381;

	for (; *p; p++)
		h = h * 33 + *p;
	return h;
}

/*
 * Whether strtab string S (known to end inside .strtab: validated) equals
 * the caller's NAME.  Stops at S's NUL, which exists.
 */
static int name_eq(const unsigned char *s, const char *name)
{
	const unsigned char *n = (const unsigned char *)name;
	u64 k;

	for (k = 0; s[k] == n[k]; k++)
		if (s[k] == 0)
			return 1;
	return 0;
}

/*
 * Linux's is_mapping_symbol() (include/linux/module_symbol.h), on every
 * machine: the name starts with '$', ".L" or "L0".
 */
static int linux_mapping_name(const unsigned char *n)
{
	return n[0] == '$' || (n[0] == '.' && n[1] == 'L') ||
	       (n[0] == 'L' && n[1] == '0');
}

/* ---- the symtab ----------------------------------------------------- */

/*
 * One symbol's fields, decoded.  NAME points into .strtab, or is NULL
 * when st_name is outside it.
 */
struct sym {
	const unsigned char *name;
	u32 st_name;
	unsigned int bind, type;
	u32 shndx;
};

static void get_sym(const struct rlo_elf *elf, u64 i, struct sym *s)
{
	const unsigned char *p = elf->symtab + i * elf->symtab_entsize;
	unsigned int big = elf->big_endian;
	unsigned int info;

	s->st_name = get32(p, big);
	if (elf->elfclass == RLO_ELFCLASS64) {
		info = p[4];
		s->shndx = get16(p + 6, big);
	} else {
		info = p[12];
		s->shndx = get16(p + 14, big);
	}
	s->bind = info >> 4;
	s->type = info & 0xf;
	s->name = s->st_name < elf->strtab_size ? elf->strtab + s->st_name : NULL;
}

/*
 * The symtab alone: class known, entsize right, size a multiple of it, at
 * most 2^32 - 1 entries.  Sets *NSYMS.
 */
static int check_symtab(const struct rlo_elf *elf, u32 *nsyms)
{
	u64 want, n, rem;

	if (!elf || !elf->symtab)
		return RLO_E_ARG;
	if (elf->elfclass == RLO_ELFCLASS32)
		want = 16;
	else if (elf->elfclass == RLO_ELFCLASS64)
		want = 24;
	else
		return RLO_E_ARG;
	if (elf->symtab_entsize != want)
		return RLO_E_SYMTAB;
	n = udiv64(elf->symtab_size, want, &rem);
	if (rem != 0 || n > 0xffffffffu)
		return RLO_E_SYMTAB;
	*nsyms = (u32)n;
	return RLO_OK;
}

/*
 * Symtab and strtab: the strtab non-empty and NUL-terminated, so every
 * name that starts inside it ends inside it.
 */
static int check_elf(const struct rlo_elf *elf, u32 *nsyms)
{
	int rc = check_symtab(elf, nsyms);

	if (rc)
		return rc;
	if (!elf->strtab || elf->strtab_size == 0 ||
	    elf->strtab[elf->strtab_size - 1] != 0)
		return RLO_E_SYMTAB;
	return RLO_OK;
}

/*
 * The symbols Linux's kallsyms considers (doc/design.md 2 and 9): raw
 * st_shndx != SHN_UNDEF, a name inside .strtab that is not empty and not
 * a mapping symbol, any type and binding.  .hash chains every one and
 * .addrorder lists every one.
 */
static int sym_indexed(const struct sym *s)
{
	return s->shndx != RLO_SHN_UNDEF && s->name && s->name[0] != 0 &&
	       !linux_mapping_name(s->name);
}

/*
 * SHN_XINDEX: the real section index is in SHT_SYMTAB_SHNDX, which the
 * library does not read.  relopt decides on the real index, so such a
 * symbol may or may not be hashed: it may be chained (then it is looked
 * up like any other) but is never required to be.
 */
#define RLO_SHN_XINDEX 0xffffu

static int is_xindex(const struct sym *s)
{
	return s->shndx == RLO_SHN_XINDEX;
}

/*
 * Hashed in .gnu.hash (doc/design.md 3): defined, named (inside .strtab),
 * not STT_SECTION or STT_FILE, not local.
 */
static int gnu_hashed(const struct sym *s)
{
	return s->shndx != RLO_SHN_UNDEF && s->name && s->name[0] != 0 &&
	       s->type != RLO_STT_SECTION && s->type != RLO_STT_FILE &&
	       s->bind != RLO_STB_LOCAL;
}

/* Hash of a strtab string: like rlo_*_hash, for unsigned int bytes.  */
static u32 sysv_hash_u(const unsigned char *n)
{
	return rlo_sysv_hash((const char *)n);
}

static u32 gnu_hash_u(const unsigned char *n)
{
	return rlo_gnu_hash((const char *)n);
}

/* Field by field: a struct assignment may become a memcpy call.  */
static void copy_elf(struct rlo_elf *to, const struct rlo_elf *from)
{
	to->symtab = from->symtab;
	to->symtab_size = from->symtab_size;
	to->symtab_entsize = from->symtab_entsize;
	to->symtab_index = from->symtab_index;
	to->strtab = from->strtab;
	to->strtab_size = from->strtab_size;
	to->elfclass = from->elfclass;
	to->big_endian = from->big_endian;
	to->machine = from->machine;
	to->flags = from->flags;
	to->shndx = from->shndx;
	to->shndx_size = from->shndx_size;
}

/* Record where a check failed (F may be NULL) and return STATUS.  */
static int fail(struct rlo_fault *f, unsigned int at, u64 index, u64 value,
		const char *what, int status)
{
	if (f) {
		f->at = at;
		f->index = index;
		f->value = value;
		f->what = what;
	}
	return status;
}

/* A failure before any entry is looked at: only the status says what.  */
static int fail0(struct rlo_fault *f, const char *what, int status)
{
	return fail(f, RLO_AT_NONE, 0, 0, what, status);
}

const char *rlo_strerror(int status)
{
	switch (status) {
	case RLO_OK:
		return "ok";
	case RLO_E_ARG:
		return "bad argument (NULL pointer, ELF class or machine)";
	case RLO_E_SYMTAB:
		return "malformed .symtab/.strtab (entry size, size, unterminated strtab)";
	case RLO_E_LINK:
		return "sh_link is not .symtab: stale table (run relopt after objcopy/strip)";
	case RLO_E_SIZE:
		return "section size does not match its header";
	case RLO_E_NCHAIN:
		return "nchain differs from the .symtab entry count (stale table?)";
	case RLO_E_HEADER:
		return "bad header word (nbucket 0, bloom size, shift >= 32, symoffset range)";
	case RLO_E_INDEX:
		return "bucket, chain or .addrorder index out of range";
	case RLO_E_CHAIN:
		return "chain or .addrorder out of order, or a chain loops or crosses buckets";
	case RLO_E_SYMBOL:
		return "symbol in the table is not a hashed or listed symbol (stale table?)";
	case RLO_E_MISSING:
		return "hashed or listed symbol missing from the table (stale table?)";
	case RLO_E_HASH:
		return "chain word, end bit or bloom bit does not match the name";
	case RLO_E_WORK:
		return "unchained duplicate names need more than linear work to verify";
	case RLO_E_RELOC:
		return "malformed relocation section";
	case RLO_NOT_IN_ORDER:
		return "relocations not in relopt's order";
	default:
		return "unknown status";
	}
}

/* ---- SysV .hash ----------------------------------------------------- */

/*
 * Word I of the table (bucket[I] for I < nbucket, else chain[I -
 * nbucket]).
 */
static u32 sysv_word(const struct rlo_sysv *t, u64 i)
{
	return (u32)get_word(t->words + i * t->entsize, t->entsize,
			     t->elf.big_endian);
}

static u32 sysv_chain(const struct rlo_sysv *t, u32 i)
{
	return sysv_word(t, (u64)t->nbucket + i);
}

/*
 * What both validations check first: the arguments, the symtab and
 * strtab (check_elf, which gives *NSYMS), and that the table is linked to
 * this symtab.  Clears *F.
 */
static int validate_start(const struct rlo_elf *elf,
			  const struct rlo_section *hash, const void *t,
			  struct rlo_fault *f, u32 *nsyms)
{
	int rc;

	fail(f, RLO_AT_NONE, 0, 0, "", RLO_OK);
	if (!hash || !t || !hash->data)
		return RLO_E_ARG;
	rc = check_elf(elf, nsyms);
	if (rc)
		return rc;
	if (hash->sh_link != elf->symtab_index)
		return fail(f, RLO_AT_NONE, 0, hash->sh_link,
			    "sh_link is not .symtab", RLO_E_LINK);
	return RLO_OK;
}

/*
 * The .hash header and size: sh_entsize (0 means 4), nbucket, nchain
 * equal to NSYMS and the size they imply.  Fills T's table fields.
 */
static int sysv_header(const struct rlo_elf *elf,
		       const struct rlo_section *hash, u32 nsyms,
		       struct rlo_sysv *t, struct rlo_fault *f)
{
	u64 es, nbucket, nchain;

	es = hash->sh_entsize ? hash->sh_entsize : 4;
	if (es != 4 && es != 8)
		return fail(f, RLO_AT_NONE, 0, es, "sh_entsize is not 4 or 8",
			    RLO_E_SIZE);
	if (hash->size < 2 * es)
		return fail(f, RLO_AT_NONE, 0, hash->size,
			    "too short for its header", RLO_E_SIZE);
	nbucket = get_word(hash->data, (unsigned int)es, elf->big_endian);
	nchain = get_word(hash->data + es, (unsigned int)es, elf->big_endian);
	if (nbucket == 0 || nbucket > 0xffffffffu)
		return fail(f, RLO_AT_NONE, 0, nbucket,
			    "nbucket is 0 or past 2^32", RLO_E_HEADER);
	if (nchain != nsyms)
		return fail(f, RLO_AT_NONE, 0, nchain,
			    "nchain differs from the .symtab entry count (stale table?)",
			    RLO_E_NCHAIN);
	/* ES is 4 or 8: a shift.  */
	if ((hash->size >> (es == 8 ? 3 : 2)) != 2 + nbucket + nchain ||
	    (hash->size & (es - 1)) != 0)
		return fail(f, RLO_AT_NONE, 0, hash->size,
			    "size does not match nbucket and nchain",
			    RLO_E_SIZE);
	copy_elf(&t->elf, elf);
	t->words = hash->data + 2 * es;
	t->nbucket = (u32)nbucket;
	t->nchain = (u32)nchain;
	t->entsize = (unsigned int)es;
	return RLO_OK;
}

/*
 * The structural pass over the words: each bucket word is 0 (empty) or a
 * symbol index; chain[0] is 0; each chain[i] is 0 (end) or an index above
 * i, so every walk ascends and ends within nchain steps; and the walks of
 * all buckets together take at most nchain - 1 steps, which a table whose
 * chains are disjoint keeps (a crafted table whose chains merge is
 * refused here, or, if it stays under the bound, by the names pass).
 * Reads no symbol and no name.
 */
static int sysv_structure(const struct rlo_sysv *t, struct rlo_fault *f)
{
	u64 k, steps = 0;
	u32 b, i;

	if (t->nchain != 0 && sysv_chain(t, 0) != 0)
		return fail(f, RLO_AT_CHAIN, 0, sysv_chain(t, 0),
			    "is not 0 (symbol 0 is never chained)",
			    RLO_E_CHAIN);
	for (k = 0; k < (u64)t->nbucket + t->nchain; k++) {
		/* All 64 bits of an 8-byte word: sysv_word truncates.  */
		u64 v = get_word(t->words + k * t->entsize, t->entsize,
				 t->elf.big_endian);
		u64 c = k - t->nbucket;

		if (k < t->nbucket && v >= t->nchain)
			return fail(f, RLO_AT_BUCKET, k, v, "is past nchain",
				    RLO_E_INDEX);
		if (k >= t->nbucket && v != 0 && (v <= c || v >= t->nchain))
			return fail(f, RLO_AT_CHAIN, c, v,
				    "does not ascend to a symbol below nchain (chains must ascend and end)",
				    RLO_E_CHAIN);
	}
	for (b = 0; b < t->nbucket; b++)
		for (i = sysv_word(t, b); i != 0; i = sysv_chain(t, i))
			if (++steps >= t->nchain)
				return fail(f, RLO_AT_BUCKET, b, i,
					    "has a chain that joins another (more chained entries than symbols)",
					    RLO_E_CHAIN);
	return RLO_OK;
}

int rlo_sysv_validate_structure(const struct rlo_elf *elf,
				const struct rlo_section *hash,
				struct rlo_sysv *t, struct rlo_fault *f)
{
	u32 nsyms;
	int rc;

	rc = validate_start(elf, hash, t, f, &nsyms);
	if (rc == RLO_OK)
		rc = sysv_header(elf, hash, nsyms, t, f);
	if (rc == RLO_OK)
		rc = sysv_structure(t, f);
	return rc;
}

/*
 * After rlo_sysv_validate_names found CHAINED symbols on chains and
 * INDEXED indexed ones: name one indexed symbol that is on no chain (the
 * first whose bucket walk does not meet it), within a budget of steps
 * that keeps this linear; on a crafted table past the budget, the counts.
 */
static int sysv_missing(const struct rlo_sysv *t, u64 chained, u64 indexed,
			struct rlo_fault *f)
{
	u64 budget = 8 * (u64)t->nchain + 64;
	u32 i, c;
	struct sym s;

	for (i = 1; i < t->nchain && budget > 0; i++) {
		get_sym(&t->elf, i, &s);
		if (!sym_indexed(&s))
			continue;
		c = sysv_word(t, umod32(sysv_hash_u(s.name), t->nbucket));
		while (c != 0 && c < i && budget-- > 0)
			c = sysv_chain(t, c);
		if (c != i)
			return fail(f, RLO_AT_SYMBOL, i, 0,
				    "is an indexed symbol missing from its chain (stale table, or relopt 0.2's first-of-each-name rule: run relopt again)",
				    RLO_E_MISSING);
	}
	return fail(f, RLO_AT_NONE, 0, indexed - chained,
		    "indexed symbols are missing from the chains (stale table?)",
		    RLO_E_MISSING);
}

int rlo_sysv_validate_names(const struct rlo_sysv *t, struct rlo_fault *f)
{
	u64 chained = 0, indexed = 0;
	u32 b, i;
	struct sym s;

	fail(f, RLO_AT_NONE, 0, 0, "", RLO_OK);
	if (!t || !t->words)
		return RLO_E_ARG;
	/*
	 * Every chained symbol is indexed and in its own bucket: so no
	 * symbol is on two chains, and, chains ascending, none twice on one.
	 */
	for (b = 0; b < t->nbucket; b++) {
		for (i = sysv_word(t, b); i != 0; i = sysv_chain(t, i)) {
			get_sym(&t->elf, i, &s);
			if (!sym_indexed(&s))
				return fail(f, RLO_AT_SYMBOL, i, b,
					    "is on a chain but is not an indexed symbol (stale table, or relopt 0.2's rule 2: run relopt again)",
					    RLO_E_SYMBOL);
			if (umod32(sysv_hash_u(s.name), t->nbucket) != b)
				return fail(f, RLO_AT_SYMBOL, i, b,
					    "is on the chain of another bucket, not of its own bucket",
					    RLO_E_CHAIN);
			chained++;
		}
	}
	/* The chained ones are distinct: as many as indexed means all.  */
	for (i = 1; i < t->nchain; i++) {
		get_sym(&t->elf, i, &s);
		if (s.shndx != RLO_SHN_UNDEF && !s.name)
			return fail(f, RLO_AT_SYMBOL, i, s.st_name,
				    "has st_name outside .strtab",
				    RLO_E_SYMBOL);
		if (sym_indexed(&s))
			indexed++;
		else if (sysv_chain(t, i) != 0)
			return fail(f, RLO_AT_CHAIN, i, sysv_chain(t, i),
				    "is not 0 for a symbol that is not indexed",
				    RLO_E_CHAIN);
	}
	return indexed == chained ? RLO_OK :
				    sysv_missing(t, chained, indexed, f);
}

int rlo_sysv_validate(const struct rlo_elf *elf, const struct rlo_section *hash,
		      struct rlo_sysv *t, struct rlo_fault *f)
{
	int rc = rlo_sysv_validate_structure(elf, hash, t, f);

	return rc == RLO_OK ? rlo_sysv_validate_names(t, f) : rc;
}

int rlo_sysv_answers(const char *name)
{
	const unsigned char *n = (const unsigned char *)name;

	return n && n[0] != 0 && !linux_mapping_name(n);
}

/*
 * The first symbol named NAME on the walk that starts at I (a bucket's
 * first entry or a chain word), or 0.  Safe on a table that only passed
 * the structural pass: the walk ascends below nchain, and a name outside
 * .strtab never matches.
 */
static u32 sysv_match(const struct rlo_sysv *t, u32 i, const char *name)
{
	struct sym s;

	for (; i != 0; i = sysv_chain(t, i)) {
		get_sym(&t->elf, i, &s);
		if (s.name && name_eq(s.name, name))
			return i;
	}
	return 0;
}

u32 rlo_sysv_lookup(const struct rlo_sysv *t, const char *name)
{
	if (!rlo_sysv_answers(name))
		return 0;
	return sysv_match(t, sysv_word(t, umod32(rlo_sysv_hash(name),
						  t->nbucket)),
			  name);
}

u32 rlo_sysv_next(const struct rlo_sysv *t, const char *name, u32 prev)
{
	if (prev == 0)
		return rlo_sysv_lookup(t, name);
	if (prev >= t->nchain || !rlo_sysv_answers(name))
		return 0;
	return sysv_match(t, sysv_chain(t, prev), name);
}

u32 rlo_sysv_count(const struct rlo_sysv *t, const char *name)
{
	u32 n = 0, i;

	for (i = rlo_sysv_lookup(t, name); i != 0;
	     i = rlo_sysv_next(t, name, i))
		n++;
	return n;
}

/* ---- GNU .gnu.hash -------------------------------------------------- */

static u32 gnu_bucket(const struct rlo_gnu *t, u32 b)
{
	return get32(t->buckets + 4 * (u64)b, t->elf.big_endian);
}

static u32 gnu_chain(const struct rlo_gnu *t, u32 i)
{
	return get32(t->chain + 4 * (u64)(i - t->symoffset), t->elf.big_endian);
}

/* Whether both bloom bits of hash H are set.  */
static int gnu_bloom(const struct rlo_gnu *t, u32 h)
{
	/* W = 32 or 64 bits: h / W, h % W as shifts and masks.  */
	unsigned int lg = t->elf.elfclass == RLO_ELFCLASS64 ? 6 : 5;
	u32 m = ((u32)1 << lg) - 1;
	u64 w = get_word(t->bloom + (u64)((h >> lg) & (t->maskwords - 1)) *
					    ((u64)1 << (lg - 3)),
			 1u << (lg - 3), t->elf.big_endian);

	return (int)((w >> (h & m)) & (w >> ((h >> t->shift2) & m)) & 1);
}

/*
 * The .gnu.hash header (nbuckets, symoffset, bloom size and shift) and
 * the size it implies for NSYMS symbols.  Fills T.
 */
static int gnu_header(const struct rlo_elf *elf, const struct rlo_section *hash,
		      u32 nsyms, struct rlo_gnu *t, struct rlo_fault *f)
{
	u64 need, wbytes;

	if (hash->size < 16)
		return fail(f, RLO_AT_NONE, 0, hash->size,
			    "too short for its header", RLO_E_SIZE);
	copy_elf(&t->elf, elf);
	t->nbuckets = get32(hash->data, elf->big_endian);
	t->symoffset = get32(hash->data + 4, elf->big_endian);
	t->maskwords = get32(hash->data + 8, elf->big_endian);
	t->shift2 = get32(hash->data + 12, elf->big_endian);
	t->nsyms = nsyms;
	if (t->nbuckets == 0)
		return fail0(f, "nbuckets is 0", RLO_E_HEADER);
	if (t->maskwords == 0 || (t->maskwords & (t->maskwords - 1)) != 0)
		return fail(f, RLO_AT_NONE, 0, t->maskwords,
			    "bloom size is not a power of two", RLO_E_HEADER);
	/*
	 * The shift applies to the 32-bit hash: 32 or more is undefined in C
	 * even with 64-bit bloom words.
	 */
	if (t->shift2 >= 32)
		return fail(f, RLO_AT_NONE, 0, t->shift2,
			    "bloom shift is not below 32", RLO_E_HEADER);
	if (t->symoffset == 0 || t->symoffset > nsyms)
		return fail(f, RLO_AT_NONE, 0, t->symoffset,
			    "symoffset is outside 1..nsyms (the .symtab entry count)",
			    RLO_E_HEADER);
	wbytes = elf->elfclass == RLO_ELFCLASS64 ? 8 : 4;
	need = 16 + t->maskwords * wbytes + 4 * (u64)t->nbuckets +
	       4 * (u64)(nsyms - t->symoffset);
	if (hash->size != need)
		return fail(f, RLO_AT_NONE, 0, need,
			    "size does not match the header (stale table?); the header implies a size of",
			    RLO_E_SIZE);
	t->bloom = hash->data + 16;
	t->buckets = t->bloom + t->maskwords * wbytes;
	t->chain = t->buckets + 4 * (u64)t->nbuckets;
	return RLO_OK;
}

/* Below symoffset: nothing GNU-hashed (it would be unreachable).  */
static int gnu_below_symoffset(const struct rlo_gnu *t, struct rlo_fault *f)
{
	u32 i;
	struct sym s;

	for (i = 1; i < t->symoffset; i++) {
		get_sym(&t->elf, i, &s);
		if (s.shndx != RLO_SHN_UNDEF && s.bind != RLO_STB_LOCAL &&
		    !s.name)
			return fail(f, RLO_AT_SYMBOL, i, s.st_name,
				    "has st_name outside .strtab",
				    RLO_E_SYMBOL);
		if (gnu_hashed(&s) && !is_xindex(&s))
			return fail(f, RLO_AT_SYMBOL, i, t->symoffset,
				    "is a hashed global below symoffset (stale table?)",
				    RLO_E_MISSING);
	}
	return RLO_OK;
}

/* Buckets [FROM, TO) are empty (0): no symbol is in them.  */
static int gnu_empty_buckets(const struct rlo_gnu *t, u32 from, u32 to,
			     struct rlo_fault *f)
{
	for (; from < to; from++)
		if (gnu_bucket(t, from) != 0)
			return fail(f, RLO_AT_BUCKET, from, gnu_bucket(t, from),
				    "is not 0 but no symbol is in that bucket",
				    RLO_E_INDEX);
	return RLO_OK;
}

/*
 * Buckets [*NEXTB, B) are empty; bucket B points at I, the first symbol
 * of its run.  Advances *NEXTB past B.
 */
static int gnu_run_start(const struct rlo_gnu *t, u32 i, u32 b, u32 *nextb,
			 struct rlo_fault *f)
{
	int rc = gnu_empty_buckets(t, *nextb, b, f);

	if (rc)
		return rc;
	if (gnu_bucket(t, b) != i)
		return fail(f, RLO_AT_BUCKET, b, gnu_bucket(t, b),
			    "does not point at the first symbol of its run",
			    RLO_E_CHAIN);
	*nextb = b + 1;
	return RLO_OK;
}

/*
 * Symbol I of the hashed range: hashed, in bucket order after the
 * previous symbol's bucket *PREVB, the previous chain word's end bit
 * set exactly at a bucket change, its chain word its hash and its bloom
 * bits set.  Updates *PREVB and *NEXTB (gnu_run_start).
 */
static int gnu_hashed_symbol(const struct rlo_gnu *t, u32 i, u32 *prevb,
			     u32 *nextb, struct rlo_fault *f)
{
	u32 h, b, c;
	int last_of_run, new_bucket;
	struct sym s;
	int rc;

	get_sym(&t->elf, i, &s);
	if (!gnu_hashed(&s))
		return fail(f, RLO_AT_SYMBOL, i, t->symoffset,
			    "is in the hashed range but is not a defined, named global (stale table?)",
			    RLO_E_SYMBOL);
	h = gnu_hash_u(s.name);
	b = umod32(h, t->nbuckets);
	if (i > t->symoffset) {
		if (b < *prevb)
			return fail(f, RLO_AT_SYMBOL, i, b,
				    "is not in bucket order", RLO_E_CHAIN);
		last_of_run = (gnu_chain(t, i - 1) & 1) != 0;
		new_bucket = b != *prevb;
		if (last_of_run != new_bucket)
			return fail(f, RLO_AT_SYMBOL, i - 1,
				    gnu_chain(t, i - 1),
				    "has a wrong end-of-chain bit", RLO_E_HASH);
	}
	if (i == t->symoffset || b != *prevb) {
		rc = gnu_run_start(t, i, b, nextb, f);
		if (rc)
			return rc;
	}
	c = gnu_chain(t, i);
	if ((c | 1) != (h | 1) || !gnu_bloom(t, h))
		return fail(f, RLO_AT_SYMBOL, i, c,
			    (c | 1) != (h | 1) ?
				    "has a chain word that is not its hash" :
				    "is missing from the bloom filter",
			    RLO_E_HASH);
	*prevb = b;
	return RLO_OK;
}

int rlo_gnu_validate(const struct rlo_elf *elf, const struct rlo_section *hash,
		     struct rlo_gnu *t, struct rlo_fault *f)
{
	u32 nsyms, i, prevb = 0, nextb = 0;
	int rc;

	rc = validate_start(elf, hash, t, f, &nsyms);
	if (rc == RLO_OK)
		rc = gnu_header(elf, hash, nsyms, t, f);
	if (rc == RLO_OK)
		rc = gnu_below_symoffset(t, f);
	if (rc)
		return rc;
	/*
	 * [symoffset, nsyms): all hashed, in bucket order; buckets point at
	 * each run's first symbol (empty ones are 0, checked as the runs pass
	 * them); chain words and bloom bits match the names.
	 */
	for (i = t->symoffset; i < nsyms; i++) {
		rc = gnu_hashed_symbol(t, i, &prevb, &nextb, f);
		if (rc)
			return rc;
	}
	if (nsyms > t->symoffset && !(gnu_chain(t, nsyms - 1) & 1))
		return fail(f, RLO_AT_SYMBOL, nsyms - 1, 0,
			    "ends the last chain, which has no end bit",
			    RLO_E_HASH);
	return gnu_empty_buckets(t, nextb, t->nbuckets, f);
}

u32 rlo_gnu_lookup(const struct rlo_gnu *t, const char *name)
{
	u32 h, i;

	if (!name)
		return 0;
	h = rlo_gnu_hash(name);
	if (!gnu_bloom(t, h))
		return 0;
	i = gnu_bucket(t, umod32(h, t->nbuckets));
	if (i == 0)
		return 0;
	for (; i < t->nsyms; i++) {
		u32 c = gnu_chain(t, i);

		if ((c | 1) == (h | 1)) {
			struct sym s;

			get_sym(&t->elf, i, &s);
			if (name_eq(s.name, name))
				return i;
		}
		if (c & 1)
			break;
	}
	return 0;
}

/* ---- branch relocations --------------------------------------------- */

/*
 * One relocation's target key, and whether its addend is zero as the
 * kernel tests it.  T.addend: RELA r_addend; REL the immediate field,
 * >= 0.
 */
struct key {
	struct rlo_branch_key t;
	int zero;
};

int rlo_is_branch_reloc(unsigned int machine, unsigned int elfclass, u32 type)
{
	if (machine == RLO_EM_ARM)
		return type == R_ARM_PC24 || type == R_ARM_CALL ||
		       type == R_ARM_JUMP24 || type == R_ARM_THM_CALL ||
		       type == R_ARM_THM_JUMP24;
	if (machine != RLO_EM_AARCH64)
		return 0;
	if (elfclass == RLO_ELFCLASS64)
		return type == R_AARCH64_CALL26 || type == R_AARCH64_JUMP26;
	return type == R_AARCH64_P32_CALL26 || type == R_AARCH64_P32_JUMP26;
}

int rlo_branch_key_cmp(const struct rlo_branch_key *x,
		       const struct rlo_branch_key *y)
{
	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	if (x->sym != y->sym)
		return x->sym < y->sym ? -1 : 1;
	if (x->addend != y->addend)
		return x->addend < y->addend ? -1 : 1;
	return 0;
}

/* ffz(x): index of the lowest zero bit; 64 when there is none.  */
static unsigned int lowest_zero(u64 x)
{
	unsigned int k;

	for (k = 0; k < 64 && ((x >> k) & 1); k++)
		;
	return k;
}

/*
 * The entry size in bytes of ELF's branch relocation sections, as the
 * kernel of that machine takes them (ARM: REL, AArch64: RELA); 0 for a
 * machine or class no kernel counts PLTs for.
 */
static u64 branch_entsize(const struct rlo_elf *elf)
{
	if (elf->machine == RLO_EM_ARM && elf->elfclass == RLO_ELFCLASS32)
		return 8;
	if (elf->machine == RLO_EM_AARCH64)
		return elf->elfclass == RLO_ELFCLASS64 ? 24 : 12;
	return 0;
}

/* r_offset, symbol and type of the relocation at P (ELF32/64 r_info).  */
static u64 decode_rel(const struct rlo_elf *elf, const unsigned char *p,
		      struct key *k)
{
	u64 r_offset, info;

	if (elf->elfclass == RLO_ELFCLASS64) {
		r_offset = get64(p, elf->big_endian);
		info = get64(p + 8, elf->big_endian);
		k->t.sym = (u32)(info >> 32);
		k->t.type = (u32)info;
	} else {
		r_offset = get32(p, elf->big_endian);
		info = get32(p + 4, elf->big_endian);
		k->t.sym = (u32)(info >> 8);
		k->t.type = (u32)(info & 0xff);
	}
	return r_offset;
}

/*
 * Erratum 843419 (arm64 count_plts): an ADRP at offset 0xff8 or 0xffc of
 * a 4K page needs a veneer; others need the section aligned so they stay
 * off those offsets.  TYPE at R_OFFSET is a non-branch relocation.
 */
static void count_adrp(const struct rlo_elf *elf, u32 type, u64 r_offset,
		       struct rlo_branch_count *out)
{
	unsigned int z;

	if (elf->machine != RLO_EM_AARCH64 || elf->elfclass != RLO_ELFCLASS64 ||
	    (type != R_AARCH64_ADR_PREL_PG_HI21 &&
	     type != R_AARCH64_ADR_PREL_PG_HI21_NC))
		return;
	z = lowest_zero(r_offset | 7);
	if (z >= 12)
		out->adrp_veneers++;
	else if (((u64)2 << z) > out->adrp_align)
		out->adrp_align = (u64)2 << z;
}

/*
 * K's addend: RELA's r_addend at P, or for REL the immediate field of the
 * instruction at R_OFFSET in TARGET (TARGET_SIZE bytes), and whether the
 * kernel takes it as zero (is_zero_addend_relocation).  Relocation J.
 */
static int branch_addend(const struct rlo_elf *elf, const unsigned char *p,
			 u64 r_offset, const unsigned char *target,
			 u64 target_size, u64 j, struct key *k,
			 struct rlo_fault *f)
{
	/*
	 * ARM code is little-endian except in BE32 objects (big-endian without
	 * EF_ARM_BE8).
	 */
	unsigned int code_big = elf->big_endian &&
				!(elf->flags & RLO_EF_ARM_BE8);
	const unsigned char *insn;

	if (elf->machine == RLO_EM_AARCH64) {
		if (elf->elfclass == RLO_ELFCLASS64)
			k->t.addend = (s64)get64(p + 16, elf->big_endian);
		else
			k->t.addend = (s32)get32(p + 8, elf->big_endian);
		k->zero = k->t.addend == 0;
		return RLO_OK;
	}
	if (!target || target_size < 4 || r_offset > target_size - 4)
		return fail(f, RLO_AT_RELOC, j, r_offset,
			    "is a REL branch outside its target section",
			    RLO_E_RELOC);
	insn = target + r_offset;
	if (k->t.type == R_ARM_THM_CALL || k->t.type == R_ARM_THM_JUMP24) {
		/* Thumb BL/B.W: the PC bias -4 encodes as imm 0x7ff/0x2ffe.  */
		u32 hw1 = get16(insn, code_big) & 0x07ffu;
		u32 hw2 = get16(insn + 2, code_big) & 0x2fffu;

		k->t.addend = (s64)(hw1 << 16 | hw2);
		k->zero = hw1 == 0x7ff && hw2 == 0x2ffe;
	} else {
		/* ARM BL/B: the PC bias -8 encodes as 0xfffffe.  */
		u32 imm = get32(insn, code_big) & 0x00ffffffu;

		k->t.addend = imm;
		k->zero = imm == 0xfffffe;
	}
	return RLO_OK;
}

/*
 * Count branch K, which follows PREV (if HAVE_PREV) in relopt's order,
 * into OUT.  A target in the section the relocations apply to
 * (sh_info) is in range by construction and needs no PLT; any other
 * needs one unless it is a zero-addend duplicate of the previous slot
 * (ARM compares type and symbol and needs both zero-addend; arm64
 * compares the whole key, which then is zero too).
 */
static void count_branch(const struct rlo_elf *elf,
			 const struct rlo_section *rels, const struct key *prev,
			 int have_prev, const struct key *k,
			 struct rlo_branch_count *out)
{
	int rela = elf->machine == RLO_EM_AARCH64;
	struct sym s;

	out->branches++;
	out->distinct +=
		!(have_prev && rlo_branch_key_cmp(&prev->t, &k->t) == 0);
	get_sym(elf, k->t.sym, &s);
	if (s.shndx != rels->sh_info) {
		int same = have_prev && prev->t.type == k->t.type &&
			   prev->t.sym == k->t.sym && prev->zero;
		if (!(k->zero && same &&
		      (!rela || prev->t.addend == k->t.addend)))
			out->plts++;
	}
}

int rlo_count_branch_targets(const struct rlo_elf *elf,
			     const struct rlo_section *rels,
			     const unsigned char *target, u64 target_size,
			     struct rlo_branch_count *out, struct rlo_fault *f)
{
	u32 nsyms;
	u64 ent, n, j, rem;
	int seen_other = 0, have_prev = 0, rc;
	struct key prev, k;

	fail(f, RLO_AT_NONE, 0, 0, "", RLO_OK);
	if (!rels || !out || (!rels->data && rels->size != 0))
		return RLO_E_ARG;
	rc = check_symtab(elf, &nsyms);
	if (rc)
		return rc;
	out->branches = 0;
	out->distinct = 0;
	out->plts = 0;
	out->adrp_veneers = 0;
	out->adrp_align = 0;
	prev.t.type = 0;
	prev.t.sym = 0;
	prev.t.addend = 0;
	prev.zero = 0;
	ent = branch_entsize(elf);
	if (ent == 0)
		return RLO_E_ARG;
	n = udiv64(rels->size, ent, &rem);
	if ((rels->sh_entsize != 0 && rels->sh_entsize != ent) || rem != 0)
		return fail(f, RLO_AT_NONE, 0, ent,
			    "size or sh_entsize does not fit the entry size (value)",
			    RLO_E_RELOC);
	for (j = 0; j < n; j++) {
		const unsigned char *p = rels->data + j * ent;
		u64 r_offset = decode_rel(elf, p, &k);

		if (!rlo_is_branch_reloc(elf->machine, elf->elfclass,
					 k.t.type)) {
			seen_other = 1;
			count_adrp(elf, k.t.type, r_offset, out);
			continue;
		}
		if (seen_other)
			return fail(f, RLO_AT_RELOC, j, k.t.type,
				    "is a branch relocation after a non-branch one",
				    RLO_NOT_IN_ORDER);
		if (k.t.sym >= nsyms)
			return fail(f, RLO_AT_RELOC, j, k.t.sym,
				    "has a symbol index past .symtab",
				    RLO_E_RELOC);
		rc = branch_addend(elf, p, r_offset, target, target_size, j, &k,
				   f);
		if (rc)
			return rc;
		if (have_prev && rlo_branch_key_cmp(&prev.t, &k.t) > 0)
			return fail(f, RLO_AT_RELOC, j, k.t.type,
				    "is out of (type, symbol, addend) order",
				    RLO_NOT_IN_ORDER);
		count_branch(elf, rels, &prev, have_prev, &k, out);
		/* Field by field, as copy_elf.  */
		prev.t.type = k.t.type;
		prev.t.sym = k.t.sym;
		prev.t.addend = k.t.addend;
		prev.zero = k.zero;
		have_prev = 1;
	}
	return RLO_OK;
}

/*
 * The rules for callers that hold one decoded symbol (relopt itself
 * builds its tables with them).
 */
int rlo_sym_indexed(u32 st_shndx, const char *name)
{
	struct sym s;

	s.name = (const unsigned char *)name;
	s.shndx = st_shndx;
	return sym_indexed(&s);
}

int rlo_gnu_hashed(unsigned int st_info, u32 st_shndx, const char *name)
{
	struct sym s;

	s.name = (const unsigned char *)name;
	s.st_name = 0;
	s.bind = st_info >> 4;
	s.type = st_info & 0xf;
	s.shndx = st_shndx;
	return gnu_hashed(&s);
}

/* ---- symbol address order (.addrorder) ----------------------------- */

#define RLO_SHN_LORESERVE 0xff00u

/*
 * The section key of a decoded symbol (which validation made sure has
 * its SHT_SYMTAB_SHNDX word when it needs one): the real section index,
 * or 2^32 + the raw value for the reserved indices, which so sort after
 * every real section.
 */
static u64 addr_key(const struct rlo_elf *elf, u32 i, const struct sym *s)
{
	if (s->shndx == RLO_SHN_XINDEX)
		return get32(elf->shndx + (u64)i * 4, elf->big_endian);
	if (s->shndx >= RLO_SHN_LORESERVE)
		return (u64)1 << 32 | s->shndx;
	return s->shndx;
}

static u64 sym_value(const struct rlo_elf *elf, u32 i)
{
	const unsigned char *p = elf->symtab + (u64)i * elf->symtab_entsize;

	if (elf->elfclass == RLO_ELFCLASS64)
		return get64(p + 8, elf->big_endian);
	return get32(p + 4, elf->big_endian);
}

static u32 order_word(const struct rlo_addrorder *t, u32 k)
{
	return get32(t->order + (u64)k * 4, t->elf.big_endian);
}

/*
 * One pass over the symtab: every defined symbol's name inside .strtab,
 * every considered SHN_XINDEX symbol's word present; *COUNT gets the
 * number of considered symbols.
 */
static int addr_count(const struct rlo_elf *elf, u32 nsyms, u32 *count,
		      struct rlo_fault *f)
{
	u32 i, n = 0;

	for (i = 1; i < nsyms; i++) {
		struct sym s;

		get_sym(elf, i, &s);
		if (s.shndx == RLO_SHN_UNDEF)
			continue;
		if (!s.name)
			return fail(f, RLO_AT_SYMBOL, i, s.st_name,
				    "has st_name outside .strtab",
				    RLO_E_SYMBOL);
		if (!sym_indexed(&s))
			continue;
		if (s.shndx == RLO_SHN_XINDEX &&
		    (!elf->shndx || elf->shndx_size / 4 <= i))
			return fail(f, RLO_AT_SYMBOL, i, s.shndx,
				    "is SHN_XINDEX without a SHT_SYMTAB_SHNDX word",
				    RLO_E_SYMBOL);
		n++;
	}
	*count = n;
	return RLO_OK;
}

/* Whether (KEY, VALUE, I) is strictly greater than (PKEY, PVALUE, PI). */
static int addr_key_above(u64 key, u64 value, u32 i, u64 pkey, u64 pvalue,
			  u32 pi)
{
	if (key != pkey)
		return key > pkey;
	if (value != pvalue)
		return value > pvalue;
	return i > pi;
}

int rlo_addrorder_validate(const struct rlo_elf *elf,
			   const struct rlo_section *order,
			   struct rlo_addrorder *t, struct rlo_fault *f)
{
	u64 pkey = 0, pvalue = 0;
	u32 nsyms, considered, k, prev = 0;
	int rc;

	rc = validate_start(elf, order, t, f, &nsyms);
	if (rc)
		return rc;
	if (order->sh_entsize != 4)
		return fail(f, RLO_AT_NONE, 0, order->sh_entsize,
			    "sh_entsize is not 4", RLO_E_SIZE);
	if (order->size % 4 != 0 || order->size / 4 > nsyms)
		return fail(f, RLO_AT_NONE, 0, order->size,
			    "size is not a multiple of 4 up to 4 * the symbol count",
			    RLO_E_SIZE);
	rc = addr_count(elf, nsyms, &considered, f);
	if (rc)
		return rc;
	copy_elf(&t->elf, elf);
	t->order = order->data;
	t->count = (u32)(order->size / 4);
	t->nsyms = nsyms;
	t->nruns = 0;
	for (k = 0; k < t->count; k++) {
		u32 i = order_word(t, k);
		struct sym s;
		u64 key, value;

		if (i == 0 || i >= nsyms)
			return fail(f, RLO_AT_CHAIN, k, i,
				    "is not a symbol index in [1, nsyms)",
				    RLO_E_INDEX);
		get_sym(elf, i, &s);
		if (!sym_indexed(&s))
			return fail(f, RLO_AT_CHAIN, k, i,
				    "is a symbol find_kallsyms_symbol() ignores",
				    RLO_E_SYMBOL);
		key = addr_key(elf, i, &s);
		value = sym_value(elf, i);
		if (k > 0 && !addr_key_above(key, value, i, pkey, pvalue, prev))
			return fail(f, RLO_AT_CHAIN, k, i,
				    "is not above the previous entry in (section, value, index)",
				    RLO_E_CHAIN);
		if (k == 0 || key != pkey)
			t->nruns++;
		pkey = key;
		pvalue = value;
		prev = i;
	}
	if (t->count != considered)
		return fail(f, RLO_AT_NONE, 0, considered,
			    "lists fewer symbols than find_kallsyms_symbol() considers",
			    RLO_E_MISSING);
	return RLO_OK;
}

u64 rlo_addrorder_address(const struct rlo_addrorder *t, const u64 *base,
			  u32 nbase, u32 sym)
{
	struct sym s;
	u64 key;

	get_sym(&t->elf, sym, &s);
	key = addr_key(&t->elf, sym, &s);
	if (base && key < nbase)
		return base[key] + sym_value(&t->elf, sym);
	return sym_value(&t->elf, sym);
}

/* Run A sorts before run B: by first address, then by last.  */
static int run_before(const struct rlo_addr_run *a,
		      const struct rlo_addr_run *b)
{
	if (a->first != b->first)
		return a->first < b->first;
	return a->last < b->last;
}

/* Field by field (a struct assignment may become a memcpy call).  */
static void run_swap(struct rlo_addr_run *a, struct rlo_addr_run *b)
{
	struct rlo_addr_run c;

	c.start = a->start;
	c.count = a->count;
	c.first = a->first;
	c.last = a->last;
	a->start = b->start;
	a->count = b->count;
	a->first = b->first;
	a->last = b->last;
	b->start = c.start;
	b->count = c.count;
	b->first = c.first;
	b->last = c.last;
}

/* Sift entry I of the heap RUNS[0, N) down: a bounded loop, no recursion. */
static void run_sift(struct rlo_addr_run *runs, u32 i, u32 n)
{
	for (;;) {
		u64 c = (u64)i * 2 + 1;
		u32 big = i;

		if (c < n && run_before(&runs[big], &runs[c]))
			big = (u32)c;
		if (c + 1 < n && run_before(&runs[big], &runs[c + 1]))
			big = (u32)c + 1;
		if (big == i)
			return;
		run_swap(&runs[i], &runs[big]);
		i = big;
	}
}

/* Heapsort: O(n log n) whatever the order, no memory, no recursion.  */
static void runs_sort(struct rlo_addr_run *runs, u32 n)
{
	u32 i;

	for (i = n / 2; i > 0; i--)
		run_sift(runs, i - 1, n);
	for (i = n; i > 1; i--) {
		run_swap(&runs[0], &runs[i - 1]);
		run_sift(runs, 0, i - 1);
	}
}

int rlo_addrorder_merge(const struct rlo_addrorder *t, const u64 *base,
			u32 nbase, struct rlo_addr_run *runs, u32 nruns,
			u32 *merged)
{
	u64 pkey = 0, prev = 0;
	u32 k, r = 0, n = 0;

	if (!t || !runs || !merged || nruns < t->nruns)
		return RLO_E_ARG;
	/* The runs: a new one wherever the section key changes.  */
	for (k = 0; k < t->count; k++) {
		u32 i = order_word(t, k);
		struct sym s;
		u64 key, a;

		get_sym(&t->elf, i, &s);
		key = addr_key(&t->elf, i, &s);
		if (base && key < ((u64)1 << 32) && key >= nbase)
			return RLO_E_ARG;
		a = rlo_addrorder_address(t, base, nbase, i);
		if (k == 0 || key != pkey) {
			if (r == t->nruns)
				return RLO_E_ARG; /* T was not validated */
			runs[r].start = k;
			runs[r].count = 0;
			runs[r].first = a;
			r++;
		}
		runs[r - 1].count++;
		runs[r - 1].last = a;
		pkey = key;
	}
	runs_sort(runs, r);
	/* The concatenation, checked non-decreasing on the way.  */
	for (k = 0; k < r; k++) {
		u32 j;

		for (j = 0; j < runs[k].count; j++) {
			u32 i = order_word(t, runs[k].start + j);
			u64 a = rlo_addrorder_address(t, base, nbase, i);

			if (n > 0 && a < prev)
				return RLO_NOT_IN_ORDER;
			merged[n++] = i;
			prev = a;
		}
	}
	return RLO_OK;
}

u32 rlo_addrorder_lookup(const struct rlo_addrorder *t, const u64 *base,
			 u32 nbase, const u32 *merged, u64 addr, u64 lo,
			 u64 hi, u64 *next)
{
	u32 left = 0, right = t->count, pos, best;
	u64 a;

	/* [0, left) have address <= ADDR, [right, count) above it.  */
	while (left < right) {
		u32 mid = left + (right - left) / 2;

		if (rlo_addrorder_address(t, base, nbase, merged[mid]) <= addr)
			left = mid + 1;
		else
			right = mid;
	}
	if (next) {
		*next = hi;
		if (left < t->count) {
			a = rlo_addrorder_address(t, base, nbase, merged[left]);
			if (a < hi)
				*next = a;
		}
	}
	/* The loop's bestval = LO - 1 wraps for LO == 0: nothing is above. */
	if (left == 0 || lo == 0)
		return 0;
	pos = left - 1;
	a = rlo_addrorder_address(t, base, nbase, merged[pos]);
	if (a < lo)
		return 0;
	/* Ties can span runs, in any index order: take the lowest.  */
	best = merged[pos];
	while (pos > 0 &&
	       rlo_addrorder_address(t, base, nbase, merged[pos - 1]) == a) {
		pos--;
		if (merged[pos] < best)
			best = merged[pos];
	}
	return best;
}
