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
#include "threeway.h"
#include "fileio.h"
#include <stdlib.h>
#include <string.h>

static const char sig_magic[] = "~Module signature appended~\n";

/* Largest sh_addralign accepted: larger values would make the output's
   padding absurd (and are not produced by any toolchain for ET_REL).  */
#define MAX_ALIGN ((uint64_t)1 << 24)

/* A run of file bytes: a section's contents, or (IDX UINT32_MAX) the
   section header table.  */
struct extent
{
  uint64_t off, len;
  uint32_t idx;
};

/* Whether [OFF, OFF+LEN) lies within a buffer of SIZE bytes, overflow
   safe.  */
static bool
in_range (uint64_t off, uint64_t len, uint64_t size)
{
  return off <= size && len <= size - off;
}

/* A cursor over consecutive header fields in the file's byte order.  The
   ELF32 and ELF64 header and section header list their fields in the same
   order; only the address-sized ones (Elf32_Addr/Off/Word against
   Elf64_Addr/Off/Xword, a "word" here) differ in width, so one sequence
   of takes decodes both classes.  */
struct field_cursor
{
  const unsigned char *p;
  bool big;
  unsigned word; /* 4 (ELFCLASS32) or 8 (ELFCLASS64) bytes */
};

/* The next field, SIZE bytes (2, 4 or 8).  */
static uint64_t
take (struct field_cursor *c, unsigned size)
{
  const unsigned char *p = c->p;

  c->p += size;
  return relopt_get_n (p, size, c->big);
}

static uint64_t
take_word (struct field_cursor *c)
{
  return take (c, c->word);
}

static struct field_cursor
cursor_at (const relopt_image *img, const unsigned char *p)
{
  struct field_cursor c;

  c.p = p;
  c.big = img->big;
  c.word = img->elfclass == RELOPT_ELFCLASS32 ? 4 : 8;
  return c;
}

/* Where the ELF header says the section header table is: the fields the
   image does not keep.  E_SHNUM and E_SHSTRNDX are widened for extended
   numbering.  */
struct ehdr_tables
{
  uint64_t e_shoff;
  uint16_t e_phnum, e_shentsize;
  uint32_t e_shnum, e_shstrndx;
  bool shstrndx_xindex; /* e_shstrndx was SHN_XINDEX */
};

/* e_ident: magic, class, data encoding, version.  */
static int
read_ident (relopt_image *img, struct relopt_error *err)
{
  const unsigned char *f = img->file;

  if (img->file_size == 0)
    return relopt_set_error (err, RELOPT_E_FORMAT, "empty file, not ELF");
  if (img->file_size >= 4 && memcmp (f, "\177ELF", 4) == 0
      && img->file_size < 16)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "truncated: %zu bytes, shorter than the ELF "
                             "identification",
                             img->file_size);
  if (img->file_size >= 8 && memcmp (f, "!<arch>\n", 8) == 0)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "an ar archive, not an ELF object (rewrite "
                             "its members: ar x, then relopt each)");
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
  img->big = f[5] == 2;
  return 0;
}

/* The ELF header after e_ident, into IMG and *T.  */
static void
decode_ehdr (relopt_image *img, struct ehdr_tables *t)
{
  struct field_cursor c = cursor_at (img, img->file + 16);

  img->e_type = take (&c, 2);
  img->e_machine = take (&c, 2);
  img->e_version = take (&c, 4);
  img->e_entry = take_word (&c);
  take_word (&c); /* e_phoff */
  t->e_shoff = take_word (&c);
  img->e_flags = take (&c, 4);
  img->e_ehsize = take (&c, 2);
  take (&c, 2); /* e_phentsize */
  t->e_phnum = take (&c, 2);
  t->e_shentsize = take (&c, 2);
  t->e_shnum = take (&c, 2);
  t->e_shstrndx = take (&c, 2);
}

static int
read_ehdr (relopt_image *img, struct ehdr_tables *t, struct relopt_error *err)
{
  int rc = read_ident (img, err);

  if (rc)
    return rc;
  if (img->file_size < (img->elfclass == RELOPT_ELFCLASS32 ? 52u : 64u))
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "truncated: %zu bytes, shorter than the ELF "
                             "header",
                             img->file_size);
  decode_ehdr (img, t);
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
  if (t->e_phnum != 0)
    return relopt_set_error (err, RELOPT_E_UNSUPPORTED,
                             "relocatable object with %u program headers is "
                             "not supported",
                             t->e_phnum);
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
  struct field_cursor c = cursor_at (img, p);

  memset (s, 0, sizeof *s);
  s->sh_name = take (&c, 4);
  s->sh_type = take (&c, 4);
  s->sh_flags = take_word (&c);
  s->sh_addr = take_word (&c);
  s->sh_offset = take_word (&c);
  s->sh_size = take_word (&c);
  s->sh_link = take (&c, 4);
  s->sh_info = take (&c, 4);
  s->sh_addralign = take_word (&c);
  s->sh_entsize = take_word (&c);
}

/* The section count and e_shstrndx, after extended numbering: e_shnum 0
   means section 0's sh_size holds the count, e_shstrndx SHN_XINDEX means
   its sh_link holds the index.  The table's first entry is in the file.  */
static uint64_t
section_count (const relopt_image *img, struct ehdr_tables *t)
{
  uint64_t shnum = t->e_shnum;

  if (t->e_shnum == 0 || t->e_shstrndx == RELOPT_SHN_XINDEX)
    {
      struct relopt_section s0;
      read_shdr (img, img->file + t->e_shoff, &s0);
      if (t->e_shnum == 0)
        shnum = s0.sh_size;
      if (t->e_shstrndx == RELOPT_SHN_XINDEX)
        {
          t->e_shstrndx = s0.sh_link;
          t->shstrndx_xindex = true;
        }
    }
  return shnum;
}

/* Section header 0: the gABI makes every field 0 except those extended
   numbering uses (sh_size for e_shnum 0, sh_link for e_shstrndx
   SHN_XINDEX, sh_info for e_phnum PN_XNUM, which read_ehdr refuses).  */
static int
check_null_shdr (const relopt_image *img, const struct ehdr_tables *t,
                 struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[0];
  const struct
  {
    const char *name;
    uint64_t value;
  } f[] = { { "sh_name", s->sh_name },
            { "sh_type", s->sh_type },
            { "sh_flags", s->sh_flags },
            { "sh_addr", s->sh_addr },
            { "sh_offset", s->sh_offset },
            { "sh_size", t->e_shnum == 0 ? 0 : s->sh_size },
            { "sh_link", t->shstrndx_xindex ? 0 : s->sh_link },
            { "sh_info", s->sh_info },
            { "sh_addralign", s->sh_addralign },
            { "sh_entsize", s->sh_entsize } };
  size_t i;

  for (i = 0; i < sizeof f / sizeof f[0]; i++)
    if (f[i].value != 0)
      return relopt_set_error (err, RELOPT_E_FORMAT,
                               "section 0: %s is 0x%llx, not 0 (the null "
                               "section header)",
                               f[i].name, (unsigned long long)f[i].value);
  return 0;
}

/* The section header table: where it is, how many entries, e_shstrndx;
   fills IMG->sec (headers only) and the ELF end so far.  */
static int
read_shdr_table (relopt_image *img, struct ehdr_tables *t,
                 struct relopt_error *err)
{
  size_t want = img->elfclass == RELOPT_ELFCLASS32 ? 40 : 64;
  uint64_t shoff = t->e_shoff, shnum, i;

  if (shoff == 0)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "no section header table (e_shoff is 0)");
  if (t->e_shentsize != want)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "e_shentsize is %u, expected %zu", t->e_shentsize,
                             want);
  if (!in_range (shoff, want, img->file_size))
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "section header table at 0x%llx is past the end "
                             "of the file (%zu bytes)",
                             (unsigned long long)shoff, img->file_size);
  shnum = section_count (img, t);
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
    read_shdr (img, img->file + shoff + i * want, &img->sec[i]);
  if (t->e_shstrndx >= shnum)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "e_shstrndx %u is not a section (%llu sections)",
                             t->e_shstrndx, (unsigned long long)shnum);
  img->shstrndx = t->e_shstrndx;
  return check_null_shdr (img, t, err);
}

/* Every section's sh_addralign, sh_link and extent; points DATA at the
   contents and extends the ELF end over them.  */
static int
read_section_extents (relopt_image *img, struct relopt_error *err)
{
  uint32_t i;

  for (i = 1; i < img->shnum; i++)
    {
      struct relopt_section *s = &img->sec[i];
      if (s->sh_type == RELOPT_SHT_NULL)
        continue;
      if (s->sh_addralign > MAX_ALIGN
          || (s->sh_addralign & (s->sh_addralign - 1)) != 0)
        return relopt_set_error (
            err, RELOPT_E_FORMAT,
            "section %u: sh_addralign 0x%llx is not a power of two up to "
            "0x%llx",
            i, (unsigned long long)s->sh_addralign,
            (unsigned long long)MAX_ALIGN);
      if (s->sh_link >= img->shnum)
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
  return 0;
}

static int
cmp_extent_index (const void *pa, const void *pb)
{
  const struct extent *a = pa, *b = pb;
  int c = relopt_cmp_u64 (a->off, b->off);

  return c ? c : relopt_cmp_u64 (a->idx, b->idx);
}

/* No two sections' contents share a byte (gABI "Sections": "sections in
   a file may not overlap"; nor with the ELF header or the section header
   table): a section read as another's bytes is refused, not rewritten
   (a fresh user's finding of 2026-12-05: .text at .symtab's offset was
   rewritten and passed --check).  Empty and SHT_NOBITS sections hold no
   bytes.  O(n log n) in the sections.  */
static int
check_overlaps (const relopt_image *img, uint64_t shoff,
                struct relopt_error *err)
{
  size_t want = img->elfclass == RELOPT_ELFCLASS32 ? 40 : 64;
  struct extent *x = malloc ((img->shnum + 1) * sizeof *x);
  size_t n = 0, i;
  char la[96], lb[96];
  int rc = 0;

  if (x == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  x[n].off = shoff;
  x[n].len = (uint64_t)img->shnum * want;
  x[n++].idx = UINT32_MAX;
  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      if (s->sh_type == RELOPT_SHT_NULL || s->sh_type == RELOPT_SHT_NOBITS
          || s->sh_size == 0)
        continue;
      if (s->sh_offset < img->e_ehsize)
        {
          free (x);
          return relopt_set_error (
              err, RELOPT_E_FORMAT,
              "%s: contents at 0x%llx overlap the ELF "
              "header",
              relopt_section_label (img, (uint32_t)i, la, sizeof la),
              (unsigned long long)s->sh_offset);
        }
      x[n].off = s->sh_offset;
      x[n].len = s->sh_size;
      x[n++].idx = (uint32_t)i;
    }
  qsort (x, n, sizeof *x, cmp_extent_index);
  for (i = 1; i < n && rc == 0; i++)
    if (x[i].off - x[i - 1].off < x[i - 1].len)
      {
        const struct extent *a = &x[i - 1], *b = &x[i];
        if (a->idx == UINT32_MAX || b->idx == UINT32_MAX)
          rc = relopt_set_error (
              err, RELOPT_E_FORMAT,
              "%s: contents overlap the section header table",
              relopt_section_label (
                  img, a->idx == UINT32_MAX ? b->idx : a->idx, la, sizeof la));
        else
          rc = relopt_set_error (
              err, RELOPT_E_FORMAT, "%s and %s: contents overlap",
              relopt_section_label (img, a->idx, la, sizeof la),
              relopt_section_label (img, b->idx, lb, sizeof lb));
      }
  free (x);
  return rc;
}

/* .shstrtab and every sh_name in it; then the sections' NAMEs.  */
static int
read_section_names (relopt_image *img, struct relopt_error *err)
{
  uint32_t i;

  if (img->shstrndx != 0)
    {
      struct relopt_section *ss = &img->sec[img->shstrndx];
      if (ss->sh_type != RELOPT_SHT_STRTAB)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "e_shstrndx %u is not a string table",
                                 img->shstrndx);
      /* Offset 0 is the empty name (gABI "String Table"): section 0's
         sh_name is 0 whatever the table holds.  */
      if (ss->sh_size != 0 && ss->data[0] != '\0')
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "section name table %u does not begin "
                                 "with a NUL byte",
                                 img->shstrndx);
      for (i = 0; i < img->shnum; i++)
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

static int
read_sections (relopt_image *img, struct relopt_error *err)
{
  struct ehdr_tables t;
  int rc;

  memset (&t, 0, sizeof t);
  rc = read_ehdr (img, &t, err);
  if (rc == 0)
    rc = read_shdr_table (img, &t, err);
  if (rc == 0)
    rc = read_section_extents (img, err);
  if (rc == 0)
    rc = read_section_names (img, err);
  if (rc == 0)
    rc = check_overlaps (img, t.e_shoff, err);
  return rc;
}

uint64_t
relopt_elf_end_of_prefix (const unsigned char *buf, size_t len)
{
  relopt_image img;
  struct ehdr_tables t;
  struct relopt_error err;
  uint64_t end = 0;
  uint32_t i;

  memset (&img, 0, sizeof img);
  memset (&t, 0, sizeof t);
  img.file = (unsigned char *)buf;
  img.file_size = len;
  if (read_ehdr (&img, &t, &err) == 0 && read_shdr_table (&img, &t, &err) == 0)
    for (end = img.elf_end, i = 1; i < img.shnum; i++)
      {
        const struct relopt_section *s = &img.sec[i];
        if (s->sh_type == RELOPT_SHT_NULL || s->sh_type == RELOPT_SHT_NOBITS)
          continue;
        if (s->sh_size > UINT64_MAX - s->sh_offset)
          end = UINT64_MAX;
        else if (s->sh_offset + s->sh_size > end)
          end = s->sh_offset + s->sh_size;
      }
  free (img.sec);
  return end;
}

/* A string table is usable for names when it is non-empty, begins with a
   NUL (the empty name) and ends with one, so every in-range offset yields
   a terminated string.  */
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
  /* Offset 0 is the empty name (gABI "String Table"), st_name 0's.  */
  if (s->data[0] != '\0')
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "string table %s does not begin with a NUL "
                             "byte",
                             relopt_section_label (img, idx, lb, sizeof lb));
  return 0;
}

/* A table of ENT-byte entries (.symtab, SHT_REL, SHT_RELA): sh_entsize is
   ENT and sh_size a multiple of it (a positive one when NONEMPTY).  */
static int
check_entries (const relopt_image *img, uint32_t idx, size_t ent,
               bool nonempty, struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  char lb[96];

  if (s->sh_entsize != ent)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "%s: sh_entsize %llu, expected %zu",
                             relopt_section_label (img, idx, lb, sizeof lb),
                             (unsigned long long)s->sh_entsize, ent);
  if (s->sh_size % ent != 0 || (nonempty && s->sh_size == 0))
    return relopt_set_error (
        err, RELOPT_E_FORMAT, "%s: size %llu is not a %smultiple of %zu",
        relopt_section_label (img, idx, lb, sizeof lb),
        (unsigned long long)s->sh_size, nonempty ? "positive " : "", ent);
  return 0;
}

/* The one SHT_SYMTAB: its entries, sh_info and .strtab.  */
static int
read_symtab_header (relopt_image *img, struct relopt_error *err)
{
  struct relopt_section *st;
  unsigned count;
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
  rc = check_entries (img, img->symtab, img->symsize, true, err);
  if (rc)
    return rc;
  if (st->sh_size / img->symsize > UINT32_MAX)
    return relopt_set_error (err, RELOPT_E_FORMAT, "too many symbols");
  img->nsyms = (uint32_t)(st->sh_size / img->symsize);
  if (st->sh_info > img->nsyms || st->sh_info == 0)
    return relopt_set_error (
        err, RELOPT_E_FORMAT, "%s: sh_info (first global) %u is outside 1..%u",
        relopt_section_label (img, img->symtab, lb, sizeof lb), st->sh_info,
        img->nsyms);
  img->strtab = st->sh_link;
  return check_strtab (img, img->strtab, err);
}

/* SHT_SYMTAB_SHNDX: at most one linked to .symtab, one 32-bit word per
   symbol.  */
static int
read_symtab_shndx (relopt_image *img, struct relopt_error *err)
{
  uint32_t i;
  char lb[96];

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
  return 0;
}

/* Every symbol's st_name and section index.  */
static int
read_symbols (const relopt_image *img, struct relopt_error *err)
{
  const struct relopt_section *str = &img->sec[img->strtab];
  uint32_t i;

  for (i = 0; i < img->nsyms; i++)
    {
      struct relopt_sym s;
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
                                 "but no SHT_SYMTAB_SHNDX section is linked "
                                 "to .symtab (section %u)",
                                 i, s.name, img->symtab);
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
read_symtab (relopt_image *img, struct relopt_error *err)
{
  int rc = read_symtab_header (img, err);

  if (rc == 0)
    rc = read_symtab_shndx (img, err);
  if (rc == 0)
    rc = read_symbols (img, err);
  return rc;
}

/* Relocation section IDX: entry size, and every r_info's symbol.  */
static int
read_reloc_section (const relopt_image *img, uint32_t idx,
                    struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n, j;
  char lb[96];
  int rc;

  rc = check_entries (img, idx, ent, false, err);
  if (rc)
    return rc;
  n = s->sh_size / ent;
  j = relopt_image_rel_sym_scan (img, idx, img->nsyms);
  if (j < n)
    {
      struct relopt_rel r;
      relopt_image_get_rel (img, s->sh_type, s->data + j * ent, &r);
      return relopt_set_error (err, RELOPT_E_FORMAT,
                               "%s: relocation %llu refers to symbol "
                               "%u, past the end of .symtab (%u "
                               "entries)",
                               relopt_section_label (img, idx, lb, sizeof lb),
                               (unsigned long long)j, r.sym, img->nsyms);
    }
  return 0;
}

/* SHT_GROUP IDX (gABI "Section Groups"): linked to .symtab, its
   signature symbol (sh_info) in it, a flag word and then member section
   indices, each naming a section other than 0.  */
static int
read_group (const relopt_image *img, uint32_t idx, struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  uint64_t j;
  char lb[96];

  relopt_section_label (img, idx, lb, sizeof lb);
  if (s->sh_link != img->symtab)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "%s: group sh_link %u is not .symtab", lb,
                             s->sh_link);
  if (s->sh_info >= img->nsyms)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "%s: group signature symbol %u is not in "
                             ".symtab",
                             lb, s->sh_info);
  if (s->sh_size == 0 || s->sh_size % 4 != 0)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "%s: size %llu is not a positive multiple of 4",
                             lb, (unsigned long long)s->sh_size);
  for (j = 1; j < s->sh_size / 4; j++)
    {
      uint32_t member = relopt_get32 (s->data + 4 * j, img->big);
      if (member == 0 || member >= img->shnum)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "%s: group member %llu: section index %u "
                                 "is not a section",
                                 lb, (unsigned long long)j, member);
    }
  return 0;
}

/* Whether relocations can apply to section S: not to the tables that
   relocation itself reads or that relopt rewrites (a symbol or string
   table, another relocation section, a group; a section of one of
   relopt's table types that relocations apply to is not relopt's, which
   relopt_image_refuse_foreign_tables says).  Before,
   a .rela.text whose sh_info named itself or .symtab was rewritten, and
   the GNU style's reordering of .symtab would have moved the bytes such
   relocations patch (a fresh user's finding of 2026-12-05).  */
static bool
relocatable (const struct relopt_section *s)
{
  switch (s->sh_type)
    {
    case RELOPT_SHT_SYMTAB:
    case RELOPT_SHT_STRTAB:
    case RELOPT_SHT_REL:
    case RELOPT_SHT_RELA:
    case RELOPT_SHT_DYNSYM:
    case RELOPT_SHT_GROUP:
    case RELOPT_SHT_SYMTAB_SHNDX:
      return false;
    default:
      return true;
    }
}

/* Sections that refer to other sections or to .symtab by index:
   SHT_GROUP; SHT_REL and SHT_RELA, whose sh_info names the section they
   apply to (0, no section, is left to readers: BFD then takes the
   section for plain data).  */
static int
read_relocs (const relopt_image *img, struct relopt_error *err)
{
  uint32_t i;
  char lb[96];
  int rc = 0;

  for (i = 1; rc == 0 && i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];

      if (s->sh_type == RELOPT_SHT_GROUP)
        rc = read_group (img, i, err);
      else if ((s->sh_type == RELOPT_SHT_REL || s->sh_type == RELOPT_SHT_RELA)
               && s->sh_info >= img->shnum)
        rc = relopt_set_error (
            err, RELOPT_E_FORMAT, "%s: sh_info %u is not a section",
            relopt_section_label (img, i, lb, sizeof lb), s->sh_info);
      else if ((s->sh_type == RELOPT_SHT_REL || s->sh_type == RELOPT_SHT_RELA)
               && s->sh_info != 0 && !relocatable (&img->sec[s->sh_info]))
        {
          char lt[96];
          rc = relopt_set_error (
              err, RELOPT_E_FORMAT,
              "%s: sh_info %u names %s, which relocations cannot apply to",
              relopt_section_label (img, i, lb, sizeof lb), s->sh_info,
              relopt_section_label (img, s->sh_info, lt, sizeof lt));
        }
      else if (relopt_image_is_symtab_reloc (img, i))
        rc = read_reloc_section (img, i, err);
    }
  return rc;
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
