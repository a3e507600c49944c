/* stripdebug.h -- relopt's own strip --strip-debug / --strip-unneeded,
   a pass of the rewrite (pipeline.c), private to bfdext.  */

#ifndef RELOPT_STRIPDEBUG_H
#define RELOPT_STRIPDEBUG_H

#include "image.h"

/* Remove from IMG what binutils 2.40 `strip MODE' removes from an ET_REL
   object, and leave IMG as strip writes it: the sections in BFD's order
   (groups first, each relocation section after the section it applies
   to, then .symtab, .strtab, .shstrtab), .symtab filtered and locals
   first, .strtab and .shstrtab laid out as BFD lays them out.  The rules
   and the binutils lines they follow are in stripdebug.c and
   doc/relopt.1 ("STRIPPING").  Existing .hash/.gnu.hash tables are
   removed (the rewrite builds them again).  MODE is RELOPT_STRIP_DEBUG
   or RELOPT_STRIP_UNNEEDED.  Errors: RELOPT_E_REFUSE for an object whose
   strip relopt does not reproduce (the message names what and points to
   RELOPT_STRIP), RELOPT_E_NOMEM; on error IMG must only be freed.  */
int relopt_strip_image (relopt_image *img, unsigned mode,
                        struct relopt_error *err);

#endif /* RELOPT_STRIPDEBUG_H */
