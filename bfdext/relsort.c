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
#include "prefetch.h"
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
};

static void
branch_types_init (const relopt_image *img, struct branch_types *b)
{
  uint32_t type;

  memset (b->bit, 0, sizeof b->bit);
  for (type = 0; type < TABLED_TYPES; type++)
    if (relopt_is_branch_reloc (img->e_machine, img->elfclass, type))
      b->bit[type / 64] |= (uint64_t)1 << (type % 64);
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

/* Scratch memory of one relopt_relsort_image run, grown as needed and
   reused from section to section: a page is first touched once, for the
   largest section, not once per section (a first touch is what costs
   most here: bench/README.md, "What a rewrite costs").  */
struct scratch
{
  struct branch_key *keys; /* a section's branch keys, in file order */
  uint32_t *by_sym;        /* indices into KEYS, by symbol */
  uint32_t *by_type;       /* indices into KEYS, by (type, symbol) */
  uint32_t *count;         /* NSYMS + 1 counters */
  struct branch_key *run;  /* keys sorted by qsort */
  struct branch_types types;
  size_t keys_cap, by_sym_cap, by_type_cap, run_cap; /* entries */
};

static void
scratch_free (struct scratch *sc)
{
  free (sc->keys);
  free (sc->by_sym);
  free (sc->by_type);
  free (sc->count);
  free (sc->run);
}

/* P (of *CAP entries of SIZE bytes) made to hold at least N entries:
   P or a new pointer (*CAP updated), or NULL when there is no memory (P
   is left as it was).  */
static void *
grow (void *p, size_t *cap, size_t n, size_t size)
{
  void *q;

  if (n <= *cap && p != NULL)
    return p;
  q = realloc (p, (n ? n : 1) * size);
  if (q != NULL)
    *cap = n;
  return q;
}

/* Collect the branch keys of section IDX into SC->keys (*NP of them), in
   file order, with the symbol indices the section will be written with
   (a pending remap applied), and the positions of its other relocations
   into REST, in order (the section's entry count less *NP of them).  */
static int
collect_keys (const relopt_image *img, uint32_t idx, struct scratch *sc,
              uint32_t *rest, uint64_t *np, struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n = s->sh_size / ent, j, nb = 0, nrest = 0;
  struct branch_key *keys;
  struct section_ctx c;

  *np = 0;
  section_ctx_init (img, idx, &sc->types, &c);
  keys = grow (sc->keys, &sc->keys_cap, n, sizeof *keys);
  if (keys == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  sc->keys = keys;
  for (j = 0; j < n; j++)
    {
      const unsigned char *p = s->data + j * ent;
      struct relopt_rel r;
      int rc;
      /* The type first: most relocations are not branches, and need
         no more than their position.  */
      if (!is_branch (img, &c, relopt_image_rel_type (img, p)))
        {
          rest[nrest++] = (uint32_t)j;
          continue;
        }
      relopt_image_get_rel (img, s->sh_type, p, &r);
      r.sym = relopt_image_rel_sym_out (img, idx, r.sym);
      rc = branch_key (img, idx, &c, j, &r, &keys[nb], err);
      if (rc)
        return rc;
      nb++;
    }
  *np = nb;
  return 0;
}

/* Whether A and B have the same key: rlo_branch_key_cmp's 0, field by
   field, without the call.  */
static bool
same_target (const struct branch_key *a, const struct branch_key *b)
{
  return a->key.type == b->key.type && a->key.sym == b->key.sym
         && a->key.addend == b->key.addend;
}

/* At most this many distinct branch types take the counting sort.  */
enum
{
  MAX_TYPES = 8
};

/* Whether KEYS[0..N) are already in strictly ascending cmp_branch
   order.  */
static bool
keys_in_order (const struct branch_key *keys, uint64_t n)
{
  uint64_t i;

  for (i = 1; i < n && cmp_branch (&keys[i - 1], &keys[i]) < 0; i++)
    ;
  return i >= n;
}

/* The distinct types of KEYS[0..N) into TYPES (*NTYPES of them) in
   ascending order, so a type's rank is its sort position, and each one's
   rank into RANK (TABLED_TYPES entries).  False when the counting sort
   does not apply: more than MAX_TYPES types, a type without a rank, or
   a symbol index not below NSYMS.  */
static bool
collect_types (const struct branch_key *keys, uint64_t n, uint32_t nsyms,
               uint32_t *types, uint32_t *ntypes, uint8_t *rank)
{
  uint32_t t;
  uint64_t i, j;

  *ntypes = 0;
  for (i = 0; i < n; i++)
    {
      if (keys[i].key.sym >= nsyms || keys[i].key.type >= TABLED_TYPES)
        return false;
      for (t = 0; t < *ntypes && types[t] != keys[i].key.type; t++)
        ;
      if (t == *ntypes)
        {
          if (*ntypes == MAX_TYPES)
            return false;
          types[(*ntypes)++] = keys[i].key.type;
        }
    }
  for (i = 1; i < *ntypes; i++)
    for (j = i; j > 0 && types[j - 1] > types[j]; j--)
      {
        t = types[j];
        types[j] = types[j - 1];
        types[j - 1] = t;
      }
  for (t = 0; t < *ntypes; t++)
    rank[types[t]] = (uint8_t)t;
  return true;
}

/* SC->keys[0..N) by (type, symbol), as indices into SC->by_type: a
   stable counting sort by symbol over NSYMS symbols into SC->by_sym, then
   a stable counting sort by type over NTYPES types, each type's rank
   (its place among them in ascending order) in RANK.  Equal (type,
   symbol) stay in file order.  Returns 0 or -1 (no memory).  */
static int
sort_by_type_sym (struct scratch *sc, uint64_t n, uint32_t nsyms,
                  const uint8_t *rank, uint32_t ntypes)
{
  const struct branch_key *keys = sc->keys;
  uint32_t tcount[MAX_TYPES + 1], t, *count, *by_sym, *by_type;
  size_t count_cap = sc->count ? (size_t)nsyms + 1 : 0;
  uint64_t i;

  count = grow (sc->count, &count_cap, (size_t)nsyms + 1, sizeof *count);
  if (count == NULL)
    return -1;
  sc->count = count;
  by_sym = grow (sc->by_sym, &sc->by_sym_cap, n, sizeof *by_sym);
  if (by_sym == NULL)
    return -1;
  sc->by_sym = by_sym;
  by_type = grow (sc->by_type, &sc->by_type_cap, n, sizeof *by_type);
  if (by_type == NULL)
    return -1;
  sc->by_type = by_type;
  memset (count, 0, ((size_t)nsyms + 1) * sizeof *count);
  for (i = 0; i < n; i++)
    count[keys[i].key.sym + 1]++;
  for (i = 1; i <= nsyms; i++)
    count[i] += count[i - 1];
  for (i = 0; i < n; i++)
    by_sym[count[keys[i].key.sym]++] = (uint32_t)i;
  memset (tcount, 0, sizeof tcount);
  for (i = 0; i < n; i++)
    tcount[rank[keys[i].key.type] + 1]++;
  for (t = 1; t <= ntypes; t++)
    tcount[t] += tcount[t - 1];
  for (i = 0; i < n; i++)
    {
      if (i + RELOPT_PREFETCH_AHEAD < n)
        relopt_prefetch (&keys[by_sym[i + RELOPT_PREFETCH_AHEAD]]);
      by_type[tcount[rank[keys[by_sym[i]].key.type]]++] = by_sym[i];
    }
  return 0;
}

/* The new order of a section: its branch relocations appended to SRC
   one by one (new entry *O is old entry K->pos), counting the distinct
   targets.  */
struct emit
{
  uint32_t *src;
  uint64_t o;
  struct branch_key prev; /* the last one appended (a copy) */
  uint64_t targets;
};

static void
emit_key (struct emit *e, const struct branch_key *k)
{
  if (e->o == 0 || !same_target (&e->prev, k))
    e->targets++;
  e->prev = *k;
  e->src[e->o++] = (uint32_t)k->pos;
}

/* Append the N keys KEYS[IDX[0..N)] (IDX NULL: KEYS[0..N)), copied to
   SC->run and sorted by qsort, to E.  Returns 0 or -1 (no memory).  */
static int
emit_sorted_copy (struct scratch *sc, const struct branch_key *keys,
                  const uint32_t *idx, uint64_t n, struct emit *e)
{
  struct branch_key *run = grow (sc->run, &sc->run_cap, n, sizeof *run);
  uint64_t i;

  if (run == NULL)
    return -1;
  sc->run = run;
  for (i = 0; i < n; i++)
    run[i] = keys[idx ? idx[i] : i];
  qsort (run, n, sizeof *run, cmp_branch);
  for (i = 0; i < n; i++)
    emit_key (e, &run[i]);
  return 0;
}

/* Append SC->keys[0..N), collected in file order, to E in cmp_branch
   order, in O(N + NSYMS) time: in file order when they already are in
   order (relopt's output: one comparison per key); else a stable
   counting sort by symbol, then by type (a section has at most a
   handful of branch types), then each run of equal (type, symbol) in
   addend order where it is not already (such runs are short: the calls
   to one function).  cmp_branch is a total order, so the result is the
   one qsort gives; it is the fallback where the shortcuts do not apply.
   Returns 0 or -1 (no memory).  */
static int
emit_branches (struct scratch *sc, uint64_t n, uint32_t nsyms, struct emit *e)
{
  const struct branch_key *keys = sc->keys;
  uint32_t types[MAX_TYPES], ntypes;
  uint8_t rank[TABLED_TYPES];
  uint64_t i, j, k;

  if (keys_in_order (keys, n))
    {
      for (i = 0; i < n; i++)
        emit_key (e, &keys[i]);
      return 0;
    }
  if (!collect_types (keys, n, nsyms, types, &ntypes, rank))
    return emit_sorted_copy (sc, keys, NULL, n, e);
  if (sort_by_type_sym (sc, n, nsyms, rank, ntypes))
    return -1;
  for (i = 0; i < n; i = j)
    {
      const uint32_t *by_type = sc->by_type;
      const struct branch_key *first = &keys[by_type[i]];
      bool sorted = true;
      /* One hint per key, AHEAD keys on: here for key I, in the loop
         below for the rest of its run.  */
      if (i + RELOPT_PREFETCH_AHEAD < n)
        relopt_prefetch (&keys[by_type[i + RELOPT_PREFETCH_AHEAD]]);
      for (j = i + 1; j < n && keys[by_type[j]].key.type == first->key.type
                      && keys[by_type[j]].key.sym == first->key.sym;
           j++)
        {
          if (j + RELOPT_PREFETCH_AHEAD < n)
            relopt_prefetch (&keys[by_type[j + RELOPT_PREFETCH_AHEAD]]);
          sorted &= keys[by_type[j - 1]].key.addend
                    <= keys[by_type[j]].key.addend;
        }
      if (!sorted && emit_sorted_copy (sc, keys, by_type + i, j - i, e))
        return -1;
      for (k = i; sorted && k < j; k++)
        emit_key (e, &keys[by_type[k]]);
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

/* Reorder section IDX, with SC's memory.  Adds to STATS.  */
static int
sort_section (relopt_image *img, uint32_t idx, struct scratch *sc,
              struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n = s->sh_size / ent, nb, j;
  struct emit e;
  bool changed = false;
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
  rc = collect_keys (img, idx, sc, e.src, &nb, err);
  if (rc || nb == 0)
    {
      free (e.src);
      return rc;
    }
  stats->branch_relocs += nb;
  memmove (e.src + nb, e.src, (size_t)(n - nb) * sizeof *e.src);
  if (emit_branches (sc, nb, img->nsyms, &e))
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
  uint32_t i;
  int rc = 0;

  if (img->e_machine != RELOPT_EM_ARM && img->e_machine != RELOPT_EM_AARCH64)
    return 0;
  memset (&sc, 0, sizeof sc);
  branch_types_init (img, &sc.types);
  for (i = 1; rc == 0 && i < img->shnum; i++)
    if (relopt_image_is_symtab_reloc (img, i))
      rc = sort_section (img, i, &sc, stats, err);
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

      if (!relopt_image_is_symtab_reloc (img, i))
        continue;
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
