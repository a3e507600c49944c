/* bfdview.h -- BFD as the independent reference reader for the relopt
   command (never linked into the ld plugin: ld has its own BFD).

   bfdview.c is built as relopt-bfd.so, a module the command loads only
   when it needs BFD (src/bfdload.h: --against, --stats), so a plain
   rewrite does not load libbfd.  The module exports one symbol,
   relopt_bfdview_ops, the table below; tests/bfdview-compare links
   bfdview.c and calls the functions directly.  */

#ifndef RELOPT_BFDVIEW_H
#define RELOPT_BFDVIEW_H

#include <stddef.h>

/* BFD's target name for the object at PATH ("elf32-littlearm"), written
   into BUF (LEN bytes).  Returns BUF, or NULL when BFD does not recognize
   the file as an object.  */
const char *bfdview_target (const char *path, char *buf, size_t len);

/* The same for the SIZE bytes at BUF (an ELF image read into memory, a
   decompressed module).  */
const char *bfdview_target_mem (const unsigned char *buf, size_t size,
                                char *out, size_t len);

/* Compare BFD's view of ORIG and REWRITTEN: every symbol as (name,
   section, value, flags), as a multiset, and every relocation as
   (section, offset, howto name, symbol name, addend): per section the
   branch relocations (doc/design.md 6) as a multiset, the others in order.
   Returns 0 when equal, 1 with a one-line message in MSG (LEN bytes)
   otherwise.  */
int bfdview_compare (const char *orig, const char *rewritten, char *msg,
                     size_t len);

/* The module's interface: the functions above, and ABI, which must equal
   BFDVIEW_ABI (a module of another build is refused).  */
#define BFDVIEW_ABI 1
#define BFDVIEW_OPS_SYMBOL "relopt_bfdview_ops"
struct bfdview_ops
{
  int abi;
  const char *(*target) (const char *path, char *buf, size_t len);
  const char *(*target_mem) (const unsigned char *buf, size_t size, char *out,
                             size_t len);
  int (*compare) (const char *orig, const char *rewritten, char *msg,
                  size_t len);
};

extern const struct bfdview_ops relopt_bfdview_ops;

#endif /* RELOPT_BFDVIEW_H */
