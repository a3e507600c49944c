/* compare.c -- prove a rewrite kept what doc/design.md 1 and 8 say it keeps,
   by reading both images independently of how the rewrite was done: section
   headers and contents, the symbol multiset, and every relocation with its
   symbol resolved to an identity (not an index): per section, the branch
   relocations (doc/design.md 6) as a multiset and all others in their original
   order.  */

#include <config.h>
#include "image.h"
#include "relsort.h"
#include "threeway.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* relopt's tables (.hash, .gnu.hash, .addrorder), whatever they link
   to, are rebuilt (or dropped when last) by every rewrite.  */
static bool
is_hash_table (const relopt_image *img, uint32_t idx)
{
  return relopt_is_table_type (img->sec[idx].sh_type);
}

/* A symbol's identity, independent of its index.  */
struct sym_id
{
  const char *name;
  uint64_t value, size;
  uint32_t shndx;
  unsigned char info, other;
};

static int
cmp_sym_id (const struct sym_id *a, const struct sym_id *b)
{
  int c = strcmp (a->name, b->name);

  if (c == 0)
    c = relopt_cmp_u64 (a->value, b->value);
  if (c == 0)
    c = relopt_cmp_u64 (a->size, b->size);
  if (c == 0)
    c = relopt_cmp_u64 (a->shndx, b->shndx);
  if (c == 0)
    c = relopt_cmp_u64 (a->info, b->info);
  if (c == 0)
    c = relopt_cmp_u64 (a->other, b->other);
  return c;
}

/* "'name' (value 0x.., size N, info 0x.., other 0x.., section N)"; an
   unnamed symbol (a section symbol) is shown by its section.  */
static const char *
describe_sym (const struct sym_id *s, char *buf, size_t len)
{
  snprintf (buf, len,
            "'%.60s' (value 0x%llx, size %llu, info 0x%x, other 0x%x, "
            "section %u)",
            s->name[0] ? s->name : "<unnamed>", (unsigned long long)s->value,
            (unsigned long long)s->size, s->info, s->other, s->shndx);
  return buf;
}

static int
cmp_sym_qsort (const void *a, const void *b)
{
  return cmp_sym_id (a, b);
}

static void
sym_id_of (const relopt_image *img, uint32_t i, struct sym_id *id)
{
  struct relopt_sym s;

  relopt_image_get_sym (img, i, &s);
  id->name = s.name;
  id->value = s.st_value;
  id->size = s.st_size;
  id->shndx = s.shndx;
  id->info = s.st_info;
  id->other = s.st_other;
}

struct rel_id
{
  uint64_t offset;
  uint32_t type;
  uint64_t info_rest; /* r_info with r_sym zeroed: every other field */
  int64_t addend;
  struct sym_id sym;
};

static int
cmp_rel_qsort (const void *pa, const void *pb)
{
  const struct rel_id *a = pa, *b = pb;
  int c = relopt_cmp_u64 (a->offset, b->offset);

  if (c == 0)
    c = relopt_cmp_u64 (a->type, b->type);
  if (c == 0)
    c = relopt_cmp_u64 (a->info_rest, b->info_rest);
  if (c == 0)
    c = relopt_cmp_s64 (a->addend, b->addend);
  return c != 0 ? c : cmp_sym_id (&a->sym, &b->sym);
}

/* Every field of the r_info of the relocation entry at P but r_sym, the
   one a rewrite may remap (on MIPS64 also r_ssym, r_type2, r_type3):
   the entry's r_info with r_sym set to 0 by relopt_image_set_rel_sym.  */
static uint64_t
info_without_sym (const relopt_image *img, const unsigned char *p)
{
  unsigned char e[24];

  if (img->elfclass == RELOPT_ELFCLASS32)
    {
      memcpy (e, p, 8);
      relopt_image_set_rel_sym (img, e, 0);
      return relopt_get32 (e + 4, img->big);
    }
  memcpy (e, p, 16);
  relopt_image_set_rel_sym (img, e, 0);
  return relopt_get64 (e + 8, img->big);
}

/* The relocations of section IDX as identities, split as doc/design.md 6
   orders them: the branch relocations (*NBP of them, first in the
   array, sorted: a multiset) and then the others in file order (the
   rewrite must keep their relative order: a MIPS HI16 must stay before
   its LO16, and R_*_RELATIVE-style pairs are order-sensitive).  */
static struct rel_id *
rel_ids (const relopt_image *img, uint32_t idx, uint64_t *np, uint64_t *nbp)
{
  const struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t n = s->sh_size / ent, j, nb = 0, k;
  struct rel_id *r = calloc (n ? n : 1, sizeof *r);
  unsigned char *branch = calloc (n ? n : 1, 1);

  *np = n;
  *nbp = 0;
  if (r == NULL || branch == NULL)
    {
      free (r);
      free (branch);
      return NULL;
    }
  for (j = 0; j < n; j++)
    {
      struct relopt_rel rel;
      relopt_image_get_rel (img, s->sh_type, s->data + j * ent, &rel);
      branch[j]
          = relopt_is_branch_reloc (img->e_machine, img->elfclass, rel.type);
      nb += branch[j];
    }
  /* Branches to [0, nb), the others to [nb, n), each in file order.  */
  for (j = 0, k = 0; j < n; j++)
    {
      struct relopt_rel rel;
      uint64_t at = branch[j] ? k++ : nb + (j - k);
      relopt_image_get_rel (img, s->sh_type, s->data + j * ent, &rel);
      r[at].offset = rel.r_offset;
      r[at].type = rel.type;
      r[at].info_rest = info_without_sym (img, s->data + j * ent);
      r[at].addend = rel.addend;
      sym_id_of (img, rel.sym, &r[at].sym);
    }
  free (branch);
  qsort (r, nb, sizeof *r, cmp_rel_qsort);
  *nbp = nb;
  return r;
}

static int
compare_symbols (const relopt_image *a, const relopt_image *b,
                 struct relopt_error *err)
{
  struct sym_id *x, *y;
  uint32_t i;
  int rc = 0;

  if (a->nsyms != b->nsyms)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             ".symtab: %u symbols, the original has %u",
                             b->nsyms, a->nsyms);
  if (a->sec[a->symtab].sh_info != b->sec[b->symtab].sh_info)
    return relopt_set_error (
        err, RELOPT_E_CHECK, ".symtab: sh_info %u, the original has %u",
        b->sec[b->symtab].sh_info, a->sec[a->symtab].sh_info);
  x = calloc (a->nsyms, sizeof *x);
  y = calloc (a->nsyms, sizeof *y);
  if (x == NULL || y == NULL)
    {
      free (x);
      free (y);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  for (i = 0; i < a->nsyms; i++)
    {
      sym_id_of (a, i, &x[i]);
      sym_id_of (b, i, &y[i]);
    }
  qsort (x, a->nsyms, sizeof *x, cmp_sym_qsort);
  qsort (y, a->nsyms, sizeof *y, cmp_sym_qsort);
  for (i = 0; i < a->nsyms; i++)
    if (cmp_sym_id (&x[i], &y[i]) != 0)
      {
        char ys[160], xs[160];
        rc = relopt_set_error (err, RELOPT_E_CHECK,
                               ".symtab: symbol %s differs from the "
                               "original's %s",
                               describe_sym (&y[i], ys, sizeof ys),
                               describe_sym (&x[i], xs, sizeof xs));
        break;
      }
  free (x);
  free (y);
  return rc;
}

static int
compare_relocs (const relopt_image *a, const relopt_image *b, uint32_t idx,
                struct relopt_error *err)
{
  struct rel_id *x, *y;
  uint64_t nx, ny, nbx, nby, j;
  char lb[96];
  int rc = 0;

  x = rel_ids (a, idx, &nx, &nbx);
  y = rel_ids (b, idx, &ny, &nby);
  if (x == NULL || y == NULL)
    {
      free (x);
      free (y);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  if (nx != ny)
    rc = relopt_set_error (err, RELOPT_E_CHECK,
                           "%s: %llu relocations, the original has %llu",
                           relopt_section_label (b, idx, lb, sizeof lb),
                           (unsigned long long)ny, (unsigned long long)nx);
  else if (nbx != nby)
    rc = relopt_set_error (err, RELOPT_E_CHECK,
                           "%s: %llu branch relocations, the original has "
                           "%llu",
                           relopt_section_label (b, idx, lb, sizeof lb),
                           (unsigned long long)nby, (unsigned long long)nbx);
  for (j = 0; rc == 0 && j < nx; j++)
    if (cmp_rel_qsort (&x[j], &y[j]) != 0)
      {
        char ys[160], xs[160];
        rc = relopt_set_error (
            err, RELOPT_E_CHECK,
            "%s: %s relocation at 0x%llx (r_type %u, r_info "
            "without r_sym 0x%llx, addend %lld, symbol %s) differs from "
            "the original's at 0x%llx (r_type %u, r_info without r_sym "
            "0x%llx, addend %lld, symbol %s)",
            relopt_section_label (b, idx, lb, sizeof lb),
            j < nbx ? "branch" : "non-branch (kept in order)",
            (unsigned long long)y[j].offset, y[j].type,
            (unsigned long long)y[j].info_rest, (long long)y[j].addend,
            describe_sym (&y[j].sym, ys, sizeof ys),
            (unsigned long long)x[j].offset, x[j].type,
            (unsigned long long)x[j].info_rest, (long long)x[j].addend,
            describe_sym (&x[j].sym, xs, sizeof xs));
      }
  free (x);
  free (y);
  return rc;
}

/* What of section IDX's header or contents differs between the original
   A and the rewrite B ("name", "type", "flags", ..., "contents"), or NULL
   when nothing does that doc/design.md 1 says must stay.  */
static const char *
section_difference (const relopt_image *a, const relopt_image *b, uint32_t idx)
{
  const struct relopt_section *x = &a->sec[idx], *y = &b->sec[idx];

  /* A hash table is rebuilt, or dropped and replaced by one of the
     other style: header and contents are relopt's.  */
  if (is_hash_table (a, idx))
    return is_hash_table (b, idx) ? NULL : "type";
  if (strcmp (x->name, y->name) != 0)
    return "name";
  if (x->sh_type != y->sh_type)
    return "type";
  if (x->sh_flags != y->sh_flags)
    return "flags";
  if (x->sh_addr != y->sh_addr)
    return "address";
  if (x->sh_addralign != y->sh_addralign)
    return "alignment";
  if (x->sh_link != y->sh_link && !relopt_is_table_type (x->sh_type))
    return "sh_link";
  if (x->sh_info != y->sh_info && x->sh_type != RELOPT_SHT_GROUP)
    return "sh_info";
  if (x->sh_entsize != y->sh_entsize && !relopt_is_table_type (x->sh_type))
    return "sh_entsize";
  if (!relopt_image_rewrites (a, idx)
      && (x->sh_size != y->sh_size
          || (x->sh_type != RELOPT_SHT_NOBITS && x->sh_type != RELOPT_SHT_NULL
              && x->sh_size && memcmp (x->data, y->data, x->sh_size) != 0)))
    return "contents";
  return NULL;
}

/* SHT_GROUP section IDX: the same flag word and member sections (by
   index: a rewrite keeps every section's index, it only appends or drops
   its own tables at the end) and the same signature symbol.  */
static int
compare_group (const relopt_image *a, const relopt_image *b, uint32_t idx,
               struct relopt_error *err)
{
  const struct relopt_section *x = &a->sec[idx], *y = &b->sec[idx];
  struct sym_id s, t;
  char lb[96];

  if (x->sh_size != y->sh_size
      || (x->sh_size && memcmp (x->data, y->data, x->sh_size) != 0))
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%s: group flags or members differ from the "
                             "original's",
                             relopt_section_label (b, idx, lb, sizeof lb));
  /* parse.c made every group link to .symtab.  */
  sym_id_of (a, x->sh_info, &s);
  sym_id_of (b, y->sh_info, &t);
  if (cmp_sym_id (&s, &t) != 0)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%s: group signature symbol changed",
                             relopt_section_label (b, idx, lb, sizeof lb));
  return 0;
}

/* The ELF header fields a rewrite keeps (serialize.c writes e_shoff,
   e_shnum and e_shstrndx itself, and e_phoff, e_phentsize, e_ehsize and
   section header 0 in their canonical ET_REL form).  */
static const char *
header_difference (const relopt_image *a, const relopt_image *b)
{
  if (a->elfclass != b->elfclass || a->big != b->big
      || a->e_machine != b->e_machine || a->e_flags != b->e_flags
      || memcmp (a->ident, b->ident, 16) != 0)
    return "ELF header (class, byte order, machine or flags)";
  if (a->e_version != b->e_version || a->e_entry != b->e_entry)
    return "ELF header (e_version or e_entry)";
  return NULL;
}

/* Per section, what section_difference does not cover: relocations and
   groups, by symbol identity.  */
static int
compare_symbol_users (const relopt_image *a, const relopt_image *b,
                      struct relopt_error *err)
{
  uint32_t i;
  int rc = 0;

  for (i = 1; rc == 0 && i < a->shnum; i++)
    if (relopt_image_is_symtab_reloc (a, i))
      rc = compare_relocs (a, b, i, err);
    else if (a->sec[i].sh_type == RELOPT_SHT_GROUP)
      rc = compare_group (a, b, i, err);
  return rc;
}

int
relopt_compare_images (const relopt_image *a, const relopt_image *b,
                       struct relopt_error *err)
{
  uint32_t i;
  char lb[96];
  const char *what;
  int rc;

  /* A rewrite refuses a section of a table type that is not relopt's
     (a loaded .hash), so no file is its rewrite: say why, rather than
     skip it as a table.  */
  for (i = 0; i < 2; i++)
    if (relopt_image_refuse_foreign_tables (i ? b : a, err) != 0)
      {
        char msg[sizeof err->msg];
        memcpy (msg, err->msg, sizeof msg);
        return relopt_set_error (err, RELOPT_E_CHECK, "%s%s",
                                 i ? "" : "the original's ", msg);
      }
  what = header_difference (a, b);
  if (what)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%s differs from the original", what);
  /* Trailing hash tables of a style not asked for are dropped.  */
  if (b->shnum < a->shnum)
    for (i = b->shnum; i < a->shnum; i++)
      if (!is_hash_table (a, i))
        return relopt_set_error (err, RELOPT_E_CHECK,
                                 "%u sections, the original has %u", b->shnum,
                                 a->shnum);
  /* A rewrite keeps every section index; a moved table usually means
     ORIG is another object altogether.  */
  if (a->symtab != b->symtab)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             ".symtab is section %u, the original's is %u",
                             b->symtab, a->symtab);
  if (a->strtab != b->strtab)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             ".strtab is section %u, the original's is %u",
                             b->strtab, a->strtab);
  if (a->shstrndx != b->shstrndx)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "e_shstrndx is %u, the original's is %u",
                             b->shstrndx, a->shstrndx);
  for (i = 1; i < a->shnum && i < b->shnum; i++)
    {
      what = section_difference (a, b, i);
      if (what)
        return relopt_set_error (
            err, RELOPT_E_CHECK, "%s: %s %s from the original",
            relopt_section_label (b, i, lb, sizeof lb), what,
            strcmp (what, "contents") == 0 ? "differ" : "differs");
    }
  for (i = a->shnum; i < b->shnum; i++)
    if (!relopt_is_table_type (b->sec[i].sh_type))
      return relopt_set_error (err, RELOPT_E_CHECK,
                               "%s: added section is not one of relopt's "
                               "tables",
                               relopt_section_label (b, i, lb, sizeof lb));
  rc = compare_symbols (a, b, err);
  if (rc == 0)
    rc = compare_symbol_users (a, b, err);
  return rc;
}
