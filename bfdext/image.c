/* image.c -- read and validate an ET_REL image (SysV gABI, "ELF Header",
   "Sections", "Symbol Table", "Relocation"; extended section numbering as
   in the gABI: e_shnum 0 / e_shstrndx SHN_XINDEX / SHT_SYMTAB_SHNDX).

   Everything the library later reads through the image is validated here,
   once: section extents, .symtab/.strtab/.shstrtab, symbol names and
   section indices, relocation entry sizes and symbol indices.  Later
   passes may then index without checks.  */

#include <config.h>
#include "image.h"
#include "fileio.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char sig_magic[] = "~Module signature appended~\n";

const char *
relopt_section_label (const relopt_image *img, uint32_t idx, char *buf,
                      size_t len)
{
  const char *name = "";

  if (idx < img->shnum && img->sec[idx].name)
    name = img->sec[idx].name;
  snprintf (buf, len, "section %u '%.60s'", idx, name);
  return buf;
}

unsigned char *
relopt_image_sym_raw (const relopt_image *img, uint32_t idx)
{
  return img->sec[img->symtab].data + (size_t)idx * img->symsize;
}

void
relopt_image_get_sym (const relopt_image *img, uint32_t idx,
                      struct relopt_sym *sym)
{
  const unsigned char *p = relopt_image_sym_raw (img, idx);
  const struct relopt_section *str = &img->sec[img->strtab];
  bool big = img->big;

  if (img->elfclass == RELOPT_ELFCLASS32)
    {
      sym->st_name = relopt_get32 (p, big);
      sym->st_value = relopt_get32 (p + 4, big);
      sym->st_size = relopt_get32 (p + 8, big);
      sym->st_info = p[12];
      sym->st_other = p[13];
      sym->st_shndx = relopt_get16 (p + 14, big);
    }
  else
    {
      sym->st_name = relopt_get32 (p, big);
      sym->st_info = p[4];
      sym->st_other = p[5];
      sym->st_shndx = relopt_get16 (p + 6, big);
      sym->st_value = relopt_get64 (p + 8, big);
      sym->st_size = relopt_get64 (p + 16, big);
    }
  sym->shndx = sym->st_shndx;
  if (sym->st_shndx == RELOPT_SHN_XINDEX && img->shndxsec != 0)
    sym->shndx
        = relopt_get32 (img->sec[img->shndxsec].data + 4 * (size_t)idx, big);
  sym->name = sym->st_name < str->sh_size
                  ? (const char *)str->data + sym->st_name
                  : "";
}

bool
relopt_symtab_user_type (uint32_t sh_type)
{
  switch (sh_type)
    {
    case RELOPT_SHT_REL:
    case RELOPT_SHT_RELA:
    case RELOPT_SHT_GROUP:
    case RELOPT_SHT_SYMTAB_SHNDX:
    case RELOPT_SHT_LLVM_ADDRSIG:
    case RELOPT_SHT_HASH:
    case RELOPT_SHT_GNU_HASH:
      return true;
    default:
      return false;
    }
}

bool
relopt_image_rewrites (const relopt_image *img, uint32_t idx)
{
  const struct relopt_section *s = &img->sec[idx];

  if (idx == img->symtab || idx == img->strtab || idx == img->shstrndx
      || (img->shndxsec != 0 && idx == img->shndxsec))
    return true;
  /* A hash table is rebuilt (or removed) whatever its sh_link says: a
     stale one is what relopt replaces.  */
  if (s->sh_type == RELOPT_SHT_HASH || s->sh_type == RELOPT_SHT_GNU_HASH)
    return true;
  return s->sh_link == img->symtab && relopt_symtab_user_type (s->sh_type);
}

bool
relopt_is_mapping_symbol (const char *name)
{
  return name[0] == '$'
         && (name[1] == 'a' || name[1] == 'd' || name[1] == 't'
             || name[1] == 'x')
         && (name[2] == '\0' || name[2] == '.');
}

/* Defined, named, and not a section or file symbol.  */
static bool
sym_named_defined (const struct relopt_sym *sym)
{
  unsigned type = sym->st_info & 0xf;

  return sym->shndx != RELOPT_SHN_UNDEF && sym->name[0] != '\0'
         && type != RELOPT_STT_SECTION && type != RELOPT_STT_FILE;
}

bool
relopt_sym_sysv_hashed (const relopt_image *img, const struct relopt_sym *sym)
{
  bool mapping_machine
      = img->e_machine == RELOPT_EM_ARM || img->e_machine == RELOPT_EM_AARCH64;

  return sym_named_defined (sym)
         && !(mapping_machine && relopt_is_mapping_symbol (sym->name));
}

bool
relopt_sym_gnu_hashed (const struct relopt_sym *sym)
{
  return sym_named_defined (sym) && (sym->st_info >> 4) != RELOPT_STB_LOCAL;
}

const char **
relopt_image_sym_names (const relopt_image *img)
{
  const char **names = calloc (img->nsyms ? img->nsyms : 1, sizeof *names);
  uint32_t i;

  if (names == NULL)
    return NULL;
  for (i = 0; i < img->nsyms; i++)
    {
      struct relopt_sym s;
      relopt_image_get_sym (img, i, &s);
      names[i] = s.name; /* entry 0 keeps a (non-standard) name too */
    }
  return names;
}

size_t
relopt_image_rel_entsize (const relopt_image *img, uint32_t sh_type)
{
  size_t word = img->elfclass == RELOPT_ELFCLASS32 ? 4 : 8;

  return sh_type == RELOPT_SHT_RELA ? 3 * word : 2 * word;
}

bool
relopt_image_is_symtab_reloc (const relopt_image *img, uint32_t idx)
{
  const struct relopt_section *s = &img->sec[idx];

  return (s->sh_type == RELOPT_SHT_REL || s->sh_type == RELOPT_SHT_RELA)
         && s->sh_link == img->symtab;
}

/* MIPS64 little-endian objects store r_info as a 32-bit little-endian
   r_sym followed by r_ssym, r_type3, r_type2, r_type bytes (MIPS64 ELF
   ABI); every other ELF64 stores r_sym in the high half of one word.  */
static bool
mips64el (const relopt_image *img)
{
  return img->e_machine == RELOPT_EM_MIPS && img->elfclass == RELOPT_ELFCLASS64
         && !img->big;
}

void
relopt_image_get_rel (const relopt_image *img, uint32_t sh_type,
                      const unsigned char *p, struct relopt_rel *rel)
{
  bool big = img->big;

  if (img->elfclass == RELOPT_ELFCLASS32)
    {
      uint32_t info = relopt_get32 (p + 4, big);
      rel->r_offset = relopt_get32 (p, big);
      rel->sym = info >> 8;
      rel->type = info & 0xff;
      rel->addend = sh_type == RELOPT_SHT_RELA
                        ? (int64_t)(int32_t)relopt_get32 (p + 8, big)
                        : 0;
    }
  else
    {
      rel->r_offset = relopt_get64 (p, big);
      if (mips64el (img))
        {
          rel->sym = relopt_get32 (p + 8, false);
          /* r_type, r_type2, r_type3 packed as bfd does.  */
          rel->type
              = (uint32_t)p[15] | (uint32_t)p[14] << 8 | (uint32_t)p[13] << 16;
        }
      else
        {
          uint64_t info = relopt_get64 (p + 8, big);
          rel->sym = (uint32_t)(info >> 32);
          rel->type = (uint32_t)info;
        }
      rel->addend = sh_type == RELOPT_SHT_RELA
                        ? (int64_t)relopt_get64 (p + 16, big)
                        : 0;
    }
}

void
relopt_image_set_rel_sym (const relopt_image *img, unsigned char *p,
                          uint32_t sym)
{
  bool big = img->big;

  if (img->elfclass == RELOPT_ELFCLASS32)
    {
      uint32_t info = relopt_get32 (p + 4, big);
      relopt_put32 (p + 4, (sym << 8) | (info & 0xff), big);
    }
  else if (mips64el (img))
    relopt_put32 (p + 8, sym, false);
  else
    {
      uint64_t info = relopt_get64 (p + 8, big);
      relopt_put64 (p + 8, ((uint64_t)sym << 32) | (info & 0xffffffffu), big);
    }
}

unsigned
relopt_image_hash_entsize (const relopt_image *img)
{
  if (img->elfclass == RELOPT_ELFCLASS64
      && (img->e_machine == RELOPT_EM_S390 || img->e_machine == RELOPT_EM_ALPHA
          || img->e_machine == RELOPT_EM_ALPHA_OLD))
    return 8;
  return 4;
}

uint32_t
relopt_image_find_type (const relopt_image *img, uint32_t sh_type,
                        unsigned *count)
{
  uint32_t i, found = 0;
  unsigned n = 0;

  for (i = 1; i < img->shnum; i++)
    if (img->sec[i].sh_type == sh_type)
      {
        if (n++ == 0)
          found = i;
      }
  if (count)
    *count = n;
  return found;
}

void
relopt_image_set_data (relopt_image *img, uint32_t idx, unsigned char *buf,
                       size_t len)
{
  struct relopt_section *s = &img->sec[idx];

  if (s->data_owned)
    free (s->data);
  else if (img->file_mapped)
    relopt_map_release (img->file, img->file_size, s->data, s->sh_size);
  s->data = buf;
  s->data_owned = buf != NULL;
  s->sh_size = len;
}

int
relopt_image_own_data (relopt_image *img, uint32_t idx,
                       struct relopt_error *err)
{
  struct relopt_section *s = &img->sec[idx];
  unsigned char *copy;

  if (s->data_owned || s->data == NULL)
    return 0;
  copy = malloc (s->sh_size ? s->sh_size : 1);
  if (copy == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  memcpy (copy, s->data, s->sh_size);
  if (img->file_mapped)
    relopt_map_release (img->file, img->file_size, s->data, s->sh_size);
  s->data = copy;
  s->data_owned = true;
  return 0;
}

/* Recompute the NAME pointers after .shstrtab changed.  */
static void
resolve_section_names (relopt_image *img)
{
  const struct relopt_section *shstr
      = img->shstrndx ? &img->sec[img->shstrndx] : NULL;
  uint32_t i;

  for (i = 0; i < img->shnum; i++)
    {
      struct relopt_section *s = &img->sec[i];
      s->name = "";
      if (shstr && shstr->data && s->sh_name < shstr->sh_size
          && memchr (shstr->data + s->sh_name, '\0',
                     shstr->sh_size - s->sh_name))
        s->name = (const char *)shstr->data + s->sh_name;
    }
}

int
relopt_image_add_name (relopt_image *img, const char *name, uint32_t *offp,
                       struct relopt_error *err)
{
  struct relopt_section *shstr;
  size_t namelen = strlen (name) + 1;
  uint64_t off = 0;
  bool found = false;

  if (img->shstrndx == 0)
    return relopt_set_error (err, RELOPT_E_REFUSE,
                             "no section name table (e_shstrndx is 0): "
                             "cannot add %s",
                             name);
  shstr = &img->sec[img->shstrndx];
  /* A table whose last string has no NUL gets one first: otherwise that
     string could not match now but would on a second run (after this one
     appended a NUL), giving other bytes (not idempotent).  */
  if (shstr->sh_size != 0 && shstr->data[shstr->sh_size - 1] != '\0')
    {
      unsigned char *buf;
      size_t old = shstr->sh_size;
      if (old + 1 > UINT32_MAX)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "section name table too large");
      buf = malloc (old + 1);
      if (buf == NULL)
        return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
      memcpy (buf, shstr->data, old);
      buf[old] = '\0';
      relopt_image_set_data (img, img->shstrndx, buf, old + 1);
    }
  /* Reuse an existing name, or the tail of a longer one (".hash" inside
     ".gnu.hash"), if present.  */
  while (off < shstr->sh_size)
    {
      const char *s = (const char *)shstr->data + off;
      size_t len = strnlen (s, shstr->sh_size - off);
      if (len + 1 >= namelen && off + len < shstr->sh_size
          && memcmp (s + len + 1 - namelen, name, namelen) == 0)
        {
          off += len + 1 - namelen;
          found = true;
          break;
        }
      off += len + 1;
    }
  if (!found)
    {
      unsigned char *buf;
      bool add_nul
          = shstr->sh_size == 0 || shstr->data[shstr->sh_size - 1] != '\0';
      size_t old = shstr->sh_size;
      if (old + add_nul + namelen > UINT32_MAX)
        return relopt_set_error (err, RELOPT_E_FORMAT,
                                 "section name table too large");
      buf = malloc (old + add_nul + namelen);
      if (buf == NULL)
        return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
      if (old)
        memcpy (buf, shstr->data, old);
      if (add_nul)
        buf[old] = '\0';
      off = old + add_nul;
      memcpy (buf + off, name, namelen);
      relopt_image_set_data (img, img->shstrndx, buf, old + add_nul + namelen);
    }
  *offp = (uint32_t)off;
  resolve_section_names (img);
  return 0;
}

void
relopt_image_names_changed (relopt_image *img)
{
  resolve_section_names (img);
}

/* Whether byte range [START, END) of .shstrtab is referred to by a
   section name or, when .shstrtab is also the symbols' string table, a
   symbol name; a section other than .symtab that uses .shstrtab as its
   string table counts as referring to all of it.  */
static bool
names_in_use (const relopt_image *img, uint64_t start, uint64_t end)
{
  uint32_t i;

  for (i = 0; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      if (s->sh_name >= start && s->sh_name < end)
        return true;
      if (i != 0 && i != img->symtab && s->sh_link == img->shstrndx
          && s->sh_type != RELOPT_SHT_NULL && s->sh_type != RELOPT_SHT_HASH
          && s->sh_type != RELOPT_SHT_GNU_HASH && s->sh_type != RELOPT_SHT_REL
          && s->sh_type != RELOPT_SHT_RELA)
        return true;
    }
  if (img->symtab != 0 && img->strtab == img->shstrndx)
    for (i = 0; i < img->nsyms; i++)
      {
        uint32_t st_name
            = relopt_get32 (relopt_image_sym_raw (img, i), img->big);
        if (st_name >= start && st_name < end)
          return true;
      }
  return false;
}

void
relopt_image_trim_names (relopt_image *img, const char *const *names, size_t n)
{
  struct relopt_section *shstr;
  bool trimmed = false;

  if (img->shstrndx == 0)
    return;
  shstr = &img->sec[img->shstrndx];
  while (shstr->sh_size >= 2 && shstr->data[shstr->sh_size - 1] == '\0')
    {
      uint64_t start = shstr->sh_size - 1;
      size_t k;

      while (start > 0 && shstr->data[start - 1] != '\0')
        start--;
      /* Offset 0 holds the table's first string: never removed.  */
      if (start == 0)
        break;
      for (k = 0; k < n; k++)
        if (strcmp ((const char *)shstr->data + start, names[k]) == 0)
          break;
      if (k == n || names_in_use (img, start, shstr->sh_size))
        break;
      shstr->sh_size = start;
      trimmed = true;
    }
  if (trimmed)
    resolve_section_names (img);
}

int
relopt_image_add_section (relopt_image *img, const char *name,
                          const struct relopt_section *hdr, uint32_t *idxp,
                          struct relopt_error *err)
{
  struct relopt_section *grown;
  uint32_t off;
  int rc;

  rc = relopt_image_add_name (img, name, &off, err);
  if (rc)
    return rc;
  if (img->shnum >= UINT32_MAX - 1)
    return relopt_set_error (err, RELOPT_E_FORMAT, "too many sections");
  grown = realloc (img->sec, (img->shnum + 1) * sizeof *img->sec);
  if (grown == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  img->sec = grown;
  grown[img->shnum] = *hdr;
  grown[img->shnum].sh_name = (uint32_t)off;
  grown[img->shnum].sh_offset = 0;
  *idxp = img->shnum++;
  resolve_section_names (img);
  return 0;
}

void
relopt_image_pop_section (relopt_image *img)
{
  struct relopt_section *s = &img->sec[img->shnum - 1];

  if (s->data_owned)
    free (s->data);
  img->shnum--;
}

void
relopt_image_free (relopt_image *img)
{
  uint32_t i;

  if (img == NULL)
    return;
  for (i = 0; img->sec && i < img->shnum; i++)
    if (img->sec[i].data_owned)
      free (img->sec[i].data);
  free (img->sec);
  if (img->file_mapped)
    relopt_unmap_file (img->file, img->file_size);
  else
    free (img->file);
  free (img);
}

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
  resolve_section_names (img);
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

int
relopt_image_check_locals_first (const relopt_image *img, int code,
                                 struct relopt_error *err)
{
  uint32_t first_global = img->sec[img->symtab].sh_info, i;

  for (i = 1; i < img->nsyms; i++)
    {
      struct relopt_sym s;
      bool local;
      relopt_image_get_sym (img, i, &s);
      local = (s.st_info >> 4) == RELOPT_STB_LOCAL;
      if (local != (i < first_global))
        return relopt_set_error (err, code,
                                 ".symtab: symbol %u '%.60s' is %s but "
                                 ".symtab's sh_info (first global) is %u",
                                 i, s.name, local ? "local" : "global",
                                 first_global);
    }
  return 0;
}
