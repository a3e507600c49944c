/* cmdline.c -- the relopt command's command line (cmdline.h): the
   getopt_long table, --help and the list of -plugin-opt names, all made
   from relopt_option_table (bfdext/options.c); --version; --plugin-path;
   $RELOPT_FLAGS; usage errors.  */

#include <config.h>
#include "cmdline.h"
#include "iberty.h"
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef RELOPT_PLUGIN_PATH
#define RELOPT_PLUGIN_PATH "relopt.so"
#endif

static const char *program_name = RELOPT_PROGRAM;

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

  if (o->short_names != NULL && prefix[0] != '\0')
    for (const char *c = o->short_names; *c; c++)
      n += snprintf (head + n, sizeof head - (size_t)n, "-%c, ", *c);
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
         "--strip-* runs\n"
         "in the rewrite itself, or runs $RELOPT_STRIP first when it "
         "is set.  See\n"
         "relopt(1) and relopt-plugin(7).\n"
         "\n"
         "Exit status: 0 success, 1 a file failed, 2 usage error.\n"
         "\n"
         "Report bugs as relopt(1) says under REPORTING BUGS, with the "
         "output of\nrelopt --version, the command line and the file that "
         "fails (relopt\nleaves it unchanged).\n",
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

/* Prepend the words of $RELOPT_FLAGS (split on blanks) to ARGV after
   argv[0].  Every word must be an option ("-..."; values as
   --opt=VALUE), so the variable can never add an input file.  Returns
   the new argument vector (malloc'd, lives until exit) or NULL after a
   usage message.  */
static char **env_words, **env_argv; /* live until exit */

/* " (in RELOPT_FLAGS)" when the word ARG (an option, "--name[=value]" or
   "-c" for one of a cluster) is, or is in, one of $RELOPT_FLAGS's words,
   else "": an unknown option there is named as the variable's (a fresh
   user's finding, 2026-12-05).  */
static const char *
from_env (const char *arg)
{
  size_t i;

  for (i = 0; env_words && env_words[i]; i++)
    if (strcmp (env_words[i], arg) == 0
        || (arg[0] == '-' && arg[1] != '-' && arg[1] && !arg[2]
            && env_words[i][1] != '-' && strchr (env_words[i] + 1, arg[1])))
      return " (in RELOPT_FLAGS)";
  return "";
}

static void
free_env_argv (void)
{
  free (env_argv);
  freeargv (env_words);
}

char **
cmd_env_flags_argv (int *argcp, char **argv)
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
                 "%s: RELOPT_FLAGS: '%s' %s (only options, values as "
                 "--option=VALUE; no -o)\n",
                 program_name, words[i],
                 strcmp (words[i], "-o") == 0 ? "is not allowed there"
                                              : "is not an option");
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

/* A usage error: "relopt: MESSAGE", then the GNU hint to --help, as
   every usage error of the command has.  Returns 2, the exit status.  */
static int usage_error (const char *fmt, ...)
    __attribute__ ((format (printf, 1, 2)));

static int
usage_error (const char *fmt, ...)
{
  va_list ap;

  fprintf (stderr, "%s: ", program_name);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  fprintf (stderr, "Try '%s --help' for more information.\n", program_name);
  return 2;
}

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
  const char *c;

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
      for (c = o->short_names; c && *c; c++)
        {
          *s++ = *c;
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
    if (relopt_option_table[i].short_names != NULL
        && strchr (relopt_option_table[i].short_names, c) != NULL)
      break;
  return (enum relopt_option_id)i;
}

/* The options of binutils 2.40 strip (binutils/objcopy.c, strip_options[]
   and strip's getopt string "I:O:F:K:MN:R:o:sSpdgxXHhVvwDU") that relopt
   does not implement.  kbuild passes INSTALL_MOD_STRIP to $(STRIP) as it
   is, so users write strip's options; these are refused by name (exit 2)
   rather than as unknown.  Those relopt implements (-g, -S, -d,
   --strip-debug, --strip-unneeded, -o, -v, -h, -V) are in
   relopt_option_table.  They stay out of getopt's table, so they change
   no abbreviation of relopt's own options.  */
static const struct strip_option
{
  const char *name; /* long name, without "--" */
  char short_name;  /* -C, or 0 */
} strip_refused[] = {
  { "disable-deterministic-archives", 'U' },
  { "discard-all", 'x' },
  { "discard-locals", 'X' },
  { "enable-deterministic-archives", 'D' },
  { "format", 0 },
  { "info", 0 },
  { "input-format", 0 },
  { "input-target", 'I' },
  { "keep-file-symbols", 0 },
  { "keep-section", 0 },
  { "keep-section-symbols", 0 },
  { "keep-symbol", 'K' },
  { "merge-notes", 'M' },
  { "no-merge-notes", 0 },
  { "only-keep-debug", 0 },
  { "output-file", 0 },
  { "output-format", 0 },
  { "output-target", 'O' },
  { "preserve-dates", 'p' },
  { "remove-relocations", 0 },
  { "remove-section", 'R' },
  { "strip-all", 's' },
  { "strip-dwo", 0 },
  { "strip-symbol", 'N' },
  { "target", 'F' },
  { "wildcard", 'w' },
};

/* strip's option C (short, when NAME is NULL) or NAME (LEN bytes: the
   whole long name, or a prefix of exactly one of strip's names, as
   getopt_long abbreviates), refused by name.  Returns 2 after the
   message, or 0 when it is not one of strip's options.  */
static int
refuse_strip_option (int c, const char *name, size_t len)
{
  const struct strip_option *hit = NULL;
  size_t i, n = 0;

  for (i = 0; i < sizeof strip_refused / sizeof strip_refused[0]; i++)
    {
      const struct strip_option *r = &strip_refused[i];

      if (name == NULL ? r->short_name == c
                       : strncmp (r->name, name, len) == 0)
        {
          if (name != NULL && r->name[len] == '\0')
            {
              hit = r; /* an exact name wins over abbreviations */
              n = 1;
              break;
            }
          hit = r;
          n++;
        }
    }
  if (n != 1)
    return 0;
  if (name == NULL)
    return usage_error ("strip option '-%c' (--%s) is not supported: relopt "
                        "implements -g, -S, -d, --strip-debug and "
                        "--strip-unneeded",
                        c, hit->name);
  return usage_error ("strip option '--%s' is not supported: relopt "
                      "implements -g, -S, -d, --strip-debug and "
                      "--strip-unneeded",
                      hit->name);
}

/* An unrecognised long option ARG ("--NAME[=VALUE]"): ambiguous when
   NAME abbreviates more than one command option (getopt_long's own
   rule), refused by name when it is one of binutils strip's, else
   unknown.  Returns 2.  */
static int
unknown_long_option (const char *arg)
{
  const char *name = arg + 2, *eq = strchr (name, '=');
  size_t len = eq ? (size_t)(eq - name) : strlen (name), i;
  char list[256] = "";
  int n = 0;

  for (i = 0; len > 0 && i < RELOPT_OPTION_COUNT; i++)
    if ((relopt_option_table[i].scope & RELOPT_SCOPE_COMMAND) != 0
        && strncmp (relopt_option_table[i].name, name, len) == 0)
      {
        size_t at = strlen (list);
        snprintf (list + at, sizeof list - at, "%s--%s", n ? ", " : "",
                  relopt_option_table[i].name);
        n++;
      }
  if (n > 1)
    return usage_error ("option '%.*s' is ambiguous (%s)", (int)(len + 2), arg,
                        list);
  if (len > 0 && refuse_strip_option (0, name, len) != 0)
    return 2;
  return usage_error ("unknown option '%s'%s", arg, from_env (arg));
}

/* getopt_long returned C, ':' (an argument is missing) or '?' (an
   unknown option, or an argument to an option that takes none; optopt
   then holds the option's value).  Returns 2 after the message.  */
static int
getopt_error (int c, char **argv)
{
  if (c == ':')
    return usage_error ("option '%s' needs an argument", argv[optind - 1]);
  if (optopt >= LONG_OPTION_VAL (0)
      && optopt < LONG_OPTION_VAL (RELOPT_OPTION_COUNT))
    return usage_error (
        "option '--%s' takes no argument",
        relopt_option_table[optopt - LONG_OPTION_VAL (0)].name);
  if (optopt && refuse_strip_option (optopt, NULL, 0) != 0)
    return 2;
  if (optopt)
    {
      char shortopt[3] = { '-', (char)optopt, '\0' };
      return usage_error ("unknown option '%s'%s", shortopt,
                          from_env (shortopt));
    }
  return unknown_long_option (argv[optind - 1]);
}

/* --strip-debug or --strip-unneeded (ID).  The last one given wins, as
   in binutils strip (objcopy.c sets strip_symbols for each): relopt
   refused "--strip-debug --strip-unneeded", which strip takes, so an
   INSTALL_MOD_STRIP that worked with strip failed with relopt (a fresh
   user's finding of 2026-12-05).  RELOPT_FLAGS's words come first, so
   the command line overrides them, as for every other option.  Returns
   -1.  */
static int
set_strip (struct cmd_command *cmd, enum relopt_option_id id)
{
  cmd->strip
      = id == RELOPT_OPTION_STRIP_DEBUG ? "--strip-debug" : "--strip-unneeded";
  return -1;
}

/* Apply option ID with argument ARG (NULL if it takes none) to CMD.
   Returns -1 to go on, or the exit status: 0 after --help, --version or
   --plugin-path, which act at once as in GNU tools, 2 after a usage
   message.  */
static int
apply_command_option (struct cmd_command *cmd, enum relopt_option_id id,
                      const char *arg)
{
  struct relopt_error err = { 0 };

  switch (id)
    {
    case RELOPT_OPTION_OUTPUT:
      if (arg[0] == '\0')
        return usage_error ("-o needs a file name");
      /* Once only: the last one winning wrote only the second of
         "-o x -o y" without a word.  */
      if (cmd->out)
        return usage_error ("-o given twice ('%s', then '%s')", cmd->out, arg);
      cmd->out = arg;
      return -1;
    case RELOPT_OPTION_STRIP_DEBUG:
    case RELOPT_OPTION_STRIP_UNNEEDED:
      return set_strip (cmd, id);
    case RELOPT_OPTION_CHECK:
      cmd->check = true;
      return -1;
    case RELOPT_OPTION_AGAINST:
      if (cmd->against)
        return usage_error ("--against given twice ('%s', then '%s')",
                            cmd->against, arg);
      cmd->against = arg;
      return -1;
    case RELOPT_OPTION_PLUGIN_PATH:
      cmd->plugin_path = true; /* answered after the whole line */
      return -1;
    case RELOPT_OPTION_HELP:
      usage (stdout);
      return 0;
    case RELOPT_OPTION_VERSION:
      print_version ();
      return 0;
    default:
      if (relopt_apply_option (&cmd->opts, id, arg, &err) != 0)
        return usage_error ("%s", err.msg);
      return -1;
    }
}

/* $RELOPT_FLAGS's words parsed alone, with the command's tables LONGOPTS
   and SHORTOPTS, before the command line: 2 after a usage message when
   one of them is -o/--output in any spelling, takes its value from the
   next word or has none (a value-taking option at the variable's end
   took the command line's first word: RELOPT_FLAGS=--output replaced
   the first FILE with the rewrite of the second, exit 0; a fresh user's
   finding, 2026-12-05), or is --help, --version or --plugin-path, which
   end a run at once (every relopt the variable reached, kbuild's strip
   slot and DKMS's sign_file hook included, exited 0 having done
   nothing; a second fresh user's finding); else -1.  Unknown options
   are left to the main parse, which names them as the variable's.  */
static int
env_flags_error (const struct option *longopts, const char *shortopts)
{
  int n = 0, c, st = -1;
  char **v;

  while (env_words && env_words[n])
    n++;
  if (n == 0)
    return -1;
  v = xmalloc ((size_t)(n + 2) * sizeof *v);
  v[0] = (char *)program_name;
  memcpy (v + 1, env_words, (size_t)n * sizeof *v);
  v[n + 1] = NULL;
  optind = 0; /* GNU getopt: start over */
  while (st < 0
         && (c = getopt_long (n + 1, v, shortopts, longopts, NULL)) != -1)
    {
      /* A missing value: getopt_long puts the option in optopt.  */
      enum relopt_option_id id = option_id (c == ':' ? optopt : c);
      /* The word the option was in: the one before its value's when
         the value is a word of its own.  */
      bool separate = c == ':' || (optarg != NULL && optarg == v[optind - 1]);
      const char *word = v[optind - (c != ':' && separate ? 2 : 1)];
      const char *why = NULL;

      if (c == '?')
        continue;
      if (id == RELOPT_OPTION_OUTPUT)
        why = "is not allowed there (only options, values as "
              "--option=VALUE; no -o)";
      else if (separate)
        why = "needs its value in the same word (only options, values as "
              "--option=VALUE; no -o)";
      else if (id == RELOPT_OPTION_HELP || id == RELOPT_OPTION_VERSION
               || id == RELOPT_OPTION_PLUGIN_PATH)
        why = "is not allowed there (it ends every run at once, rewriting "
              "nothing)";
      if (why)
        {
          fprintf (stderr, "%s: RELOPT_FLAGS: '%s' %s\n", program_name, word,
                   why);
          st = 2;
        }
    }
  free (v);
  optind = 0;
  return st;
}

/* Parse ARGV (ARGC words) into *CMD with the getopt table made from
   relopt_option_table.  Returns -1 when the FILEs are to be processed,
   else the exit status, as apply_command_option.  */
int
cmd_parse_command_line (int argc, char **argv, struct cmd_command *cmd)
{
  struct option longopts[RELOPT_OPTION_COUNT + 1];
  char shortopts[2 * RELOPT_OPTION_COUNT + 2];
  int c, st;

  memset (cmd, 0, sizeof *cmd);
  relopt_options_init (&cmd->opts);
  make_getopt_table (longopts, shortopts);
  opterr = 0; /* diagnose here, as "relopt: ...", not argv[0] */
  st = env_flags_error (longopts, shortopts);
  if (st >= 0)
    return st;
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
  if (cmd->plugin_path && cmd->nfiles > 0)
    return usage_error ("--plugin-path prints the plugin's path and "
                        "takes no FILE ('%s')",
                        cmd->files[0]);
  if (cmd->plugin_path)
    {
      const char *path = plugin_path ();
      /* A path ld cannot load is an error now, not a puzzle at link time
         (a copied relopt printed the configured, absent one).  */
      if (access (path, R_OK) != 0)
        {
          fprintf (stderr,
                   "relopt: the ld plugin is not at %s: %s (install relopt, "
                   "or run the relopt of a build tree)\n",
                   path, strerror (errno));
          return 1;
        }
      puts (path);
      return 0;
    }
  return -1;
}

/* The combinations of options and FILEs the command accepts.  Returns 0,
   or 2 after a usage message.  */
int
cmd_validate_command (const struct cmd_command *cmd)
{
  if (cmd->nfiles == 0)
    return usage_error ("no input files");
  if (cmd->out && cmd->nfiles != 1)
    return usage_error ("-o takes exactly one input file");
  if (cmd->against && (!cmd->check || cmd->nfiles != 1))
    return usage_error ("--against needs --check and exactly one FILE");
  if (cmd->check && cmd->out)
    return usage_error ("--check writes nothing; -o makes no sense");
  if (cmd->out
      && (strcmp (cmd->out, "-") == 0 || strcmp (cmd->out, "/dev/stdout") == 0)
      && isatty (STDOUT_FILENO))
    return usage_error ("will not write an object file to a terminal "
                        "(-o -): redirect standard output");
  /* --stats reports what a rewrite changed; --check changes nothing.  It
     may come from $RELOPT_FLAGS, so it is not an error: say it once.  */
  if (cmd->check && cmd->opts.stats)
    fprintf (stderr,
             "%s: warning: --check rewrites nothing, so --stats has "
             "nothing to report: ignored\n",
             program_name);
  return 0;
}
