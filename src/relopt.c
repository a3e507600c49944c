/* relopt.c -- the relopt command: rewrite ET_REL objects in place or to
   -o OUT, check them (--check [--against ORIG]), report (--stats).

   Exit status: 0 all files done, 1 some file failed (each named on
   stderr as "relopt: FILE: message"), 2 usage error.  */

#include <config.h>
#include "relopt.h"
#include "bfdload.h"
#include "cmdline.h"
#include "compress.h"
#include "strip.h"
#include "iberty.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h> /* mallopt */
#endif
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *program_name = RELOPT_PROGRAM;

static void
error_at (const char *file, const struct relopt_error *err)
{
  fprintf (stderr, "%s: %s: %s\n", program_name, file, err->msg);
}

static void
print_line (void *ctx, const char *line)
{
  fprintf ((FILE *)ctx, "  %s\n", line);
}

/* What one file's run came to, for -v and the summary of a multi-file
   run.  */
enum outcome
{
  OUT_REWRITTEN,
  OUT_UNCHANGED,
  OUT_FAILED
};

/* A compressed module's sizes on disk, for --stats: FMT (CMD_Z_NONE for a
   plain ELF file), the compressed bytes read and written, and BFD's
   target name of the rewritten ELF image ("" when BFD has none).  */
struct disk_info
{
  enum cmd_zformat fmt;
  size_t before, after;
  char target[64];
};

/* --stats for the file written to PATH (read back for its BFD target
   name), headed NAME, on F: standard output, or standard error when the
   object itself went to standard output (-o -).  A compressed module
   (DISK) is named as such, with its sizes on disk before the ELF
   image's.  The last line says whether the file was written.  */
static void
print_stats (FILE *f, const char *name, const char *path,
             const struct relopt_stats *s, const struct disk_info *disk,
             enum outcome outcome)
{
  char target[64];
  const char *t;

  if (disk->fmt != CMD_Z_NONE)
    {
      fprintf (f, "%s: %s-compressed ELF%s%s%s\n", name,
               cmd_z_name (disk->fmt), disk->target[0] ? " (" : "",
               disk->target, disk->target[0] ? ")" : "");
      fprintf (f, "  on disk (%s)    %10zu -> %zu bytes (%+lld)\n",
               cmd_z_name (disk->fmt), disk->before, disk->after,
               (long long)disk->after - (long long)disk->before);
    }
  else
    {
      const struct bfdview_ops *bfd = bfdload (NULL, 0);

      t = bfd ? bfd->target (path, target, sizeof target) : NULL;
      fprintf (f, "%s: %s\n", name, t ? t : "ELF");
    }
  relopt_stats_report (s, print_line, f);
  fprintf (f, "  %s\n",
           outcome == OUT_UNCHANGED ? "unchanged: the result equals the file, "
                                      "which was not written"
                                    : "written");
}

/* The ELF bytes of PATH: the file itself, or its contents decompressed
   when it is a compressed module (compress.h).  *RAWP is the file as
   read, *ELFP the ELF bytes (== *RAWP when not compressed; free *ELFP
   only then).  */
static int
cmd_read_elf (const char *path, unsigned char **rawp, size_t *rawlenp,
              unsigned char **elfp, size_t *elflenp, enum cmd_zformat *fmtp,
              struct relopt_error *err)
{
  int rc;

  *elfp = NULL;
  *fmtp = CMD_Z_NONE;
  rc = relopt_read_whole_file (path, rawp, rawlenp, err);
  if (rc)
    return rc;
  *fmtp = cmd_z_detect (*rawp, *rawlenp);
  if (*fmtp == CMD_Z_NONE)
    {
      *elfp = *rawp;
      *elflenp = *rawlenp;
      return 0;
    }
  rc = cmd_z_decompress (*fmtp, *rawp, *rawlenp, elfp, elflenp, err);
  if (rc)
    {
      free (*rawp);
      *rawp = NULL;
    }
  return rc;
}

static void
cmd_free_elf (unsigned char *raw, unsigned char *elf)
{
  if (elf != raw)
    free (elf);
  free (raw);
}

/* The pipeline's codec (struct relopt_codec) over compress.h: decode a
   compressed module, encode the result in the same format.  */
static int
cmd_decode (void *ctx, const unsigned char *raw, size_t rawlen,
            unsigned char **elfp, size_t *elflenp, struct relopt_error *err)
{
  enum cmd_zformat fmt = cmd_z_detect (raw, rawlen);

  *elfp = NULL;
  if (fmt == CMD_Z_NONE)
    return 0;
  return cmd_z_decompress (fmt, raw, rawlen, elfp, elflenp, err);
}

static int
cmd_encode (void *ctx, const unsigned char *raw, size_t rawlen,
            const unsigned char *elf, size_t elflen, unsigned char **outp,
            size_t *outlenp, struct relopt_error *err)
{
  return cmd_z_compress (cmd_z_detect (raw, rawlen), elf, elflen, raw, rawlen,
                         outp, outlenp, err);
}

static const struct relopt_codec cmd_codec = { cmd_decode, cmd_encode, NULL };
static const struct relopt_codec cmd_decoder = { cmd_decode, NULL, NULL };

/* The pipeline's strip program (struct relopt_strip_program): CTX is the
   option, "--strip-debug" or "--strip-unneeded" (strip.h).  */
static int
cmd_strip_with (void *ctx, const char *path, const unsigned char *elf,
                size_t len, unsigned char **outp, size_t *outlenp,
                struct relopt_error *err)
{
  return cmd_run_strip ((const char *)ctx, path, elf, len, outp, outlenp, err);
}

/* BFD's view of ORIG against FILE (bfdview_compare).  BFD reads paths:
   REF/REFLEN (ORIG's bytes as compared, ORAW when ORIG is read as it is)
   and ELF/ELFLEN (FILE's, decompressed when FMT says so) are written to
   temporary files where they differ from the files named.  */
static int
bfd_compare (const char *file, const char *against, const unsigned char *ref,
             size_t reflen, const unsigned char *oraw,
             const unsigned char *elf, size_t elflen, enum cmd_zformat fmt,
             struct relopt_error *err)
{
  char *ftmp = NULL, *otmp = NULL;
  int rc = 0;

  if (ref != oraw)
    rc = cmd_write_temp (ref, reflen, &otmp, err);
  if (rc == 0 && fmt != CMD_Z_NONE)
    rc = cmd_write_temp (elf, elflen, &ftmp, err);
  if (rc == 0)
    {
      char msg[512];
      const struct bfdview_ops *bfd = bfdload (msg, sizeof msg);

      if (bfd == NULL)
        rc = relopt_set_error (err, RELOPT_E_CHECK,
                               "BFD's view cannot be compared: %s", msg);
      else if (bfd->compare (otmp ? otmp : against, ftmp ? ftmp : file, msg,
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
   compression): relopt's and BFD's view of ORIG, stripped first as
   OPTS->strip says or with the strip program STRIP ("--strip-debug" or
   "--strip-unneeded") when given, must equal FILE's.  The stripped ORIG
   comes from the pipeline with no other pass.  *ERRFILE gets the file an
   error is about.  */
static int
check_against (const char *file, const char *against, const char *strip,
               const struct relopt_options *opts, const relopt_image *img,
               const unsigned char *elf, size_t elflen, enum cmd_zformat fmt,
               const char **errfile, struct relopt_error *err)
{
  relopt_image *orig = NULL;
  unsigned char *oraw = NULL, *oelf = NULL, *sref = NULL;
  const unsigned char *ref;
  size_t orawlen, oelflen, sreflen = 0, reflen;
  enum cmd_zformat ofmt;
  int rc;

  *errfile = against;
  rc = cmd_read_elf (against, &oraw, &orawlen, &oelf, &oelflen, &ofmt, err);
  ref = oelf;
  reflen = oelflen;
  if (rc == 0 && (strip || opts->strip != RELOPT_STRIP_NONE))
    {
      struct relopt_strip_program prog = { cmd_strip_with, (void *)strip };
      struct relopt_options none = *opts;
      struct relopt_route r;

      /* The check writes nothing, so a signed ORIG loses nothing: its
         reference is the stripped ELF data, as without a strip.  */
      none.drop_signature = true;
      none.hash_style = RELOPT_HASH_NONE;
      none.hash_style_given = true;
      none.addr_order = RELOPT_ADDR_ORDER_NO;
      none.merge_strtab = false;
      none.sort_branch_relocs = false;
      memset (&r, 0, sizeof r);
      r.in = oraw;
      r.inlen = orawlen;
      r.inpath = NULL;
      r.outp = &sref;
      r.outlenp = &sreflen;
      r.codec = &cmd_decoder;
      r.strip = strip ? &prog : NULL;
      rc = relopt_pipeline (&r, &none, NULL, err);
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
  cmd_free_elf (oraw, oelf);
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
  enum cmd_zformat fmt;
  const char *errfile = file;
  int rc;

  rc = cmd_read_elf (file, &raw, &rawlen, &elf, &elflen, &fmt, &err);
  if (rc == 0)
    rc = relopt_image_read_mem (elf, elflen, &img, &err);
  if (rc == 0)
    rc = relopt_check_image (img, opts, &err);
  if (rc == 0 && against)
    rc = check_against (file, against, strip, opts, img, elf, elflen, fmt,
                        &errfile, &err);
  if (rc)
    error_at (errfile, &err);
  cmd_free_elf (raw, elf);
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
  if (fwrite (buf, 1, len, stdout) != len || fflush (stdout) != 0)
    return relopt_set_error (err, RELOPT_E_IO,
                             "cannot write standard output: %s",
                             strerror (errno));
  return 0;
}

/* --stats of a compressed module: *D gets the output's format, its size
   on disk (RAW/RAWLEN, the bytes written) and BFD's target name of the
   ELF image inside.  Decompresses nothing for a plain ELF output.  */
static void
disk_info_of (const unsigned char *raw, size_t rawlen, struct disk_info *d)
{
  struct relopt_error err = { 0 };
  const struct bfdview_ops *bfd;
  unsigned char *elf = NULL;
  size_t elflen = 0;

  d->fmt = cmd_z_detect (raw, rawlen);
  d->after = rawlen;
  d->target[0] = '\0';
  if (d->fmt == CMD_Z_NONE
      || cmd_z_decompress (d->fmt, raw, rawlen, &elf, &elflen, &err) != 0)
    return;
  bfd = bfdload (NULL, 0);
  if (!bfd || !bfd->target_mem (elf, elflen, d->target, sizeof d->target))
    d->target[0] = '\0';
  free (elf);
}

/* Block the signals that would end the process (cmd_held_signals); the
   mask before goes to *OLD.  */
static void
hold_signals (sigset_t *old)
{
  sigset_t hold;
  size_t k;

  sigemptyset (&hold);
  for (k = 0; k < cmd_nheld_signals; k++)
    sigaddset (&hold, cmd_held_signals[k]);
  sigprocmask (SIG_BLOCK, &hold, old);
}

/* What --stats and -v say about FILE's rewrite (to OUT, or in place),
   after it succeeded with OUTCOME: on standard error when the object went
   to standard output.  */
static void
report_outcome (const char *file, const char *out,
                const struct relopt_options *opts,
                const struct relopt_stats *stats, const struct disk_info *disk,
                enum outcome outcome)
{
  if (opts->stats && to_stdout (out))
    print_stats (stderr, "-", file, stats, disk, outcome);
  else if (opts->stats)
    print_stats (stdout, out ? out : file, out ? out : file, stats, disk,
                 outcome);
  /* -v, as strip -v lists the files it modifies: one line a file.  */
  if (opts->verbose)
    fprintf (to_stdout (out) ? stderr : stdout, "%s: %s: %s%s\n", program_name,
             file,
             outcome == OUT_UNCHANGED ? "unchanged, not written"
             : out                    ? "written to "
                                      : "rewritten",
             outcome == OUT_UNCHANGED || !out ? "" : out);
}

/* Rewrite one file, all in one relopt_pipeline run: the file read (a
   compressed module decoded), [stripped by $RELOPT_STRIP,] rewritten,
   [encoded again,] then one atomic replacement, the write of OUT, or
   standard output.  In place, a result equal to the input leaves the
   file untouched.  Termination signals are held for the whole run (a
   strip program inherits that), so an interrupted run leaves either the
   old file or the complete new one, and no temporary file.  */
static enum outcome
rewrite_one (const char *file, const char *out, const char *strip,
             const struct relopt_options *opts)
{
  struct relopt_strip_program prog = { cmd_strip_with, (void *)strip };
  struct relopt_error err = { 0 };
  struct relopt_stats stats;
  struct relopt_route r;
  struct disk_info disk = { CMD_Z_NONE, 0, 0, "" };
  enum outcome outcome;
  unsigned char *buf = NULL;
  size_t len = 0;
  struct stat st;
  sigset_t old;
  int rc;

  memset (&stats, 0, sizeof stats);
  if (opts->stats && stat (file, &st) == 0)
    disk.before = (size_t)st.st_size;
  memset (&r, 0, sizeof r);
  r.inpath = file;
  r.codec = &cmd_codec;
  r.strip = strip ? &prog : NULL;
  if (to_stdout (out))
    {
      r.outp = &buf;
      r.outlenp = &len;
    }
  else
    r.outpath = out;
  hold_signals (&old);
  rc = relopt_pipeline (&r, opts, &stats, &err);
  sigprocmask (SIG_SETMASK, &old, NULL);
  if (rc == 0 && r.outp)
    rc = write_stdout (buf, len, &err);
  if (rc == 0 && opts->stats)
    {
      struct relopt_error ignored = { 0 };
      unsigned char *raw = NULL;
      size_t rawlen = 0;

      if (r.outp)
        disk_info_of (buf, len, &disk);
      else if (relopt_read_whole_file (out ? out : file, &raw, &rawlen,
                                       &ignored)
               == 0)
        disk_info_of (raw, rawlen, &disk);
      free (raw);
    }
  free (buf);
  if (rc)
    {
      /* An error in writing (err.at_output) is about OUT, not FILE.  */
      error_at (err.at_output && out ? out : file, &err);
      return OUT_FAILED;
    }
  outcome = stats.file_unchanged ? OUT_UNCHANGED : OUT_REWRITTEN;
  report_outcome (file, out, opts, &stats, &disk, outcome);
  return outcome;
}

/* Check or rewrite each FILE of CMD.  Returns the exit status: 0, or 1
   when a file failed.  */
static int
run_command (const struct cmd_command *cmd)
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

/* --strip-debug and --strip-unneeded are relopt's own (bfdext/
   stripdebug.c, in the rewrite's single pass) unless $RELOPT_STRIP names
   a strip program to run on a copy first (src/strip.c).  */
static void
cmd_choose_strip (struct cmd_command *cmd)
{
  if (cmd->strip == NULL || cmd_strip_program () != NULL)
    return;
  cmd->opts.strip = strcmp (cmd->strip, "--strip-unneeded") == 0
                        ? RELOPT_STRIP_UNNEEDED
                        : RELOPT_STRIP_DEBUG;
  cmd->strip = NULL;
}

/* Everything after @FILE expansion: $RELOPT_FLAGS, the command line,
   the work.  Returns the exit status.  */
static int
run_argv (int argc, char **argv)
{
  struct cmd_command cmd;
  int st;

  argv = cmd_env_flags_argv (&argc, argv);
  if (argv == NULL)
    return 2;
  st = cmd_parse_command_line (argc, argv, &cmd);
  if (st >= 0)
    return st;
  if (cmd_validate_command (&cmd) != 0)
    return 2;
  cmd_choose_strip (&cmd);
  return run_command (&cmd);
}

int
main (int argc, char **argv)
{
  char **const given = argv;
  int st;

  /* Past a file size limit (ulimit -f) write(2) must fail with EFBIG so
     the temporary file is removed and the error reported, rather than
     SIGXFSZ killing the process half-way.  */
  signal (SIGXFSZ, SIG_IGN);
  /* Freed memory stays in the heap for the next pass rather than going
     back to the kernel to be faulted in again, zeroed, by the next
     large allocation (glibc serves allocations above the mmap threshold,
     128 KiB at first, with mmap and unmaps them on free): a pass's
     arrays reuse the pages of the pass before.  Peak memory is the same
     (bench/README.md, "What a rewrite costs").  The thresholds are the
     largest glibc accepts: 32 MiB (half its heap size) on 64-bit
     hosts, and no trimming.  */
#ifdef M_MMAP_THRESHOLD
  mallopt (M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  mallopt (M_TRIM_THRESHOLD, INT_MAX);
#endif
  /* @FILE: options read from FILE, as binutils strip reads them.  */
  expandargv (&argc, &argv);
  st = run_argv (argc, argv);
  /* A vector expandargv made (an @FILE was read) is ours to free: the
     command no longer points into it.  */
  if (argv != given)
    freeargv (argv);
  return st;
}
