/* options.c -- relopt's option table, the option defaults, and the
   parser of the ld plugin's -plugin-opt.

   The table is the one list of options (relopt.h, relopt_option_info):
   src/relopt.c makes its getopt_long table and --help from it,
   relopt_parse_option below reads -plugin-opt with it, and
   tests/check_options.c holds doc/relopt.1, doc/relopt-plugin.7 and
   --help to it.  */

#include <config.h>
#include "image.h"
#include <string.h>

const struct relopt_option_info relopt_option_table[RELOPT_OPTION_COUNT] = {
  [RELOPT_OPTION_HASH_STYLE] = { .name = "hash-style",
                                 .arg = "STYLE",
                                 .scope = RELOPT_SCOPE_BOTH,
                                 .help = "sysv (default), gnu, both or none" },
  [RELOPT_OPTION_ADDR_ORDER]
  = { .name = "addr-order",
      .arg = "WHEN",
      .scope = RELOPT_SCOPE_BOTH,
      .help = "write .addrorder, the symbols in address order:\n"
              "auto (default: in Linux kernel modules), yes or no" },
  [RELOPT_OPTION_NO_MERGE_STRTAB] = { .name = "no-merge-strtab",
                                      .scope = RELOPT_SCOPE_BOTH,
                                      .help = "keep .strtab as it is" },
  [RELOPT_OPTION_MERGE_STRTAB]
  = { .name = "merge-strtab",
      .scope = RELOPT_SCOPE_BOTH,
      .help = "suffix-merge .strtab (the default)" },
  [RELOPT_OPTION_NO_SORT_BRANCH_RELOCS]
  = { .name = "no-sort-branch-relocs",
      .scope = RELOPT_SCOPE_BOTH,
      .help = "keep ARM/AArch64 relocation order" },
  [RELOPT_OPTION_SORT_BRANCH_RELOCS]
  = { .name = "sort-branch-relocs",
      .scope = RELOPT_SCOPE_BOTH,
      .help = "sort ARM/AArch64 branch relocations by target\n"
              "(the default)" },
  [RELOPT_OPTION_OUTPUT]
  = { .name = "output",
      .short_names = "o",
      .arg = "OUT",
      .scope = RELOPT_SCOPE_COMMAND,
      .help = "write to OUT (one input file only; - for\n"
              "standard output)" },
  [RELOPT_OPTION_STRIP_DEBUG]
  = { .name = "strip-debug",
      .short_names = "gSd", /* binutils 2.40 strip's spellings */
      .scope = RELOPT_SCOPE_COMMAND,
      .help = "strip what binutils strip --strip-debug strips,\n"
              "in the same pass (kbuild: STRIP=relopt\n"
              "INSTALL_MOD_STRIP=1 or -g); $RELOPT_STRIP names\n"
              "a strip program to run first instead" },
  [RELOPT_OPTION_STRIP_UNNEEDED]
  = { .name = "strip-unneeded",
      .scope = RELOPT_SCOPE_COMMAND,
      .help = "the same as strip --strip-unneeded" },
  [RELOPT_OPTION_DROP_SIGNATURE]
  = { .name = "drop-signature",
      .scope = RELOPT_SCOPE_BOTH,
      .help = "accept and drop data after the ELF image\n"
              "(a kernel module signature; sign again after)" },
  [RELOPT_OPTION_CHECK]
  = { .name = "check",
      .scope = RELOPT_SCOPE_COMMAND,
      .help = "change nothing; exit 1 unless the tables in each\n"
              "FILE are sound and current, branch relocations are\n"
              "in order and (with --hash-style) the named tables\n"
              "are present" },
  [RELOPT_OPTION_AGAINST]
  = { .name = "against",
      .arg = "ORIG",
      .scope = RELOPT_SCOPE_COMMAND,
      .help = "with --check: also prove FILE equivalent to ORIG\n"
              "(BFD's and relopt's view of symbols and relocs);\n"
              "with --strip-*, ORIG is stripped so first" },
  [RELOPT_OPTION_STATS] = { .name = "stats",
                            .scope = RELOPT_SCOPE_BOTH,
                            .help = "print what changed, per file" },
  [RELOPT_OPTION_VERBOSE]
  = { .name = "verbose",
      .short_names = "v",
      .scope = RELOPT_SCOPE_BOTH,
      .help = "say what was done to each file (rewritten,\n"
              "unchanged); the plugin says it through ld" },
  [RELOPT_OPTION_PLUGIN_PATH]
  = { .name = "plugin-path",
      .scope = RELOPT_SCOPE_COMMAND,
      .help = "print the path of the ld plugin and exit" },
  [RELOPT_OPTION_HELP] = { .name = "help",
                           .short_names = "h",
                           .scope = RELOPT_SCOPE_COMMAND,
                           .help = "display this help and exit" },
  [RELOPT_OPTION_VERSION] = { .name = "version",
                              .short_names = "V",
                              .scope = RELOPT_SCOPE_COMMAND,
                              .help = "output version information and exit" },
};

void
relopt_options_init (struct relopt_options *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->hash_style = RELOPT_HASH_SYSV;
  opts->merge_strtab = true;
  opts->sort_branch_relocs = true;
  opts->flush = true;
}

/* hash-style=STYLE.  */
static int
parse_hash_style (struct relopt_options *opts, const char *style,
                  struct relopt_error *err)
{
  static const struct
  {
    const char *name;
    unsigned bits;
  } styles[] = { { "sysv", RELOPT_HASH_SYSV },
                 { "gnu", RELOPT_HASH_GNU },
                 { "both", RELOPT_HASH_BOTH },
                 { "none", RELOPT_HASH_NONE } };
  size_t i;

  for (i = 0; i < sizeof styles / sizeof styles[0]; i++)
    if (strcmp (style, styles[i].name) == 0)
      {
        opts->hash_style = styles[i].bits;
        opts->hash_style_given = true;
        return 0;
      }
  return relopt_set_error (err, RELOPT_E_USAGE,
                           "invalid hash style '%s' (expected sysv, gnu, "
                           "both or none)",
                           style);
}

/* addr-order=WHEN.  */
static int
parse_addr_order (struct relopt_options *opts, const char *when,
                  struct relopt_error *err)
{
  static const char *const names[] = { [RELOPT_ADDR_ORDER_AUTO] = "auto",
                                       [RELOPT_ADDR_ORDER_YES] = "yes",
                                       [RELOPT_ADDR_ORDER_NO] = "no" };
  unsigned i;

  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (when, names[i]) == 0)
      {
        opts->addr_order = i;
        return 0;
      }
  return relopt_set_error (err, RELOPT_E_USAGE,
                           "invalid address order '%s' (expected auto, yes "
                           "or no)",
                           when);
}

int
relopt_apply_option (struct relopt_options *opts, enum relopt_option_id id,
                     const char *arg, struct relopt_error *err)
{
  switch (id)
    {
    case RELOPT_OPTION_HASH_STYLE:
      return parse_hash_style (opts, arg, err);
    case RELOPT_OPTION_ADDR_ORDER:
      return parse_addr_order (opts, arg, err);
    case RELOPT_OPTION_MERGE_STRTAB:
    case RELOPT_OPTION_NO_MERGE_STRTAB:
      opts->merge_strtab = id == RELOPT_OPTION_MERGE_STRTAB;
      return 0;
    case RELOPT_OPTION_SORT_BRANCH_RELOCS:
    case RELOPT_OPTION_NO_SORT_BRANCH_RELOCS:
      opts->sort_branch_relocs = id == RELOPT_OPTION_SORT_BRANCH_RELOCS;
      return 0;
    case RELOPT_OPTION_DROP_SIGNATURE:
      opts->drop_signature = true;
      return 0;
    case RELOPT_OPTION_STATS:
      opts->stats = true;
      return 0;
    case RELOPT_OPTION_VERBOSE:
      opts->verbose = true;
      return 0;
    default:
      break;
    }
  return relopt_set_error (
      err, RELOPT_E_USAGE, "option '%s' is not a rewrite option",
      (unsigned)id < RELOPT_OPTION_COUNT ? relopt_option_table[id].name : "?");
}

/* The entry whose name is the LEN bytes at NAME, or NULL.  */
static const struct relopt_option_info *
find_option (const char *name, size_t len)
{
  size_t i;

  for (i = 0; i < RELOPT_OPTION_COUNT; i++)
    if (strncmp (relopt_option_table[i].name, name, len) == 0
        && relopt_option_table[i].name[len] == '\0')
      return &relopt_option_table[i];
  return NULL;
}

int
relopt_parse_option (struct relopt_options *opts, const char *option,
                     struct relopt_error *err)
{
  const char *eq = strchr (option, '=');
  size_t len = eq ? (size_t)(eq - option) : strlen (option);
  const struct relopt_option_info *o = find_option (option, len);

  if (o == NULL)
    return relopt_set_error (
        err, RELOPT_E_USAGE, "unknown option '%s'%s", option,
        option[0] == '-' ? " (plugin options are written without "
                           "dashes: -plugin-opt hash-style=both)"
                         : "");
  if (!(o->scope & RELOPT_SCOPE_PLUGIN))
    return relopt_set_error (err, RELOPT_E_USAGE,
                             "'%s' is an option of the relopt command, not "
                             "of the plugin",
                             o->name);
  if (o->arg != NULL && eq == NULL)
    return relopt_set_error (err, RELOPT_E_USAGE,
                             "option '%s' needs an argument (%s=%s)", o->name,
                             o->name, o->arg);
  if (o->arg == NULL && eq != NULL)
    return relopt_set_error (err, RELOPT_E_USAGE,
                             "option '%s' takes no argument", o->name);
  return relopt_apply_option (
      opts, (enum relopt_option_id) (o - relopt_option_table),
      eq ? eq + 1 : NULL, err);
}
