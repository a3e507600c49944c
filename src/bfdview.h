/* bfdview.h -- BFD as the independent reference reader for the relopt
   command (never linked into the ld plugin: ld has its own BFD).  */

#ifndef RELOPT_BFDVIEW_H
#define RELOPT_BFDVIEW_H

#include <stddef.h>

/* BFD's target name for the object at PATH ("elf32-littlearm"), written
   into BUF (LEN bytes).  Returns BUF, or NULL when BFD does not recognize
   the file as an object.  */
const char *bfdview_target (const char *path, char *buf, size_t len);

/* Compare BFD's view of ORIG and REWRITTEN: every symbol as (name,
   section, value, flags), as a multiset, and every relocation as
   (section, offset, howto name, symbol name, addend): per section the
   branch relocations (doc/design.md 6) as a multiset, the others in order.
   Returns 0 when equal, 1 with a one-line message in MSG (LEN bytes)
   otherwise.  */
int bfdview_compare (const char *orig, const char *rewritten, char *msg,
                     size_t len);

#endif /* RELOPT_BFDVIEW_H */
