/* check_strtab.c -- deterministic suffix-merged string table
   (bfdext/strtab.[ch], doc/design.md 5).

   Expected tables are worked by hand for the small cases; random and
   permuted sets are compared with (1) the brute-force optimum size,
   (2) a naive O(n^2) re-implementation of the layout rule documented in
   strtab.h, written here from the documentation alone, and (3) the
   string found at every returned offset.  */

#include <config.h>

#include <stdio.h>

#include "strtab.h"
#include "testutil.h"

Suite *strtab_suite (void);

/* ---- Independent helpers -------------------------------------------- */

static bool
proper_suffix (const char *s, size_t ls, const char *t, size_t lt)
{
  return ls < lt && memcmp (t + lt - ls, s, ls) == 0;
}

/* Compare S and T read backwards, bytes unsigned; a string that is a
   backwards prefix of the other sorts first.  */
static int
rev_order (const char *s, const char *t)
{
  size_t ls = strlen (s), lt = strlen (t), k;

  for (k = 0; k < ls && k < lt; k++)
    {
      unsigned char a = (unsigned char)s[ls - 1 - k];
      unsigned char b = (unsigned char)t[lt - 1 - k];
      if (a != b)
        return a < b ? -1 : 1;
    }
  return ls < lt ? -1 : ls > lt;
}

/* The distinct non-empty names of NAMES in order of first use, their
   lengths, and whether each is maximal (a proper suffix of no other).  */
struct distinct
{
  size_t m;
  const char **d;
  size_t *len;
  bool *maximal;
};

static void
distinct_names (const char *const *names, size_t n, struct distinct *ds)
{
  size_t i, k;

  ds->m = 0;
  ds->d = calloc (n ? n : 1, sizeof *ds->d);
  ds->len = calloc (n ? n : 1, sizeof *ds->len);
  ds->maximal = calloc (n ? n : 1, sizeof *ds->maximal);
  ck_assert (ds->d && ds->len && ds->maximal);
  for (i = 0; i < n; i++)
    {
      if (names[i] == NULL || names[i][0] == '\0')
        continue;
      for (k = 0; k < ds->m; k++)
        if (strcmp (ds->d[k], names[i]) == 0)
          break;
      if (k == ds->m)
        {
          ds->len[ds->m] = strlen (names[i]);
          ds->d[ds->m++] = names[i];
        }
    }
  for (i = 0; i < ds->m; i++)
    {
      ds->maximal[i] = true;
      for (k = 0; k < ds->m && ds->maximal[i]; k++)
        if (proper_suffix (ds->d[i], ds->len[i], ds->d[k], ds->len[k]))
          ds->maximal[i] = false;
    }
}

static void
distinct_free (struct distinct *ds)
{
  free (ds->d);
  free (ds->len);
  free (ds->maximal);
}

/* Brute-force optimum: 1 + sum of (length + 1) over the distinct names
   that are not a proper suffix of another distinct name.  */
static size_t
optimum_size (const char *const *names, size_t n)
{
  struct distinct ds;
  size_t i, size = 1;

  distinct_names (names, n, &ds);
  for (i = 0; i < ds.m; i++)
    if (ds.maximal[i])
      size += ds.len[i] + 1;
  distinct_free (&ds);
  return size;
}

/* strtab.h's rule, naively: a maximal name (suffix of no other) is its
   own container; any other name lives in the maximal name that ends with
   it and comes first in reversed-byte order.  Containers are laid out
   after the leading NUL in order of first use of any of their names.
   Returns the malloc'd table, its size in *LENP and offsets in OFF.  */
static unsigned char *
reference_layout (const char *const *names, size_t n, size_t *lenp,
                  uint32_t *off)
{
  struct distinct ds;
  size_t *cont = calloc (n ? n : 1, sizeof *cont);
  size_t *place = calloc (n ? n : 1, sizeof *place);
  unsigned char *out = calloc (optimum_size (names, n), 1);
  size_t i, k, pos = 1;

  ck_assert (cont && place && out);
  distinct_names (names, n, &ds);
  for (i = 0; i < ds.m; i++)
    {
      cont[i] = i;
      if (ds.maximal[i])
        continue;
      for (k = 0; k < ds.m; k++)
        if (ds.maximal[k]
            && proper_suffix (ds.d[i], ds.len[i], ds.d[k], ds.len[k])
            && (cont[i] == i || rev_order (ds.d[k], ds.d[cont[i]]) < 0))
          cont[i] = k;
      ck_assert (cont[i] != i);
    }
  for (i = 0; i < ds.m; i++)
    if (place[cont[i]] == 0)
      {
        place[cont[i]] = pos;
        memcpy (out + pos, ds.d[cont[i]], ds.len[cont[i]] + 1);
        pos += ds.len[cont[i]] + 1;
      }
  for (i = 0; i < n; i++)
    {
      off[i] = 0;
      if (names[i] == NULL || names[i][0] == '\0')
        continue;
      for (k = 0; strcmp (ds.d[k], names[i]) != 0; k++)
        ;
      off[i] = (uint32_t)(place[cont[k]] + ds.len[cont[k]] - ds.len[k]);
    }
  *lenp = pos;
  distinct_free (&ds);
  free (cont);
  free (place);
  return out;
}

/* Merge NAMES with relopt and check the result from first principles:
   leading and trailing NUL, each offset gives its name, size optimal,
   bytes as the reference layout.  Returns the table (caller frees).  */
static unsigned char *
merge_and_verify (const char *const *names, size_t n, size_t *lenp)
{
  uint32_t *off = calloc (n ? n : 1, sizeof *off);
  uint32_t *roff = calloc (n ? n : 1, sizeof *roff);
  struct relopt_error err = { 0 };
  struct soft soft = SOFT_INIT;
  unsigned char *buf, *ref;
  size_t len, rlen, i;

  ck_assert (off && roff);
  ck_assert_int_eq (relopt_strtab_merge (names, n, &buf, &len, off, &err), 0);
  ck_assert_uint_ge (len, 1);
  ck_assert_uint_eq (buf[0], 0);
  ck_assert_uint_eq (buf[len - 1], 0);
  for (i = 0; i < n; i++)
    {
      const char *want = names[i] ? names[i] : "";
      SOFT_CHECK (&soft,
                  off[i] < len
                      && strcmp ((const char *)buf + off[i], want) == 0
                      && (want[0] != '\0' || off[i] == 0),
                  "name %zu: offset %u", i, off[i]);
    }
  SOFT_DONE (&soft);
  ck_assert_uint_eq (len, optimum_size (names, n));
  ref = reference_layout (names, n, &rlen, roff);
  ck_assert_uint_eq (len, rlen);
  ck_assert_mem_eq (buf, ref, len);
  ck_assert_mem_eq (off, roff, n * sizeof *off);
  free (ref);
  free (off);
  free (roff);
  *lenp = len;
  return buf;
}

/* ---- Hand-worked tables ---------------------------------------------- */

struct worked
{
  const char *what;
  const char *names[8];
  size_t n;
  const char *bytes; /* expected table */
  size_t len;
  uint32_t off[8];
};

/* Each case by hand from strtab.h's rule.  */
static const struct worked worked[] = {
  /* One container "gfedcba_" (the others are its suffixes), placed
     when "a_" is first used: offsets 1 + 8 - len.  */
  { "suffix chain",
    { "a_", "cba_", "fedcba_", "gfedcba_" },
    4,
    "\0gfedcba_",
    10,
    { 7, 5, 2, 1 } },
  { "suffix chain, longest first",
    { "gfedcba_", "fedcba_", "cba_", "a_" },
    4,
    "\0gfedcba_",
    10,
    { 1, 2, 5, 7 } },
  /* "bar" inside "foobar" (doc/design.md 5's example).  */
  { "bar in foobar", { "bar", "foobar" }, 2, "\0foobar", 8, { 4, 1 } },
  /* Duplicates stored once.  */
  { "duplicates",
    { "foo", "foo", "bar", "foo", "bar" },
    5,
    "\0foo\0bar",
    9,
    { 1, 1, 5, 1, 5 } },
  /* Empty names and NULL map to 0 and take no space.  */
  { "empty and NULL",
    { "", NULL, "x", "", NULL },
    5,
    "\0x",
    3,
    { 0, 0, 1, 0, 0 } },
  { "only empty", { "", NULL }, 2, "", 1, { 0, 0 } },
  { "none", { NULL }, 0, "", 1, { 0 } },
  /* "a" ends both "ba" and "ca"; reversed, "ab" < "ac", so "a" lives in
     "ba", which is placed first because "a" is used first.  */
  { "two containers", { "a", "ca", "ba" }, 3, "\0ba\0ca", 7, { 2, 4, 1 } },
  /* High bytes compare unsigned: reversed "\xff" < "\xffx"?  "\xff" is a
     suffix of "x\xff" only.  "\x80" is a suffix of "y\x80".  Containers
     in first-use order: "\xff" -> "x\xff" at 1, "y\x80" at 4.  */
  { "high bytes",
    { "\xff", "y\x80", "x\xff", "\x80" },
    4,
    "\0x\xff\0y\x80",
    7,
    { 2, 4, 1, 5 } },
  /* A name equal to a container's whole string is the container.  */
  { "suffix of itself", { "ab", "b", "ab" }, 3, "\0ab", 4, { 1, 2, 1 } },
};

START_TEST (test_worked)
{
  const struct worked *w = &worked[_i];
  uint32_t off[8] = { 0 };
  struct relopt_error err = { 0 };
  unsigned char *buf;
  size_t len, i;

  ck_assert_int_eq (
      relopt_strtab_merge (w->names, w->n, &buf, &len, off, &err), 0);
  ck_assert_msg (len == w->len, "%s: size %zu, expected %zu", w->what, len,
                 w->len);
  ck_assert_msg (memcmp (buf, w->bytes, len) == 0, "%s: bytes differ",
                 w->what);
  for (i = 0; i < w->n; i++)
    ck_assert_msg (off[i] == w->off[i], "%s: offset %zu is %u, expected %u",
                   w->what, i, off[i], w->off[i]);
  free (buf);
  /* And the same by the independent checks.  */
  buf = merge_and_verify (w->names, w->n, &len);
  free (buf);
}
END_TEST

/* relopt_strtab_merge_bfd, worked by hand from binutils 2.40's
   _bfd_elf_strtab_finalize (bfd/elf-strtab.c: suffixes merged, then
   each kept string placed in the order of its index, that is its own
   first addition): ".text" comes before ".data" but lives in
   ".rela.text", added after ".data"; ".bss" likewise in ".rela.bss".
   relopt_strtab_merge (first use of any member) places ".rela.text"
   where ".text" came instead: the two differ.  (Over real objects the
   rule is checked by scripts/check-strip-targets.sh against strip.)  */
START_TEST (test_bfd_placement)
{
  static const char *const names[]
      = { ".symtab",    ".strtab", ".shstrtab", ".text",    ".data",
          ".rela.text", ".bss",    ".comment",  ".rela.bss" };
  /* \0 .symtab\0 .strtab\0 .shstrtab\0 .data\0 .rela.text\0 .comment\0
     .rela.bss\0: offsets 1, 9, 17, 27, 33, 44, 53.  */
  static const char want[] = "\0.symtab\0.strtab\0.shstrtab\0.data\0"
                             ".rela.text\0.comment\0.rela.bss";
  static const uint32_t want_off[] = { 1, 9, 17, 38, 27, 33, 58, 44, 53 };
  uint32_t off[9] = { 0 };
  struct relopt_error err = { 0 };
  unsigned char *buf;
  size_t len, i;

  ck_assert_int_eq (relopt_strtab_merge_bfd (names, 9, &buf, &len, off, &err),
                    0);
  ck_assert_uint_eq (len, sizeof want);
  ck_assert (memcmp (buf, want, len) == 0);
  for (i = 0; i < 9; i++)
    ck_assert_msg (off[i] == want_off[i], "offset %zu is %u, expected %u", i,
                   off[i], want_off[i]);
  free (buf);
  ck_assert_int_eq (relopt_strtab_merge (names, 9, &buf, &len, off, &err), 0);
  ck_assert_uint_eq (off[5], 27); /* ".rela.text" where ".text" came */
  free (buf);
}
END_TEST

/* Same names, same order -> same bytes, whatever the string addresses
   (copies in a different buffer, in reverse address order).  */
START_TEST (test_pointer_independent)
{
  static const char *names[]
      = { "main", "ain", "printf", "f", "n", "main", "rintf", "xx", "" };
  enum
  {
    N = ARRAY_SIZE (names)
  };
  char copies[N][16];
  const char *alt[N];
  unsigned char *a, *b;
  size_t la, lb, i;

  for (i = 0; i < N; i++)
    {
      /* Fill copies from the end so addresses run the other way.  */
      strcpy (copies[N - 1 - i], names[i]);
      alt[i] = copies[N - 1 - i];
    }
  a = merge_and_verify (names, N, &la);
  b = merge_and_verify (alt, N, &lb);
  ck_assert_uint_eq (la, lb);
  ck_assert_mem_eq (a, b, la);
  free (b);
  b = merge_and_verify (names, N, &lb);
  ck_assert_mem_eq (a, b, la);
  free (a);
  free (b);
}
END_TEST

/* Every permutation of a 6-name set: the table is the reference layout
   of that order (a pure function of it), always of optimal size, and
   running it twice gives the same bytes.  */
START_TEST (test_permutations)
{
  static const char *set[] = { "_a", "b_a", "cb_a", "x", "yx", "q" };
  enum
  {
    N = ARRAY_SIZE (set)
  };
  const char *names[N];
  int idx[N], i, count = 0;
  size_t len, len2, opt = 0;

  for (i = 0; i < N; i++)
    idx[i] = i;
  /* Heap's algorithm, iterative.  */
  {
    int c[N] = { 0 };
    i = 0;
    for (;;)
      {
        int k;
        unsigned char *a, *b;
        uint32_t off[N];
        struct relopt_error err = { 0 };
        for (k = 0; k < N; k++)
          names[k] = set[idx[k]];
        a = merge_and_verify (names, N, &len);
        ck_assert_int_eq (relopt_strtab_merge (names, N, &b, &len2, off, &err),
                          0);
        ck_assert_uint_eq (len, len2);
        ck_assert_mem_eq (a, b, len);
        if (opt == 0)
          opt = len;
        ck_assert_uint_eq (len, opt);
        free (a);
        free (b);
        count++;
        while (i < N && c[i] >= i)
          c[i++] = 0;
        if (i == N)
          break;
        {
          int j = i % 2 ? c[i] : 0, t = idx[j];
          idx[j] = idx[i];
          idx[i] = t;
        }
        c[i]++;
        i = 0;
      }
  }
  ck_assert_int_eq (count, 720);
  /* "_a" < "b_a" < "cb_a": one container of 5 bytes; "x" in "yx" (3);
     "q" (2); plus the leading NUL: 11.  */
  ck_assert_uint_eq (opt, 11);
}
END_TEST

/* relopt_strtab_merge or relopt_strtab_merge_bfd.  */
typedef int merge_fn (const char *const *, size_t, unsigned char **, size_t *,
                      uint32_t *, struct relopt_error *);

/* MERGE of the N NAMES gives the table A (LA bytes) again, and the
   offsets OFF of the first NOFF names.  */
static void
check_same_merge (merge_fn *merge, const char *const *names, size_t n,
                  const unsigned char *a, size_t la, const uint32_t *off,
                  size_t noff)
{
  uint32_t *off2 = calloc (n ? n : 1, sizeof *off2);
  struct relopt_error err = { 0 };
  unsigned char *b;
  size_t lb;

  ck_assert_ptr_nonnull (off2);
  ck_assert_int_eq (merge (names, n, &b, &lb, off2, &err), 0);
  ck_assert_uint_eq (la, lb);
  ck_assert_mem_eq (a, b, la);
  ck_assert_mem_eq (off, off2, noff * sizeof *off);
  free (b);
  free (off2);
}

/* Repeated pointers, as a symbol table repeats an st_name: up to 300
   names drawn from a pool of up to 40 strings (some of them equal), so
   most names are a pointer seen before.  The table and offsets must be
   the reference layout's, and for both placements (relopt's and
   binutils') equal those of the same names each in storage of its own,
   where no two pointers are equal.  */
START_TEST (test_shared_pointers)
{
  uint64_t seed = 7654321 + (uint64_t)_i * 104729;
  enum
  {
    MAXN = 300,
    POOL = 40
  };
  static char pool[POOL][8], own[MAXN][8];
  const char *names[MAXN], *alone[MAXN];
  size_t n = 1 + test_rand (&seed) % MAXN, k = 1 + test_rand (&seed) % POOL;
  uint32_t off[MAXN];
  struct relopt_error err = { 0 };
  unsigned char *a;
  size_t i, j, la;
  int bfd;

  for (i = 0; i < k; i++)
    {
      size_t l = test_rand (&seed) % 6;
      for (j = 0; j < l; j++)
        pool[i][j] = "ab\xe9"[test_rand (&seed) % 3];
      pool[i][l] = '\0';
    }
  for (i = 0; i < n; i++)
    {
      names[i]
          = test_rand (&seed) % 23 == 0 ? NULL : pool[test_rand (&seed) % k];
      if (names[i])
        strcpy (own[i], names[i]);
      alone[i] = names[i] ? own[i] : NULL;
    }
  a = merge_and_verify (names, n, &la);
  free (a);
  for (bfd = 0; bfd < 2; bfd++)
    {
      merge_fn *merge = bfd ? relopt_strtab_merge_bfd : relopt_strtab_merge;
      ck_assert_int_eq (merge (names, n, &a, &la, off, &err), 0);
      check_same_merge (merge, alone, n, a, la, off, n);
      free (a);
    }
}
END_TEST

/* The same at the size of a large module, through the radix sort's
   11-bit digits and runs of tied names: 30,000 names drawn from 6,000
   strings that share tails of 8 bytes and more (some strings equal).
   The table and offsets must equal those of the names each in its own
   storage, and those of the same names followed by empty ones up to
   2^15, a size at which the merge looks for no shared pointer
   (strtab.c, SHARED_MAX), for both placements.  */
START_TEST (test_shared_pointers_large)
{
  uint64_t seed = 99991 + (uint64_t)_i * 7919;
  enum
  {
    N = 30000,
    PADDED = 1 << 15,
    POOL = 6000,
    LEN = 48
  };
  static const char *const head[]
      = { "", "x", "ab_", "drm_", "amdgpu_dm_", "__UNIQUE_ID_" };
  static const char *const tail[]
      = { "_funcs", "__func__.0", "_ip_block", "$a", "d", "" };
  char (*pool)[LEN] = calloc (POOL, sizeof *pool);
  char (*own)[LEN] = calloc (N, sizeof *own);
  const char **names = calloc (PADDED, sizeof *names);
  const char **alone = calloc (N, sizeof *alone);
  uint32_t *off = calloc (N, sizeof *off);
  struct relopt_error err = { 0 };
  unsigned char *a;
  size_t i, j, la;
  int bfd;

  ck_assert (pool && own && names && alone && off);
  for (i = 0; i < POOL; i++)
    {
      size_t l = test_rand (&seed) % 13;
      strcpy (pool[i], head[test_rand (&seed) % ARRAY_SIZE (head)]);
      for (j = strlen (pool[i]); l-- > 0; j++)
        pool[i][j] = "ab_"[test_rand (&seed) % 3];
      strcpy (pool[i] + j, tail[test_rand (&seed) % ARRAY_SIZE (tail)]);
    }
  for (i = 0; i < N; i++)
    {
      names[i] = test_rand (&seed) % 29 == 0 ? NULL
                                             : pool[test_rand (&seed) % POOL];
      if (names[i])
        strcpy (own[i], names[i]);
      alone[i] = names[i] ? own[i] : NULL;
    }
  for (bfd = 0; bfd < 2; bfd++)
    {
      merge_fn *merge = bfd ? relopt_strtab_merge_bfd : relopt_strtab_merge;
      ck_assert_int_eq (merge (names, N, &a, &la, off, &err), 0);
      for (i = 0; i < N; i++)
        ck_assert_msg (
            off[i] < la
                && strcmp ((const char *)a + off[i], names[i] ? names[i] : "")
                       == 0,
            "name %zu at %u", i, off[i]);
      check_same_merge (merge, alone, N, a, la, off, N);
      check_same_merge (merge, names, PADDED, a, la, off, N);
      free (a);
    }
  free (pool);
  free (own);
  free (names);
  free (alone);
  free (off);
}
END_TEST

/* Random sets over a 3-letter alphabet (many suffix relations, many
   duplicates), with high bytes mixed in.  */
START_TEST (test_random_sets)
{
  uint64_t seed = 1234567 + (uint64_t)_i * 7919;
  enum
  {
    MAXN = 300
  };
  static char store[MAXN][8];
  const char *names[MAXN];
  size_t n = 1 + test_rand (&seed) % MAXN, i, len;
  unsigned char *buf;

  for (i = 0; i < n; i++)
    {
      size_t l = test_rand (&seed) % 7, j;
      for (j = 0; j < l; j++)
        store[i][j] = "ab\xe9"[test_rand (&seed) % 3];
      store[i][l] = '\0';
      names[i] = test_rand (&seed) % 17 == 0 ? NULL : store[i];
    }
  buf = merge_and_verify (names, n, &len);
  free (buf);
}
END_TEST

/* Random sets of names over a 2-letter alphabet: up to 15 bytes (loops
   0-39), or up to 12 bytes followed by one of a few shared endings of 0
   to 17 bytes (loops 40-79): names of 8 bytes or more whose last 8 or
   16 bytes agree (the radix sort's ties, and the ties' ties, compared by
   the next 8 bytes, then byte by byte), suffixes longer than 8 and 16
   bytes, duplicates.  LOOP picks the set; its names go into NAMES (at
   most LONG_SET_MAX, backed by STORE) and their number is returned.  No
   name ends with `Q' or holds one.  */
enum
{
  LONG_SET_MAX = 400
};

static size_t
random_long_set (int loop, char (*store)[32], const char **names)
{
  uint64_t seed = 7654321 + (uint64_t)loop * 104729;
  size_t n = 1 + test_rand (&seed) % LONG_SET_MAX, i;
  static const char *const endings[] = { "", "a", ".constprop.0",
                                         "\xe9"
                                         "a\xe9"
                                         "a\xe9"
                                         "a\xe9"
                                         "a",
                                         "_shared_ending_17" };

  for (i = 0; i < n; i++)
    {
      size_t l = test_rand (&seed) % (loop < 40 ? 16 : 13), j;
      for (j = 0; j < l; j++)
        store[i][j] = "a\xe9"[test_rand (&seed) % 2];
      store[i][l] = '\0';
      if (loop >= 40)
        strcat (store[i], endings[test_rand (&seed) % ARRAY_SIZE (endings)]);
      names[i] = test_rand (&seed) % 23 == 0 ? NULL : store[i];
    }
  return n;
}

START_TEST (test_random_long_sets)
{
  static char store[LONG_SET_MAX][32];
  const char *names[LONG_SET_MAX];
  size_t n = random_long_set (_i, store, names), len;
  unsigned char *buf;

  buf = merge_and_verify (names, n, &len);
  free (buf);
}
END_TEST

/* The sets of loops 40-79 among more names, "F<i>Q" (9 bytes, which no
   set name ends with or holds) after them, so the table begins with the
   set's own table (checked against the reference layout above) and the
   set's names keep their offsets.  Loops 40-79 add 2^17 names (past
   READ_IN_ORDER_MIN and RADIX16_MIN: the tied names' next 8 bytes are
   read in input order, strtab.c), loops 80-119 4,000 (past RADIX11_MIN:
   the 11-bit radix sort).  */
START_TEST (test_random_long_sets_filled)
{
  enum
  {
    MAXFILL = 1 << 17
  };
  static char store[LONG_SET_MAX + MAXFILL][32];
  static const char *names[LONG_SET_MAX + MAXFILL];
  const size_t fill = _i < 80 ? MAXFILL : 4000;
  uint32_t *off = calloc (LONG_SET_MAX + MAXFILL, sizeof *off);
  uint32_t soff[LONG_SET_MAX];
  size_t n = random_long_set (_i < 80 ? _i : _i - 40, store, names), len, slen,
         i;
  struct relopt_error err = { 0 };
  struct soft soft = SOFT_INIT;
  unsigned char *buf, *set;

  ck_assert (off != NULL);
  set = merge_and_verify (names, n, &slen);
  ck_assert_int_eq (relopt_strtab_merge (names, n, &buf, &slen, soff, &err),
                    0);
  free (buf);
  for (i = 0; i < fill; i++)
    {
      snprintf (store[n + i], sizeof store[n + i], "F%07zuQ", i);
      names[n + i] = store[n + i];
    }
  ck_assert_int_eq (
      relopt_strtab_merge (names, n + fill, &buf, &len, off, &err), 0);
  ck_assert_uint_eq (len, slen + (size_t)fill * 10);
  ck_assert_mem_eq (buf, set, slen);
  for (i = 0; i < n + fill; i++)
    SOFT_CHECK (&soft,
                strcmp ((const char *)buf + off[i], names[i] ? names[i] : "")
                        == 0
                    && (i >= n || off[i] == soff[i]),
                "name %zu: offset %u", i, off[i]);
  SOFT_DONE (&soft);
  free (buf);
  free (set);
  free (off);
}
END_TEST

/* ---- Limits ------------------------------------------------------------ */

/* 140,000 names (enough for the radix sort's 16-bit digits): "s<i>" and
   "long_prefix_s<i>".  Each short name is a
   suffix of exactly its long name ("s12" does not end "s112"), so the
   optimum is 1 + sum of (strlen (long) + 1).  */
START_TEST (test_large)
{
  enum
  {
    HALF = 70000
  };
  char (*store)[32] = calloc (2 * HALF, sizeof *store);
  const char **names = calloc (2 * HALF, sizeof *names);
  uint32_t *off = calloc (2 * HALF, sizeof *off);
  struct relopt_error err = { 0 };
  struct soft soft = SOFT_INIT;
  unsigned char *buf, *buf2;
  size_t len, len2, want = 1, i;

  ck_assert (store && names && off);
  for (i = 0; i < HALF; i++)
    {
      snprintf (store[2 * i], 32, "s%zu", i);
      snprintf (store[2 * i + 1], 32, "long_prefix_s%zu", i);
      names[2 * i] = store[2 * i];
      names[2 * i + 1] = store[2 * i + 1];
      want += strlen (store[2 * i + 1]) + 1;
    }
  ck_assert_int_eq (
      relopt_strtab_merge (names, 2 * HALF, &buf, &len, off, &err), 0);
  ck_assert_uint_eq (len, want);
  for (i = 0; i < 2 * HALF; i++)
    SOFT_CHECK (&soft, strcmp ((const char *)buf + off[i], names[i]) == 0,
                "name %zu", i);
  /* Short name i sits 12 bytes ("long_prefix_") into long name i, which
     is placed when short name i is first used.  */
  for (i = 0; i < HALF; i++)
    SOFT_CHECK (&soft, off[2 * i] == off[2 * i + 1] + 12, "pair %zu", i);
  SOFT_DONE (&soft);
  ck_assert_int_eq (
      relopt_strtab_merge (names, 2 * HALF, &buf2, &len2, off, &err), 0);
  ck_assert_mem_eq (buf, buf2, len);
  free (buf);
  free (buf2);
  free (store);
  free (names);
  free (off);
}
END_TEST

/* 280,000 names that tie on their last 8 bytes in pairs, as
   bench/gen-module.py's do from 1M symbols: for each i, "lf_<i>" and
   "mf_<i>" (9 bytes, the same last 8), "f_<i>" (their last 8 bytes) and
   "xlf_<i>" (10 bytes, which ends with "lf_<i>"), i of 6 digits, in an
   order that interleaves the pairs' runs.  The tied names' next 8 bytes
   are read in input order through a radix sort of 3 digits (indices
   past 2^16): a name given another's bytes would be placed wrong, or
   merged where it should not be.  Each i needs "xlf_<i>" and "mf_<i>"
   (containing "lf_<i>" and "f_<i>"): the optimum is 1 + 21 bytes per
   i.  */
START_TEST (test_large_ties)
{
  enum
  {
    N = 70000,
    EACH = 4
  };
  char (*store)[16] = calloc (EACH * N, sizeof *store);
  const char **names = calloc (EACH * N, sizeof *names);
  uint32_t *off = calloc (EACH * N, sizeof *off);
  static const char *const fmt[EACH]
      = { "lf_%06zu", "f_%06zu", "xlf_%06zu", "mf_%06zu" };
  struct relopt_error err = { 0 };
  struct soft soft = SOFT_INIT;
  unsigned char *buf;
  size_t len, i, e;

  ck_assert (store && names && off);
  for (i = 0; i < N; i++)
    for (e = 0; e < EACH; e++)
      {
        /* Name k of the input is i = k * 7919 mod N's: the runs of
           equal tails are far apart in the input and in no order.  */
        size_t k = EACH * i + e, v = (i * 7919) % N;
        snprintf (store[k], 16, fmt[e], v);
        names[k] = store[k];
      }
  ck_assert_int_eq (
      relopt_strtab_merge (names, EACH * N, &buf, &len, off, &err), 0);
  ck_assert_uint_eq (len, 1 + 21 * (size_t)N);
  for (i = 0; i < EACH * N; i++)
    SOFT_CHECK (&soft,
                off[i] < len
                    && strcmp ((const char *)buf + off[i], names[i]) == 0,
                "name %zu (%s): offset %u", i, names[i], off[i]);
  /* "lf_<i>" lies 1 byte into "xlf_<i>", "f_<i>" 2 bytes into it.  */
  for (i = 0; i < N; i++)
    SOFT_CHECK (&soft,
                off[EACH * i] == off[EACH * i + 2] + 1
                    && off[EACH * i + 1] == off[EACH * i + 2] + 2,
                "group %zu", i);
  SOFT_DONE (&soft);
  free (buf);
  free (store);
  free (names);
  free (off);
}
END_TEST

/* A 1 MiB name and its suffixes of every power-of-two length.  */
START_TEST (test_long_name)
{
  enum
  {
    L = 1 << 20
  };
  char *big = malloc (L + 1);
  const char *names[22];
  size_t n = 0, k, len;
  unsigned char *buf;

  ck_assert_ptr_nonnull (big);
  for (k = 0; k < L; k++)
    big[k] = (char)('a' + k % 23);
  big[L] = '\0';
  for (k = 1; k <= L; k <<= 1)
    names[n++] = big + L - k;
  buf = merge_and_verify (names, n, &len);
  ck_assert_uint_eq (len, (size_t)L + 2);
  free (buf);
  free (big);
}
END_TEST

/* Many duplicates of one name, and many empty names.  */
START_TEST (test_many_duplicates)
{
  enum
  {
    N = 200000
  };
  const char **names = calloc (N, sizeof *names);
  uint32_t *off = calloc (N, sizeof *off);
  struct relopt_error err = { 0 };
  struct soft soft = SOFT_INIT;
  unsigned char *buf;
  size_t len, i;

  ck_assert (names && off);
  for (i = 0; i < N; i++)
    names[i] = i % 3 == 0 ? "" : i % 3 == 1 ? "dup" : "up";
  ck_assert_int_eq (relopt_strtab_merge (names, N, &buf, &len, off, &err), 0);
  ck_assert_uint_eq (len, 5); /* "\0dup\0" */
  ck_assert_mem_eq (buf, "\0dup", 5);
  for (i = 0; i < N; i++)
    SOFT_CHECK (&soft,
                off[i]
                    == (i % 3 == 0   ? 0u
                        : i % 3 == 1 ? 1u
                                     : 2u),
                "name %zu: offset %u", i, off[i]);
  SOFT_DONE (&soft);
  free (buf);
  free (names);
  free (off);
}
END_TEST

Suite *
strtab_suite (void)
{
  Suite *s = suite_create ("strtab");
  TCase *core = tcase_create ("core");
  TCase *limits = tcase_create ("limits");

  tcase_set_timeout (core, TEST_TIMEOUT_CORE);
  tcase_add_loop_test (core, test_worked, 0, ARRAY_SIZE (worked));
  tcase_add_test (core, test_pointer_independent);
  tcase_add_test (core, test_bfd_placement);
  tcase_add_test (core, test_permutations);
  tcase_add_loop_test (core, test_random_sets, 0, 40);
  tcase_add_loop_test (core, test_shared_pointers, 0, 60);
  tcase_add_loop_test (core, test_random_long_sets, 0, 80);
  tcase_add_loop_test (limits, test_random_long_sets_filled, 40, 120);
  suite_add_tcase (s, core);

  tcase_set_timeout (limits, TEST_TIMEOUT_LIMITS);
  tcase_add_loop_test (limits, test_shared_pointers_large, 0, 3);
  tcase_add_test (limits, test_large);
  tcase_add_test (limits, test_large_ties);
  tcase_add_test (limits, test_long_name);
  tcase_add_test (limits, test_many_duplicates);
  suite_add_tcase (s, limits);
  return s;
}

RELOPT_CHECK_MAIN (strtab_suite)
