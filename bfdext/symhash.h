/* symhash.h -- SysV .hash and GNU .gnu.hash tables over an ET_REL .symtab.

   Formats:
   - SysV: System V gABI, "Hash Table": nbucket, nchain, bucket[nbucket],
     chain[nchain]; words of 4 bytes (8 bytes on 64-bit s390 and Alpha, as
     their ABI supplements say).  relopt's rule (doc/design.md 2): nchain is
     the .symtab entry count; every symbol relopt_image_sym_sysv_hashed
     accepts is chained, duplicate names too, and chains are ordered so a
     walk meets symbols in ascending index order.
   - GNU: as implemented in glibc (elf/dl-lookup.c) and binutils
     (bfd/elflink.c): nbuckets, symoffset, bloom_size, bloom_shift (4-byte
     words), bloom[bloom_size] (ELF-class words: 32 or 64 bits),
     buckets[nbuckets], chain[nsyms - symoffset] (4-byte words; hash with
     bit 0 replaced by the end-of-chain flag).

   Tables are built decoded (host-order arrays in the structs below) and
   converted to file bytes by the encode functions.  Reading a table from
   a file (validation, lookups) is the loader library's job
   (loader/relopt-loader.h: rlo_*_validate, rlo_*_lookup).
   Symbol names are passed as an array NAMES[0..nsyms) of NUL-terminated
   strings; NULL or "" means unnamed.  The GNU builder takes the names'
   hashes instead, computed once by the caller for the symbol order and
   the table together (relopt_symorder_gnu).  */

#ifndef RELOPT_SYMHASH_H
#define RELOPT_SYMHASH_H

#include "relopt.h"

/* The SysV gABI ELF hash of NAME (bytes taken as unsigned char).  */
uint32_t relopt_sysv_hash (const char *name);

/* The GNU hash (DJB: h = h * 33 + c from 5381, bytes unsigned).  */
uint32_t relopt_gnu_hash (const char *name);

/* Bucket count for a table of NHASHED symbols (both styles): the largest
   entry of binutils' elf_buckets[] list {1, 3, 17, 37, 67, 97, 131, 197,
   263, 521, 1031, 2053, 4099, 8209, 16411, 32771} (gold's list goes on;
   ld.bfd's ends there)
   that does not exceed NHASHED (1 for NHASHED <= 2), as bfd's
   compute_bucket_count does without -O.  Never 0.  */
uint32_t relopt_hash_nbucket (uint32_t nhashed);

/* Decoded SysV table.  BUCKET has NBUCKET entries, CHAIN has NCHAIN
   entries; both owned by the struct (relopt_sysv_free).  LENGTH, when
   not NULL (relopt_sysv_build sets it; a decoder need not), has
   NBUCKET entries: how many symbols each bucket's chain holds, counted
   as the table was built (for statistics: walking the chains to count
   them is a dependent load a symbol, at random over CHAIN).  */
struct relopt_sysv_table
{
  uint32_t nbucket, nchain;
  uint32_t *bucket;
  uint32_t *chain;
  uint32_t *length;
};

/* Build the SysV table over NAMES[0..NSYMS) including symbol I when
   HASHED[I] is nonzero (index 0 is never included).  NCHAIN = NSYMS;
   chains ascend by index.  Errors: RELOPT_E_NOMEM.  */
int relopt_sysv_build (const char *const *names, const unsigned char *hashed,
                       uint32_t nsyms, struct relopt_sysv_table *t,
                       struct relopt_error *err);

/* Encode T into a new buffer *OUTP of *LENP bytes (caller frees).  */
int relopt_sysv_encode (const struct relopt_sysv_table *t, unsigned entsize,
                        bool big, unsigned char **outp, size_t *lenp,
                        struct relopt_error *err);

void relopt_sysv_free (struct relopt_sysv_table *t);

/* Decoded GNU table.  WORDBITS is 32 or 64 (the ELF class).  BLOOM has
   MASKWORDS entries (a power of two), BUCKETS NBUCKETS entries, CHAIN
   NSYMS - SYMOFFSET entries; the three are one allocation, owned by the
   struct (relopt_gnu_free).  */
struct relopt_gnu_table
{
  uint32_t nbuckets, symoffset, maskwords, shift2;
  unsigned wordbits;
  uint32_t nsyms;
  uint64_t *bloom;
  uint32_t *buckets;
  uint32_t *chain;
};

/* relopt's fixed sizing rule, that of binutils 2.40 bfd/elflink.c
   (bfd_elf_size_dynsym_hash_dynstr and compute_bucket_count, without -O;
   scripts/check-gnu-params.sh compares it with ld 2.40's output):
   NBUCKETS = relopt_hash_nbucket (NHASHED), at least 2; with L =
   floor(log2(NHASHED)) + 1 (elflink.c's own loop, not bfd_log2, which
   rounds up; L = 1 for NHASHED <= 1): bits = L < 3 ? 5 : (NHASHED & (1
   << (L - 2))) ? L + 3 : L + 2, raised to 6 for 64-bit; SHIFT2 = bits;
   MASKWORDS = 2^bits / WORDBITS.  NHASHED = 0 follows the same rule
   (ld writes a special empty table there: 1 bucket, shift 0).  Examples
   (32-bit / 64-bit maskwords, shift2): 3 symbols: 1/1, 5/6; 8: 2/1, 6; 100:
   32/16, 10; 1000: 256/128, 13.  */
void relopt_gnu_params (uint32_t nhashed, unsigned wordbits,
                        uint32_t *nbuckets, uint32_t *maskwords,
                        uint32_t *shift2);

/* Build the GNU table for a symtab of NSYMS entries whose hashed symbols
   are [SYMOFFSET, NSYMS), already ordered by bucket (HASH[I] % NBUCKETS
   with the relopt_gnu_params bucket count).  HASH[I] is relopt_gnu_hash
   of symbol I's name for I in [SYMOFFSET, NSYMS); entries below SYMOFFSET
   are not read; HASH stays the caller's.  relopt_symorder_gnu gives
   these hashes in the final order, so the order and the table are
   computed from the same values.  Errors: RELOPT_E_FORMAT if that
   order does not hold or SYMOFFSET > NSYMS, RELOPT_E_NOMEM.  */
int relopt_gnu_build (const uint32_t *hash, uint32_t nsyms, uint32_t symoffset,
                      unsigned wordbits, struct relopt_gnu_table *t,
                      struct relopt_error *err);

int relopt_gnu_encode (const struct relopt_gnu_table *t, bool big,
                       unsigned char **outp, size_t *lenp,
                       struct relopt_error *err);

void relopt_gnu_free (struct relopt_gnu_table *t);

#endif /* RELOPT_SYMHASH_H */
