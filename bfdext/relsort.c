/* relsort.c -- ARM/AArch64 branch relocation order (doc/design.md 6); see
   relsort.h.  Why sort: a loader reserving PLT/veneer slots must count
   distinct branch targets.  Linux did it in O(n^2) (<= 4.8), now sorts
   every section at every load; with the order in the file one linear pass
   comparing each branch relocation with the previous one is enough, and
   the same pass verifies the order.  */

#include <config.h>
#include "relsort.h"
#include "image.h"
#include "../loader/relopt-loader.h"
#include "threeway.h"
#include <stdlib.h>
#include <string.h>

bool
relopt_is_branch_reloc (unsigned machine, unsigned elfclass, uint32_t r_type)
{
  /* EM_ARM is ELFCLASS32 only (AAELF); an ELFCLASS64 file claiming it
     holds some other machine's relocations, whose types must not be read
     as ARM branches (a fresh user's finding: x86-64 RELA types 1 and 28
     were sorted as R_ARM_PC24 and R_ARM_CALL).  */
  if (machine == RELOPT_EM_ARM && elfclass != RELOPT_ELFCLASS32)
    return false;
  return rlo_is_branch_reloc (machine, elfclass, r_type) != 0;
}

uint32_t
relopt_arm_rel_addend_key (uint32_t r_type, const unsigned char *insn,
                           bool code_big_endian)
{
  if (r_type == RELOPT_R_ARM_THM_CALL || r_type == RELOPT_R_ARM_THM_JUMP24)
    {
      /* BL/B.W: imm10 (with S) in the first halfword, J1/J2/imm11 in the
         second.  */
      uint32_t hw1 = relopt_get16 (insn, code_big_endian);
      uint32_t hw2 = relopt_get16 (insn + 2, code_big_endian);
      return (hw1 & 0x07ffu) << 16 | (hw2 & 0x2fffu);
    }
  /* BL/B: signed 24-bit word offset in bits 0-23.  */
  return relopt_get32 (insn, code_big_endian) & 0x00ffffffu;
}

/* Sort record: the key (the loader library's, compared as it compares
   them), and the original position as the last key so the order is total
   (equal keys keep their relative order).  */
struct branch_key
{
  struct rlo_branch_key key;
  uint64_t pos;
};

static int
cmp_branch (const void *a, const void *b)
{
  const struct branch_key *x = a, *y = b;
  int c = rlo_branch_key_cmp (&x->key, &y->key);

  return c != 0 ? c : relopt_cmp_u64 (x->pos, y->pos);
}

/* ARM code is little-endian except in big-endian objects without
   EF_ARM_BE8 (BE32); AArch64 uses RELA, so its code order does not
   matter here.  */
static bool
code_big_endian (const relopt_image *img)
{
  return img->big && !(img->e_flags & RELOPT_EF_ARM_BE8);
}

/* Relocation types below this have an entry in the per-image and
   per-section tables below (the ARM and AArch64 branch types all do).  */
enum
{
  TABLED_TYPES = 512
};

/* Which relocation types are branches, a bit per type below
   TABLED_TYPES, found once an image rather than once a relocation.  */
struct branch_types
{
  uint64_t bit[TABLED_TYPES / 64];
  uint8_t rank[TABLED_TYPES]; /* a branch type's place among them */
  uint32_t ntypes;            /* how many there are (ARM 5, AArch64 2) */
};

static void
branch_types_init (const relopt_image *img, struct branch_types *b)
{
  uint32_t type;

  memset (b, 0, sizeof *b);
  for (type = 0; type < TABLED_TYPES; type++)
    if (relopt_is_branch_reloc (img->e_machine, img->elfclass, type))
      {
        b->bit[type / 64] |= (uint64_t)1 << (type % 64);
        b->rank[type] = (uint8_t)b->ntypes++;
      }
}

/* What the keys of one relocation section need, found once a section
   rather than once a relocation: the branch types and, for SHT_REL, the
   section whose instructions hold the addends.  */
struct section_ctx
{
  const struct branch_types *types;
  const struct relopt_section *t; /* SHT_REL: the target section */
  bool t_ok;                      /* T exists and has bytes in the file */
  bool t_rewrites; /* relopt rewrites T (relopt_image_rewrites) */
  bool code_big;   /* code_big_endian */
};

static void
section_ctx_init (const relopt_image *img, uint32_t idx,
                  const struct branch_types *types, struct section_ctx *c)
{
  const struct relopt_section *s = &img->sec[idx];

  c->types = types;
  c->t = NULL;
  c->t_ok = c->t_rewrites = false;
  c->code_big = code_big_endian (img);
  if (s->sh_type != RELOPT_SHT_REL)
    return;
  c->t = s->sh_info < img->shnum ? &img->sec[s->sh_info] : NULL;
  c->t_ok = c->t != NULL && c->t->sh_type != RELOPT_SHT_NOBITS
            && c->t->data != NULL;
  c->t_rewrites = c->t_ok && relopt_image_rewrites (img, s->sh_info);
}

/* Whether relocation type TYPE is a branch, as relopt_is_branch_reloc
   says.  */
static bool
is_branch (const relopt_image *img, const struct section_ctx *c, uint32_t type)
{
  if (type < TABLED_TYPES)
    return (c->types->bit[type / 64] >> (type % 64)) & 1;
  return relopt_is_branch_reloc (img->e_machine, img->elfclass, type);
}

/* Why relocation J of section IDX (whose context is C; R decoded) has
   no key: the error branch_key returns.  Out of line, so the key's path
   carries no message buffer (and no stack-protector check) a call.  */
static int __attribute__ ((noinline, cold))
branch_key_error (const relopt_image *img, uint32_t idx,
                  const struct section_ctx *c, uint64_t j,
                  const struct relopt_rel *r, struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx], *t = c->t;
  char lb[96];

  if (!c->t_ok || r->r_offset > t->sh_size || t->sh_size - r->r_offset < 4)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "%s: branch relocation %llu at offset "
                             "0x%llx is outside its target section %u",
                             relopt_section_label (img, idx, lb, sizeof lb),
                             (unsigned long long)j,
                             (unsigned long long)r->r_offset, s->sh_info);
  return relopt_set_error (err, RELOPT_E_FORMAT,
                           "%s: branch relocation %llu applies to "
                           "section %u (type 0x%x), whose contents "
                           "relopt rewrites",
                           relopt_section_label (img, idx, lb, sizeof lb),
                           (unsigned long long)j, s->sh_info, t->sh_type);
}

/* Compute the key of relocation R (at index J of section IDX, whose
   context is C).  */
static inline int
branch_key (const relopt_image *img, uint32_t idx, const struct section_ctx *c,
            uint64_t j, const struct relopt_rel *r, struct branch_key *k,
            struct relopt_error *err)
{
  k->key.type = r->type;
  k->key.sym = r->sym;
  k->pos = j;
  k->key.addend = r->addend;
  if (img->sec[idx].sh_type == RELOPT_SHT_REL)
    {
      const struct relopt_section *t = c->t;
      if (!c->t_ok || r->r_offset > t->sh_size || t->sh_size - r->r_offset < 4
          || c->t_rewrites)
        return branch_key_error (img, idx, c, j, r, err);
      k->key.addend = relopt_arm_rel_addend_key (
          r->type, t->data + r->r_offset, c->code_big);
    }
  return 0;
}

/* A branch relocation in the sort, 8 bytes: its (type, symbol) as one
   number, TS = the type's rank among the machine's branch types (ranked
   in ascending type order) * NSYMS + the symbol, which orders as (type,
   symbol) do; and its position in the section.  Its addend
   (rlo_branch_key's) is not in the record: in a section where every
   branch of one type has the same addend, which is every armhf section
   and all but 22 of 4,296 arm64 ones in Debian's first 400 modules of
   each, the addend orders nothing and TS alone names the target; only
   in the others are the addends kept, in an array beside the records
   that the sort moves with them (struct scratch).
   The records and their sort copy are the branch order's largest memory,
   and a fresh page costs as much as the work done in it
   (bench/README.md, "The rewrite against cp and objcopy"): with 16-byte
   records bluetooth.ko (armhf, 9,438 branches) touched 37 more.  */
struct brec
{
  uint32_t ts;
  uint32_t pos;
};

/* A run of one TS sorted by addend (a section with addends kept), 16
   bytes, copied out for qsort.  */
struct arec
{
  int64_t addend;
  uint64_t pos;
};

/* Ranks have a uint8_t each (struct branch_types).  */
enum
{
  RANKS = 256
};

/* How a section's branches are split for the sort: by the high bits of
   TS into at most 2^SPLIT_MAX_BITS buckets (a pass writing that many
   streams keeps its pages in the TLB), each counted by its low SHIFT
   bits (2^SPLIT_LOCAL_BITS counters, 32 KiB, while the buckets
   suffice).  A bucket's records and counters then fit the cache, where
   one counting sort over all symbols reads every record from memory at
   random once the section outgrows the last cache: 35 MB of keys at 1M
   symbols took 3.2M last-level misses of a rewrite's 11M (bench/README.md,
   "Scaling").  */
enum
{
  SPLIT_MAX_BITS = 10,
  SPLIT_LOCAL_BITS = 13,
  /* A bucket of at most this many records is sorted by insertion, not
     counted: a section of a few branches costs no 2^SHIFT counters.  */
  INSERTION_MAX = 24
};

struct split
{
  unsigned shift;    /* a bucket holds TS values of equal TS >> SHIFT */
  uint32_t nbuckets; /* (max TS >> SHIFT) + 1 */
};

/* The split for TS values below NTS (ntypes * nsyms, at most 2^32).  */
static void
split_init (uint64_t nts, struct split *sp)
{
  unsigned bits = 0;

  while (bits < 64 && nts > 1 && (nts - 1) >> bits != 0)
    bits++;
  sp->shift = bits <= SPLIT_LOCAL_BITS ? bits
              : bits - SPLIT_LOCAL_BITS > SPLIT_MAX_BITS
                  ? bits - SPLIT_MAX_BITS
                  : SPLIT_LOCAL_BITS;
  sp->nbuckets = nts > 1 ? (uint32_t)((nts - 1) >> sp->shift) + 1 : 1;
}

/* Scratch memory of one relopt_relsort_image run, reused from section
   to section and replaced only when a section needs more: a page is
   first touched about once, not once per section (a first touch is what
   costs most here: bench/README.md, "What a rewrite costs").  */
struct scratch
{
  /* A section's branches in file order; TMP: by bucket, or a bucket
     counted.  Each allocated at need and replaced when a larger section
     needs more (reserve), never realloc'd: the scaling module's peak
     RSS at 500k symbols 117 -> 101 MB (realloc copied the records of
     one section into the next one's array, touching pages for nothing;
     .rela.data, which has no branches, needs none).  */
  struct brec *rec, *tmp;
  uint32_t *count;  /* 2^shift + 1 counters */
  uint32_t *bucket; /* nbuckets + 1 bucket starts */
  struct branch_types types;
  struct split split;
  size_t rec_cap, tmp_cap; /* entries */
  /* The section's addends: FIRST[rank] is the addend of the first branch
     of the type of that rank (SEEN), the addend of all of them unless
     KEYED; then ADD[k] is the addend of REC[k], and ADD_TMP of TMP[k]
     (allocated at the first section that needs them), and RUN holds a
     run of one TS while it is sorted by addend.  Beside the records,
     not by position: read in sorted order, an array by position is read
     at random, and at 1M symbols it outgrew the cache (the scaling
     module keeps its addends: its 500k -> 1M step 2.06 -> 2.12, median
     of 5 runs, that way).  */
  int64_t first[RANKS];
  bool seen[RANKS];
  bool keyed;
  int64_t *add, *add_tmp;
  size_t add_cap, add_tmp_cap;
  struct arec *run;
  size_t run_cap;
};

static void
scratch_free (struct scratch *sc)
{
  free (sc->rec);
  free (sc->tmp);
  free (sc->count);
  free (sc->bucket);
  free (sc->add);
  free (sc->add_tmp);
  free (sc->run);
}

/* *P (of *CAP entries of SIZE bytes) made to hold N, its contents not
   kept.  Returns *P, or NULL when there is no memory.  */
static void *
reserve_bytes (void **p, size_t *cap, uint64_t n, size_t size)
{
  if (n <= *cap && *p != NULL)
    return *p;
  free (*p);
  *cap = 0;
  *p = n <= SIZE_MAX / size ? malloc ((n ? n : 1) * size) : NULL;
  if (*p != NULL)
    *cap = n;
  return *p;
}

/* *P (of *CAP records) made to hold N records, its contents not kept:
   a section's records are of no use to the next.  Returns *P, or NULL
   when there is no memory.  */
static struct brec *
reserve (struct brec **p, size_t *cap, uint64_t n)
{
  void *v = *p;
  struct brec *r = reserve_bytes (&v, cap, n, sizeof **p);

  *p = v;
  return r;
}

/* Record the addend A of branch REC[NB] (whose type has rank RANK) in
   SC: the first of its type, or, the first time one differs from its
   type's first, every addend so far into SC->add (room for N, the
   section's entries).  Returns 0 or -1 (no memory).  */
static int
note_addend (struct scratch *sc, const struct brec *rec, uint64_t nb,
             uint32_t rank, int64_t a, uint64_t n, uint32_t nsyms)
{
  uint64_t q;
  void *v;

  if (sc->keyed)
    {
      sc->add[nb] = a;
      return 0;
    }
  if (!sc->seen[rank])
    {
      sc->seen[rank] = true;
      sc->first[rank] = a;
      return 0;
    }
  if (sc->first[rank] == a)
    return 0;
  v = sc->add;
  if (reserve_bytes (&v, &sc->add_cap, n, sizeof *sc->add) == NULL)
    return -1;
  sc->add = v;
  sc->keyed = true;
  for (q = 0; q < nb; q++)
    sc->add[q] = sc->first[rec[q].ts / nsyms];
  sc->add[nb] = a;
  return 0;
}

/* Collect the branches of section IDX into SC->rec (*NP of them), in
   file order, with the symbol indices the section will be written with
   (a pending remap applied), counting each bucket's records in
   SC->bucket[1..], and the positions of the section's other relocations
   into REST, in order (the entry count less *NP of them).  *IN_ORDER
   tells whether the branches already are in order (relopt's output:
   nothing to sort).  */
static int
collect_branches (const relopt_image *img, uint32_t idx, struct scratch *sc,
                  uint32_t *rest, uint64_t *np, bool *in_order,
                  struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n = s->sh_size / ent, j, nb = 0, nrest = 0;
  const unsigned shift = sc->split.shift;
  uint32_t *bucket = sc->bucket;
  struct brec *rec = sc->rec;
  struct section_ctx c;
  char lb[96];

  *np = 0;
  *in_order = true;
  sc->keyed = false;
  memset (sc->seen, 0, sizeof sc->seen);
  section_ctx_init (img, idx, &sc->types, &c);
  memset (bucket, 0, ((size_t)sc->split.nbuckets + 1) * sizeof *bucket);
  for (j = 0; j < n; j++)
    {
      const unsigned char *p = s->data + j * ent;
      uint32_t type = relopt_image_rel_type (img, p);
      struct relopt_rel r;
      struct branch_key k;
      int rc;
      /* The type first: most relocations are not branches, and need
         no more than their position.  */
      if (!is_branch (img, &c, type))
        {
          rest[nrest++] = (uint32_t)j;
          continue;
        }
      relopt_image_get_rel (img, s->sh_type, p, &r);
      r.sym = relopt_image_rel_sym_out (img, idx, r.sym);
      rc = branch_key (img, idx, &c, j, &r, &k, err);
      if (rc)
        return rc;
      /* The parser bounds every r_sym by .symtab and the remap is a
         permutation of it; every branch type is tabled and ranked.  A
         guard, so no counter is written out of bounds.  */
      if (type >= TABLED_TYPES || r.sym >= img->nsyms)
        return relopt_set_error (
            err, RELOPT_E_FORMAT,
            "%s: branch relocation %llu: symbol %u or type %u out of range",
            relopt_section_label (img, idx, lb, sizeof lb),
            (unsigned long long)j, r.sym, type);
      /* Memory at the first branch: a section without one needs
         none.  */
      if (nb == 0 && (rec = reserve (&sc->rec, &sc->rec_cap, n)) == NULL)
        return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
      rec[nb].ts = (uint32_t)(sc->types.rank[type] * img->nsyms + r.sym);
      rec[nb].pos = (uint32_t)j;
      if (note_addend (sc, rec, nb, sc->types.rank[type], k.key.addend, n,
                       img->nsyms))
        return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
      bucket[(rec[nb].ts >> shift) + 1]++;
      /* By TS: emit_sorted puts each run of one TS in addend order.  */
      if (nb > 0 && rec[nb - 1].ts > rec[nb].ts)
        *in_order = false;
      nb++;
    }
  *np = nb;
  return 0;
}

/* Sort the M records R[0..M) of one bucket (their TS agree above SC's
   SHIFT) by TS, stably: in place by insertion when they are few, else a
   counting sort of the low SHIFT bits into OUT (M records).  RA and
   AOUT, when not NULL, are the records' addends and room for them: they
   move with the records.  Returns true when the sorted records are in
   OUT (and AOUT), false when in R (and RA).  */
static bool
sort_bucket (struct scratch *sc, struct brec *r, int64_t *ra, uint64_t m,
             struct brec *out, int64_t *aout)
{
  const uint32_t mask = (uint32_t)(((uint64_t)1 << sc->split.shift) - 1);
  uint32_t *count = sc->count;
  uint64_t i, j;

  if (m <= INSERTION_MAX)
    {
      for (i = 1; i < m; i++)
        {
          struct brec x = r[i];
          int64_t a = ra ? ra[i] : 0;
          for (j = i; j > 0 && r[j - 1].ts > x.ts; j--)
            {
              r[j] = r[j - 1];
              if (ra)
                ra[j] = ra[j - 1];
            }
          r[j] = x;
          if (ra)
            ra[j] = a;
        }
      return false;
    }
  memset (count, 0, ((size_t)mask + 2) * sizeof *count);
  for (i = 0; i < m; i++)
    count[(r[i].ts & mask) + 1]++;
  for (i = 1; i <= mask; i++)
    count[i] += count[i - 1];
  if (ra == NULL)
    for (i = 0; i < m; i++)
      out[count[r[i].ts & mask]++] = r[i];
  else
    for (i = 0; i < m; i++)
      {
        j = count[r[i].ts & mask]++;
        out[j] = r[i];
        aout[j] = ra[i];
      }
  return true;
}

/* The new order of a section: its branch relocations appended to SRC
   one by one, counting the distinct targets.  */
struct emit
{
  uint32_t *src;
  uint64_t o;
  uint64_t targets;
};

/* Order of records of one TS: by addend, then position.  */
static int
cmp_addend_pos (const void *a, const void *b)
{
  const struct arec *x = a, *y = b;

  int c = relopt_cmp_s64 (x->addend, y->addend);

  return c != 0 ? c : relopt_cmp_u64 (x->pos, y->pos);
}

/* Sort R[0..M), records of one TS in file order, and their addends A,
   by addend.  Returns 0 or -1 (no memory).  */
static int
sort_run (struct scratch *sc, struct brec *r, int64_t *a, uint64_t m)
{
  void *v = sc->run;
  uint64_t k;

  if (reserve_bytes (&v, &sc->run_cap, m, sizeof *sc->run) == NULL)
    return -1;
  sc->run = v;
  for (k = 0; k < m; k++)
    {
      sc->run[k].addend = a[k];
      sc->run[k].pos = r[k].pos;
    }
  qsort (sc->run, m, sizeof *sc->run, cmp_addend_pos);
  for (k = 0; k < m; k++)
    {
      a[k] = sc->run[k].addend;
      r[k].pos = (uint32_t)sc->run[k].pos;
    }
  return 0;
}

/* Append R[0..M), sorted by TS and in file order within a TS, to E; A
   (NULL unless SC->keyed) holds their addends.  With addends, each run
   of one TS is put in addend order where it is not already (such runs
   are short: the calls to one function); without, one TS is one addend,
   and the order is already cmp_branch's.  A TS is in one call only
   (emit_branches), so each run's first record is a new target.  Returns
   0 or -1 (no memory).  */
static int
emit_sorted (struct scratch *sc, struct brec *r, int64_t *a, uint64_t m,
             struct emit *e)
{
  uint64_t i, j, k;

  if (a == NULL)
    {
      for (k = 0; k < m; k++)
        {
          e->targets += k == 0 || r[k - 1].ts != r[k].ts;
          e->src[e->o++] = r[k].pos;
        }
      return 0;
    }
  for (i = 0; i < m; i = j)
    {
      bool sorted = true;
      for (j = i + 1; j < m && r[j].ts == r[i].ts; j++)
        sorted &= a[j - 1] <= a[j];
      if (!sorted && sort_run (sc, r + i, a + i, j - i))
        return -1;
      e->targets++;
      e->src[e->o++] = r[i].pos;
      for (k = i + 1; k < j; k++)
        {
          e->targets += a[k - 1] != a[k];
          e->src[e->o++] = r[k].pos;
        }
    }
  return 0;
}

/* A + K, or NULL for no addends (arithmetic on NULL is undefined).  */
static int64_t *
addends_at (int64_t *a, uint64_t k)
{
  return a ? a + k : NULL;
}

/* Append SC->rec[0..N), collected in file order, to E in cmp_branch
   order, in O(N + 2^SHIFT x buckets used) time: as they are when
   IN_ORDER; else a stable scatter into buckets by the high bits of TS
   (skipped when there is one), a stable sort of each bucket by the low
   bits, and each run of one (type, symbol) by addend.  Equal keys keep
   their file order, so the order is cmp_branch's, total.  Returns 0 or
   -1 (no memory).  */
static int
emit_branches (struct scratch *sc, uint64_t n, bool in_order, struct emit *e)
{
  const unsigned shift = sc->split.shift;
  uint32_t nbuckets = sc->split.nbuckets, b, *bucket = sc->bucket;
  struct brec *rec = sc->rec, *tmp;
  int64_t *add = sc->keyed ? sc->add : NULL, *atmp = NULL;
  uint64_t i, j, lo, m;
  void *v = sc->add_tmp;
  bool moved;

  if (in_order)
    return emit_sorted (sc, rec, add, n, e);
  tmp = reserve (&sc->tmp, &sc->tmp_cap, n);
  if (tmp == NULL)
    return -1;
  if (add)
    {
      atmp = reserve_bytes (&v, &sc->add_tmp_cap, n, sizeof *atmp);
      if (atmp == NULL)
        return -1;
      sc->add_tmp = atmp;
    }
  if (nbuckets == 1)
    return sort_bucket (sc, rec, add, n, tmp, atmp)
               ? emit_sorted (sc, tmp, atmp, n, e)
               : emit_sorted (sc, rec, add, n, e);
  /* BUCKET[b] is where bucket b starts; after the scatter, where it
     ends.  */
  for (b = 1; b <= nbuckets; b++)
    bucket[b] += bucket[b - 1];
  for (i = 0; i < n; i++)
    {
      j = bucket[rec[i].ts >> shift]++;
      tmp[j] = rec[i];
      if (add)
        atmp[j] = add[i];
    }
  for (b = 0, lo = 0; b < nbuckets; lo = bucket[b++])
    {
      m = bucket[b] - lo;
      if (m == 0)
        continue;
      moved = sort_bucket (sc, tmp + lo, addends_at (atmp, lo), m, rec + lo,
                           addends_at (add, lo));
      if (moved ? emit_sorted (sc, rec + lo, addends_at (add, lo), m, e)
                : emit_sorted (sc, tmp + lo, addends_at (atmp, lo), m, e))
        return -1;
    }
  return 0;
}

/* Move the entries of section IDX (N of ENT bytes) so that new entry J
   is old entry SRC[J].  A section a pass already copied (DATA_OWNED) is
   permuted in place, cycle by cycle, so a large section is not held
   twice; SRC is consumed.  A section still in the mapped file, or with
   a remap pending (symorder.c), is not copied: the order is left pending
   (REL_ORDER, taken from SRC) and applied as the section is written.
   Takes SRC (N entries) over.  Returns 0.  */
static int
permute_entries (relopt_image *img, uint32_t idx, uint32_t *src, uint64_t n,
                 size_t ent)
{
  struct relopt_section *s = &img->sec[idx];
  unsigned char tmp[24];
  uint64_t i, j, k;

  if (!s->data_owned || s->rel_remap)
    {
      s->rel_order = src;
      return 0;
    }
  for (i = 0; i < n; i++)
    {
      if (src[i] == i)
        continue;
      memcpy (tmp, s->data + i * ent, ent);
      for (j = i;; j = k)
        {
          k = src[j];
          src[j] = (uint32_t)j;
          if (k == i)
            {
              memcpy (s->data + j * ent, tmp, ent);
              break;
            }
          memcpy (s->data + j * ent, s->data + k * ent, ent);
        }
    }
  free (src);
  return 0;
}

/* Why relocation section IDX's branches cannot be in relopt's order,
   or NULL when they can (doc/design.md 6).  A loader counts PLT slots
   over every relocation section applied to code, against .symtab
   whatever sh_link says (Linux: module_frob_arch_sections), so one
   linked elsewhere would keep its branches out of order; and AAELF64
   gives AArch64 branch relocations their addends in RELA only (Linux
   arm64 applies RELA alone), so an SHT_REL one has no key (reading it
   as ARM's 24-bit field would make different targets equal).  */
static const char *
outside_order (const relopt_image *img, uint32_t idx)
{
  if (!relopt_image_is_symtab_reloc (img, idx))
    return "the section is not linked to .symtab, yet a loader applies it "
           "against .symtab";
  if (img->e_machine == RELOPT_EM_AARCH64
      && img->sec[idx].sh_type == RELOPT_SHT_REL)
    return "AArch64 branch relocations have their addends in SHT_RELA "
           "only (AAELF64), so an SHT_REL one has no key";
  return NULL;
}

/* The index of the first branch relocation of relocation section IDX,
   or its entry count when it has none.  */
static uint64_t
first_branch (const relopt_image *img, uint32_t idx,
              const struct branch_types *types)
{
  const struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n = s->sh_size / ent, j;
  struct section_ctx c;

  section_ctx_init (img, idx, types, &c);
  for (j = 0; j < n; j++)
    if (is_branch (img, &c, relopt_image_rel_type (img, s->data + j * ent)))
      break;
  return j;
}

/* CODE and a message when relocation section IDX holds a branch
   relocation outside relopt's order (outside_order), else 0.  */
static int
refuse_outside_order (const relopt_image *img, uint32_t idx,
                      const struct branch_types *types, int code,
                      struct relopt_error *err)
{
  const char *why = outside_order (img, idx);
  const struct relopt_section *s = &img->sec[idx];
  uint64_t j;
  char lb[96];

  if (why == NULL
      || (j = first_branch (img, idx, types))
             >= s->sh_size / relopt_image_rel_entsize (img, s->sh_type))
    return 0;
  return relopt_set_error (
      err, code,
      "%s: branch relocation %llu cannot be put in relopt's order: %s "
      "(--no-sort-branch-relocs leaves the order alone)",
      relopt_section_label (img, idx, lb, sizeof lb), (unsigned long long)j,
      why);
}

/* Reorder section IDX, with SC's memory.  Adds to STATS.  */
static int
sort_section (relopt_image *img, uint32_t idx, struct scratch *sc,
              struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n = s->sh_size / ent, nb, j;
  struct emit e;
  bool changed = false, in_order;
  char lb[96];
  int rc;

  /* An order an earlier run left pending is applied first.  */
  rc = s->rel_order ? relopt_image_own_data (img, idx, err) : 0;
  if (rc == 0 && n > UINT32_MAX)
    rc = relopt_set_error (err, RELOPT_E_FORMAT,
                           "%s: more than 2^32 relocations",
                           relopt_section_label (img, idx, lb, sizeof lb));
  if (rc)
    return rc;
  /* New order: the branches by key, then the rest as they were.  The
     rest's positions are collected with the keys, at the front of SRC,
     then moved behind the branches.  */
  memset (&e, 0, sizeof e);
  e.src = malloc ((n ? n : 1) * sizeof *e.src);
  if (e.src == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  rc = collect_branches (img, idx, sc, e.src, &nb, &in_order, err);
  if (rc || nb == 0)
    {
      free (e.src);
      return rc;
    }
  stats->branch_relocs += nb;
  memmove (e.src + nb, e.src, (size_t)(n - nb) * sizeof *e.src);
  if (emit_branches (sc, nb, in_order, &e))
    {
      free (e.src);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  stats->branch_targets += e.targets;
  for (j = 0; j < n && !changed; j++)
    changed = e.src[j] != j;
  if (!changed)
    {
      free (e.src);
      return 0;
    }
  stats->reloc_sections_sorted++;
  return permute_entries (img, idx, e.src, n, ent);
}

int
relopt_relsort_image (relopt_image *img, struct relopt_stats *stats,
                      struct relopt_error *err)
{
  struct scratch sc;
  uint64_t nts;
  uint32_t i;
  int rc = 0;

  if (img->e_machine != RELOPT_EM_ARM && img->e_machine != RELOPT_EM_AARCH64)
    return 0;
  memset (&sc, 0, sizeof sc);
  branch_types_init (img, &sc.types);
  nts = (uint64_t)sc.types.ntypes * img->nsyms;
  if (nts > (uint64_t)UINT32_MAX + 1)
    return relopt_set_error (err, RELOPT_E_UNSUPPORTED,
                             "%u symbols: too many to order branch "
                             "relocations by (%u types x symbols must not "
                             "exceed 2^32)",
                             img->nsyms, sc.types.ntypes);
  split_init (nts, &sc.split);
  sc.bucket = malloc (((size_t)sc.split.nbuckets + 1) * sizeof *sc.bucket);
  sc.count = malloc ((((size_t)1 << sc.split.shift) + 1) * sizeof *sc.count);
  if (sc.bucket == NULL || sc.count == NULL)
    rc = relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  for (i = 1; rc == 0 && i < img->shnum; i++)
    if (img->sec[i].sh_type == RELOPT_SHT_REL
        || img->sec[i].sh_type == RELOPT_SHT_RELA)
      {
        rc = outside_order (img, i) != NULL
                 ? refuse_outside_order (img, i, &sc.types, RELOPT_E_REFUSE,
                                         err)
                 : sort_section (img, i, &sc, stats, err);
      }
  scratch_free (&sc);
  return rc;
}

int
relopt_relsort_check (const relopt_image *img, struct relopt_error *err)
{
  struct branch_types types;
  uint32_t i;
  char lb[96];

  if (img->e_machine != RELOPT_EM_ARM && img->e_machine != RELOPT_EM_AARCH64)
    return 0;
  branch_types_init (img, &types);
  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      size_t ent;
      uint64_t n, j;
      bool seen_other = false;
      struct branch_key prev = { { 0, 0, 0 }, 0 };
      bool have_prev = false;
      struct section_ctx c;

      if (s->sh_type != RELOPT_SHT_REL && s->sh_type != RELOPT_SHT_RELA)
        continue;
      if (outside_order (img, i) != NULL)
        {
          int rc = refuse_outside_order (img, i, &types, RELOPT_E_CHECK, err);
          if (rc)
            return rc;
          continue;
        }
      section_ctx_init (img, i, &types, &c);
      ent = relopt_image_rel_entsize (img, s->sh_type);
      n = s->sh_size / ent;
      /* One pass, as a loader would: branches form a sorted prefix.  */
      for (j = 0; j < n; j++)
        {
          struct relopt_rel r;
          struct branch_key k;
          int rc;
          relopt_image_get_rel (img, s->sh_type, s->data + j * ent, &r);
          if (!is_branch (img, &c, r.type))
            {
              seen_other = true;
              continue;
            }
          if (seen_other)
            return relopt_set_error (
                err, RELOPT_E_CHECK,
                "%s: branch relocation %llu follows a "
                "non-branch relocation (not in relopt's "
                "order)",
                relopt_section_label (img, i, lb, sizeof lb),
                (unsigned long long)j);
          rc = branch_key (img, i, &c, 0, &r, &k, err);
          if (rc)
            return rc;
          if (have_prev && cmp_branch (&prev, &k) > 0)
            return relopt_set_error (
                err, RELOPT_E_CHECK,
                "%s: branch relocation %llu is out of "
                "(type, symbol, addend) order",
                relopt_section_label (img, i, lb, sizeof lb),
                (unsigned long long)j);
          prev = k;
          have_prev = true;
        }
    }
  return 0;
}
