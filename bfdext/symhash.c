/* symhash.c -- SysV .hash and GNU .gnu.hash: hash functions, builders and
   encoders.  Formats and relopt's rules are described in symhash.h; a
   table read from a file is validated and looked up by the loader
   library (loader/relopt-loader.h), the one decoder.  */

#include <config.h>
#include "symhash.h"
#include "../loader/relopt-loader.h"
#include "image.h"
#include <stdlib.h>
#include <string.h>

/* The hash functions are the loader library's (loader/relopt-loader.c:
   SysV gABI "Hashing Function", GNU's h * 33 + c as glibc's dl_new_hash),
   so the tables relopt writes and what loaders compute cannot disagree.  */
uint32_t
relopt_sysv_hash (const char *name)
{
  return rlo_sysv_hash (name);
}

uint32_t
relopt_gnu_hash (const char *name)
{
  return rlo_gnu_hash (name);
}

/* binutils bfd/elflink.c elf_buckets[] (ld.bfd 2.40: 70,000 symbols get
   32771 buckets; gold's longer list, up to 262147, is not used).  */
static const uint32_t elf_buckets[]
    = { 1,   3,   17,   37,   67,   97,   131,   197,
        263, 521, 1031, 2053, 4099, 8209, 16411, 32771 };

uint32_t
relopt_hash_nbucket (uint32_t nhashed)
{
  size_t i, n = sizeof elf_buckets / sizeof elf_buckets[0];
  uint32_t best = elf_buckets[0];

  for (i = 0; i < n; i++)
    {
      best = elf_buckets[i];
      if (i + 1 == n || nhashed < elf_buckets[i + 1])
        break;
    }
  return best;
}

static int
nomem (struct relopt_error *err)
{
  return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
}

static const char *
sym_name (const char *const *names, uint32_t i)
{
  return names[i] ? names[i] : "";
}

/* ---- SysV ---------------------------------------------------------- */

void
relopt_sysv_free (struct relopt_sysv_table *t)
{
  free (t->bucket);
  free (t->chain);
  free (t->length);
  t->bucket = t->chain = t->length = NULL;
  t->nbucket = t->nchain = 0;
}

int
relopt_sysv_build (const char *const *names, const unsigned char *hashed,
                   uint32_t nsyms, struct relopt_sysv_table *t,
                   struct relopt_error *err)
{
  uint32_t i, nhashed = 0;

  for (i = 1; i < nsyms; i++)
    nhashed += hashed[i] != 0;
  t->nbucket = relopt_hash_nbucket (nhashed);
  t->nchain = nsyms;
  t->bucket = calloc (t->nbucket, sizeof *t->bucket);
  t->chain = calloc (nsyms ? nsyms : 1, sizeof *t->chain);
  t->length = calloc (t->nbucket, sizeof *t->length);
  if (t->bucket == NULL || t->chain == NULL || t->length == NULL)
    {
      relopt_sysv_free (t);
      return nomem (err);
    }
  /* Insert at the head of each chain in descending index order, so a walk
     meets symbols in ascending order: a lookup then returns the lowest
     index with the name, as a linear scan from index 1 does.  */
  for (i = nsyms; i-- > 1;)
    if (hashed[i])
      {
        uint32_t b = relopt_sysv_hash (sym_name (names, i)) % t->nbucket;
        t->chain[i] = t->bucket[b];
        t->bucket[b] = i;
        t->length[b]++;
      }
  return 0;
}

int
relopt_sysv_encode (const struct relopt_sysv_table *t, unsigned entsize,
                    bool big, unsigned char **outp, size_t *lenp,
                    struct relopt_error *err)
{
  size_t n = 2 + (size_t)t->nbucket + t->nchain, i;
  unsigned char *out = malloc (n * entsize);

  if (out == NULL)
    return nomem (err);
  relopt_put_n (out, t->nbucket, entsize, big);
  relopt_put_n (out + entsize, t->nchain, entsize, big);
  for (i = 0; i < t->nbucket; i++)
    relopt_put_n (out + (2 + i) * entsize, t->bucket[i], entsize, big);
  for (i = 0; i < t->nchain; i++)
    relopt_put_n (out + (2 + t->nbucket + i) * entsize, t->chain[i], entsize,
                  big);
  *outp = out;
  *lenp = n * entsize;
  return 0;
}

/* ---- GNU ----------------------------------------------------------- */

void
relopt_gnu_free (struct relopt_gnu_table *t)
{
  free (t->bloom); /* the buckets and the chain too: gnu_alloc */
  memset (t, 0, sizeof *t);
}

/* Allocate T's bloom filter (MASKWORDS entries), buckets (NBUCKETS) and
   NCHAIN chain words as one zeroed block, the bloom words first (8-byte
   aligned, as calloc returns them).  On failure T is cleared.  */
static int
gnu_alloc (struct relopt_gnu_table *t, uint32_t nchain,
           struct relopt_error *err)
{
  uint64_t bytes = (uint64_t)t->maskwords * sizeof *t->bloom
                   + ((uint64_t)t->nbuckets + nchain) * sizeof *t->buckets;

  t->bloom = bytes <= SIZE_MAX ? calloc (1, (size_t)bytes) : NULL;
  if (t->bloom == NULL)
    {
      relopt_gnu_free (t);
      return nomem (err);
    }
  t->buckets = (uint32_t *)(t->bloom + t->maskwords);
  t->chain = t->buckets + t->nbuckets;
  return 0;
}

/* floor(log2(X)), 0 for X <= 1.  binutils 2.40's bfd/elflink.c
   (bfd_elf_size_dynsym_hash_dynstr) computes the bloom size from this
   with its own loop, not with bfd_log2, which rounds up (libbfd.c,
   binutils 2.40 and later).  */
static unsigned
log2_floor (uint32_t x)
{
  unsigned r = 0;

  while ((x >>= 1) != 0)
    r++;
  return r;
}

void
relopt_gnu_params (uint32_t nhashed, unsigned wordbits, uint32_t *nbuckets,
                   uint32_t *maskwords, uint32_t *shift2)
{
  unsigned bits = log2_floor (nhashed) + 1;
  unsigned shift1 = wordbits == 64 ? 6 : 5;

  if (bits < 3)
    bits = 5;
  else if (((uint64_t)1 << (bits - 2)) & nhashed)
    bits += 3;
  else
    bits += 2;
  if (wordbits == 64 && bits == 5)
    bits = 6;
  /* bfd's compute_bucket_count never gives .gnu.hash fewer than 2.  */
  *nbuckets = relopt_hash_nbucket (nhashed);
  if (*nbuckets < 2)
    *nbuckets = 2;
  *shift2 = bits;
  *maskwords = (uint32_t)1 << (bits - shift1);
}

int
relopt_gnu_build (const uint32_t *hash, uint32_t nsyms, uint32_t symoffset,
                  unsigned wordbits, struct relopt_gnu_table *t,
                  struct relopt_error *err)
{
  uint32_t i, nhashed;
  int rc;

  memset (t, 0, sizeof *t);
  if (symoffset > nsyms || (symoffset == 0 && nsyms > 0))
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             ".gnu.hash: symoffset %u outside 1..%u",
                             symoffset, nsyms);
  nhashed = nsyms - symoffset;
  relopt_gnu_params (nhashed, wordbits, &t->nbuckets, &t->maskwords,
                     &t->shift2);
  t->wordbits = wordbits;
  t->nsyms = nsyms;
  t->symoffset = symoffset;
  rc = gnu_alloc (t, nhashed, err);
  if (rc)
    return rc;
  for (i = symoffset; i < nsyms; i++)
    {
      uint32_t h = hash[i], b = h % t->nbuckets;
      uint64_t *w = &t->bloom[(h / wordbits) & (t->maskwords - 1)];

      if (i > symoffset && b < hash[i - 1] % t->nbuckets)
        {
          relopt_gnu_free (t);
          return relopt_set_error (err, RELOPT_E_FORMAT,
                                   ".gnu.hash: symbol %u is not in bucket "
                                   "order",
                                   i);
        }
      *w |= (uint64_t)1 << (h % wordbits);
      *w |= (uint64_t)1 << ((h >> t->shift2) % wordbits);
      if (t->buckets[b] == 0)
        t->buckets[b] = i;
      /* Bit 0 set marks the last symbol of a bucket.  */
      t->chain[i - symoffset] = h & ~1u;
      if (i + 1 == nsyms || hash[i + 1] % t->nbuckets != b)
        t->chain[i - symoffset] |= 1;
    }
  return 0;
}

int
relopt_gnu_encode (const struct relopt_gnu_table *t, bool big,
                   unsigned char **outp, size_t *lenp,
                   struct relopt_error *err)
{
  unsigned wbytes = t->wordbits / 8;
  uint32_t nchain = t->nsyms - t->symoffset, i;
  size_t len = 16 + (size_t)t->maskwords * wbytes + 4 * (size_t)t->nbuckets
               + 4 * (size_t)nchain;
  unsigned char *out = malloc (len), *p;

  if (out == NULL)
    return nomem (err);
  relopt_put32 (out, t->nbuckets, big);
  relopt_put32 (out + 4, t->symoffset, big);
  relopt_put32 (out + 8, t->maskwords, big);
  relopt_put32 (out + 12, t->shift2, big);
  p = out + 16;
  for (i = 0; i < t->maskwords; i++, p += wbytes)
    relopt_put_n (p, t->bloom[i], wbytes, big);
  for (i = 0; i < t->nbuckets; i++, p += 4)
    relopt_put32 (p, t->buckets[i], big);
  for (i = 0; i < nchain; i++, p += 4)
    relopt_put32 (p, t->chain[i], big);
  *outp = out;
  *lenp = len;
  return 0;
}
