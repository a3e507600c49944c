/* strip.c -- run binutils strip into a scratch file (strip.h).

   Why the real strip (doc/relopt.1, "STRIPPING"): `--strip-debug' and
   `--strip-unneeded' mean exactly what the target's strip does (which
   sections count as debug, which symbols only served them, how groups and
   relocation sections follow), and kbuild calls relopt in strip's place.
   Running that strip on a copy and rewriting its output gives strip's
   meaning by construction, for every target BFD knows.  */

#include <config.h>
#include "strip.h"
#include "iberty.h"
#include <ftw.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Set in strip's environment: a relopt that finds it was started as the
   strip it would run, and refuses instead of recursing.  */
#define GUARD_ENV "RELOPT_RUNNING_AS_STRIP"

const char *
cmd_strip_program (void)
{
  const char *s = getenv ("RELOPT_STRIP");

  return s && *s ? s : NULL;
}

/* Write LEN bytes at BUF to FD (new, empty) and close it, through stdio
   (which retries short writes); returns 0 or an errno value.  */
static int
write_and_close (int fd, const unsigned char *buf, size_t len)
{
  FILE *f = fdopen (fd, "wb");
  int e = 0;

  if (f == NULL)
    {
      e = errno;
      close (fd);
      return e;
    }
  errno = 0;
  if (fwrite (buf, 1, len, f) != len)
    e = errno ? errno : EIO;
  if (fclose (f) != 0 && e == 0)
    e = errno;
  return e;
}

static const char *
tmpdir (void)
{
  const char *t = getenv ("TMPDIR");
  return t && *t ? t : "/tmp";
}

int
cmd_write_temp (const unsigned char *buf, size_t len, char **pathp,
                struct relopt_error *err)
{
  char *path = concat (tmpdir (), "/relopt.XXXXXX", NULL);
  int fd, e;

  *pathp = NULL;
  fd = mkstemp (path);
  if (fd < 0)
    {
      e = errno;
      free (path);
      return relopt_set_error (err, RELOPT_E_IO,
                               "cannot create a temporary file in '%s': %s",
                               tmpdir (), strerror (e));
    }
  e = write_and_close (fd, buf, len);
  if (e)
    {
      unlink (path);
      free (path);
      return relopt_set_error (err, RELOPT_E_IO,
                               "cannot write a temporary file in '%s': %s",
                               tmpdir (), strerror (e));
    }
  *pathp = path;
  return 0;
}

/* nftw callback: remove PATH, a file or an emptied directory.  */
static int
remove_entry (const char *path, const struct stat *sb ATTRIBUTE_UNUSED,
              int flag ATTRIBUTE_UNUSED, struct FTW *ftw ATTRIBUTE_UNUSED)
{
  remove (path);
  return 0;
}

/* Remove DIR, relopt's private directory, and whatever the strip
   program left in it: its own temporary files when it was killed, or a
   directory where the scratch file was to be (relopt left the whole
   directory behind then: a fresh user's finding, 2026-12-05).  Depth
   first, symbolic links removed, not followed, one filesystem.  */
static void
remove_dir (const char *dir)
{
  nftw (dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

/* A new private temporary directory (malloc'd name) in *DIRP.  */
static int
make_workdir (char **dirp, struct relopt_error *err)
{
  char *dir = concat (tmpdir (), "/relopt-strip.XXXXXX", NULL);
  int rc;

  if (mkdtemp (dir) != NULL)
    {
      *dirp = dir;
      return 0;
    }
  rc = relopt_set_error (err, RELOPT_E_IO,
                         "cannot create a temporary directory in '%s': %s",
                         tmpdir (), strerror (errno));
  free (dir);
  return rc;
}

/* BUF/LEN into the new file COPY, for strip to read.  */
static int
write_copy (const char *copy, const unsigned char *buf, size_t len,
            struct relopt_error *err)
{
  int e, fd = open (copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

  if (fd < 0)
    e = errno;
  else
    e = write_and_close (fd, buf, len);
  if (e == 0)
    return 0;
  return relopt_set_error (err, RELOPT_E_IO,
                           "cannot write a temporary copy for strip: %s",
                           strerror (e));
}

/* Run PROG OPTION -o OUT IN and turn its end into an error: cannot be
   started, killed, not found (127), failed.  relopt holds the termination
   signals for its whole run (main's hold_signals); the strip program gets
   them back, so an interrupt stops a strip that hangs (relopt 0.3 spawned
   it with them blocked, and a hung RELOPT_STRIP could not be stopped),
   and relopt, which has not written anything yet, reports that strip was
   killed and then takes the interrupt itself.  */
/* relopt held only SIGHUP, SIGINT, SIGQUIT and SIGTERM until a fresh
   user (2026-12-05) killed a run with SIGUSR1 and found its partial
   temporary file left behind; so did SIGUSR2, SIGALRM, SIGXCPU,
   SIGVTALRM and SIGPIPE.  */
const int cmd_held_signals[] = {
  SIGHUP,  SIGINT,    SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1,
  SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO,   SIGPWR,
};
const size_t cmd_nheld_signals
    = sizeof cmd_held_signals / sizeof cmd_held_signals[0];

static int
run_prog (const char *prog, const char *option, const char *in,
          const char *out, struct relopt_error *err)
{
  extern char **environ;
  char *argv[6];
  posix_spawnattr_t attr;
  sigset_t mask;
  pid_t pid;
  int status = 0, e, st;
  size_t k;

  argv[0] = (char *)prog;
  argv[1] = (char *)option;
  argv[2] = (char *)"-o";
  argv[3] = (char *)out;
  argv[4] = (char *)in;
  argv[5] = NULL;
  sigprocmask (SIG_SETMASK, NULL, &mask);
  for (k = 0; k < cmd_nheld_signals; k++)
    sigdelset (&mask, cmd_held_signals[k]);
  e = posix_spawnattr_init (&attr);
  if (e == 0)
    {
      e = posix_spawnattr_setsigmask (&attr, &mask);
      if (e == 0)
        e = posix_spawnattr_setflags (&attr, POSIX_SPAWN_SETSIGMASK);
      setenv (GUARD_ENV, "1", 1);
      if (e == 0)
        e = posix_spawnp (&pid, prog, NULL, &attr, argv, environ);
      unsetenv (GUARD_ENV);
      posix_spawnattr_destroy (&attr);
    }
  if (e == ENOENT)
    return relopt_set_error (err, RELOPT_E_IO,
                             "'%s' not found (RELOPT_STRIP names it); file "
                             "not changed",
                             prog);
  if (e)
    return relopt_set_error (err, RELOPT_E_IO, "cannot run '%s': %s", prog,
                             strerror (e));
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      return relopt_set_error (err, RELOPT_E_IO, "waiting for '%s': %s", prog,
                               strerror (errno));
  if (WIFSIGNALED (status))
    return relopt_set_error (err, RELOPT_E_IO,
                             "'%s %s' was killed by signal %d; file not "
                             "changed",
                             prog, option, WTERMSIG (status));
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    return 0;
  st = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
  if (st == 127)
    return relopt_set_error (err, RELOPT_E_IO,
                             "'%s' not found (exit 127; RELOPT_STRIP names "
                             "it); file not changed",
                             prog);
  return relopt_set_error (err, RELOPT_E_IO,
                           "'%s %s' failed (exit %d); file not changed", prog,
                           option, st);
}

int
cmd_run_strip (const char *option, const char *path, const unsigned char *buf,
               size_t len, unsigned char **outp, size_t *outlenp,
               struct relopt_error *err)
{
  const char *prog = cmd_strip_program ();
  char *dir = NULL, *copy = NULL, *out;
  struct stat st;
  int rc;

  *outp = NULL;
  *outlenp = 0;
  if (getenv (GUARD_ENV))
    return relopt_set_error (err, RELOPT_E_REFUSE,
                             "relopt was started as its own strip ('%s'); "
                             "set RELOPT_STRIP to binutils strip, or unset "
                             "it",
                             prog);
  rc = make_workdir (&dir, err);
  if (rc)
    return rc;
  out = concat (dir, "/stripped.o", NULL);
  /* strip -o reads the input and never writes it: the file itself when
     it is the bytes to strip (no copy of its debug sections is made),
     else a copy.  A relative name starting with '-' would read as an
     option.  */
  if (path == NULL)
    {
      copy = concat (dir, "/module.o", NULL);
      rc = write_copy (copy, buf, len, err);
    }
  else if (path[0] == '-')
    copy = concat ("./", path, NULL);
  if (rc == 0)
    rc = run_prog (prog, option, copy ? copy : path, out, err);
  if (rc == 0 && lstat (out, &st) != 0)
    rc = relopt_set_error (err, RELOPT_E_IO,
                           "'%s %s -o OUT' exited 0 but wrote no OUT; file "
                           "not changed",
                           prog, option);
  else if (rc == 0 && !S_ISREG (st.st_mode))
    rc = relopt_set_error (err, RELOPT_E_IO,
                           "'%s %s -o OUT' exited 0 but OUT is not a "
                           "regular file; file not changed",
                           prog, option);
  if (rc == 0)
    rc = relopt_read_whole_file (out, outp, outlenp, err);
  remove_dir (dir);
  free (out);
  free (copy);
  free (dir);
  return rc;
}
