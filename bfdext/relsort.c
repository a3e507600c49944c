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

/* Compute the key of relocation R (at index J of section IDX).  */
static int
branch_key (const relopt_image *img, uint32_t idx, uint64_t j,
            const struct relopt_rel *r, struct branch_key *k,
            struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  char lb[96];

  k->key.type = r->type;
  k->key.sym = r->sym;
  k->pos = j;
  k->key.addend = r->addend;
  if (s->sh_type == RELOPT_SHT_REL)
    {
      const struct relopt_section *t
          = s->sh_info < img->shnum ? &img->sec[s->sh_info] : NULL;
      if (t == NULL || t->sh_type == RELOPT_SHT_NOBITS || t->data == NULL
          || r->r_offset > t->sh_size || t->sh_size - r->r_offset < 4)
        return relopt_set_error (
            err, RELOPT_E_FORMAT,
            "%s: branch relocation %llu at offset "
            "0x%llx is outside its target section %u",
            relopt_section_label (img, idx, lb, sizeof lb),
            (unsigned long long)j, (unsigned long long)r->r_offset,
            s->sh_info);
      if (relopt_image_rewrites (img, s->sh_info))
        return relopt_set_error (
            err, RELOPT_E_FORMAT,
            "%s: branch relocation %llu applies to "
            "section %u (type 0x%x), whose contents "
            "relopt rewrites",
            relopt_section_label (img, idx, lb, sizeof lb),
            (unsigned long long)j, s->sh_info, t->sh_type);
      k->key.addend = relopt_arm_rel_addend_key (
          r->type, t->data + r->r_offset, code_big_endian (img));
    }
  return 0;
}

/* Collect the branch keys of section IDX into a new array *KEYSP of *NP
   entries, in file order.  */
static int
collect_keys (const relopt_image *img, uint32_t idx, struct branch_key **keysp,
              uint64_t *np, struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n = s->sh_size / ent, j, nb = 0;
  struct branch_key *keys = malloc ((n ? n : 1) * sizeof *keys);

  *keysp = NULL;
  *np = 0;
  if (keys == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  for (j = 0; j < n; j++)
    {
      struct relopt_rel r;
      int rc;
      relopt_image_get_rel (img, s->sh_type, s->data + j * ent, &r);
      if (!relopt_is_branch_reloc (img->e_machine, img->elfclass, r.type))
        continue;
      rc = branch_key (img, idx, j, &r, &keys[nb], err);
      if (rc)
        {
          free (keys);
          return rc;
        }
      nb++;
    }
  *keysp = keys;
  *np = nb;
  return 0;
}

static bool
same_target (const struct branch_key *a, const struct branch_key *b)
{
  return rlo_branch_key_cmp (&a->key, &b->key) == 0;
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
   ascending order, so a type's rank is its sort position.  False when the
   counting sort does not apply: more than MAX_TYPES types, or a symbol
   index not below NSYMS.  */
static bool
collect_types (const struct branch_key *keys, uint64_t n, uint32_t nsyms,
               uint32_t *types, uint32_t *ntypes)
{
  uint32_t t;
  uint64_t i, j;

  *ntypes = 0;
  for (i = 0; i < n; i++)
    {
      if (keys[i].key.sym >= nsyms)
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
  return true;
}

/* KEYS[0..N) into OUT by symbol, a stable counting sort over NSYMS
   symbols.  Returns 0 or -1 (no memory).  */
static int
sort_by_sym (const struct branch_key *keys, uint64_t n, uint32_t nsyms,
             struct branch_key *out)
{
  uint64_t *scount = calloc ((size_t)nsyms + 1, sizeof *scount), i;

  if (scount == NULL)
    return -1;
  for (i = 0; i < n; i++)
    scount[keys[i].key.sym + 1]++;
  for (i = 1; i <= nsyms; i++)
    scount[i] += scount[i - 1];
  for (i = 0; i < n; i++)
    out[scount[keys[i].key.sym]++] = keys[i];
  free (scount);
  return 0;
}

/* The rank of TYPE among TYPES, which holds it.  */
static uint32_t
type_rank (const uint32_t *types, uint32_t type)
{
  uint32_t t;

  for (t = 0; types[t] != type; t++)
    ;
  return t;
}

/* KEYS[0..N) into OUT by type, a stable counting sort over the NTYPES
   ascending TYPES.  */
static void
sort_by_type (const struct branch_key *keys, uint64_t n, const uint32_t *types,
              uint32_t ntypes, struct branch_key *out)
{
  uint64_t tcount[MAX_TYPES + 1], i;
  uint32_t t;

  memset (tcount, 0, sizeof tcount);
  for (i = 0; i < n; i++)
    tcount[type_rank (types, keys[i].key.type) + 1]++;
  for (t = 1; t <= ntypes; t++)
    tcount[t] += tcount[t - 1];
  for (i = 0; i < n; i++)
    out[tcount[type_rank (types, keys[i].key.type)]++] = keys[i];
}

/* Each run of equal (type, symbol) in KEYS[0..N) in addend order, where
   it is not already.  */
static void
sort_addend_runs (struct branch_key *keys, uint64_t n)
{
  uint64_t i, j;

  for (i = 0; i < n; i = j)
    {
      bool sorted = true;
      for (j = i + 1; j < n && keys[j].key.type == keys[i].key.type
                      && keys[j].key.sym == keys[i].key.sym;
           j++)
        sorted &= keys[j - 1].key.addend <= keys[j].key.addend;
      if (!sorted)
        qsort (keys + i, j - i, sizeof *keys, cmp_branch);
    }
}

/* Put KEYS[0..N), collected in position order, in cmp_branch order in
   O(N + NSYMS) time: a stable counting sort by symbol, then a stable
   counting sort by type (a section has at most a handful of branch
   types), then each run of equal (type, symbol) in addend order where it
   is not already (such runs are short: the calls to one function).
   cmp_branch is a total order, so the result is the one qsort gives; it
   is the fallback where the shortcuts do not apply.  A section already
   in order (relopt's output) costs one comparison per key.  Returns 0 or
   -1 (no memory).  */
static int
sort_keys (struct branch_key *keys, uint64_t n, uint32_t nsyms)
{
  uint32_t types[MAX_TYPES], ntypes;
  struct branch_key *tmp;

  if (keys_in_order (keys, n))
    return 0;
  if (!collect_types (keys, n, nsyms, types, &ntypes))
    {
      qsort (keys, n, sizeof *keys, cmp_branch);
      return 0;
    }
  tmp = malloc (n * sizeof *tmp);
  if (tmp == NULL || sort_by_sym (keys, n, nsyms, tmp) != 0)
    {
      free (tmp);
      return -1;
    }
  sort_by_type (tmp, n, types, ntypes, keys);
  free (tmp);
  sort_addend_runs (keys, n);
  return 0;
}

/* Move the entries of section S (N of ENT bytes) so that new entry J is
   old entry SRC[J].  A section a pass already copied (DATA_OWNED: the
   symbol remap) is permuted in place, cycle by cycle, so a large section
   is not held twice; SRC is consumed.  Returns 0 or -1 (no memory).  */
static int
permute_entries (relopt_image *img, uint32_t idx, uint64_t *src, uint64_t n,
                 size_t ent)
{
  struct relopt_section *s = &img->sec[idx];
  unsigned char tmp[24], *out;
  uint64_t i, j, k;

  if (!s->data_owned)
    {
      out = malloc (s->sh_size ? s->sh_size : 1);
      if (out == NULL)
        return -1;
      for (j = 0; j < n; j++)
        memcpy (out + j * ent, s->data + src[j] * ent, ent);
      relopt_image_set_data (img, idx, out, s->sh_size);
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
          src[j] = j;
          if (k == i)
            {
              memcpy (s->data + j * ent, tmp, ent);
              break;
            }
          memcpy (s->data + j * ent, s->data + k * ent, ent);
        }
    }
  return 0;
}

/* Reorder section IDX.  Adds to STATS.  */
static int
sort_section (relopt_image *img, uint32_t idx, struct relopt_stats *stats,
              struct relopt_error *err)
{
  struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n = s->sh_size / ent, nb, j, o = 0, *src;
  struct branch_key *keys;
  unsigned char *isbranch;
  bool changed = false;
  int rc;

  rc = collect_keys (img, idx, &keys, &nb, err);
  if (rc)
    return rc;
  src = malloc ((n ? n : 1) * sizeof *src);
  isbranch = calloc (n ? n : 1, 1);
  if (src == NULL || isbranch == NULL || sort_keys (keys, nb, img->nsyms))
    {
      free (keys);
      free (src);
      free (isbranch);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  /* New order: the branches by key, then the rest as they were.  */
  for (j = 0; j < nb; j++)
    {
      isbranch[keys[j].pos] = 1;
      src[o++] = keys[j].pos;
      if (j == 0 || !same_target (&keys[j - 1], &keys[j]))
        stats->branch_targets++;
    }
  free (keys);
  for (j = 0; j < n; j++)
    if (!isbranch[j])
      src[o++] = j;
  free (isbranch);
  for (j = 0; j < n && !changed; j++)
    changed = src[j] != j;
  stats->branch_relocs += nb;
  rc = 0;
  if (changed)
    {
      stats->reloc_sections_sorted++;
      if (permute_entries (img, idx, src, n, ent) != 0)
        rc = relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  free (src);
  return rc;
}

int
relopt_relsort_image (relopt_image *img, struct relopt_stats *stats,
                      struct relopt_error *err)
{
  uint32_t i;

  if (img->e_machine != RELOPT_EM_ARM && img->e_machine != RELOPT_EM_AARCH64)
    return 0;
  for (i = 1; i < img->shnum; i++)
    if (relopt_image_is_symtab_reloc (img, i))
      {
        int rc = sort_section (img, i, stats, err);
        if (rc)
          return rc;
      }
  return 0;
}

int
relopt_relsort_check (const relopt_image *img, struct relopt_error *err)
{
  uint32_t i;
  char lb[96];

  if (img->e_machine != RELOPT_EM_ARM && img->e_machine != RELOPT_EM_AARCH64)
    return 0;
  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      size_t ent;
      uint64_t n, j;
      bool seen_other = false;
      struct branch_key prev = { { 0, 0, 0 }, 0 };
      bool have_prev = false;

      if (!relopt_image_is_symtab_reloc (img, i))
        continue;
      ent = relopt_image_rel_entsize (img, s->sh_type);
      n = s->sh_size / ent;
      /* One pass, as a loader would: branches form a sorted prefix.  */
      for (j = 0; j < n; j++)
        {
          struct relopt_rel r;
          struct branch_key k;
          int rc;
          relopt_image_get_rel (img, s->sh_type, s->data + j * ent, &r);
          if (!relopt_is_branch_reloc (img->e_machine, img->elfclass, r.type))
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
          rc = branch_key (img, i, 0, &r, &k, err);
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
