/* prefetch.h -- a read hint for loops that gather through an index.

   A pass that visits records in an order an index array gives (the
   strtab merge's group records in input order, the relocations in their
   new order) misses the cache on almost every record once the section
   outgrows it, and waits for each miss in turn.  The index says which record
   comes a few steps later, so its line can be asked for early.  A hint only:
   no effect on what is computed, and nothing where the compiler has no such
   builtin.  */

#ifndef RELOPT_PREFETCH_H
#define RELOPT_PREFETCH_H

/* How many records ahead a gather loop asks for.  */
#define RELOPT_PREFETCH_AHEAD 16

#if defined(__GNUC__) || defined(__clang__)
#define relopt_prefetch(p) __builtin_prefetch ((p), 0, 0)
#else
#define relopt_prefetch(p) ((void)(p))
#endif

#endif /* RELOPT_PREFETCH_H */
