/* relopt-plugin.c -- relopt as a GNU ld / gold linker plugin.

   ld -r -plugin relopt.so [-plugin-opt OPTION]... -o OUT INPUT...

   The plugin claims no input files.  It only registers a cleanup hook:
   ld.bfd and gold call it after the output file is complete and closed,
   and there it runs the relopt pipeline (bfdext) on the output, in place
   and atomically, exactly as `relopt [--OPTION]... OUT' would.  The output
   is therefore byte-identical to the command's.

   What the linkers do, and what follows for this file (doc/design.md, "Where
   relopt sits in a build"):

   - Cleanup runs for every output kind.  Only LDPO_REL (-r) output is
     rewritten; for executables, PIE and shared objects the plugin does
     nothing, and says so once when the `verbose' option is given.

   - Cleanup also runs when the link failed (from ld's exit path); the
     output file may then be missing, empty or partial, and the linker
     deletes it right after.  ld.bfd writes the ELF header last, when it
     closes the output, and gold writes into a zero-filled mapping, so a
     link that did not complete leaves a file whose first EI_NIDENT bytes
     are zero (or a shorter file).  Such a file, a missing file and a file
     that is not a regular file (-o /dev/null) are left alone.  Everything
     else goes to the library, so a complete output that relopt cannot
     handle (not ELF, malformed, refused) is always reported.

   - A failure is reported with LDPL_FATAL: LDPL_ERROR from a cleanup hook
     leaves ld's exit status 0.  LDPL_FATAL does not return in ld.bfd or
     gold (both exit from the message callback), so everything that must
     happen on failure, removing the output file above all (ld.bfd leaves
     it in place after a plugin's fatal error), happens before the
     message.  The library wrote nothing: relopt_rewrite_file replaces
     the file only when the new image is complete.

   - gold loads a plugin named twice twice; both loads share this
     object's static data (dlopen returns the same handle), so the second
     onload adds its options to the first's and cleanup does its work
     once.  A copy loaded under another path has its own context and runs
     again on relopt's own output, which is harmless because the rewrite
     is idempotent.

   - ld.lld ignores -plugin and mold never calls cleanup for -r: users of
     those linkers run the relopt command (relopt-plugin(7)).

   The plugin never calls exit() and never prints: every diagnostic goes
   through the linker's message callback (see `say').  It must not link
   libbfd, since ld already has its own copy in the process; it links the
   bfdext convenience library and PIC libiberty, and exports `onload'
   only.  */

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h> /* before plugin-api.h, which needs uint64_t */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <plugin-api.h>

#include "iberty.h"
#include "relopt.h"

/* The one exported function.  plugin-api.h only has its typedef.  */
extern enum ld_plugin_status onload (struct ld_plugin_tv *tv)
    __attribute__ ((visibility ("default")));

/* All the plugin's state.  One instance, `plugin', below.  */
struct plugin_ctx
{
  /* From the transfer vector.  */
  ld_plugin_message message; /* NULL if the linker gave none */
  ld_plugin_register_cleanup register_cleanup;
  bool have_output_kind;
  enum ld_plugin_output_file_type output_kind;
  char output_name[4096]; /* copy of LDPT_OUTPUT_NAME */
  /* Which linker: LDPT_GNU_LD_VERSION (ld.bfd, major * 100 + minor) or
     LDPT_GOLD_VERSION, whichever the vector carried, and its value; tag
     LDPT_NULL when it carried neither.  For `verbose' only.  */
  enum ld_plugin_tag linker_tag;
  int linker_version;

  /* From -plugin-opt, read by the library's parser of plugin options
     (relopt_parse_option, over the option table in relopt.h).  */
  struct relopt_options opts;
  bool opts_initialised;

  /* Run state.  */
  unsigned onload_count; /* gold: 2 if the plugin is named
                            twice */
  bool cleanup_registered;
  bool cleanup_done; /* work is done once per process */
};

static struct plugin_ctx plugin;

/* Send one diagnostic to the linker.  The text is formatted here, and
   passed as "%s", because ld.bfd's callback interprets its own format
   directives (%P, %F, %B...) rather than printf's.  onload refuses a
   linker without the callback (see there); the plugin never writes to
   stdout or stderr itself.  */
static void say (int level, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));

static void
say (int level, const char *fmt, ...)
{
  char buf[sizeof plugin.output_name + 1024]; /* a path and a message */
  va_list ap;

  if (plugin.message == NULL)
    return;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  plugin.message (level, "%s", buf);
}

static const char *
output_kind_name (enum ld_plugin_output_file_type kind)
{
  switch (kind)
    {
    case LDPO_REL:
      return "relocatable object";
    case LDPO_EXEC:
      return "executable";
    case LDPO_DYN:
      return "shared object";
    case LDPO_PIE:
      return "position-independent executable";
    }
  return "unknown output kind";
}

/* What the cleanup hook found at the output path.  */
enum output_state
{
  OUTPUT_ELF_CANDIDATE, /* give it to the library */
  OUTPUT_ABSENT,        /* no file: the link failed before writing it */
  OUTPUT_NOT_REGULAR,   /* -o /dev/null, a FIFO...: never replace it */
  OUTPUT_INCOMPLETE,    /* empty or zero header: the link did not finish */
  OUTPUT_UNREADABLE     /* stat/open/read failed: report it */
};

/* Classify the file at PATH (see the comment at the top of this file).
   On OUTPUT_UNREADABLE, *ERRNUM is the errno.  */
static enum output_state
classify_output (const char *path, int *errnum)
{
  unsigned char ident[16];
  struct stat st;
  ssize_t n;
  size_t i;
  int fd;

  *errnum = 0;
  if (stat (path, &st) != 0)
    {
      if (errno == ENOENT)
        return OUTPUT_ABSENT;
      *errnum = errno;
      return OUTPUT_UNREADABLE;
    }
  if (!S_ISREG (st.st_mode))
    return OUTPUT_NOT_REGULAR;
  if ((size_t)st.st_size < sizeof ident)
    return OUTPUT_INCOMPLETE;

  fd = open (path, O_RDONLY);
  if (fd < 0)
    {
      *errnum = errno;
      return OUTPUT_UNREADABLE;
    }
  do
    n = read (fd, ident, sizeof ident);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    *errnum = errno;
  close (fd);
  if (n < 0)
    return OUTPUT_UNREADABLE;
  if ((size_t)n < sizeof ident)
    return OUTPUT_INCOMPLETE;

  for (i = 0; i < sizeof ident; i++)
    if (ident[i] != 0)
      return OUTPUT_ELF_CANDIDATE;
  return OUTPUT_INCOMPLETE;
}

/* The `stats' option's report for FILE: relopt --stats' lines, each
   through ld's message callback (LDPL_INFO) as "relopt: FILE: LINE".  */
static void
report_line (void *ctx, const char *line)
{
  say (LDPL_INFO, "relopt: %s: %s", (const char *)ctx, line);
}

static void
report_stats (const char *file, const struct relopt_stats *st)
{
  relopt_stats_report (st, report_line, (void *)file);
}

/* Whether the output OUT is one to rewrite: a relocatable link whose
   output file looks complete.  When not, *STATUS is what the hook
   returns (after a fatal message for an unreadable output, which is
   removed).  */
static bool
output_to_rewrite (const char *out, enum ld_plugin_status *status)
{
  int errnum;

  *status = LDPS_OK;
  if (plugin.output_kind != LDPO_REL)
    {
      if (plugin.opts.verbose)
        say (LDPL_INFO,
             "relopt: %s: %s output, not a relocatable object: "
             "nothing to do",
             out, output_kind_name (plugin.output_kind));
      return false;
    }

  switch (classify_output (out, &errnum))
    {
    case OUTPUT_ELF_CANDIDATE:
      break;
    case OUTPUT_ABSENT:
      if (plugin.opts.verbose)
        say (LDPL_INFO,
             "relopt: %s: no output file (the link failed): "
             "nothing to do",
             out);
      return false;
    case OUTPUT_NOT_REGULAR:
      if (plugin.opts.verbose)
        say (LDPL_INFO, "relopt: %s: not a regular file: left alone", out);
      return false;
    case OUTPUT_INCOMPLETE:
      if (plugin.opts.verbose)
        say (LDPL_INFO,
             "relopt: %s: output incomplete (the link failed): "
             "left alone",
             out);
      return false;
    case OUTPUT_UNREADABLE:
      unlink_if_ordinary (out);
      say (LDPL_FATAL, "relopt: %s: %s", out, xstrerror (errnum));
      *status = LDPS_ERR;
      return false;
    }
  return true;
}

/* The cleanup hook: rewrite a relocatable output in place.  */
static enum ld_plugin_status
cleanup_hook (void)
{
  const char *out = plugin.output_name;
  enum ld_plugin_status status;
  struct relopt_error err;
  struct relopt_stats stats;

  /* The work is done by the first call only: gold may load the plugin
     twice (see the comment at the top), and a linker's exit path may
     call cleanup hooks again after a fatal error.  */
  if (plugin.cleanup_done)
    return LDPS_OK;
  plugin.cleanup_done = true;
  if (!output_to_rewrite (out, &status))
    return status;

  memset (&err, 0, sizeof err);
  memset (&stats, 0, sizeof stats);
  if (relopt_rewrite_file (out, NULL, &plugin.opts, &stats, &err) != 0)
    {
      /* Remove first: LDPL_FATAL does not return.  */
      unlink_if_ordinary (out);
      say (LDPL_FATAL, "relopt: %s: %s", out,
           err.msg[0] != '\0' ? err.msg : "rewrite failed");
      return LDPS_ERR;
    }

  if (plugin.opts.stats)
    report_stats (out, &stats);
  if (plugin.opts.verbose)
    say (LDPL_INFO, "relopt: %s: rewritten in place", out);
  return LDPS_OK;
}

/* The first -plugin-opt the library refused, and why.  */
struct bad_option
{
  const char *option; /* NULL: none */
  struct relopt_error err;
};

/* Walk the transfer vector TV once: keep the callbacks, the output kind
   and the linker, apply each -plugin-opt as it comes.  The first bad
   option is kept in *BAD and reported by the caller, once the message
   callback (which may come later in the vector) is known.  Returns
   LDPT_OUTPUT_NAME's string, or NULL when the vector had none.  */
static const char *
read_transfer_vector (struct ld_plugin_tv *tv, struct bad_option *bad)
{
  const char *output_name = NULL;

  for (; tv->tv_tag != LDPT_NULL; tv++)
    switch (tv->tv_tag)
      {
      case LDPT_MESSAGE:
        plugin.message = tv->tv_u.tv_message;
        break;
      case LDPT_LINKER_OUTPUT:
        plugin.output_kind = (enum ld_plugin_output_file_type)tv->tv_u.tv_val;
        plugin.have_output_kind = true;
        break;
      case LDPT_OUTPUT_NAME:
        output_name = tv->tv_u.tv_string;
        break;
      case LDPT_REGISTER_CLEANUP_HOOK:
        plugin.register_cleanup = tv->tv_u.tv_register_cleanup;
        break;
      case LDPT_OPTION:
        if (bad->option == NULL
            && relopt_parse_option (&plugin.opts, tv->tv_u.tv_string,
                                    &bad->err)
                   != 0)
          bad->option = tv->tv_u.tv_string;
        break;
      case LDPT_GNU_LD_VERSION:
      case LDPT_GOLD_VERSION:
        plugin.linker_tag = tv->tv_tag;
        plugin.linker_version = tv->tv_u.tv_val;
        break;
      default:
        /* LDPT_API_VERSION and the LTO interface: not used.  */
        break;
      }
  return output_name;
}

/* What onload needs from the linker and did not get (OUTPUT_NAME as
   read_transfer_vector returned it), or NULL.  */
static const char *
missing_entry (const char *output_name)
{
  if (plugin.register_cleanup == NULL)
    return "a cleanup hook (LDPT_REGISTER_CLEANUP_HOOK)";
  if (!plugin.have_output_kind)
    return "the output kind (LDPT_LINKER_OUTPUT)";
  if (output_name == NULL)
    return "the output file name (LDPT_OUTPUT_NAME)";
  return NULL;
}

/* `verbose': one line saying which plugin loaded into which linker.  */
static void
say_loaded (void)
{
  char linker[64];

  if (plugin.linker_tag == LDPT_GOLD_VERSION)
    snprintf (linker, sizeof linker, "gold");
  else if (plugin.linker_tag == LDPT_GNU_LD_VERSION)
    snprintf (linker, sizeof linker, "GNU ld %d.%02d",
              plugin.linker_version / 100, plugin.linker_version % 100);
  else
    snprintf (linker, sizeof linker, "the linker");
  say (LDPL_INFO, "relopt: plugin %s loaded into %s%s; output %s (%s)",
       relopt_version (), linker,
       plugin.onload_count > 1 ? " (again: options merged)" : "",
       plugin.output_name, output_kind_name (plugin.output_kind));
}

/* The plugin's entry point: read the transfer vector once, apply the
   options, and register the cleanup hook.  */
enum ld_plugin_status
onload (struct ld_plugin_tv *tv)
{
  struct bad_option bad;
  const char *output_name;
  const char *missing;

  plugin.onload_count++;
  if (!plugin.opts_initialised)
    {
      relopt_options_init (&plugin.opts);
      /* ld never flushes its output; the replacement of it need not
         either (relopt.h, struct relopt_options).  */
      plugin.opts.flush = false;
      plugin.opts_initialised = true;
    }
  memset (&bad, 0, sizeof bad);
  output_name = read_transfer_vector (tv, &bad);

  /* Without the message callback a failure could not be reported, and
     LDPS_ERR from cleanup alone leaves ld's exit status 0: refuse to
     load (the linker then fails with its own "plugin error").  */
  if (plugin.message == NULL)
    return LDPS_ERR;

  if (bad.option != NULL)
    {
      say (LDPL_FATAL, "relopt: -plugin-opt %s: %s", bad.option, bad.err.msg);
      return LDPS_ERR;
    }
  missing = missing_entry (output_name);
  if (missing != NULL)
    {
      say (LDPL_FATAL, "relopt: the linker does not offer %s", missing);
      return LDPS_ERR;
    }
  if (strlen (output_name) >= sizeof plugin.output_name)
    {
      say (LDPL_FATAL, "relopt: %s: output file name too long", output_name);
      return LDPS_ERR;
    }
  strcpy (plugin.output_name, output_name);

  if (!plugin.cleanup_registered)
    {
      if (plugin.register_cleanup (cleanup_hook) != LDPS_OK)
        {
          say (LDPL_FATAL, "relopt: could not register the cleanup hook");
          return LDPS_ERR;
        }
      /* gold registers per load; ld.bfd loads a plugin once.  Registering
         again would only add calls that cleanup_done turns into no-ops,
         so register once.  */
      plugin.cleanup_registered = true;
    }

  if (plugin.opts.verbose)
    say_loaded ();
  return LDPS_OK;
}
