/* parse.c -- bytes to a validated relopt_image (SysV gABI, "ELF Header",
   "Sections", "Symbol Table", "Relocation"; extended section numbering as
   in the gABI: e_shnum 0 / e_shstrndx SHN_XINDEX / SHT_SYMTAB_SHNDX).

   The inverse of serialize.c, hence the name: serialize.c turns an image
   into bytes, parse.c turns bytes into an image.  The model itself and
   its accessors are image.c.

   Everything the library later reads through the image is validated here,
   once: section extents, .symtab/.strtab/.shstrtab, symbol names and
   section indices, relocation entry sizes and symbol indices.  Later
   passes may then index without checks.  */

#include <config.h>
#include "image.h"
#include "fileio.h"
#include <stdlib.h>
#include <string.h>

static const char sig_magic[] = "~Module signature appended~\n";

/* Whether [OFF, OFF+LEN) lies within a buffer of SIZE bytes, overflow
   safe.  */
static bool
in_range (uint64_t off, uint64_t len, uint64_t size)
{
  return off <= size && len <= size - off;
}

static int
read_ehdr (relopt_image *img, struct relopt_error *err, uint64_t *shoff,
           uint16_t *shentsize, uint16_t *phnum, uint32_t *e_shnum,
           uint32_t *e_shstrndx)
{
  const unsigned char *f = img->file;
  bool big;

  if (img->file_size == 0)
    return relopt_set_error (err, RELOPT_E_FORMAT, "empty file, not ELF");
  if (img->file_size >= 4 && memcmp (f, "\177ELF", 4) == 0
      && img->file_size < 16)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "truncated: %zu bytes, shorter than the ELF "
                             "identification",
                             img->file_size);
  if (img->file_size < 16 || memcmp (f, "\177ELF", 4) != 0)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "not an ELF file (bad magic)");
  if (f[4] != RELOPT_ELFCLASS32 && f[4] != RELOPT_ELFCLASS64)
    return relopt_set_error (err, RELOPT_E_FORMAT, "invalid ELF class %u",
                             f[4]);
  if (f[5] != 1 && f[5] != 2)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "invalid ELF data encoding %u", f[5]);
  if (f[6] != 1)
    return relopt_set_error (err, RELOPT_E_FORMAT, "invalid ELF version %u",
                             f[6]);
  memcpy (img->ident, f, 16);
  img->elfclass = f[4];
  img->big = big = f[5] == 2;
  if (img->file_size < (img->elfclass == RELOPT_ELFCLASS32 ? 52u : 64u))
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "truncated: %zu bytes, shorter than the ELF "
                             "header",
                             img->file_size);
  img->e_type = relopt_get16 (f + 16, big);
  img->e_machine = relopt_get16 (f + 18, big);
  img->e_version = relopt_get32 (f + 20, big);
  if (img->elfclass == RELOPT_ELFCLASS32)
    {
      img->e_entry = relopt_get32 (f + 24, big);
      *shoff = relopt_get32 (f + 32, big);
      img->e_flags = relopt_get32 (f + 36, big);
      img->e_ehsize = relopt_get16 (f + 40, big);
      *phnum = relopt_get16 (f + 44, big);
      *shentsize = relopt_get16 (f + 46, big);
      *e_shnum = relopt_get16 (f + 48, big);
      *e_shstrndx = relopt_get16 (f + 50, big);
    }
  else
    {
      img->e_entry = relopt_get64 (f + 24, big);
      *shoff = relopt_get64 (f + 40, big);
      img->e_flags = relopt_get32 (f + 48, big);
      img->e_ehsize = relopt_get16 (f + 52, big);
      *phnum = relopt_get16 (f + 56, big);
      *shentsize = relopt_get16 (f + 58, big);
      *e_shnum = relopt_get16 (f + 60, big);
      *e_shstrndx = relopt_get16 (f + 62, big);
    }
  if (img->e_type != RELOPT_ET_REL)
    {
      static const char *const types[]
          = { "ET_NONE", "ET_REL", "ET_EXEC", "ET_DYN", "ET_CORE" };
      return relopt_set_error (
          err, RELOPT_E_UNSUPPORTED,
          "not a relocatable object (e_type %s): relopt rewrites ET_REL "
          "files only",
          img->e_type < 5 ? types[img->e_type] : "unknown");
    }
  if (*phnum != 0)
    return relopt_set_error (err, RELOPT_E_UNSUPPORTED,
                             "relocatable object with %u program headers is "
                             "not supported",
                             *phnum);
  /* The ELF data ends no earlier than e_ehsize: past EOF, the trailer
     length would wrap around.  */
  if (img->e_ehsize > img->file_size)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "e_ehsize %u is past the end of the file (%zu "
                             "bytes)",
                             img->e_ehsize, img->file_size);
  return 0;
}

static void
read_shdr (const relopt_image *img, const unsigned char *p,
           struct relopt_section *s)
{
  bool big = img->big;

  memset (s, 0, sizeof *s);
  s->sh_name = relopt_get32 (p, big);
  s->sh_type = relopt_get32 (p + 4, big);
  if (img->elfclass == RELOPT_ELFCLASS32)
    {
      s->sh_flags = relopt_get32 (p + 8, big);
      s->sh_addr = relopt_get32 (p + 12, big);
      s->sh_offset = relopt_get32 (p + 16, big);
      s->sh_size = relopt_get32 (p + 20, big);
      s->sh_link = relopt_get32 (p + 24, big);
      s->sh_info = relopt_get32 (p + 28, big);
      s->sh_addralign = relopt_get32 (p + 32, big);
      s->sh_entsize = relopt_get32 (p + 36, big);
    }
  else
    {
      s->sh_flags = relopt_get64 (p + 8, big);
      s->sh_addr = relopt_get64 (p + 16, big);
      s->sh_offset = relopt_get64 (p + 24, big);
      s->sh_size = relopt_get64 (p + 32, big);
      s->sh_link = relopt_get32 (p + 40, big);
      s->sh_info = relopt_get32 (p + 44, big);
      s->sh_addralign = relopt_get64 (p + 48, big);
      s->sh_entsize = relopt_get64 (p + 56, big);
    }
}

/* Largest sh_addralign accepted: larger values would make the output's
   padding absurd (and are not produced by any toolchain for ET_REL).  */
#define MAX_ALIGN ((uint64_t)1 << 24)

static int
read_sections (relopt_image *img, struct relopt_error *err)
{
  uint64_t shoff = 0;
  uint16_t shentsize = 0, phnum = 0;
  uint32_t e_shnum = 0, e_shstrndx = 0, i;
  size_t want;
  uint64_t shnum;
  int rc;

  rc = read_ehdr (img, err, &shoff, &shentsize, &phnum, &e_shnum, &e_shstrndx);
  if (rc)
    return rc;
  want = img->elfclass == RELOPT_ELFCLASS32 ? 40 : 64;
  if (shoff == 0)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "no section header table (e_shoff is 0)");
  if (shentsize != want)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "e_shentsize is %u, expected %zu", shentsize,
                             want);
  if (!in_range (shoff, want, img->file_size))
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "section header table at 0x%llx is past the end "
                             "of the file (%zu bytes)",
                             (unsigned long long)shoff, img->file_size);
  /* Extended numbering: e_shnum 0 means section 0's sh_size holds the
     count, e_shstrndx SHN_XINDEX means its sh_link holds the index.  */
  shnum = e_shnum;
  if (e_shnum == 0 || e_shstrndx == RELOPT_SHN_XINDEX)
    {
      struct relopt_section s0;
      read_shdr (img, img->file + shoff, &s0);
      if (e_shnum == 0)
        shnum = s0.sh_size;
      if (e_shstrndx == RELOPT_SHN_XINDEX)
        e_shstrndx = s0.sh_link;
    }
  if (shnum == 0)
    return relopt_set_error (err, RELOPT_E_FORMAT, "no sections");
  if (shnum > (img->file_size - shoff) / want)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "section header table (%llu entries at 0x%llx) "
                             "runs past the end of the file (%zu bytes)",
                             (unsigned long long)shnum,
                             (unsigned long long)shoff, img->file_size);
  img->shnum = (uint32_t)shnum;
  img->sec = calloc (shnum, sizeof *img->sec);
  if (img->sec == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  img->elf_end = shoff + shnum * want;
  if (img->elf_end < img->e_ehsize)
    img->elf_end = img->e_ehsize;
  for (i = 0; i < shnum; i++)
    read_shdr (img, img->file + shoff + (uint64_t)i * want, &img->sec[i]);

  if (e_shstrndx >= shnum)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "e_shstrndx %u is not a section (%llu sections)",
                             e_shstrndx, (unsigned long long)shnum);
  img->shstrndx = e_shstrndx;

  for (i = 1; i < shnum; i++)
    {
      struct relopt_section *s = &img->sec[i];
      if (s->sh_type == RELOPT_SHT_NULL)
        continue;
      if (s->sh_addralign > MAX_ALIGN
          || (s->sh_addralign & (s->sh_addralign - 1)) != 0)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "section %u: invalid sh_addralign 0x%llx", i,
                                 (unsigned long long)s->sh_addralign);
      if (s->sh_link >= shnum)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "section %u: sh_link %u is not a section", i,
                                 s->sh_link);
      if (s->sh_type == RELOPT_SHT_NOBITS)
        continue;
      if (!in_range (s->sh_offset, s->sh_size, img->file_size))
        return relopt_set_error (
            err, RELOPT_E_FORMAT,
            "section %u: contents (0x%llx bytes at 0x%llx) run past the end "
            "of the file (%zu bytes)",
            i, (unsigned long long)s->sh_size,
            (unsigned long long)s->sh_offset, img->file_size);
      if (s->sh_size > SIZE_MAX / 2)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "section %u: sh_size too large", i);
      s->data = s->sh_size ? img->file + s->sh_offset : NULL;
      if (s->sh_offset + s->sh_size > img->elf_end)
        img->elf_end = s->sh_offset + s->sh_size;
    }

  /* Section names.  */
  if (img->shstrndx != 0)
    {
      struct relopt_section *ss = &img->sec[img->shstrndx];
      if (ss->sh_type != RELOPT_SHT_STRTAB)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "e_shstrndx %u is not a string table",
                                 img->shstrndx);
      for (i = 0; i < shnum; i++)
        if (img->sec[i].sh_name != 0
            && (img->sec[i].sh_name >= ss->sh_size
                || !memchr (ss->data + img->sec[i].sh_name, '\0',
                            ss->sh_size - img->sec[i].sh_name)))
          return relopt_set_error (err, RELOPT_E_FORMAT,
                                   "section %u: name offset %u is outside "
                                   "the section name table",
                                   i, img->sec[i].sh_name);
    }
  relopt_image_names_changed (img);
  return 0;
}

/* A string table is usable for names when it is non-empty and ends with a
   NUL, so every in-range offset yields a terminated string.  */
static int
check_strtab (const relopt_image *img, uint32_t idx, struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  char lb[96];

  /* Section 0 is never read (its header only carries extended
     numbering), whatever its sh_type says.  */
  if (idx == 0 || s->sh_type != RELOPT_SHT_STRTAB)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "%s linked from .symtab is not a string table",
                             relopt_section_label (img, idx, lb, sizeof lb));
  if (s->sh_size == 0 || s->data[s->sh_size - 1] != '\0')
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "string table %s is empty or does not end with "
                             "a NUL byte",
                             relopt_section_label (img, idx, lb, sizeof lb));
  return 0;
}

static int
read_symtab (relopt_image *img, struct relopt_error *err)
{
  struct relopt_section *st;
  unsigned count;
  uint32_t i;
  char lb[96];
  int rc;

  img->symtab = relopt_image_find_type (img, RELOPT_SHT_SYMTAB, &count);
  if (count == 0)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "no symbol table (.symtab): nothing to hash "
                             "(was the object stripped?)");
  if (count > 1)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "%u symbol tables (SHT_SYMTAB); ELF allows one",
                             count);
  st = &img->sec[img->symtab];
  img->symsize = img->elfclass == RELOPT_ELFCLASS32 ? 16 : 24;
  if (st->sh_entsize != img->symsize)
    return relopt_set_error (
        err, RELOPT_E_FORMAT, "%s: sh_entsize %llu, expected %zu",
        relopt_section_label (img, img->symtab, lb, sizeof lb),
        (unsigned long long)st->sh_entsize, img->symsize);
  if (st->sh_size % img->symsize != 0 || st->sh_size == 0)
    return relopt_set_error (
        err, RELOPT_E_FORMAT,
        "%s: size %llu is not a positive multiple of "
        "%zu",
        relopt_section_label (img, img->symtab, lb, sizeof lb),
        (unsigned long long)st->sh_size, img->symsize);
  if (st->sh_size / img->symsize > UINT32_MAX)
    return relopt_set_error (err, RELOPT_E_FORMAT, "too many symbols");
  img->nsyms = (uint32_t)(st->sh_size / img->symsize);
  if (st->sh_info > img->nsyms || st->sh_info == 0)
    return relopt_set_error (
        err, RELOPT_E_FORMAT, "%s: sh_info (first global) %u is outside 1..%u",
        relopt_section_label (img, img->symtab, lb, sizeof lb), st->sh_info,
        img->nsyms);
  img->strtab = st->sh_link;
  rc = check_strtab (img, img->strtab, err);
  if (rc)
    return rc;

  /* SHT_SYMTAB_SHNDX: one 32-bit word per symbol.  */
  for (i = 1; i < img->shnum; i++)
    {
      struct relopt_section *s = &img->sec[i];
      if (s->sh_type != RELOPT_SHT_SYMTAB_SHNDX || s->sh_link != img->symtab)
        continue;
      if (img->shndxsec != 0)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "more than one SHT_SYMTAB_SHNDX section");
      if (s->sh_size != 4 * (uint64_t)img->nsyms)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "%s: size %llu, expected %llu (4 bytes per "
                                 "symbol)",
                                 relopt_section_label (img, i, lb, sizeof lb),
                                 (unsigned long long)s->sh_size,
                                 4 * (unsigned long long)img->nsyms);
      img->shndxsec = i;
    }

  for (i = 0; i < img->nsyms; i++)
    {
      struct relopt_sym s;
      const struct relopt_section *str = &img->sec[img->strtab];
      relopt_image_get_sym (img, i, &s);
      if (s.st_name >= str->sh_size)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "symbol %u: st_name %u is outside the string "
                                 "table (%llu bytes)",
                                 i, s.st_name,
                                 (unsigned long long)str->sh_size);
      if (s.st_shndx == RELOPT_SHN_XINDEX && img->shndxsec == 0)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "symbol %u '%.60s': st_shndx is SHN_XINDEX "
                                 "but there is no SHT_SYMTAB_SHNDX section",
                                 i, s.name);
      if (s.st_shndx != RELOPT_SHN_XINDEX
          && s.st_shndx >= RELOPT_SHN_LORESERVE)
        continue; /* SHN_ABS, SHN_COMMON, processor/OS specific.  */
      if (s.shndx >= img->shnum)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "symbol %u '%.60s': section index %u is not "
                                 "a section",
                                 i, s.name, s.shndx);
    }
  return 0;
}

static int
read_relocs (relopt_image *img, struct relopt_error *err)
{
  uint32_t i;
  char lb[96];

  for (i = 1; i < img->shnum; i++)
    {
      struct relopt_section *s = &img->sec[i];
      size_t ent;
      uint64_t n, j;

      if (s->sh_type == RELOPT_SHT_GROUP && s->sh_link == img->symtab)
        {
          if (s->sh_info >= img->nsyms)
            return relopt_set_error (
                err, RELOPT_E_FORMAT,
                "%s: group signature symbol %u is not "
                "in .symtab",
                relopt_section_label (img, i, lb, sizeof lb), s->sh_info);
          continue;
        }
      if (!relopt_image_is_symtab_reloc (img, i))
        continue;
      ent = relopt_image_rel_entsize (img, s->sh_type);
      if (s->sh_entsize != ent)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "%s: sh_entsize %llu, expected %zu",
                                 relopt_section_label (img, i, lb, sizeof lb),
                                 (unsigned long long)s->sh_entsize, ent);
      if (s->sh_size % ent != 0)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "%s: size %llu is not a multiple of %zu",
                                 relopt_section_label (img, i, lb, sizeof lb),
                                 (unsigned long long)s->sh_size, ent);
      n = s->sh_size / ent;
      for (j = 0; j < n; j++)
        {
          struct relopt_rel r;
          relopt_image_get_rel (img, s->sh_type, s->data + j * ent, &r);
          if (r.sym >= img->nsyms)
            return relopt_set_error (
                err, RELOPT_E_FORMAT,
                "%s: relocation %llu refers to symbol "
                "%u, past the end of .symtab (%u "
                "entries)",
                relopt_section_label (img, i, lb, sizeof lb),
                (unsigned long long)j, r.sym, img->nsyms);
        }
    }
  return 0;
}

static void
find_trailer (relopt_image *img)
{
  size_t ml = sizeof sig_magic - 1;

  img->trailer_len = img->file_size - img->elf_end;
  img->trailer_is_signature
      = img->trailer_len >= ml
        && memcmp (img->file + img->file_size - ml, sig_magic, ml) == 0;
}

/* Parse the LEN bytes at BUF, taking ownership of BUF (malloc'd, or a
   relopt_map_file mapping when MAPPED).  */
static int
image_adopt (unsigned char *buf, size_t len, bool mapped, relopt_image **imgp,
             struct relopt_error *err)
{
  relopt_image *img;
  int rc;

  *imgp = NULL;
  img = calloc (1, sizeof *img);
  if (img == NULL)
    {
      if (mapped)
        relopt_unmap_file (buf, len);
      else
        free (buf);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  img->file = buf;
  img->file_size = len;
  img->file_mapped = mapped;
  rc = read_sections (img, err);
  if (rc == 0)
    rc = read_symtab (img, err);
  if (rc == 0)
    rc = read_relocs (img, err);
  if (rc)
    {
      relopt_image_free (img);
      return rc;
    }
  find_trailer (img);
  *imgp = img;
  return 0;
}

int
relopt_image_read_mem (const unsigned char *buf, size_t len,
                       relopt_image **imgp, struct relopt_error *err)
{
  unsigned char *copy = malloc (len ? len : 1);

  *imgp = NULL;
  if (copy == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  if (len)
    memcpy (copy, buf, len);
  return image_adopt (copy, len, false, imgp, err);
}

int
relopt_image_adopt_map (unsigned char *map, size_t len, relopt_image **imgp,
                        struct relopt_error *err)
{
  return image_adopt (map, len, true, imgp, err);
}

int
relopt_image_read_file (const char *path, relopt_image **imgp,
                        struct relopt_error *err)
{
  unsigned char *buf;
  size_t len;
  int rc;

  *imgp = NULL;
  rc = relopt_read_whole_file (path, &buf, &len, err);
  if (rc)
    return rc;
  return image_adopt (buf, len, false, imgp, err);
}
