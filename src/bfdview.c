/* bfdview.c -- BFD as the reference reader: identify an input's target
   (for diagnostics and --stats) and prove `--check --against' semantic
   equivalence (doc/design.md 8) with a reader that shares no code with relopt.

   BFD's view of a file is reduced to sorted lists of lines:
     symbols:     "S name|section|value|flags"
     relocations: "R section#index|order|offset|howto|symbol|addend"
   and the two files' lists must be equal.  Symbol order is what relopt
   changes, so symbols compare as a multiset.  Relocation order may change
   only among the branch relocations of a section (doc/design.md 6): their
   ORDER is "B" (a multiset), every other relocation's is "N" and its rank
   among the section's non-branch relocations, so their order must be kept.

   A warning, error or assertion BFD prints while reading either file
   fails the comparison too: BFD then reads the file other than ld would
   trust it to be.  BFD prints none for relopt's outputs of valid modules
   (make check-real), so no message is exempt.  */

#include <config.h>
#include "bfdview.h"
#include <bfd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lines
{
  char **v;
  size_t n, alloc;
};

static bool
add_line (struct lines *l, char *s)
{
  if (s == NULL)
    return false;
  if (l->n == l->alloc)
    {
      size_t na = l->alloc ? 2 * l->alloc : 256;
      char **nv = realloc (l->v, na * sizeof *nv);
      if (nv == NULL)
        {
          free (s);
          return false;
        }
      l->v = nv;
      l->alloc = na;
    }
  l->v[l->n++] = s;
  return true;
}

static void
free_lines (struct lines *l)
{
  size_t i;

  for (i = 0; i < l->n; i++)
    free (l->v[i]);
  free (l->v);
  memset (l, 0, sizeof *l);
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

static char *fmt (const char *f, ...) __attribute__ ((format (printf, 1, 2)));

static char *
fmt (const char *f, ...)
{
  va_list ap;
  char *s = NULL;

  va_start (ap, f);
  if (vasprintf (&s, f, ap) < 0)
    s = NULL;
  va_end (ap);
  return s;
}

static void
init_bfd (void)
{
  static bool done;

  if (!done)
    {
      bfd_init ();
      done = true;
    }
}

static bfd *
open_object (const char *path, char *msg, size_t len)
{
  bfd *abfd;
  char **matching = NULL;

  init_bfd ();
  abfd = bfd_openr (path, NULL);
  if (abfd == NULL)
    {
      snprintf (msg, len, "BFD cannot open '%s': %s", path,
                bfd_errmsg (bfd_get_error ()));
      return NULL;
    }
  if (!bfd_check_format_matches (abfd, bfd_object, &matching))
    {
      snprintf (msg, len, "BFD does not recognize '%s' as an object: %s", path,
                bfd_errmsg (bfd_get_error ()));
      free (matching);
      bfd_close (abfd);
      return NULL;
    }
  return abfd;
}

const char *
bfdview_target_mem (const unsigned char *buf, size_t size, char *out,
                    size_t len)
{
  FILE *f = fmemopen ((void *)buf, size, "rb");
  char **matching = NULL;
  const char *ret = NULL;
  bfd *abfd;

  if (f == NULL)
    return NULL;
  init_bfd ();
  /* bfd_openstreamr takes F over: bfd_close closes it.  */
  abfd = bfd_openstreamr ("(memory)", NULL, f);
  if (abfd == NULL)
    {
      fclose (f);
      return NULL;
    }
  if (bfd_check_format_matches (abfd, bfd_object, &matching))
    {
      snprintf (out, len, "%s", bfd_get_target (abfd));
      ret = out;
    }
  free (matching);
  bfd_close (abfd);
  return ret;
}

const char *
bfdview_target (const char *path, char *buf, size_t len)
{
  char msg[256];
  bfd *abfd = open_object (path, msg, sizeof msg);

  if (abfd == NULL)
    return NULL;
  snprintf (buf, len, "%s", bfd_get_target (abfd));
  bfd_close (abfd);
  return buf;
}

/* Whether BFD's howto name HOWTO is a branch relocation that relopt
   may reorder (doc/design.md 6), by name, independently of relopt's tables. */
static bool
branch_howto (const char *howto)
{
  static const char *const names[]
      = { "R_ARM_CALL",       "R_ARM_JUMP24",         "R_ARM_PC24",
          "R_ARM_THM_CALL",   "R_ARM_THM_JUMP24",     "R_AARCH64_CALL26",
          "R_AARCH64_JUMP26", "R_AARCH64_P32_CALL26", "R_AARCH64_P32_JUMP26" };
  size_t i;

  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (howto, names[i]) == 0)
      return true;
  return false;
}

/* Lines "S name|section|value|flags" for BFD's symbols of ABFD, read
   into *SYMSP (malloc'd, NULL-terminated as BFD gives them).  */
static bool
symbol_lines (bfd *abfd, asymbol ***symsp, struct lines *out, char *msg,
              size_t len)
{
  long storage = bfd_get_symtab_upper_bound (abfd), nsyms = -1, i;
  asymbol **syms = NULL;

  if (storage >= 0)
    syms = malloc (storage ? (size_t)storage : sizeof *syms);
  if (syms)
    nsyms = bfd_canonicalize_symtab (abfd, syms);
  *symsp = syms;
  if (nsyms < 0)
    {
      snprintf (msg, len, "BFD cannot read the symbols: %s",
                bfd_errmsg (bfd_get_error ()));
      return false;
    }
  for (i = 0; i < nsyms; i++)
    if (!add_line (out, fmt ("S %s|%s|0x%llx|0x%x", bfd_asymbol_name (syms[i]),
                             bfd_section_name (bfd_asymbol_section (syms[i])),
                             (unsigned long long)syms[i]->value,
                             (unsigned)syms[i]->flags)))
      {
        snprintf (msg, len, "out of memory");
        return false;
      }
  return true;
}

/* Lines "R section#index|order|address|howto|symbol|addend" for the
   relocations of SEC.  A non-branch relocation carries its rank among
   the section's non-branch relocations, so the sorted lists are equal
   only if that order is; branches ("B") compare as a multiset.  */
static bool
reloc_lines (bfd *abfd, asection *sec, asymbol **syms, struct lines *out,
             char *msg, size_t len)
{
  long storage = bfd_get_reloc_upper_bound (abfd, sec), nrel = -1, j;
  long nonbranch = 0;
  arelent **relpp = NULL;
  bool ok = true;

  if (storage == 0)
    return true;
  if (storage > 0 && (relpp = malloc ((size_t)storage)) != NULL)
    nrel = bfd_canonicalize_reloc (abfd, sec, relpp, syms);
  if (nrel < 0)
    {
      if (storage > 0 && relpp == NULL)
        snprintf (msg, len, "out of memory");
      else
        snprintf (msg, len, "BFD cannot read the relocations of %s: %s",
                  bfd_section_name (sec), bfd_errmsg (bfd_get_error ()));
      free (relpp);
      return false;
    }
  for (j = 0; j < nrel && ok; j++)
    {
      const arelent *r = relpp[j];
      const char *sym = "*none*";
      const char *howto = r->howto ? r->howto->name : "*unknown*";
      char order[32] = "B", unnamed[32];

      /* BFD's tables have unnamed entries for the types a target leaves
         unused (elf32-arm's 0x7f, 0x82, 0x83...): named by number, as
         strcmp on NULL crashed (a fresh user's finding, 2026-12-05).  */
      if (howto == NULL)
        {
          snprintf (unnamed, sizeof unnamed, "*type %u*",
                    (unsigned)r->howto->type);
          howto = unnamed;
        }
      if (r->sym_ptr_ptr && *r->sym_ptr_ptr)
        sym = bfd_asymbol_name (*r->sym_ptr_ptr);
      if (!branch_howto (howto))
        snprintf (order, sizeof order, "N%012ld", nonbranch++);
      ok = add_line (out, fmt ("R %s#%d|%s|0x%llx|%s|%s|0x%llx",
                               bfd_section_name (sec), sec->index, order,
                               (unsigned long long)r->address, howto, sym,
                               (unsigned long long)r->addend));
    }
  if (!ok)
    snprintf (msg, len, "out of memory");
  free (relpp);
  return ok;
}

/* What BFD prints to stderr while it reads, held in a memory stream.
   BFD 2.40 prints through its error handler (bfd_set_error_handler), but
   also straight to stderr the messages it queued while matching formats
   (format.c, print_warnmsg), and exports no formatter for the %pA/%pB
   conversions a handler would receive; so stderr itself is captured.  */
struct bfd_capture
{
  FILE *real_stderr, *mem;
  char *text;
  size_t len;
};

static bool
capture_begin (struct bfd_capture *c)
{
  c->text = NULL;
  c->len = 0;
  c->mem = open_memstream (&c->text, &c->len);
  if (c->mem == NULL)
    return false;
  fflush (stderr);
  c->real_stderr = stderr;
  stderr = c->mem;
  return true;
}

/* Restore stderr; MSG gets "BFD: " and the first line BFD printed
   (without BFD's own "BFD: " prefix).  Returns whether BFD was silent.  */
static bool
capture_end (struct bfd_capture *c, char *msg, size_t len)
{
  const char *line;
  bool silent;

  stderr = c->real_stderr;
  fclose (c->mem);
  line = c->text ? c->text : "";
  silent = line[0] == '\0';
  if (strncmp (line, "BFD: ", 5) == 0)
    line += 5;
  if (!silent)
    snprintf (msg, len, "BFD: %.*s", (int)strcspn (line, "\n"), line);
  free (c->text);
  return silent;
}

/* BFD's view of PATH as sorted lines.  Returns false with MSG set.  */
static bool
bfd_lines (const char *path, struct lines *out, char *msg, size_t len)
{
  bfd *abfd = open_object (path, msg, len);
  asymbol **syms = NULL;
  asection *sec;
  bool ok;

  if (abfd == NULL)
    return false;
  ok = symbol_lines (abfd, &syms, out, msg, len);
  for (sec = abfd->sections; ok && sec != NULL; sec = sec->next)
    ok = reloc_lines (abfd, sec, syms, out, msg, len);
  /* An empty view (BFD found no symbols or sections, as when e_shstrndx
     is 0) has no array: qsort's pointer must not be NULL even for 0.  */
  if (ok && out->n > 1)
    qsort (out->v, out->n, sizeof *out->v, cmp_str);
  free (syms);
  bfd_close (abfd);
  return ok;
}

/* BFD's views of ORIG and REWRITTEN into *A and *B.  Returns false with
   MSG set, also when BFD printed a message (capture_end).  */
static bool
both_views (const char *orig, const char *rewritten, struct lines *a,
            struct lines *b, char *msg, size_t len)
{
  struct bfd_capture c;
  bool ok;

  if (!capture_begin (&c))
    {
      snprintf (msg, len, "out of memory");
      return false;
    }
  ok = bfd_lines (orig, a, msg, len) && bfd_lines (rewritten, b, msg, len);
  return capture_end (&c, ok ? msg : NULL, ok ? len : 0) && ok;
}

int
bfdview_compare (const char *orig, const char *rewritten, char *msg,
                 size_t len)
{
  struct lines a = { 0 }, b = { 0 };
  size_t i;
  int rc = 1;

  if (!both_views (orig, rewritten, &a, &b, msg, len))
    goto out;
  for (i = 0; i < a.n && i < b.n; i++)
    if (strcmp (a.v[i], b.v[i]) != 0)
      {
        snprintf (msg, len,
                  "BFD sees a difference: original has '%.200s' where the "
                  "rewritten file has '%.200s'",
                  a.v[i], b.v[i]);
        goto out;
      }
  if (a.n != b.n)
    {
      snprintf (msg, len,
                "BFD sees %zu symbols and relocations, the original has %zu",
                b.n, a.n);
      goto out;
    }
  rc = 0;
out:
  free_lines (&a);
  free_lines (&b);
  return rc;
}

/* What relopt-bfd.so exports (bfdview.h).  */
const struct bfdview_ops relopt_bfdview_ops = {
  .abi = BFDVIEW_ABI,
  .target = bfdview_target,
  .target_mem = bfdview_target_mem,
  .compare = bfdview_compare,
};
