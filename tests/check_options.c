/* check_options.c -- the option table and the plugin's option parser
   (bfdext/options.c, relopt.h "relopt_option_table"), and the places that
   must list the table's options: doc/relopt.1, doc/relopt-plugin.7 and
   the command's --help.

   Expected effects of each -plugin-opt are written out here by hand; the
   documents are read as text (the man pages' OPTIONS headings, the
   --help lines), never through the code that prints them.  The man
   pages come from $srcdir (set by make check), the command from $RELOPT
   (default src/relopt, from the top build directory).  */

#include <config.h>

#include <ctype.h>
#include <stdbool.h>

#include "relopt.h"
#include "testutil.h"

Suite *options_suite (void);

#define ENTRY(i) (&relopt_option_table[i])
#define FOR_PLUGIN(o) (((o)->scope & RELOPT_SCOPE_PLUGIN) != 0)
#define FOR_COMMAND(o) (((o)->scope & RELOPT_SCOPE_COMMAND) != 0)

/* ---- The table itself ------------------------------------------------ */

/* Names are lowercase words joined by '-', unique, long and short; an
   argument name is uppercase; help lines fit --help's 52 columns.  */
START_TEST (test_table_shape)
{
  size_t i, j;

  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    {
      const struct relopt_option_info *o = ENTRY (i);
      const char *p, *line, *next;

      ck_assert_msg (o->name != NULL && o->name[0] >= 'a' && o->name[0] <= 'z',
                     "entry %zu: no name, or a name not starting a-z", i);
      for (p = o->name; *p; p++)
        ck_assert_msg ((*p >= 'a' && *p <= 'z') || *p == '-', "%s: '%c'",
                       o->name, *p);
      ck_assert_msg (o->scope != 0 && (o->scope & ~RELOPT_SCOPE_BOTH) == 0,
                     "%s: scope %u", o->name, o->scope);
      for (p = o->arg; p && *p; p++)
        ck_assert_msg (*p >= 'A' && *p <= 'Z', "%s: argument %s", o->name,
                       o->arg);
      ck_assert_msg (o->short_names == NULL || FOR_COMMAND (o),
                     "%s: a short form for the plugin only", o->name);
      ck_assert_msg (o->help != NULL && o->help[0] != '\0', "%s: no help",
                     o->name);
      for (line = o->help; *line; line = next)
        {
          size_t len = strcspn (line, "\n");

          ck_assert_msg (len <= 52, "%s: help line longer than 52 columns",
                         o->name);
          next = line + len + (line[len] == '\n');
        }
      for (j = 0; j < i; j++)
        {
          ck_assert_str_ne (ENTRY (j)->name, o->name);
          for (p = o->short_names; p && *p; p++)
            ck_assert_msg (ENTRY (j)->short_names == NULL
                               || strchr (ENTRY (j)->short_names, *p) == NULL,
                           "-%c twice", *p);
        }
    }
}
END_TEST

/* ---- The plugin's parser: what it accepts ------------------------------ */

/* One accepted -plugin-opt: PRIOR (or NULL) is applied first, so that an
   option restoring a default has something to restore; then OPTION; the
   result must be the defaults changed as the remaining fields say.  */
struct accept_case
{
  const char *prior, *option;
  unsigned hash_style;
  bool hash_style_given, merge_strtab, sort_branch_relocs, drop_signature,
      stats, verbose;
  unsigned addr_order; /* RELOPT_ADDR_ORDER_*, 0 (auto) when left out */
};

static const struct accept_case accept_cases[] = {
  { NULL, "hash-style=sysv", RELOPT_HASH_SYSV, 1, 1, 1, 0, 0, 0, 0 },
  { NULL, "hash-style=gnu", RELOPT_HASH_GNU, 1, 1, 1, 0, 0, 0, 0 },
  { NULL, "hash-style=both", RELOPT_HASH_BOTH, 1, 1, 1, 0, 0, 0, 0 },
  { NULL, "hash-style=none", RELOPT_HASH_NONE, 1, 1, 1, 0, 0, 0, 0 },
  { NULL, "no-merge-strtab", RELOPT_HASH_SYSV, 0, 0, 1, 0, 0, 0, 0 },
  { "no-merge-strtab", "merge-strtab", RELOPT_HASH_SYSV, 0, 1, 1, 0, 0, 0, 0 },
  { NULL, "no-sort-branch-relocs", RELOPT_HASH_SYSV, 0, 1, 0, 0, 0, 0, 0 },
  { "no-sort-branch-relocs", "sort-branch-relocs", RELOPT_HASH_SYSV, 0, 1, 1,
    0, 0, 0, 0 },
  { NULL, "drop-signature", RELOPT_HASH_SYSV, 0, 1, 1, 1, 0, 0, 0 },
  { NULL, "stats", RELOPT_HASH_SYSV, 0, 1, 1, 0, 1, 0, 0 },
  { NULL, "verbose", RELOPT_HASH_SYSV, 0, 1, 1, 0, 0, 1, 0 },
  { NULL, "addr-order=yes", RELOPT_HASH_SYSV, 0, 1, 1, 0, 0, 0,
    RELOPT_ADDR_ORDER_YES },
  { NULL, "addr-order=no", RELOPT_HASH_SYSV, 0, 1, 1, 0, 0, 0,
    RELOPT_ADDR_ORDER_NO },
  { "addr-order=no", "addr-order=auto", RELOPT_HASH_SYSV, 0, 1, 1, 0, 0, 0,
    RELOPT_ADDR_ORDER_AUTO },
};

START_TEST (test_plugin_accepts)
{
  const struct accept_case *c = &accept_cases[_i];
  struct relopt_options o, want;
  struct relopt_error err = { 0 };

  relopt_options_init (&o);
  if (c->prior)
    ck_assert_int_eq (relopt_parse_option (&o, c->prior, &err), 0);
  ck_assert_msg (relopt_parse_option (&o, c->option, &err) == 0, "%s: %s",
                 c->option, err.msg);
  memset (&want, 0, sizeof want);
  want.hash_style = c->hash_style;
  want.hash_style_given = c->hash_style_given;
  want.merge_strtab = c->merge_strtab;
  want.sort_branch_relocs = c->sort_branch_relocs;
  want.drop_signature = c->drop_signature;
  want.stats = c->stats;
  want.verbose = c->verbose;
  want.flush = true;
  ck_assert_uint_eq (o.hash_style, want.hash_style);
  ck_assert_int_eq (o.hash_style_given, want.hash_style_given);
  ck_assert_int_eq (o.merge_strtab, want.merge_strtab);
  ck_assert_int_eq (o.sort_branch_relocs, want.sort_branch_relocs);
  ck_assert_int_eq (o.drop_signature, want.drop_signature);
  ck_assert_int_eq (o.stats, want.stats);
  ck_assert_int_eq (o.verbose, want.verbose);
  ck_assert_int_eq (o.flush, want.flush);
  ck_assert_uint_eq (o.addr_order, c->addr_order);
}
END_TEST

/* Every plugin option of the table has a case above, and every case
   names a plugin option: a new option needs its expected effect here.  */
START_TEST (test_plugin_cases_cover_table)
{
  size_t i, j;

  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    {
      const struct relopt_option_info *o = ENTRY (i);
      size_t len = strlen (o->name);
      bool found = false;

      for (j = 0; j < ARRAY_SIZE (accept_cases); j++)
        found |= strncmp (accept_cases[j].option, o->name, len) == 0
                 && accept_cases[j].option[len] == (o->arg ? '=' : '\0');
      ck_assert_msg (found == FOR_PLUGIN (o), "%s: %s", o->name,
                     found ? "accepted here, but not a plugin option"
                           : "a plugin option without a case here");
    }
}
END_TEST

/* ---- The plugin's parser: what it refuses ------------------------------ */

/* Every command-only option, with and without a value, is refused with
   the message naming it, and changes nothing.  */
START_TEST (test_plugin_refuses_command_options)
{
  size_t i;
  int n = 0;

  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    {
      const struct relopt_option_info *o = ENTRY (i);
      char opt[64], want[128];
      struct relopt_options before, after;
      struct relopt_error err = { 0 };
      int k;

      if (FOR_PLUGIN (o))
        continue;
      n++;
      snprintf (want, sizeof want,
                "'%s' is an option of the relopt command, not of the plugin",
                o->name);
      for (k = 0; k < 2; k++)
        {
          snprintf (opt, sizeof opt, "%s%s", o->name, k ? "=x" : "");
          relopt_options_init (&before);
          after = before;
          ck_assert_int_eq (relopt_parse_option (&after, opt, &err),
                            RELOPT_E_USAGE);
          ck_assert_str_eq (err.msg, want);
          ck_assert (memcmp (&before, &after, sizeof before) == 0);
        }
    }
  /* -o, --check, --against, --strip-*, --plugin-path, --help, --version */
  ck_assert_int_eq (n, 8);
}
END_TEST

struct refuse_case
{
  const char *option, *msg;
};

static const struct refuse_case refuse_cases[] = {
  { "no-such-option", "unknown option 'no-such-option'" },
  { "", "unknown option ''" },
  { "hash", "unknown option 'hash'" }, /* no abbreviations */
  { "hash=both", "unknown option 'hash=both'" },
  { "Stats", "unknown option 'Stats'" },
  { "--hash-style=both",
    "unknown option '--hash-style=both' (plugin options are written "
    "without dashes: -plugin-opt hash-style=both)" },
  { "-stats", "unknown option '-stats' (plugin options are written "
              "without dashes: -plugin-opt hash-style=both)" },
  { "hash-style", "option 'hash-style' needs an argument (hash-style=STYLE)" },
  { "hash-style=", "invalid hash style '' (expected sysv, gnu, both or "
                   "none)" },
  { "hash-style=md5", "invalid hash style 'md5' (expected sysv, gnu, both "
                      "or none)" },
  { "hash-style=SYSV", "invalid hash style 'SYSV' (expected sysv, gnu, both "
                       "or none)" },
  { "addr-order=maybe", "invalid address order 'maybe' (expected auto, yes "
                        "or no)" },
  { "addr-order", "option 'addr-order' needs an argument (addr-order=WHEN)" },
  { "stats=1", "option 'stats' takes no argument" },
  { "no-merge-strtab=", "option 'no-merge-strtab' takes no argument" },
};

START_TEST (test_plugin_refuses)
{
  const struct refuse_case *c = &refuse_cases[_i];
  struct relopt_options before, after;
  struct relopt_error err = { 0 };

  relopt_options_init (&before);
  after = before;
  ck_assert_int_eq (relopt_parse_option (&after, c->option, &err),
                    RELOPT_E_USAGE);
  ck_assert_str_eq (err.msg, c->msg);
  ck_assert (memcmp (&before, &after, sizeof before) == 0);
}
END_TEST

/* relopt_apply_option refuses what does not set struct relopt_options.  */
START_TEST (test_apply_refuses_command_options)
{
  struct relopt_options o;
  struct relopt_error err = { 0 };

  relopt_options_init (&o);
  ck_assert_int_eq (relopt_apply_option (&o, RELOPT_OPTION_CHECK, NULL, &err),
                    RELOPT_E_USAGE);
  ck_assert_str_eq (err.msg, "option 'check' is not a rewrite option");
  ck_assert_int_eq (relopt_apply_option (&o, RELOPT_OPTION_COUNT, NULL, &err),
                    RELOPT_E_USAGE);
  ck_assert_int_eq (
      relopt_apply_option (&o, RELOPT_OPTION_HASH_STYLE, "both", &err), 0);
  ck_assert_uint_eq (o.hash_style, RELOPT_HASH_BOTH);
}
END_TEST

/* ---- The documents ----------------------------------------------------- */

/* A file's contents, NUL-terminated (malloc'd).  */
static char *
slurp (const char *path)
{
  FILE *f = fopen (path, "r");
  char *buf;
  size_t n;

  ck_assert_msg (f != NULL, "cannot open %s", path);
  buf = malloc (1 << 20);
  ck_assert (buf != NULL);
  n = fread (buf, 1, (1 << 20) - 1, f);
  buf[n] = '\0';
  fclose (f);
  return buf;
}

static char *
read_man_page (const char *name)
{
  const char *srcdir = getenv ("srcdir");
  char path[4096];

  snprintf (path, sizeof path, "%s/doc/%s", srcdir ? srcdir : ".", name);
  return slurp (path);
}

/* The heading lines of the .TP items in the page's OPTIONS section,
   with roff's escapes (\-, \fB...) and quotes taken out, each ending in
   '\n', in one malloc'd string.  */
static char *
option_headings (const char *page)
{
  const char *p = strstr (page, "\n.SH OPTIONS\n"), *end;
  char *out = malloc (strlen (page) + 1), *q = out;

  ck_assert_msg (p != NULL, "no OPTIONS section");
  ck_assert (out != NULL);
  p++;
  end = strstr (p + 1, "\n.SH ");
  if (end == NULL)
    end = p + strlen (p);
  for (; (p = strstr (p, "\n.TP\n")) != NULL && p < end;)
    {
      for (p += 5; *p && *p != '\n'; p++)
        if (p[0] == '\\' && p[1] == '-')
          *q++ = '-', p++;
        else if (p[0] == '\\' && p[1] == 'f' && p[2] != '\0')
          p += 2;
        else if (*p != '"')
          *q++ = *p;
      *q++ = '\n';
    }
  *q = '\0';
  return out;
}

/* Whether TEXT holds WORD with neither a letter, digit nor '-' just
   before or after it.  */
static bool
has_word (const char *text, const char *word)
{
  size_t len = strlen (word);
  const char *p;

  for (p = text; (p = strstr (p, word)) != NULL; p++)
    if ((p == text || !(isalnum ((unsigned char)p[-1]) || p[-1] == '-'))
        && !(isalnum ((unsigned char)p[len]) || p[len] == '-'))
      return true;
  return false;
}

/* The table entry named by the LEN bytes at NAME, or NULL.  */
static const struct relopt_option_info *
lookup (const char *name, size_t len)
{
  size_t i;

  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    if (strlen (ENTRY (i)->name) == len
        && strncmp (ENTRY (i)->name, name, len) == 0)
      return ENTRY (i);
  return NULL;
}

/* relopt.1: an OPTIONS item for every command option (its --NAME and
   -C), and no item for an option the command does not take.  */
START_TEST (test_man_command)
{
  char *page = read_man_page ("relopt.1");
  char *heads = option_headings (page);
  const char *p;
  size_t i;

  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    {
      const struct relopt_option_info *o = ENTRY (i);
      char word[64];

      snprintf (word, sizeof word, "--%s", o->name);
      ck_assert_msg (has_word (heads, word) == FOR_COMMAND (o),
                     "relopt.1: %s %s", word,
                     FOR_COMMAND (o) ? "has no item in OPTIONS"
                                     : "is not a command option");
      for (p = o->short_names; p && *p; p++)
        {
          snprintf (word, sizeof word, "-%c", *p);
          ck_assert_msg (has_word (heads, word), "relopt.1: no item for %s",
                         word);
        }
    }
  for (p = heads; (p = strstr (p, "--")) != NULL; p += 2)
    {
      size_t len = strspn (p + 2, "abcdefghijklmnopqrstuvwxyz-");
      const struct relopt_option_info *o = lookup (p + 2, len);

      ck_assert_msg (o != NULL && FOR_COMMAND (o),
                     "relopt.1: item for --%.*s, not a command option",
                     (int)len, p + 2);
    }
  free (heads);
  free (page);
}
END_TEST

/* relopt-plugin.7: its OPTIONS items are exactly the plugin options, each
   once.  */
START_TEST (test_man_plugin)
{
  char *page = read_man_page ("relopt-plugin.7");
  char *heads = option_headings (page);
  bool seen[RELOPT_OPTION_COUNT] = { false };
  const char *line;
  size_t i;

  for (line = heads; *line; line += strcspn (line, "\n") + 1)
    {
      const char *name = line + strcspn (line, " ") + 1; /* after .B/.BI */
      size_t len = strspn (name, "abcdefghijklmnopqrstuvwxyz-");
      const struct relopt_option_info *o = lookup (name, len);

      ck_assert_msg (o != NULL && FOR_PLUGIN (o),
                     "relopt-plugin.7: item for '%.*s', not a plugin option",
                     (int)len, name);
      ck_assert_msg (!seen[o - relopt_option_table],
                     "relopt-plugin.7: two items for %s", o->name);
      seen[o - relopt_option_table] = true;
    }
  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    ck_assert_msg (seen[i] == FOR_PLUGIN (ENTRY (i)),
                   "relopt-plugin.7: no item for %s", ENTRY (i)->name);
  free (heads);
  free (page);
}
END_TEST

/* The output of relopt --help (malloc'd).  */
static char *
command_help (void)
{
  const char *relopt = getenv ("RELOPT");
  char cmd[4096], *buf;
  FILE *f;
  size_t n;

  snprintf (cmd, sizeof cmd, "%s --help", relopt ? relopt : "src/relopt");
  f = popen (cmd, "r");
  ck_assert (f != NULL);
  buf = malloc (1 << 16);
  ck_assert (buf != NULL);
  n = fread (buf, 1, (1 << 16) - 1, f);
  buf[n] = '\0';
  ck_assert_msg (pclose (f) == 0, "%s failed", cmd);
  return buf;
}

/* --help: a line "  [-C, ]--NAME[=ARG]  HELP" for each command option,
   its help text's first line starting in column 27 (on the next line for
   a long option); none for others; no line past 79 columns.  */
START_TEST (test_help_lines)
{
  char *help = command_help ();
  const char *line, *next, *p;
  size_t i;

  for (line = help; *line; line = next)
    {
      size_t len = strcspn (line, "\n");

      ck_assert_msg (len <= 79, "--help: line too long: %.79s", line);
      next = line + len + (line[len] == '\n');
    }
  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    {
      const struct relopt_option_info *o = ENTRY (i);
      char head[128], want[256];
      int n = 0;

      for (p = o->short_names; p && *p; p++)
        n += snprintf (head + n, sizeof head - (size_t)n, "-%c, ", *p);
      snprintf (head + n, sizeof head - (size_t)n, "--%s%s%s", o->name,
                o->arg ? "=" : "", o->arg ? o->arg : "");
      if (strlen (head) <= 23)
        snprintf (want, sizeof want, "\n  %-25s%.*s\n", head,
                  (int)strcspn (o->help, "\n"), o->help);
      else
        snprintf (want, sizeof want, "\n  %s\n%27s%.*s\n", head, "",
                  (int)strcspn (o->help, "\n"), o->help);
      ck_assert_msg ((strstr (help, want) != NULL) == FOR_COMMAND (o),
                     "--help: %s line for %s", FOR_COMMAND (o) ? "no" : "a",
                     head);
    }
  free (help);
}
END_TEST

/* --help's sentence "-plugin-opt takes A, B and C (relopt-plugin(7))"
   lists exactly the plugin options, as NAME or NAME=ARG, and a plugin-only
   option has its help line after it.  */
START_TEST (test_help_plugin_names)
{
  char *help = command_help ();
  char *p = strstr (help, "-plugin-opt takes\n"), *end, *w;
  size_t i, n = 0;

  ck_assert_msg (p != NULL, "--help: no '-plugin-opt takes'");
  p += strlen ("-plugin-opt takes\n");
  end = strstr (p, "(relopt-plugin(7))"); /* after a space or a newline */
  ck_assert_msg (end != NULL, "--help: the plugin's names do not end");
  *end = '\0';
  for (w = strtok (p, " ,\n"); w; w = strtok (NULL, " ,\n"))
    {
      char *eq = strchr (w, '=');
      const struct relopt_option_info *o;

      if (strcmp (w, "and") == 0)
        continue;
      o = lookup (w, eq ? (size_t)(eq - w) : strlen (w));
      ck_assert_msg (o != NULL && FOR_PLUGIN (o),
                     "--help: '%s' is not a plugin option", w);
      ck_assert_msg (eq ? o->arg && strcmp (eq + 1, o->arg) == 0 : !o->arg,
                     "--help: '%s' has not the table's argument", w);
      n++;
    }
  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    {
      char want[128];

      n -= FOR_PLUGIN (ENTRY (i));
      snprintf (want, sizeof want, "\n  %-25s%.*s\n", ENTRY (i)->name,
                (int)strcspn (ENTRY (i)->help, "\n"), ENTRY (i)->help);
      ck_assert_msg (ENTRY (i)->scope != RELOPT_SCOPE_PLUGIN
                         || strstr (end + 1, want) != NULL,
                     "--help: no line for the plugin's %s", ENTRY (i)->name);
    }
  ck_assert_msg (n == 0, "--help: %zu plugin names too many or missing", n);
  free (help);
}
END_TEST

Suite *
options_suite (void)
{
  Suite *s = suite_create ("options");
  TCase *core = tcase_create ("core");
  TCase *docs = tcase_create ("docs");

  tcase_set_timeout (core, TEST_TIMEOUT_CORE);
  tcase_add_test (core, test_table_shape);
  tcase_add_loop_test (core, test_plugin_accepts, 0,
                       ARRAY_SIZE (accept_cases));
  tcase_add_test (core, test_plugin_cases_cover_table);
  tcase_add_test (core, test_plugin_refuses_command_options);
  tcase_add_loop_test (core, test_plugin_refuses, 0,
                       ARRAY_SIZE (refuse_cases));
  tcase_add_test (core, test_apply_refuses_command_options);
  suite_add_tcase (s, core);

  tcase_set_timeout (docs, TEST_TIMEOUT_CORE);
  tcase_add_test (docs, test_man_command);
  tcase_add_test (docs, test_man_plugin);
  tcase_add_test (docs, test_help_lines);
  tcase_add_test (docs, test_help_plugin_names);
  suite_add_tcase (s, docs);
  return s;
}

RELOPT_CHECK_MAIN (options_suite)
