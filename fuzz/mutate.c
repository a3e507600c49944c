/* mutate.c -- the in-process half of the mutation test
   (fuzz/mutation-test.sh).  For each valid ET_REL object given:

   - truncate it at every byte offset 0 .. size-1;
   - set each header field to boundary values: e_shoff, e_shnum,
     e_shstrndx; for every section sh_offset, sh_size, sh_link, sh_info,
     sh_entsize; for every symbol st_name, st_shndx; for every relocation
     (SHT_REL/SHT_RELA linked to .symtab) the r_info symbol index.  Values:
     0, 1, max, max-1 of the field's width, and "just past the end": the
     file size (offsets), the bytes left after sh_offset plus one (sizes),
     the section/symbol count (indices), the string table size (st_name);

   and run every mutant through relopt_fuzz_one (fuzz/fuzz_relopt.c) with
   --hash-style=gnu and =both: a failure must be an error value with a
   one-line message, a success must re-read, pass relopt_check_image,
   keep what relopt_compare_images checks and rewrite to identical bytes.
   The input buffer must not change.  A broken invariant or a sanitizer
   report names the mutant on stderr before the process dies.

   mutate [-w DIR] [-n N] OBJ...
     -w DIR  also write every Nth mutant (default 1 = all field mutants
             and every 16th truncation... see -n) into DIR as files for the
             real-binary pass of the script
     -n N    with -w: keep every Nth mutant (default 4)
   Prints counts: "mutate: OBJ: T truncations, F field mutants, S rewrote,
   E refused".  */

#include <config.h>
#include "image.h"
#include "relopt.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int relopt_fuzz_one (const unsigned char *data, size_t size,
                     const struct relopt_options *opts);

/* Where a death report says which mutant was running.  */
static char current[512];

extern void __sanitizer_set_death_callback (void (*) (void))
    __attribute__ ((weak));

static void
say_current (void)
{
  if (current[0])
    {
      ssize_t r = write (2, "mutate: while running mutant ", 29);
      r = write (2, current, strlen (current));
      r = write (2, "\n", 1);
      (void)r;
    }
}

static void
on_signal (int sig)
{
  say_current ();
  signal (sig, SIG_DFL);
  raise (sig);
}

struct counts
{
  unsigned long trunc, field, ok, refused;
};

static const char *wdir;
static unsigned long keep_every = 4, serial;

static void
write_mutant (const char *tag, const unsigned char *buf, size_t len)
{
  char path[4096];
  FILE *f;

  if (wdir == NULL || serial++ % keep_every != 0)
    return;
  snprintf (path, sizeof path, "%s/%s", wdir, tag);
  f = fopen (path, "wb");
  if (f == NULL || fwrite (buf, 1, len, f) != len || fclose (f) != 0)
    {
      perror (path);
      exit (2);
    }
}

static void
run (const char *desc, const char *tag, const unsigned char *buf, size_t len,
     struct counts *c)
{
  static const unsigned styles[] = { RELOPT_HASH_GNU, RELOPT_HASH_BOTH };
  unsigned char *copy = malloc (len ? len : 1);
  size_t i;

  if (copy == NULL)
    abort ();
  memcpy (copy, buf, len);
  snprintf (current, sizeof current, "%s", desc);
  for (i = 0; i < sizeof styles / sizeof styles[0]; i++)
    {
      struct relopt_options opts;
      relopt_options_init (&opts);
      opts.hash_style = styles[i];
      opts.hash_style_given = true;
      if (relopt_fuzz_one (copy, len, &opts) == 0)
        c->ok++;
      else
        c->refused++;
      if (memcmp (copy, buf, len) != 0)
        {
          fprintf (stderr, "mutate: %s: the input buffer changed\n", desc);
          abort ();
        }
    }
  current[0] = '\0';
  write_mutant (tag, buf, len);
  free (copy);
}

/* Put V into the WIDTH-byte field at OFF of a copy of IMG's file and run
   it.  */
static void
field (const relopt_image *img, const char *obj, const char *what,
       uint64_t off, unsigned width, uint64_t v, struct counts *c)
{
  unsigned char *m = malloc (img->file_size);
  char desc[512], tag[256];
  const char *base = strrchr (obj, '/');

  if (m == NULL)
    abort ();
  base = base ? base + 1 : obj;
  memcpy (m, img->file, img->file_size);
  if (width == 2)
    relopt_put16 (m + off, (uint16_t)v, img->big);
  else if (width == 4)
    relopt_put32 (m + off, (uint32_t)v, img->big);
  else
    relopt_put64 (m + off, v, img->big);
  snprintf (desc, sizeof desc, "%s: %s = 0x%llx", obj, what,
            (unsigned long long)v);
  snprintf (tag, sizeof tag, "%s.f%lu", base, c->field);
  c->field++;
  run (desc, tag, m, img->file_size, c);
  free (m);
}

/* The boundary values of a WIDTH-byte field, plus PAST (and PAST - 1 and
   PAST + 1 when meaningful).  */
static void
boundaries (const relopt_image *img, const char *obj, const char *what,
            uint64_t off, unsigned width, uint64_t past, struct counts *c)
{
  uint64_t max = width == 8 ? UINT64_MAX : ((uint64_t)1 << (8 * width)) - 1;
  uint64_t v[] = { 0, 1, max, max - 1, past, past + 1, past - 1 };
  size_t i, j;

  for (i = 0; i < sizeof v / sizeof v[0]; i++)
    {
      bool dup = false;
      if (v[i] > max)
        continue;
      for (j = 0; j < i; j++)
        dup |= v[j] == v[i];
      if (!dup)
        field (img, obj, what, off, width, v[i], c);
    }
}

static void
mutate_object (const char *obj, struct counts *c)
{
  relopt_image *img;
  struct relopt_error err = { 0 };
  bool is32;
  uint64_t shoff, fsize, len;
  unsigned shent, w, i;
  char what[128];
  const char *base = strrchr (obj, '/');

  base = base ? base + 1 : obj;
  if (relopt_image_read_file (obj, &img, &err) != 0)
    {
      fprintf (stderr, "mutate: %s: not a valid seed: %s\n", obj, err.msg);
      exit (2);
    }
  is32 = img->elfclass == RELOPT_ELFCLASS32;
  fsize = img->file_size;
  w = is32 ? 4 : 8;
  shent = is32 ? 40 : 64;
  shoff = is32 ? relopt_get32 (img->file + 32, img->big)
               : relopt_get64 (img->file + 40, img->big);

  /* Truncations.  */
  for (len = 0; len < fsize; len++)
    {
      char desc[512], tag[256];
      snprintf (desc, sizeof desc, "%s truncated to %llu bytes", obj,
                (unsigned long long)len);
      snprintf (tag, sizeof tag, "%s.t%llu", base, (unsigned long long)len);
      c->trunc++;
      /* Truncations are many: the binary pass keeps every 4th of them
         at most as often as fields.  */
      run (desc, tag, img->file, (size_t)len, c);
    }

  /* ELF header.  */
  boundaries (img, obj, "e_shoff", is32 ? 32 : 40, w, fsize, c);
  boundaries (img, obj, "e_shnum", is32 ? 48 : 60, 2, img->shnum, c);
  boundaries (img, obj, "e_shstrndx", is32 ? 50 : 62, 2, img->shnum, c);

  /* Section headers.  */
  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      uint64_t h = shoff + (uint64_t)i * shent;
      snprintf (what, sizeof what, "section %u sh_offset", i);
      boundaries (img, obj, what, h + (is32 ? 16 : 24), w,
                  fsize - (s->sh_size < fsize ? s->sh_size : 0), c);
      snprintf (what, sizeof what, "section %u sh_size", i);
      boundaries (img, obj, what, h + (is32 ? 20 : 32), w,
                  fsize - (s->sh_offset < fsize ? s->sh_offset : 0), c);
      snprintf (what, sizeof what, "section %u sh_link", i);
      boundaries (img, obj, what, h + (is32 ? 24 : 40), 4, img->shnum, c);
      snprintf (what, sizeof what, "section %u sh_info", i);
      boundaries (img, obj, what, h + (is32 ? 28 : 44), 4,
                  s->sh_type == RELOPT_SHT_GROUP
                          || s->sh_type == RELOPT_SHT_SYMTAB
                      ? img->nsyms
                      : img->shnum,
                  c);
      snprintf (what, sizeof what, "section %u sh_entsize", i);
      boundaries (img, obj, what, h + (is32 ? 36 : 56), w, s->sh_entsize + 1,
                  c);
    }

  /* Symbols.  */
  for (i = 0; i < img->nsyms; i++)
    {
      uint64_t p
          = img->sec[img->symtab].sh_offset + (uint64_t)i * img->symsize;
      snprintf (what, sizeof what, "symbol %u st_name", i);
      boundaries (img, obj, what, p, 4, img->sec[img->strtab].sh_size, c);
      snprintf (what, sizeof what, "symbol %u st_shndx", i);
      boundaries (img, obj, what, p + (is32 ? 14 : 6), 2, img->shnum, c);
    }

  /* Relocation symbol indices.  */
  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      size_t ent;
      uint64_t j, n;
      if (!relopt_image_is_symtab_reloc (img, i))
        continue;
      ent = relopt_image_rel_entsize (img, s->sh_type);
      n = s->sh_size / ent;
      for (j = 0; j < n; j++)
        {
          uint64_t p = s->sh_offset + j * ent;
          uint32_t max = is32 ? 0xffffffu : 0xffffffffu;
          uint32_t v[] = { 0, 1, max, max - 1, img->nsyms, img->nsyms - 1 };
          size_t k;
          for (k = 0; k < sizeof v / sizeof v[0]; k++)
            {
              unsigned char *m = malloc (fsize);
              char desc[512], tag[256];
              if (m == NULL)
                abort ();
              memcpy (m, img->file, fsize);
              relopt_image_set_rel_sym (img, m + p, v[k]);
              snprintf (desc, sizeof desc,
                        "%s: section %u relocation %llu symbol = %u", obj, i,
                        (unsigned long long)j, v[k]);
              snprintf (tag, sizeof tag, "%s.f%lu", base, c->field);
              c->field++;
              run (desc, tag, m, fsize, c);
              free (m);
            }
        }
    }
  relopt_image_free (img);
}

int
main (int argc, char **argv)
{
  int i = 1;

  if (__sanitizer_set_death_callback)
    __sanitizer_set_death_callback (say_current);
  signal (SIGABRT, on_signal);
  signal (SIGSEGV, on_signal);
  signal (SIGBUS, on_signal);
  while (i + 1 < argc && argv[i][0] == '-')
    {
      if (strcmp (argv[i], "-w") == 0)
        wdir = argv[i + 1];
      else if (strcmp (argv[i], "-n") == 0)
        keep_every = strtoul (argv[i + 1], NULL, 10);
      else
        break;
      i += 2;
    }
  if (keep_every == 0)
    keep_every = 1;
  if (i >= argc)
    {
      fprintf (stderr, "usage: mutate [-w DIR] [-n N] OBJ...\n");
      return 2;
    }
  for (; i < argc; i++)
    {
      struct counts c = { 0, 0, 0, 0 };
      mutate_object (argv[i], &c);
      printf ("mutate: %s: %lu truncations, %lu field mutants; %lu runs "
              "rewrote, %lu refused\n",
              argv[i], c.trunc, c.field, c.ok, c.refused);
    }
  return 0;
}
