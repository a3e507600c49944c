/* check_symhash.c -- SysV .hash and GNU .gnu.hash (bfdext/symhash.[ch]).

   Hash functions against known answers worked by hand below and against
   reference versions written here differently (64-bit arithmetic,
   explicit lengths, glibc's formulation), including bytes >= 0x80; the
   sizing rules on hand-worked cases; table structure on hand-built symbol
   sets checked by independent walks (a glibc-style GNU lookup, musl's
   symbol-count recovery) against a linear scan and through the loader
   library (loader/: rlo_*_validate accepts each table, rlo_*_lookup
   answers as the scan); round trips in each byte order and word size and
   byte-exact encodings.  Defective tables are check_loader's: the
   library's validation is the one decoder.  */

#include <config.h>

#include <stdio.h>

#include "../loader/relopt-loader.h"
#include "elfobj.h"
#include "symhash.h"
#include "testutil.h"

Suite *symhash_suite (void);

/* ---- Reference implementations -------------------------------------- */

/* gABI ELF hash, over an explicit length, in 64-bit arithmetic: the high
   nibble (bits 28-31) is folded into bits 4-7 and cleared.  */
static uint32_t
ref_sysv_hash_n (const unsigned char *s, size_t n)
{
  uint64_t h = 0;
  size_t i;

  for (i = 0; i < n; i++)
    {
      uint64_t top;
      h = ((h << 4) + s[i]) & 0xffffffffu;
      top = h >> 28;
      h = (h ^ (top << 4)) & 0x0fffffffu;
    }
  return (uint32_t)h;
}

static uint32_t
ref_sysv_hash (const char *s)
{
  return ref_sysv_hash_n ((const unsigned char *)s, strlen (s));
}

/* DJB hash as (h << 5) + h + c, in 64-bit arithmetic, reduced mod 2^32.  */
static uint32_t
ref_gnu_hash (const char *name)
{
  const unsigned char *s = (const unsigned char *)name;
  uint64_t h = 5381;
  size_t i, n = strlen (name);

  for (i = 0; i < n; i++)
    h = ((h << 5) + h + s[i]) & 0xffffffffu;
  return (uint32_t)h;
}

/* The bucket list symhash.h documents (the specification, not relopt's
   copy): bfd's elf_buckets[].  Measured: ld.bfd 2.40 stops at 32771
   (70,000 symbols give 32771 buckets); gold's dynobj.cc list goes on to
   65537, 131101, 262147, which relopt does not follow.  */
static const uint32_t binutils_buckets[]
    = { 1,   3,   17,   37,   67,   97,   131,   197,
        263, 521, 1031, 2053, 4099, 8209, 16411, 32771 };

/* The largest list entry that does not exceed N; 1 when none does.  */
static uint32_t
ref_nbucket (uint32_t n)
{
  uint32_t best = 1;
  size_t i;

  for (i = 0; i < ARRAY_SIZE (binutils_buckets); i++)
    if (binutils_buckets[i] <= n)
      best = binutils_buckets[i];
  return best;
}

/* .gnu.hash never has fewer than 2 buckets (bfd's compute_bucket_count
   with gnu_hash; symhash.h).  */
static uint32_t
ref_gnu_nbuckets (uint32_t n)
{
  uint32_t b = ref_nbucket (n);

  return b < 2 ? 2 : b;
}

/* A GNU lookup written after glibc's do_lookup_x (elf/dl-lookup.c).  */
static uint32_t
ref_gnu_lookup (const struct relopt_gnu_table *t, const char *const *names,
                const char *name)
{
  uint32_t h = ref_gnu_hash (name), i;
  uint64_t word, bits;
  const uint32_t *hasharr;

  word = t->bloom[(h / t->wordbits) % t->maskwords];
  bits = ((uint64_t)1 << (h % t->wordbits))
         | ((uint64_t)1 << ((h >> t->shift2) % t->wordbits));
  if ((word & bits) != bits)
    return 0;
  i = t->buckets[h % t->nbuckets];
  if (i == 0)
    return 0;
  hasharr = &t->chain[i - t->symoffset];
  do
    {
      if (((*hasharr ^ h) >> 1) == 0 && strcmp (names[i], name) == 0)
        return i;
      i++;
    }
  while ((*hasharr++ & 1u) == 0);
  return 0;
}

/* What a loader's linear scan finds: the lowest index in [FROM, NSYMS)
   with HASHED set (NULL: all) and the name NAME, or 0.  */
static uint32_t
linear_scan (const char *const *names, const unsigned char *hashed,
             uint32_t from, uint32_t nsyms, const char *name)
{
  uint32_t i;

  for (i = from; i < nsyms; i++)
    if ((hashed == NULL || hashed[i]) && names[i] && names[i][0]
        && strcmp (names[i], name) == 0)
      return i;
  return 0;
}

/* ---- The loader library's view of a table built here ----------------- */

/* A table as a loader holds it: the bytes relopt_*_encode writes, over a
   symtab written here (ELFCLASS32 or 64, either byte order, x86-64 so no
   mapping-symbol rule applies) whose symbol I is a defined global
   function when it is hashed, else undefined (SysV) or a defined local
   (GNU, below symoffset); validated by rlo_*_validate, which must accept
   it, so lookups go through the library loaders use (loader/).  */
struct view
{
  unsigned char *symtab, *strtab, *table;
  struct rlo_elf e;
  struct rlo_section sec;
  struct rlo_sysv sysv;
  struct rlo_gnu gnu;
};

static void
view_symtab (struct view *v, const char *const *names,
             const unsigned char *global, uint32_t nsyms, bool wide, bool big)
{
  size_t es = wide ? 24 : 16, cap = 1, off = 1;
  uint32_t i;

  memset (v, 0, sizeof *v);
  for (i = 0; i < nsyms; i++)
    cap += strlen (names[i] ? names[i] : "") + 1;
  v->symtab = calloc (nsyms ? nsyms : 1, es);
  v->strtab = calloc (cap, 1);
  ck_assert (v->symtab && v->strtab);
  for (i = 1; i < nsyms; i++)
    {
      unsigned char *p = v->symtab + i * es;
      const char *n = names[i] ? names[i] : "";
      /* global[I]: 1 defined global, 0 undefined global, 2 defined local */
      unsigned info = global[i] == 2 ? 0x02 : 0x12, shndx = global[i] ? 1 : 0;
      if (n[0])
        {
          eo_put (p, off, 4, big);
          memcpy (v->strtab + off, n, strlen (n) + 1);
          off += strlen (n) + 1;
        }
      p[wide ? 4 : 12] = (unsigned char)info;
      eo_put (p + (wide ? 6 : 14), shndx, 2, big);
    }
  v->e.symtab = v->symtab;
  v->e.symtab_size = nsyms * es;
  v->e.symtab_entsize = es;
  v->e.symtab_index = 2;
  v->e.strtab = v->strtab;
  v->e.strtab_size = off;
  v->e.elfclass = wide ? EO_CLASS64 : EO_CLASS32;
  v->e.big_endian = big;
  v->e.machine = EO_EM_X86_64;
  v->sec.sh_link = 2;
}

static void
view_free (struct view *v)
{
  free (v->symtab);
  free (v->strtab);
  free (v->table);
  memset (v, 0, sizeof *v);
}

/* T over NAMES/HASHED in .hash words of ENTSIZE bytes.  */
static void
view_sysv (struct view *v, const struct relopt_sysv_table *t,
           const char *const *names, const unsigned char *hashed,
           unsigned entsize, bool big)
{
  struct relopt_error err = { 0 };
  struct rlo_fault f;
  size_t len;
  int rc;

  view_symtab (v, names, hashed, t->nchain, true, big);
  ck_assert_int_eq (
      relopt_sysv_encode (t, entsize, big, &v->table, &len, &err), 0);
  v->sec.data = v->table;
  v->sec.size = len;
  v->sec.sh_entsize = entsize;
  rc = rlo_sysv_validate (&v->e, &v->sec, &v->sysv, &f);
  ck_assert_msg (rc == RLO_OK, "rlo_sysv_validate: %s at %llu",
                 rlo_strerror (rc), (unsigned long long)f.index);
}

/* T over NAMES, symbols below T->symoffset local.  */
static void
view_gnu (struct view *v, const struct relopt_gnu_table *t,
          const char *const *names, bool big)
{
  struct relopt_error err = { 0 };
  unsigned char *global = calloc (t->nsyms ? t->nsyms : 1, 1);
  struct rlo_fault f;
  size_t len;
  uint32_t i;
  int rc;

  ck_assert_ptr_nonnull (global);
  for (i = 1; i < t->nsyms; i++)
    global[i] = i >= t->symoffset ? 1 : 2;
  view_symtab (v, names, global, t->nsyms, t->wordbits == 64, big);
  free (global);
  ck_assert_int_eq (relopt_gnu_encode (t, big, &v->table, &len, &err), 0);
  v->sec.data = v->table;
  v->sec.size = len;
  rc = rlo_gnu_validate (&v->e, &v->sec, &v->gnu, &f);
  ck_assert_msg (rc == RLO_OK, "rlo_gnu_validate: %s at %llu",
                 rlo_strerror (rc), (unsigned long long)f.index);
}

/* One lookup through a fresh view (small tables only).  */
static uint32_t
sysv_find (const struct relopt_sysv_table *t, const char *const *names,
           const unsigned char *hashed, const char *name)
{
  struct view v;
  uint32_t i;

  view_sysv (&v, t, names, hashed, 4, false);
  i = rlo_sysv_lookup (&v.sysv, name);
  view_free (&v);
  return i;
}

static uint32_t
gnu_find (const struct relopt_gnu_table *t, const char *const *names,
          const char *name)
{
  struct view v;
  uint32_t i;

  view_gnu (&v, t, names, false);
  i = rlo_gnu_lookup (&v.gnu, name);
  view_free (&v);
  return i;
}

/* ---- Known answers -------------------------------------------------- */

struct known
{
  const char *s;
  uint32_t sysv, gnu;
};

/* Worked by hand (hex):
   ""        sysv 0 (no step); gnu 5381 = 0x1505.
   "a"       sysv 0x61; gnu 5381*33 + 0x61 = 177573 + 97 = 177670 = 0x2b606.
   "\x80"    sysv 0x80; gnu 177573 + 128 = 177701 = 0x2b625 (a signed-char
             hash would give 177573 - 128 = 177445 and sysv 0xffffff80
             folded).
   "\xff"    sysv 0xff; gnu 177573 + 255 = 177828 = 0x2b6a4.
   "\xff\xff" sysv (0xff << 4) + 0xff = 0x10ef;
             gnu 177828*33 + 255 = 5868324 + 255 = 5868579 = 0x598c23.
   "printf"  sysv: p 0x70; r 0x700+0x72 = 0x772; i 0x7720+0x69 = 0x7789;
             n 0x77890+0x6e = 0x778fe; t 0x778fe0+0x74 = 0x779054;
             f 0x7790540+0x66 = 0x77905a6 (top nibble never set).
             gnu: p 5381*33+112 = 177685; r 177685*33+114 = 5863719;
             i 5863719*33+105 = 193502832; n 193502832*33+110 =
             6385593566 = 2090626270 mod 2^32; t 2090626270*33+116 =
             68990667026 = 271190290 mod 2^32; f 271190290*33+102 =
             8949279672 = 0x156b2bb8 mod 2^32.
   "\xff" x 7 sysv: 0xff, 0x10ef, 0x10fef, 0x10ffef, 0x10fffef; then
             0x10fffef0+0xff = 0x10ffffef, top nibble 1: ^0x10 -> 0x10ffffff,
             clear -> 0x00ffffff; then 0x0ffffff0+0xff = 0x100000ef, top 1:
             ^0x10 -> 0x100000ff, clear -> 0xff.
   "ABCDEFGHI" sysv: ... F gives 0x4567896; G 0x456789a7, top 4:
             ^0x40 -> 0x456789e7, clear -> 0x056789e7; H 0x56789eb8, top
             5: ^0x50 -> 0x56789ee8 -> 0x06789ee8; I 0x6789eec9, top 6:
             ^0x60 -> 0x6789eea9 -> 0x0789eea9.
   The gnu values of the last two are left to the reference (0 = skip).  */
static const struct known known[] = {
  { "", 0x0, 0x1505 },
  { "a", 0x61, 0x2b606 },
  { "\x80", 0x80, 0x2b625 },
  { "\xff", 0xff, 0x2b6a4 },
  { "\xff\xff", 0x10ef, 0x598c23 },
  { "printf", 0x077905a6, 0x156b2bb8 },
  { "\xff\xff\xff\xff\xff\xff\xff", 0xff, 0 },
  { "ABCDEFGHI", 0x0789eea9, 0 },
};

START_TEST (test_known_answers)
{
  const struct known *k = &known[_i];

  ck_assert_uint_eq (relopt_sysv_hash (k->s), k->sysv);
  ck_assert_uint_eq (ref_sysv_hash (k->s), k->sysv);
  if (k->gnu != 0)
    {
      ck_assert_uint_eq (relopt_gnu_hash (k->s), k->gnu);
      ck_assert_uint_eq (ref_gnu_hash (k->s), k->gnu);
    }
  else
    ck_assert_uint_eq (relopt_gnu_hash (k->s), ref_gnu_hash (k->s));
}
END_TEST

/* Strings made only of high bytes, every length 1..40: the hash must take
   bytes as unsigned.  */
START_TEST (test_high_bytes)
{
  static const unsigned char fill[] = { 0x80, 0x81, 0xc3, 0xfe, 0xff };
  char buf[41];
  size_t f, n;

  for (f = 0; f < ARRAY_SIZE (fill); f++)
    for (n = 1; n <= 40; n++)
      {
        memset (buf, fill[f], n);
        buf[n] = '\0';
        ck_assert_uint_eq (relopt_sysv_hash (buf), ref_sysv_hash (buf));
        ck_assert_uint_eq (relopt_gnu_hash (buf), ref_gnu_hash (buf));
      }
}
END_TEST

/* Random strings (bytes 1..255, lengths 0..80) against the references.  */
START_TEST (test_random_strings)
{
  uint64_t seed = 0x9e3779b97f4a7c15ull + (uint64_t)_i;
  struct soft soft = SOFT_INIT;
  char buf[81];
  int k;

  for (k = 0; k < 5000; k++)
    {
      size_t n = test_rand (&seed) % 81, j;
      for (j = 0; j < n; j++)
        buf[j] = (char)(1 + test_rand (&seed) % 255);
      buf[n] = '\0';
      SOFT_CHECK (&soft, relopt_sysv_hash (buf) == ref_sysv_hash (buf),
                  "sysv hash of string %d", k);
      SOFT_CHECK (&soft, relopt_gnu_hash (buf) == ref_gnu_hash (buf),
                  "gnu hash of string %d", k);
    }
  SOFT_DONE (&soft);
}
END_TEST

/* ---- Sizing rules ---------------------------------------------------- */

/* Around every entry B[i] of the list: B[i]-1 gives B[i-1] (1 below 3),
   B[i] and B[i]+1 give B[i].  */
START_TEST (test_nbucket_boundaries)
{
  uint32_t b = binutils_buckets[_i];
  uint32_t below = _i == 0 ? 1 : binutils_buckets[_i - 1];

  ck_assert_uint_eq (relopt_hash_nbucket (b), b);
  ck_assert_uint_eq (relopt_hash_nbucket (b + 1), b);
  if (b > 1)
    ck_assert_uint_eq (relopt_hash_nbucket (b - 1), below);
  ck_assert_uint_eq (relopt_hash_nbucket (b), ref_nbucket (b));
}
END_TEST

START_TEST (test_nbucket_ends)
{
  ck_assert_uint_eq (relopt_hash_nbucket (0), 1);
  ck_assert_uint_eq (relopt_hash_nbucket (1), 1);
  ck_assert_uint_eq (relopt_hash_nbucket (2), 1);
  ck_assert_uint_eq (relopt_hash_nbucket (32770), 16411);
  ck_assert_uint_eq (relopt_hash_nbucket (32771), 32771);
  ck_assert_uint_eq (relopt_hash_nbucket (262146), 32771);
  ck_assert_uint_eq (relopt_hash_nbucket (UINT32_MAX), 32771);
}
END_TEST

struct gnu_params_case
{
  uint32_t nhashed;
  unsigned wordbits;
  uint32_t nbuckets, maskwords, shift2;
};

/* Worked by hand from the rule in symhash.h: L = floor(log2 n) + 1 (L = 1
   for n <= 1); bits = 5 if L < 3, else L + 3 if bit (L - 2) of n is set,
   else L + 2; 64-bit raises 5 to 6; shift2 = bits; maskwords =
   2^bits / wordbits; nbuckets from the bucket list, at least 2.
     n=0,1: L=1 -> 5            32: 1 word, shift 5; 64: 6 -> 1, 6
     n=2,3: L=2 -> 5            same
     n=4:   L=3, 4&2=0 -> 5     same
     n=5:   L=3, 5&2=0 -> 5     same
     n=6:   L=3, 6&2 -> 6       32: 2, 6;  64: 1, 6
     n=7:   L=3, 7&2 -> 6       32: 2, 6;  64: 1, 6
     n=8:   L=4, 8&4=0 -> 6     32: 2, 6;  64: 1, 6
     n=100: L=7, 100&32 -> 10   32: 32, 10; 64: 16, 10
     n=1000: L=10, 1000&256 -> 13   32: 256, 13; 64: 128, 13
     n=32768: L=16, 32768&16384=0 -> 18   32: 8192, 18; 64: 4096, 18
     n=100000: L=17, 100000&32768 -> 20   32: 32768, 20; 64: 16384, 20
   nbuckets: 2 for n <= 2; 3 for 3..16; 97 for 100 (97 <= 100 < 131);
   521 for 1000; 16411 for 32768 (< 32771); 32771 for 100000 (the list
   ends there).
   Second computation: GNU ld 2.40 (ld -shared --hash-style=gnu over n
   exported functions, x86 32/64) writes the same three words for every
   n >= 1 here; for n = 0 ld writes its special empty table (1 bucket,
   shift 0).  */
static const struct gnu_params_case gnu_params_cases[] = {
  { 0, 32, 2, 1, 5 },
  { 0, 64, 2, 1, 6 },
  { 1, 32, 2, 1, 5 },
  { 1, 64, 2, 1, 6 },
  { 2, 32, 2, 1, 5 },
  { 2, 64, 2, 1, 6 },
  { 3, 32, 3, 1, 5 },
  { 3, 64, 3, 1, 6 },
  { 4, 32, 3, 1, 5 },
  { 4, 64, 3, 1, 6 },
  { 5, 32, 3, 1, 5 },
  { 5, 64, 3, 1, 6 },
  { 6, 32, 3, 2, 6 },
  { 6, 64, 3, 1, 6 },
  { 7, 32, 3, 2, 6 },
  { 7, 64, 3, 1, 6 },
  { 8, 32, 3, 2, 6 },
  { 8, 64, 3, 1, 6 },
  { 100, 32, 97, 32, 10 },
  { 100, 64, 97, 16, 10 },
  { 1000, 32, 521, 256, 13 },
  { 1000, 64, 521, 128, 13 },
  { 32768, 32, 16411, 8192, 18 },
  { 32768, 64, 16411, 4096, 18 },
  { 100000, 32, 32771, 32768, 20 },
  { 100000, 64, 32771, 16384, 20 },
};

START_TEST (test_gnu_params)
{
  const struct gnu_params_case *c = &gnu_params_cases[_i];
  uint32_t nb = 0, mw = 0, sh = 0;

  relopt_gnu_params (c->nhashed, c->wordbits, &nb, &mw, &sh);
  ck_assert_msg (nb == c->nbuckets && mw == c->maskwords && sh == c->shift2,
                 "n=%u/%u bits: got nbuckets %u maskwords %u shift2 %u, "
                 "expected %u %u %u",
                 c->nhashed, c->wordbits, nb, mw, sh, c->nbuckets,
                 c->maskwords, c->shift2);
}
END_TEST

/* ---- SysV table structure ------------------------------------------- */

/* Check T against NAMES/HASHED independently: every chain ascends and
   holds only hashed symbols of its bucket, every hashed symbol is on
   exactly one chain, lookups equal a linear scan, ABSENT names miss.  */
static void
verify_sysv (const struct relopt_sysv_table *t, const char *const *names,
             const unsigned char *hashed, uint32_t nsyms)
{
  struct view v;
  /* The per-name linear scans are quadratic: big sets check their
     lookups against known indices instead.  */
  bool scan = nsyms <= 5000;
  unsigned char *seen = calloc (nsyms ? nsyms : 1, 1);
  uint32_t b, i, nh = 0, reached = 0;
  struct soft soft = SOFT_INIT;
  char absent[64];

  ck_assert_ptr_nonnull (seen);
  for (i = 1; i < nsyms; i++)
    nh += hashed[i] != 0;
  ck_assert_uint_eq (t->nchain, nsyms);
  ck_assert_uint_eq (t->nbucket, ref_nbucket (nh));
  ck_assert_ptr_nonnull (t->length);
  for (b = 0; b < t->nbucket && soft.bad == 0; b++)
    {
      uint32_t prev = 0, len = 0;
      for (i = t->bucket[b]; i != 0; i = t->chain[i], len++)
        {
          /* Ascending (so no cycle), in range, hashed, in its bucket,
             on one chain only; stop at the first defect.  */
          SOFT_CHECK (&soft, i < nsyms && i > prev, "bucket %u: %u after %u",
                      b, i, prev);
          if (soft.bad)
            break;
          SOFT_CHECK (&soft, hashed[i], "unhashed symbol %u on a chain", i);
          SOFT_CHECK (&soft, ref_sysv_hash (names[i]) % t->nbucket == b,
                      "symbol %u on the chain of bucket %u", i, b);
          SOFT_CHECK (&soft, !seen[i], "symbol %u reached twice", i);
          seen[i] = 1;
          reached++;
          prev = i;
        }
      /* The count kept for --stats is the chain's length.  */
      SOFT_CHECK (&soft, soft.bad || t->length[b] == len,
                  "bucket %u: length %u, chain of %u", b, t->length[b], len);
    }
  SOFT_DONE (&soft);
  ck_assert_uint_eq (reached, nh);
  view_sysv (&v, t, names, hashed, 4, false);
  for (i = 1; i < nsyms; i++)
    {
      const char *n = names[i] ? names[i] : "";
      if (scan && n[0])
        {
          uint32_t got = rlo_sysv_lookup (&v.sysv, n);
          uint32_t want = linear_scan (names, hashed, 1, nsyms, n);
          SOFT_CHECK (&soft, got == want, "lookup '%s': %u, expected %u", n,
                      got, want);
        }
    }
  for (i = 0; i < 200; i++)
    {
      snprintf (absent, sizeof absent, "absent\x80%u", i);
      SOFT_CHECK (&soft, rlo_sysv_lookup (&v.sysv, absent) == 0,
                  "absent name %u found", i);
    }
  SOFT_DONE (&soft);
  view_free (&v);
  free (seen);
}

START_TEST (test_sysv_empty)
{
  const char *names[] = { "" };
  unsigned char hashed[] = { 0 };
  struct relopt_sysv_table t;
  struct relopt_error err = { 0 };

  ck_assert_int_eq (relopt_sysv_build (names, hashed, 1, &t, &err), 0);
  ck_assert_uint_eq (t.nbucket, 1);
  ck_assert_uint_eq (t.nchain, 1);
  ck_assert_uint_eq (t.bucket[0], 0);
  ck_assert_uint_eq (sysv_find (&t, names, hashed, "x"), 0);
  ck_assert_uint_eq (sysv_find (&t, names, hashed, ""), 0);
  verify_sysv (&t, names, hashed, 1);
  relopt_sysv_free (&t);
}
END_TEST

START_TEST (test_sysv_one)
{
  const char *names[] = { "", "printf" };
  unsigned char hashed[] = { 0, 1 };
  struct relopt_sysv_table t;
  struct relopt_error err = { 0 };

  ck_assert_int_eq (relopt_sysv_build (names, hashed, 2, &t, &err), 0);
  /* One symbol: one bucket that points at it, chain[1] = 0.  */
  ck_assert_uint_eq (t.nbucket, 1);
  ck_assert_uint_eq (t.bucket[0], 1);
  ck_assert_uint_eq (t.chain[1], 0);
  ck_assert_uint_eq (sysv_find (&t, names, hashed, "printf"), 1);
  ck_assert_uint_eq (sysv_find (&t, names, hashed, "printf2"), 0);
  verify_sysv (&t, names, hashed, 2);
  relopt_sysv_free (&t);
}
END_TEST

/* Nothing hashed (e.g. every symbol undefined or a section/file symbol):
   all buckets empty, nothing found.  */
START_TEST (test_sysv_nothing_hashed)
{
  const char *names[] = { "", "f.c", "", "undef1", "undef2" };
  unsigned char hashed[] = { 0, 0, 0, 0, 0 };
  struct relopt_sysv_table t;
  struct relopt_error err = { 0 };
  uint32_t i;

  ck_assert_int_eq (relopt_sysv_build (names, hashed, 5, &t, &err), 0);
  ck_assert_uint_eq (t.nbucket, 1);
  ck_assert_uint_eq (t.bucket[0], 0);
  for (i = 0; i < 5; i++)
    ck_assert_uint_eq (t.chain[i], 0);
  ck_assert_uint_eq (sysv_find (&t, names, hashed, "undef1"), 0);
  verify_sysv (&t, names, hashed, 5);
  relopt_sysv_free (&t);
}
END_TEST

/* Duplicate names (a local "x" in two files and a global "x"): lookup
   returns the lowest hashed index, as a scan from index 1 does; an
   unhashed lower duplicate is skipped.  */
START_TEST (test_sysv_duplicates)
{
  const char *names[] = { "", "x", "dup", "x", "y", "dup", "x", "dup" };
  unsigned char hashed[] = { 0, 0, 1, 1, 1, 1, 1, 1 };
  struct relopt_sysv_table t;
  struct relopt_error err = { 0 };

  ck_assert_int_eq (relopt_sysv_build (names, hashed, 8, &t, &err), 0);
  ck_assert_uint_eq (sysv_find (&t, names, hashed, "x"), 3);
  ck_assert_uint_eq (sysv_find (&t, names, hashed, "dup"), 2);
  ck_assert_uint_eq (sysv_find (&t, names, hashed, "y"), 4);
  verify_sysv (&t, names, hashed, 8);
  relopt_sysv_free (&t);
}
END_TEST

/* ---- GNU table structure -------------------------------------------- */

/* relopt_gnu_build over NAMES, the hashes given by the reference
   function (relopt_gnu_build takes them, computed once, from its
   caller).  */
static int
gnu_build (const char *const *names, uint32_t nsyms, uint32_t symoffset,
           unsigned wordbits, struct relopt_gnu_table *t,
           struct relopt_error *err)
{
  uint32_t *hash = calloc (nsyms ? nsyms : 1, sizeof *hash), i;
  int rc;

  ck_assert_ptr_nonnull (hash);
  for (i = symoffset; i < nsyms; i++)
    hash[i] = ref_gnu_hash (names[i] ? names[i] : "");
  rc = relopt_gnu_build (hash, nsyms, symoffset, wordbits, t, err);
  free (hash);
  return rc;
}

/* Order [SYMOFFSET, N) of NAMES by (bucket, index) for NBUCKETS buckets,
   in place (insertion into a new array by counting).  */
static void
order_by_bucket (const char **names, uint32_t symoffset, uint32_t n,
                 uint32_t nbuckets)
{
  uint32_t *count = calloc (nbuckets + 1, sizeof *count), i;
  const char **tmp = calloc (n ? n : 1, sizeof *tmp);

  ck_assert_ptr_nonnull (count);
  ck_assert_ptr_nonnull (tmp);
  for (i = symoffset; i < n; i++)
    count[ref_gnu_hash (names[i]) % nbuckets + 1]++;
  for (i = 1; i <= nbuckets; i++)
    count[i] += count[i - 1];
  for (i = symoffset; i < n; i++)
    tmp[symoffset + count[ref_gnu_hash (names[i]) % nbuckets]++] = names[i];
  for (i = symoffset; i < n; i++)
    names[i] = tmp[i];
  free (count);
  free (tmp);
}

/* Check T independently: header as the hand-worked params say (via
   EXPECT_*, 0 = do not check), buckets point at their run's first
   symbol, chain words hold hash|end bit, the bloom filter has both bits,
   musl's count recovery gives NSYMS, lookups equal a linear scan over
   [symoffset, nsyms), absent names miss (reference and relopt lookups).  */
static void
verify_gnu (const struct relopt_gnu_table *t, const char *const *names,
            uint32_t nsyms, uint32_t symoffset)
{
  struct view v;
  uint32_t i, b, last_bucket_start = 0, *first;
  bool scan = nsyms <= 5000; /* as in verify_sysv */
  struct soft soft = SOFT_INIT;
  char absent[64];

  ck_assert_uint_eq (t->nsyms, nsyms);
  ck_assert_uint_eq (t->symoffset, symoffset);
  ck_assert_uint_eq (t->nbuckets, ref_gnu_nbuckets (nsyms - symoffset));
  ck_assert (t->maskwords > 0 && (t->maskwords & (t->maskwords - 1)) == 0);
  /* The first symbol of each bucket; buckets must not interleave.  */
  first = calloc (t->nbuckets, sizeof *first);
  ck_assert_ptr_nonnull (first);
  for (i = symoffset; i < nsyms; i++)
    {
      b = ref_gnu_hash (names[i]) % t->nbuckets;
      if (i > symoffset)
        SOFT_CHECK (&soft, b >= ref_gnu_hash (names[i - 1]) % t->nbuckets,
                    "symbol %u out of bucket order", i);
      if (first[b] == 0)
        first[b] = i;
    }
  for (b = 0; b < t->nbuckets; b++)
    {
      SOFT_CHECK (&soft, t->buckets[b] == first[b],
                  "bucket %u = %u, expected %u", b, t->buckets[b], first[b]);
      if (first[b] > last_bucket_start)
        last_bucket_start = first[b];
    }
  free (first);
  for (i = symoffset; i < nsyms; i++)
    {
      uint32_t h = ref_gnu_hash (names[i]), c = t->chain[i - symoffset];
      bool end
          = i + 1 == nsyms
            || ref_gnu_hash (names[i + 1]) % t->nbuckets != h % t->nbuckets;
      uint64_t w = t->bloom[(h / t->wordbits) % t->maskwords];
      SOFT_CHECK (&soft, c >> 1 == h >> 1, "chain word of %u", i);
      SOFT_CHECK (&soft, (c & 1) == end, "end bit of %u", i);
      SOFT_CHECK (&soft,
                  (w >> (h % t->wordbits) & 1)
                      && (w >> ((h >> t->shift2) % t->wordbits) & 1),
                  "bloom bits of %u", i);
    }
  SOFT_DONE (&soft);
  /* musl's count_syms_gnu: from the highest bucket start, walk to the
     end bit; the index after it is the symbol count.  */
  if (last_bucket_start)
    {
      i = last_bucket_start;
      while (!(t->chain[i - symoffset] & 1))
        i++;
      ck_assert_uint_eq (i + 1, nsyms);
    }
  view_gnu (&v, t, names, false);
  for (i = 1; i < nsyms; i++)
    if (scan && names[i] && names[i][0])
      {
        uint32_t want = linear_scan (names, NULL, symoffset, nsyms, names[i]);
        uint32_t r = ref_gnu_lookup (t, names, names[i]);
        uint32_t g = rlo_gnu_lookup (&v.gnu, names[i]);
        SOFT_CHECK (&soft, r == want && g == want,
                    "lookup '%s': reference %u, relopt %u, expected %u",
                    names[i], r, g, want);
      }
  for (i = 0; i < 200; i++)
    {
      snprintf (absent, sizeof absent, "absent\xff%u", i);
      SOFT_CHECK (&soft,
                  rlo_gnu_lookup (&v.gnu, absent) == 0
                      && ref_gnu_lookup (t, names, absent) == 0,
                  "absent name %u found", i);
    }
  SOFT_DONE (&soft);
  view_free (&v);
}

START_TEST (test_gnu_empty)
{
  /* Only symbol 0, nothing hashed: symoffset 1 = nsyms.  */
  const char *names[] = { "" };
  struct relopt_gnu_table t;
  struct relopt_error err = { 0 };

  ck_assert_int_eq (gnu_build (names, 1, 1, 64, &t, &err), 0);
  ck_assert_uint_eq (t.nbuckets, 2);
  ck_assert_uint_eq (t.buckets[0], 0);
  ck_assert_uint_eq (t.buckets[1], 0);
  ck_assert_uint_eq (t.bloom[0], 0);
  ck_assert_uint_eq (gnu_find (&t, names, "x"), 0);
  verify_gnu (&t, names, 1, 1);
  relopt_gnu_free (&t);
}
END_TEST

START_TEST (test_gnu_all_locals)
{
  /* Every symbol local: symoffset = nsyms, no chain, nothing found.  */
  const char *names[] = { "", "a", "b", "c" };
  struct relopt_gnu_table t;
  struct relopt_error err = { 0 };

  ck_assert_int_eq (gnu_build (names, 4, 4, 32, &t, &err), 0);
  ck_assert_uint_eq (t.symoffset, 4);
  ck_assert_uint_eq (t.buckets[0], 0);
  ck_assert_uint_eq (gnu_find (&t, names, "a"), 0);
  verify_gnu (&t, names, 4, 4);
  relopt_gnu_free (&t);
}
END_TEST

START_TEST (test_gnu_one)
{
  const char *names[] = { "", "loc", "printf" };
  struct relopt_gnu_table t;
  struct relopt_error err = { 0 };

  ck_assert_int_eq (gnu_build (names, 3, 2, _i ? 64 : 32, &t, &err), 0);
  ck_assert_uint_eq (t.buckets[0], 2);
  /* chain[0] = 0x156b2bb8 with the end bit: 0x156b2bb9.  */
  ck_assert_uint_eq (t.chain[0], 0x156b2bb9u);
  ck_assert_uint_eq (gnu_find (&t, names, "printf"), 2);
  ck_assert_uint_eq (gnu_find (&t, names, "loc"), 0);
  verify_gnu (&t, names, 3, 2);
  relopt_gnu_free (&t);
}
END_TEST

START_TEST (test_gnu_duplicates)
{
  /* Same name twice among hashed globals: both sit in one bucket, in
     index order, and lookup returns the lower one.  */
  const char *names[] = { "", "dup", "u", "dup", "k", "dup", "z" };
  struct relopt_gnu_table t;
  struct relopt_error err = { 0 };

  order_by_bucket (names, 3, 7, ref_gnu_nbuckets (4));
  ck_assert_int_eq (gnu_build (names, 7, 3, 64, &t, &err), 0);
  verify_gnu (&t, names, 7, 3);
  ck_assert_uint_eq (gnu_find (&t, names, "dup"),
                     linear_scan (names, NULL, 3, 7, "dup"));
  relopt_gnu_free (&t);
}
END_TEST

/* relopt_gnu_build refuses an order that is not by bucket.  */
START_TEST (test_gnu_build_unordered)
{
  /* 3 hashed symbols -> 3 buckets.  Find two names in different buckets
     and put the higher bucket first.  */
  const char *names[4] = { "", NULL, NULL, NULL };
  static const char *cands[] = { "a", "b", "c", "d", "e", "f" };
  struct relopt_gnu_table t;
  struct relopt_error err = { 0 };
  size_t x, y;

  for (x = 0; x < ARRAY_SIZE (cands); x++)
    for (y = 0; y < ARRAY_SIZE (cands); y++)
      if (ref_gnu_hash (cands[x]) % 3 > ref_gnu_hash (cands[y]) % 3)
        goto found;
  ck_abort_msg ("no candidate pair");
found:
  names[1] = cands[x];
  names[2] = cands[y];
  names[3] = cands[y];
  ck_assert_int_eq (gnu_build (names, 4, 1, 32, &t, &err), RELOPT_E_FORMAT);
  ck_assert_int_eq (gnu_build (names, 4, 5, 32, &t, &err),
                    RELOPT_E_FORMAT); /* symoffset past nsyms */
}
END_TEST

/* Random sets with duplicates and high bytes, both word sizes.  */
START_TEST (test_gnu_random_sets)
{
  uint64_t seed = 77 + (uint64_t)_i;
  enum
  {
    N = 600
  };
  static char store[N][12];
  const char *names[N];
  struct relopt_gnu_table t;
  struct relopt_sysv_table st;
  unsigned char hashed[N];
  struct relopt_error err = { 0 };
  uint32_t i, nsyms = 1 + (uint32_t)(test_rand (&seed) % (N - 1));
  uint32_t symoffset = 1 + (uint32_t)(test_rand (&seed) % nsyms);

  names[0] = "";
  hashed[0] = 0;
  for (i = 1; i < nsyms; i++)
    {
      /* Short names from a small alphabet make many duplicates.  */
      size_t len = 1 + test_rand (&seed) % 3, j;
      for (j = 0; j < len; j++)
        store[i][j] = "ab\x80\xff"[test_rand (&seed) % 4];
      store[i][len] = '\0';
      names[i] = store[i];
      hashed[i] = test_rand (&seed) % 3 != 0;
    }
  order_by_bucket (names, symoffset, nsyms,
                   ref_gnu_nbuckets (nsyms - symoffset));
  ck_assert_int_eq (
      gnu_build (names, nsyms, symoffset, _i % 2 ? 64 : 32, &t, &err), 0);
  verify_gnu (&t, names, nsyms, symoffset);
  relopt_gnu_free (&t);
  ck_assert_int_eq (relopt_sysv_build (names, hashed, nsyms, &st, &err), 0);
  verify_sysv (&st, names, hashed, nsyms);
  relopt_sysv_free (&st);
}
END_TEST

/* ---- Encoding --------------------------------------------------------- */

/* Hand-worked SysV bytes: names {"", "a", "b"} all hashed: 2 hashed
   symbols -> 1 bucket; chains ascend, so bucket[0] = 1, chain[1] = 2,
   chain[2] = 0, chain[0] = 0.  Words: nbucket 1, nchain 3, bucket 1,
   chain 0 2 0.  */
START_TEST (test_sysv_encode_bytes)
{
  const char *names[] = { "", "a", "b" };
  unsigned char hashed[] = { 0, 1, 1 };
  static const uint64_t words[] = { 1, 3, 1, 0, 2, 0 };
  struct relopt_sysv_table t;
  struct relopt_error err = { 0 };
  unsigned char *buf, want[6 * 8];
  size_t len, k;
  unsigned entsize = _i & 1 ? 8 : 4;
  bool big = (_i & 2) != 0;

  ck_assert_int_eq (relopt_sysv_build (names, hashed, 3, &t, &err), 0);
  ck_assert_int_eq (relopt_sysv_encode (&t, entsize, big, &buf, &len, &err),
                    0);
  ck_assert_uint_eq (len, 6 * entsize);
  for (k = 0; k < 6; k++)
    eo_put (want + k * entsize, words[k], entsize, big);
  ck_assert_mem_eq (buf, want, len);
  free (buf);
  relopt_sysv_free (&t);
}
END_TEST

/* Hand-worked GNU bytes: names {"", "loc", "a", "b"}, symoffset 2.
   2 hashed -> 2 buckets (the minimum), bits 5 (32-bit: 1 word, shift 5;
   64-bit: 6, 1 word, shift 6).  h(a) = 0x2b606 = 177670 (even: bucket
   0), h(b) = 177671 (odd: bucket 1): already in bucket order.
   32-bit bloom: a: 177670 % 32 = 6, (177670 >> 5) = 5552, 5552 % 32 =
   16; b: 7 and 16 -> bits 6, 7, 16 = 0x000100c0.
   64-bit bloom: a: 177670 % 64 = 6, 177670 >> 6 = 2776, 2776 % 64 = 24;
   b: 7 and 24 -> 0x010000c0.
   buckets 2, 3; chain: each symbol ends its bucket: 0x2b607, 0x2b607.  */
START_TEST (test_gnu_encode_bytes)
{
  const char *names[] = { "", "loc", "a", "b" };
  bool is64 = _i & 1, big = (_i & 2) != 0;
  unsigned wb = is64 ? 8 : 4;
  struct relopt_gnu_table t;
  struct relopt_error err = { 0 };
  unsigned char *buf, want[64];
  size_t len, o = 0;

  ck_assert_int_eq (gnu_build (names, 4, 2, is64 ? 64 : 32, &t, &err), 0);
  ck_assert_int_eq (relopt_gnu_encode (&t, big, &buf, &len, &err), 0);
  eo_put (want + o, 2, 4, big), o += 4;            /* nbuckets */
  eo_put (want + o, 2, 4, big), o += 4;            /* symoffset */
  eo_put (want + o, 1, 4, big), o += 4;            /* bloom words */
  eo_put (want + o, is64 ? 6 : 5, 4, big), o += 4; /* shift2 */
  eo_put (want + o, is64 ? 0x010000c0 : 0x000100c0, wb, big), o += wb;
  eo_put (want + o, 2, 4, big), o += 4;       /* bucket[0] */
  eo_put (want + o, 3, 4, big), o += 4;       /* bucket[1] */
  eo_put (want + o, 0x2b607, 4, big), o += 4; /* chain a, end */
  eo_put (want + o, 0x2b607, 4, big), o += 4; /* chain b, end */
  ck_assert_uint_eq (len, o);
  ck_assert_mem_eq (buf, want, len);
  free (buf);
  relopt_gnu_free (&t);
}
END_TEST

/* Round trips: build, encode in each byte order / word size, and let the
   loader library validate the bytes and answer every lookup as a linear
   scan does.  */
START_TEST (test_roundtrip)
{
  enum
  {
    N = 300
  };
  static char store[N][16];
  const char *names[N];
  unsigned char hashed[N];
  bool big = (_i & 1) != 0, wide = (_i & 2) != 0;
  struct relopt_sysv_table s;
  struct relopt_gnu_table g;
  struct relopt_error err = { 0 };
  struct view v;
  uint32_t i, symoffset = 40;

  names[0] = "";
  hashed[0] = 0;
  for (i = 1; i < N; i++)
    {
      snprintf (store[i], sizeof store[i], "f%u\xe9", i * 7919 % 1000);
      names[i] = store[i];
      hashed[i] = i % 5 != 0;
    }
  ck_assert_int_eq (relopt_sysv_build (names, hashed, N, &s, &err), 0);
  view_sysv (&v, &s, names, hashed, wide ? 8 : 4, big);
  ck_assert_uint_eq (v.sysv.nbucket, s.nbucket);
  ck_assert_uint_eq (v.sysv.nchain, s.nchain);
  for (i = 1; i < N; i++)
    ck_assert_uint_eq (rlo_sysv_lookup (&v.sysv, names[i]),
                       linear_scan (names, hashed, 1, N, names[i]));
  view_free (&v);
  relopt_sysv_free (&s);

  order_by_bucket (names, symoffset, N, ref_gnu_nbuckets (N - symoffset));
  ck_assert_int_eq (gnu_build (names, N, symoffset, wide ? 64 : 32, &g, &err),
                    0);
  view_gnu (&v, &g, names, big);
  ck_assert_uint_eq (v.gnu.nbuckets, g.nbuckets);
  ck_assert_uint_eq (v.gnu.symoffset, g.symoffset);
  ck_assert_uint_eq (v.gnu.maskwords, g.maskwords);
  ck_assert_uint_eq (v.gnu.shift2, g.shift2);
  for (i = 1; i < N; i++)
    ck_assert_uint_eq (rlo_gnu_lookup (&v.gnu, names[i]),
                       linear_scan (names, NULL, symoffset, N, names[i]));
  view_free (&v);
  /* 32-bit bloom words must not carry bits above 31.  */
  if (!wide)
    for (i = 0; i < g.maskwords; i++)
      ck_assert_uint_eq (g.bloom[i] >> 32, 0);
  relopt_gnu_free (&g);
}
END_TEST

/* ---- Limits: 100k symbols ---------------------------------------------- */

enum
{
  BIG_N = 100001 /* symbol 0 + 100,000 */
};

static char (*big_store)[16];
static const char **big_names;

static void
big_setup (void)
{
  uint32_t i;

  big_store = calloc (BIG_N, sizeof *big_store);
  big_names = calloc (BIG_N, sizeof *big_names);
  ck_assert_ptr_nonnull (big_store);
  ck_assert_ptr_nonnull (big_names);
  big_names[0] = "";
  for (i = 1; i < BIG_N; i++)
    {
      snprintf (big_store[i], sizeof big_store[i], "sym_%u", i);
      big_names[i] = big_store[i];
    }
}

static void
big_teardown (void)
{
  free (big_store);
  free (big_names);
}

START_TEST (test_sysv_100k)
{
  unsigned char *hashed = calloc (BIG_N, 1);
  struct relopt_sysv_table t;
  struct relopt_error err = { 0 };
  struct soft soft = SOFT_INIT;
  struct view v;
  uint32_t i, nh = 0;
  char absent[32];

  ck_assert_ptr_nonnull (hashed);
  for (i = 1; i < BIG_N; i++)
    {
      hashed[i] = i % 7 != 0; /* every 7th: undefined, not hashed */
      nh += hashed[i];
    }
  ck_assert_int_eq (relopt_sysv_build (big_names, hashed, BIG_N, &t, &err), 0);
  /* 85,715 hashed (100,000 less 14,285 multiples of 7): past 32771, the
     last entry.  */
  ck_assert_uint_eq (nh, 85715);
  ck_assert_uint_eq (t.nbucket, 32771);
  verify_sysv (&t, big_names, hashed, BIG_N);
  /* Big-endian words, through the loader library.  */
  view_sysv (&v, &t, big_names, hashed, 4, true);
  ck_assert_uint_eq (v.sec.size, 4 * (2 + 32771 + (uint64_t)BIG_N));
  for (i = 1; i < BIG_N; i++)
    SOFT_CHECK (&soft,
                rlo_sysv_lookup (&v.sysv, big_names[i]) == (hashed[i] ? i : 0),
                "lookup of %s", big_names[i]);
  for (i = BIG_N; i < BIG_N + 20000; i++)
    {
      snprintf (absent, sizeof absent, "sym_%u", i);
      SOFT_CHECK (&soft, rlo_sysv_lookup (&v.sysv, absent) == 0, "%s found",
                  absent);
    }
  SOFT_DONE (&soft);
  view_free (&v);
  relopt_sysv_free (&t);
  free (hashed);
}
END_TEST

START_TEST (test_gnu_100k)
{
  /* 1000 unhashed globals first (symoffset 1001), then 99,000 hashed.  */
  uint32_t symoffset = 1001, i;
  struct relopt_gnu_table t;
  struct relopt_error err = { 0 };
  struct soft soft = SOFT_INIT;
  struct view v;
  char absent[32];
  unsigned wb = _i ? 64 : 32;

  order_by_bucket (big_names, symoffset, BIG_N,
                   ref_gnu_nbuckets (BIG_N - symoffset));
  ck_assert_int_eq (gnu_build (big_names, BIG_N, symoffset, wb, &t, &err), 0);
  /* 99,000 hashed: L = 16 + 1 = 17, 99000 & 32768 (99000 - 65536 =
     33464) -> 20 bits.  */
  ck_assert_uint_eq (t.nbuckets, 32771);
  ck_assert_uint_eq (t.shift2, 20);
  ck_assert_uint_eq (t.maskwords, (1u << 20) / wb);
  verify_gnu (&t, big_names, BIG_N, symoffset);
  view_gnu (&v, &t, big_names, false);
  for (i = 1; i < BIG_N; i++)
    SOFT_CHECK (&soft,
                rlo_gnu_lookup (&v.gnu, big_names[i])
                    == (i >= symoffset ? i : 0),
                "lookup of %s", big_names[i]);
  for (i = BIG_N; i < BIG_N + 20000; i++)
    {
      snprintf (absent, sizeof absent, "sym_%u", i);
      SOFT_CHECK (&soft, rlo_gnu_lookup (&v.gnu, absent) == 0, "%s found",
                  absent);
    }
  SOFT_DONE (&soft);
  view_free (&v);
  relopt_gnu_free (&t);
}
END_TEST

Suite *
symhash_suite (void)
{
  Suite *s = suite_create ("symhash");
  TCase *core = tcase_create ("core");
  TCase *limits = tcase_create ("limits");

  tcase_set_timeout (core, TEST_TIMEOUT_CORE);
  tcase_add_loop_test (core, test_known_answers, 0, ARRAY_SIZE (known));
  tcase_add_test (core, test_high_bytes);
  tcase_add_loop_test (core, test_random_strings, 0, 4);
  tcase_add_loop_test (core, test_nbucket_boundaries, 0,
                       ARRAY_SIZE (binutils_buckets));
  tcase_add_test (core, test_nbucket_ends);
  tcase_add_loop_test (core, test_gnu_params, 0,
                       ARRAY_SIZE (gnu_params_cases));
  tcase_add_test (core, test_sysv_empty);
  tcase_add_test (core, test_sysv_one);
  tcase_add_test (core, test_sysv_nothing_hashed);
  tcase_add_test (core, test_sysv_duplicates);
  tcase_add_test (core, test_gnu_empty);
  tcase_add_test (core, test_gnu_all_locals);
  tcase_add_loop_test (core, test_gnu_one, 0, 2);
  tcase_add_test (core, test_gnu_duplicates);
  tcase_add_test (core, test_gnu_build_unordered);
  tcase_add_loop_test (core, test_gnu_random_sets, 0, 16);
  tcase_add_loop_test (core, test_sysv_encode_bytes, 0, 4);
  tcase_add_loop_test (core, test_gnu_encode_bytes, 0, 4);
  tcase_add_loop_test (core, test_roundtrip, 0, 4);
  suite_add_tcase (s, core);

  tcase_set_timeout (limits, TEST_TIMEOUT_LIMITS);
  tcase_add_unchecked_fixture (limits, big_setup, big_teardown);
  tcase_add_test (limits, test_sysv_100k);
  tcase_add_loop_test (limits, test_gnu_100k, 0, 2);
  suite_add_tcase (s, limits);
  return s;
}

RELOPT_CHECK_MAIN (symhash_suite)
