/* bfdload.h -- the relopt command's door to BFD: relopt-bfd.so
   (src/bfdview.c, bfdview.h), loaded with dlopen on first use, so that
   only the runs that need BFD (--against, --stats) load libbfd.  */

#ifndef RELOPT_BFDLOAD_H
#define RELOPT_BFDLOAD_H

#include "bfdview.h"
#include <stddef.h>

/* The module's functions, loaded on the first call (later calls return
   the same table).  The module is the one built beside the command when
   it runs from its build tree (BUILD/src/.libs/relopt-bfd.so), else the
   installed $(pkglibdir)/relopt-bfd.so.  Returns NULL, with a one-line
   reason in MSG (LEN bytes; MSG may be NULL), when it cannot be loaded
   or is from another build.  */
const struct bfdview_ops *bfdload (char *msg, size_t len);

#endif /* RELOPT_BFDLOAD_H */
