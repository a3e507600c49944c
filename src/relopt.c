/* relopt.c -- the relopt command: rewrite ET_REL objects in place or to
   -o OUT, check them (--check [--against ORIG]), report (--stats).

   Exit status: 0 all files done, 1 some file failed (each named on
   stderr as "relopt: FILE: message"), 2 usage error.  */

#include <config.h>
#include "relopt.h"
#include "bfdview.h"
#include "compress.h"
#include "fileio.h"
#include "image.h"
#include "strip.h"
#include "iberty.h"
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef RELOPT_PLUGIN_PATH
#define RELOPT_PLUGIN_PATH "relopt.so"
#endif

static const char *program_name = "relopt";

/* --help: the options' lines start at HELP_COLUMN (GNU style).  */
#define HELP_COLUMN 27
#define HELP_WIDTH 79

/* The lines of option O in --help: "  -C, --NAME=ARG" with PREFIX "--",
   or "  NAME=ARG" with PREFIX "" (the plugin's form), then its help text
   from HELP_COLUMN (on the next line when the option is too long), each
   further line of the text indented to HELP_COLUMN too.  */
static void
print_option_help (FILE *f, const struct relopt_option_info *o,
                   const char *prefix)
{
  char head[64];
  const char *h, *nl;
  int n = 0;

  if (o->short_name != 0 && prefix[0] != '\0')
    n = snprintf (head, sizeof head, "-%c, ", o->short_name);
  snprintf (head + n, sizeof head - (size_t)n, "%s%s%s%s", prefix, o->name,
            o->arg ? "=" : "", o->arg ? o->arg : "");
  if (strlen (head) > HELP_COLUMN - 4)
    fprintf (f, "  %s\n%*s", head, HELP_COLUMN, "");
  else
    fprintf (f, "  %-*s", HELP_COLUMN - 2, head);
  for (h = o->help; (nl = strchr (h, '\n')) != NULL; h = nl + 1)
    fprintf (f, "%.*s\n%*s", (int)(nl - h), h, HELP_COLUMN, "");
  fprintf (f, "%s\n", h);
}

/* Print WORD after the *COLP columns already on the line, starting a new
   line first when it would pass HELP_WIDTH.  */
static void
print_word (FILE *f, int *colp, const char *word)
{
  int len = (int)strlen (word);

  if (*colp > 0 && *colp + 1 + len > HELP_WIDTH)
    {
      fputc ('\n', f);
      *colp = 0;
    }
  else if (*colp > 0)
    {
      fputc (' ', f);
      (*colp)++;
    }
  fputs (word, f);
  *colp += len;
}

/* What -plugin-opt takes: every plugin-scope option of the table, as
   "NAME" or "NAME=ARG", in a sentence ("A, B and C (relopt-plugin(7)):")
   wrapped at HELP_WIDTH, then the help of those the command does not
   take.  */
static void
print_plugin_options (FILE *f)
{
  size_t i, n = 0, k = 0, plugin_only = 0;
  int col = 0;

  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    {
      n += (relopt_option_table[i].scope & RELOPT_SCOPE_PLUGIN) != 0;
      plugin_only += relopt_option_table[i].scope == RELOPT_SCOPE_PLUGIN;
    }
  fputs ("As an ld plugin (ld -r -plugin \"$(relopt --plugin-path)\"), "
         "-plugin-opt takes\n",
         f);
  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    {
      const struct relopt_option_info *o = &relopt_option_table[i];
      char word[64];

      if (!(o->scope & RELOPT_SCOPE_PLUGIN))
        continue;
      k++;
      snprintf (word, sizeof word, "%s%s%s%s", o->name, o->arg ? "=" : "",
                o->arg ? o->arg : "", k + 1 < n ? "," : "");
      print_word (f, &col, word);
      if (k + 1 == n)
        print_word (f, &col, "and");
    }
  print_word (f, &col, "(relopt-plugin(7)):");
  fputs ("\nthe options above without the leading \"--\"", f);
  fputs (plugin_only ? ", and for the plugin only:\n" : ".\n", f);
  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    if (relopt_option_table[i].scope == RELOPT_SCOPE_PLUGIN)
      print_option_help (f, &relopt_option_table[i], "");
}

static void
usage (FILE *f)
{
  size_t i;

  fprintf (f,
           "Usage: %s [OPTION]... FILE...\n"
           "Rewrite ELF relocatable objects (ET_REL: kernel modules, ld -r "
           "output)\n"
           "so that runtime loaders do less work: hash tables over .symtab,\n"
           "a suffix-merged .strtab, ARM/AArch64 branch relocations sorted "
           "by target.\n"
           "Files are rewritten in place unless -o is given.\n"
           "\n",
           program_name);
  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    if (relopt_option_table[i].scope & RELOPT_SCOPE_COMMAND)
      print_option_help (f, &relopt_option_table[i], "--");
  fputc ('\n', f);
  print_plugin_options (f);
  fputs ("\n"
         "Compressed modules (.ko.xz, .ko.zst, .ko.gz, told by their "
         "magic) are\n"
         "decompressed, rewritten and compressed again in the same "
         "format.\n"
         "Options in $RELOPT_FLAGS come before the command line's.  "
         "strip is\n"
         "$RELOPT_STRIP, else ${CROSS_COMPILE}strip, else strip.  "
         "See relopt(1) and\n"
         "relopt-plugin(7).\n"
         "\n"
         "Exit status: 0 success, 1 a file failed, 2 usage error.\n"
         "\n"
         "Report bugs to the relopt issue tracker, with the output of "
         "relopt --version\n"
         "and the file that fails (relopt leaves it unchanged).\n",
         f);
}

/* --version, as GNU tools print it.  */
static void
print_version (void)
{
  printf ("relopt %s\n"
          "Copyright (C) 2026 the relopt developers.\n"
          "License GPLv3+: GNU GPL version 3 or later "
          "<https://gnu.org/licenses/gpl.html>.\n"
          "This is free software: you are free to change and redistribute "
          "it.\n"
          "There is NO WARRANTY, to the extent permitted by law.\n",
          relopt_version ());
}

static void
error_at (const char *file, const struct relopt_error *err)
{
  fprintf (stderr, "%s: %s: %s\n", program_name, file, err->msg);
}

static void
print_line (void *ctx, const char *line)
{
  (void)ctx;
  printf ("  %s\n", line);
}

static void
print_stats (const char *file, const struct relopt_stats *s)
{
  char target[64];
  const char *t = bfdview_target (file, target, sizeof target);

  printf ("%s: %s\n", file, t ? t : "ELF");
  relopt_stats_report (s, print_line, NULL);
}

/* Where the ld plugin is: the installed one, or, when relopt runs from
   its build tree without `make install', the one built beside it
   (BUILD/src/relopt -> BUILD/plugin/.libs/relopt.so).  */
static const char *
plugin_path (void)
{
  static char buf[PATH_MAX + 64];
  char exe[PATH_MAX];
  ssize_t n;
  char *slash, *real;

  if (access (RELOPT_PLUGIN_PATH, F_OK) == 0)
    return RELOPT_PLUGIN_PATH;
  n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0)
    return RELOPT_PLUGIN_PATH;
  exe[n] = '\0';
  slash = strrchr (exe, '/');
  if (slash == NULL)
    return RELOPT_PLUGIN_PATH;
  *slash = '\0';
  snprintf (buf, sizeof buf, "%s/../plugin/.libs/relopt.so", exe);
  real = realpath (buf, NULL);
  if (real == NULL)
    return RELOPT_PLUGIN_PATH;
  snprintf (buf, sizeof buf, "%s", real);
  free (real);
  return buf;
}

/* What one file's run came to, for the summary of a multi-file run.  */
enum outcome
{
  OUT_REWRITTEN,
  OUT_UNCHANGED,
  OUT_FAILED
};

/* The ELF bytes of PATH: the file itself, or its contents decompressed
   when it is a compressed module (compress.h).  *RAWP is the file as
   read, *ELFP the ELF bytes (== *RAWP when not compressed; free *ELFP
   only then).  ID may be NULL.  */
static int
read_elf_bytes (const char *path, unsigned char **rawp, size_t *rawlenp,
                unsigned char **elfp, size_t *elflenp,
                enum relopt_zformat *fmtp, struct relopt_file_id *id,
                struct relopt_error *err)
{
  int rc;

  *elfp = NULL;
  *fmtp = RELOPT_Z_NONE;
  rc = relopt_read_file_id (path, rawp, rawlenp, id, err);
  if (rc)
    return rc;
  *fmtp = relopt_z_detect (*rawp, *rawlenp);
  if (*fmtp == RELOPT_Z_NONE)
    {
      *elfp = *rawp;
      *elflenp = *rawlenp;
      return 0;
    }
  rc = relopt_z_decompress (*fmtp, *rawp, *rawlenp, elfp, elflenp, err);
  if (rc)
    {
      free (*rawp);
      *rawp = NULL;
    }
  return rc;
}

static void
free_elf_bytes (unsigned char *raw, unsigned char *elf)
{
  if (elf != raw)
    free (elf);
  free (raw);
}

/* The ELF bytes ELF/ELFLEN stripped with STRIP ("--strip-debug" or
   "--strip-unneeded") into *OUTP (malloc'd).  A trailer after the ELF
   image (a module signature) is refused unless OPTS->drop_signature, as
   the rewrite itself would: strip would drop it silently.  *TRAILERP
   gets the trailer's size.  PATH, when not NULL, is a file holding
   exactly ELF/ELFLEN, which strip may read instead of a copy.  */
static int
strip_bytes (const char *strip, const char *path, const unsigned char *elf,
             size_t elflen, const struct relopt_options *opts,
             unsigned char **outp, size_t *outlenp, uint64_t *trailerp,
             struct relopt_error *err)
{
  relopt_image *img;
  uint64_t end;
  int rc;

  *outp = NULL;
  rc = relopt_image_read_mem (elf, elflen, &img, err);
  if (rc)
    return rc;
  end = img->elf_end;
  *trailerp = img->trailer_len;
  if (img->trailer_len > 0 && !opts->drop_signature)
    {
      rc = relopt_set_error (
          err, RELOPT_E_SIGNATURE,
          "%llu bytes after the ELF data (%s) would be lost: use "
          "--drop-signature to drop them, and sign again afterwards "
          "(kbuild strips before it signs)",
          (unsigned long long)img->trailer_len,
          img->trailer_is_signature ? "an appended module signature"
                                    : "unknown trailing data");
      relopt_image_free (img);
      return rc;
    }
  /* Tables from an earlier run would not be trailing after strip (strip
     writes .symtab, .strtab and .shstrtab last), so the result of a
     second run would differ from the first: remove them first, and strip
     what relopt --hash-style=none makes of the input.  A module fresh
     from kbuild has none, and is stripped as it is.  */
  if (relopt_image_find_type (img, RELOPT_SHT_HASH, NULL)
      || relopt_image_find_type (img, RELOPT_SHT_GNU_HASH, NULL))
    {
      struct relopt_options none = *opts;
      unsigned char *bare;
      size_t barelen;

      relopt_image_free (img);
      none.hash_style = RELOPT_HASH_NONE;
      none.hash_style_given = true;
      rc = relopt_rewrite_mem (elf, elflen, &none, &bare, &barelen, NULL, err);
      if (rc)
        return rc;
      rc = relopt_run_strip (strip, NULL, bare, barelen, outp, outlenp, err);
      free (bare);
      return rc;
    }
  relopt_image_free (img);
  return relopt_run_strip (strip, end == elflen ? path : NULL, elf,
                           (size_t)end, outp, outlenp, err);
}

/* BFD's view of ORIG against FILE (bfdview_compare).  BFD reads paths:
   REF/REFLEN (ORIG's bytes as compared, ORAW when ORIG is read as it is)
   and ELF/ELFLEN (FILE's, decompressed when FMT says so) are written to
   temporary files where they differ from the files named.  */
static int
bfd_compare (const char *file, const char *against, const unsigned char *ref,
             size_t reflen, const unsigned char *oraw,
             const unsigned char *elf, size_t elflen, enum relopt_zformat fmt,
             struct relopt_error *err)
{
  char *ftmp = NULL, *otmp = NULL;
  int rc = 0;

  if (ref != oraw)
    rc = relopt_write_temp (ref, reflen, &otmp, err);
  if (rc == 0 && fmt != RELOPT_Z_NONE)
    rc = relopt_write_temp (elf, elflen, &ftmp, err);
  if (rc == 0)
    {
      char msg[512];
      if (bfdview_compare (otmp ? otmp : against, ftmp ? ftmp : file, msg,
                           sizeof msg)
          != 0)
        rc = relopt_set_error (err, RELOPT_E_CHECK, "%s", msg);
    }
  if (otmp)
    unlink (otmp);
  if (ftmp)
    unlink (ftmp);
  free (otmp);
  free (ftmp);
  return rc;
}

/* --against ORIG for FILE, already read (IMG from ELF/ELFLEN, FMT its
   compression): relopt's and BFD's view of ORIG, stripped first with
   STRIP when given, must equal FILE's.  *ERRFILE gets the file an error
   is about.  */
static int
check_against (const char *file, const char *against, const char *strip,
               const struct relopt_options *opts, const relopt_image *img,
               const unsigned char *elf, size_t elflen,
               enum relopt_zformat fmt, const char **errfile,
               struct relopt_error *err)
{
  relopt_image *orig = NULL;
  unsigned char *oraw = NULL, *oelf = NULL, *sref = NULL;
  const unsigned char *ref;
  size_t orawlen, oelflen, sreflen, reflen;
  enum relopt_zformat ofmt;
  uint64_t trailer;
  int rc;

  *errfile = against;
  rc = read_elf_bytes (against, &oraw, &orawlen, &oelf, &oelflen, &ofmt, NULL,
                       err);
  ref = oelf;
  reflen = oelflen;
  if (rc == 0 && strip)
    {
      rc = strip_bytes (strip, ofmt == RELOPT_Z_NONE ? against : NULL, oelf,
                        oelflen, opts, &sref, &sreflen, &trailer, err);
      ref = sref;
      reflen = sreflen;
    }
  if (rc == 0)
    rc = relopt_image_read_mem (ref, reflen, &orig, err);
  if (rc == 0)
    {
      *errfile = file;
      rc = relopt_compare_images (orig, img, err);
    }
  if (rc == 0)
    rc = bfd_compare (file, against, ref, reflen, oraw, elf, elflen, fmt, err);
  free (sref);
  free_elf_bytes (oraw, oelf);
  relopt_image_free (orig);
  return rc;
}

/* --check [--against ORIG] of one file.  With STRIP, ORIG is first
   stripped as a rewrite with STRIP would have stripped it.  */
static enum outcome
check_file (const char *file, const char *against, const char *strip,
            const struct relopt_options *opts)
{
  struct relopt_error err = { 0 };
  relopt_image *img = NULL;
  unsigned char *raw = NULL, *elf = NULL;
  size_t rawlen, elflen;
  enum relopt_zformat fmt;
  const char *errfile = file;
  int rc;

  rc = read_elf_bytes (file, &raw, &rawlen, &elf, &elflen, &fmt, NULL, &err);
  if (rc == 0)
    rc = relopt_image_read_mem (elf, elflen, &img, &err);
  if (rc == 0)
    rc = relopt_check_image (img, opts, &err);
  if (rc == 0 && against)
    rc = check_against (file, against, strip, opts, img, elf, elflen, fmt,
                        &errfile, &err);
  if (rc)
    error_at (errfile, &err);
  free_elf_bytes (raw, elf);
  relopt_image_free (img);
  return rc ? OUT_FAILED : OUT_UNCHANGED;
}

/* -o - (or -o /dev/stdout): the output goes to standard output, which is
   never "replaced"; binary data is not sent to a terminal.  */
static bool
to_stdout (const char *out)
{
  return out != NULL
         && (strcmp (out, "-") == 0 || strcmp (out, "/dev/stdout") == 0);
}

static int
write_stdout (const unsigned char *buf, size_t len, struct relopt_error *err)
{
  if (isatty (STDOUT_FILENO))
    return relopt_set_error (err, RELOPT_E_USAGE,
                             "will not write an object file to a terminal "
                             "(-o -): redirect standard output");
  if (fwrite (buf, 1, len, stdout) != len || fflush (stdout) != 0)
    return relopt_set_error (err, RELOPT_E_IO,
                             "cannot write standard output: %s",
                             strerror (errno));
  return 0;
}

/* Whether PATH starts with a compressed module's magic (compress.h).
   Anything that cannot be read that far is "no": the rewrite then
   reports what is wrong with it.  */
static bool
file_compressed (const char *path)
{
  unsigned char magic[8];
  ssize_t n = -1;
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  struct stat st;

  if (fd < 0)
    return false;
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode))
    n = read (fd, magic, sizeof magic);
  close (fd);
  return n > 0 && relopt_z_detect (magic, (size_t)n) != RELOPT_Z_NONE;
}

/* The ELF bytes ELF/ELFLEN of FILE (compressed as FMT says), stripped
   with STRIP when given, rewritten into *RESP, *RESLENP bytes (malloc'd).
   STATS gets the rewrite's statistics, measured against ELF/ELFLEN.  */
static int
strip_and_rewrite (const char *file, const char *strip,
                   const unsigned char *elf, size_t elflen,
                   enum relopt_zformat fmt, const struct relopt_options *opts,
                   unsigned char **resp, size_t *reslenp,
                   struct relopt_stats *stats, struct relopt_error *err)
{
  const unsigned char *work = elf;
  size_t worklen = elflen, strippedlen;
  unsigned char *stripped = NULL;
  uint64_t trailer = 0;
  int rc = 0;

  if (strip)
    {
      rc = strip_bytes (strip, fmt == RELOPT_Z_NONE ? file : NULL, elf, elflen,
                        opts, &stripped, &strippedlen, &trailer, err);
      work = stripped;
      worklen = strippedlen;
    }
  if (rc == 0)
    rc = relopt_rewrite_mem (work, worklen, opts, resp, reslenp, stats, err);
  free (stripped);
  if (rc == 0 && strip)
    {
      stats->file_bytes_before = elflen;
      stats->trailer_bytes = trailer;
    }
  return rc;
}

/* Store the rewritten bytes RES/RESLEN: compressed as FMT again (RAW/RAWLEN
   the file as read), to standard output, to OUT, or over FILE.  */
static int
store_result (const char *file, const char *out, enum relopt_zformat fmt,
              const unsigned char *raw, size_t rawlen,
              const unsigned char *res, size_t reslen,
              const struct relopt_file_id *id, struct relopt_error *err)
{
  const unsigned char *final = res;
  size_t finallen = reslen, zlen;
  unsigned char *z = NULL;
  int rc;

  if (fmt != RELOPT_Z_NONE)
    {
      rc = relopt_z_compress (fmt, res, reslen, raw, rawlen, &z, &zlen, err);
      if (rc)
        {
          free (z);
          return rc;
        }
      final = z;
      finallen = zlen;
    }
  /* In place, the rename must replace the file that was read: if it was
     replaced or removed meanwhile, stop rather than resurrect it.  */
  if (to_stdout (out))
    rc = write_stdout (final, finallen, err);
  else
    rc = relopt_replace_file_checked (out ? out : file, final, finallen, file,
                                      out ? NULL : id, err);
  free (z);
  return rc;
}

/* rewrite_one through memory: read FILE (decompressed), [strip a copy,]
   rewrite, then store the result unless, in place, it equals the input.
   *OUTCOME says which; STATS gets the rewrite's statistics.  */
static int
rewrite_in_memory (const char *file, const char *out, const char *strip,
                   const struct relopt_options *opts,
                   struct relopt_stats *stats, enum outcome *outcome,
                   struct relopt_error *err)
{
  struct relopt_file_id id;
  unsigned char *raw = NULL, *elf = NULL, *res = NULL;
  size_t rawlen, elflen, reslen = 0;
  enum relopt_zformat fmt;
  int rc;

  rc = read_elf_bytes (file, &raw, &rawlen, &elf, &elflen, &fmt, &id, err);
  if (rc == 0)
    rc = strip_and_rewrite (file, strip, elf, elflen, fmt, opts, &res, &reslen,
                            stats, err);
  if (rc == 0 && out == NULL && reslen == elflen
      && memcmp (res, elf, reslen) == 0)
    *outcome = OUT_UNCHANGED;
  else if (rc == 0)
    {
      rc = store_result (file, out, fmt, raw, rawlen, res, reslen, &id, err);
      if (rc == 0)
        *outcome = OUT_REWRITTEN;
    }
  free (res);
  free_elf_bytes (raw, elf);
  return rc;
}

/* Block the termination signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT); the
   mask before goes to *OLD.  */
static void
hold_signals (sigset_t *old)
{
  sigset_t hold;

  sigemptyset (&hold);
  sigaddset (&hold, SIGINT);
  sigaddset (&hold, SIGTERM);
  sigaddset (&hold, SIGHUP);
  sigaddset (&hold, SIGQUIT);
  sigprocmask (SIG_BLOCK, &hold, old);
}

/* Rewrite one file: [decompress,] [strip a copy,] rewrite, [compress,]
   then one atomic replacement (or the write of OUT).  In place, a result
   equal to the input leaves the file untouched.  Termination signals are
   held for the whole run (strip inherits that), so an interrupted run
   leaves either the old file or the complete new one, and no temporary
   file.  */
static enum outcome
rewrite_one (const char *file, const char *out, const char *strip,
             const struct relopt_options *opts)
{
  struct relopt_error err = { 0 };
  struct relopt_stats stats;
  enum outcome outcome = OUT_FAILED;
  sigset_t old;
  int rc;

  hold_signals (&old);
  /* A plain ELF file without --strip-*: the library's file path, which
     maps the input and has the kernel copy the sections no pass changes
     (relopt_rewrite_file).  The rest goes through memory.  */
  if (strip == NULL && !to_stdout (out) && !file_compressed (file))
    {
      memset (&stats, 0, sizeof stats);
      rc = relopt_rewrite_file (file, out, opts, &stats, &err);
      if (rc == 0)
        outcome = stats.file_unchanged ? OUT_UNCHANGED : OUT_REWRITTEN;
    }
  else
    rc = rewrite_in_memory (file, out, strip, opts, &stats, &outcome, &err);
  sigprocmask (SIG_SETMASK, &old, NULL);
  if (rc)
    {
      error_at (file, &err);
      return OUT_FAILED;
    }
  if (opts->stats)
    print_stats (out ? out : file, &stats);
  return outcome;
}

/* Prepend the words of $RELOPT_FLAGS (split on blanks) to ARGV after
   argv[0].  Every word must be an option ("-..."; values as
   --opt=VALUE), so the variable can never add an input file.  Returns
   the new argument vector (malloc'd, lives until exit) or NULL after a
   usage message.  */
static char **env_words, **env_argv; /* live until exit */

static void
free_env_argv (void)
{
  free (env_argv);
  freeargv (env_words);
}

static char **
env_flags_argv (int *argcp, char **argv)
{
  const char *env = getenv ("RELOPT_FLAGS");
  char **words, **nargv;
  int n = 0, i, j;

  if (env == NULL || env[strspn (env, " \t\n")] == '\0')
    return argv;
  words = buildargv (env);
  if (words == NULL)
    return argv;
  while (words[n])
    n++;
  for (i = 0; i < n; i++)
    if (words[i][0] != '-' || strcmp (words[i], "-") == 0
        || strcmp (words[i], "--") == 0 || strcmp (words[i], "-o") == 0)
      {
        fprintf (stderr,
                 "%s: RELOPT_FLAGS: '%s' is not an option (only options, "
                 "values as --option=VALUE)\n",
                 program_name, words[i]);
        freeargv (words);
        return NULL;
      }
  nargv = xmalloc ((size_t)(*argcp + n + 1) * sizeof *nargv);
  nargv[0] = argv[0];
  for (i = 0; i < n; i++)
    nargv[1 + i] = words[i];
  for (j = 1; j < *argcp; j++)
    nargv[n + j] = argv[j];
  nargv[n + *argcp] = NULL;
  *argcp += n;
  env_words = words;
  env_argv = nargv;
  atexit (free_env_argv);
  return nargv;
}

/* A usage error: "relopt: MESSAGE", with TRY_HELP the GNU hint to
   --help after it.  Returns 2, the exit status.  */
static int usage_error (bool try_help, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));

static int
usage_error (bool try_help, const char *fmt, ...)
{
  va_list ap;

  fprintf (stderr, "%s: ", program_name);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  if (try_help)
    fprintf (stderr, "Try '%s --help' for more information.\n", program_name);
  return 2;
}

/* What the command line asks for (parse_command_line).  */
struct command
{
  struct relopt_options opts; /* the rewrite's options, and --check's */
  const char *out;            /* -o OUT, or NULL: in place */
  const char *against;        /* --against ORIG, or NULL */
  const char *strip;          /* "--strip-debug", "--strip-unneeded" or
                                 NULL: strip's option to run first */
  bool check;                 /* --check */
  char **files;               /* the FILE operands, NFILES of them */
  int nfiles;
};

/* getopt_long's value for the long form of option ID: above every
   short option's character.  */
#define LONG_OPTION_VAL(id) (256 + (int)(id))

/* The command's getopt_long table LONGOPTS (RELOPT_OPTION_COUNT + 1
   entries) and short-option string SHORTOPTS (2 * RELOPT_OPTION_COUNT +
   2 bytes), from relopt_option_table: each command-scope option, its
   long form returning LONG_OPTION_VAL (id), its short form, if any, its
   character.  SHORTOPTS starts with ':', so a missing argument is told
   from an unknown option.  */
static void
make_getopt_table (struct option *longopts, char *shortopts)
{
  size_t i, n = 0;
  char *s = shortopts;

  *s++ = ':';
  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    {
      const struct relopt_option_info *o = &relopt_option_table[i];

      if (!(o->scope & RELOPT_SCOPE_COMMAND))
        continue;
      longopts[n].name = o->name;
      longopts[n].has_arg = o->arg ? required_argument : no_argument;
      longopts[n].flag = NULL;
      longopts[n].val = LONG_OPTION_VAL (i);
      n++;
      if (o->short_name != 0)
        {
          *s++ = o->short_name;
          if (o->arg)
            *s++ = ':';
        }
    }
  memset (&longopts[n], 0, sizeof longopts[n]);
  *s = '\0';
}

/* The option getopt_long's result C stands for (C is not ':' or '?').  */
static enum relopt_option_id
option_id (int c)
{
  size_t i;

  if (c >= LONG_OPTION_VAL (0))
    return (enum relopt_option_id) (c - LONG_OPTION_VAL (0));
  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    if (relopt_option_table[i].short_name == c)
      break;
  return (enum relopt_option_id)i;
}

/* getopt_long returned C, ':' (an argument is missing) or '?' (an
   unknown option, or an argument to an option that takes none; optopt
   then holds the option's value).  Returns 2 after the message.  */
static int
getopt_error (int c, char **argv)
{
  if (c == ':')
    return usage_error (true, "option '%s' needs an argument",
                        argv[optind - 1]);
  if (optopt >= LONG_OPTION_VAL (0)
      && optopt < LONG_OPTION_VAL (RELOPT_OPTION_COUNT))
    return usage_error (
        true, "option '--%s' takes no argument",
        relopt_option_table[optopt - LONG_OPTION_VAL (0)].name);
  if (optopt)
    return usage_error (true, "unknown option '-%c'", optopt);
  return usage_error (true, "unknown option '%s'", argv[optind - 1]);
}

/* --strip-debug or --strip-unneeded (ID).  The two exclude each other,
   which is reported at once, as a bad value is (before a later
   --help).  Returns -1, or 2 after the message.  */
static int
set_strip (struct command *cmd, enum relopt_option_id id)
{
  const char *strip
      = id == RELOPT_OPTION_STRIP_DEBUG ? "--strip-debug" : "--strip-unneeded";

  if (cmd->strip && strcmp (cmd->strip, strip) != 0)
    return usage_error (false, "--strip-debug and --strip-unneeded exclude "
                               "each other");
  cmd->strip = strip;
  return -1;
}

/* Apply option ID with argument ARG (NULL if it takes none) to CMD.
   Returns -1 to go on, or the exit status: 0 after --help, --version or
   --plugin-path, which act at once as in GNU tools, 2 after a usage
   message.  */
static int
apply_command_option (struct command *cmd, enum relopt_option_id id,
                      const char *arg)
{
  struct relopt_error err = { 0 };

  switch (id)
    {
    case RELOPT_OPTION_OUTPUT:
      if (arg[0] == '\0')
        return usage_error (false, "-o needs a file name");
      cmd->out = arg;
      return -1;
    case RELOPT_OPTION_STRIP_DEBUG:
    case RELOPT_OPTION_STRIP_UNNEEDED:
      return set_strip (cmd, id);
    case RELOPT_OPTION_CHECK:
      cmd->check = true;
      return -1;
    case RELOPT_OPTION_AGAINST:
      cmd->against = arg;
      return -1;
    case RELOPT_OPTION_PLUGIN_PATH:
      puts (plugin_path ());
      return 0;
    case RELOPT_OPTION_HELP:
      usage (stdout);
      return 0;
    case RELOPT_OPTION_VERSION:
      print_version ();
      return 0;
    default:
      if (relopt_apply_option (&cmd->opts, id, arg, &err) != 0)
        return usage_error (false, "%s", err.msg);
      return -1;
    }
}

/* Parse ARGV (ARGC words) into *CMD with the getopt table made from
   relopt_option_table.  Returns -1 when the FILEs are to be processed,
   else the exit status, as apply_command_option.  */
static int
parse_command_line (int argc, char **argv, struct command *cmd)
{
  struct option longopts[RELOPT_OPTION_COUNT + 1];
  char shortopts[2 * RELOPT_OPTION_COUNT + 2];
  int c, st;

  memset (cmd, 0, sizeof *cmd);
  relopt_options_init (&cmd->opts);
  make_getopt_table (longopts, shortopts);
  opterr = 0; /* diagnose here, as "relopt: ...", not argv[0] */
  while ((c = getopt_long (argc, argv, shortopts, longopts, NULL)) != -1)
    {
      if (c == ':' || c == '?')
        return getopt_error (c, argv);
      st = apply_command_option (cmd, option_id (c), optarg);
      if (st >= 0)
        return st;
    }
  cmd->files = argv + optind;
  cmd->nfiles = argc - optind;
  return -1;
}

/* The combinations of options and FILEs the command accepts.  Returns 0,
   or 2 after a usage message.  */
static int
validate_command (const struct command *cmd)
{
  if (cmd->nfiles == 0)
    return usage_error (true, "no input files");
  if (cmd->out && cmd->nfiles != 1)
    return usage_error (false, "-o takes exactly one input file");
  if (cmd->against && (!cmd->check || cmd->nfiles != 1))
    return usage_error (false, "--against needs --check and exactly one FILE");
  if (cmd->check && cmd->out)
    return usage_error (false, "--check writes nothing; -o makes no sense");
  return 0;
}

/* Check or rewrite each FILE of CMD.  Returns the exit status: 0, or 1
   when a file failed.  */
static int
run_command (const struct command *cmd)
{
  int i, count[3] = { 0, 0, 0 };

  for (i = 0; i < cmd->nfiles; i++)
    count[cmd->check ? check_file (cmd->files[i], cmd->against, cmd->strip,
                                   &cmd->opts)
                     : rewrite_one (cmd->files[i], cmd->out, cmd->strip,
                                    &cmd->opts)]++;
  /* One summary line for a multi-file run (doc/relopt.1, "OUTPUT").  */
  if (cmd->nfiles > 1)
    {
      if (cmd->check)
        printf ("%s: %d files checked: %d passed, %d failed\n", program_name,
                cmd->nfiles, count[OUT_UNCHANGED], count[OUT_FAILED]);
      else
        printf ("%s: %d files: %d rewritten, %d unchanged, %d failed\n",
                program_name, cmd->nfiles, count[OUT_REWRITTEN],
                count[OUT_UNCHANGED], count[OUT_FAILED]);
    }
  return count[OUT_FAILED] ? 1 : 0;
}

int
main (int argc, char **argv)
{
  struct command cmd;
  int st;

  /* Past a file size limit (ulimit -f) write(2) must fail with EFBIG so
     the temporary file is removed and the error reported, rather than
     SIGXFSZ killing the process half-way.  */
  signal (SIGXFSZ, SIG_IGN);
  argv = env_flags_argv (&argc, argv);
  if (argv == NULL)
    return 2;
  st = parse_command_line (argc, argv, &cmd);
  if (st >= 0)
    return st;
  if (validate_command (&cmd) != 0)
    return 2;
  return run_command (&cmd);
}
