/* relopt.c -- the relopt command: rewrite ET_REL objects in place or to
   -o OUT, check them (--check [--against ORIG]), report (--stats).

   Exit status: 0 all files done, 1 some file failed (each named on
   stderr as "relopt: FILE: message"), 2 usage error.  */

#include <config.h>
#include "relopt.h"
#include "bfdload.h"
#include "cmdline.h"
#include "compress.h"
#include "fileio.h"
#include "image.h"
#include "strip.h"
#include "iberty.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
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

/* A compressed module's sizes on disk, for --stats: FMT (RELOPT_Z_NONE
   for a plain ELF file), the compressed bytes read and written, and BFD's
   target name of the rewritten ELF image ("" when BFD has none).  */
struct disk_info
{
  enum relopt_zformat fmt;
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

  if (disk->fmt != RELOPT_Z_NONE)
    {
      fprintf (f, "%s: %s-compressed ELF%s%s%s\n", name,
               relopt_z_name (disk->fmt), disk->target[0] ? " (" : "",
               disk->target, disk->target[0] ? ")" : "");
      fprintf (f, "  on disk (%s)    %10zu -> %zu bytes (%+lld)\n",
               relopt_z_name (disk->fmt), disk->before, disk->after,
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
  /* relopt's own strip: ORIG stripped in memory, and written out for
     BFD's view of it.  */
  if (rc == 0 && opts->strip != RELOPT_STRIP_NONE)
    {
      struct relopt_options none = *opts;
      none.hash_style = RELOPT_HASH_NONE;
      none.merge_strtab = false;
      none.sort_branch_relocs = false;
      none.drop_signature = true;
      rc = relopt_rewrite (orig, &none, NULL, err);
      if (rc == 0)
        rc = relopt_image_serialize (orig, &sref, &sreflen, err);
      ref = sref;
      reflen = sreflen;
    }
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
              const struct relopt_file_id *id, size_t *storedlenp,
              struct relopt_error *err)
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
  *storedlenp = finallen;
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
                   struct relopt_stats *stats, struct disk_info *disk,
                   enum outcome *outcome, struct relopt_error *err)
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
  disk->fmt = fmt;
  disk->before = disk->after = rawlen;
  if (rc == 0 && opts->stats && fmt != RELOPT_Z_NONE)
    {
      const struct bfdview_ops *bfd = bfdload (NULL, 0);

      if (!bfd
          || !bfd->target_mem (res, reslen, disk->target, sizeof disk->target))
        disk->target[0] = '\0';
    }
  if (rc == 0 && out == NULL && reslen == elflen
      && memcmp (res, elf, reslen) == 0)
    *outcome = OUT_UNCHANGED;
  else if (rc == 0)
    {
      rc = store_result (file, out, fmt, raw, rawlen, res, reslen, &id,
                         &disk->after, err);
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
  struct disk_info disk = { RELOPT_Z_NONE, 0, 0, "" };
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
    rc = rewrite_in_memory (file, out, strip, opts, &stats, &disk, &outcome,
                            &err);
  sigprocmask (SIG_SETMASK, &old, NULL);
  if (rc)
    {
      /* An error in writing (err.at_output) is about OUT, not FILE.  */
      error_at (err.at_output && out ? out : file, &err);
      return OUT_FAILED;
    }
  if (opts->stats && to_stdout (out))
    print_stats (stderr, "-", file, &stats, &disk, outcome);
  else if (opts->stats)
    print_stats (stdout, out ? out : file, out ? out : file, &stats, &disk,
                 outcome);
  /* -v, as strip -v lists the files it modifies: one line a file.  */
  if (opts->verbose)
    fprintf (to_stdout (out) ? stderr : stdout, "%s: %s: %s%s\n", program_name,
             file,
             outcome == OUT_UNCHANGED ? "unchanged, not written"
             : out                    ? "written to "
                                      : "rewritten",
             outcome == OUT_UNCHANGED || !out ? "" : out);
  return outcome;
}

/* --strip-debug and --strip-unneeded are relopt's own (bfdext/
   stripdebug.c, in the rewrite's single pass) unless $RELOPT_STRIP names
   a strip program to run on a copy first (src/strip.c).  */
static void
cmd_choose_strip (struct relopt_command *cmd)
{
  if (cmd->strip == NULL || relopt_strip_program () != NULL)
    return;
  cmd->opts.strip = strcmp (cmd->strip, "--strip-unneeded") == 0
                        ? RELOPT_STRIP_UNNEEDED
                        : RELOPT_STRIP_DEBUG;
  cmd->strip = NULL;
}

/* Check or rewrite each FILE of CMD.  Returns the exit status: 0, or 1
   when a file failed.  */
static int
run_command (const struct relopt_command *cmd)
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
  struct relopt_command cmd;
  int st;

  /* Past a file size limit (ulimit -f) write(2) must fail with EFBIG so
     the temporary file is removed and the error reported, rather than
     SIGXFSZ killing the process half-way.  */
  signal (SIGXFSZ, SIG_IGN);
  /* @FILE: options read from FILE, as binutils strip reads them.  */
  expandargv (&argc, &argv);
  argv = relopt_env_flags_argv (&argc, argv);
  if (argv == NULL)
    return 2;
  st = relopt_parse_command_line (argc, argv, &cmd);
  if (st >= 0)
    return st;
  if (relopt_validate_command (&cmd) != 0)
    return 2;
  cmd_choose_strip (&cmd);
  return run_command (&cmd);
}
