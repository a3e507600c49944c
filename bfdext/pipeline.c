/* pipeline.c -- the rewrite pipeline: one function that lists the passes
   (read, validate, order symbols, remap indices, order branch relocations,
   build .strtab, build hash tables, size, write, replace the file).  The
   output contract is doc/design.md "Output contract"; what each pass may
   change is listed there in point 1.  */

#include <config.h>
#include "fileio.h"
#include "hashsec.h"
#include "image.h"
#include "relsort.h"
#include "stripdebug.h"
#include "strtab.h"
#include "symorder.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
   relopt_hash_sections_build has read it.  */
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
  /* A hash table's name is left out (sh_name 0 for now):
     relopt_hash_sections_build appends it afterwards, as for a new
     table, so the bytes do not depend on whether a table was kept from
     an earlier run or is new.  */
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

/* The passes, in order; each may change only what doc/design.md 1 allows
   (relopt_image_rewrites).  */
int
relopt_rewrite (relopt_image *img, const struct relopt_options *opts,
                struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_stats local;
  struct relopt_hash_sections tables = { 0, 0, { NULL, NULL } };
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
  /* 1a. --strip-debug / --strip-unneeded, as binutils strip does it
        (stripdebug.c); existing hash tables go with it.  */
  if (rc == 0 && opts->strip != RELOPT_STRIP_NONE)
    rc = relopt_strip_image (img, opts->strip, err);
  /* 2. Existing tables: the ones at the end removed, others kept in
        place for rebuilding, or refused when not wanted.  */
  if (rc == 0)
    rc = relopt_hash_sections_settle (img, opts->hash_style, &tables, err);
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
  /* 6. Hash tables over the final symtab, named in .shstrtab; .gnu.hash
        from the hashes pass 3 computed (passes 4 and 5 move no symbol
        and change no name).  */
  if (rc == 0)
    rc = relopt_hash_sections_build (img, opts->hash_style, &tables, gnu_hash,
                                     symoffset, stats, err);
  free (gnu_hash);
  relopt_hash_sections_free (&tables);
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
   written at all when it would replace the input (doc/design.md 7: same inode,
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
