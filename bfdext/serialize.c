/* serialize.c -- lay out an image and write its bytes ("size first, write
   second": offsets are computed for every section, then one buffer is
   filled, or the file written piece by piece: unchanged sections are
   copied by the kernel from the input file, changed ones from memory).  The
   layout is drawn in image.h; it is a pure function of the image, which is
   what makes relopt's output deterministic and a second run byte-identical. */

#include <config.h>
#include "image.h"
#include "layout.h"
#include "fileio.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t
align_up (uint64_t v, uint64_t align)
{
  if (align <= 1)
    return v;
  return (v + align - 1) & ~(align - 1);
}

/* A cursor writing consecutive header fields in the output's byte order,
   the writer's side of parse.c's field_cursor: the ELF32 and ELF64 header
   and section header list their fields in the same order and differ only
   in the width of the address-sized ones (a "word"), so one sequence of
   puts encodes both classes.  */
struct field_writer
{
  unsigned char *p;
  bool big;
  unsigned word; /* 4 (ELFCLASS32) or 8 (ELFCLASS64) bytes */
};

/* Write V as the next field, SIZE bytes (2, 4 or 8), truncated to it.  */
static void
put (struct field_writer *w, unsigned size, uint64_t v)
{
  unsigned char *p = w->p;

  w->p += size;
  relopt_put_n (p, v, size, w->big);
}

static void
put_word (struct field_writer *w, uint64_t v)
{
  put (w, w->word, v);
}

static struct field_writer
writer_at (const relopt_image *img, unsigned char *p)
{
  struct field_writer w;

  w.p = p;
  w.big = img->big;
  w.word = img->elfclass == RELOPT_ELFCLASS32 ? 4 : 8;
  return w;
}

/* Section header S at P, in IMG's class and byte order.  */
static void
write_shdr (const relopt_image *img, unsigned char *p,
            const struct relopt_section *s)
{
  struct field_writer w = writer_at (img, p);

  put (&w, 4, s->sh_name);
  put (&w, 4, s->sh_type);
  put_word (&w, s->sh_flags);
  put_word (&w, s->sh_addr);
  put_word (&w, s->sh_offset);
  put_word (&w, s->sh_size);
  put (&w, 4, s->sh_link);
  put (&w, 4, s->sh_info);
  put_word (&w, s->sh_addralign);
  put_word (&w, s->sh_entsize);
}

/* The header fields that depend on the section count and on where the
   header table goes; section 0 carries the extended numbering.  */
struct ehdr_tables
{
  uint64_t e_shoff;
  uint16_t e_ehsize, e_shentsize, e_shnum, e_shstrndx;
  struct relopt_section s0;
};

/* Each section's file offset into OFFSET (section 0 and SHT_NULL ones
   stay 0), packed from the end of the ELF header at EHSIZE in section
   order, each aligned to its sh_addralign; returns the end of the last
   section's bytes.  */
static uint64_t
section_offsets (const relopt_image *img, uint64_t ehsize, uint64_t *offset)
{
  uint64_t pos = ehsize;
  uint32_t i;

  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      if (s->sh_type == RELOPT_SHT_NULL)
        continue;
      pos = align_up (pos, s->sh_addralign);
      offset[i] = pos;
      if (s->sh_type != RELOPT_SHT_NOBITS)
        pos += s->sh_size;
    }
  return pos;
}

/* Extended numbering (gABI), used exactly when a value needs it
   (doc/design.md 7: the output must not depend on whether an earlier run, or
   the input, needed it): SHN_LORESERVE sections or more put the count
   in section 0's sh_size (e_shnum 0), a name table index of
   SHN_LORESERVE or more puts it in section 0's sh_link (e_shstrndx
   SHN_XINDEX).  Otherwise both fields of section 0 are 0, as the gABI
   says.  */
static void
extended_numbering (const relopt_image *img, struct ehdr_tables *t)
{
  t->s0 = img->sec[0];
  if (img->shnum >= RELOPT_SHN_LORESERVE)
    {
      t->s0.sh_size = img->shnum;
      t->e_shnum = 0;
    }
  else
    {
      t->s0.sh_size = 0;
      t->e_shnum = (uint16_t)img->shnum;
    }
  if (img->shstrndx >= RELOPT_SHN_LORESERVE)
    {
      t->s0.sh_link = img->shstrndx;
      t->e_shstrndx = RELOPT_SHN_XINDEX;
    }
  else
    {
      t->s0.sh_link = 0;
      t->e_shstrndx = (uint16_t)img->shstrndx;
    }
  t->s0.sh_offset = 0;
}

/* ELF header at OUT: identification copied, the rest rebuilt; no program
   headers.  */
static void
write_ehdr (const relopt_image *img, unsigned char *out,
            const struct ehdr_tables *t)
{
  struct field_writer w = writer_at (img, out + 16);

  memcpy (out, img->ident, 16);
  put (&w, 2, img->e_type);
  put (&w, 2, img->e_machine);
  put (&w, 4, img->e_version);
  put_word (&w, img->e_entry);
  put_word (&w, 0); /* e_phoff */
  put_word (&w, t->e_shoff);
  put (&w, 4, img->e_flags);
  put (&w, 2, t->e_ehsize);
  put (&w, 2, 0); /* e_phentsize */
  put (&w, 2, 0); /* e_phnum */
  put (&w, 2, t->e_shentsize);
  put (&w, 2, t->e_shnum);
  put (&w, 2, t->e_shstrndx);
}

/* The section header table at SHDRS: section 0 from T, the others with
   their sh_offset from OFFSET.  */
static void
write_shdr_table (const relopt_image *img, unsigned char *shdrs,
                  const struct ehdr_tables *t, const uint64_t *offset)
{
  uint32_t i;

  write_shdr (img, shdrs, &t->s0);
  for (i = 1; i < img->shnum; i++)
    {
      struct relopt_section s = img->sec[i];
      s.sh_offset = offset[i];
      write_shdr (img, shdrs + (uint64_t)i * t->e_shentsize, &s);
    }
}

/* Size: every section's offset, the header table's, the total; and the
   bytes of the ELF header and of the section header table, the only
   bytes serialize makes itself.  */
int
relopt_image_layout (const relopt_image *img, struct relopt_layout *lay,
                     struct relopt_error *err)
{
  bool is32 = img->elfclass == RELOPT_ELFCLASS32;
  struct ehdr_tables t;
  uint64_t *offset, total;
  unsigned char *out, *shdrs;

  memset (lay, 0, sizeof *lay);
  offset = calloc (img->shnum, sizeof *offset);
  if (offset == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  t.e_ehsize = is32 ? 52 : 64;
  t.e_shentsize = is32 ? 40 : 64;
  t.e_shoff
      = align_up (section_offsets (img, t.e_ehsize, offset), is32 ? 4 : 8);
  total = t.e_shoff + (uint64_t)img->shnum * t.e_shentsize;
  if (is32 && total > UINT32_MAX)
    {
      free (offset);
      return relopt_set_error (err, RELOPT_E_FORMAT,
                               "output would exceed 4 GiB, the ELFCLASS32 "
                               "limit");
    }
  out = calloc (1, t.e_ehsize);
  shdrs = calloc (img->shnum, t.e_shentsize);
  if (out == NULL || shdrs == NULL)
    {
      free (out);
      free (shdrs);
      free (offset);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  extended_numbering (img, &t);
  write_ehdr (img, out, &t);
  write_shdr_table (img, shdrs, &t, offset);
  lay->offset = offset;
  lay->ehdr = out;
  lay->ehsize = t.e_ehsize;
  lay->shdrs = shdrs;
  lay->shoff = t.e_shoff;
  lay->shdrs_size = (uint64_t)img->shnum * t.e_shentsize;
  lay->total = total;
  return 0;
}

void
relopt_layout_free (struct relopt_layout *lay)
{
  free (lay->offset);
  free (lay->ehdr);
  free (lay->shdrs);
  memset (lay, 0, sizeof *lay);
}

/* Whether section I has bytes in the file.  */
static bool
has_bytes (const struct relopt_section *s)
{
  return s->sh_type != RELOPT_SHT_NOBITS && s->sh_type != RELOPT_SHT_NULL
         && s->sh_size != 0;
}

/* The entry count of relocation section I.  */
static uint64_t
rel_count (const relopt_image *img, uint32_t i)
{
  return img->sec[i].sh_size
         / relopt_image_rel_entsize (img, img->sec[i].sh_type);
}

/* relopt_layout_unchanged compares a relocation section with pending
   changes through a buffer of this many bytes (whole entries), reused:
   small enough to stay in the cache.  */
enum
{
  REL_CHUNK = 64 * 1024
};

int
relopt_image_serialize (const relopt_image *img, unsigned char **outp,
                        size_t *lenp, struct relopt_error *err)
{
  struct relopt_layout lay;
  unsigned char *out;
  uint32_t i;
  int rc;

  *outp = NULL;
  *lenp = 0;
  rc = relopt_image_layout (img, &lay, err);
  if (rc)
    return rc;
  out = calloc (1, lay.total);
  if (out == NULL)
    {
      relopt_layout_free (&lay);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  memcpy (out, lay.ehdr, lay.ehsize);
  for (i = 1; i < img->shnum; i++)
    if (has_bytes (&img->sec[i]) && relopt_image_rel_pending (img, i))
      relopt_image_rel_fill (img, i, 0, rel_count (img, i),
                             out + lay.offset[i]);
    else if (has_bytes (&img->sec[i]))
      memcpy (out + lay.offset[i], img->sec[i].data, img->sec[i].sh_size);
  memcpy (out + lay.shoff, lay.shdrs, lay.shdrs_size);
  *outp = out;
  *lenp = lay.total;
  relopt_layout_free (&lay);
  return 0;
}

/* Where section I's bytes are in the input file, when they are the
   input's bytes unchanged: the offset into IMG->file, else -1.  */
static int64_t
input_offset (const relopt_image *img, const struct relopt_section *s)
{
  if (s->data_owned || s->rel_order != NULL || s->rel_remap
      || img->file == NULL || s->data < img->file
      || s->data >= img->file + img->file_size)
    return -1;
  return s->data - img->file;
}

/* Whether relocation section I, its pending changes applied, equals the
   bytes at OLD (false, too, when there is no memory to compare).  */
static bool
rel_unchanged (const relopt_image *img, uint32_t i, const unsigned char *old)
{
  size_t ent = relopt_image_rel_entsize (img, img->sec[i].sh_type);
  uint64_t n = rel_count (img, i), per = REL_CHUNK / ent, j, k;
  unsigned char *buf = malloc (REL_CHUNK);
  bool same = buf != NULL; /* no memory: say changed, write it out */

  for (j = 0; same && j < n; j += k)
    {
      k = n - j < per ? n - j : per;
      relopt_image_rel_fill (img, i, j, k, buf);
      same = memcmp (buf, old + j * ent, k * ent) == 0;
    }
  free (buf);
  return same;
}

bool
relopt_layout_unchanged (const relopt_image *img, bool but_trailer,
                         const struct relopt_layout *lay)
{
  uint64_t end = lay->ehsize;
  uint32_t i;

  if (lay->total != img->file_size - (but_trailer ? img->trailer_len : 0)
      || memcmp (img->file, lay->ehdr, lay->ehsize) != 0
      || memcmp (img->file + lay->shoff, lay->shdrs, lay->shdrs_size) != 0)
    return false;
  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      int64_t from;
      if (!has_bytes (s))
        continue;
      /* Padding before the section: zeros in the output.  */
      for (; end < lay->offset[i]; end++)
        if (img->file[end] != 0)
          return false;
      from = input_offset (img, s);
      if (relopt_image_rel_pending (img, i))
        {
          if (!rel_unchanged (img, i, img->file + lay->offset[i]))
            return false;
        }
      else if (from != (int64_t)lay->offset[i]
               && memcmp (img->file + lay->offset[i], s->data, s->sh_size)
                      != 0)
        return false;
      end = lay->offset[i] + s->sh_size;
    }
  for (; end < lay->shoff; end++)
    if (img->file[end] != 0)
      return false;
  return true;
}

/* The output goes to the file through one buffer of up to WINDOW bytes
   (whole, in offset order: a section's bytes, the zeros of the padding
   before it, the headers), written with one pwrite each time it fills.
   The sections no pass changed are read into it with pread.  Against a
   copy_file_range or a pwrite per section (relopt 0.3 and before), this
   writes the page cache in a few large writes instead of two or three
   partial ones a page: 0.24-0.73 ms of CPU less a module over the 25
   largest of each architecture (bench/README.md, "0c050e5 ->
   963bf23: the write, and the passes").  128 KiB: the buffer's
   own pages are fresh memory (a first touch costs about 1.6 us a page on the
   project machine); 256 KiB took 70-114 us more a module, and 64 KiB was
   slower than 128 KiB on every architecture.  A reflink (copy_file_range
   sharing extents on btrfs or XFS) needs both offsets aligned to the
   filesystem block, which a section moved by the layout almost never is, so
   none is lost.  The output's blocks are reserved before the first write
   (relopt_preallocate).  Writing the unchanged sections straight from the
   input's mapping instead (pwritev, no pread copy) was slower: amdgpu.ko's
   write 4.7 -> 8.7 ms in-process, with 160 more page faults on the
   mapping; and 64 KiB was again no faster than 128 (bench/README.md,
   "e74cdb1 -> a2581d5").  */
enum
{
  WINDOW = 128 * 1024
};

struct window
{
  int fd;
  unsigned char *buf;
  size_t cap, used;
  uint64_t base; /* the file offset of BUF[0] */
  int err;       /* the first errno value, or 0 */
  bool in_err;   /* ERR is the input's (a pread), not the output's */
};

/* Write what the window holds; it then starts at the next offset.  */
static void
window_flush (struct window *w)
{
  if (w->err == 0 && w->used > 0)
    w->err = relopt_pwrite_all (w->fd, w->buf, w->used, w->base);
  w->base += w->used;
  w->used = 0;
}

/* Bring the window to file offset OFF: zeros up to it (the padding), or
   a new start when OFF is behind (never, with relopt's layout).  */
static void
window_seek (struct window *w, uint64_t off)
{
  while (w->err == 0 && w->base + w->used < off)
    {
      uint64_t gap = off - (w->base + w->used);
      size_t n = gap < w->cap - w->used ? (size_t)gap : w->cap - w->used;
      memset (w->buf + w->used, 0, n);
      w->used += n;
      if (w->used == w->cap)
        window_flush (w);
    }
  if (w->base + w->used > off)
    {
      window_flush (w);
      w->base = off;
    }
}

/* LEN bytes at OFF in IN_FD (IN_FD -1: from BUF, which holds the same
   bytes in memory), appended to the window.  pread copies from the page
   cache without mapping the input's pages.  A read that fails, or finds
   the file shorter than when it was parsed (truncated meanwhile), stops
   the write with its errno or EIO: the mapping would fault past the
   file's end.  */
static void
window_put (struct window *w, int in_fd, uint64_t off,
            const unsigned char *buf, size_t len)
{
  while (w->err == 0 && len > 0)
    {
      size_t n = len < w->cap - w->used ? len : w->cap - w->used;
      ssize_t got = (ssize_t)n;
      if (in_fd >= 0)
        {
          do
            got = pread (in_fd, w->buf + w->used, n, (off_t)off);
          while (got < 0 && errno == EINTR);
          if (got <= 0)
            {
              w->err = got < 0 ? errno : EIO;
              w->in_err = true;
              return;
            }
        }
      else
        memcpy (w->buf + w->used, buf, n);
      w->used += (size_t)got;
      off += (uint64_t)got;
      buf += got;
      len -= (size_t)got;
      if (w->used == w->cap)
        window_flush (w);
    }
}

/* Relocation section I, its pending changes applied, appended to the
   window: whole entries filled in place, an entry that would straddle
   the window's end through a small buffer.  */
static void
window_put_rel (struct window *w, const relopt_image *img, uint32_t i)
{
  size_t ent = relopt_image_rel_entsize (img, img->sec[i].sh_type);
  uint64_t n = rel_count (img, i), j = 0, k;
  unsigned char one[24]; /* the largest entry: Elf64_Rela */

  while (w->err == 0 && j < n)
    {
      k = (w->cap - w->used) / ent;
      if (k == 0)
        {
          relopt_image_rel_fill (img, i, j++, 1, one);
          window_put (w, -1, 0, one, ent);
          continue;
        }
      if (k > n - j)
        k = n - j;
      relopt_image_rel_fill (img, i, j, k, w->buf + w->used);
      w->used += (size_t)(k * ent);
      j += k;
      if (w->used == w->cap)
        window_flush (w);
    }
}

int
relopt_layout_write (const relopt_image *img, const struct relopt_layout *lay,
                     int in_fd, int out_fd, size_t window, bool *input_failed)
{
  struct window w = { out_fd, NULL, 0, 0, 0, 0, false };
  uint32_t i;

  if (window == 0)
    window = WINDOW;
  w.cap = lay->total < window ? (size_t)lay->total : window;
  if (w.cap == 0)
    w.cap = 1;
  w.buf = malloc (w.cap);
  if (w.buf == NULL)
    return ENOMEM;
  relopt_preallocate (out_fd, lay->total);
  window_put (&w, -1, 0, lay->ehdr, lay->ehsize);
  for (i = 1; w.err == 0 && i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      int64_t from;
      if (!has_bytes (s))
        continue;
      window_seek (&w, lay->offset[i]);
      from = in_fd >= 0 ? input_offset (img, s) : -1;
      if (relopt_image_rel_pending (img, i))
        window_put_rel (&w, img, i);
      else
        window_put (&w, from >= 0 ? in_fd : -1, (uint64_t)from, s->data,
                    s->sh_size);
    }
  window_seek (&w, lay->shoff);
  window_put (&w, -1, 0, lay->shdrs, lay->shdrs_size);
  window_flush (&w);
  free (w.buf);
  if (input_failed)
    *input_failed = w.in_err;
  return w.err;
}
