/* addrorder.h -- the symbol address order, .addrorder (doc/design.md 9):
   which files get one, and its bytes over the final symtab.  hashsec.c
   settles, installs and names it with the hash tables; the loader library
   (loader/relopt-loader.h, rlo_addrorder_*) validates it and answers
   address lookups through it.  */

#ifndef RELOPT_ADDRORDER_H
#define RELOPT_ADDRORDER_H

#include "relopt.h"

/* Whether IMG is a Linux kernel module: it has a section named
   .gnu.linkonce.this_module (struct module, which every module carries
   and modpost's .mod.c defines).  */
bool relopt_image_is_linux_module (const relopt_image *img);

/* Whether a rewrite of IMG with OPTS writes .addrorder: --addr-order=yes
   for any ET_REL, auto for Linux kernel modules, no never.  */
bool relopt_addrorder_wanted (const relopt_image *img,
                              const struct relopt_options *opts);

/* The .addrorder bytes for IMG's symtab as it is (call after every pass
   that moves symbols): the indices of the symbols Linux's
   find_kallsyms_symbol() considers (rlo_sym_indexed: defined,
   named, not a Linux mapping symbol), ascending by (section key,
   st_value, index), each a 4-byte word in IMG's byte order.  INDEXED is
   NULL, or IMG->nsyms flags a symbol as relopt_image_sym_sysv_hashed
   gives them (made once for .hash and this table).  *BUFP gets a
   malloc'd buffer the caller owns (non-NULL also when empty), *LENP its
   size in bytes (4 per symbol), *COUNTP (may be NULL) the number of
   symbols.  Errors: RELOPT_E_NOMEM.  */
int relopt_addrorder_build (const relopt_image *img,
                            const unsigned char *indexed, unsigned char **bufp,
                            size_t *lenp, uint32_t *countp,
                            struct relopt_error *err);

#endif /* RELOPT_ADDRORDER_H */
