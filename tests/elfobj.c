/* elfobj.c -- the tests' own ELF writer and reader; see elfobj.h.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfobj.h"

static void *
xcalloc_or_die (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size ? size : 1);

  if (p == NULL)
    {
      fprintf (stderr, "elfobj: out of memory\n");
      abort ();
    }
  return p;
}

static void *
xrealloc_or_die (void *p, size_t size)
{
  p = realloc (p, size ? size : 1);
  if (p == NULL)
    {
      fprintf (stderr, "elfobj: out of memory\n");
      abort ();
    }
  return p;
}

static char *
xstrdup_or_null (const char *s)
{
  char *d;

  if (s == NULL)
    return NULL;
  d = xcalloc_or_die (strlen (s) + 1, 1);
  strcpy (d, s);
  return d;
}

uint64_t
eo_get (const unsigned char *p, unsigned size, bool big)
{
  uint64_t v = 0;
  unsigned i;

  /* Big-endian: most significant byte first; little: last.  */
  for (i = 0; i < size; i++)
    v = (v << 8) | p[big ? i : size - 1 - i];
  return v;
}

void
eo_put (unsigned char *p, uint64_t v, unsigned size, bool big)
{
  unsigned i;

  for (i = 0; i < size; i++)
    {
      p[big ? size - 1 - i : i] = (unsigned char)(v & 0xff);
      v >>= 8;
    }
}

void
eo_init (struct eo_obj *o, unsigned cls, bool big, uint16_t machine)
{
  memset (o, 0, sizeof *o);
  o->cls = cls;
  o->big = big;
  o->type = EO_ET_REL;
  o->machine = machine;
  o->symtab_info = -1;
  o->secalloc = 16;
  o->sec = xcalloc_or_die (o->secalloc, sizeof *o->sec);
  o->nsec = 1;
  o->symalloc = 16;
  o->sym = xcalloc_or_die (o->symalloc, sizeof *o->sym);
  o->nsym = 1;
}

void
eo_free (struct eo_obj *o)
{
  uint32_t i;

  for (i = 0; i < o->nsec; i++)
    {
      free (o->sec[i].name);
      free (o->sec[i].data);
    }
  for (i = 0; i < o->nsym; i++)
    free (o->sym[i].name);
  free (o->sec);
  free (o->sym);
  memset (o, 0, sizeof *o);
}

uint32_t
eo_add_sec (struct eo_obj *o, const char *name, uint32_t type, uint64_t flags,
            const void *data, size_t size, uint32_t link, uint32_t info,
            uint64_t align, uint64_t entsize)
{
  struct eo_sec *s;

  if (o->nsec == o->secalloc)
    {
      o->secalloc *= 2;
      o->sec = xrealloc_or_die (o->sec, o->secalloc * sizeof *o->sec);
    }
  s = &o->sec[o->nsec];
  memset (s, 0, sizeof *s);
  s->name = xstrdup_or_null (name);
  s->type = type;
  s->flags = flags;
  s->size = size;
  if (type != EO_SHT_NOBITS && size > 0)
    {
      s->data = xcalloc_or_die (size, 1);
      if (data)
        memcpy (s->data, data, size);
    }
  s->link = link;
  s->info = info;
  s->align = align;
  s->entsize = entsize;
  return o->nsec++;
}

uint32_t
eo_add_symtab (struct eo_obj *o)
{
  unsigned symsize = o->cls == EO_CLASS32 ? 16 : 24;

  o->symtab = eo_add_sec (o, ".symtab", EO_SHT_SYMTAB, 0, NULL, 0, o->nsec + 1,
                          0, o->cls == EO_CLASS32 ? 4 : 8, symsize);
  o->strtab = eo_add_sec (o, ".strtab", EO_SHT_STRTAB, 0, NULL, 0, 0, 0, 1, 0);
  return o->symtab;
}

uint32_t
eo_add_shndx (struct eo_obj *o)
{
  o->shndx = eo_add_sec (o, ".symtab_shndx", EO_SHT_SYMTAB_SHNDX, 0, NULL, 0,
                         o->symtab, 0, 4, 4);
  return o->shndx;
}

uint32_t
eo_add_shstrtab (struct eo_obj *o)
{
  o->shstrtab
      = eo_add_sec (o, ".shstrtab", EO_SHT_STRTAB, 0, NULL, 0, 0, 0, 1, 0);
  return o->shstrtab;
}

uint32_t
eo_add_sym (struct eo_obj *o, const char *name, uint64_t value, uint64_t size,
            unsigned bind, unsigned type, uint32_t shndx)
{
  struct eo_sym *s;

  if (o->nsym == o->symalloc)
    {
      o->symalloc *= 2;
      o->sym = xrealloc_or_die (o->sym, o->symalloc * sizeof *o->sym);
    }
  s = &o->sym[o->nsym];
  memset (s, 0, sizeof *s);
  s->name = xstrdup_or_null (name);
  s->value = value;
  s->size = size;
  s->info = (unsigned char)(bind << 4 | (type & 0xf));
  s->shndx = shndx;
  /* Real section indices in the reserved range need SHN_XINDEX.  */
  s->xindex = shndx >= EO_SHN_LORESERVE && shndx != EO_SHN_ABS
              && shndx != EO_SHN_COMMON;
  return o->nsym++;
}

size_t
eo_relsize (const struct eo_obj *o, bool rela)
{
  unsigned word = o->cls == EO_CLASS32 ? 4 : 8;

  return (rela ? 3 : 2) * word;
}

void
eo_put_rel (const struct eo_obj *o, unsigned char *p, bool rela,
            uint64_t offset, uint32_t sym, uint32_t type, int64_t addend)
{
  if (o->cls == EO_CLASS32)
    {
      /* ELF32_R_INFO (sym, type) = sym << 8 | (unsigned char) type.  */
      eo_put (p, offset, 4, o->big);
      eo_put (p + 4, (uint64_t)sym << 8 | (type & 0xff), 4, o->big);
      if (rela)
        eo_put (p + 8, (uint64_t)addend, 4, o->big);
      return;
    }
  eo_put (p, offset, 8, o->big);
  if (o->machine == EO_EM_MIPS && !o->big)
    {
      /* MIPS64 ELF ABI: r_info is { Elf32_Word r_sym; unsigned char
         r_ssym, r_type3, r_type2, r_type; }, each field in the file's
         byte order; written byte by byte here.  */
      eo_put (p + 8, sym, 4, false);
      p[12] = 0;                           /* r_ssym */
      p[13] = (unsigned char)(type >> 16); /* r_type3 */
      p[14] = (unsigned char)(type >> 8);  /* r_type2 */
      p[15] = (unsigned char)type;         /* r_type */
    }
  else
    eo_put (p + 8, (uint64_t)sym << 32 | type, 8, o->big);
  if (rela)
    eo_put (p + 16, (uint64_t)addend, 8, o->big);
}

uint32_t
eo_add_rel (struct eo_obj *o, const char *name, bool rela, uint32_t target,
            const struct eo_rel *rels, size_t n)
{
  size_t ent = eo_relsize (o, rela), i;
  unsigned char *buf = xcalloc_or_die (n, ent);
  uint32_t idx;

  for (i = 0; i < n; i++)
    eo_put_rel (o, buf + i * ent, rela, rels[i].offset, rels[i].sym,
                rels[i].type, rels[i].addend);
  idx = eo_add_sec (o, name, rela ? EO_SHT_RELA : EO_SHT_REL, 0x40 /* INFO */,
                    buf, n * ent, o->symtab, target,
                    o->cls == EO_CLASS32 ? 4 : 8, ent);
  free (buf);
  return idx;
}

static uint64_t
align_to (uint64_t v, uint64_t a)
{
  return a > 1 ? (v + a - 1) / a * a : v;
}

/* Generate .strtab (names in symbol order, no sharing: the unmerged
   layout of lld/mold), .symtab, .symtab_shndx and .shstrtab.  */
static void
generate_tables (struct eo_obj *o)
{
  unsigned symsize = o->cls == EO_CLASS32 ? 16 : 24;
  size_t strsize = 1, shsize = 1, pos;
  unsigned char *st, *str, *sh, *x = NULL;
  uint32_t i, first_global = o->nsym;

  if (o->shstrtab == 0)
    eo_add_shstrtab (o);
  for (i = 1; i < o->nsym; i++)
    if (o->sym[i].name && o->sym[i].name[0])
      strsize += strlen (o->sym[i].name) + 1;
  for (i = 1; i < o->nsec; i++)
    if (o->sec[i].name && o->sec[i].name[0])
      shsize += strlen (o->sec[i].name) + 1;

  /* .shstrtab: every section name appended once per section.  */
  sh = xcalloc_or_die (shsize, 1);
  pos = 1;
  for (i = 1; i < o->nsec; i++)
    if (o->sec[i].name && o->sec[i].name[0])
      {
        strcpy ((char *)sh + pos, o->sec[i].name);
        pos += strlen (o->sec[i].name) + 1;
      }
  free (o->sec[o->shstrtab].data);
  o->sec[o->shstrtab].data = sh;
  o->sec[o->shstrtab].size = shsize;

  if (o->symtab == 0)
    return;
  str = xcalloc_or_die (strsize, 1);
  st = xcalloc_or_die (o->nsym, symsize);
  if (o->shndx)
    x = xcalloc_or_die (o->nsym, 4);
  pos = 1;
  for (i = 0; i < o->nsym; i++)
    {
      const struct eo_sym *s = &o->sym[i];
      unsigned char *p = st + (size_t)i * symsize;
      uint32_t st_name = 0;
      uint16_t st_shndx = s->xindex ? EO_SHN_XINDEX : (uint16_t)s->shndx;

      if (i > 0 && s->name && s->name[0])
        {
          st_name = (uint32_t)pos;
          strcpy ((char *)str + pos, s->name);
          pos += strlen (s->name) + 1;
        }
      if (i > 0 && (s->info >> 4) != EO_STB_LOCAL && first_global == o->nsym)
        first_global = i;
      if (o->cls == EO_CLASS32)
        {
          /* Elf32_Sym: name, value, size, info, other, shndx.  */
          eo_put (p, st_name, 4, o->big);
          eo_put (p + 4, s->value, 4, o->big);
          eo_put (p + 8, s->size, 4, o->big);
          p[12] = s->info;
          p[13] = s->other;
          eo_put (p + 14, st_shndx, 2, o->big);
        }
      else
        {
          /* Elf64_Sym: name, info, other, shndx, value, size.  */
          eo_put (p, st_name, 4, o->big);
          p[4] = s->info;
          p[5] = s->other;
          eo_put (p + 6, st_shndx, 2, o->big);
          eo_put (p + 8, s->value, 8, o->big);
          eo_put (p + 16, s->size, 8, o->big);
        }
      if (x)
        eo_put (x + 4 * (size_t)i, s->xindex ? s->shndx : 0, 4, o->big);
    }
  free (o->sec[o->strtab].data);
  o->sec[o->strtab].data = str;
  o->sec[o->strtab].size = strsize;
  free (o->sec[o->symtab].data);
  o->sec[o->symtab].data = st;
  o->sec[o->symtab].size = (size_t)o->nsym * symsize;
  o->sec[o->symtab].info
      = o->symtab_info >= 0 ? (uint32_t)o->symtab_info : first_global;
  o->sec[o->symtab].link = o->strtab;
  if (x)
    {
      free (o->sec[o->shndx].data);
      o->sec[o->shndx].data = x;
      o->sec[o->shndx].size = 4 * (size_t)o->nsym;
      o->sec[o->shndx].link = o->symtab;
    }
}

/* The writer's output was compared, when this file was written, with
   `readelf -S -s -r -g -W' and `eu-readelf -S -s -r' on ELF32/ELF64, both
   byte orders, MIPS64 little-endian and an object of 65,300 sections
   with e_shnum 0 / e_shstrndx SHN_XINDEX / SHN_XINDEX symbols: both tools
   print the sections, symbols, relocation symbols and group signatures
   the tests describe.  */
void
eo_write (struct eo_obj *o, unsigned char **outp, size_t *lenp)
{
  bool is32 = o->cls == EO_CLASS32;
  unsigned ehsize = is32 ? 52 : 64, shentsize = is32 ? 40 : 64;
  uint64_t pos, shoff, total, *off;
  unsigned char *out;
  bool big = o->big, ext_shnum, ext_shstrndx;
  uint32_t i;

  generate_tables (o);
  off = xcalloc_or_die (o->nsec, sizeof *off);
  pos = ehsize;
  for (i = 1; i < o->nsec; i++)
    {
      if (o->sec[i].type == EO_SHT_NULL)
        continue;
      pos = align_to (pos, o->sec[i].align);
      off[i] = pos;
      if (o->sec[i].type != EO_SHT_NOBITS)
        pos += o->sec[i].size;
    }
  shoff = align_to (pos, is32 ? 4 : 8);
  total = shoff + (uint64_t)o->nsec * shentsize;
  out = xcalloc_or_die (total, 1);
  ext_shnum = o->nsec >= EO_SHN_LORESERVE || o->force_ext_shnum;
  ext_shstrndx = o->shstrtab >= EO_SHN_LORESERVE || o->force_ext_shstrndx;

  /* e_ident: magic, class, data, version, OS ABI 0.  */
  memcpy (out, "\177ELF", 4);
  out[4] = (unsigned char)o->cls;
  out[5] = big ? 2 : 1;
  out[6] = 1;
  eo_put (out + 16, o->type, 2, big);
  eo_put (out + 18, o->machine, 2, big);
  eo_put (out + 20, 1, 4, big); /* e_version */
  if (is32)
    {
      eo_put (out + 32, shoff, 4, big);
      eo_put (out + 36, o->flags, 4, big);
      eo_put (out + 40, ehsize, 2, big);
      eo_put (out + 46, shentsize, 2, big);
      eo_put (out + 48, ext_shnum ? 0 : o->nsec, 2, big);
      eo_put (out + 50, ext_shstrndx ? EO_SHN_XINDEX : o->shstrtab, 2, big);
    }
  else
    {
      eo_put (out + 40, shoff, 8, big);
      eo_put (out + 48, o->flags, 4, big);
      eo_put (out + 52, ehsize, 2, big);
      eo_put (out + 58, shentsize, 2, big);
      eo_put (out + 60, ext_shnum ? 0 : o->nsec, 2, big);
      eo_put (out + 62, ext_shstrndx ? EO_SHN_XINDEX : o->shstrtab, 2, big);
    }

  {
    /* Name offsets in .shstrtab, in the order generate_tables wrote.  */
    uint64_t nameoff = 1;
    for (i = 0; i < o->nsec; i++)
      {
        const struct eo_sec *s = &o->sec[i];
        unsigned char *h = out + shoff + (uint64_t)i * shentsize;
        uint64_t size = s->size, link = s->link;
        uint32_t name = 0;

        if (i > 0 && s->name && s->name[0])
          {
            name = (uint32_t)nameoff;
            nameoff += strlen (s->name) + 1;
          }
        if (i == 0)
          {
            size = ext_shnum ? o->nsec : 0;
            link = ext_shstrndx ? o->shstrtab : 0;
          }
        if (s->type != EO_SHT_NOBITS && s->type != EO_SHT_NULL && s->size)
          memcpy (out + off[i], s->data, s->size);
        eo_put (h, name, 4, big);
        eo_put (h + 4, s->type, 4, big);
        if (is32)
          {
            eo_put (h + 8, s->flags, 4, big);
            eo_put (h + 12, s->addr, 4, big);
            eo_put (h + 16, off[i], 4, big);
            eo_put (h + 20, size, 4, big);
            eo_put (h + 24, link, 4, big);
            eo_put (h + 28, s->info, 4, big);
            eo_put (h + 32, s->align, 4, big);
            eo_put (h + 36, s->entsize, 4, big);
          }
        else
          {
            eo_put (h + 8, s->flags, 8, big);
            eo_put (h + 16, s->addr, 8, big);
            eo_put (h + 24, off[i], 8, big);
            eo_put (h + 32, size, 8, big);
            eo_put (h + 40, link, 4, big);
            eo_put (h + 44, s->info, 4, big);
            eo_put (h + 48, s->align, 8, big);
            eo_put (h + 56, s->entsize, 8, big);
          }
      }
  }
  free (off);
  *outp = out;
  *lenp = total;
}

/* ---- Reader ------------------------------------------------------------ */

static bool
fits (uint64_t off, uint64_t len, uint64_t size)
{
  return off <= size && len <= size - off;
}

int
eo_parse (const unsigned char *buf, size_t len, struct eo_view *v)
{
  bool big, is32;
  unsigned shentsize;
  uint64_t shnum, shstrndx;
  uint32_t i;

  memset (v, 0, sizeof *v);
  v->buf = buf;
  v->len = len;
  if (len < 52 || memcmp (buf, "\177ELF", 4) != 0
      || (buf[4] != EO_CLASS32 && buf[4] != EO_CLASS64)
      || (buf[5] != 1 && buf[5] != 2))
    return -1;
  v->cls = buf[4];
  v->big = big = buf[5] == 2;
  is32 = v->cls == EO_CLASS32;
  if (!is32 && len < 64)
    return -1;
  v->type = (uint16_t)eo_get (buf + 16, 2, big);
  v->machine = (uint16_t)eo_get (buf + 18, 2, big);
  v->shoff = eo_get (buf + (is32 ? 32 : 40), is32 ? 4 : 8, big);
  v->flags = (uint32_t)eo_get (buf + (is32 ? 36 : 48), 4, big);
  shentsize = (unsigned)eo_get (buf + (is32 ? 46 : 58), 2, big);
  v->e_shnum_field = (uint16_t)eo_get (buf + (is32 ? 48 : 60), 2, big);
  v->e_shstrndx_field = (uint16_t)eo_get (buf + (is32 ? 50 : 62), 2, big);
  if (shentsize != (is32 ? 40u : 64u) || !fits (v->shoff, shentsize, len))
    return -1;
  shnum = v->e_shnum_field;
  shstrndx = v->e_shstrndx_field;
  if (shnum == 0)
    shnum = eo_get (buf + v->shoff + (is32 ? 20 : 32), is32 ? 4 : 8, big);
  if (shstrndx == EO_SHN_XINDEX)
    shstrndx = eo_get (buf + v->shoff + (is32 ? 24 : 40), 4, big);
  if (shnum == 0 || shnum > (len - v->shoff) / shentsize || shstrndx >= shnum)
    return -1;
  v->shnum = (uint32_t)shnum;
  v->shstrndx = (uint32_t)shstrndx;
  v->elf_end = v->shoff + shnum * shentsize;
  v->sec = xcalloc_or_die (shnum, sizeof *v->sec);
  for (i = 0; i < shnum; i++)
    {
      const unsigned char *h = buf + v->shoff + (uint64_t)i * shentsize;
      struct eo_vsec *s = &v->sec[i];
      unsigned w = is32 ? 4 : 8;

      s->name_off = (uint32_t)eo_get (h, 4, big);
      s->type = (uint32_t)eo_get (h + 4, 4, big);
      s->flags = eo_get (h + 8, w, big);
      s->addr = eo_get (h + 8 + w, w, big);
      s->offset = eo_get (h + 8 + 2 * w, w, big);
      s->size = eo_get (h + 8 + 3 * w, w, big);
      s->link = (uint32_t)eo_get (h + 8 + 4 * w, 4, big);
      s->info = (uint32_t)eo_get (h + 12 + 4 * w, 4, big);
      s->align = eo_get (h + 16 + 4 * w, w, big);
      s->entsize = eo_get (h + 16 + 5 * w, w, big);
      if (i > 0 && s->type != EO_SHT_NOBITS && s->type != EO_SHT_NULL)
        {
          if (!fits (s->offset, s->size, len))
            goto bad;
          s->data = buf + s->offset;
          if (s->offset + s->size > v->elf_end)
            v->elf_end = s->offset + s->size;
        }
    }
  for (i = 0; i < shnum; i++)
    {
      const struct eo_vsec *ss = &v->sec[v->shstrndx];
      struct eo_vsec *s = &v->sec[i];
      s->name = "";
      if (v->shstrndx != 0)
        {
          if (s->name_off >= ss->size
              || !memchr (ss->data + s->name_off, 0, ss->size - s->name_off))
            goto bad;
          s->name = (const char *)ss->data + s->name_off;
        }
    }

  /* Symbols.  */
  v->symtab = eo_find_type (v, EO_SHT_SYMTAB, NULL);
  if (v->symtab == 0)
    return 0;
  {
    const struct eo_vsec *st = &v->sec[v->symtab], *str;
    unsigned symsize = is32 ? 16 : 24;

    if (st->link >= shnum || st->size % symsize)
      goto bad;
    v->strtab = st->link;
    str = &v->sec[v->strtab];
    if (str->size == 0 || str->data[str->size - 1] != 0)
      goto bad;
    v->nsym = (uint32_t)(st->size / symsize);
    v->first_global = st->info;
    for (i = 1; i < shnum; i++)
      if (v->sec[i].type == EO_SHT_SYMTAB_SHNDX && v->sec[i].link == v->symtab)
        v->shndx = i;
    if (v->shndx && v->sec[v->shndx].size != 4 * (uint64_t)v->nsym)
      goto bad;
    v->sym = xcalloc_or_die (v->nsym, sizeof *v->sym);
    for (i = 0; i < v->nsym; i++)
      {
        const unsigned char *p = st->data + (size_t)i * symsize;
        struct eo_vsym *y = &v->sym[i];
        y->st_name = (uint32_t)eo_get (p, 4, big);
        if (is32)
          {
            y->value = eo_get (p + 4, 4, big);
            y->size = eo_get (p + 8, 4, big);
            y->info = p[12];
            y->other = p[13];
            y->st_shndx = (uint16_t)eo_get (p + 14, 2, big);
          }
        else
          {
            y->info = p[4];
            y->other = p[5];
            y->st_shndx = (uint16_t)eo_get (p + 6, 2, big);
            y->value = eo_get (p + 8, 8, big);
            y->size = eo_get (p + 16, 8, big);
          }
        if (y->st_name >= str->size)
          goto bad;
        y->name = (const char *)str->data + y->st_name;
        y->shndx = y->st_shndx;
        if (y->st_shndx == EO_SHN_XINDEX)
          {
            if (!v->shndx)
              goto bad;
            y->shndx
                = (uint32_t)eo_get (v->sec[v->shndx].data + 4 * i, 4, big);
          }
      }
  }
  return 0;

bad:
  eo_view_free (v);
  return -1;
}

void
eo_view_free (struct eo_view *v)
{
  free (v->sec);
  free (v->sym);
  v->sec = NULL;
  v->sym = NULL;
}

uint32_t
eo_find_sec (const struct eo_view *v, const char *name)
{
  uint32_t i;

  for (i = 1; i < v->shnum; i++)
    if (strcmp (v->sec[i].name, name) == 0)
      return i;
  return 0;
}

uint32_t
eo_find_type (const struct eo_view *v, uint32_t type, unsigned *count)
{
  uint32_t i, found = 0;
  unsigned n = 0;

  for (i = 1; i < v->shnum; i++)
    if (v->sec[i].type == type && n++ == 0)
      found = i;
  if (count)
    *count = n;
  return found;
}

size_t
eo_nrel (const struct eo_view *v, uint32_t idx)
{
  const struct eo_vsec *s = &v->sec[idx];
  size_t ent
      = (s->type == EO_SHT_RELA ? 3 : 2) * (v->cls == EO_CLASS32 ? 4 : 8);

  return s->size / ent;
}

void
eo_get_rel (const struct eo_view *v, uint32_t idx, size_t j, struct eo_rel *r)
{
  const struct eo_vsec *s = &v->sec[idx];
  bool rela = s->type == EO_SHT_RELA, big = v->big;
  const unsigned char *p;

  if (v->cls == EO_CLASS32)
    {
      uint64_t info;
      p = s->data + j * (rela ? 12 : 8);
      r->offset = eo_get (p, 4, big);
      info = eo_get (p + 4, 4, big);
      r->sym = (uint32_t)(info >> 8);
      r->type = (uint32_t)(info & 0xff);
      r->addend = rela ? (int32_t)(uint32_t)eo_get (p + 8, 4, big) : 0;
      return;
    }
  p = s->data + j * (rela ? 24 : 16);
  r->offset = eo_get (p, 8, big);
  if (v->machine == EO_EM_MIPS && !big)
    {
      r->sym = (uint32_t)eo_get (p + 8, 4, false);
      r->type = (uint32_t)p[15] | (uint32_t)p[14] << 8 | (uint32_t)p[13] << 16;
    }
  else
    {
      uint64_t info = eo_get (p + 8, 8, big);
      r->sym = (uint32_t)(info >> 32);
      r->type = (uint32_t)info;
    }
  r->addend = rela ? (int64_t)eo_get (p + 16, 8, big) : 0;
}

void
eo_patch_shdr (unsigned char *buf, const struct eo_view *v, uint32_t idx,
               enum eo_shfield f, uint64_t val)
{
  unsigned w = v->cls == EO_CLASS32 ? 4 : 8;
  unsigned char *h
      = buf + v->shoff + (uint64_t)idx * (v->cls == EO_CLASS32 ? 40 : 64);
  /* Offsets and sizes of Elf32_Shdr / Elf64_Shdr members.  */
  static const struct
  {
    unsigned base, nw, size_is_word;
  } layout[] = {
    [EO_SH_NAME] = { 0, 0, 0 },   [EO_SH_TYPE] = { 4, 0, 0 },
    [EO_SH_FLAGS] = { 8, 0, 1 },  [EO_SH_ADDR] = { 8, 1, 1 },
    [EO_SH_OFFSET] = { 8, 2, 1 }, [EO_SH_SIZE] = { 8, 3, 1 },
    [EO_SH_LINK] = { 8, 4, 0 },   [EO_SH_INFO] = { 12, 4, 0 },
    [EO_SH_ALIGN] = { 16, 4, 1 }, [EO_SH_ENTSIZE] = { 16, 5, 1 },
  };

  eo_put (h + layout[f].base + layout[f].nw * w, val,
          layout[f].size_is_word ? w : 4, v->big);
}

size_t
eo_sym_offset (const struct eo_view *v, uint32_t idx)
{
  return (size_t)v->sec[v->symtab].offset
         + (size_t)idx * (v->cls == EO_CLASS32 ? 16 : 24);
}

unsigned char *
eo_read_file (const char *path, size_t *lenp)
{
  FILE *f = fopen (path, "rb");
  unsigned char *buf = NULL;
  size_t len = 0, cap = 0, got;

  if (f == NULL)
    return NULL;
  do
    {
      if (len == cap)
        {
          cap = cap ? 2 * cap : 65536;
          buf = xrealloc_or_die (buf, cap);
        }
      got = fread (buf + len, 1, cap - len, f);
      len += got;
    }
  while (got > 0);
  fclose (f);
  *lenp = len;
  return buf;
}
