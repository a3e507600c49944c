/* strtab.c -- deterministic suffix-merged string table (doc/design.md 5;
   format: SysV gABI "String Table").

   Method, as binutils' _bfd_elf_strtab_finalize does it but with a total
   order so the result never depends on qsort or hashing:
   1. de-duplicate the names (libiberty htab);
   2. sort the distinct names by their reversed bytes; then a name is a
      suffix of another exactly when it is a prefix, reversed, of its
      successor, and every name sharing that tail follows it directly;
   3. walking from the end, each name either starts a new "container" or
      lives in the tail of its successor's container;
   4. containers are laid out in order of first use in NAMES, after the
      leading NUL; suffixes get container offset + length difference.  */

#include <config.h>
#include "strtab.h"
#include "image.h"
#include "iberty.h"
#include <stdlib.h>
#include <string.h>

struct uname
{
  const char *s;
  size_t len;
  uint64_t tail;      /* the last 8 bytes reversed, big-endian packed */
  uint32_t container; /* index into the uname array */
  uint32_t offset;    /* final offset; UNPLACED until placed (a table
                         that does not fit 32 bits is refused) */
};

#define UNPLACED UINT32_MAX

/* The first 8 bytes of NAME reversed, packed so that comparing two
   packed values compares those bytes as rev_cmp does: the last byte of
   the name is the most significant, and a name of fewer than 8 bytes is
   padded with zeros (names hold no NUL, so the shorter name sorts
   first, as rev_cmp says).  Equal tails mean both names have at least 8
   bytes, or are the same name.  */
static uint64_t
rev_tail (const char *s, size_t len)
{
  uint64_t v = 0;
  size_t i;

  for (i = 0; i < 8; i++)
    v = v << 8 | (i < len ? (unsigned char)s[len - 1 - i] : 0);
  return v;
}

/* Compare two names by their reversed bytes (the packed tails first, a
   shortcut that gives the same order).  */
static int
rev_cmp (const void *a, const void *b)
{
  const struct uname *x = *(const struct uname *const *)a;
  const struct uname *y = *(const struct uname *const *)b;
  size_t i = x->len, j = y->len;

  if (x->tail != y->tail)
    return x->tail < y->tail ? -1 : 1;

  while (i > 0 && j > 0)
    {
      unsigned char cx = (unsigned char)x->s[--i];
      unsigned char cy = (unsigned char)y->s[--j];
      if (cx != cy)
        return cx < cy ? -1 : 1;
    }
  return i == j ? 0 : (i < j ? -1 : 1);
}

static bool
is_suffix (const struct uname *s, const struct uname *t)
{
  return s->len <= t->len
         && memcmp (t->s + t->len - s->len, s->s, s->len) == 0;
}

static hashval_t
name_hash (const void *p)
{
  return htab_hash_string (((const struct uname *)p)->s);
}

static int
name_eq (const void *a, const void *b)
{
  return strcmp (((const struct uname *)a)->s, ((const struct uname *)b)->s)
         == 0;
}

/* The working state of one merge: the distinct names in first-use order
   and, per input name, its index among them.  */
struct merge
{
  struct uname *u; /* distinct names, NU of them */
  size_t nu;
  uint32_t *id; /* per input name: index into U, UINT32_MAX if empty */
  struct uname **sorted; /* U in reversed-byte order, for the containers */
};

/* 1. De-duplicate NAMES through H, numbering names by first use; empty
   and NULL names get no number.  Returns 0, or -1 out of memory.  */
static int
dedup_names (htab_t h, const char *const *names, size_t n, struct merge *m)
{
  /* Locals, not M's fields: the stores into the names would otherwise
     make the compiler reload them every iteration.  */
  struct uname *u = m->u;
  uint32_t *id = m->id;
  size_t nu = 0, i;

  for (i = 0; i < n; i++)
    {
      struct uname key;
      void **slot;
      if (names[i] == NULL || names[i][0] == '\0')
        {
          id[i] = UINT32_MAX;
          continue;
        }
      key.s = names[i];
      slot = htab_find_slot (h, &key, INSERT);
      if (slot == NULL)
        return -1;
      if (*slot == NULL)
        {
          u[nu].s = names[i];
          u[nu].len = strlen (names[i]);
          u[nu].tail = rev_tail (u[nu].s, u[nu].len);
          u[nu].offset = UNPLACED;
          *slot = &u[nu];
          nu++;
        }
      id[i] = (uint32_t)((struct uname *)*slot - u);
    }
  m->nu = nu;
  return 0;
}

/* 2. Sort by reversed bytes; 3. assign containers from the end: a name
   that is a suffix of its successor lives in the successor's container.
   Returns 0, or -1 out of memory.  */
static int
assign_containers (struct merge *m)
{
  size_t nu = m->nu, i;
  struct uname **sorted;

  sorted = m->sorted = calloc (nu ? nu : 1, sizeof *sorted);
  if (sorted == NULL)
    return -1;
  for (i = 0; i < nu; i++)
    sorted[i] = &m->u[i];
  qsort (sorted, nu, sizeof *sorted, rev_cmp);
  for (i = nu; i-- > 0;)
    sorted[i]->container = (i + 1 < nu && is_suffix (sorted[i], sorted[i + 1]))
                               ? sorted[i + 1]->container
                               : (uint32_t)(sorted[i] - m->u);
  return 0;
}

/* 4. Place containers after the leading NUL, by the first use of any
   name they hold, or with OWN_PLACE by their own first use (as binutils'
   _bfd_elf_strtab_finalize does: a container keeps its index among the
   names added); returns the table size in bytes.  */
static uint64_t
place_containers (struct merge *m, bool own_place)
{
  uint64_t size = 1;
  size_t i;

  for (i = 0; i < m->nu; i++)
    {
      struct uname *c = &m->u[m->u[i].container];
      if (c->offset == UNPLACED && (!own_place || c == &m->u[i]))
        {
          /* Past 4 GiB the offsets wrap, but the table is refused.  */
          c->offset = (uint32_t)size;
          size += c->len + 1;
        }
    }
  return size;
}

/* The table bytes into OUT (the containers, NUL-terminated) and each of
   the N input names' offset into OFFSETS (0 for empty names).  */
static void
emit_table (const struct merge *m, size_t n, unsigned char *out,
            uint32_t *offsets)
{
  const struct uname *u = m->u;
  size_t i;

  out[0] = '\0';
  for (i = 0; i < m->nu; i++)
    if (u[i].container == i)
      memcpy (out + u[i].offset, u[i].s, u[i].len + 1);
  for (i = 0; i < n; i++)
    {
      const struct uname *s, *c;
      if (m->id[i] == UINT32_MAX)
        {
          offsets[i] = 0;
          continue;
        }
      s = &u[m->id[i]];
      c = &u[s->container];
      offsets[i] = (uint32_t)(c->offset + (c->len - s->len));
    }
}

/* relopt_strtab_merge and relopt_strtab_merge_bfd.  */
static int
strtab_merge (const char *const *names, size_t n, bool own_place,
              unsigned char **outp, size_t *lenp, uint32_t *offsets,
              struct relopt_error *err)
{
  struct merge m = { NULL, 0, NULL, NULL };
  uint64_t size;
  unsigned char *out = NULL;
  htab_t h;
  int rc = RELOPT_E_NOMEM;

  *outp = NULL;
  *lenp = 0;
  /* Sized so that N names never make it grow (libiberty expands a table
     3/4 full, holding the old and the new slots meanwhile).  */
  h = htab_create_alloc (n / 3 * 4 + 16, name_hash, name_eq, NULL, calloc,
                         free);
  m.u = calloc (n ? n : 1, sizeof *m.u);
  m.id = calloc (n ? n : 1, sizeof *m.id);
  if (h == NULL || m.u == NULL || m.id == NULL)
    goto out;
  if (dedup_names (h, names, n, &m) != 0 || assign_containers (&m) != 0)
    goto out;
  size = place_containers (&m, own_place);
  if (size > UINT32_MAX)
    {
      rc = relopt_set_error (err, RELOPT_E_FORMAT,
                             "string table would exceed 4 GiB");
      goto out;
    }
  out = malloc (size);
  if (out == NULL)
    goto out;
  emit_table (&m, n, out, offsets);
  *outp = out;
  *lenp = size;
  out = NULL;
  rc = 0;

out:
  if (rc == RELOPT_E_NOMEM)
    relopt_set_error (err, rc, "out of memory");
  free (out);
  free (m.sorted);
  free (m.id);
  free (m.u);
  if (h)
    htab_delete (h);
  return rc;
}

int
relopt_strtab_merge (const char *const *names, size_t n, unsigned char **outp,
                     size_t *lenp, uint32_t *offsets, struct relopt_error *err)
{
  return strtab_merge (names, n, false, outp, lenp, offsets, err);
}

int
relopt_strtab_merge_bfd (const char *const *names, size_t n,
                         unsigned char **outp, size_t *lenp, uint32_t *offsets,
                         struct relopt_error *err)
{
  return strtab_merge (names, n, true, outp, lenp, offsets, err);
}
