/* check.c -- `relopt --check': is this file what relopt guarantees?

   A loader trusts these tables, and tools run after relopt (objcopy, ld -r,
   strip, eu-strip) silently make them stale (doc/design.md "Where relopt sits
   in a build").  So every table present is checked against the symtab it
   claims to index, by the loader library's validation
   (loader/relopt-loader.h: rlo_sysv_validate, rlo_gnu_validate), which
   is what lets a loader trust the table blindly:
   - sh_link is .symtab; the header words and size are consistent;
   - .hash, in the library's two passes: chains ascend and end and
     together hold no more entries than symbols (structural); every
     chain member is an indexed symbol in its own bucket, and every
     indexed symbol is chained exactly once (names), which is exactly
     doc/design.md 2's table, up to the bucket count;
   - .gnu.hash: hashed symbols are exactly [symoffset, nsyms), in bucket
     order, buckets point at each run's start, chain words hold the hash
     and the end bit, the bloom filter has both bits of every symbol.
   So every lookup answers what a linear scan does, without doing them
   all: linear in the table and symtab sizes, also on a crafted table
   whose symbols all share one bucket.
   On top of what a loader needs, a file must carry at least one table
   unless --hash-style=none says otherwise.
   .addrorder (doc/design.md 9), when present (required by
   --addr-order=yes), goes through rlo_addrorder_validate: linked to
   .symtab, 4-byte entries, every entry a symbol find_kallsyms_symbol()
   considers, the key (section, value, index) strictly ascending, and as
   many entries as such symbols, which together prove it is exactly rule
   9's table for this symtab.  */

#include <config.h>
#include "../loader/relopt-loader.h"
#include "image.h"
#include "rloview.h"
#include "relsort.h"
#include "symhash.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tables are validated by the loader library (loader/relopt-loader.c,
   the code loaders copy), so --check accepts exactly what a loader that
   validates would trust: one implementation, linear in the table and
   symtab sizes.  This file only turns its verdict into a message.  */

/* An empty section has no data pointer; the library wants one.  */
static const unsigned char *
bytes_of (const struct relopt_section *s)
{
  static const unsigned char none[1];

  return s->data ? s->data : none;
}

void
relopt_image_rlo_elf (const relopt_image *img, struct rlo_elf *e)
{
  const struct relopt_section *sx
      = img->shndxsec ? &img->sec[img->shndxsec] : NULL;

  const struct relopt_section *st = &img->sec[img->symtab];
  const struct relopt_section *ss
      = st->sh_link < img->shnum ? &img->sec[st->sh_link] : NULL;

  memset (e, 0, sizeof *e);
  e->symtab = bytes_of (st);
  e->symtab_size = st->sh_size;
  e->symtab_entsize = img->elfclass == RELOPT_ELFCLASS64 ? 24 : 16;
  e->symtab_index = img->symtab;
  e->strtab = ss ? bytes_of (ss) : bytes_of (st);
  e->strtab_size = ss ? ss->sh_size : 0;
  e->elfclass = img->elfclass;
  e->big_endian = img->big;
  e->machine = img->e_machine;
  e->flags = img->e_flags;
  e->shndx = sx ? bytes_of (sx) : NULL;
  e->shndx_size = sx ? sx->sh_size : 0;
}

void
relopt_image_rlo_section (const relopt_image *img, uint32_t idx,
                          struct rlo_section *r)
{
  const struct relopt_section *s = &img->sec[idx];

  r->data = bytes_of (s);
  r->size = s->sh_size;
  r->sh_link = s->sh_link;
  r->sh_info = s->sh_info;
  r->sh_entsize = s->sh_type == RELOPT_SHT_HASH
                      ? relopt_image_hash_entsize (img)
                      : s->sh_entsize;
}

/* Message for a table the library refused with RC and *F.  */
static int
table_error (const relopt_image *img, uint32_t idx, const char *const *names,
             int rc, const struct rlo_fault *f, struct relopt_error *err)
{
  char lb[96];
  const char *what = f->what && f->what[0] ? f->what : rlo_strerror (rc);
  const char *label = relopt_section_label (img, idx, lb, sizeof lb);
  unsigned long long ix = f->index, v = f->value;

  switch (f->at)
    {
    case RLO_AT_SYMBOL:
      return relopt_set_error (
          err, RELOPT_E_CHECK, "%s: symbol %llu '%.60s' %s", label, ix,
          f->index < img->nsyms ? names[f->index] : "", what);
    case RLO_AT_BUCKET:
      return relopt_set_error (err, RELOPT_E_CHECK,
                               "%s: bucket[%llu] = %llu %s", label, ix, v,
                               what);
    case RLO_AT_CHAIN:
      if (img->sec[idx].sh_type == RELOPT_SHT_RELOPT_ADDRORDER)
        return relopt_set_error (err, RELOPT_E_CHECK,
                                 "%s: entry %llu = %llu '%.60s' %s", label, ix,
                                 v, v < img->nsyms ? names[v] : "", what);
      return relopt_set_error (err, RELOPT_E_CHECK,
                               "%s: chain[%llu] = %llu %s", label, ix, v,
                               what);
    default:
      if (rc == RLO_E_NCHAIN)
        return relopt_set_error (err, RELOPT_E_CHECK,
                                 "%s: nchain %llu differs from the .symtab "
                                 "entry count %u (stale table?)",
                                 label, v, img->nsyms);
      if (rc == RLO_E_MISSING
          && img->sec[idx].sh_type == RELOPT_SHT_RELOPT_ADDRORDER)
        return relopt_set_error (
            err, RELOPT_E_CHECK,
            "%s: %llu entries, but %llu symbols are defined, named and not "
            "mapping symbols (stale table?)",
            label, (unsigned long long)(img->sec[idx].sh_size / 4), v);
      if (rc == RLO_E_HEADER || rc == RLO_E_SIZE || rc == RLO_E_MISSING)
        return relopt_set_error (err, RELOPT_E_CHECK, "%s: %s (%llu)", label,
                                 what, v);
      return relopt_set_error (err, RELOPT_E_CHECK, "%s: %s", label, what);
    }
}

static int
check_link (const relopt_image *img, uint32_t idx, const char *what,
            struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  char lb[96];

  if (s->sh_link != img->symtab)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%s: %s sh_link is %u, not .symtab (%u): stale "
                             "table (objcopy, ld -r and strip reset or "
                             "renumber it; run relopt last)",
                             relopt_section_label (img, idx, lb, sizeof lb),
                             what, s->sh_link, img->symtab);
  return 0;
}

/* The section header fields doc/design.md 2, 3 and 9 fix besides sh_link
   and sh_entsize (which the loader library checks): sh_flags SHF_EXCLUDE
   alone (SHF_ALLOC would make a loader copy the table into memory),
   sh_addr 0, sh_info 0, and sh_addralign as relopt writes it: the word
   size for .hash, 8 for an ELFCLASS64 .gnu.hash and 4 for ELFCLASS32, 4
   for .addrorder.  Another value is a table relopt did not write as the
   contract says, which a rewrite would change.  */
static int
check_header (const relopt_image *img, uint32_t idx, const char *what,
              uint64_t align, struct relopt_error *err)
{
  const struct relopt_section *s = &img->sec[idx];
  const char *field = NULL;
  uint64_t got = 0, want = 0;
  char lb[96];

  if (s->sh_flags != RELOPT_SHF_EXCLUDE)
    field = "sh_flags", got = s->sh_flags, want = RELOPT_SHF_EXCLUDE;
  else if (s->sh_addr != 0)
    field = "sh_addr", got = s->sh_addr;
  else if (s->sh_info != 0)
    field = "sh_info", got = s->sh_info;
  else if (s->sh_addralign != align)
    field = "sh_addralign", got = s->sh_addralign, want = align;
  if (!field)
    return 0;
  return relopt_set_error (
      err, RELOPT_E_CHECK, "%s: %s %s is %#llx, not %#llx (doc/design.md %s)",
      relopt_section_label (img, idx, lb, sizeof lb), what, field,
      (unsigned long long)got, (unsigned long long)want,
      s->sh_type == RELOPT_SHT_HASH       ? "2"
      : s->sh_type == RELOPT_SHT_GNU_HASH ? "3"
                                          : "9");
}

/* .hash (doc/design.md 2) or .gnu.hash (doc/design.md 3) in section IDX:
   the header fields, sh_link (with the hint about the tools that break it),
   then the whole
   table through the loader library: sizes, every index, chains disjoint,
   ascending and ending, every hashed symbol reachable, chain words and
   bloom bits matching the names.  */
static int
check_table (const relopt_image *img, uint32_t idx, const char *const *names,
             struct relopt_error *err)
{
  bool gnu = img->sec[idx].sh_type == RELOPT_SHT_GNU_HASH;
  struct rlo_elf e;
  struct rlo_section sec;
  struct rlo_fault f;
  struct rlo_sysv st;
  struct rlo_gnu gt;
  int rc;

  rc = check_link (img, idx, gnu ? ".gnu.hash" : ".hash", err);
  if (rc)
    return rc;
  rc = check_header (img, idx, gnu ? ".gnu.hash" : ".hash",
                     gnu ? (img->elfclass == RELOPT_ELFCLASS64 ? 8 : 4)
                         : relopt_image_hash_entsize (img),
                     err);
  if (rc)
    return rc;
  relopt_image_rlo_elf (img, &e);
  relopt_image_rlo_section (img, idx, &sec);
  rc = gnu ? rlo_gnu_validate (&e, &sec, &gt, &f)
           : rlo_sysv_validate (&e, &sec, &st, &f);
  return rc == RLO_OK ? 0 : table_error (img, idx, names, rc, &f, err);
}

/* .addrorder (doc/design.md 9) in section IDX: sh_link (with the hint
   about the tools that break it), the header fields, then the loader
   library's validation.  */
static int
check_addrorder (const relopt_image *img, uint32_t idx,
                 const char *const *names, struct relopt_error *err)
{
  struct rlo_elf e;
  struct rlo_section sec;
  struct rlo_fault f;
  struct rlo_addrorder t;
  int rc;

  rc = check_link (img, idx, ".addrorder", err);
  if (rc)
    return rc;
  rc = check_header (img, idx, ".addrorder", 4, err);
  if (rc)
    return rc;
  relopt_image_rlo_elf (img, &e);
  relopt_image_rlo_section (img, idx, &sec);
  rc = rlo_addrorder_validate (&e, &sec, &t, &f);
  return rc == RLO_OK ? 0 : table_error (img, idx, names, rc, &f, err);
}

/* Which tables must be there.  Without --hash-style, at least one: a
   module relopt never processed (or whose tables a later tool removed)
   is not what --check certifies.  With it, each table the style names
   (--hash-style=none accepts a file without tables).  */
static int
check_tables_present (const struct relopt_options *opts, uint32_t sysv,
                      uint32_t gnu, struct relopt_error *err)
{
  static const struct
  {
    unsigned style;
    const char *section, *name;
  } need[] = { { RELOPT_HASH_SYSV, ".hash (SHT_HASH)", "sysv" },
               { RELOPT_HASH_GNU, ".gnu.hash (SHT_GNU_HASH)", "gnu" } };
  const uint32_t have[2] = { sysv, gnu };
  unsigned k;

  if (!opts->hash_style_given && sysv == 0 && gnu == 0)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "no hash tables (no .hash or .gnu.hash: not "
                             "processed by relopt?); use --hash-style=none "
                             "to check a file without them");
  for (k = 0; opts->hash_style_given && k < 2; k++)
    if ((opts->hash_style & need[k].style) && have[k] == 0)
      return relopt_set_error (
          err, RELOPT_E_CHECK, "no %s section, expected with --hash-style=%s",
          need[k].section,
          opts->hash_style == RELOPT_HASH_BOTH ? "both" : need[k].name);
  return 0;
}

int
relopt_check_image (const relopt_image *img, const struct relopt_options *opts,
                    struct relopt_error *err)
{
  uint32_t sysv, gnu, addr;
  unsigned nh, ng, na;
  const char **names;
  int rc;

  /* Data after the ELF image is not checked: a module signed after
     relopt (the intended order in kbuild) carries its signature there.  */
  sysv = relopt_image_find_type (img, RELOPT_SHT_HASH, &nh);
  gnu = relopt_image_find_type (img, RELOPT_SHT_GNU_HASH, &ng);
  if (nh > 1 || ng > 1)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%u SHT_HASH and %u SHT_GNU_HASH sections", nh,
                             ng);
  addr = relopt_image_find_type (img, RELOPT_SHT_RELOPT_ADDRORDER, &na);
  if (na > 1)
    return relopt_set_error (err, RELOPT_E_CHECK,
                             "%u SHT_RELOPT_ADDRORDER sections", na);
  /* The tables that must be there; those the file has are validated.  */
  rc = check_tables_present (opts, sysv, gnu, err);
  if (rc == 0 && addr == 0 && opts->addr_order == RELOPT_ADDR_ORDER_YES)
    rc = relopt_set_error (err, RELOPT_E_CHECK,
                           "no .addrorder (SHT_RELOPT_ADDRORDER) section, "
                           "expected with --addr-order=yes");
  if (rc)
    return rc;
  rc = relopt_image_check_locals_first (img, RELOPT_E_CHECK, err);
  if (rc)
    return rc;
  names = relopt_image_sym_names (img);
  if (names == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  if (sysv)
    rc = check_table (img, sysv, names, err);
  if (rc == 0 && gnu)
    rc = check_table (img, gnu, names, err);
  if (rc == 0 && addr)
    rc = check_addrorder (img, addr, names, err);
  free (names);
  if (rc == 0 && opts->sort_branch_relocs)
    {
      rc = relopt_relsort_check (img, err);
      if (rc == RELOPT_E_FORMAT)
        rc = err->code = RELOPT_E_CHECK;
    }
  return rc;
}
