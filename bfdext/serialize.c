/* serialize.c -- lay out an image and write its bytes ("size first, write
   second": offsets are computed for every section, then one buffer is
   filled, or the file written piece by piece: unchanged sections are
   copied by the kernel from the input file, changed ones from memory).  The
   layout is drawn in image.h; it is a pure function of the image, which is
   what makes relopt's output deterministic and a second run byte-identical. */

#include <config.h>
#include "image.h"
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

static void
write_shdr (const relopt_image *img, unsigned char *p,
            const struct relopt_section *s)
{
  bool big = img->big;

  relopt_put32 (p, s->sh_name, big);
  relopt_put32 (p + 4, s->sh_type, big);
  if (img->elfclass == RELOPT_ELFCLASS32)
    {
      relopt_put32 (p + 8, (uint32_t)s->sh_flags, big);
      relopt_put32 (p + 12, (uint32_t)s->sh_addr, big);
      relopt_put32 (p + 16, (uint32_t)s->sh_offset, big);
      relopt_put32 (p + 20, (uint32_t)s->sh_size, big);
      relopt_put32 (p + 24, s->sh_link, big);
      relopt_put32 (p + 28, s->sh_info, big);
      relopt_put32 (p + 32, (uint32_t)s->sh_addralign, big);
      relopt_put32 (p + 36, (uint32_t)s->sh_entsize, big);
    }
  else
    {
      relopt_put64 (p + 8, s->sh_flags, big);
      relopt_put64 (p + 16, s->sh_addr, big);
      relopt_put64 (p + 24, s->sh_offset, big);
      relopt_put64 (p + 32, s->sh_size, big);
      relopt_put32 (p + 40, s->sh_link, big);
      relopt_put32 (p + 44, s->sh_info, big);
      relopt_put64 (p + 48, s->sh_addralign, big);
      relopt_put64 (p + 56, s->sh_entsize, big);
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
  size_t ehsize = is32 ? 52 : 64, shentsize = is32 ? 40 : 64;
  uint64_t *offset, pos, shoff, total;
  unsigned char *out, *shdrs;
  struct relopt_section s0;
  uint16_t e_shnum, e_shstrndx;
  bool big = img->big;
  uint32_t i;

  memset (lay, 0, sizeof *lay);
  offset = calloc (img->shnum, sizeof *offset);
  if (offset == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");

  pos = ehsize;
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
  shoff = align_up (pos, is32 ? 4 : 8);
  total = shoff + (uint64_t)img->shnum * shentsize;
  if (is32 && total > UINT32_MAX)
    {
      free (offset);
      return relopt_set_error (err, RELOPT_E_FORMAT,
                               "output would exceed 4 GiB, the ELFCLASS32 "
                               "limit");
    }
  out = calloc (1, ehsize);
  shdrs = calloc (img->shnum, shentsize);
  if (out == NULL || shdrs == NULL)
    {
      free (out);
      free (shdrs);
      free (offset);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }

  /* Extended numbering (gABI), used exactly when a value needs it
     (DESIGN 7: the output must not depend on whether an earlier run, or
     the input, needed it): SHN_LORESERVE sections or more put the count
     in section 0's sh_size (e_shnum 0), a name table index of
     SHN_LORESERVE or more puts it in section 0's sh_link (e_shstrndx
     SHN_XINDEX).  Otherwise both fields of section 0 are 0, as the gABI
     says.  */
  s0 = img->sec[0];
  if (img->shnum >= RELOPT_SHN_LORESERVE)
    {
      s0.sh_size = img->shnum;
      e_shnum = 0;
    }
  else
    {
      s0.sh_size = 0;
      e_shnum = (uint16_t)img->shnum;
    }
  if (img->shstrndx >= RELOPT_SHN_LORESERVE)
    {
      s0.sh_link = img->shstrndx;
      e_shstrndx = RELOPT_SHN_XINDEX;
    }
  else
    {
      s0.sh_link = 0;
      e_shstrndx = (uint16_t)img->shstrndx;
    }

  /* ELF header: identification copied, the rest rebuilt.  */
  memcpy (out, img->ident, 16);
  relopt_put16 (out + 16, img->e_type, big);
  relopt_put16 (out + 18, img->e_machine, big);
  relopt_put32 (out + 20, img->e_version, big);
  if (is32)
    {
      relopt_put32 (out + 24, (uint32_t)img->e_entry, big);
      relopt_put32 (out + 28, 0, big); /* e_phoff */
      relopt_put32 (out + 32, (uint32_t)shoff, big);
      relopt_put32 (out + 36, img->e_flags, big);
      relopt_put16 (out + 40, (uint16_t)ehsize, big);
      relopt_put16 (out + 42, 0, big); /* e_phentsize */
      relopt_put16 (out + 44, 0, big);
      relopt_put16 (out + 46, (uint16_t)shentsize, big);
      relopt_put16 (out + 48, e_shnum, big);
      relopt_put16 (out + 50, e_shstrndx, big);
    }
  else
    {
      relopt_put64 (out + 24, img->e_entry, big);
      relopt_put64 (out + 32, 0, big);
      relopt_put64 (out + 40, shoff, big);
      relopt_put32 (out + 48, img->e_flags, big);
      relopt_put16 (out + 52, (uint16_t)ehsize, big);
      relopt_put16 (out + 54, 0, big);
      relopt_put16 (out + 56, 0, big);
      relopt_put16 (out + 58, (uint16_t)shentsize, big);
      relopt_put16 (out + 60, e_shnum, big);
      relopt_put16 (out + 62, e_shstrndx, big);
    }

  s0.sh_offset = 0;
  write_shdr (img, shdrs, &s0);
  for (i = 1; i < img->shnum; i++)
    {
      struct relopt_section s = img->sec[i];
      s.sh_offset = offset[i];
      write_shdr (img, shdrs + (uint64_t)i * shentsize, &s);
    }
  lay->offset = offset;
  lay->ehdr = out;
  lay->ehsize = ehsize;
  lay->shdrs = shdrs;
  lay->shoff = shoff;
  lay->shdrs_size = (uint64_t)img->shnum * shentsize;
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
    if (has_bytes (&img->sec[i]))
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
  if (s->data_owned || img->file == NULL || s->data < img->file
      || s->data >= img->file + img->file_size)
    return -1;
  return s->data - img->file;
}

bool
relopt_layout_unchanged (const relopt_image *img,
                         const struct relopt_layout *lay)
{
  uint64_t end = lay->ehsize;
  uint32_t i;

  if (lay->total != img->file_size
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
      if (from != (int64_t)lay->offset[i]
          && memcmp (img->file + lay->offset[i], s->data, s->sh_size) != 0)
        return false;
      end = lay->offset[i] + s->sh_size;
    }
  for (; end < lay->shoff; end++)
    if (img->file[end] != 0)
      return false;
  return true;
}

/* Copy LEN bytes of IN_FD at IN_OFF to OUT_FD at OUT_OFF in the kernel
   (copy_file_range: no user-space copy; a reflink where the filesystem
   shares extents).  Falls back to pwrite from BUF, the same bytes in
   memory, where the kernel cannot (EXDEV, ENOSYS, EINVAL...).  */
static int
copy_range (int in_fd, uint64_t in_off, int out_fd, uint64_t out_off,
            const unsigned char *buf, size_t len)
{
#ifdef HAVE_COPY_FILE_RANGE
  while (len > 0)
    {
      off_t i = (off_t)in_off, o = (off_t)out_off;
      ssize_t n = copy_file_range (in_fd, &i, out_fd, &o, len, 0);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      in_off += (uint64_t)n;
      out_off += (uint64_t)n;
      buf += n;
      len -= (size_t)n;
    }
#else
  (void)in_fd;
  (void)in_off;
#endif
  return len ? relopt_pwrite_all (out_fd, buf, len, out_off) : 0;
}

int
relopt_layout_write (const relopt_image *img, const struct relopt_layout *lay,
                     int in_fd, int out_fd)
{
  uint32_t i;
  int e;

  e = relopt_pwrite_all (out_fd, lay->ehdr, lay->ehsize, 0);
  for (i = 1; e == 0 && i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      int64_t from;
      if (!has_bytes (s))
        continue;
      from = in_fd >= 0 ? input_offset (img, s) : -1;
      if (from >= 0)
        e = copy_range (in_fd, (uint64_t)from, out_fd, lay->offset[i], s->data,
                        s->sh_size);
      else
        e = relopt_pwrite_all (out_fd, s->data, s->sh_size, lay->offset[i]);
    }
  /* The header table ends the file, so the padding before sections (never
     written) reads back as zeros, as in the serialized buffer.  */
  if (e == 0)
    e = relopt_pwrite_all (out_fd, lay->shdrs, lay->shdrs_size, lay->shoff);
  return e;
}
