/* options.c -- option defaults and the option parser shared by the
   relopt command and the ld plugin (-plugin-opt takes the same names).  */

#include <config.h>
#include "image.h"
#include <string.h>

void
relopt_options_init (struct relopt_options *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->hash_style = RELOPT_HASH_GNU;
  opts->merge_strtab = true;
  opts->sort_branch_relocs = true;
  opts->flush = true;
}

/* Boolean switches: name, member offset, value set.  */
struct flag_option
{
  const char *name;
  size_t offset;
  bool value;
};

static const struct flag_option flag_options[] = {
  { "merge-strtab", offsetof (struct relopt_options, merge_strtab), true },
  { "no-merge-strtab", offsetof (struct relopt_options, merge_strtab), false },
  { "sort-branch-relocs", offsetof (struct relopt_options, sort_branch_relocs),
    true },
  { "no-sort-branch-relocs",
    offsetof (struct relopt_options, sort_branch_relocs), false },
  { "drop-signature", offsetof (struct relopt_options, drop_signature), true },
  { "stats", offsetof (struct relopt_options, stats), true },
  { "verbose", offsetof (struct relopt_options, verbose), true },
};

int
relopt_parse_option (struct relopt_options *opts, const char *option,
                     struct relopt_error *err)
{
  static const char hs[] = "hash-style=";
  size_t i;

  if (strncmp (option, hs, sizeof hs - 1) == 0)
    {
      const char *v = option + sizeof hs - 1;
      if (strcmp (v, "sysv") == 0)
        opts->hash_style = RELOPT_HASH_SYSV;
      else if (strcmp (v, "gnu") == 0)
        opts->hash_style = RELOPT_HASH_GNU;
      else if (strcmp (v, "both") == 0)
        opts->hash_style = RELOPT_HASH_BOTH;
      else if (strcmp (v, "none") == 0)
        opts->hash_style = RELOPT_HASH_NONE;
      else
        return relopt_set_error (err, RELOPT_E_USAGE,
                                 "invalid hash style '%s' (expected sysv, "
                                 "gnu, both or none)",
                                 v);
      opts->hash_style_given = true;
      return 0;
    }
  for (i = 0; i < sizeof flag_options / sizeof flag_options[0]; i++)
    if (strcmp (option, flag_options[i].name) == 0)
      {
        *(bool *)((char *)opts + flag_options[i].offset)
            = flag_options[i].value;
        return 0;
      }
  return relopt_set_error (err, RELOPT_E_USAGE, "unknown option '%s'", option);
}
