/* cmdline.h -- the relopt command's command line: the getopt table,
   --help and --version, all made from the option table of bfdext
   (relopt_option_table, options.c), and $RELOPT_FLAGS.  relopt.c does
   the work on each FILE.  */

#ifndef RELOPT_CMDLINE_H
#define RELOPT_CMDLINE_H

#include "relopt.h"
#include <stdbool.h>

/* The name in every message: "relopt: ...".  */
#define RELOPT_PROGRAM "relopt"

/* What the command line asks for (cmd_parse_command_line).  */
struct cmd_command
{
  struct relopt_options opts; /* the rewrite's options, and --check's */
  const char *out;            /* -o OUT, or NULL: in place */
  const char *against;        /* --against ORIG, or NULL */
  const char *strip;          /* "--strip-debug", "--strip-unneeded" or
                                 NULL: strip's option to run first (the
                                 last one given) */
  bool check;                 /* --check */
  bool plugin_path;           /* --plugin-path (answered by
                                 cmd_parse_command_line) */
  char **files;               /* the FILE operands, NFILES of them */
  int nfiles;
};

/* Prepend the words of $RELOPT_FLAGS (split on blanks, libiberty's
   buildargv) to ARGV after argv[0], adding their count to *ARGCP.  Every
   word must be an option ("-..."; values as --opt=VALUE), so the
   variable can never add an input file.  Returns ARGV when the variable
   is unset or blank, else a new vector (malloc'd, freed at exit), or
   NULL after printing a usage message (exit status 2).  */
char **cmd_env_flags_argv (int *argcp, char **argv);

/* Parse ARGC words of ARGV into *CMD.  Returns -1 to go on, or the exit
   status when the command line was answered here: 0 after --help,
   --version or --plugin-path (printed), 1 when --plugin-path finds no
   plugin there (said on stderr), 2 after a usage message.  */
int cmd_parse_command_line (int argc, char **argv, struct cmd_command *cmd);

/* Whether CMD's options and FILEs go together (one FILE with -o or
   --against, --against only with --check, no -o with --check).  Returns
   0, or 2 after a usage message.  */
int cmd_validate_command (const struct cmd_command *cmd);

#endif /* RELOPT_CMDLINE_H */
