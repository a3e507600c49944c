/* relopt.c -- the relopt command: rewrite ET_REL objects in place or to
   -o OUT, check them (--check [--against ORIG]), report (--stats).

   Exit status: 0 all files done, 1 some file failed (each named on
   stderr as "relopt: FILE: message"), 2 usage error.  */

#include <config.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <unistd.h>
#include "relopt.h"
#include "image.h"
#include "bfdview.h"

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
           "and relocations)\n"
           "  --stats                  print what changed, per file\n"
           "  --plugin-path            print the path of the ld plugin and "
           "exit\n"
           "  --help                   display this help and exit\n"
           "  --version                output version information and exit\n"
           "\n"
           "Exit status: 0 success, 1 a file failed, 2 usage error.\n",
           program_name);
}

static void
error_at (const char *file, const struct relopt_error *err)
{
  fprintf (stderr, "%s: %s: %s\n", program_name, file, err->msg);
}

static void
print_stats (const char *file, const struct relopt_stats *s)
{
  char target[64];
  const char *t = bfdview_target (file, target, sizeof target);

  printf ("%s: %s\n", file, t ? t : "ELF");
  printf ("  file size       %10llu -> %llu bytes (%+lld)\n",
          (unsigned long long) s->file_bytes_before,
          (unsigned long long) s->file_bytes_after,
          (long long) s->file_bytes_after - (long long) s->file_bytes_before);
  printf ("  .strtab         %10llu -> %llu bytes (%+lld)\n",
          (unsigned long long) s->strtab_bytes_before,
          (unsigned long long) s->strtab_bytes_after,
          (long long) s->strtab_bytes_after
              - (long long) s->strtab_bytes_before);
  if (s->trailer_bytes)
    printf ("  trailer dropped %10llu bytes\n",
            (unsigned long long) s->trailer_bytes);
  printf ("  symbols         %10u (%u moved)\n", s->nsyms, s->symbols_moved);
  if (s->sysv_nbucket)
    printf ("  .hash           %10u buckets, %u hashed, longest chain %u, "
            "mean %.2f\n",
            s->sysv_nbucket, s->sysv_nhashed, s->sysv_max_chain,
            s->sysv_mean_chain);
  if (s->gnu_nbucket)
    printf ("  .gnu.hash       %10u buckets, %u hashed from symoffset %u, "
            "bloom %u bits, longest chain %u, mean %.2f\n",
            s->gnu_nbucket, s->gnu_nhashed, s->gnu_symoffset,
            s->gnu_bloom_bits, s->gnu_max_chain, s->gnu_mean_chain);
  if (s->branch_relocs)
    printf ("  branch relocs   %10llu, %llu distinct targets, %u sections "
            "reordered\n",
            (unsigned long long) s->branch_relocs,
            (unsigned long long) s->branch_targets,
            s->reloc_sections_sorted);
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

/* --check [--against ORIG] of one file.  Returns 0 or 1.  */
static int
check_file (const char *file, const char *against,
            const struct relopt_options *opts)
{
  struct relopt_error err = { 0 };
  relopt_image *img = NULL, *orig = NULL;
  int rc;

  rc = relopt_image_read_file (file, &img, &err);
  if (rc == 0)
    rc = relopt_check_image (img, opts, &err);
  if (rc == 0 && against)
    {
      rc = relopt_image_read_file (against, &orig, &err);
      if (rc)
        {
          error_at (against, &err);
          relopt_image_free (img);
          return 1;
        }
      rc = relopt_compare_images (orig, img, &err);
      if (rc == 0)
        {
          char msg[512];
          if (bfdview_compare (against, file, msg, sizeof msg) != 0)
            {
              rc = relopt_set_error (&err, RELOPT_E_CHECK, "%s", msg);
            }
        }
    }
  if (rc)
    error_at (file, &err);
  relopt_image_free (orig);
  relopt_image_free (img);
  return rc ? 1 : 0;
}

/* Rewrite one file.  Termination signals are held while the file is
   written and renamed, so an interrupted run leaves either the old file
   or the complete new one, and no temporary file.  */
static int
rewrite_one (const char *file, const char *out,
             const struct relopt_options *opts)
{
  struct relopt_error err = { 0 };
  struct relopt_stats stats;
  sigset_t hold, old;
  int rc;

  sigemptyset (&hold);
  sigaddset (&hold, SIGINT);
  sigaddset (&hold, SIGTERM);
  sigaddset (&hold, SIGHUP);
  sigaddset (&hold, SIGQUIT);
  sigprocmask (SIG_BLOCK, &hold, &old);
  rc = relopt_rewrite_file (file, out, opts, &stats, &err);
  sigprocmask (SIG_SETMASK, &old, NULL);
  if (rc)
    {
      error_at (file, &err);
      return 1;
    }
  if (opts->stats)
    print_stats (out ? out : file, &stats);
  return 0;
}

enum
{
  OPT_HASH_STYLE = 256,
  OPT_FLAG,
  OPT_CHECK,
  OPT_AGAINST,
  OPT_HELP,
  OPT_VERSION,
  OPT_PLUGIN_PATH
};

int
main (int argc, char **argv)
{
  static const struct option longopts[] = {
    { "hash-style", required_argument, NULL, OPT_HASH_STYLE },
    { "no-merge-strtab", no_argument, NULL, OPT_FLAG },
    { "no-sort-branch-relocs", no_argument, NULL, OPT_FLAG },
    { "drop-signature", no_argument, NULL, OPT_FLAG },
    { "stats", no_argument, NULL, OPT_FLAG },
    { "output", required_argument, NULL, 'o' },
    { "check", no_argument, NULL, OPT_CHECK },
    { "against", required_argument, NULL, OPT_AGAINST },
    { "plugin-path", no_argument, NULL, OPT_PLUGIN_PATH },
    { "help", no_argument, NULL, OPT_HELP },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 }
  };
  struct relopt_options opts;
  struct relopt_error err = { 0 };
  const char *out = NULL, *against = NULL;
  bool check = false;
  int c, idx, i, failed = 0;

  /* Past a file size limit (ulimit -f) write(2) must fail with EFBIG so
     the temporary file is removed and the error reported, rather than
     SIGXFSZ killing the process half-way.  */
  signal (SIGXFSZ, SIG_IGN);
  relopt_options_init (&opts);
  opterr = 0; /* diagnose here, as "relopt: ...", not argv[0] */
  while ((c = getopt_long (argc, argv, ":o:", longopts, &idx)) != -1)
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
        case OPT_CHECK:
          check = true;
          break;
        case OPT_AGAINST:
          against = optarg;
          break;
        case OPT_PLUGIN_PATH:
          puts (plugin_path ());
          return 0;
        case OPT_HELP:
          usage (stdout);
          return 0;
        case OPT_VERSION:
          printf ("relopt %s\n", relopt_version ());
          return 0;
        case ':':
          fprintf (stderr, "%s: option '%s' needs an argument\n",
                   program_name, argv[optind - 1]);
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
      fprintf (stderr, "%s: -o takes exactly one input file\n",
               program_name);
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
  for (i = optind; i < argc; i++)
    failed |= check ? check_file (argv[i], against, &opts)
                    : rewrite_one (argv[i], out, &opts);
  return failed ? 1 : 0;
}
