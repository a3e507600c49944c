/* hashsec.h -- relopt's table sections in a rewrite, .hash, .gnu.hash
   and .addrorder (doc/design.md 1, 2, 3, 7 and 9): which tables an input
   already carries are removed, kept for rebuilding or refused; then the
   tables are built over the final symtab, installed as sections (sh_link
   .symtab, SHF_EXCLUDE) and named in .shstrtab.  The table formats and
   the builders are symhash.h's and addrorder.h's.  */

#ifndef RELOPT_HASHSEC_H
#define RELOPT_HASHSEC_H

#include "relopt.h"

/* The tables a rewrite writes: RELOPT_HASH_* bits (relopt.h), plus this
   one for .addrorder.  */
#define RELOPT_TABLE_ADDRORDER 4u

/* A rewrite's table sections, from relopt_hash_sections_settle to
   relopt_hash_sections_build.  KEPT[0], KEPT[1] and KEPT[2] are copies
   (malloc'd, owned by the struct: relopt_hash_sections_free) of the names
   of the .gnu.hash, .hash and .addrorder tables kept in place, or NULL.
   Zero-initialise before the first call.  */
struct relopt_hash_sections
{
  uint32_t sysv; /* index of the SHT_HASH section, or 0 */
  uint32_t gnu;  /* index of the SHT_GNU_HASH section, or 0 */
  uint32_t addr; /* index of the SHT_RELOPT_ADDRORDER section, or 0 */
  char *kept[3];
};

/* Settle IMG's existing tables for the tables STYLE names (RELOPT_HASH_*
   and RELOPT_TABLE_ADDRORDER bits; a rewrite's second
   pass, before anything else changes).  Tables at the end of the
   section table are removed and their names leave .shstrtab: the output
   then does not depend on the styles earlier runs used.  A table
   elsewhere is kept for rebuilding when STYLE wants it.  Errors:
   RELOPT_E_REFUSE (more than one table of a kind; a table STYLE does
   not want that cannot be removed without renumbering sections),
   RELOPT_E_NOMEM.  */
int relopt_hash_sections_settle (relopt_image *img, unsigned style,
                                 struct relopt_hash_sections *hs,
                                 struct relopt_error *err);

/* Build the tables STYLE asks for over IMG's final symtab, install them
   (in the kept sections, or appended as .hash then .gnu.hash) and put
   their names into .shstrtab (a rewrite's last pass), adding the table
   sizes to STATS (.addrorder after .gnu.hash).  GNU_HASH and SYMOFFSET are
   relopt_symorder_gnu's (the GNU hash of each symbol at its final index, read
   only, the caller's; unused, and may be NULL, when STYLE has no GNU table).
   Errors: RELOPT_E_NOMEM, RELOPT_E_FORMAT (symbols not in .gnu.hash order). */
int relopt_hash_sections_build (relopt_image *img, unsigned style,
                                struct relopt_hash_sections *hs,
                                const uint32_t *gnu_hash, uint32_t symoffset,
                                struct relopt_stats *stats,
                                struct relopt_error *err);

/* Free HS's copies of the kept names.  */
void relopt_hash_sections_free (struct relopt_hash_sections *hs);

#endif /* RELOPT_HASHSEC_H */
