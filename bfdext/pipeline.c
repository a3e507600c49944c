/* pipeline.c -- the rewrite pipeline.  relopt_pipeline (at the end) is
   the whole route from input to output: read (a mapped file or memory,
   decoded by a codec), parse (after a strip program, if named), the
   passes (relopt_rewrite: trailer, relopt's own strip, tables, symbol
   order and index remapping, branch relocation order, .strtab, hash
   tables), layout, write (a file from the layout, or bytes encoded into
   memory or a file).  The command, the ld plugin and the tests all come
   through it.  The output contract is doc/design.md "Output contract"; what
   each pass may change is listed there in point 1.  */

#include <config.h>
#include "addrorder.h"
#include "fileio.h"
#include "hashsec.h"
#include "image.h"
#include "layout.h"
#include "relsort.h"
#include "stripdebug.h"
#include "strtab.h"
#include "symorder.h"
#include <stdio.h>
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

  /* relopt's tables do not count: their sh_link is reset to .symtab
     when they are rebuilt, so counting them would merge only on a second
     run (not idempotent).  */
  for (i = 1; i < img->shnum; i++)
    if (i != img->symtab && img->sec[i].sh_link == img->strtab
        && img->sec[i].sh_type != RELOPT_SHT_NULL
        && !relopt_is_table_type (img->sec[i].sh_type))
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
  /* The symbol names alone are merged from NAMES itself (no copy).  */
  all = with_sections ? calloc (n ? n : 1, sizeof *all) : names;
  offsets = malloc ((n ? n : 1) * sizeof *offsets);
  if (names == NULL || all == NULL || offsets == NULL)
    {
      if (all != names)
        free (all);
      free (names);
      free (offsets);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  /* A table's name is left out (sh_name 0 for now):
     relopt_hash_sections_build appends it afterwards, as for a new
     table, so the bytes do not depend on whether a table was kept from
     an earlier run or is new.  */
  if (with_sections)
    memcpy (all, names, img->nsyms * sizeof *all);
  for (i = 0; with_sections && i < img->shnum; i++)
    all[img->nsyms + i]
        = relopt_is_table_type (img->sec[i].sh_type) ? NULL : img->sec[i].name;
  rc = relopt_strtab_merge (all, n, &buf, &len, offsets, err);
  if (all != names)
    free (all);
  free (names); /* points into the old .strtab, still alive */
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
  struct relopt_hash_sections tables = { 0, 0, 0, { NULL, NULL, NULL } };
  uint32_t symoffset = img->nsyms, *gnu_hash = NULL;
  unsigned want; /* the tables: hash style and .addrorder bits */
  int rc;

  if (stats == NULL)
    stats = &local;
  memset (stats, 0, sizeof *stats);
  stats->file_bytes_before = img->file_size;
  stats->strtab_bytes_before = img->sec[img->strtab].sh_size;

  /* 1. A trailer (module signature) is dropped only when asked.  */
  rc = refuse_trailer (img, opts, stats, err);
  /* 1a. --strip-debug / --strip-unneeded, as binutils strip does it
        (stripdebug.c); existing hash tables go with it.  The symbols
        counted are the ones written, after the strip, as on the
        RELOPT_STRIP route (it counted the input's: a second fresh
        user's finding, 2026-12-05).  */
  if (rc == 0 && opts->strip != RELOPT_STRIP_NONE)
    rc = relopt_strip_image (img, opts->strip, err);
  stats->nsyms = img->nsyms;
  /* 2. Existing tables: the ones at the end removed, others kept in
        place for rebuilding, or refused when not wanted.  .addrorder
        in Linux modules by default (doc/design.md 9).  */
  want = opts->hash_style
         | (relopt_addrorder_wanted (img, opts) ? RELOPT_TABLE_ADDRORDER : 0);
  stats->addrorder = (want & RELOPT_TABLE_ADDRORDER) != 0;
  if (rc == 0)
    rc = relopt_hash_sections_settle (img, want, &tables, err);
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
  /* 6. Tables over the final symtab, named in .shstrtab; .gnu.hash
        from the hashes pass 3 computed (passes 4 and 5 move no symbol
        and change no name); .addrorder over the final indices.  */
  if (rc == 0)
    rc = relopt_hash_sections_build (img, want, &tables, gnu_hash, symoffset,
                                     stats, err);
  free (gnu_hash);
  relopt_hash_sections_free (&tables);
  stats->strtab_bytes_after = img->sec[img->strtab].sh_size;
  return rc;
}

/* The input of one pipeline run: the file mapped (or the caller's
   bytes), its ELF bytes (decoded when compressed), its identity.  */
struct input
{
  unsigned char *map; /* the file's mapping, or NULL */
  size_t maplen;
  int fd;                   /* the file, or -1 */
  struct relopt_file_id id; /* the file that was read */
  const unsigned char *raw; /* the input as read */
  size_t rawlen;
  unsigned char *decoded; /* the ELF bytes of a compressed input */
  const unsigned char *elf;
  size_t elflen;
};

/* Step 1, read: the file mapped, or the caller's bytes, decoded when the
   codec says they are compressed.  */
static int
read_input (const struct relopt_route *r, struct input *in,
            struct relopt_error *err)
{
  int rc = 0;

  memset (in, 0, sizeof *in);
  in->fd = -1;
  if (r->inpath)
    rc = relopt_map_file (r->inpath, &in->map, &in->maplen, &in->fd, &in->id,
                          err);
  if (rc)
    return rc;
  in->raw = r->inpath ? in->map : r->in;
  in->rawlen = r->inpath ? in->maplen : r->inlen;
  if (r->codec && r->codec->decode)
    rc = r->codec->decode (r->codec->ctx, in->raw, in->rawlen, &in->decoded,
                           &in->elflen, err);
  in->elf = in->decoded ? in->decoded : in->raw;
  if (in->decoded == NULL)
    in->elflen = in->rawlen;
  return rc;
}

static void
free_input (struct input *in)
{
  free (in->decoded);
  if (in->map)
    relopt_unmap_file (in->map, in->maplen);
  if (in->fd >= 0)
    close (in->fd);
}

/* Step 2, parse: the image of the input's ELF bytes.  A mapped plain
   file becomes the image's own (the sections no pass changes are never
   copied in user space); other bytes are copied.  */
static int
parse_input (struct input *in, relopt_image **imgp, struct relopt_error *err)
{
  int rc;

  if (in->map && in->decoded == NULL)
    {
      rc = relopt_image_adopt_map (in->map, in->maplen, imgp, err);
      in->map = NULL; /* the image owns it now, or released it */
      return rc;
    }
  return relopt_image_read_mem (in->elf, in->elflen, imgp, err);
}

/* Step 2, with a strip program: the program strips the ELF bytes and its
   output is parsed.  A trailer is refused first as the rewrite would
   refuse it (the program would drop it silently); tables of an earlier
   run are removed first (with strip's output order they would no longer
   be last, so a second run would differ from the first).  *TRAILERP gets
   the file's trailer length and *STRTABP its .strtab size, for --stats
   (which reports the file, not the program's output).  */
static int
parse_stripped (const struct relopt_route *r, const struct input *in,
                const struct relopt_options *opts, relopt_image **imgp,
                uint64_t *trailerp, uint64_t *strtabp,
                struct relopt_error *err)
{
  struct relopt_stats scratch;
  struct relopt_options none = *opts;
  relopt_image *img;
  unsigned char *bare = NULL, *out = NULL;
  size_t barelen = 0, outlen = 0;
  bool unsigned_file;
  int rc;

  rc = relopt_image_read_mem (in->elf, in->elflen, &img, err);
  if (rc == 0)
    rc = refuse_trailer (img, opts, &scratch, err);
  if (rc)
    {
      relopt_image_free (img);
      return rc;
    }
  *trailerp = img->trailer_len;
  *strtabp = img->sec[img->strtab].sh_size;
  unsigned_file = img->trailer_len == 0;
  none.hash_style = RELOPT_HASH_NONE;
  none.hash_style_given = true;
  none.addr_order = RELOPT_ADDR_ORDER_NO;
  none.strip = RELOPT_STRIP_NONE;
  if (relopt_image_find_type (img, RELOPT_SHT_HASH, NULL)
      || relopt_image_find_type (img, RELOPT_SHT_GNU_HASH, NULL)
      || relopt_image_find_type (img, RELOPT_SHT_RELOPT_ADDRORDER, NULL))
    {
      rc = relopt_rewrite (img, &none, NULL, err);
      if (rc == 0)
        rc = relopt_image_serialize (img, &bare, &barelen, err);
    }
  else
    barelen = (size_t)img->elf_end;
  relopt_image_free (img);
  /* The program may read the file itself when it holds exactly the
     bytes to strip.  */
  if (rc == 0)
    rc = r->strip->run (r->strip->ctx,
                        bare == NULL && unsigned_file && in->decoded == NULL
                            ? r->inpath
                            : NULL,
                        bare ? bare : in->elf, barelen, &out, &outlen, err);
  free (bare);
  /* What is wrong is the strip program's output, not the file, which
     was valid: say so (relopt named the file "not ELF", or advised
     --drop-signature for bytes the program appended: a second fresh
     user's finding, 2026-12-05).  Only for the output: the run's own
     errors name the program and say the file was not changed already
     (they came out as "the strip program's output: ...; file not
     changed; file not changed": a third's).  */
  if (rc == 0)
    {
      rc = relopt_image_read_mem (out, outlen, imgp, err);
      if (rc && rc != RELOPT_E_NOMEM && err)
        {
          char why[sizeof err->msg];
          snprintf (why, sizeof why, "%s", err->msg);
          relopt_set_error (err, rc,
                            "the strip program's output: %s; file not "
                            "changed",
                            why);
        }
    }
  if (rc == 0 && (*imgp)->trailer_len > 0)
    {
      rc = relopt_set_error (err, RELOPT_E_FORMAT,
                             "the strip program's output has %llu bytes "
                             "after the ELF data; file not changed",
                             (unsigned long long)(*imgp)->trailer_len);
      relopt_image_free (*imgp);
      *imgp = NULL;
    }
  free (out);
  return rc;
}

/* relopt_replace_file_with's writer for a laid-out image.  */
struct layout_writer
{
  const relopt_image *img;
  const struct relopt_layout *lay;
  int in_fd;
  bool input_failed; /* the error was reading the input */
};

static int
write_layout (int fd, void *ctx)
{
  struct layout_writer *w = ctx;
  return relopt_layout_write (w->img, w->lay, w->in_fd, fd, 0,
                              &w->input_failed);
}

/* Step 5, write: nothing when, in place, the result equals the input's
   ELF bytes; a plain file from the layout, the unchanged sections copied
   by the kernel from the input file; otherwise the bytes serialized,
   encoded again when the input was compressed, into memory or a file.  */
static int
write_output (const struct relopt_route *r, const struct input *in,
              const relopt_image *img, const struct relopt_layout *lay,
              const struct relopt_options *opts, struct relopt_stats *stats,
              struct relopt_error *err)
{
  /* The image reads the input file itself (no strip program, no codec):
     the sections no pass changed can come from its descriptor.  */
  bool from_file = img->file_mapped && in->fd >= 0;
  bool in_place = r->outp == NULL && r->outpath == NULL;
  /* In place, the rename must replace the file that was read: if it was
     replaced or removed meanwhile, stop rather than resurrect it.  */
  const struct relopt_file_id *expect = in_place ? &in->id : NULL;
  const char *dest = in_place ? r->inpath : r->outpath;
  unsigned char *buf = NULL, *enc = NULL;
  size_t len = 0, enclen = 0;
  int rc;

  if (in_place && from_file && relopt_layout_unchanged (img, false, lay))
    {
      stats->file_unchanged = true;
      return 0;
    }
  if (r->outp == NULL && from_file)
    {
      struct layout_writer w = { img, lay, in->fd, false };
      rc = relopt_replace_file_with (dest, write_layout, &w, r->inpath, expect,
                                     opts->flush, err);
      /* The input, not the output: it lost bytes since it was parsed (a
         fresh user's finding, 2026-12-05: "cannot write OUT:
         Input/output error" blamed the output).  */
      if (rc && w.input_failed)
        {
          relopt_set_error (err, RELOPT_E_IO,
                            "the file became shorter while relopt read it "
                            "(another program changed it); nothing written");
          if (err)
            err->at_output = false;
        }
      return rc;
    }
  rc = relopt_image_serialize (img, &buf, &len, err);
  if (rc)
    return rc;
  if (in_place && len == in->elflen && memcmp (buf, in->elf, len) == 0)
    {
      stats->file_unchanged = true;
      free (buf);
      return 0;
    }
  if (in->decoded && r->codec->encode)
    {
      rc = r->codec->encode (r->codec->ctx, in->raw, in->rawlen, buf, len,
                             &enc, &enclen, err);
      free (buf);
      if (rc)
        {
          free (enc);
          return rc;
        }
      buf = enc;
      len = enclen;
    }
  if (r->outp)
    {
      *r->outp = buf;
      *r->outlenp = len;
      return 0;
    }
  rc = relopt_replace_file_checked (dest, buf, len, r->inpath, expect, err);
  free (buf);
  return rc;
}

/* The whole rewrite, read to write:

     read      the file mapped (or the caller's bytes), decoded when
               compressed (ROUTE->codec)
     parse     an image of the ELF bytes; a strip program (ROUTE->strip)
               runs on them first when one is named
     passes    relopt_rewrite: trailer, relopt's own strip, tables
               settled, symbols ordered and indices remapped, branch
               relocations sorted, .strtab merged, hash tables built
     layout    offsets of every section and the headers
     write     nothing when unchanged in place; a file written from the
               layout (unchanged sections copied by the kernel), or the
               bytes serialized, encoded again, into memory or a file  */
int
relopt_pipeline (const struct relopt_route *r,
                 const struct relopt_options *opts, struct relopt_stats *stats,
                 struct relopt_error *err)
{
  struct relopt_stats local;
  struct relopt_layout lay;
  struct input in;
  relopt_image *img = NULL;
  uint64_t trailer = 0, strtab_before = 0;
  struct relopt_options signed_opts;
  const struct relopt_options *use = opts;
  bool keep_signed = false;
  int rc;

  if (stats == NULL)
    stats = &local;
  if (r->outp)
    {
      *r->outp = NULL;
      *r->outlenp = 0;
    }
  memset (&lay, 0, sizeof lay);
  /* 1. Read.  */
  rc = read_input (r, &in, err);
  /* 2. Parse, after a strip program when one is named.  */
  if (rc == 0 && r->strip)
    rc = parse_stripped (r, &in, opts, &img, &trailer, &strtab_before, err);
  else if (rc == 0)
    rc = parse_input (&in, &img, err);
  /* 3. The passes.  A signed file rewritten in place without
     --drop-signature whose rewrite changes nothing is left as it is,
     signature and all: re-running relopt over a signed tree writes
     nothing (relopt 0.3 refused every signed module; a fresh user's
     finding of 2026-12-05).  A rewrite that changes it is refused as
     relopt_rewrite refuses it (refuse_trailer).  A compressed module
     too, whose signature is inside the compressed data (kbuild signs,
     then compresses): the comparison is of the decompressed bytes, and
     the file is left as it is (it was refused: a second fresh user's
     finding, 2026-12-05).  */
  if (rc == 0 && !opts->drop_signature && img->trailer_len > 0
      && r->strip == NULL && opts->strip == RELOPT_STRIP_NONE
      && r->outp == NULL && r->outpath == NULL && img->file != NULL)
    {
      signed_opts = *opts;
      signed_opts.drop_signature = true;
      use = &signed_opts;
      keep_signed = true;
    }
  if (rc == 0)
    rc = relopt_rewrite (img, use, stats, err);
  if (rc == 0 && r->strip)
    {
      stats->file_bytes_before = in.elflen;
      stats->strtab_bytes_before = strtab_before; /* the file's */
      stats->trailer_bytes = trailer;
    }
  /* 4. Layout.  */
  if (rc == 0)
    rc = relopt_image_layout (img, &lay, err);
  if (rc == 0)
    stats->file_bytes_after = lay.total;
  /* 5. Write.  */
  if (rc == 0 && keep_signed)
    {
      struct relopt_stats scratch;
      if (relopt_layout_unchanged (img, true, &lay))
        {
          stats->file_unchanged = true;
          stats->trailer_bytes = 0;
        }
      else
        rc = refuse_trailer (img, opts, &scratch, err);
    }
  else if (rc == 0)
    rc = write_output (r, &in, img, &lay, opts, stats, err);
  /* A file left as it was keeps its size: a signed one with its
     signature, which the layout's size leaves out (--stats said
     "20025 -> 19304 bytes" and "unchanged", a fresh user's finding of
     2026-12-05).  */
  if (rc == 0 && stats->file_unchanged)
    stats->file_bytes_after = stats->file_bytes_before;
  relopt_layout_free (&lay);
  relopt_image_free (img);
  free_input (&in);
  return rc;
}

int
relopt_rewrite_mem (const unsigned char *in, size_t inlen,
                    const struct relopt_options *opts, unsigned char **outp,
                    size_t *outlenp, struct relopt_stats *stats,
                    struct relopt_error *err)
{
  struct relopt_route r;

  memset (&r, 0, sizeof r);
  r.in = in;
  r.inlen = inlen;
  r.outp = outp;
  r.outlenp = outlenp;
  return relopt_pipeline (&r, opts, stats, err);
}

int
relopt_rewrite_file (const char *inpath, const char *outpath,
                     const struct relopt_options *opts,
                     struct relopt_stats *stats, struct relopt_error *err)
{
  struct relopt_route r;

  memset (&r, 0, sizeof r);
  r.inpath = inpath;
  r.outpath = outpath;
  return relopt_pipeline (&r, opts, stats, err);
}
