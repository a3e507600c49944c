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
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libiberty/libiberty.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef RELOPT_PLUGIN_PATH
#define RELOPT_PLUGIN_PATH "relopt.so"
#endif

static const char *program_name = "relopt";

static void
usage (FILE *f)
{
  fprintf (f,
           "Usage: %s [OPTION]... FILE...\n"
           "Rewrite ELF relocatable objects (ET_REL: kernel modules, ld -r "
           "output)\n"
           "so that runtime loaders do less work: hash tables over .symtab,\n"
           "a suffix-merged .strtab, ARM/AArch64 branch relocations sorted "
           "by target.\n"
           "Files are rewritten in place unless -o is given.\n"
           "\n"
           "  --hash-style=STYLE       sysv, gnu (default), both or none\n"
           "  --no-merge-strtab        keep .strtab as it is\n"
           "  --no-sort-branch-relocs  keep ARM/AArch64 relocation order\n"
           "  -o, --output=OUT         write to OUT (one input file only)\n"
           "  --strip-debug            first run binutils strip "
           "--strip-debug, as kbuild\n"
           "                           does with STRIP=relopt "
           "INSTALL_MOD_STRIP=1\n"
           "  --strip-unneeded         the same with strip --strip-unneeded\n"
           "  --drop-signature         accept and drop data after the ELF "
           "image\n"
           "                           (a kernel module signature; sign "
           "again after)\n"
           "  --check                  change nothing; exit 1 unless the "
           "tables in each\n"
           "                           FILE are sound and current, branch "
           "relocations are\n"
           "                           in order and (with --hash-style) the "
           "named tables\n"
           "                           are present\n"
           "  --against=ORIG           with --check: also prove FILE "
           "equivalent to ORIG\n"
           "                           (BFD's and relopt's view of symbols "
           "and relocs);\n"
           "                           with --strip-*, ORIG is stripped so "
           "first\n"
           "  --stats                  print what changed, per file\n"
           "  --plugin-path            print the path of the ld plugin and "
           "exit\n"
           "  -h, --help               display this help and exit\n"
           "  -V, --version            output version information and exit\n"
           "\n"
           "As an ld plugin (ld -r -plugin \"$(relopt --plugin-path)\"), "
           "-plugin-opt takes\n"
           "hash-style=STYLE, no-merge-strtab, no-sort-branch-relocs, "
           "drop-signature,\n"
           "stats and verbose (relopt-plugin(7)).\n"
           "\n"
           "\n"
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
           program_name);
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

/* --check [--against ORIG] of one file.  With STRIP, ORIG is first
   stripped as a rewrite with STRIP would have stripped it.  */
static enum outcome
check_file (const char *file, const char *against, const char *strip,
            const struct relopt_options *opts)
{
  struct relopt_error err = { 0 };
  relopt_image *img = NULL, *orig = NULL;
  unsigned char *raw = NULL, *elf = NULL, *oraw = NULL, *oelf = NULL;
  unsigned char *sref = NULL;
  size_t rawlen, elflen, orawlen, oelflen, sreflen;
  enum relopt_zformat fmt, ofmt;
  char *ftmp = NULL, *otmp = NULL;
  const char *errfile = file;
  uint64_t trailer;
  int rc;

  rc = read_elf_bytes (file, &raw, &rawlen, &elf, &elflen, &fmt, NULL, &err);
  if (rc == 0)
    rc = relopt_image_read_mem (elf, elflen, &img, &err);
  if (rc == 0)
    rc = relopt_check_image (img, opts, &err);
  if (rc == 0 && against)
    {
      const unsigned char *ref;
      size_t reflen;

      errfile = against;
      rc = read_elf_bytes (against, &oraw, &orawlen, &oelf, &oelflen, &ofmt,
                           NULL, &err);
      ref = oelf;
      reflen = oelflen;
      if (rc == 0 && strip)
        {
          rc = strip_bytes (strip, ofmt == RELOPT_Z_NONE ? against : NULL,
                            oelf, oelflen, opts, &sref, &sreflen, &trailer,
                            &err);
          ref = sref;
          reflen = sreflen;
        }
      if (rc == 0)
        rc = relopt_image_read_mem (ref, reflen, &orig, &err);
      if (rc == 0)
        {
          errfile = file;
          rc = relopt_compare_images (orig, img, &err);
        }
      /* BFD reads paths: give it the bytes compared above.  */
      if (rc == 0 && ref != oraw)
        rc = relopt_write_temp (ref, reflen, &otmp, &err);
      if (rc == 0 && fmt != RELOPT_Z_NONE)
        rc = relopt_write_temp (elf, elflen, &ftmp, &err);
      if (rc == 0)
        {
          char msg[512];
          if (bfdview_compare (otmp ? otmp : against, ftmp ? ftmp : file, msg,
                               sizeof msg)
              != 0)
            rc = relopt_set_error (&err, RELOPT_E_CHECK, "%s", msg);
        }
    }
  if (rc)
    error_at (errfile, &err);
  if (otmp)
    unlink (otmp);
  if (ftmp)
    unlink (ftmp);
  free (otmp);
  free (ftmp);
  free (sref);
  free_elf_bytes (oraw, oelf);
  free_elf_bytes (raw, elf);
  relopt_image_free (orig);
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
  struct relopt_file_id id;
  unsigned char *raw = NULL, *elf = NULL, *stripped = NULL, *res = NULL;
  unsigned char *z = NULL;
  const unsigned char *work, *final;
  size_t rawlen, elflen, worklen, strippedlen, reslen = 0, zlen, finallen;
  enum relopt_zformat fmt;
  enum outcome outcome = OUT_FAILED;
  uint64_t trailer = 0;
  sigset_t hold, old;
  int rc;

  sigemptyset (&hold);
  sigaddset (&hold, SIGINT);
  sigaddset (&hold, SIGTERM);
  sigaddset (&hold, SIGHUP);
  sigaddset (&hold, SIGQUIT);
  sigprocmask (SIG_BLOCK, &hold, &old);
  /* A plain ELF file without --strip-*: the library's file path, which
     maps the input and has the kernel copy the sections no pass changes
     (relopt_rewrite_file).  The rest goes through memory here.  */
  if (strip == NULL && !to_stdout (out) && !file_compressed (file))
    {
      memset (&stats, 0, sizeof stats);
      rc = relopt_rewrite_file (file, out, opts, &stats, &err);
      if (rc == 0)
        outcome = stats.file_unchanged ? OUT_UNCHANGED : OUT_REWRITTEN;
      goto done;
    }
  rc = read_elf_bytes (file, &raw, &rawlen, &elf, &elflen, &fmt, &id, &err);
  if (rc)
    goto done;
  work = elf;
  worklen = elflen;
  if (strip)
    {
      rc = strip_bytes (strip, fmt == RELOPT_Z_NONE ? file : NULL, elf, elflen,
                        opts, &stripped, &strippedlen, &trailer, &err);
      if (rc)
        goto done;
      work = stripped;
      worklen = strippedlen;
    }
  rc = relopt_rewrite_mem (work, worklen, opts, &res, &reslen, &stats, &err);
  if (rc)
    goto done;
  if (strip)
    {
      stats.file_bytes_before = elflen;
      stats.trailer_bytes = trailer;
    }
  if (out == NULL && reslen == elflen && memcmp (res, elf, reslen) == 0)
    {
      outcome = OUT_UNCHANGED;
      goto done;
    }
  final = res;
  finallen = reslen;
  if (fmt != RELOPT_Z_NONE)
    {
      rc = relopt_z_compress (fmt, res, reslen, raw, rawlen, &z, &zlen, &err);
      if (rc)
        goto done;
      final = z;
      finallen = zlen;
    }
  /* In place, the rename must replace the file that was read: if it was
     replaced or removed meanwhile, stop rather than resurrect it.  */
  if (to_stdout (out))
    rc = write_stdout (final, finallen, &err);
  else
    rc = relopt_replace_file_checked (out ? out : file, final, finallen, file,
                                      out ? NULL : &id, &err);
  if (rc == 0)
    outcome = OUT_REWRITTEN;

done:
  sigprocmask (SIG_SETMASK, &old, NULL);
  free (z);
  free (res);
  free (stripped);
  free_elf_bytes (raw, elf);
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

enum
{
  OPT_HASH_STYLE = 256,
  OPT_FLAG,
  OPT_CHECK,
  OPT_AGAINST,
  OPT_HELP,
  OPT_VERSION,
  OPT_PLUGIN_PATH,
  OPT_STRIP
};

int
main (int argc, char **argv)
{
  static const struct option longopts[]
      = { { "hash-style", required_argument, NULL, OPT_HASH_STYLE },
          { "no-merge-strtab", no_argument, NULL, OPT_FLAG },
          { "no-sort-branch-relocs", no_argument, NULL, OPT_FLAG },
          { "drop-signature", no_argument, NULL, OPT_FLAG },
          { "stats", no_argument, NULL, OPT_FLAG },
          { "strip-debug", no_argument, NULL, OPT_STRIP },
          { "strip-unneeded", no_argument, NULL, OPT_STRIP },
          { "output", required_argument, NULL, 'o' },
          { "check", no_argument, NULL, OPT_CHECK },
          { "against", required_argument, NULL, OPT_AGAINST },
          { "plugin-path", no_argument, NULL, OPT_PLUGIN_PATH },
          { "help", no_argument, NULL, OPT_HELP },
          { "version", no_argument, NULL, OPT_VERSION },
          { NULL, 0, NULL, 0 } };
  struct relopt_options opts;
  struct relopt_error err = { 0 };
  const char *out = NULL, *against = NULL, *strip = NULL;
  bool check = false;
  int c, idx, i, nfiles, count[3] = { 0, 0, 0 };

  /* Past a file size limit (ulimit -f) write(2) must fail with EFBIG so
     the temporary file is removed and the error reported, rather than
     SIGXFSZ killing the process half-way.  */
  signal (SIGXFSZ, SIG_IGN);
  relopt_options_init (&opts);
  argv = env_flags_argv (&argc, argv);
  if (argv == NULL)
    return 2;
  opterr = 0; /* diagnose here, as "relopt: ...", not argv[0] */
  while ((c = getopt_long (argc, argv, ":o:hV", longopts, &idx)) != -1)
    {
      char opt[128];
      switch (c)
        {
        case OPT_HASH_STYLE:
          snprintf (opt, sizeof opt, "hash-style=%s", optarg);
          if (relopt_parse_option (&opts, opt, &err) != 0)
            {
              fprintf (stderr, "%s: %s\n", program_name, err.msg);
              return 2;
            }
          break;
        case OPT_FLAG:
          relopt_parse_option (&opts, longopts[idx].name, &err);
          break;
        case 'o':
          if (optarg[0] == '\0')
            {
              fprintf (stderr, "%s: -o needs a file name\n", program_name);
              return 2;
            }
          out = optarg;
          break;
        case OPT_STRIP:
          if (strip && strcmp (strip + 2, longopts[idx].name) != 0)
            {
              fprintf (stderr,
                       "%s: --strip-debug and --strip-unneeded exclude "
                       "each other\n",
                       program_name);
              return 2;
            }
          strip = longopts[idx].name[6] == 'd' ? "--strip-debug"
                                               : "--strip-unneeded";
          break;
        case OPT_CHECK:
          check = true;
          break;
        case OPT_AGAINST:
          against = optarg;
          break;
        case OPT_PLUGIN_PATH:
          puts (plugin_path ());
          return 0;
        case 'h':
        case OPT_HELP:
          usage (stdout);
          return 0;
        case 'V':
        case OPT_VERSION:
          print_version ();
          return 0;
        case ':':
          fprintf (stderr, "%s: option '%s' needs an argument\n", program_name,
                   argv[optind - 1]);
          fprintf (stderr, "Try '%s --help' for more information.\n",
                   program_name);
          return 2;
        default:
          if (optopt)
            fprintf (stderr, "%s: unknown option '-%c'\n", program_name,
                     optopt);
          else
            fprintf (stderr, "%s: unknown option '%s'\n", program_name,
                     argv[optind - 1]);
          fprintf (stderr, "Try '%s --help' for more information.\n",
                   program_name);
          return 2;
        }
    }
  if (optind >= argc)
    {
      fprintf (stderr, "%s: no input files\n", program_name);
      fprintf (stderr, "Try '%s --help' for more information.\n",
               program_name);
      return 2;
    }
  if (out && argc - optind != 1)
    {
      fprintf (stderr, "%s: -o takes exactly one input file\n", program_name);
      return 2;
    }
  if (against && (!check || argc - optind != 1))
    {
      fprintf (stderr, "%s: --against needs --check and exactly one FILE\n",
               program_name);
      return 2;
    }
  if (check && out)
    {
      fprintf (stderr, "%s: --check writes nothing; -o makes no sense\n",
               program_name);
      return 2;
    }
  nfiles = argc - optind;
  for (i = optind; i < argc; i++)
    count[check ? check_file (argv[i], against, strip, &opts)
                : rewrite_one (argv[i], out, strip, &opts)]++;
  /* One summary line for a multi-file run (doc/relopt.1, "OUTPUT").  */
  if (nfiles > 1)
    {
      if (check)
        printf ("%s: %d files checked: %d passed, %d failed\n", program_name,
                nfiles, count[OUT_UNCHANGED], count[OUT_FAILED]);
      else
        printf ("%s: %d files: %d rewritten, %d unchanged, %d failed\n",
                program_name, nfiles, count[OUT_REWRITTEN],
                count[OUT_UNCHANGED], count[OUT_FAILED]);
    }
  return count[OUT_FAILED] ? 1 : 0;
}
