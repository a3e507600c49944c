/* kallsyms-loop.h -- Linux 6.12's find_kallsyms_symbol() loop
   (kernel/module/kallsyms.c), transcribed once for the tests that compare
   rlo_addrorder_lookup with it: tests/check_loader.c, fuzz/fuzz_loader.c
   and scripts/real/addrorder-check.c.  Independent of the loader library:
   the callers decide which symbols the loop considers and their addresses
   from the kernel's rules themselves.  */

#ifndef RELOPT_KALLSYMS_LOOP_H
#define RELOPT_KALLSYMS_LOOP_H

#include <stdint.h>

/* Whether the loop considers a symbol with raw st_shndx SHNDX and name
   NAME: defined, named, not a mapping symbol by Linux's
   is_mapping_symbol() (include/linux/module_symbol.h: '$', ".L", "L0").  */
static inline int
kallsyms_loop_considers (unsigned shndx, const char *name)
{
  return shndx != 0 && name[0] != 0 && name[0] != '$'
         && !(name[0] == '.' && name[1] == 'L')
         && !(name[0] == 'L' && name[1] == '0');
}

/* The loop over symbols [1, NSYMS), of which CONSIDERED[i] says which it
   looks at and ADDR[i] gives their addresses, for address A in the region
   [LO, HI): bestval = LO - 1; a symbol with thisval <= A and thisval >
   bestval becomes best; nextval = the least thisval > A below HI.
   Returns best (0: none) and sets *NEXT to nextval.  */
static inline uint32_t
kallsyms_loop (uint32_t nsyms, const unsigned char *considered,
               const uint64_t *addr, uint64_t a, uint64_t lo, uint64_t hi,
               uint64_t *next)
{
  uint64_t bestval = lo - 1, nextval = hi;
  uint32_t i, best = 0;

  for (i = 1; i < nsyms; i++)
    {
      uint64_t thisval = addr[i];
      if (!considered[i])
        continue;
      if (thisval <= a && thisval > bestval)
        {
          best = i;
          bestval = thisval;
        }
      if (thisval > a && thisval < nextval)
        nextval = thisval;
    }
  *next = nextval;
  return best;
}

#endif /* RELOPT_KALLSYMS_LOOP_H */
