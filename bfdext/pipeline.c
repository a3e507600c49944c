/* pipeline.c -- the rewrite pipeline: one function that lists the passes
   (read, validate, order symbols, remap indices, order branch relocations,
   build .strtab, build hash tables, size, write, replace the file).  The
   output contract is DESIGN.md "Output contract"; what each pass may
   change is listed there in point 1.  */

#include <config.h>
#include "fileio.h"
#include "image.h"
#include "relsort.h"
#include "strtab.h"
#include "symhash.h"
#include "symorder.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Existing hash tables and what to do with them.  */
struct tables
{
  uint32_t sysv; /* index of an existing SHT_HASH, or 0 */
  uint32_t gnu;  /* index of an existing SHT_GNU_HASH, or 0 */
};

static int
find_tables (const relopt_image *img, struct tables *t,
             struct relopt_error *err)
{
  unsigned nh, ng;

  t->sysv = relopt_image_find_type (img, RELOPT_SHT_HASH, &nh);
  t->gnu = relopt_image_find_type (img, RELOPT_SHT_GNU_HASH, &ng);
  if (nh > 1 || ng > 1)
    return relopt_set_error (err, RELOPT_E_REFUSE,
                             "%u SHT_HASH and %u SHT_GNU_HASH sections: "
                             "relopt rebuilds one of each and will not "
                             "guess which to keep",
                             nh, ng);
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
  /* Another hash table's sh_link does not count: every table kept is
     relinked to .symtab, so counting it made a second run drop what the
     first one kept (not idempotent).  Nor does section 0's: it only ever
     holds the SHN_XINDEX name table index (serialize clears garbage).  */
  for (i = 1; i < idx; i++)
    if ((img->sec[i].sh_link == idx && img->sec[i].sh_type != RELOPT_SHT_HASH
         && img->sec[i].sh_type != RELOPT_SHT_GNU_HASH)
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

/* The section names relopt adds.  */
static const char *const table_names[] = { ".gnu.hash", ".hash" };

/* Existing tables.  relopt appends its tables after every other section,
   so a run on relopt's output finds them at the tail: those are removed
   (nothing refers to them, so no index changes) and the wanted ones are
   appended again, always as .hash then .gnu.hash, and their names leave
   .shstrtab (relopt_image_trim_names) before the wanted ones are added
   again.  The output therefore does not depend on which styles earlier
   runs used.  A table elsewhere
   (`ld -r' of relopt output moves them to the front) is rebuilt in place
   when its style is wanted, and refused otherwise, since removing it would
   renumber sections (DESIGN 1: every section keeps its index).  */
static int
settle_tables (relopt_image *img, unsigned style, struct tables *t,
               struct relopt_error *err)
{
  char lb[96];
  int rc;

  while (img->shnum > 1
         && (img->sec[img->shnum - 1].sh_type == RELOPT_SHT_HASH
             || img->sec[img->shnum - 1].sh_type == RELOPT_SHT_GNU_HASH)
         && removable (img, img->shnum - 1))
    relopt_image_pop_section (img);
  relopt_image_trim_names (img, table_names, 2);
  rc = find_tables (img, t, err);
  if (rc)
    return rc;
  if ((t->sysv && !(style & RELOPT_HASH_SYSV))
      || (t->gnu && !(style & RELOPT_HASH_GNU)))
    {
      bool sysv = t->sysv && !(style & RELOPT_HASH_SYSV);
      return relopt_set_error (
          err, RELOPT_E_REFUSE,
          "%s is not at the end of the section table: "
          "cannot remove it without renumbering "
          "sections (keep it with hash style %s)",
          relopt_section_label (img, sysv ? t->sysv : t->gnu, lb, sizeof lb),
          sysv ? "sysv or both" : "gnu or both");
    }
  return 0;
}

/* Whether .strtab holds another section's strings: then it cannot be
   rebuilt from .symtab.  A .strtab that is also .shstrtab (clang -c
   writes one string table) is not shared in this sense: merge_strtab
   rebuilds it from the symbol and section names.  */
static bool
strtab_shared (const relopt_image *img)
{
  uint32_t i;

  /* Hash tables do not count: their sh_link is reset to .symtab when
     they are rebuilt, so counting them would merge only on a second run
     (not idempotent).  */
  for (i = 1; i < img->shnum; i++)
    if (i != img->symtab && img->sec[i].sh_link == img->strtab
        && img->sec[i].sh_type != RELOPT_SHT_NULL
        && img->sec[i].sh_type != RELOPT_SHT_HASH
        && img->sec[i].sh_type != RELOPT_SHT_GNU_HASH)
      return true;
  return false;
}

/* Pass: order the symbols for .gnu.hash and remap every index user.
   *SYMOFFSET gets the first hashed index, *GNU_HASHP a new array of NSYMS
   entries with each hashed symbol's GNU hash at its new index (as
   relopt_symorder_gnu fills it), which the caller frees after
   build_tables has read it.  */
static int
order_symbols (relopt_image *img, uint32_t **gnu_hashp, uint32_t *symoffset,
               struct relopt_stats *stats, struct relopt_error *err)
{
  uint32_t *new_to_old, i, moved = 0;
  size_t n = img->nsyms ? img->nsyms : 1;
  int rc;

  new_to_old = malloc (n * sizeof *new_to_old);
  *gnu_hashp = malloc (n * sizeof **gnu_hashp);
  if (new_to_old == NULL || *gnu_hashp == NULL)
    {
      free (new_to_old);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  rc = relopt_symorder_gnu (img, new_to_old, *gnu_hashp, symoffset, err);
  for (i = 0; rc == 0 && i < img->nsyms; i++)
    moved += new_to_old[i] != i;
  if (rc == 0 && moved > 0)
    {
      rc = relopt_symorder_check_users (img, err);
      if (rc == 0)
        rc = relopt_symorder_apply (img, new_to_old, err);
    }
  stats->symbols_moved = moved;
  free (new_to_old);
  return rc;
}

/* Pass: rebuild .strtab from the final symbol table (and the section
   names when it is also .shstrtab) and patch st_name (and sh_name).  */
static int
merge_strtab (relopt_image *img, struct relopt_error *err)
{
  /* With one table for both (clang -c), the section names follow the
     symbol names: still a pure function of the final symtab and the
     section names.  */
  bool with_sections = img->strtab == img->shstrndx;
  size_t n = img->nsyms + (with_sections ? img->shnum : 0);
  const char **names, **all;
  uint32_t *offsets, i;
  unsigned char *buf;
  size_t len;
  int rc;

  names = relopt_image_sym_names (img);
  all = calloc (n ? n : 1, sizeof *all);
  offsets = malloc ((n ? n : 1) * sizeof *offsets);
  if (names == NULL || all == NULL || offsets == NULL)
    {
      free (names);
      free (all);
      free (offsets);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  /* A hash table's name is left out (sh_name 0 for now): name_tables
     appends it afterwards, as for a new table, so the bytes do not
     depend on whether a table was kept from an earlier run or is new.  */
  memcpy (all, names, img->nsyms * sizeof *all);
  for (i = 0; with_sections && i < img->shnum; i++)
    all[img->nsyms + i] = img->sec[i].sh_type == RELOPT_SHT_HASH
                                  || img->sec[i].sh_type == RELOPT_SHT_GNU_HASH
                              ? NULL
                              : img->sec[i].name;
  rc = relopt_strtab_merge (all, n, &buf, &len, offsets, err);
  free (names); /* points into the old .strtab, still alive */
  free (all);
  if (rc == 0)
    rc = relopt_image_own_data (img, img->symtab, err);
  if (rc == 0)
    {
      for (i = 0; i < img->nsyms; i++)
        relopt_put32 (relopt_image_sym_raw (img, i), offsets[i], img->big);
      for (i = 0; with_sections && i < img->shnum; i++)
        img->sec[i].sh_name = offsets[img->nsyms + i];
      relopt_image_set_data (img, img->strtab, buf, len);
      if (with_sections)
        relopt_image_names_changed (img);
    }
  free (offsets);
  return rc;
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
     SHF_EXCLUDE (DESIGN 2, 3): a final link (ld -shared included) drops
     the table instead of merging it into its own dynamic hash tables,
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

static void
chain_stats (const uint32_t *lens, uint32_t nbucket, uint32_t *max,
             double *mean)
{
  uint32_t i, used = 0;
  uint64_t total = 0;

  *max = 0;
  for (i = 0; i < nbucket; i++)
    if (lens[i])
      {
        used++;
        total += lens[i];
        if (lens[i] > *max)
          *max = lens[i];
      }
  *mean = used ? (double)total / used : 0.0;
}

static int
build_sysv (relopt_image *img, const char *const *names, uint32_t *idx,
            struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_sysv_table t;
  unsigned char *hashed, *buf;
  unsigned entsize = relopt_image_hash_entsize (img);
  uint32_t *lens, i;
  size_t len;
  int rc;

  hashed = calloc (img->nsyms ? img->nsyms : 1, 1);
  if (hashed == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  rc = relopt_sysv_select (img, names, hashed, NULL, err);
  for (i = 1; rc == 0 && i < img->nsyms; i++)
    stats->sysv_nhashed += hashed[i];
  if (rc == 0)
    rc = relopt_sysv_build (names, hashed, img->nsyms, &t, err);
  free (hashed);
  if (rc)
    return rc;
  lens = calloc (t.nbucket, sizeof *lens);
  if (lens == NULL)
    {
      relopt_sysv_free (&t);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  for (i = 0; i < t.nbucket; i++)
    {
      uint32_t j;
      for (j = t.bucket[i]; j != 0; j = t.chain[j])
        lens[i]++;
    }
  stats->sysv_nbucket = t.nbucket;
  chain_stats (lens, t.nbucket, &stats->sysv_max_chain,
               &stats->sysv_mean_chain);
  free (lens);
  rc = relopt_sysv_encode (&t, entsize, img->big, &buf, &len, err);
  relopt_sysv_free (&t);
  if (rc)
    return rc;
  return install_table (img, idx, ".hash", RELOPT_SHT_HASH, entsize, entsize,
                        buf, len, err);
}

static int
build_gnu (relopt_image *img, const uint32_t *gnu_hash, uint32_t symoffset,
           uint32_t *idx, struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_gnu_table t;
  bool is64 = img->elfclass == RELOPT_ELFCLASS64;
  unsigned char *buf;
  uint32_t *lens, i;
  size_t len;
  int rc;

  rc = relopt_gnu_build (gnu_hash, img->nsyms, symoffset, is64 ? 64 : 32, &t,
                         err);
  if (rc)
    return rc;
  lens = calloc (t.nbuckets, sizeof *lens);
  if (lens == NULL)
    {
      relopt_gnu_free (&t);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  for (i = symoffset; i < img->nsyms; i++)
    lens[gnu_hash[i] % t.nbuckets]++;
  stats->gnu_nbucket = t.nbuckets;
  stats->gnu_nhashed = img->nsyms - symoffset;
  stats->gnu_symoffset = symoffset;
  stats->gnu_bloom_bits = t.maskwords * t.wordbits;
  chain_stats (lens, t.nbuckets, &stats->gnu_max_chain,
               &stats->gnu_mean_chain);
  free (lens);
  rc = relopt_gnu_encode (&t, img->big, &buf, &len, err);
  relopt_gnu_free (&t);
  if (rc)
    return rc;
  /* sh_entsize as binutils writes it: 4 for ELFCLASS32, 0 for 64.  */
  return install_table (img, idx, ".gnu.hash", RELOPT_SHT_GNU_HASH,
                        is64 ? 8 : 4, is64 ? 0 : 4, buf, len, err);
}

/* Pass: the tables' names into .shstrtab, always .gnu.hash's first (so
   that ".hash" is its tail), whether the table is new or kept in place
   (KEPT[0], KEPT[1]: the names of kept GNU and SysV tables, read before
   .strtab/.shstrtab was rebuilt, or NULL).  Doing both the same way
   makes .shstrtab independent of which tables earlier runs left.  */
static int
name_tables (relopt_image *img, const struct tables *t, unsigned style,
             char *const kept[2], struct relopt_error *err)
{
  const uint32_t idx[2] = { t->gnu, t->sysv };
  const bool want[2]
      = { (style & RELOPT_HASH_GNU) != 0, (style & RELOPT_HASH_SYSV) != 0 };
  unsigned k;
  int rc = 0;

  for (k = 0; rc == 0 && k < 2; k++)
    {
      uint32_t off;
      if (!want[k])
        continue;
      rc = relopt_image_add_name (img, idx[k] ? kept[k] : table_names[k], &off,
                                  err);
      if (rc == 0 && idx[k])
        {
          img->sec[idx[k]].sh_name = off;
          relopt_image_names_changed (img);
        }
    }
  return rc;
}

/* Pass 1: data after the ELF image (a module signature) cannot survive a
   rewrite (the signature would no longer match): refuse unless the user
   asked for it to be dropped.  */
static int
refuse_trailer (const relopt_image *img, const struct relopt_options *opts,
                struct relopt_stats *stats, struct relopt_error *err)
{
  if (img->trailer_len > 0 && !opts->drop_signature)
    return relopt_set_error (
        err, RELOPT_E_SIGNATURE,
        "%llu bytes after the ELF data (%s) would be lost: use "
        "--drop-signature to drop them, and sign again afterwards",
        (unsigned long long)img->trailer_len,
        img->trailer_is_signature ? "an appended module signature"
                                  : "unknown trailing data");
  stats->trailer_bytes = img->trailer_len;
  return 0;
}

/* The names of the tables settle_tables kept in place (KEPT[0] .gnu.hash,
   KEPT[1] .hash), copied: name_tables trims .shstrtab around them.  */
static int
remember_kept (const relopt_image *img, const struct tables *t, char *kept[2],
               struct relopt_error *err)
{
  if ((t->gnu && (kept[0] = strdup (img->sec[t->gnu].name)) == NULL)
      || (t->sysv && (kept[1] = strdup (img->sec[t->sysv].name)) == NULL))
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  return 0;
}

/* Pass 6: the hash tables over the final symtab.  Their names go into
   .shstrtab first, ".gnu.hash" before ".hash" so that ".hash" is its
   tail, and before the symbol names are taken: when .shstrtab is also
   .strtab, adding a name replaces the bytes those names point into.  */
static int
build_tables (relopt_image *img, unsigned style, struct tables *t,
              char *const kept[2], const uint32_t *gnu_hash,
              uint32_t symoffset, struct relopt_stats *stats,
              struct relopt_error *err)
{
  const char **names;
  int rc;

  rc = name_tables (img, t, style, kept, err);
  if (rc || style == RELOPT_HASH_NONE)
    return rc;
  names = relopt_image_sym_names (img);
  if (names == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  if (style & RELOPT_HASH_SYSV)
    rc = build_sysv (img, names, &t->sysv, stats, err);
  if (rc == 0 && (style & RELOPT_HASH_GNU))
    rc = build_gnu (img, gnu_hash, symoffset, &t->gnu, stats, err);
  free (names);
  return rc;
}

/* The passes, in order; each may change only what DESIGN 1 allows
   (relopt_image_rewrites).  */
int
relopt_rewrite (relopt_image *img, const struct relopt_options *opts,
                struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_stats local;
  struct tables tables = { 0, 0 };
  char *kept[2] = { NULL, NULL };
  uint32_t symoffset = img->nsyms, *gnu_hash = NULL;
  int rc;

  if (stats == NULL)
    stats = &local;
  memset (stats, 0, sizeof *stats);
  stats->file_bytes_before = img->file_size;
  stats->strtab_bytes_before = img->sec[img->strtab].sh_size;
  stats->nsyms = img->nsyms;

  /* 1. A trailer (module signature) is dropped only when asked.  */
  rc = refuse_trailer (img, opts, stats, err);
  /* 2. Existing tables: the ones at the end removed, others kept in
        place for rebuilding, or refused when not wanted.  */
  if (rc == 0)
    rc = settle_tables (img, opts->hash_style, &tables, err);
  if (rc == 0)
    rc = remember_kept (img, &tables, kept, err);
  /* 3. ELF's locals-first rule holds, then the symbol order for
        .gnu.hash, every index user remapped.  */
  if (rc == 0)
    rc = relopt_image_check_locals_first (img, RELOPT_E_FORMAT, err);
  if (rc == 0 && (opts->hash_style & RELOPT_HASH_GNU))
    rc = order_symbols (img, &gnu_hash, &symoffset, stats, err);
  /* 4. Branch relocations by target (ARM/AArch64).  */
  if (rc == 0 && opts->sort_branch_relocs)
    rc = relopt_relsort_image (img, stats, err);
  /* 5. Suffix-merged .strtab, a pure function of the final symtab.  */
  if (rc == 0 && opts->merge_strtab && !strtab_shared (img))
    rc = merge_strtab (img, err);
  /* 6. Hash tables over the final symtab.  */
  if (rc == 0)
    rc = build_tables (img, opts->hash_style, &tables, kept, gnu_hash,
                       symoffset, stats, err);
  free (gnu_hash);
  free (kept[0]);
  free (kept[1]);
  stats->strtab_bytes_after = img->sec[img->strtab].sh_size;
  return rc;
}

int
relopt_rewrite_mem (const unsigned char *in, size_t inlen,
                    const struct relopt_options *opts, unsigned char **outp,
                    size_t *outlenp, struct relopt_stats *stats,
                    struct relopt_error *err)
{
  relopt_image *img;
  int rc;

  *outp = NULL;
  *outlenp = 0;
  rc = relopt_image_read_mem (in, inlen, &img, err);
  if (rc)
    return rc;
  rc = relopt_rewrite (img, opts, stats, err);
  if (rc == 0)
    rc = relopt_image_serialize (img, outp, outlenp, err);
  if (rc == 0 && stats)
    stats->file_bytes_after = *outlenp;
  relopt_image_free (img);
  return rc;
}

/* relopt_replace_file_with's writer for a laid-out image.  */
struct layout_writer
{
  const relopt_image *img;
  const struct relopt_layout *lay;
  int in_fd;
};

static int
write_layout (int fd, void *ctx)
{
  const struct layout_writer *w = ctx;
  return relopt_layout_write (w->img, w->lay, w->in_fd, fd);
}

/* The file path: the input is mapped, not read (the sections no pass
   changes are never touched in user space), and the output is written
   from the layout, those sections copied by the kernel from the input
   file (copy_file_range).  A result equal to the input's bytes is not
   written at all when it would replace the input (DESIGN 7: same inode,
   same mtime, so make and hard links see no change).  */
int
relopt_rewrite_file (const char *inpath, const char *outpath,
                     const struct relopt_options *opts,
                     struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_file_id id;
  struct relopt_layout lay;
  struct layout_writer w;
  relopt_image *img;
  unsigned char *map;
  size_t len;
  int fd, rc;

  rc = relopt_map_file (inpath, &map, &len, &fd, &id, err);
  if (rc)
    return rc;
  rc = relopt_image_adopt_map (map, len, &img, err);
  if (rc == 0)
    rc = relopt_rewrite (img, opts, stats, err);
  if (rc == 0)
    rc = relopt_image_layout (img, &lay, err);
  if (rc)
    {
      relopt_image_free (img);
      close (fd);
      return rc;
    }
  if (stats)
    stats->file_bytes_after = lay.total;
  if (outpath == NULL && relopt_layout_unchanged (img, &lay))
    {
      if (stats)
        stats->file_unchanged = true;
      rc = 0;
    }
  else
    {
      /* In place, the rename must replace the file that was read: if it
         was replaced or removed meanwhile, stop rather than resurrect
         it.  */
      w.img = img;
      w.lay = &lay;
      w.in_fd = fd;
      rc = relopt_replace_file_with (outpath ? outpath : inpath, write_layout,
                                     &w, inpath, outpath ? NULL : &id,
                                     opts->flush, err);
    }
  relopt_layout_free (&lay);
  relopt_image_free (img);
  close (fd);
  return rc;
}
