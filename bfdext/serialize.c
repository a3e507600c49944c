/* serialize.c -- lay out an image and write its bytes ("size first, write
   second": offsets are computed for every section, then one buffer is
   filled).  The layout is drawn in image.h; it is a pure function of the
   image, which is what makes relopt's output deterministic and a second
   run byte-identical.  */

#include <config.h>
#include <stdlib.h>
#include <string.h>
#include "image.h"

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
      relopt_put32 (p + 8, (uint32_t) s->sh_flags, big);
      relopt_put32 (p + 12, (uint32_t) s->sh_addr, big);
      relopt_put32 (p + 16, (uint32_t) s->sh_offset, big);
      relopt_put32 (p + 20, (uint32_t) s->sh_size, big);
      relopt_put32 (p + 24, s->sh_link, big);
      relopt_put32 (p + 28, s->sh_info, big);
      relopt_put32 (p + 32, (uint32_t) s->sh_addralign, big);
      relopt_put32 (p + 36, (uint32_t) s->sh_entsize, big);
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

int
relopt_image_serialize (const relopt_image *img, unsigned char **outp,
                        size_t *lenp, struct relopt_error *err)
{
  bool is32 = img->elfclass == RELOPT_ELFCLASS32;
  size_t ehsize = is32 ? 52 : 64, shentsize = is32 ? 40 : 64;
  uint64_t *offset, pos, shoff, total;
  unsigned char *out;
  struct relopt_section s0;
  uint16_t e_shnum, e_shstrndx;
  bool big = img->big;
  uint32_t i;

  *outp = NULL;
  *lenp = 0;
  offset = calloc (img->shnum, sizeof *offset);
  if (offset == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");

  /* Size: every section's offset, then the header table's.  */
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
  total = shoff + (uint64_t) img->shnum * shentsize;
  if (is32 && total > UINT32_MAX)
    {
      free (offset);
      return relopt_set_error (err, RELOPT_E_FORMAT,
                               "output would exceed 4 GiB, the ELFCLASS32 "
                               "limit");
    }
  out = calloc (1, total);
  if (out == NULL)
    {
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
      e_shnum = (uint16_t) img->shnum;
    }
  if (img->shstrndx >= RELOPT_SHN_LORESERVE)
    {
      s0.sh_link = img->shstrndx;
      e_shstrndx = RELOPT_SHN_XINDEX;
    }
  else
    {
      s0.sh_link = 0;
      e_shstrndx = (uint16_t) img->shstrndx;
    }

  /* ELF header: identification copied, the rest rebuilt.  */
  memcpy (out, img->ident, 16);
  relopt_put16 (out + 16, img->e_type, big);
  relopt_put16 (out + 18, img->e_machine, big);
  relopt_put32 (out + 20, img->e_version, big);
  if (is32)
    {
      relopt_put32 (out + 24, (uint32_t) img->e_entry, big);
      relopt_put32 (out + 28, 0, big); /* e_phoff */
      relopt_put32 (out + 32, (uint32_t) shoff, big);
      relopt_put32 (out + 36, img->e_flags, big);
      relopt_put16 (out + 40, (uint16_t) ehsize, big);
      relopt_put16 (out + 42, 0, big); /* e_phentsize */
      relopt_put16 (out + 44, 0, big);
      relopt_put16 (out + 46, (uint16_t) shentsize, big);
      relopt_put16 (out + 48, e_shnum, big);
      relopt_put16 (out + 50, e_shstrndx, big);
    }
  else
    {
      relopt_put64 (out + 24, img->e_entry, big);
      relopt_put64 (out + 32, 0, big);
      relopt_put64 (out + 40, shoff, big);
      relopt_put32 (out + 48, img->e_flags, big);
      relopt_put16 (out + 52, (uint16_t) ehsize, big);
      relopt_put16 (out + 54, 0, big);
      relopt_put16 (out + 56, 0, big);
      relopt_put16 (out + 58, (uint16_t) shentsize, big);
      relopt_put16 (out + 60, e_shnum, big);
      relopt_put16 (out + 62, e_shstrndx, big);
    }

  /* Write: contents, then headers.  */
  s0.sh_offset = 0;
  write_shdr (img, out + shoff, &s0);
  for (i = 1; i < img->shnum; i++)
    {
      struct relopt_section s = img->sec[i];
      s.sh_offset = offset[i];
      if (s.sh_type != RELOPT_SHT_NOBITS && s.sh_type != RELOPT_SHT_NULL
          && s.sh_size)
        memcpy (out + offset[i], s.data, s.sh_size);
      write_shdr (img, out + shoff + (uint64_t) i * shentsize, &s);
    }
  free (offset);
  *outp = out;
  *lenp = total;
  return 0;
}
