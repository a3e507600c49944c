/* hashsec.c -- relopt's table sections (.hash, .gnu.hash, .addrorder) in
   a rewrite: settle the existing ones, build, install and name the new
   ones; see hashsec.h.  */

#include <config.h>
#include "hashsec.h"
#include "addrorder.h"
#include "image.h"
#include "symhash.h"
#include <stdlib.h>
#include <string.h>

static int
find_tables (const relopt_image *img, struct relopt_hash_sections *hs,
             struct relopt_error *err)
{
  unsigned nh, ng, na;

  hs->sysv = relopt_image_find_type (img, RELOPT_SHT_HASH, &nh);
  hs->gnu = relopt_image_find_type (img, RELOPT_SHT_GNU_HASH, &ng);
  hs->addr = relopt_image_find_type (img, RELOPT_SHT_RELOPT_ADDRORDER, &na);
  if (nh > 1 || ng > 1 || na > 1)
    return relopt_set_error (err, RELOPT_E_REFUSE,
                             "%u SHT_HASH, %u SHT_GNU_HASH and %u "
                             "SHT_RELOPT_ADDRORDER sections: relopt rebuilds "
                             "one of each and will not guess which to keep",
                             nh, ng, na);
  return 0;
}

/* Whether section IDX can be removed: it is the last section and no
   symbol or section refers to it.  */
static bool
removable (const relopt_image *img, uint32_t idx)
{
  uint32_t i;

  if (idx + 1 != img->shnum)
    return false;
  /* Another table's sh_link does not count: every table kept is
     relinked to .symtab, so counting it made a second run drop what the
     first one kept (not idempotent).  Nor does section 0's: it only ever
     holds the SHN_XINDEX name table index (serialize clears garbage).  */
  for (i = 1; i < idx; i++)
    if ((img->sec[i].sh_link == idx
         && !relopt_is_table_type (img->sec[i].sh_type))
        || ((img->sec[i].sh_type == RELOPT_SHT_REL
             || img->sec[i].sh_type == RELOPT_SHT_RELA)
            && img->sec[i].sh_info == idx))
      return false;
  /* From entry 0: its st_shndx is read and validated like any other.  */
  for (i = 0; i < img->nsyms; i++)
    {
      struct relopt_sym s;
      relopt_image_get_sym (img, i, &s);
      if (s.shndx == idx
          && (s.st_shndx == RELOPT_SHN_XINDEX
              || s.st_shndx < RELOPT_SHN_LORESERVE))
        return false;
    }
  return true;
}

/* The section names relopt adds: [0] GNU, [1] SysV, [2] the address
   order, as in KEPT.  */
static const char *const table_names[]
    = { ".gnu.hash", ".hash", ".addrorder" };

/* relopt appends its tables after every other section,
   so a run on relopt's output finds them at the tail: those are removed
   (nothing refers to them, so no index changes) and the wanted ones are
   appended again, always as .hash, .gnu.hash, .addrorder, and their names
   leave
   .shstrtab (relopt_image_trim_names) before the wanted ones are added
   again.  The output therefore does not depend on which styles earlier
   runs used.  A table elsewhere
   (`ld -r' of relopt output moves them to the front) is rebuilt in place
   when its style is wanted, and refused otherwise, since removing it would
   renumber sections (doc/design.md 1: every section keeps its index).  The
   names of the tables kept are relopt's own: .shstrtab is trimmed of them
   too, and name_tables adds them again.  */
int
relopt_hash_sections_settle (relopt_image *img, unsigned style,
                             struct relopt_hash_sections *hs,
                             struct relopt_error *err)
{
  char lb[96];
  int rc;

  rc = relopt_image_refuse_foreign_tables (img, err);
  if (rc)
    return rc;
  while (img->shnum > 1
         && relopt_is_table_type (img->sec[img->shnum - 1].sh_type)
         && removable (img, img->shnum - 1))
    relopt_image_pop_section (img);
  rc = find_tables (img, hs, err);
  if (rc)
    return rc;
  if ((hs->sysv && !(style & RELOPT_HASH_SYSV))
      || (hs->gnu && !(style & RELOPT_HASH_GNU)))
    {
      bool sysv = hs->sysv && !(style & RELOPT_HASH_SYSV);
      return relopt_set_error (
          err, RELOPT_E_REFUSE,
          "%s is not at the end of the section table: "
          "cannot remove it without renumbering "
          "sections (keep it with hash style %s)",
          relopt_section_label (img, sysv ? hs->sysv : hs->gnu, lb, sizeof lb),
          sysv ? "sysv or both" : "gnu or both");
    }
  if (hs->addr && !(style & RELOPT_TABLE_ADDRORDER))
    return relopt_set_error (
        err, RELOPT_E_REFUSE,
        "%s is not at the end of the section table: cannot remove it "
        "without renumbering sections (keep it with --addr-order=yes)",
        relopt_section_label (img, hs->addr, lb, sizeof lb));
  /* After the refusals, which name the tables as they are: the trim may
     take a kept table's name bytes, since its name is relopt's
     (relopt_image_refuse_foreign_tables) and is added again.  */
  relopt_image_trim_names (img, table_names, 3);
  if ((hs->gnu && (hs->kept[0] = strdup (table_names[0])) == NULL)
      || (hs->sysv && (hs->kept[1] = strdup (table_names[1])) == NULL)
      || (hs->addr && (hs->kept[2] = strdup (table_names[2])) == NULL))
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  return 0;
}

void
relopt_hash_sections_free (struct relopt_hash_sections *hs)
{
  free (hs->kept[0]);
  free (hs->kept[1]);
  free (hs->kept[2]);
  hs->kept[0] = hs->kept[1] = hs->kept[2] = NULL;
}

/* Install table bytes BUF/LEN as section *IDX (creating it when 0).  */
static int
install_table (relopt_image *img, uint32_t *idx, const char *name,
               uint32_t sh_type, uint64_t align, uint64_t entsize,
               unsigned char *buf, size_t len, struct relopt_error *err)
{
  struct relopt_section *s;

  if (*idx == 0)
    {
      struct relopt_section hdr;
      memset (&hdr, 0, sizeof hdr);
      hdr.sh_type = sh_type;
      hdr.data = buf;
      hdr.data_owned = true;
      hdr.sh_size = len;
      int rc = relopt_image_add_section (img, name, &hdr, idx, err);
      if (rc)
        {
          free (buf);
          return rc;
        }
    }
  else
    relopt_image_set_data (img, *idx, buf, len);
  /* Not allocated: loaders read the table from the file image.
     SHF_EXCLUDE (doc/design.md 2, 3, 9): a final link (ld -shared included)
     drops the table instead of merging it into its own dynamic hash tables,
     while ld -r keeps it.  */
  s = &img->sec[*idx];
  s->sh_flags = RELOPT_SHF_EXCLUDE;
  s->sh_addr = 0;
  s->sh_link = img->symtab;
  s->sh_info = 0;
  s->sh_addralign = align;
  s->sh_entsize = entsize;
  return 0;
}

/* Chain lengths for --stats: how many buckets are used, the longest
   chain and the total, for the mean over the used buckets.  */
struct chain_tally
{
  uint32_t used, max;
  uint64_t total;
};

static void
tally_chain (struct chain_tally *c, uint32_t len)
{
  if (len == 0)
    return;
  c->used++;
  c->total += len;
  if (len > c->max)
    c->max = len;
}

static double
tally_mean (const struct chain_tally *c)
{
  return c->used ? (double)c->total / c->used : 0.0;
}

/* Which symbols .hash chains and .addrorder lists, the same set
   (doc/design.md 2 and 9): NSYMS flags from relopt_image_sym_sysv_hashed,
   made once for both tables, or NULL without memory.  */
static unsigned char *
indexed_flags (const relopt_image *img)
{
  unsigned char *f = calloc (img->nsyms ? img->nsyms : 1, 1);
  uint32_t i;

  for (i = 1; f != NULL && i < img->nsyms; i++)
    f[i] = relopt_image_sym_sysv_hashed (img, i);
  return f;
}

/* .hash over the symbols INDEXED flags (indexed_flags).  */
static int
build_sysv (relopt_image *img, const unsigned char *indexed, uint32_t *idx,
            struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_sysv_table t;
  struct chain_tally c = { 0, 0, 0 };
  unsigned entsize = relopt_image_hash_entsize (img);
  const char **names = relopt_image_sym_names (img);
  unsigned char *buf;
  uint32_t i;
  size_t size;
  int rc = 0;

  if (names == NULL)
    rc = relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  for (i = 1; rc == 0 && i < img->nsyms; i++)
    stats->sysv_nhashed += indexed[i];
  if (rc == 0)
    rc = relopt_sysv_build (names, indexed, img->nsyms, &t, err);
  free (names);
  if (rc)
    return rc;
  for (i = 0; i < t.nbucket; i++)
    tally_chain (&c, t.length[i]);
  stats->sysv_nbucket = t.nbucket;
  stats->sysv_max_chain = c.max;
  stats->sysv_mean_chain = tally_mean (&c);
  rc = relopt_sysv_encode (&t, entsize, img->big, &buf, &size, err);
  relopt_sysv_free (&t);
  if (rc)
    return rc;
  return install_table (img, idx, ".hash", RELOPT_SHT_HASH, entsize, entsize,
                        buf, size, err);
}

static int
build_gnu (relopt_image *img, const uint32_t *gnu_hash, uint32_t symoffset,
           uint32_t *idx, struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_gnu_table t;
  struct chain_tally c = { 0, 0, 0 };
  bool is64 = img->elfclass == RELOPT_ELFCLASS64;
  unsigned char *buf;
  uint32_t b, i;
  size_t len;
  int rc;

  rc = relopt_gnu_build (gnu_hash, img->nsyms, symoffset, is64 ? 64 : 32, &t,
                         err);
  if (rc)
    return rc;
  /* A bucket's chain runs from its first symbol to the chain word with
     bit 0 set.  */
  for (b = 0; b < t.nbuckets; b++)
    if (t.buckets[b] != 0)
      {
        for (i = t.buckets[b]; !(t.chain[i - symoffset] & 1); i++)
          ;
        tally_chain (&c, i - t.buckets[b] + 1);
      }
  stats->gnu_nbucket = t.nbuckets;
  stats->gnu_nhashed = img->nsyms - symoffset;
  stats->gnu_symoffset = symoffset;
  stats->gnu_bloom_bits = t.maskwords * t.wordbits;
  stats->gnu_max_chain = c.max;
  stats->gnu_mean_chain = tally_mean (&c);
  rc = relopt_gnu_encode (&t, img->big, &buf, &len, err);
  relopt_gnu_free (&t);
  if (rc)
    return rc;
  /* sh_entsize as binutils writes it: 4 for ELFCLASS32, 0 for 64.  */
  return install_table (img, idx, ".gnu.hash", RELOPT_SHT_GNU_HASH,
                        is64 ? 8 : 4, is64 ? 0 : 4, buf, len, err);
}

/* .addrorder (doc/design.md 9) of the symbols INDEXED flags: 4-byte
   words, for every class.  */
static int
build_addrorder (relopt_image *img, const unsigned char *indexed,
                 uint32_t *idx, struct relopt_stats *stats,
                 struct relopt_error *err)
{
  unsigned char *buf;
  size_t len;
  int rc;

  rc = relopt_addrorder_build (img, indexed, &buf, &len,
                               &stats->addrorder_count, err);
  if (rc)
    return rc;
  return install_table (img, idx, ".addrorder", RELOPT_SHT_RELOPT_ADDRORDER, 4,
                        4, buf, len, err);
}

/* The tables' names into .shstrtab, always .gnu.hash's first (so that
   ".hash" is its tail), then .addrorder's, whether the table is new or kept in
   place (then under the name HS->KEPT holds, read before .strtab/.shstrtab was
   rebuilt).  Doing both the same way makes .shstrtab independent of
   which tables earlier runs left.  */
static int
name_tables (relopt_image *img, const struct relopt_hash_sections *hs,
             unsigned style, struct relopt_error *err)
{
  const uint32_t idx[3] = { hs->gnu, hs->sysv, hs->addr };
  const bool want[3]
      = { (style & RELOPT_HASH_GNU) != 0, (style & RELOPT_HASH_SYSV) != 0,
          (style & RELOPT_TABLE_ADDRORDER) != 0 };
  unsigned k;
  int rc = 0;

  for (k = 0; rc == 0 && k < 3; k++)
    {
      uint32_t off;
      if (!want[k])
        continue;
      rc = relopt_image_add_name (img, idx[k] ? hs->kept[k] : table_names[k],
                                  &off, err);
      if (rc == 0 && idx[k])
        {
          img->sec[idx[k]].sh_name = off;
          relopt_image_names_changed (img);
        }
    }
  return rc;
}

/* The names go into .shstrtab first, ".gnu.hash" before ".hash" so that
   ".hash" is its tail, and before the symbol names are taken: when
   .shstrtab is also .strtab, adding a name replaces the bytes those names
   point into.  */
int
relopt_hash_sections_build (relopt_image *img, unsigned style,
                            struct relopt_hash_sections *hs,
                            const uint32_t *gnu_hash, uint32_t symoffset,
                            struct relopt_stats *stats,
                            struct relopt_error *err)
{
  unsigned char *indexed = NULL;
  int rc;

  rc = name_tables (img, hs, style, err);
  if (rc == 0 && (style & (RELOPT_HASH_SYSV | RELOPT_TABLE_ADDRORDER))
      && (indexed = indexed_flags (img)) == NULL)
    rc = relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  if (rc == 0 && (style & RELOPT_HASH_SYSV))
    rc = build_sysv (img, indexed, &hs->sysv, stats, err);
  if (rc == 0 && (style & RELOPT_HASH_GNU))
    rc = build_gnu (img, gnu_hash, symoffset, &hs->gnu, stats, err);
  if (rc == 0 && (style & RELOPT_TABLE_ADDRORDER))
    rc = build_addrorder (img, indexed, &hs->addr, stats, err);
  free (indexed);
  return rc;
}
