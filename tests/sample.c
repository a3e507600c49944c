/* sample.c -- the sample object of sample.h.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample.h"

size_t
sample_uleb (unsigned char *p, uint64_t v)
{
  size_t n = 0;

  do
    {
      unsigned char b = v & 0x7f;
      v >>= 7;
      p[n++] = b | (v ? 0x80 : 0);
    }
  while (v);
  return n;
}

int64_t
sample_read_uleb (const unsigned char **p, const unsigned char *end)
{
  uint64_t v = 0;
  unsigned shift = 0;

  while (*p < end && shift < 64)
    {
      unsigned char b = *(*p)++;
      v |= (uint64_t)(b & 0x7f) << shift;
      shift += 7;
      if (!(b & 0x80))
        return (int64_t)v;
    }
  return -1;
}

void
sample_build (struct eo_obj *o, const struct sample_spec *sp,
              struct sample_info *in)
{
  unsigned char text[256], data[64];
  unsigned word = sp->cls == EO_CLASS32 ? 4 : 8;
  uint32_t s_text, s_data, local_fn, local_obj, printf_, mod_init, gdup,
      kmalloc, mod_exit, weak_fn, hi, g0;
  struct eo_rel rt[64], rd[32];
  size_t nrt = 0, nrd = 0;
  unsigned i;
  char name[32];

  memset (in, 0, sizeof *in);
  for (i = 0; i < sizeof text; i++)
    text[i] = (unsigned char)(i * 7 + 1);
  for (i = 0; i < sizeof data; i++)
    data[i] = (unsigned char)(i + 0x40);
  eo_init (o, sp->cls, sp->big, sp->machine);
  o->flags = sp->e_flags;
  in->text = eo_add_sec (o, ".text", EO_SHT_PROGBITS,
                         EO_SHF_ALLOC | EO_SHF_EXECINSTR, text, sizeof text, 0,
                         0, 16, 0);
  in->data
      = eo_add_sec (o, ".data", EO_SHT_PROGBITS, EO_SHF_ALLOC | EO_SHF_WRITE,
                    data, sizeof data, 0, 0, 8, 0);
  in->bss = eo_add_sec (o, ".bss", EO_SHT_NOBITS, EO_SHF_ALLOC | EO_SHF_WRITE,
                        NULL, 48, 0, 0, 32, 0);
  if (sp->group)
    {
      in->group
          = eo_add_sec (o, ".group", EO_SHT_GROUP, 0, NULL, 8, 0, 0, 4, 4);
      in->sigtext = eo_add_sec (o, ".text.sig", EO_SHT_PROGBITS,
                                EO_SHF_ALLOC | EO_SHF_EXECINSTR | EO_SHF_GROUP,
                                text, 16, 0, 0, 4, 0);
      eo_put (o->sec[in->group].data, EO_GRP_COMDAT, 4, sp->big);
      eo_put (o->sec[in->group].data + 4, in->sigtext, 4, sp->big);
    }
  in->symtab = eo_add_symtab (o);
  in->strtab = o->strtab;
  if (sp->xindex)
    in->shndx = eo_add_shndx (o);
  if (sp->group)
    o->sec[in->group].link = in->symtab;

  /* Locals.  */
  eo_add_sym (o, "sample.c", 0, 0, EO_STB_LOCAL, EO_STT_FILE, EO_SHN_ABS);
  s_text = eo_add_sym (o, NULL, 0, 0, EO_STB_LOCAL, EO_STT_SECTION, in->text);
  s_data = eo_add_sym (o, NULL, 0, 0, EO_STB_LOCAL, EO_STT_SECTION, in->data);
  local_fn = eo_add_sym (o, "local_fn", 0x10, 8, EO_STB_LOCAL, EO_STT_FUNC,
                         in->text);
  local_obj = eo_add_sym (o, "local_obj", 8, 8, EO_STB_LOCAL, EO_STT_OBJECT,
                          in->data);
  eo_add_sym (o, "dup", 0, 4, EO_STB_LOCAL, EO_STT_OBJECT, in->bss);
  eo_add_sym (o, "init", 0x20, 4, EO_STB_LOCAL, EO_STT_FUNC, in->text);
  /* Mapping symbols (AAELF; never chained in .hash), a name that only
     starts like one, and a duplicated local name: only the first
     "__func__.0" is chained (doc/design.md 2).  */
  eo_add_sym (o, "$d", 0, 0, EO_STB_LOCAL, EO_STT_NOTYPE, in->data);
  eo_add_sym (o, "$a", 0, 0, EO_STB_LOCAL, EO_STT_NOTYPE, in->text);
  eo_add_sym (o, "$d", 4, 0, EO_STB_LOCAL, EO_STT_NOTYPE, in->data);
  eo_add_sym (o, "$x.lit", 8, 0, EO_STB_LOCAL, EO_STT_NOTYPE, in->text);
  eo_add_sym (o, "$dx", 12, 0, EO_STB_LOCAL, EO_STT_NOTYPE, in->data);
  eo_add_sym (o, "__func__.0", 0, 4, EO_STB_LOCAL, EO_STT_OBJECT, in->data);
  eo_add_sym (o, "__func__.0", 4, 4, EO_STB_LOCAL, EO_STT_OBJECT, in->data);

  /* Globals, mixed.  */
  in->first_global = o->nsym;
  printf_ = eo_add_sym (o, "printf", 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
  mod_init = eo_add_sym (o, "mod_init", 0x40, 16, EO_STB_GLOBAL, EO_STT_FUNC,
                         in->text);
  gdup
      = eo_add_sym (o, "dup", 0x10, 4, EO_STB_GLOBAL, EO_STT_OBJECT, in->data);
  kmalloc = eo_add_sym (o, "kmalloc", 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
  mod_exit = eo_add_sym (o, "mod_exit", 0x50, 16, EO_STB_GLOBAL, EO_STT_FUNC,
                         in->text);
  if (sp->group)
    {
      in->sig_sym = eo_add_sym (o, "sig_fn", 0, 16, EO_STB_WEAK, EO_STT_FUNC,
                                in->sigtext);
      o->sec[in->group].info = in->sig_sym;
    }
  weak_fn
      = eo_add_sym (o, "weak_fn", 0x60, 8, EO_STB_WEAK, EO_STT_FUNC, in->text);
  eo_add_sym (o, "common_var", 8, 64, EO_STB_GLOBAL, EO_STT_OBJECT,
              EO_SHN_COMMON);
  eo_add_sym (o, "abs_sym", 0x1234, 0, EO_STB_GLOBAL, EO_STT_NOTYPE,
              EO_SHN_ABS);
  eo_add_sym (o, "weak_undef", 0, 0, EO_STB_WEAK, EO_STT_NOTYPE, 0);
  hi = eo_add_sym (o, "hi_\xff\x80", 0x70, 4, EO_STB_GLOBAL, EO_STT_FUNC,
                   in->text);
  eo_add_sym (o, "init", 0x80, 4, EO_STB_GLOBAL, EO_STT_FUNC, in->text);
  g0 = o->nsym;
  for (i = 0; i < sp->nextra; i++)
    {
      snprintf (name, sizeof name, "g%u", i);
      if (i % 3 == 2)
        eo_add_sym (o, name, 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
      else
        eo_add_sym (o, name, i % 200, 1, EO_STB_GLOBAL, EO_STT_OBJECT,
                    i % 2 ? in->data : in->text);
    }
  in->nsyms = o->nsym;
  if (sp->xindex)
    for (i = in->first_global; i < o->nsym; i++)
      if (o->sym[i].shndx != 0 && o->sym[i].shndx < EO_SHN_LORESERVE)
        o->sym[i].xindex = true;

        /* Relocations: every kind of symbol, in .text and .data.  */
#define RT(off, s, t, a) rt[nrt++] = (struct eo_rel){ (off), (s), (t), (a) }
#define RD(off, s, t, a)                                                      \
  rd[nrd++] = (struct eo_rel) { (off), (s), (t), (a) }
  RT (0x00, printf_, 2, -4);
  RT (0x08, local_fn, 2, 0);
  RT (0x10, s_data, 1, 8);
  RT (0x18, kmalloc, 2, -4);
  RT (0x20, mod_exit, 1, 0);
  RT (0x28, gdup, 1, 4);
  RT (0x30, weak_fn, 2, -4);
  RT (0x38, hi, 2, 0);
  RT (0x40, printf_, 2, -8);
  RT (0x48, 0, 0, 0); /* R_*_NONE against symbol 0 */
  for (i = 0; i < sp->nextra && nrt < 60; i += 7)
    RT (0x50 + 4 * (nrt % 40), g0 + i, 2, (int64_t)i);
  RD (0x00, mod_init, 1, 0);
  RD (word, local_obj, 1, 0);
  RD (2 * word, s_text, 1, 0x10);
  RD (3 * word, kmalloc, 1, 0);
  RD (4 * word, mod_exit, 1, 0);
#undef RT
#undef RD
  for (i = 0; i < nrt; i++)
    if (rt[i].type)
      rt[i].type |= sp->type_bits;
  for (i = 0; i < nrd; i++)
    rd[i].type |= sp->type_bits;
  in->reltext = eo_add_rel (o, sp->rela ? ".rela.text" : ".rel.text", sp->rela,
                            in->text, rt, nrt);
  in->reldata = eo_add_rel (o, sp->rela ? ".rela.data" : ".rel.data", sp->rela,
                            in->data, rd, nrd);

  if (sp->addrsig)
    {
      /* Every defined global, then two locals, as ULEB128 indices.  */
      unsigned char buf[8 * 1024];
      size_t n = 0;
      for (i = in->first_global; i < o->nsym; i++)
        if (o->sym[i].shndx != 0)
          n += sample_uleb (buf + n, i);
      n += sample_uleb (buf + n, local_fn);
      n += sample_uleb (buf + n, local_obj);
      in->addrsig = eo_add_sec (o, ".llvm_addrsig", EO_SHT_LLVM_ADDRSIG,
                                0x80000000u /* SHF_EXCLUDE */, buf, n,
                                in->symtab, 0, 1, 0);
    }
}

unsigned char *
sample_bytes (const struct sample_spec *sp, size_t *lenp,
              struct sample_info *info)
{
  struct eo_obj o;
  unsigned char *buf;

  sample_build (&o, sp, info);
  eo_write (&o, &buf, lenp);
  eo_free (&o);
  return buf;
}
