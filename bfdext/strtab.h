/* strtab.h -- deterministic suffix-merged ELF string table (doc/design.md 5).

   The table holds each distinct non-empty name once, and a name that is a
   suffix of another ("bar" of "foobar") is stored inside it.  Layout:
   offset 0 holds "\0"; the names that are not a suffix of any other name
   follow in order of first use in NAMES; a suffix name points into the
   tail of the longest-ordered container chosen by a total order (reversed
   byte strings, compared with memcmp), so the bytes are a pure function of
   NAMES.  */

#ifndef RELOPT_STRTAB_H
#define RELOPT_STRTAB_H

#include "relopt.h"

/* Build the table for NAMES[0..N) (NULL or "" maps to offset 0).  On
   success *OUTP (malloc'd, caller frees) holds *LENP bytes and OFFSETS[I]
   the offset of NAMES[I].  Errors: RELOPT_E_NOMEM, RELOPT_E_FORMAT if the
   table would exceed 4 GiB.  */
int relopt_strtab_merge (const char *const *names, size_t n,
                         unsigned char **outp, size_t *lenp, uint32_t *offsets,
                         struct relopt_error *err);

/* The same table as binutils 2.40 lays it out (bfd/elf-strtab.c,
   _bfd_elf_strtab_finalize): NAMES are the strings in the order BFD adds
   them; the suffix merge is the same, but each container is placed at its
   own first use rather than at the first use of any name it holds.  The
   in-process strip (stripdebug.c) writes .strtab and .shstrtab this way
   so its output equals binutils strip's.  */
int relopt_strtab_merge_bfd (const char *const *names, size_t n,
                             unsigned char **outp, size_t *lenp,
                             uint32_t *offsets, struct relopt_error *err);

#endif /* RELOPT_STRTAB_H */
