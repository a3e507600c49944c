/* symorder.h -- .gnu.hash symbol order and renumbering (doc/design.md 3, 4).

   ET_REL requires local symbols first.  .gnu.hash requires its hashed
   symbols last, grouped by bucket.  relopt's order of the globals: first
   those not hashed (undefined ones), in their original relative order;
   then the hashed ones sorted by (bucket, original index).  Every
   reference to a symbol index is then rewritten through an old-to-new map
   (as elftoolchain's elfcopy does for r_info): r_info of SHT_REL/SHT_RELA
   linked to .symtab (MIPS64 little-endian layout included), sh_info of
   SHT_GROUP, SHT_SYMTAB_SHNDX entries (permuted with .symtab) and the
   ULEB128 indices of SHT_LLVM_ADDRSIG.  */

#ifndef RELOPT_SYMORDER_H
#define RELOPT_SYMORDER_H

#include "image.h"

/* Compute relopt's .gnu.hash order of IMG's symbols into NEW_TO_OLD
   (NSYMS entries: NEW_TO_OLD[new] = old index) and *SYMOFFSET (index of
   the first hashed symbol; NSYMS when none is hashed).  GNU_HASH (NSYMS
   entries, the caller's) gets for each new index I in [*SYMOFFSET, NSYMS)
   the relopt_gnu_hash of the name placed there, and 0 below: the one
   computation of each GNU hash in a rewrite, which relopt_gnu_build then
   reads.  It stays valid while the symbols keep this order and their
   names (later passes rewrite .strtab's layout, not the names).  IMG's
   locals must come first (relopt_image_check_locals_first, which the
   pipeline runs before this pass; otherwise the order is meaningless but
   no index goes out of range).  Errors: RELOPT_E_NOMEM.  */
int relopt_symorder_gnu (const relopt_image *img, uint32_t *new_to_old,
                         uint32_t *gnu_hash, uint32_t *symoffset,
                         struct relopt_error *err);

/* Whether every section that links to .symtab is one whose symbol indices
   relopt knows how to remap (or holds none), and every SHT_REL/SHT_RELA
   links to .symtab (Linux applies a relocation section against .symtab
   whatever its sh_link says, so one linked elsewhere cannot be remapped
   safely).  Errors: RELOPT_E_REFUSE naming the first such section.  */
int relopt_symorder_check_users (const relopt_image *img,
                                 struct relopt_error *err);

/* Renumber IMG's symbols: NEW_TO_OLD as from relopt_symorder_gnu (a
   permutation that keeps index 0 and the locals in place).  Rewrites
   .symtab, SHT_SYMTAB_SHNDX and every index user listed above.  Errors:
   RELOPT_E_FORMAT (malformed SHT_LLVM_ADDRSIG), RELOPT_E_NOMEM.  */
int relopt_symorder_apply (relopt_image *img, const uint32_t *new_to_old,
                           struct relopt_error *err);

#endif /* RELOPT_SYMORDER_H */
