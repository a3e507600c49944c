/* check.c -- `relopt --check': is this file what relopt guarantees?

   A loader trusts these tables, and tools run after relopt (objcopy, ld -r,
   strip, eu-strip) silently make them stale (DESIGN "Where relopt sits in
   a build").  So every table present is checked against the symtab it
   claims to index, structurally and by doing every lookup:
   - sh_link is .symtab; the header words and size are consistent;
   - .hash: every chain member is hashed and in its bucket, chains ascend,
     every hashed symbol is reachable exactly once; chained are exactly the
     first symbol of each name, mapping symbols never (DESIGN 2);
   - .gnu.hash: hashed symbols are exactly [symoffset, nsyms), in bucket
     order, buckets point at each run's start, chain words hold the hash
     and the end bit, the bloom filter has both bits of every symbol;
   - every symbol name looks up to the lowest hashed index with that name,
     and names that are not hashed are not found.  */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libiberty/hashtab.h>
#include "image.h"
#include "relsort.h"
#include "symhash.h"

/* Name -> lowest index among symbols with HASHED set.  */
struct first_entry
{
  const char *name;
  uint32_t index;
};

static hashval_t
first_hash (const void *p)
{
  return htab_hash_string (((const struct first_entry *) p)->name);
}

static int
first_eq (const void *a, const void *b)
{
  return strcmp (((const struct first_entry *) a)->name,
                 ((const struct first_entry *) b)->name)
         == 0;
}

/* Build the map of names to the first hashed index; *ENTRIES owns the
   records.  */
static htab_t
first_map (const char *const *names, const unsigned char *hashed,
           uint32_t nsyms, struct first_entry **entries)
{
  htab_t h = htab_create_alloc (nsyms ? nsyms : 1, first_hash, first_eq, NULL,
                                calloc, free);
  struct first_entry *e = calloc (nsyms ? nsyms : 1, sizeof *e);
  uint32_t i, n = 0;

  *entries = e;
  if (h == NULL || e == NULL)
    {
      if (h)
        htab_delete (h);
      return NULL;
    }
  for (i = 1; i < nsyms; i++)
    {
      void **slot;
      if (!hashed[i])
        continue;
      e[n].name = names[i];
      e[n].index = i;
      slot = htab_find_slot (h, &e[n], INSERT);
      if (slot == NULL)
        {
          htab_delete (h);
          return NULL;
        }
      if (*slot == NULL)
        *slot = &e[n++];
    }
  return h;
}

/* The lookup each name must give: lowest hashed index, or 0.  */
static uint32_t
expected_index (htab_t map, const char *name)
{
  struct first_entry key, *found;

  key.name = name;
  found = htab_find (map, &key);
  return found ? found->index : 0;
}

/* Names that are not in the symtab: each symbol name with a suffix no
   symbol name can have (a control byte).  */
static void
absent_name (char *buf, size_t len, const char *name)
{
  snprintf (buf, len, "%.200s\001relopt-absent", name);
}

/* A lookup through a decoded table, for check_lookups.  */
typedef uint32_t (*lookup_fn) (const void *table, const char *const *names,
                               const char *name);

static uint32_t
sysv_lookup (const void *t, const char *const *names, const char *name)
{
  return relopt_sysv_lookup (t, names, name);
}

static uint32_t
gnu_lookup (const void *t, const char *const *names, const char *name)
{
  return relopt_gnu_lookup (t, names, name);
}

/* Every symbol name must look up (through LOOKUP on TABLE, section IDX)
   to the lowest index among the symbols with HASHED set that carry it,
   and a name no symbol has must not be found.  */
static int
check_lookups (const relopt_image *img, uint32_t idx,
               const char *const *names, const unsigned char *hashed,
               lookup_fn lookup, const void *table, struct relopt_error *err)
{
  struct first_entry *entries = NULL;
  htab_t map;
  uint32_t i;
  char lb[96], absent[256];
  int rc = 0;

  map = first_map (names, hashed, img->nsyms, &entries);
  if (map == NULL)
    {
      free (entries);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  for (i = 1; rc == 0 && i < img->nsyms; i++)
    {
      uint32_t want = expected_index (map, names[i]);
      uint32_t got = lookup (table, names, names[i]);
      if (names[i][0] != '\0' && got != want)
        rc = relopt_set_error (err, RELOPT_E_CHECK,
                               "%s: lookup of '%.60s' gives symbol %u, "
                               "expected %u",
                               relopt_section_label (img, idx, lb, sizeof lb),
                               names[i], got, want);
      /* "Absent": unless a symbol really has that name (the fuzzer made
         one); then the lookup must find what a linear scan finds.  */
      absent_name (absent, sizeof absent, names[i]);
      if (rc == 0 && lookup (table, names, absent) != expected_index (map, absent))
        rc = relopt_set_error (err, RELOPT_E_CHECK,
                               "%s: an absent name is found",
                               relopt_section_label (img, idx, lb, sizeof lb));
    }
  htab_delete (map);
  free (entries);
  return rc;
}

static int
check_link (const relopt_image *img, uint32_t idx, const char *what,
            struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  char lb[96];

  if (s->sh_link != img->symtab)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%s: %s sh_link is %u, not .symtab (%u): stale "
                             "table (objcopy, ld -r and strip reset or "
                             "renumber it; run relopt last)",
                             relopt_section_label (img, idx, lb, sizeof lb),
                             what, s->sh_link, img->symtab);
  return 0;
}

/* Symbol I is on a .hash chain but DESIGN 2 leaves it out (FIRST as
   relopt_sysv_select gives it): say why.  */
static int
sysv_not_chained (const relopt_image *img, uint32_t idx,
                  const char *const *names, const uint32_t *first, uint32_t i,
                  struct relopt_error *err)
{
  char lb[96];
  const char *sec = relopt_section_label (img, idx, lb, sizeof lb);

  if (first[i] != 0)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%s: symbol %u '%.60s' is on a chain but symbol "
                             "%u has the same name (only the first of a "
                             "name is chained)",
                             sec, i, names[i], first[i]);
  if (relopt_is_mapping_symbol (names[i]))
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%s: symbol %u '%.60s' is on a chain but is a "
                             "mapping symbol (never chained)",
                             sec, i, names[i]);
  return relopt_set_error (err, RELOPT_E_CHECK,
                           "%s: symbol %u '%.60s' is on a chain but is not a "
                           "hashed symbol (stale table?)",
                           sec, i, names[i]);
}

static int
check_sysv (const relopt_image *img, uint32_t idx, const char *const *names,
            struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  struct relopt_sysv_table t;
  unsigned char *hashed = NULL, *reached = NULL;
  uint32_t *first = NULL, i, b;
  char lb[96];
  int rc;

  rc = check_link (img, idx, ".hash", err);
  if (rc)
    return rc;
  rc = relopt_sysv_decode (s->data, s->sh_size,
                           relopt_image_hash_entsize (img), img->big,
                           img->nsyms, &t, err);
  if (rc)
    return rc == RELOPT_E_NOMEM ? rc : (err->code = RELOPT_E_CHECK);
  hashed = calloc (img->nsyms ? img->nsyms : 1, 1);
  reached = calloc (img->nsyms ? img->nsyms : 1, 1);
  first = calloc (img->nsyms ? img->nsyms : 1, sizeof *first);
  if (hashed == NULL || reached == NULL || first == NULL)
    {
      rc = relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
      goto out;
    }
  rc = relopt_sysv_select (img, names, hashed, first, err);
  if (rc)
    goto out;
  for (b = 0; b < t.nbucket; b++)
    {
      uint32_t prev = 0;
      for (i = t.bucket[b]; i != 0; prev = i, i = t.chain[i])
        {
          if (!hashed[i])
            {
              rc = sysv_not_chained (img, idx, names, first, i, err);
              goto out;
            }
          if (relopt_sysv_hash (names[i]) % t.nbucket != b)
            {
              rc = relopt_set_error (err, RELOPT_E_CHECK,
                                     "%s: symbol %u '%.60s' is on the chain "
                                     "of bucket %u, not of its own bucket",
                                     relopt_section_label (img, idx, lb,
                                                           sizeof lb),
                                     i, names[i], b);
              goto out;
            }
          if (i <= prev)
            {
              rc = relopt_set_error (err, RELOPT_E_CHECK,
                                     "%s: chain of bucket %u does not ascend "
                                     "at symbol %u",
                                     relopt_section_label (img, idx, lb,
                                                           sizeof lb),
                                     b, i);
              goto out;
            }
          reached[i] = 1;
        }
    }
  for (i = 1; i < img->nsyms; i++)
    if (hashed[i] && !reached[i])
      {
        rc = relopt_set_error (err, RELOPT_E_CHECK,
                               "%s: symbol %u '%.60s' is missing from the "
                               "table (stale table?)",
                               relopt_section_label (img, idx, lb, sizeof lb),
                               i, names[i]);
        goto out;
      }
  rc = check_lookups (img, idx, names, hashed, sysv_lookup, &t, err);
  if (rc)
    goto out;
  rc = 0;

out:
  free (hashed);
  free (reached);
  free (first);
  relopt_sysv_free (&t);
  return rc;
}

static int
check_gnu (const relopt_image *img, uint32_t idx, const char *const *names,
           struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  struct relopt_gnu_table t;
  unsigned wb = img->elfclass == RELOPT_ELFCLASS64 ? 64 : 32;
  unsigned char *hashed = NULL;
  uint32_t i;
  char lb[96];
  int rc;

  rc = check_link (img, idx, ".gnu.hash", err);
  if (rc)
    return rc;
  rc = relopt_gnu_decode (s->data, s->sh_size, wb, img->big, img->nsyms, &t,
                          err);
  if (rc)
    return rc == RELOPT_E_NOMEM ? rc : (err->code = RELOPT_E_CHECK);
  hashed = calloc (img->nsyms, 1);
  if (hashed == NULL)
    {
      rc = relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
      goto out;
    }
  for (i = 1; i < img->nsyms; i++)
    {
      struct relopt_sym sym;
      relopt_image_get_sym (img, i, &sym);
      hashed[i] = relopt_sym_gnu_hashed (&sym);
      if (hashed[i] != (i >= t.symoffset))
        {
          rc = relopt_set_error (err, RELOPT_E_CHECK,
                                 "%s: symbol %u '%.60s' is %s but symoffset "
                                 "is %u (stale table?)",
                                 relopt_section_label (img, idx, lb,
                                                       sizeof lb),
                                 i, names[i],
                                 hashed[i] ? "a hashed global"
                                           : "not hashable",
                                 t.symoffset);
          goto out;
        }
    }
  for (i = t.symoffset; i < img->nsyms; i++)
    {
      uint32_t h = relopt_gnu_hash (names[i]);
      uint32_t b = h % t.nbuckets;
      uint64_t w = t.bloom[(h / wb) & (t.maskwords - 1)];
      bool first = i == t.symoffset
                   || relopt_gnu_hash (names[i - 1]) % t.nbuckets != b;
      bool last = i + 1 == img->nsyms
                  || relopt_gnu_hash (names[i + 1]) % t.nbuckets != b;
      const char *what = NULL;

      if (i > t.symoffset
          && b < relopt_gnu_hash (names[i - 1]) % t.nbuckets)
        what = "is not in bucket order";
      else if (first && t.buckets[b] != i)
        what = "starts its bucket but the bucket does not point at it";
      else if ((t.chain[i - t.symoffset] | 1) != (h | 1))
        what = "has a chain word that is not its hash";
      else if (((t.chain[i - t.symoffset] & 1) != 0) != last)
        what = "has a wrong end-of-chain bit";
      else if (!((w >> (h % wb)) & (w >> ((h >> t.shift2) % wb)) & 1))
        what = "is missing from the bloom filter";
      if (what)
        {
          rc = relopt_set_error (err, RELOPT_E_CHECK, "%s: symbol %u '%.60s' %s",
                                 relopt_section_label (img, idx, lb,
                                                       sizeof lb),
                                 i, names[i], what);
          goto out;
        }
    }
  for (i = 0; i < t.nbuckets; i++)
    if (t.buckets[i] != 0
        && relopt_gnu_hash (names[t.buckets[i]]) % t.nbuckets != i)
      {
        rc = relopt_set_error (err, RELOPT_E_CHECK,
                               "%s: bucket %u points at symbol %u of another "
                               "bucket",
                               relopt_section_label (img, idx, lb, sizeof lb),
                               i, t.buckets[i]);
        goto out;
      }
  rc = check_lookups (img, idx, names, hashed, gnu_lookup, &t, err);
  if (rc)
    goto out;
  rc = 0;

out:
  free (hashed);
  relopt_gnu_free (&t);
  return rc;
}


/* Without --hash-style, a file must carry at least one table: a module
   relopt never processed (or whose tables a later tool removed) is not
   what --check certifies.  --hash-style=none accepts a file without
   tables.  */
static int
check_tables_present (const struct relopt_options *opts, uint32_t sysv,
                      uint32_t gnu, struct relopt_error *err)
{
  if (!opts->hash_style_given && sysv == 0 && gnu == 0)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "no hash tables (no .hash or .gnu.hash: not "
                             "processed by relopt?); use --hash-style=none "
                             "to check a file without them");
  return 0;
}

int
relopt_check_image (const relopt_image *img,
                    const struct relopt_options *opts,
                    struct relopt_error *err)
{
  uint32_t sysv, gnu;
  unsigned nh, ng;
  const char **names;
  int rc;

  /* Data after the ELF image is not checked: a module signed after
     relopt (the intended order in kbuild) carries its signature there.  */
  sysv = relopt_image_find_type (img, RELOPT_SHT_HASH, &nh);
  gnu = relopt_image_find_type (img, RELOPT_SHT_GNU_HASH, &ng);
  if (nh > 1 || ng > 1)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%u SHT_HASH and %u SHT_GNU_HASH sections", nh,
                             ng);
  rc = check_tables_present (opts, sysv, gnu, err);
  if (rc)
    return rc;
  /* Which tables must be there: what --hash-style named; without it, at
     least one (check_tables_present), and those the file has are
     validated.  */
  if (opts->hash_style_given && (opts->hash_style & RELOPT_HASH_SYSV)
      && sysv == 0)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "no .hash (SHT_HASH) section, expected with "
                             "--hash-style=%s",
                             opts->hash_style == RELOPT_HASH_BOTH ? "both"
                                                                  : "sysv");
  if (opts->hash_style_given && (opts->hash_style & RELOPT_HASH_GNU)
      && gnu == 0)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "no .gnu.hash (SHT_GNU_HASH) section, expected "
                             "with --hash-style=%s",
                             opts->hash_style == RELOPT_HASH_BOTH ? "both"
                                                                  : "gnu");
  rc = relopt_image_check_locals_first (img, RELOPT_E_CHECK, err);
  if (rc)
    return rc;
  names = relopt_image_sym_names (img);
  if (names == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  if (sysv)
    rc = check_sysv (img, sysv, names, err);
  if (rc == 0 && gnu)
    rc = check_gnu (img, gnu, names, err);
  free (names);
  if (rc == 0 && opts->sort_branch_relocs)
    {
      rc = relopt_relsort_check (img, err);
      if (rc == RELOPT_E_FORMAT)
        rc = err->code = RELOPT_E_CHECK;
    }
  return rc;
}
