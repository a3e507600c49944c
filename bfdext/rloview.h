/* rloview.h -- the loader library's view of an image (check.c), private
   to bfdext: what --check hands to loader/relopt-loader.c.  */

#ifndef RELOPT_RLOVIEW_H
#define RELOPT_RLOVIEW_H

#include "image.h"

/* The loader library's view of IMG (loader/relopt-loader.h), pointing
   into IMG's section data, valid while IMG lives: what a loader holds
   about the module (*E: symtab, strtab, class, byte order, machine,
   flags), and section IDX as rlo_*_validate and
   rlo_count_branch_targets take it (*R; SysV words of the size relopt
   writes for this machine, doc/design.md 2, whatever sh_entsize says).  An
   empty section gets a pointer to one zero byte.  Defined in check.c,
   the library's user in bfdext.  */
struct rlo_elf;
struct rlo_section;
void relopt_image_rlo_elf (const relopt_image *img, struct rlo_elf *e);
void relopt_image_rlo_section (const relopt_image *img, uint32_t idx,
                               struct rlo_section *r);

#endif /* RELOPT_RLOVIEW_H */
