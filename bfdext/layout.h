/* layout.h -- an image back into bytes (serialize.c), private to bfdext:
   where each section goes, the headers relopt makes itself, the write.

   Layout of an output file (relopt_image_serialize):

     +----------------------+ 0
     | ELF header           |
     +----------------------+
     | section 1 contents   |  each at its sh_addralign, in index order
     | ...                  |  (SHT_NOBITS and SHT_NULL take no bytes)
     | section N-1 contents |
     +----------------------+
     | section header table |  aligned to the ELF class word
     +----------------------+  */

#ifndef RELOPT_LAYOUT_H
#define RELOPT_LAYOUT_H

#include "image.h"

/* The output layout of an image (serialize.c): where each section goes
   and the bytes serialize makes itself (ELF header, section header
   table).  Everything else is a section's DATA: the input's bytes for a
   section no pass changed, a pass's buffer otherwise.  */
struct relopt_layout
{
  uint64_t *offset;    /* SHNUM output offsets (0 for no bytes), owned */
  unsigned char *ehdr; /* EHSIZE bytes, owned */
  size_t ehsize;
  unsigned char *shdrs; /* SHDRS_SIZE bytes at SHOFF, owned */
  uint64_t shoff, shdrs_size;
  uint64_t total; /* file size in bytes */
};

/* Lay IMG out (the layout drawn at the top of this file).  Errors:
   RELOPT_E_FORMAT (ELFCLASS32 output past 4 GiB), RELOPT_E_NOMEM.
   Release with relopt_layout_free.  */
int relopt_image_layout (const relopt_image *img, struct relopt_layout *lay,
                         struct relopt_error *err);
void relopt_layout_free (struct relopt_layout *lay);

/* Whether writing LAY would reproduce IMG's input file byte for byte;
   with BUT_TRAILER, its ELF data byte for byte, whatever follows them
   (a module signature).  */
bool relopt_layout_unchanged (const relopt_image *img, bool but_trailer,
                              const struct relopt_layout *lay);

/* Write the file LAY describes to OUT_FD (new and empty) in order,
   through one buffer of WINDOW bytes (0: 128 KiB) written with pwrite
   whenever it fills.  Sections whose bytes are the input's unchanged are
   read from IN_FD, the input file IMG was read from, with pread; IN_FD
   -1 takes everything from memory.  The bytes equal
   relopt_image_serialize's.  Returns 0 or an errno value; *INPUT_FAILED
   (when not NULL) says whether that error came from reading IN_FD (EIO:
   the file is shorter than when it was parsed) rather than from
   writing.  */
int relopt_layout_write (const relopt_image *img,
                         const struct relopt_layout *lay, int in_fd,
                         int out_fd, size_t window, bool *input_failed);

#endif /* RELOPT_LAYOUT_H */
