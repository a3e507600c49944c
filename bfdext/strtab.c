/* strtab.c -- deterministic suffix-merged string table (doc/design.md 5;
   format: SysV gABI "String Table").

   Method, as binutils' _bfd_elf_strtab_finalize does it but with a total
   order so the result never depends on qsort or hashing:
   1. sort the names by their reversed bytes; then equal names are
      neighbours (one "group" each), a name is a suffix of another exactly
      when it is a prefix, reversed, of its successor, and every name
      sharing that tail follows it directly;
   2. walking the groups from the end, each name either starts a new
      "container" or lives in the tail of its successor's container;
   3. containers are laid out in order of first use in NAMES, after the
      leading NUL; suffixes get container offset + length difference.

   Why a radix sort of 16-byte records and not qsort over the names: a
   comparison sort that follows a pointer per comparison misses the cache
   on every one once the names outgrow it, and did so from about 500k
   symbols (bench/README.md, "Scaling").  Here each name is read twice in
   input order (its length and last 8 bytes, then for the table), the
   sort moves records that hold the last 8 bytes, and only names whose
   last 8 bytes are equal ("tied") are read again, compared byte by
   byte; from READ_IN_ORDER_MIN names on, their next 8 bytes are read
   once each, in input order (read_next), and decide every comparison,
   equality and suffix test of names up to 16 bytes long.  */

#include <config.h>
#include "strtab.h"
#include "byteorder.h"
#include "image.h"
#include "prefetch.h"
#include <stdlib.h>
#include <string.h>

/* One non-empty name: the sort record, then (after step 1) one group of
   equal names.  */
struct srec
{
  uint64_t tail; /* the last 8 bytes reversed, big-endian packed */
  uint32_t idx;  /* its index in NAMES (a group: one of its names) */
  uint32_t len;  /* strlen */
};

#define UNPLACED UINT32_MAX

/* The last 8 bytes of NAME (LEN bytes), packed so that comparing two
   packed values compares those bytes reversed, the order of the table
   (the reversed bytes, compared as unsigned; a name that is a suffix of
   another first): the last byte of the name is the most significant,
   and a name of fewer than 8 bytes is padded with zeros (names hold no
   NUL, so the shorter name sorts first).  Equal tails mean both names
   have at least 8 bytes, or are the same name.  */
static uint64_t
rev_tail (const char *s, size_t len)
{
  uint64_t v = 0;
  size_t i;

  /* The last 8 bytes read as a little-endian number are that packing:
     one load, not a loop (the tie sort computes one per 8 bytes it
     compares).  */
  if (len >= 8)
    return relopt_get64 ((const unsigned char *)s + len - 8, false);
  if (len == 0)
    return 0;
  /* Byte by byte, the last first, then the zeros of the padding: a
     loop over the name's bytes only (half of armhf's names are `$a',
     `$d' and the like).  */
  for (i = 0; i < len; i++)
    v = v << 8 | (unsigned char)s[len - 1 - i];
  return v << (8 * (8 - len));
}

/* Compare the first I bytes of X's name and the first J of Y's by their
   reversed bytes (the rest agreeing), then by length (a name that is a
   suffix of the other precedes it), then by index, so the order is
   total.  8 bytes at a time while both have them (as rev_tail packs
   them, one load each), then byte by byte.  */
static int
rev_cmp_prefix (const char *const *names, const struct srec *x, size_t i,
                const struct srec *y, size_t j)
{
  const char *sx = names[x->idx], *sy = names[y->idx];

  while (i >= 8 && j >= 8)
    {
      uint64_t cx = rev_tail (sx, i), cy = rev_tail (sy, j);
      if (cx != cy)
        return cx < cy ? -1 : 1;
      i -= 8;
      j -= 8;
    }
  while (i > 0 && j > 0)
    {
      unsigned char cx = (unsigned char)sx[--i];
      unsigned char cy = (unsigned char)sy[--j];
      if (cx != cy)
        return cx < cy ? -1 : 1;
    }
  if (i != j)
    return i < j ? -1 : 1;
  return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Within a run of equal tails, each record's TAIL field holds the next 8
   bytes instead (rev_tail of all but the last 8, 0 for a name of 8 bytes
   or fewer): compare by it, then by what lies before, in the table
   order.  Names of 16 bytes or fewer are decided without reading them:
   equal keys mean the same bytes up to the shorter name's start.  */
static int
tie_cmp (const char *const *names, const struct srec *x, const struct srec *y)
{
  if (x->tail != y->tail)
    return x->tail < y->tail ? -1 : 1;
  if (x->len <= 16 || y->len <= 16)
    {
      if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
      return x->idx < y->idx ? -1 : x->idx > y->idx;
    }
  return rev_cmp_prefix (names, x, x->len - 16, y, y->len - 16);
}

/* Sort the run R[0..N) of records with equal tails in the table order:
   by the next 8 bytes of each name (tie_cmp), a bottom-up merge sort
   through TMP (N records); the result is in R, tails restored.  The
   next 8 bytes are NEXT[0..N) when NEXT is not NULL (read_next), and
   follow the records; else they are read from the names.  A run already
   in order is left as it is after one comparison a record: the radix
   sort is stable and the records come in index order, so a run of one
   name repeated (armhf's thousands of `$a' and `$d') always is.  */
static void
sort_ties (const char *const *names, struct srec *r, struct srec *tmp,
           uint64_t *next, size_t n)
{
  struct srec *a = r, *b = tmp, *t;
  uint64_t tail = r[0].tail;
  size_t w, i;

  if (next)
    for (i = 0; i < n; i++)
      r[i].tail = next[i];
  else
    for (i = 0; i < n; i++)
      r[i].tail = r[i].len > 8 ? rev_tail (names[r[i].idx], r[i].len - 8) : 0;
  for (i = 1; i < n && tie_cmp (names, &r[i - 1], &r[i]) < 0; i++)
    ;
  for (w = i < n ? 1 : n; w < n; w *= 2)
    {
      for (i = 0; i < n; i += 2 * w)
        {
          size_t lo = i, mid = i + w < n ? i + w : n;
          size_t hi = i + 2 * w < n ? i + 2 * w : n, x = lo, y = mid, o = lo;
          while (x < mid && y < hi)
            b[o++] = tie_cmp (names, &a[y], &a[x]) < 0 ? a[y++] : a[x++];
          while (x < mid)
            b[o++] = a[x++];
          while (y < hi)
            b[o++] = a[y++];
        }
      t = a;
      a = b;
      b = t;
    }
  for (i = 0; i < n; i++)
    {
      if (next)
        next[i] = a[i].tail;
      r[i] = a[i];
      r[i].tail = tail;
    }
}

/* Whether the names of S and T are the same.  With KNOWN, SNEXT and
   TNEXT are their next 8 bytes (read_next; only read when the tails are
   equal, which makes both records tied), and decide up to 16 bytes;
   without, the names are compared.  KNOWN is a constant where this is
   inlined.  */
static inline bool
same_name (const char *const *names, const struct srec *s,
           const struct srec *t, bool known, uint64_t snext, uint64_t tnext)
{
  if (s->tail != t->tail || s->len != t->len)
    return false;
  if (s->len <= 8)
    return true;
  if (!known)
    return memcmp (names[s->idx], names[t->idx], s->len) == 0;
  return snext == tnext
         && (s->len <= 16
             || memcmp (names[s->idx], names[t->idx], s->len - 16) == 0);
}

/* Whether the name of S is a suffix of the name of T, KNOWN, SNEXT and
   TNEXT as for same_name: the packed tails decide when S is at most 8
   bytes long, and must agree otherwise; then the next 8 bytes decide up
   to 16 (the top LEN - 8 bytes of each: the bytes of S before its last
   8, and those as far from T's end).  */
static inline bool
is_suffix (const char *const *names, const struct srec *s,
           const struct srec *t, bool known, uint64_t snext, uint64_t tnext)
{
  if (s->len > t->len)
    return false;
  if (s->len <= 8)
    return s->tail >> (64 - 8 * s->len) == t->tail >> (64 - 8 * s->len);
  if (s->tail != t->tail)
    return false;
  if (!known)
    return memcmp (names[t->idx] + t->len - s->len, names[s->idx], s->len)
           == 0;
  if (s->len <= 16)
    return snext >> (128 - 8 * s->len) == tnext >> (128 - 8 * s->len);
  return snext == tnext
         && memcmp (names[t->idx] + t->len - s->len, names[s->idx],
                    s->len - 16)
                == 0;
}

/* An LSD radix sort of R[0..N) by tail, BITS (8, 11 or 16) a pass,
   through TMP (N records), skipping the digits all tails share; COUNT
   holds 64 / BITS (rounded up) rows of 2^BITS zeroed counters.
   Returns the sorted array (R or TMP).  Inline, so that with a constant
   BITS the digit loops unroll (callgrind: 1.7% of a rewrite's
   instructions, armhf).  */
static inline struct srec *
radix_sort (struct srec *r, struct srec *tmp, size_t n, unsigned bits,
            uint32_t *count)
{
  const size_t nb = (size_t)1 << bits, mask = nb - 1;
  const unsigned passes = (64 + bits - 1) / bits;
  unsigned d;
  size_t i;

  for (i = 0; i < n; i++)
    for (d = 0; d < passes; d++)
      count[d * nb + ((r[i].tail >> (bits * d)) & mask)]++;
  for (d = 0; d < passes; d++)
    {
      uint32_t *c = count + d * nb, sum = 0;
      struct srec *t;
      size_t k;
      if (n == 0 || c[(r[0].tail >> (bits * d)) & mask] == n)
        continue;
      for (k = 0; k < nb; k++)
        {
          uint32_t x = c[k];
          c[k] = sum;
          sum += x;
        }
      for (i = 0; i < n; i++)
        tmp[c[(r[i].tail >> (bits * d)) & mask]++] = r[i];
      t = r;
      r = tmp;
      tmp = t;
    }
  return r;
}

/* From RADIX16_MIN names on, the radix sort takes 16 bits a pass: 4
   passes over the records instead of 8, for 1 MiB of counters.  At 1M
   names the two record arrays (32 MB) no longer fit the last cache, and
   each pass is a trip to memory (bench/README.md, "Scaling").  From
   RADIX11_MIN on, 11 bits: 6 passes, for 48 KiB of counters, which
   cost less to clear and sum than two passes over that many records.
   Against 8 bits, cachegrind, the whole rewrite (2026-12-05): armhf
   modules of 2,980, 4,005 and 13,500 symbols 0.2%, 0.9% and 2.2% fewer
   instructions, amd64 amdgpu.ko 1.9%; of 2,174 and 2,610 symbols 0.2%
   and 0.1% more; of 435 (test_bpf.ko) 7% more.  */
enum
{
  RADIX11_MIN = 3 << 10,
  RADIX16_MIN = 1 << 17
};

/* From this many names on, the tied names' next 8 bytes are read once,
   in input order (read_next).  Below it the names stay in the cache,
   and that bookkeeping costs more than the reads it saves: with it at
   every size, amdgpu.ko (34,000 names, 60% of them tied) ran 1.2% more
   instructions, 5.6% with the input-order sort as well (2026-12-05).  */
enum
{
  READ_IN_ORDER_MIN = 1 << 17
};

/* A run of records with equal tails ("tied"), at least two: R[START..
   START + LEN) of the sorted records.  */
struct run
{
  uint32_t start, len;
};

/* The runs of equal tails in R[0..N), sorted by tail, into *RUNSP
   (malloc'd, NULL if none) and their number into *NRUNSP; returns the
   number of records they hold, or SIZE_MAX out of memory.  */
static size_t
find_runs (const struct srec *r, size_t n, struct run **runsp, size_t *nrunsp)
{
  struct run *runs = NULL, *t;
  size_t i, j, nruns = 0, cap = 0, k = 0;

  for (i = 0; i < n; i = j)
    {
      for (j = i + 1; j < n && r[j].tail == r[i].tail; j++)
        ;
      if (j - i < 2)
        continue;
      if (nruns == cap)
        {
          cap = cap ? 2 * cap : 64;
          t = realloc (runs, cap * sizeof *runs);
          if (t == NULL)
            {
              free (runs);
              return SIZE_MAX;
            }
          runs = t;
        }
      runs[nruns].start = (uint32_t)i;
      runs[nruns++].len = (uint32_t)(j - i);
      k += j - i;
    }
  *runsp = runs;
  *nrunsp = nruns;
  return k;
}

/* The next 8 bytes of each of the K (> 0) tied records of R, the NRUNS
   runs RUNS, into NEXT[0..K) in their order: rev_tail of all but the
   last 8 bytes, 0 for a name of 8 bytes or fewer (which is tied only to
   itself).  Why in input order: read in table order, each name was a
   cache miss once the names outgrow the cache; at 1M synthetic symbols
   100,002 names tie (their last 8 bytes are `f_123456' and the like),
   and their three random reads (sorting, grouping, containers) made the
   merge grow 2.8 times for twice the names (bench/README.md,
   "Scaling").  So the tied names are listed as (index, tied number)
   records, radix-sorted by index, and read in that order, which is the
   order of .strtab for a linker's or assembler's output.  Returns 0, or
   -1 out of memory.  */
static int
read_next (const char *const *names, const struct srec *r,
           const struct run *runs, size_t nruns, uint64_t *next, size_t k)
{
  uint32_t count[8 * 256] = { 0 };
  struct srec *list, *tmp, *s;
  size_t i, q, j = 0, m = 0;

  list = malloc (k * sizeof *list);
  tmp = malloc (k * sizeof *tmp);
  if (list == NULL || tmp == NULL)
    {
      free (list);
      free (tmp);
      return -1;
    }
  for (q = 0; q < nruns; q++)
    for (i = runs[q].start; i < runs[q].start + runs[q].len; i++, j++)
      {
        next[j] = 0;
        if (r[i].len > 8)
          {
            list[m].tail = r[i].idx; /* the sort key */
            list[m].idx = (uint32_t)j;
            list[m++].len = r[i].len;
          }
      }
  s = radix_sort (list, tmp, m, 8, count);
  for (i = 0; i < m; i++)
    next[s[i].idx] = rev_tail (names[s[i].tail], s[i].len - 8);
  free (list);
  free (tmp);
  return 0;
}

/* Sort R[0..N) in the table order (the names' reversed bytes, then
   their index); TMP holds N records (N < 2^32).  Returns the sorted
   array (R or TMP), or NULL without memory.  A radix sort of the tails,
   then each run of equal tails by sort_ties.  From READ_IN_ORDER_MIN
   records on, the runs go into *RUNSP and *NRUNSP as find_runs gives
   them, the next 8 bytes of their records (read_next), in the sorted
   order, into *NEXTP (malloc'd) and their number into *NTIEDP; else, or
   if no record is tied, these are NULL and 0.  */
static struct srec *
sort_records (const char *const *names, struct srec *r, struct srec *tmp,
              size_t n, struct run **runsp, size_t *nrunsp, uint64_t **nextp,
              size_t *ntiedp)
{
  uint32_t small[6 << 11], *big = NULL; /* the 11-bit counters */
  struct srec *s, *other;
  uint64_t *next = NULL;
  bool large = n >= READ_IN_ORDER_MIN;
  size_t i, j, q, k;

  *nextp = NULL;
  *ntiedp = 0;
  *runsp = NULL;
  *nrunsp = 0;
  if (n >= RADIX16_MIN
      && (big = calloc ((size_t)4 << 16, sizeof *big)) == NULL)
    return NULL;
  if (big)
    s = radix_sort (r, tmp, n, 16, big);
  else if (n >= RADIX11_MIN)
    {
      memset (small, 0, sizeof small);
      s = radix_sort (r, tmp, n, 11, small);
    }
  else
    {
      memset (small, 0, (8 << 8) * sizeof *small);
      s = radix_sort (r, tmp, n, 8, small);
    }
  free (big);
  other = s == r ? tmp : r;
  if (large)
    {
      k = find_runs (s, n, runsp, nrunsp);
      if (k == SIZE_MAX)
        return NULL;
      if (k > 0
          && ((next = malloc (k * sizeof *next)) == NULL
              || read_next (names, s, *runsp, *nrunsp, next, k) != 0))
        {
          free (next);
          free (*runsp);
          *runsp = NULL;
          *nrunsp = 0;
          return NULL;
        }
    }
  /* Each run of equal tails: the runs found above, or found here.  */
  for (i = 0, q = 0, k = 0; i < n; i = j)
    {
      if (large)
        {
          if (q == *nrunsp)
            break;
          i = (*runsp)[q].start;
          j = i + (*runsp)[q++].len;
        }
      else
        {
          for (j = i + 1; j < n && s[j].tail == s[i].tail; j++)
            ;
          if (j - i < 2)
            continue;
        }
      sort_ties (names, s + i, other, next ? next + k : NULL, j - i);
      k += j - i;
    }
  *nextp = next;
  *ntiedp = next ? k : 0;
  return s;
}

/* Below this many names, symbols that point at one string are found
   first, and the string is sorted once (see sort_names).  A linker's or
   assembler's .strtab holds each name once, and every symbol of that
   name points at it: armhf nouveau.ko's 13,510 symbol names are 6,374
   strings (its thousands of `$a' and `$d' are one each), btrfs.ko's
   10,440 are 4,750, amd64 amdgpu.ko's 26,014 are 19,156.  In-process,
   the 25 largest modules (means, bench/README.md): the merge armhf 14%
   less time, arm64 7%, amd64 unchanged.  The lookup table, at most four
   slots a name, lives in the sort's scratch array; past 2^15 names it
   outgrows the L2 cache and a lookup costs more than the sort saves
   (the synthetic modules, which share no pointer: the merge 15% slower
   at 62,500 symbols, 22% at 125,000); amd64 amdgpu.ko, Debian's
   largest module, has 26,081 symbols.  */
enum
{
  SHARED_MAX = 1 << 15
};

/* The working state of one merge.  */
struct merge
{
  struct srec *g; /* the groups (distinct names), sorted; NG of them */
  size_t ng;
  uint32_t *gid;   /* per input name: its group, UINT32_MAX if empty */
  struct grp *grp; /* per group: what placing needs, in one record */
  /* The groups that come from tied records: NTIED of them, their
     indices (ascending) and next 8 bytes.  */
  uint32_t *tied;
  uint64_t *next;
  size_t ntied;
};

/* What placing reads of a group, in one 16-byte record so a name costs
   one cache miss, not one per array (its container is itself but for
   suffixes).  */
struct grp
{
  uint32_t container; /* the group holding its bytes */
  uint32_t delta;     /* container's length less its own */
  uint32_t offset;    /* final offset, UNPLACED until placed */
  uint32_t len;       /* its length */
};

/* A container in table order: the input name its bytes are copied from
   and their length (UNPLACED past the last container).  */
struct placed
{
  uint32_t src;
  uint32_t len;
};

/* 1. The non-empty names, sorted and grouped: M->g, M->ng, M->gid,
   M->next, M->tied and M->ntied.  Returns 0, -1 out of memory, or 1 if
   a name is 4 GiB long or more (the table would not fit).  */
static int
sort_names (const char *const *names, size_t n, struct merge *m)
{
  struct srec *r, *tmp, *s;
  struct run *runs;
  size_t nr = 0, i, ng = 0, nruns, ntied, q, j = 0, k = 0;
  uint64_t gnext = 0, *shared = NULL;
  uint32_t *slot = NULL;
  size_t nslot = 0;
  unsigned bits = 0;

  r = malloc ((n ? n : 1) * sizeof *r);
  tmp = malloc ((n ? n : 1) * sizeof *tmp);
  if (n < SHARED_MAX)
    shared = calloc ((n + 63) / 64 + 1, sizeof *shared);
  if (r == NULL || tmp == NULL || (n < SHARED_MAX && shared == NULL))
    {
      free (r);
      free (tmp);
      free (shared);
      return -1;
    }
  /* The pointer table: 2^BITS slots, more than 2N and at most 4N (the
     16 bytes a record of TMP holds), each 0 or a name's index + 1.  */
  if (shared != NULL && n > 0)
    {
      for (nslot = 1; nslot * 2 <= 4 * n; bits++)
        nslot *= 2;
      slot = (uint32_t *)(void *)tmp;
      memset (slot, 0, nslot * sizeof *slot);
    }
  for (i = 0; i < n; i++)
    {
      size_t len;
      m->gid[i] = UINT32_MAX;
      if (names[i] == NULL || names[i][0] == '\0')
        continue;
      /* A name at the pointer of an earlier one: that one's index, for
         now, and no record (Fibonacci hashing, linear probing).  */
      if (slot != NULL)
        {
          size_t h = (size_t)(((uint64_t)(uintptr_t)names[i]
                               * UINT64_C (0x9e3779b97f4a7c15))
                              >> (64 - bits));
          uint32_t e;
          while ((e = slot[h]) != 0 && names[e - 1] != names[i])
            h = (h + 1) & (nslot - 1);
          if (e != 0)
            {
              m->gid[i] = e - 1;
              shared[i / 64] |= (uint64_t)1 << (i % 64);
              continue;
            }
          slot[h] = (uint32_t)i + 1;
        }
      len = strlen (names[i]);
      if (len >= UINT32_MAX)
        {
          free (r);
          free (tmp);
          free (shared);
          return 1;
        }
      r[nr].tail = rev_tail (names[i], len);
      r[nr].idx = (uint32_t)i;
      r[nr].len = (uint32_t)len;
      nr++;
    }
  s = sort_records (names, r, tmp, nr, &runs, &nruns, &m->next, &ntied);
  if (s != NULL && m->next != NULL
      && (m->tied = malloc (ntied * sizeof *m->tied)) == NULL)
    s = NULL;
  if (s == NULL)
    {
      free (runs);
      free (r);
      free (tmp);
      free (shared);
      return -1;
    }
  /* Equal names are neighbours: keep the first of each, compacted in
     place, and number every name by its group; with the next 8 bytes
     (from READ_IN_ORDER_MIN names), keep those of the tied groups too.
     There a record outside the runs has a tail of its own, so it is a
     group of its own.  */
  if (m->next == NULL)
    for (i = 0; i < nr; i++)
      {
        if (ng == 0 || !same_name (names, &s[ng - 1], &s[i], false, 0, 0))
          s[ng++] = s[i];
        m->gid[s[i].idx] = (uint32_t)(ng - 1);
      }
  else
    for (q = 0, i = 0;; q++)
      {
        size_t start = q < nruns ? runs[q].start : nr, end;
        for (; i < start; i++)
          {
            s[ng] = s[i];
            m->gid[s[i].idx] = (uint32_t)ng++;
          }
        if (q == nruns)
          break;
        for (end = start + runs[q].len; i < end; i++)
          {
            uint64_t nx = m->next[j++];
            if (i == start
                || !same_name (names, &s[ng - 1], &s[i], true, gnext, nx))
              {
                s[ng] = s[i];
                m->tied[k] = (uint32_t)ng;
                m->next[k++] = nx;
                gnext = nx;
                ng++;
              }
            m->gid[s[i].idx] = (uint32_t)(ng - 1);
          }
      }
  /* A name that shared an earlier one's pointer: that one's group (the
     earlier one had a record).  */
  for (i = 0; shared != NULL && i < n; i++)
    if (shared[i / 64] >> (i % 64) & 1)
      m->gid[i] = m->gid[m->gid[i]];
  free (shared);
  free (runs);
  if (s != r)
    {
      free (r);
      r = tmp;
    }
  else
    free (tmp);
  m->g = r;
  m->ng = ng;
  m->ntied = k;
  return 0;
}

/* Group I's container: group I + 1's when SUFFIX (its name is a suffix
   of that group's), else its own.  */
static inline void
set_container (struct grp *grp, const struct srec *g, size_t i, bool suffix)
{
  uint32_t c = suffix ? grp[i + 1].container : (uint32_t)i;

  grp[i].container = c;
  grp[i].len = g[i].len;
  grp[i].delta = grp[c].len - grp[i].len;
  grp[i].offset = UNPLACED;
}

/* 2. Assign containers from the end: a name that is a suffix of its
   successor lives in the successor's container.  Returns 0, or -1 out of
   memory.  */
static int
assign_containers (const char *const *names, struct merge *m)
{
  size_t ng = m->ng, i, k = m->ntied;
  /* One past the next tied group from the end (0: none is left).  */
  size_t stop = k > 0 ? m->tied[k - 1] + 1 : 0;
  const struct srec *g = m->g;
  uint64_t next, after = 0;

  struct grp *grp = m->grp = malloc ((ng ? ng : 1) * sizeof *m->grp);

  if (grp == NULL)
    return -1;
  if (m->next == NULL)
    for (i = ng; i-- > 0;)
      set_container (grp, g, i,
                     i + 1 < ng
                         && is_suffix (names, &g[i], &g[i + 1], false, 0, 0));
  else
    for (i = ng; i-- > 0;)
      {
        /* The next 8 bytes of group I and of group I + 1 (AFTER), read
           by is_suffix only when their tails are equal, which makes both
           tied.  */
        next = 0;
        if (i + 1 == stop)
          {
            next = m->next[--k];
            stop = k > 0 ? m->tied[k - 1] + 1 : 0;
          }
        set_container (
            grp, g, i,
            i + 1 < ng
                && is_suffix (names, &g[i], &g[i + 1], true, next, after));
        after = next;
      }
  return 0;
}

/* How many names ahead placing asks for a group record: a step of
   the walk is a few instructions, so the records of RELOPT_PREFETCH_AHEAD
   steps on are still on their way from memory (and the TLB) when they
   are read.  Medians of 8 runs, in-process, the scaling module (16 MB
   of records at 1M names): 16 names ahead, 3.8 ms at 500k and 8.5 at
   1M; 32, 2.1 and 6.7; 64, 1.7 and 4.0; 128, 1.3 and 3.1 (none, 13.5
   at 1M).  */
enum
{
  PLACE_AHEAD = 128
};

/* 3. Place containers after the leading NUL, by the first use of any
   name they hold, or with OWN_PLACE by their own first use (as binutils'
   _bfd_elf_strtab_finalize does: a container keeps its index among the
   names added), walking the N input names in order (a container is
   placed at its first use; later uses find it placed).  Each name's
   offset goes into OFFSETS (0 for empty names) in the same walk, where
   its container is placed by then (always, without OWN_PLACE), and the
   containers into PLACED in table order, so the table is written
   front to back, each container copied from the name that placed it
   (from the input in its order, rather than from the sorted groups).
   Returns the table size in bytes.  */
static uint64_t
place_containers (const struct merge *m, size_t n, bool own_place,
                  struct placed *placed, uint32_t *offsets)
{
  uint64_t size = 1;
  size_t i, np = 0;
  bool later = false;

  struct grp *grp = m->grp;

  for (i = 0; i < n; i++)
    {
      uint32_t g = m->gid[i];
      struct grp *c;
      /* The group records are read in input order, at random: ask for
         each one PLACE_AHEAD names early.  */
      if (i + PLACE_AHEAD < n && m->gid[i + PLACE_AHEAD] != UINT32_MAX)
        relopt_prefetch (&grp[m->gid[i + PLACE_AHEAD]]);
      if (g == UINT32_MAX)
        {
          offsets[i] = 0;
          continue;
        }
      c = &grp[grp[g].container];
      if (c->offset == UNPLACED && (!own_place || c == &grp[g]))
        {
          /* Past 4 GiB the offsets wrap, but the table is refused.  */
          c->offset = (uint32_t)size;
          placed[np].src
              = c == &grp[g] ? (uint32_t)i : m->g[grp[g].container].idx;
          placed[np++].len = c->len;
          size += (uint64_t)c->len + 1;
        }
      if (c->offset != UNPLACED)
        offsets[i] = c->offset + grp[g].delta;
      else
        later = true;
    }
  for (i = 0; later && i < n; i++)
    {
      uint32_t g = m->gid[i];
      if (g != UINT32_MAX)
        offsets[i] = grp[grp[g].container].offset + grp[g].delta;
    }
  return size;
}

/* The table bytes into OUT: the leading NUL, then the NG containers of
   PLACED, NUL-terminated, in order.  */
static void
emit_table (const char *const *names, const struct placed *placed, size_t ng,
            unsigned char *out)
{
  size_t i, o = 1;

  out[0] = '\0';
  for (i = 0; i < ng && placed[i].len != UNPLACED; i++)
    {
      memcpy (out + o, names[placed[i].src], (size_t)placed[i].len + 1);
      o += (size_t)placed[i].len + 1;
    }
}

/* relopt_strtab_merge and relopt_strtab_merge_bfd.  */
static int
strtab_merge (const char *const *names, size_t n, bool own_place,
              unsigned char **outp, size_t *lenp, uint32_t *offsets,
              struct relopt_error *err)
{
  struct merge m = { NULL, 0, NULL, NULL, NULL, NULL, 0 };
  struct placed *placed = NULL;
  uint64_t size = 0;
  unsigned char *out = NULL;
  int rc = RELOPT_E_NOMEM, s;

  *outp = NULL;
  *lenp = 0;
  m.gid = malloc ((n ? n : 1) * sizeof *m.gid);
  if (m.gid == NULL)
    goto out;
  s = sort_names (names, n, &m);
  if (s < 0 || (s == 0 && assign_containers (names, &m) != 0))
    goto out;
  if (s == 0)
    {
      size_t i;
      placed = malloc ((m.ng ? m.ng : 1) * sizeof *placed);
      if (placed == NULL)
        goto out;
      for (i = 0; i < m.ng; i++)
        placed[i].len = UNPLACED;
      size = place_containers (&m, n, own_place, placed, offsets);
    }
  if (s > 0 || size > UINT32_MAX)
    {
      rc = relopt_set_error (err, RELOPT_E_FORMAT,
                             "string table would exceed 4 GiB");
      goto out;
    }
  out = malloc (size);
  if (out == NULL)
    goto out;
  emit_table (names, placed, m.ng, out);
  *outp = out;
  *lenp = size;
  out = NULL;
  rc = 0;

out:
  if (rc == RELOPT_E_NOMEM)
    relopt_set_error (err, rc, "out of memory");
  free (out);
  free (placed);
  free (m.grp);
  free (m.g);
  free (m.gid);
  free (m.next);
  free (m.tied);
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
