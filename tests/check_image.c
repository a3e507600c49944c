/* check_image.c -- the ET_REL image model (bfdext/image.c), reading and
   validation (bfdext/parse.c), serialization (bfdext/serialize.c).

   Inputs are built in memory with the tests' own writer (elfobj.h,
   sample.h) and damaged byte by byte; what relopt reads is compared with
   what was built, and what it writes is parsed back with the tests' own
   reader.  */

#include <config.h>

#include <stdio.h>

#include "elfobj.h"
#include "image.h"
#include "../loader/relopt-loader.h"
#include "sample.h"
#include "testutil.h"

Suite *image_suite (void);

/* Sample configurations: class, byte order, machine, REL/RELA.  */
static const struct sample_spec specs[] = {
  { EO_CLASS32, false, EO_EM_386, 0, false, true, false, false, 10, 0 },
  { EO_CLASS32, true, EO_EM_ARM, 0x05000000, false, true, true, false, 10, 0 },
  { EO_CLASS64, false, EO_EM_X86_64, 0, true, true, false, true, 30, 0 },
  { EO_CLASS64, true, EO_EM_S390, 0, true, true, true, true, 30, 0 },
  { EO_CLASS64, false, EO_EM_MIPS, 0x20000000, true, true, false, false, 5,
    0x050600 },
  { EO_CLASS32, false, EO_EM_ARM, 0x05000000, false, false, false, false, 0,
    0 },
};

static int
read_buf (const unsigned char *buf, size_t len, relopt_image **img,
          struct relopt_error *err)
{
  memset (err, 0, sizeof *err);
  return relopt_image_read_mem (buf, len, img, err);
}

/* ---- Reading what was built ------------------------------------------- */

START_TEST (test_read_sample)
{
  const struct sample_spec *sp = &specs[_i];
  struct eo_obj o;
  struct sample_info in;
  struct eo_view v;
  struct relopt_error err;
  relopt_image *img;
  unsigned char *buf;
  size_t len;
  uint32_t i;

  sample_build (&o, sp, &in);
  eo_write (&o, &buf, &len);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), 0);
  ck_assert_uint_eq (img->elfclass, sp->cls);
  ck_assert_int_eq (img->big, sp->big);
  ck_assert_uint_eq (img->e_type, EO_ET_REL);
  ck_assert_uint_eq (img->e_machine, sp->machine);
  ck_assert_uint_eq (img->e_flags, sp->e_flags);
  ck_assert_uint_eq (img->shnum, o.nsec);
  ck_assert_uint_eq (img->shstrndx, o.shstrtab);
  ck_assert_uint_eq (img->symtab, in.symtab);
  ck_assert_uint_eq (img->strtab, in.strtab);
  ck_assert_uint_eq (img->shndxsec, in.shndx);
  ck_assert_uint_eq (img->nsyms, o.nsym);
  ck_assert_uint_eq (img->symsize, sp->cls == EO_CLASS32 ? 16 : 24);
  ck_assert_uint_eq (img->elf_end, len);
  ck_assert_uint_eq (img->trailer_len, 0);
  for (i = 0; i < o.nsec; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      ck_assert_str_eq (s->name, o.sec[i].name ? o.sec[i].name : "");
      ck_assert_uint_eq (s->sh_type, o.sec[i].type);
      ck_assert_uint_eq (s->sh_flags, o.sec[i].flags);
      ck_assert_uint_eq (s->sh_addr, v.sec[i].addr);
      ck_assert_uint_eq (s->sh_offset, v.sec[i].offset);
      ck_assert_uint_eq (s->sh_size, i == 0 ? 0 : o.sec[i].size);
      ck_assert_uint_eq (s->sh_link, o.sec[i].link);
      ck_assert_uint_eq (s->sh_info, o.sec[i].info);
      ck_assert_uint_eq (s->sh_addralign, o.sec[i].align);
      ck_assert_uint_eq (s->sh_entsize, o.sec[i].entsize);
      if (o.sec[i].type != EO_SHT_NOBITS && o.sec[i].size)
        ck_assert_mem_eq (s->data, o.sec[i].data, o.sec[i].size);
    }
  for (i = 0; i < o.nsym; i++)
    {
      struct relopt_sym s;
      const struct eo_sym *b = &o.sym[i];
      relopt_image_get_sym (img, i, &s);
      ck_assert_str_eq (s.name, b->name ? b->name : "");
      ck_assert_uint_eq (s.st_value, b->value);
      ck_assert_uint_eq (s.st_size, b->size);
      ck_assert_uint_eq (s.st_info, b->info);
      ck_assert_uint_eq (s.shndx, b->shndx);
      ck_assert_uint_eq (s.st_shndx, b->xindex ? EO_SHN_XINDEX : b->shndx);
      /* The accessors that read a field or two without the decode.  */
      ck_assert_str_eq (relopt_image_sym_name (img, i),
                        b->name ? b->name : "");
      ck_assert_uint_eq (relopt_image_sym_info (img, i), b->info);
      ck_assert_uint_eq (relopt_image_sym_st_shndx (img, i),
                         b->xindex ? EO_SHN_XINDEX : b->shndx);
      ck_assert_int_eq (relopt_image_sym_sysv_hashed (img, i),
                        rlo_sym_indexed (b->xindex ? EO_SHN_XINDEX : b->shndx,
                                         b->name ? b->name : "")
                            != 0);
    }
  /* Relocations as relopt decodes them = as the tests' reader does.  */
  for (i = 1; i < o.nsec; i++)
    if (v.sec[i].type == EO_SHT_REL || v.sec[i].type == EO_SHT_RELA)
      {
        size_t j, n = eo_nrel (&v, i);
        size_t ent = relopt_image_rel_entsize (img, v.sec[i].type);
        ck_assert (relopt_image_is_symtab_reloc (img, i));
        ck_assert_uint_eq (ent, v.sec[i].entsize);
        for (j = 0; j < n; j++)
          {
            struct relopt_rel r;
            struct eo_rel e;
            relopt_image_get_rel (img, v.sec[i].type,
                                  img->sec[i].data + j * ent, &r);
            eo_get_rel (&v, i, j, &e);
            ck_assert_uint_eq (r.r_offset, e.offset);
            ck_assert_uint_eq (r.sym, e.sym);
            ck_assert_uint_eq (r.type, e.type);
            ck_assert_uint_eq (
                relopt_image_rel_type (img, img->sec[i].data + j * ent),
                e.type);
            ck_assert_int_eq (r.addend, e.addend);
          }
      }
  relopt_image_free (img);
  eo_view_free (&v);
  free (buf);
  eo_free (&o);
}
END_TEST

/* The tests' writer uses the layout image.h prescribes, so an image that
   nothing changed serializes to the input bytes; serializing is a pure
   function of the image.  */
START_TEST (test_serialize_identity)
{
  struct sample_info in;
  struct relopt_error err;
  relopt_image *img, *img2;
  unsigned char *buf, *out, *out2, *out3;
  size_t len, olen, olen2, olen3;

  buf = sample_bytes (&specs[_i], &len, &in);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), 0);
  ck_assert_int_eq (relopt_image_serialize (img, &out, &olen, &err), 0);
  ck_assert_uint_eq (olen, len);
  ck_assert_mem_eq (out, buf, len);
  ck_assert_int_eq (relopt_image_serialize (img, &out2, &olen2, &err), 0);
  ck_assert_uint_eq (olen2, olen);
  ck_assert_mem_eq (out2, out, olen);
  ck_assert_int_eq (read_buf (out, olen, &img2, &err), 0);
  ck_assert_int_eq (relopt_image_serialize (img2, &out3, &olen3, &err), 0);
  ck_assert_uint_eq (olen3, olen);
  ck_assert_mem_eq (out3, out, olen);
  relopt_image_free (img);
  relopt_image_free (img2);
  free (buf);
  free (out);
  free (out2);
  free (out3);
}
END_TEST

/* Pending relocation changes (image.h: REL_ORDER, REL_REMAP), as the
   symbol order and the branch order leave them: the bytes written (the
   serialized buffer, and the section made a private copy by
   relopt_image_own_data) are the input's entries in the new order with
   r_sym through the remap, read back with the tests' own reader; the
   sections without changes keep their bytes.  */
/* relopt_image_rel_sym_scan, the parser's bounds check, against the
   test's own ELF reader (elfobj.c): for every relocation section of
   every sample (both classes, both byte orders, MIPS64 little-endian's
   r_info) and every limit from 0 to past the largest r_sym, the first
   entry whose r_sym reaches the limit.  */
START_TEST (test_rel_sym_scan)
{
  struct sample_info in;
  struct relopt_error err;
  struct eo_view v;
  relopt_image *img;
  unsigned char *buf;
  size_t len, n, j, want;
  uint32_t i, limit, top;
  struct eo_rel r;
  unsigned checked = 0;

  buf = sample_bytes (&specs[_i], &len, &in);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), 0);
  for (i = 1; i < img->shnum; i++)
    {
      if (!relopt_image_is_symtab_reloc (img, i))
        continue;
      n = eo_nrel (&v, i);
      for (top = 0, j = 0; j < n; j++)
        {
          eo_get_rel (&v, i, j, &r);
          top = r.sym > top ? r.sym : top;
        }
      for (limit = 0; limit <= top + 1; limit++)
        {
          for (want = 0; want < n; want++)
            {
              eo_get_rel (&v, i, want, &r);
              if (r.sym >= limit)
                break;
            }
          ck_assert_uint_eq (relopt_image_rel_sym_scan (img, i, limit), want);
          checked++;
        }
    }
  ck_assert_uint_gt (checked, 0);
  eo_view_free (&v);
  relopt_image_free (img);
  free (buf);
}
END_TEST

START_TEST (test_rel_pending)
{
  struct sample_info in;
  struct relopt_error err;
  struct eo_view v, w;
  relopt_image *img;
  unsigned char *buf, *out;
  size_t len, olen, n, j;
  uint32_t i, sec = 0, *remap, *order;
  struct eo_rel a, b;

  buf = sample_bytes (&specs[_i], &len, &in);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), 0);
  /* The relocation section with the most entries; a remap that swaps
     each pair of symbols (1, 2), (3, 4), ..., an order that reverses.  */
  for (i = 1; i < img->shnum; i++)
    if (relopt_image_is_symtab_reloc (img, i)
        && (sec == 0 || eo_nrel (&v, i) > eo_nrel (&v, sec)))
      sec = i;
  ck_assert_uint_ne (sec, 0);
  n = eo_nrel (&v, sec);
  ck_assert_uint_ge (n, 2);
  remap = malloc (img->nsyms * sizeof *remap);
  order = malloc (n * sizeof *order);
  ck_assert_ptr_nonnull (remap);
  ck_assert_ptr_nonnull (order);
  remap[0] = 0;
  for (i = 1; i < img->nsyms; i++)
    remap[i] = i % 2 == 1 ? (i + 1 < img->nsyms ? i + 1 : i) : i - 1;
  for (j = 0; j < n; j++)
    order[j] = (uint32_t)(n - 1 - j);
  img->rel_remap = remap;
  img->rel_remap_n = img->nsyms;
  img->sec[sec].rel_remap = true;
  img->sec[sec].rel_order = order;
  ck_assert (relopt_image_rel_pending (img, sec));
  ck_assert (!relopt_image_rel_pending (img, in.text));

  /* Serialized: the section's new bytes, every other byte as it was.  */
  ck_assert_int_eq (relopt_image_serialize (img, &out, &olen, &err), 0);
  ck_assert_uint_eq (olen, len);
  ck_assert_int_eq (eo_parse (out, olen, &w), 0);
  ck_assert_uint_eq (eo_nrel (&w, sec), n);
  for (j = 0; j < n; j++)
    {
      eo_get_rel (&v, sec, n - 1 - j, &a);
      eo_get_rel (&w, sec, j, &b);
      ck_assert_uint_eq (b.offset, a.offset);
      ck_assert_uint_eq (b.type, a.type);
      ck_assert_int_eq (b.addend, a.addend);
      ck_assert_uint_eq (b.sym, a.sym == 0 ? 0 : remap[a.sym]);
    }
  for (i = 1; i < img->shnum; i++)
    if (i != sec && w.sec[i].data && w.sec[i].size)
      ck_assert_mem_eq (w.sec[i].data, v.sec[i].data, w.sec[i].size);

  /* A private copy is those same bytes, with nothing left pending.  */
  ck_assert_int_eq (relopt_image_own_data (img, sec, &err), 0);
  ck_assert (!relopt_image_rel_pending (img, sec));
  ck_assert (img->sec[sec].data_owned);
  ck_assert_mem_eq (img->sec[sec].data, w.sec[sec].data, w.sec[sec].size);

  eo_view_free (&v);
  eo_view_free (&w);
  relopt_image_free (img);
  free (buf);
  free (out);
}
END_TEST

/* ---- Validation errors -------------------------------------------------- */

enum defect
{
  D_MAGIC,
  D_CLASS,
  D_DATA,
  D_VERSION,
  D_EXEC,
  D_DYN,
  D_PHNUM,
  D_SHENTSIZE,
  D_SHOFF_0,
  D_SHOFF_EOF,
  D_SEC_OFFSET_EOF,
  D_SEC_SIZE_EOF,
  D_SEC_WRAP,
  D_ST_NAME,
  D_ST_NAME_HUGE,
  D_NO_SYMTAB,
  D_TWO_SYMTABS,
  D_SYM_ENTSIZE,
  D_SYM_SIZE,
  D_SYM_INFO_0,
  D_SYM_INFO_BIG,
  D_STRTAB_NUL,
  D_STRTAB_TYPE,
  D_STRTAB_LINK0,
  D_SYM_SHNDX,
  D_REL_SYM,
  D_REL_ENTSIZE,
  D_REL_SIZE,
  D_GROUP_SIG,
  D_SHSTRNDX,
  D_SHSTRNDX_TYPE,
  D_SH_NAME,
  D_SH_LINK,
  D_ALIGN,
  D_XINDEX_NO_SHNDX,
  D_SHNDX_SIZE,
  D_EHSIZE,
  D_GROUP_MEMBER_BIG,
  D_GROUP_MEMBER_0,
  D_GROUP_LINK,
  D_GROUP_SIZE,
  D_REL_INFO,
  /* One field of section header 0 set to 1, in EO_SH_* order.  */
  D_SHDR0_NAME,
  D_SHDR0_TYPE,
  D_SHDR0_FLAGS,
  D_SHDR0_ADDR,
  D_SHDR0_OFFSET,
  D_SHDR0_SIZE,
  D_SHDR0_LINK,
  D_SHDR0_INFO,
  D_SHDR0_ALIGN,
  D_SHDR0_ENTSIZE,
  D_STRTAB_NUL0,
  D_SHSTRTAB_NUL0,
  D_COUNT
};

/* gABI names of section header fields, in EO_SH_* order.  */
static const char *const shdr_field_names[]
    = { "sh_name", "sh_type", "sh_flags", "sh_addr",      "sh_offset",
        "sh_size", "sh_link", "sh_info",  "sh_addralign", "sh_entsize" };

struct defect_case
{
  const char *what;
  int rc;
};

static const struct defect_case defects[D_COUNT] = {
  [D_MAGIC] = { "bad magic", RELOPT_E_FORMAT },
  [D_CLASS] = { "class 3", RELOPT_E_FORMAT },
  [D_DATA] = { "data encoding 0", RELOPT_E_FORMAT },
  [D_VERSION] = { "EI_VERSION 0", RELOPT_E_FORMAT },
  [D_EXEC] = { "ET_EXEC", RELOPT_E_UNSUPPORTED },
  [D_DYN] = { "ET_DYN", RELOPT_E_UNSUPPORTED },
  [D_PHNUM] = { "program headers", RELOPT_E_UNSUPPORTED },
  [D_SHENTSIZE] = { "e_shentsize", RELOPT_E_FORMAT },
  [D_SHOFF_0] = { "e_shoff 0", RELOPT_E_FORMAT },
  [D_SHOFF_EOF] = { "e_shoff past EOF", RELOPT_E_FORMAT },
  [D_SEC_OFFSET_EOF] = { "section offset past EOF", RELOPT_E_FORMAT },
  [D_SEC_SIZE_EOF] = { "section size past EOF", RELOPT_E_FORMAT },
  [D_SEC_WRAP] = { "section offset+size wraps", RELOPT_E_FORMAT },
  [D_ST_NAME] = { "st_name = strtab size", RELOPT_E_FORMAT },
  [D_ST_NAME_HUGE] = { "st_name 0xffffffff", RELOPT_E_FORMAT },
  [D_NO_SYMTAB] = { "no .symtab", RELOPT_E_FORMAT },
  [D_TWO_SYMTABS] = { "two SHT_SYMTAB", RELOPT_E_FORMAT },
  [D_SYM_ENTSIZE] = { ".symtab sh_entsize 0", RELOPT_E_FORMAT },
  [D_SYM_SIZE] = { ".symtab size not a multiple", RELOPT_E_FORMAT },
  [D_SYM_INFO_0] = { ".symtab sh_info 0", RELOPT_E_FORMAT },
  [D_SYM_INFO_BIG] = { ".symtab sh_info past nsyms", RELOPT_E_FORMAT },
  [D_STRTAB_NUL] = { ".strtab without final NUL", RELOPT_E_FORMAT },
  [D_STRTAB_TYPE] = { ".symtab sh_link to PROGBITS", RELOPT_E_FORMAT },
  [D_STRTAB_LINK0] = { ".symtab sh_link 0", RELOPT_E_FORMAT },
  [D_SYM_SHNDX] = { "symbol shndx = shnum", RELOPT_E_FORMAT },
  [D_REL_SYM] = { "relocation symbol = nsyms", RELOPT_E_FORMAT },
  [D_REL_ENTSIZE] = { "relocation sh_entsize", RELOPT_E_FORMAT },
  [D_REL_SIZE] = { "relocation size not a multiple", RELOPT_E_FORMAT },
  [D_GROUP_SIG] = { "group signature = nsyms", RELOPT_E_FORMAT },
  [D_SHSTRNDX] = { "e_shstrndx = shnum", RELOPT_E_FORMAT },
  [D_SHSTRNDX_TYPE] = { "e_shstrndx is PROGBITS", RELOPT_E_FORMAT },
  [D_SH_NAME] = { "sh_name past .shstrtab", RELOPT_E_FORMAT },
  [D_SH_LINK] = { "sh_link = shnum", RELOPT_E_FORMAT },
  [D_ALIGN] = { "sh_addralign 3", RELOPT_E_FORMAT },
  [D_XINDEX_NO_SHNDX] = { "SHN_XINDEX without SYMTAB_SHNDX", RELOPT_E_FORMAT },
  [D_SHNDX_SIZE] = { "SYMTAB_SHNDX size", RELOPT_E_FORMAT },
  /* An ELF header "longer" than the file once made the ELF data end past
     EOF and the trailer length wrap to 2^64 - n.  */
  [D_EHSIZE] = { "e_ehsize past EOF", RELOPT_E_FORMAT },
  /* ld -r refuses these; relopt once copied them through.  */
  [D_GROUP_MEMBER_BIG] = { "group member = shnum", RELOPT_E_FORMAT },
  [D_GROUP_MEMBER_0] = { "group member 0", RELOPT_E_FORMAT },
  [D_GROUP_LINK] = { "group sh_link to .strtab", RELOPT_E_FORMAT },
  [D_GROUP_SIZE] = { "group size 2", RELOPT_E_FORMAT },
  [D_REL_INFO] = { "relocation sh_info = shnum", RELOPT_E_FORMAT },
  /* Garbage in section header 0 was once zeroed in the output.  */
  [D_SHDR0_NAME] = { "section 0 sh_name", RELOPT_E_FORMAT },
  [D_SHDR0_TYPE] = { "section 0 sh_type", RELOPT_E_FORMAT },
  [D_SHDR0_FLAGS] = { "section 0 sh_flags", RELOPT_E_FORMAT },
  [D_SHDR0_ADDR] = { "section 0 sh_addr", RELOPT_E_FORMAT },
  [D_SHDR0_OFFSET] = { "section 0 sh_offset", RELOPT_E_FORMAT },
  [D_SHDR0_SIZE] = { "section 0 sh_size, e_shnum set", RELOPT_E_FORMAT },
  [D_SHDR0_LINK] = { "section 0 sh_link, e_shstrndx set", RELOPT_E_FORMAT },
  [D_SHDR0_INFO] = { "section 0 sh_info, e_phnum 0", RELOPT_E_FORMAT },
  [D_SHDR0_ALIGN] = { "section 0 sh_addralign", RELOPT_E_FORMAT },
  [D_SHDR0_ENTSIZE] = { "section 0 sh_entsize", RELOPT_E_FORMAT },
  /* A name table starting with a name once gave sh_name 0 (section 0)
     and st_name 0 that name in the output.  */
  [D_STRTAB_NUL0] = { ".strtab without NUL at 0", RELOPT_E_FORMAT },
  [D_SHSTRTAB_NUL0] = { ".shstrtab without NUL at 0", RELOPT_E_FORMAT },
};

/* Apply defect D to BUF (parsed as V; sample indices IN).  */
static void
damage (enum defect d, unsigned char *buf, size_t *len,
        const struct eo_view *v, const struct sample_info *in)
{
  bool is32 = v->cls == EO_CLASS32, big = v->big;
  unsigned w = is32 ? 4 : 8;
  size_t symoff = eo_sym_offset (v, 4);

  switch (d)
    {
    case D_MAGIC:
      buf[1] = 'X';
      break;
    case D_CLASS:
      buf[4] = 3;
      break;
    case D_DATA:
      buf[5] = 0;
      break;
    case D_VERSION:
      buf[6] = 0;
      break;
    case D_EXEC:
      eo_put (buf + 16, EO_ET_EXEC, 2, big);
      break;
    case D_DYN:
      eo_put (buf + 16, EO_ET_DYN, 2, big);
      break;
    case D_PHNUM:
      eo_put (buf + (is32 ? 44 : 56), 1, 2, big);
      break;
    case D_SHENTSIZE:
      eo_put (buf + (is32 ? 46 : 58), is32 ? 64 : 40, 2, big);
      break;
    case D_SHOFF_0:
      eo_put (buf + (is32 ? 32 : 40), 0, w, big);
      break;
    case D_SHOFF_EOF:
      eo_put (buf + (is32 ? 32 : 40), *len - 8, w, big);
      break;
    case D_SEC_OFFSET_EOF:
      eo_patch_shdr (buf, v, in->data, EO_SH_OFFSET, *len);
      break;
    case D_SEC_SIZE_EOF:
      eo_patch_shdr (buf, v, in->data, EO_SH_SIZE, *len);
      break;
    case D_SEC_WRAP:
      eo_patch_shdr (buf, v, in->data, EO_SH_OFFSET,
                     is32 ? 0xffffff00u : 0xffffffffffffff00ull);
      eo_patch_shdr (buf, v, in->data, EO_SH_SIZE, 0x200);
      break;
    case D_ST_NAME:
      eo_put (buf + symoff, v->sec[in->strtab].size, 4, big);
      break;
    case D_ST_NAME_HUGE:
      eo_put (buf + symoff, 0xffffffffu, 4, big);
      break;
    case D_NO_SYMTAB:
      eo_patch_shdr (buf, v, in->symtab, EO_SH_TYPE, EO_SHT_PROGBITS);
      break;
    case D_TWO_SYMTABS:
      eo_patch_shdr (buf, v, in->data, EO_SH_TYPE, EO_SHT_SYMTAB);
      break;
    case D_SYM_ENTSIZE:
      eo_patch_shdr (buf, v, in->symtab, EO_SH_ENTSIZE, 0);
      break;
    case D_SYM_SIZE:
      eo_patch_shdr (buf, v, in->symtab, EO_SH_SIZE,
                     v->sec[in->symtab].size - 1);
      break;
    case D_SYM_INFO_0:
      eo_patch_shdr (buf, v, in->symtab, EO_SH_INFO, 0);
      break;
    case D_SYM_INFO_BIG:
      eo_patch_shdr (buf, v, in->symtab, EO_SH_INFO, v->nsym + 1);
      break;
    case D_STRTAB_NUL:
      buf[v->sec[in->strtab].offset + v->sec[in->strtab].size - 1] = 'x';
      break;
    case D_STRTAB_TYPE:
      eo_patch_shdr (buf, v, in->symtab, EO_SH_LINK, in->data);
      break;
    case D_STRTAB_LINK0:
      eo_patch_shdr (buf, v, in->symtab, EO_SH_LINK, 0);
      break;
    case D_SYM_SHNDX:
      /* Symbol 4 is local_fn in .text; st_shndx at 14 (32) or 6 (64).  */
      eo_put (buf + symoff + (is32 ? 14 : 6), v->shnum, 2, big);
      break;
    case D_REL_SYM:
      {
        size_t p = v->sec[in->reltext].offset + w;
        if (is32)
          eo_put (buf + p, (uint64_t)v->nsym << 8 | 2, 4, big);
        else if (v->machine == EO_EM_MIPS && !big)
          eo_put (buf + p, v->nsym, 4, false);
        else
          eo_put (buf + p, (uint64_t)v->nsym << 32 | 2, 8, big);
      }
      break;
    case D_REL_ENTSIZE:
      eo_patch_shdr (buf, v, in->reltext, EO_SH_ENTSIZE,
                     v->sec[in->reltext].entsize + w);
      break;
    case D_REL_SIZE:
      eo_patch_shdr (buf, v, in->reltext, EO_SH_SIZE,
                     v->sec[in->reltext].size - 1);
      break;
    case D_GROUP_SIG:
      eo_patch_shdr (buf, v, in->group, EO_SH_INFO, v->nsym);
      break;
    case D_SHSTRNDX:
      eo_put (buf + (is32 ? 50 : 62), v->shnum, 2, big);
      break;
    case D_SHSTRNDX_TYPE:
      eo_put (buf + (is32 ? 50 : 62), in->data, 2, big);
      break;
    case D_SH_NAME:
      eo_patch_shdr (buf, v, in->data, EO_SH_NAME, v->sec[v->shstrndx].size);
      break;
    case D_SH_LINK:
      eo_patch_shdr (buf, v, in->data, EO_SH_LINK, v->shnum);
      break;
    case D_ALIGN:
      eo_patch_shdr (buf, v, in->data, EO_SH_ALIGN, 3);
      break;
    case D_XINDEX_NO_SHNDX:
      if (in->shndx)
        eo_patch_shdr (buf, v, in->shndx, EO_SH_TYPE, EO_SHT_PROGBITS);
      eo_put (buf + symoff + (is32 ? 14 : 6), EO_SHN_XINDEX, 2, big);
      break;
    case D_SHNDX_SIZE:
      /* Make .data an SHT_SYMTAB_SHNDX of the wrong size.  */
      eo_patch_shdr (buf, v, in->data, EO_SH_TYPE, EO_SHT_SYMTAB_SHNDX);
      eo_patch_shdr (buf, v, in->data, EO_SH_LINK, in->symtab);
      break;
    case D_EHSIZE:
      eo_put (buf + (is32 ? 40 : 52), 0xffff, 2, big);
      break;
    case D_GROUP_MEMBER_BIG:
    case D_GROUP_MEMBER_0:
      eo_put (buf + v->sec[in->group].offset + 4,
              d == D_GROUP_MEMBER_0 ? 0 : v->shnum, 4, big);
      break;
    case D_GROUP_LINK:
      eo_patch_shdr (buf, v, in->group, EO_SH_LINK, in->strtab);
      break;
    case D_GROUP_SIZE:
      eo_patch_shdr (buf, v, in->group, EO_SH_SIZE, 2);
      break;
    case D_REL_INFO:
      eo_patch_shdr (buf, v, in->reldata, EO_SH_INFO, v->shnum);
      break;
    case D_STRTAB_NUL0:
      buf[v->sec[in->strtab].offset] = 'x';
      break;
    case D_SHSTRTAB_NUL0:
      buf[v->sec[v->shstrndx].offset] = 'x';
      break;
    case D_COUNT:
      break;
    default:
      eo_patch_shdr (buf, v, 0, EO_SH_NAME + (d - D_SHDR0_NAME), 1);
      break;
    }
}

/* What the message for defect D must contain, with the values damage
   wrote and those the tests' reader V saw before it (so a field decoded
   from the wrong offset, or a check naming the wrong table, shows); NULL
   when only the error code is checked.  */
static const char *
defect_message (enum defect d, const struct eo_view *v,
                const struct sample_info *in, char *buf, size_t len)
{
  bool is32 = v->cls == EO_CLASS32;
  unsigned symsize = is32 ? 16 : 24, w = is32 ? 4 : 8;
  const struct eo_vsec *st = &v->sec[in->symtab], *rel = &v->sec[in->reltext];

  switch (d)
    {
    case D_PHNUM:
      snprintf (buf, len, "relocatable object with 1 program headers");
      break;
    case D_SHENTSIZE:
      snprintf (buf, len, "e_shentsize is %u, expected %u", is32 ? 64 : 40,
                is32 ? 40 : 64);
      break;
    case D_SYM_ENTSIZE:
      snprintf (buf, len, "'.symtab': sh_entsize 0, expected %u", symsize);
      break;
    case D_SYM_SIZE:
      snprintf (buf, len,
                "'.symtab': size %llu is not a positive multiple "
                "of %u",
                (unsigned long long)st->size - 1, symsize);
      break;
    case D_REL_ENTSIZE:
      snprintf (buf, len, "'%s': sh_entsize %llu, expected %llu", rel->name,
                (unsigned long long)rel->entsize + w,
                (unsigned long long)rel->entsize);
      break;
    case D_REL_SIZE:
      snprintf (buf, len, "'%s': size %llu is not a multiple of %llu",
                rel->name, (unsigned long long)rel->size - 1,
                (unsigned long long)rel->entsize);
      break;
    case D_SHSTRNDX:
      snprintf (buf, len, "e_shstrndx %u is not a section (%u sections)",
                v->shnum, v->shnum);
      break;
    case D_EHSIZE:
      snprintf (buf, len, "e_ehsize 65535 is past the end of the file");
      break;
    case D_GROUP_MEMBER_BIG:
    case D_GROUP_MEMBER_0:
      snprintf (buf, len,
                "section %u '.group': group member 1: section index %u is "
                "not a section",
                in->group, d == D_GROUP_MEMBER_0 ? 0 : v->shnum);
      break;
    case D_GROUP_LINK:
      snprintf (buf, len, "'.group': group sh_link %u is not .symtab",
                in->strtab);
      break;
    case D_GROUP_SIZE:
      snprintf (buf, len, "'.group': size 2 is not a positive multiple of 4");
      break;
    case D_REL_INFO:
      snprintf (buf, len, "section %u '%s': sh_info %u is not a section",
                in->reldata, v->sec[in->reldata].name, v->shnum);
      break;
    case D_SHDR0_NAME:
    case D_SHDR0_TYPE:
    case D_SHDR0_FLAGS:
    case D_SHDR0_ADDR:
    case D_SHDR0_OFFSET:
    case D_SHDR0_SIZE:
    case D_SHDR0_LINK:
    case D_SHDR0_INFO:
    case D_SHDR0_ALIGN:
    case D_SHDR0_ENTSIZE:
      snprintf (buf, len, "section 0: %s is 0x1, not 0",
                shdr_field_names[d - D_SHDR0_NAME]);
      break;
    case D_STRTAB_NUL0:
      snprintf (buf, len,
                "string table section %u '.strtab' does not begin with a "
                "NUL byte",
                in->strtab);
      break;
    case D_SHSTRTAB_NUL0:
      snprintf (buf, len,
                "section name table %u does not begin with a NUL byte",
                v->shstrndx);
      break;
    default:
      return NULL;
    }
  return buf;
}

/* Every defect on four samples (ELF32 LE/BE, ELF64 LE/BE).  */
START_TEST (test_defects)
{
  enum defect d = (enum defect) (_i / 4);
  const struct sample_spec *sp = &specs[_i % 4];
  struct sample_info in;
  struct eo_view v;
  struct relopt_error err;
  relopt_image *img = (relopt_image *)1;
  unsigned char *buf;
  char want[200];
  const char *msg;
  size_t len;
  int rc;

  buf = sample_bytes (sp, &len, &in);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  msg = defect_message (d, &v, &in, want, sizeof want);
  damage (d, buf, &len, &v, &in);
  rc = read_buf (buf, len, &img, &err);
  ck_assert_msg (rc == defects[d].rc, "%s (sample %d): rc %d, expected %d: %s",
                 defects[d].what, _i % 4, rc, defects[d].rc, err.msg);
  ck_assert_ptr_null (img);
  ck_assert_int_eq (err.code, rc);
  ck_assert_msg (err.msg[0] != '\0' && strchr (err.msg, '\n') == NULL,
                 "%s: message '%s'", defects[d].what, err.msg);
  ck_assert_msg (msg == NULL || strstr (err.msg, msg) != NULL,
                 "%s (sample %d): message '%s' lacks '%s'", defects[d].what,
                 _i % 4, err.msg, msg);
  eo_view_free (&v);
  free (buf);
}
END_TEST

/* Every prefix of an object is refused (and read without overrun).  */
START_TEST (test_truncated)
{
  struct sample_info in;
  struct relopt_error err;
  relopt_image *img;
  struct soft soft = SOFT_INIT;
  unsigned char *buf;
  size_t len, n;

  buf = sample_bytes (&specs[_i], &len, &in);
  for (n = 0; n < len; n++)
    {
      /* A separate allocation of exactly N bytes, so ASan sees overruns
         (read_mem copies, but the copy is what is then read).  */
      unsigned char *cut = malloc (n ? n : 1);
      ck_assert_ptr_nonnull (cut);
      memcpy (cut, buf, n);
      SOFT_CHECK (&soft, read_buf (cut, n, &img, &err) == RELOPT_E_FORMAT,
                  "%zu of %zu bytes: rc %d (%.200s)", n, len, err.code,
                  err.msg);
      SOFT_CHECK (&soft, img == NULL, "%zu bytes: image returned", n);
      free (cut);
    }
  SOFT_DONE (&soft);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), 0);
  relopt_image_free (img);
  free (buf);
}
END_TEST

/* An object without any .symtab (as `strip' leaves it).  */
START_TEST (test_missing_symtab)
{
  struct eo_obj o;
  struct relopt_error err;
  relopt_image *img;
  unsigned char *buf;
  size_t len;

  eo_init (&o, EO_CLASS64, false, EO_EM_X86_64);
  eo_add_sec (&o, ".text", EO_SHT_PROGBITS, 6, "\x90", 1, 0, 0, 1, 0);
  eo_write (&o, &buf, &len);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), RELOPT_E_FORMAT);
  ck_assert_ptr_nonnull (strstr (err.msg, "symbol table"));
  free (buf);
  eo_free (&o);
}
END_TEST

/* ---- Trailers ----------------------------------------------------------- */

struct trailer_case
{
  const char *what;
  const char *bytes;
  size_t len;
  bool signature;
};

/* What scripts/sign-file appends: the PKCS#7 blob, a 12-byte struct
   module_signature (here zeros and a fake length), then the magic.  */
#define SIG_MAGIC "~Module signature appended~\n"
static const struct trailer_case trailers[] = {
  { "none", "", 0, false },
  { "junk", "junk", 4, false },
  { "one NUL", "\0", 1, false },
  { "magic alone", SIG_MAGIC, 28, true },
  { "signed module",
    "PKCS7-blob-PKCS7-blob\0\0\0\0\0\0\0\0\0\0\0\x15" SIG_MAGIC, 61, true },
  { "magic then a byte", SIG_MAGIC "x", 29, false },
  { "magic without newline", "~Module signature appended~", 27, false },
  { "last 27 bytes of the magic", "Module signature appended~\n", 27, false },
};

START_TEST (test_trailer)
{
  const struct trailer_case *t = &trailers[_i / 2];
  struct sample_info in;
  struct relopt_error err;
  relopt_image *img;
  unsigned char *buf, *full;
  size_t len;

  buf = sample_bytes (&specs[_i % 2 ? 3 : 0], &len, &in);
  full = malloc (len + t->len + 1);
  ck_assert_ptr_nonnull (full);
  memcpy (full, buf, len);
  memcpy (full + len, t->bytes, t->len);
  ck_assert_int_eq (read_buf (full, len + t->len, &img, &err), 0);
  ck_assert_uint_eq (img->elf_end, len);
  ck_assert_uint_eq (img->trailer_len, t->len);
  ck_assert_msg (img->trailer_is_signature == t->signature, "%s", t->what);
  relopt_image_free (img);
  free (full);
  free (buf);
}
END_TEST

/* Gaps: a section placed after the section header table ends the ELF
   data there; bytes after it are the trailer.  */
START_TEST (test_trailer_after_late_section)
{
  struct sample_info in;
  struct eo_view v;
  struct relopt_error err;
  relopt_image *img;
  unsigned char *buf, *full;
  size_t len, n = 64;

  buf = sample_bytes (&specs[2], &len, &in);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  full = calloc (1, len + n + 28);
  ck_assert_ptr_nonnull (full);
  memcpy (full, buf, len);
  /* Move .data's 64 bytes after the header table.  */
  memcpy (full + len, buf + v.sec[in.data].offset, n);
  eo_patch_shdr (full, &v, in.data, EO_SH_OFFSET, len);
  memcpy (full + len + n, SIG_MAGIC, 28);
  ck_assert_int_eq (read_buf (full, len + n + 28, &img, &err), 0);
  ck_assert_uint_eq (img->elf_end, len + n);
  ck_assert_uint_eq (img->trailer_len, 28);
  ck_assert (img->trailer_is_signature);
  ck_assert_mem_eq (img->sec[in.data].data, buf + v.sec[in.data].offset, n);
  relopt_image_free (img);
  eo_view_free (&v);
  free (full);
  free (buf);
}
END_TEST

/* ---- Extended section numbering ----------------------------------------- */

/* Symbol name -> section index map of a parsed object, by lookup.  */
static uint32_t
shndx_of (const struct eo_view *v, const char *name, int nth)
{
  uint32_t i;

  for (i = 1; i < v->nsym; i++)
    if (strcmp (v->sym[i].name, name) == 0 && nth-- == 0)
      return v->sym[i].shndx;
  ck_abort_msg ("symbol %s not found", name);
  return 0;
}

/* Every named symbol of ORIG has the same section in OUT (the nth
   occurrence of each name matched in order, which holds since relopt
   keeps the relative order of equal names within locals and globals).  */
static void
same_symbol_sections (const struct eo_view *orig, const struct eo_view *out)
{
  uint32_t i, j;

  ck_assert_uint_eq (orig->nsym, out->nsym);
  for (i = 1; i < orig->nsym; i++)
    {
      int nth = 0;
      if (orig->sym[i].name[0] == '\0')
        continue;
      for (j = 1; j < i; j++)
        nth += strcmp (orig->sym[j].name, orig->sym[i].name) == 0;
      ck_assert_uint_eq (shndx_of (out, orig->sym[i].name, nth),
                         orig->sym[i].shndx);
    }
}

/* Small objects written with e_shnum 0 (count in section 0's sh_size) and
   e_shstrndx SHN_XINDEX (index in its sh_link), SHN_XINDEX symbols.  */
START_TEST (test_ext_forced)
{
  struct sample_spec sp = specs[_i ? 3 : 1];
  struct eo_obj o;
  struct sample_info in;
  struct eo_view v, w;
  struct relopt_error err;
  struct relopt_options opts;
  relopt_image *img;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t i;

  sp.xindex = true;
  sample_build (&o, &sp, &in);
  o.force_ext_shnum = o.force_ext_shstrndx = true;
  eo_write (&o, &buf, &len);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  ck_assert_uint_eq (v.e_shnum_field, 0);
  ck_assert_uint_eq (v.e_shstrndx_field, EO_SHN_XINDEX);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), 0);
  ck_assert_uint_eq (img->shnum, o.nsec);
  ck_assert_uint_eq (img->shstrndx, o.shstrtab);
  ck_assert_uint_eq (img->shndxsec, in.shndx);
  for (i = 0; i < o.nsec; i++)
    ck_assert_str_eq (img->sec[i].name, o.sec[i].name ? o.sec[i].name : "");
  for (i = 1; i < o.nsym; i++)
    {
      struct relopt_sym s;
      relopt_image_get_sym (img, i, &s);
      ck_assert_uint_eq (s.shndx, o.sym[i].shndx);
    }
  relopt_image_free (img);

  relopt_options_init (&opts);
  opts.hash_style = RELOPT_HASH_BOTH;
  ck_assert_int_eq (
      relopt_rewrite_mem (buf, len, &opts, &out, &olen, NULL, &err), 0);
  ck_assert_int_eq (eo_parse (out, olen, &w), 0);
  ck_assert_uint_eq (w.shnum, o.nsec + 2);
  ck_assert_uint_eq (w.shstrndx, o.shstrtab);
  ck_assert_str_eq (w.sec[o.nsec].name, ".hash");
  ck_assert_str_eq (w.sec[o.nsec + 1].name, ".gnu.hash");
  /* The count is where the header says it is.  */
  if (w.e_shnum_field == 0)
    ck_assert_uint_eq (w.sec[0].size, w.shnum);
  else
    ck_assert_uint_eq (w.e_shnum_field, w.shnum);
  /* gABI: section 0's sh_link holds the name table index when
     e_shstrndx is SHN_XINDEX, "otherwise ... contains 0" (eu-elflint:
     "zeroth section has nonzero link value while ELF header does not
     signal overflow in shstrndx").  */
  if (w.e_shstrndx_field == EO_SHN_XINDEX)
    ck_assert_uint_eq (w.sec[0].link, o.shstrtab);
  else
    ck_assert_uint_eq (w.sec[0].link, 0);
  same_symbol_sections (&v, &w);
  eo_view_free (&v);
  eo_view_free (&w);
  free (out);
  free (buf);
  eo_free (&o);
}
END_TEST

/* A real extended object: NSEC sections so that e_shnum cannot hold the
   count; .shstrtab last (index >= SHN_LORESERVE), symbols in sections
   past 0xff00 through SHT_SYMTAB_SHNDX, relocations against them.  */
static void
build_many_sections (struct eo_obj *o, unsigned cls, bool big, uint32_t nsec,
                     bool shstrtab_last)
{
  uint32_t i, symtab, hi = nsec - 20, t1;
  uint32_t last = nsec - (shstrtab_last ? 2 : 1); /* .rel.text's index */
  struct eo_rel r[4];
  char name[16];

  eo_init (o, cls, big, cls == EO_CLASS32 ? EO_EM_ARM : EO_EM_X86_64);
  if (!shstrtab_last)
    eo_add_shstrtab (o);
  t1 = eo_add_sec (o, ".text", EO_SHT_PROGBITS, 6, "\1\2\3\4\5\6\7\10", 8, 0,
                   0, 4, 0);
  symtab = eo_add_symtab (o);
  eo_add_shndx (o);
  for (i = o->nsec; i < last; i++)
    {
      snprintf (name, sizeof name, ".t%u", i);
      eo_add_sec (o, name, EO_SHT_PROGBITS, 6, NULL, 0, 0, 0, 1, 0);
    }
  /* The relocation section applies to .text.  */
  eo_add_sym (o, NULL, 0, 0, EO_STB_LOCAL, EO_STT_SECTION, hi);
  eo_add_sym (o, "local_hi", 0, 0, EO_STB_LOCAL, EO_STT_FUNC, hi + 1);
  eo_add_sym (o, "undef_a", 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
  eo_add_sym (o, "in_hi", 0, 0, EO_STB_GLOBAL, EO_STT_FUNC, hi + 2);
  eo_add_sym (o, "in_low", 0, 0, EO_STB_GLOBAL, EO_STT_FUNC, t1);
  eo_add_sym (o, "undef_b", 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
  eo_add_sym (o, "in_hi2", 4, 0, EO_STB_GLOBAL, EO_STT_FUNC, hi + 3);
  eo_add_sym (o, "abs", 4, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, EO_SHN_ABS);
  r[0] = (struct eo_rel){ 0, 4, 1, 0 };
  r[1] = (struct eo_rel){ 4, 3, 1, 0 };
  r[2] = (struct eo_rel){ 0, 7, 2, 0 };
  r[3] = (struct eo_rel){ 4, 1, 2, 0 };
  eo_add_rel (o, ".rel.text", false, t1, r, 4);
  if (shstrtab_last)
    eo_add_shstrtab (o);
  (void)symtab;
}

static void
check_many (unsigned cls, bool big, uint32_t nsec, bool shstrtab_last,
            unsigned style)
{
  struct eo_obj o;
  struct eo_view v, w;
  struct relopt_error err;
  struct relopt_options opts;
  relopt_image *img;
  unsigned char *buf, *out, *out2;
  size_t len, olen, olen2;
  uint32_t added
      = (style & RELOPT_HASH_SYSV ? 1 : 0) + (style & RELOPT_HASH_GNU ? 1 : 0);
  uint32_t i;

  build_many_sections (&o, cls, big, nsec, shstrtab_last);
  ck_assert_uint_eq (o.nsec, nsec);
  eo_write (&o, &buf, &len);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), 0);
  ck_assert_uint_eq (img->shnum, nsec);
  ck_assert_uint_eq (img->shstrndx, o.shstrtab);
  ck_assert_str_eq (img->sec[nsec - 3].name, o.sec[nsec - 3].name);
  for (i = 1; i < o.nsym; i++)
    {
      struct relopt_sym s;
      relopt_image_get_sym (img, i, &s);
      ck_assert_uint_eq (s.shndx, o.sym[i].shndx);
    }
  relopt_image_free (img);

  relopt_options_init (&opts);
  opts.hash_style = style;
  ck_assert_int_eq (
      relopt_rewrite_mem (buf, len, &opts, &out, &olen, NULL, &err), 0);
  ck_assert_int_eq (eo_parse (out, olen, &w), 0);
  ck_assert_uint_eq (w.shnum, nsec + added);
  if (nsec + added >= EO_SHN_LORESERVE)
    {
      ck_assert_uint_eq (w.e_shnum_field, 0);
      ck_assert_uint_eq (w.sec[0].size, nsec + added);
    }
  else
    ck_assert_uint_eq (w.e_shnum_field, nsec + added);
  ck_assert_uint_eq (w.shstrndx, o.shstrtab);
  if (o.shstrtab >= EO_SHN_LORESERVE)
    {
      ck_assert_uint_eq (w.e_shstrndx_field, EO_SHN_XINDEX);
      ck_assert_uint_eq (w.sec[0].link, o.shstrtab);
    }
  else
    ck_assert_uint_eq (w.e_shstrndx_field, o.shstrtab);
  for (i = 1; i < nsec; i++)
    ck_assert_str_eq (w.sec[i].name, v.sec[i].name);
  if (style & RELOPT_HASH_SYSV)
    ck_assert_str_eq (w.sec[nsec].name, ".hash");
  same_symbol_sections (&v, &w);
  /* Relocations still name the same symbols (ARM sorts its branch
     relocations, so match them by offset and type).  */
  {
    uint32_t rs = eo_find_sec (&v, ".rel.text"), k, m;
    bool used[4] = { false, false, false, false };
    ck_assert_uint_eq (eo_nrel (&w, rs), 4);
    for (k = 0; k < 4; k++)
      {
        struct eo_rel a, b;
        eo_get_rel (&v, rs, k, &a);
        for (m = 0; m < 4; m++)
          {
            eo_get_rel (&w, rs, m, &b);
            if (!used[m] && a.offset == b.offset && a.type == b.type)
              break;
          }
        ck_assert_uint_lt (m, 4);
        used[m] = true;
        ck_assert_str_eq (v.sym[a.sym].name, w.sym[b.sym].name);
        ck_assert_uint_eq (v.sym[a.sym].shndx, w.sym[b.sym].shndx);
      }
  }
  /* The output reads back, checks, and a second run is identical.  */
  ck_assert_int_eq (read_buf (out, olen, &img, &err), 0);
  ck_assert_int_eq (relopt_check_image (img, &opts, &err), 0);
  relopt_image_free (img);
  ck_assert_int_eq (
      relopt_rewrite_mem (out, olen, &opts, &out2, &olen2, NULL, &err), 0);
  ck_assert_uint_eq (olen2, olen);
  ck_assert_mem_eq (out2, out, olen);
  eo_view_free (&v);
  eo_view_free (&w);
  free (buf);
  free (out);
  free (out2);
  eo_free (&o);
}

/* 65,300 sections, .shstrtab last (index 65,299 >= 0xff00).  */
START_TEST (test_ext_many_sections)
{
  check_many (_i ? EO_CLASS32 : EO_CLASS64, _i != 0, 65300, true,
              RELOPT_HASH_BOTH);
}
END_TEST

/* 0xfeff sections fit e_shnum; the added table makes 0xff00, which must
   switch the output to extended numbering.  */
START_TEST (test_ext_crossing)
{
  check_many (EO_CLASS64, _i != 0, 0xfeff, false,
              _i ? RELOPT_HASH_SYSV : RELOPT_HASH_GNU);
}
END_TEST

/* ---- Adding section names ---------------------------------------------- */

/* relopt_image_add_name on a .shstrtab of known bytes: the offset it
   gives and the table after, both written out by hand.  */
static const struct add_name_case
{
  const char *table; /* the .shstrtab bytes before */
  size_t len;
  const char *name;
  uint32_t off;      /* expected offset of NAME */
  const char *after; /* expected .shstrtab bytes after */
  size_t after_len;
} add_name_cases[] = {
  /* A whole string is reused.  */
  { "\0.text\0.gnu.hash\0", 17, ".text", 1, "\0.text\0.gnu.hash\0", 17 },
  /* The tail of a longer one: ".hash" at 7 + 4.  */
  { "\0.text\0.gnu.hash\0", 17, ".hash", 11, "\0.text\0.gnu.hash\0", 17 },
  /* Absent: appended after the last NUL.  */
  { "\0.text\0", 7, ".new", 7, "\0.text\0.new\0", 12 },
  /* No NUL at the end: one is added first, then ".abc" is found.  */
  { "\0.text\0.abc", 11, ".abc", 7, "\0.text\0.abc\0", 12 },
  /* No NUL at the end and absent: NUL, then the name.  */
  { "\0.abc", 5, ".x", 6, "\0.abc\0.x\0", 9 },
  /* An empty table: the leading NUL first.  */
  { "", 0, ".x", 1, "\0.x\0", 4 },
};

START_TEST (test_add_name)
{
  const struct add_name_case *c = &add_name_cases[_i];
  const struct relopt_section *shstr;
  struct sample_info in;
  struct relopt_error err;
  relopt_image *img;
  unsigned char *buf, *table;
  size_t len;
  uint32_t off = UINT32_MAX;

  buf = sample_bytes (&specs[0], &len, &in);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), 0);
  table = malloc (c->len ? c->len : 1);
  ck_assert_ptr_nonnull (table);
  memcpy (table, c->table, c->len);
  relopt_image_set_data (img, img->shstrndx, table, c->len);
  ck_assert_int_eq (relopt_image_add_name (img, c->name, &off, &err), 0);
  ck_assert_uint_eq (off, c->off);
  shstr = &img->sec[img->shstrndx];
  ck_assert_uint_eq (shstr->sh_size, c->after_len);
  ck_assert_mem_eq (shstr->data, c->after, c->after_len);
  relopt_image_free (img);
  free (buf);
}
END_TEST

/* Without a section name table there is nowhere to add a name.  */
START_TEST (test_add_name_no_shstrtab)
{
  struct sample_info in;
  struct relopt_error err;
  relopt_image *img;
  unsigned char *buf;
  size_t len;
  uint32_t off;

  buf = sample_bytes (&specs[0], &len, &in);
  ck_assert_int_eq (read_buf (buf, len, &img, &err), 0);
  img->shstrndx = 0;
  ck_assert_int_eq (relopt_image_add_name (img, ".hash", &off, &err),
                    RELOPT_E_REFUSE);
  ck_assert_str_eq (err.msg, "no section name table (e_shstrndx is 0): "
                             "cannot add .hash");
  relopt_image_free (img);
  free (buf);
}
END_TEST

/* Bytes from the file in a message: control characters, DEL and every
   byte from 0x80 (0x9b is C1 CSI) become '?', so a message is one line
   of printable ASCII.  */
START_TEST (test_error_printable)
{
  struct relopt_error err = { 0 };

  ck_assert_int_eq (relopt_set_error (&err, RELOPT_E_FORMAT, "name '%s'",
                                      "a\x1b[31mb\x9b"
                                      "1mc\x7f\n\xc3\xa9~"),
                    RELOPT_E_FORMAT);
  ck_assert_str_eq (err.msg, "name 'a?[31mb?1mc????~'");
}
END_TEST

Suite *
image_suite (void)
{
  Suite *s = suite_create ("image");
  TCase *core = tcase_create ("core");
  TCase *limits = tcase_create ("limits");

  tcase_set_timeout (core, TEST_TIMEOUT_CORE);
  tcase_add_loop_test (core, test_read_sample, 0, ARRAY_SIZE (specs));
  tcase_add_loop_test (core, test_serialize_identity, 0, ARRAY_SIZE (specs));
  tcase_add_loop_test (core, test_rel_pending, 0, ARRAY_SIZE (specs));
  tcase_add_loop_test (core, test_rel_sym_scan, 0, ARRAY_SIZE (specs));
  tcase_add_loop_test (core, test_trailer, 0, 2 * ARRAY_SIZE (trailers));
  tcase_add_test (core, test_trailer_after_late_section);
  tcase_add_loop_test (core, test_ext_forced, 0, 2);
  tcase_add_loop_test (core, test_add_name, 0, ARRAY_SIZE (add_name_cases));
  tcase_add_test (core, test_add_name_no_shstrtab);
  tcase_add_test (core, test_error_printable);
  suite_add_tcase (s, core);

  tcase_set_timeout (limits, TEST_TIMEOUT_LIMITS);
  tcase_add_loop_test (limits, test_defects, 0, 4 * D_COUNT);
  tcase_add_loop_test (limits, test_truncated, 0, 4);
  tcase_add_test (limits, test_missing_symtab);
  tcase_add_loop_test (limits, test_ext_many_sections, 0, 2);
  tcase_add_loop_test (limits, test_ext_crossing, 0, 2);
  suite_add_tcase (s, limits);
  return s;
}

RELOPT_CHECK_MAIN (image_suite)
