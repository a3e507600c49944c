/* byteorder.h -- reading and writing ELF fields in the file's byte order
   (ELFDATA2LSB or ELFDATA2MSB, EI_DATA), on a host of either order.

   Inline, since every pass reads and writes fields this way (symbols,
   relocations, hash words): memcpy of the field, then a byte swap when
   the file's order is not the host's; compilers turn both into single
   loads and stores (bswap/rev).  P may have any alignment.

   One function per width and direction, on purpose: a width-generic core
   (memcpy N bytes into a uint64_t, bswap64, shift) still needs these six
   typed wrappers for the callers, and gcc 12 -O2 then adds a shift to
   each 16- and 32-bit access.  */

#ifndef RELOPT_BYTEORDER_H
#define RELOPT_BYTEORDER_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define RELOPT_HOST_BIG true
#else
#define RELOPT_HOST_BIG false
#endif

static inline uint16_t
relopt_get16 (const unsigned char *p, bool big)
{
  uint16_t v;
  memcpy (&v, p, sizeof v);
  return big == RELOPT_HOST_BIG ? v : __builtin_bswap16 (v);
}

static inline uint32_t
relopt_get32 (const unsigned char *p, bool big)
{
  uint32_t v;
  memcpy (&v, p, sizeof v);
  return big == RELOPT_HOST_BIG ? v : __builtin_bswap32 (v);
}

static inline uint64_t
relopt_get64 (const unsigned char *p, bool big)
{
  uint64_t v;
  memcpy (&v, p, sizeof v);
  return big == RELOPT_HOST_BIG ? v : __builtin_bswap64 (v);
}

static inline void
relopt_put16 (unsigned char *p, uint16_t v, bool big)
{
  if (big != RELOPT_HOST_BIG)
    v = __builtin_bswap16 (v);
  memcpy (p, &v, sizeof v);
}

static inline void
relopt_put32 (unsigned char *p, uint32_t v, bool big)
{
  if (big != RELOPT_HOST_BIG)
    v = __builtin_bswap32 (v);
  memcpy (p, &v, sizeof v);
}

static inline void
relopt_put64 (unsigned char *p, uint64_t v, bool big)
{
  if (big != RELOPT_HOST_BIG)
    v = __builtin_bswap64 (v);
  memcpy (p, &v, sizeof v);
}

/* A field of SIZE bytes (2, 4 or 8: an ELF half, word or, by class,
   address/offset/xword), zero-extended on reading and truncated to SIZE
   on writing.  */
static inline uint64_t
relopt_get_n (const unsigned char *p, unsigned size, bool big)
{
  if (size == 2)
    return relopt_get16 (p, big);
  return size == 4 ? relopt_get32 (p, big) : relopt_get64 (p, big);
}

static inline void
relopt_put_n (unsigned char *p, uint64_t v, unsigned size, bool big)
{
  if (size == 2)
    relopt_put16 (p, (uint16_t)v, big);
  else if (size == 4)
    relopt_put32 (p, (uint32_t)v, big);
  else
    relopt_put64 (p, v, big);
}

#endif /* RELOPT_BYTEORDER_H */
