/* threeway.h -- three-way comparison of integer keys, for qsort
   comparators and the orders relopt writes (-1, 0 or 1 as A is below,
   equal to or above B).  Unsigned keys of any width compare through
   relopt_cmp_u64, signed ones (r_addend) through relopt_cmp_s64, so no
   key is ever compared by subtraction (which overflows).  */

#ifndef RELOPT_THREEWAY_H
#define RELOPT_THREEWAY_H

#include <stdint.h>

static inline int
relopt_cmp_u64 (uint64_t a, uint64_t b)
{
  return (a > b) - (a < b);
}

static inline int
relopt_cmp_s64 (int64_t a, int64_t b)
{
  return (a > b) - (a < b);
}

#endif /* RELOPT_THREEWAY_H */
