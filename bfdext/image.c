/* image.c -- the in-memory ET_REL image and its accessors: symbols and
   relocations decoded from the raw records, the sections a rewrite
   touches, .shstrtab names added and trimmed, sections added, owned and
   freed.  The model is drawn in image.h.  Bytes become an image in
   parse.c, which validates everything these accessors later index without
   checks; an image becomes bytes in serialize.c.  */

#include <config.h>
#include "image.h"
#include "prefetch.h"
#include "fileio.h"
#include "../loader/relopt-loader.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void
relopt_image_get_sym (const relopt_image *img, uint32_t idx,
                      struct relopt_sym *sym)
{
  const unsigned char *p = relopt_image_sym_raw (img, idx);
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
  sym->name = relopt_image_sym_name (img, idx);
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
      return true;
    default:
      return relopt_is_table_type (sh_type);
    }
}

bool
relopt_is_table_type (uint32_t sh_type)
{
  return sh_type == RELOPT_SHT_HASH || sh_type == RELOPT_SHT_GNU_HASH
         || sh_type == RELOPT_SHT_RELOPT_ADDRORDER;
}

const char *
relopt_table_name (uint32_t sh_type)
{
  switch (sh_type)
    {
    case RELOPT_SHT_HASH:
      return ".hash";
    case RELOPT_SHT_GNU_HASH:
      return ".gnu.hash";
    case RELOPT_SHT_RELOPT_ADDRORDER:
      return ".addrorder";
    default:
      return NULL;
    }
}

int
relopt_image_refuse_foreign_tables (const relopt_image *img,
                                    struct relopt_error *err)
{
  const uint64_t loaded
      = RELOPT_SHF_WRITE | RELOPT_SHF_ALLOC | RELOPT_SHF_EXECINSTR;
  uint32_t i, j;
  char lb[96];

  static const uint32_t types[]
      = { RELOPT_SHT_HASH, RELOPT_SHT_GNU_HASH, RELOPT_SHT_RELOPT_ADDRORDER };

  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      const char *name = relopt_table_name (s->sh_type);

      /* A section of another type under a table's name: relopt would
         add a second section of that name, and trimming its tables'
         names from .shstrtab took this one's too (fuzz_relopt: a .strtab
         named .hash; a second run was not byte-identical).  */
      for (j = 0; name == NULL && img->shstrndx != 0 && s->name != NULL
                  && j < sizeof types / sizeof types[0];
           j++)
        if (strcmp (s->name, relopt_table_name (types[j])) == 0)
          return relopt_set_error (
              err, RELOPT_E_REFUSE,
              "%s: type %#x under the name of relopt's table of type %#x, "
              "a name relopt keeps for that table whatever the options "
              "(doc/design.md 1)",
              relopt_section_label (img, i, lb, sizeof lb),
              (unsigned)s->sh_type, (unsigned)types[j]);
      if (name == NULL)
        continue;
      if (s->sh_flags & loaded)
        return relopt_set_error (
            err, RELOPT_E_REFUSE,
            "%s: type %#x with flags %#llx (loaded) is not a table relopt "
            "wrote, and a rewrite would replace its contents; give it "
            "another name and type (doc/design.md 1)",
            relopt_section_label (img, i, lb, sizeof lb), (unsigned)s->sh_type,
            (unsigned long long)s->sh_flags);
      for (j = 1; j < img->shnum; j++)
        if ((img->sec[j].sh_type == RELOPT_SHT_REL
             || img->sec[j].sh_type == RELOPT_SHT_RELA)
            && img->sec[j].sh_info == i)
          return relopt_set_error (
              err, RELOPT_E_REFUSE,
              "%s: type %#x, but relocations apply to it: not a table relopt "
              "wrote, and a rewrite would replace its contents (doc/design.md "
              "1)",
              relopt_section_label (img, i, lb, sizeof lb),
              (unsigned)s->sh_type);
      if (img->shstrndx != 0 && (s->name == NULL || strcmp (s->name, name)))
        return relopt_set_error (
            err, RELOPT_E_REFUSE,
            "%s: type %#x is a table type relopt rebuilds, named %s; a "
            "rewrite would replace its contents (doc/design.md 1)",
            relopt_section_label (img, i, lb, sizeof lb), (unsigned)s->sh_type,
            name);
    }
  return 0;
}

bool
relopt_image_rewrites (const relopt_image *img, uint32_t idx)
{
  const struct relopt_section *s = &img->sec[idx];

  if (idx == img->symtab || idx == img->strtab || idx == img->shstrndx
      || (img->shndxsec != 0 && idx == img->shndxsec))
    return true;
  /* A table of relopt's is rebuilt (or removed) whatever its sh_link
     says: a stale one is what relopt replaces.  */
  if (relopt_is_table_type (s->sh_type))
    return true;
  return s->sh_link == img->symtab && relopt_symtab_user_type (s->sh_type);
}

/* The rules are the loader library's (loader/relopt-loader.h), so the
   tables relopt writes and the validation loaders run cannot disagree on
   which symbols belong in them.  .hash judges the raw st_shndx, as Linux
   does; .gnu.hash judges SHN_XINDEX symbols by their real section
   index.  */
bool
relopt_image_sym_sysv_hashed (const relopt_image *img, uint32_t idx)
{
  return rlo_sym_indexed (relopt_image_sym_st_shndx (img, idx),
                          relopt_image_sym_name (img, idx));
}

bool
relopt_sym_gnu_hashed (const struct relopt_sym *sym)
{
  return rlo_gnu_hashed (sym->st_info, sym->shndx, sym->name);
}

const char **
relopt_image_sym_names (const relopt_image *img)
{
  const char **names = calloc (img->nsyms ? img->nsyms : 1, sizeof *names);
  uint32_t i;

  if (names == NULL)
    return NULL;
  /* Entry 0 keeps a (non-standard) name too.  */
  for (i = 0; i < img->nsyms; i++)
    names[i] = relopt_image_sym_name (img, i);
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

bool
relopt_image_rel_pending (const relopt_image *img, uint32_t idx)
{
  return img->sec[idx].rel_order != NULL || img->sec[idx].rel_remap;
}

uint32_t
relopt_image_rel_sym_out (const relopt_image *img, uint32_t idx, uint32_t sym)
{
  return img->sec[idx].rel_remap ? img->rel_remap[sym] : sym;
}

/* relopt_image_rel_sym_scan over N entries of ENT bytes at P whose
   r_sym is the 32-bit word at SYM_AT (ELFCLASS64, MIPS64 little-endian:
   r_sym is a word of its own) or the top 24 bits of the word at 4
   (ELFCLASS32), or the top half of the 64-bit word at 8 (ELFCLASS64).
   Inlined with constant BIG and SHAPE, so each loop is a load, a shift
   and a compare.  */
enum rel_shape
{
  REL_SYM32,
  REL_SYM64,
  REL_SYM_MIPS64EL
};

static inline uint64_t
rel_sym_scan (const unsigned char *p, uint64_t n, size_t ent, uint32_t limit,
              enum rel_shape shape, bool big)
{
  uint64_t j;

  for (j = 0; j < n; j++, p += ent)
    {
      uint32_t sym = shape == REL_SYM32 ? relopt_get32 (p + 4, big) >> 8
                     : shape == REL_SYM64
                         ? (uint32_t)(relopt_get64 (p + 8, big) >> 32)
                         : relopt_get32 (p + 8, false);
      if (sym >= limit)
        break;
    }
  return j;
}

uint64_t
relopt_image_rel_sym_scan (const relopt_image *img, uint32_t idx,
                           uint32_t limit)
{
  const struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n = s->sh_size / ent;

  if (mips64el (img))
    return rel_sym_scan (s->data, n, ent, limit, REL_SYM_MIPS64EL, false);
  if (img->elfclass == RELOPT_ELFCLASS32)
    return img->big ? rel_sym_scan (s->data, n, ent, limit, REL_SYM32, true)
                    : rel_sym_scan (s->data, n, ent, limit, REL_SYM32, false);
  return img->big ? rel_sym_scan (s->data, n, ent, limit, REL_SYM64, true)
                  : rel_sym_scan (s->data, n, ent, limit, REL_SYM64, false);
}

/* OUT[0..COUNT) = the entries of ENT bytes at DATA numbered
   ORDER[0..COUNT).  Inlined with a constant ENT, so an entry is a move
   or two, not a call to memcpy.  */
static inline void
rel_gather (unsigned char *out, const unsigned char *data,
            const uint32_t *order, uint64_t count, size_t ent)
{
  uint64_t j;

  for (j = 0; j < count; j++)
    {
      if (j + RELOPT_PREFETCH_AHEAD < count)
        relopt_prefetch (data
                         + (uint64_t)order[j + RELOPT_PREFETCH_AHEAD] * ent);
      memcpy (out + j * ent, data + (uint64_t)order[j] * ent, ent);
    }
}

/* r_sym of the COUNT entries of ENT bytes at P through REMAP (symbol 0
   stays 0), r_sym where SHAPE puts it (rel_sym_scan).  Inlined with
   constant SHAPE and BIG.  */
static inline void
rel_remap (unsigned char *p, uint64_t count, size_t ent, const uint32_t *remap,
           enum rel_shape shape, bool big)
{
  uint64_t j;

  for (j = 0; j < count; j++, p += ent)
    if (shape == REL_SYM32)
      {
        uint32_t info = relopt_get32 (p + 4, big);
        if (info >> 8 != 0)
          relopt_put32 (p + 4, remap[info >> 8] << 8 | (info & 0xff), big);
      }
    else if (shape == REL_SYM64)
      {
        uint64_t info = relopt_get64 (p + 8, big);
        if (info >> 32 != 0)
          relopt_put64 (
              p + 8, (uint64_t)remap[info >> 32] << 32 | (uint32_t)info, big);
      }
    else
      {
        uint32_t sym = relopt_get32 (p + 8, false);
        if (sym != 0)
          relopt_put32 (p + 8, remap[sym], false);
      }
}

void
relopt_image_rel_fill (const relopt_image *img, uint32_t idx, uint64_t first,
                       uint64_t count, unsigned char *out)
{
  const struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  const uint32_t *order = s->rel_order ? s->rel_order + first : NULL;

  /* Elf32_Rel, Elf32_Rela, Elf64_Rel, Elf64_Rela.  */
  if (order == NULL)
    memcpy (out, s->data + first * ent, count * ent);
  else if (ent == 8)
    rel_gather (out, s->data, order, count, 8);
  else if (ent == 12)
    rel_gather (out, s->data, order, count, 12);
  else if (ent == 16)
    rel_gather (out, s->data, order, count, 16);
  else
    rel_gather (out, s->data, order, count, 24);
  if (!s->rel_remap)
    return;
  if (mips64el (img))
    rel_remap (out, count, ent, img->rel_remap, REL_SYM_MIPS64EL, false);
  else if (img->elfclass == RELOPT_ELFCLASS32)
    {
      if (img->big)
        rel_remap (out, count, ent, img->rel_remap, REL_SYM32, true);
      else
        rel_remap (out, count, ent, img->rel_remap, REL_SYM32, false);
    }
  else if (img->big)
    rel_remap (out, count, ent, img->rel_remap, REL_SYM64, true);
  else
    rel_remap (out, count, ent, img->rel_remap, REL_SYM64, false);
}

/* Drop section S's pending relocation changes.  */
static void
rel_pending_clear (struct relopt_section *s)
{
  free (s->rel_order);
  s->rel_order = NULL;
  s->rel_remap = false;
}

void
relopt_image_set_data (relopt_image *img, uint32_t idx, unsigned char *buf,
                       size_t len)
{
  struct relopt_section *s = &img->sec[idx];

  rel_pending_clear (s);
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

  if ((s->data_owned && !relopt_image_rel_pending (img, idx))
      || s->data == NULL)
    return 0;
  copy = malloc (s->sh_size ? s->sh_size : 1);
  if (copy == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  if (relopt_image_rel_pending (img, idx))
    relopt_image_rel_fill (
        img, idx, 0, s->sh_size / relopt_image_rel_entsize (img, s->sh_type),
        copy);
  else
    memcpy (copy, s->data, s->sh_size);
  relopt_image_set_data (img, idx, copy, s->sh_size);
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

/* Grow IMG's section name table (e_shstrndx, not 0) into a new buffer:
   a NUL when ADD_NUL, then the NAMELEN bytes of NAME.  */
static int
grow_shstrtab (relopt_image *img, bool add_nul, const char *name,
               size_t namelen, struct relopt_error *err)
{
  const struct relopt_section *shstr = &img->sec[img->shstrndx];
  size_t old = shstr->sh_size, len = old + add_nul + namelen;
  unsigned char *buf;

  if (len > UINT32_MAX)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "section name table too large");
  buf = malloc (len);
  if (buf == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  if (old)
    memcpy (buf, shstr->data, old);
  if (add_nul)
    buf[old] = '\0';
  if (namelen)
    memcpy (buf + old + add_nul, name, namelen);
  relopt_image_set_data (img, img->shstrndx, buf, len);
  return 0;
}

/* Where NAME (NAMELEN bytes, its NUL included) already is in SHSTR: a
   whole string or the tail of a longer one (".hash" inside ".gnu.hash").
   Its offset into *OFFP; false when absent.  */
static bool
find_name (const struct relopt_section *shstr, const char *name,
           size_t namelen, uint64_t *offp)
{
  uint64_t off = 0;

  while (off < shstr->sh_size)
    {
      const char *s = (const char *)shstr->data + off;
      size_t len = strnlen (s, shstr->sh_size - off);
      if (len + 1 >= namelen && off + len < shstr->sh_size
          && memcmp (s + len + 1 - namelen, name, namelen) == 0)
        {
          *offp = off + len + 1 - namelen;
          return true;
        }
      off += len + 1;
    }
  return false;
}

int
relopt_image_add_name (relopt_image *img, const char *name, uint32_t *offp,
                       struct relopt_error *err)
{
  struct relopt_section *shstr;
  size_t namelen = strlen (name) + 1;
  uint64_t off = 0;
  int rc;

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
      rc = grow_shstrtab (img, true, "", 0, err);
      if (rc)
        return rc;
    }
  /* Reuse an existing name, or append it.  */
  if (!find_name (shstr, name, namelen, &off))
    {
      bool add_nul
          = shstr->sh_size == 0 || shstr->data[shstr->sh_size - 1] != '\0';
      off = shstr->sh_size + add_nul;
      rc = grow_shstrtab (img, add_nul, name, namelen, err);
      if (rc)
        return rc;
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
   string table counts as referring to all of it.  The names of relopt's
   own tables do not count: they are added again after the trim
   (relopt_hash_sections_settle), so a table kept in place no longer
   keeps its old name's bytes in one run and loses them in the next
   (fuzz_relopt, 2026-12-05: a second run was 10 bytes shorter).  */
static bool
names_in_use (const relopt_image *img, uint64_t start, uint64_t end)
{
  uint32_t i;

  for (i = 0; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      if (s->sh_name >= start && s->sh_name < end
          && !relopt_is_table_type (s->sh_type))
        return true;
      if (i != 0 && i != img->symtab && s->sh_link == img->shstrndx
          && s->sh_type != RELOPT_SHT_NULL
          && !relopt_is_table_type (s->sh_type) && s->sh_type != RELOPT_SHT_REL
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

  rel_pending_clear (s);
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
    {
      rel_pending_clear (&img->sec[i]);
      if (img->sec[i].data_owned)
        free (img->sec[i].data);
    }
  free (img->sec);
  free (img->rel_remap);
  if (img->file_mapped)
    relopt_unmap_file (img->file, img->file_size);
  else
    free (img->file);
  free (img);
}

int
relopt_image_check_locals_first (const relopt_image *img, int code,
                                 struct relopt_error *err)
{
  uint32_t first_global = img->sec[img->symtab].sh_info, i;

  for (i = 1; i < img->nsyms; i++)
    {
      bool local = (relopt_image_sym_info (img, i) >> 4) == RELOPT_STB_LOCAL;
      if (local != (i < first_global))
        return relopt_set_error (err, code,
                                 ".symtab: symbol %u '%.60s' is %s but "
                                 ".symtab's sh_info (first global) is %u",
                                 i, relopt_image_sym_name (img, i),
                                 local ? "local" : "global", first_global);
    }
  return 0;
}
