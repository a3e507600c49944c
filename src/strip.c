/* strip.c -- run binutils strip on a private copy (strip.h).

   Why the real strip (doc/relopt.1, "STRIPPING"): `--strip-debug' and
   `--strip-unneeded' mean exactly what the target's strip does (which
   sections count as debug, which symbols only served them, how groups and
   relocation sections follow), and kbuild calls relopt in strip's place.
   Running that strip on a copy and rewriting its output gives strip's
   meaning by construction, for every target BFD knows.  */

#include <config.h>
#include "strip.h"
#include "fileio.h"
#include "image.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libiberty/libiberty.h>
#include <signal.h>
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
relopt_strip_program (void)
{
  static char buf[4096];
  const char *s = getenv ("RELOPT_STRIP");
  const char *cc = getenv ("CROSS_COMPILE");

  if (s && *s)
    return s;
  if (cc && *cc && strlen (cc) < sizeof buf - 6)
    {
      snprintf (buf, sizeof buf, "%sstrip", cc);
      return buf;
    }
  return "strip";
}

static const char *
tmpdir (void)
{
  const char *t = getenv ("TMPDIR");
  return t && *t ? t : "/tmp";
}

static int
write_fd (int fd, const unsigned char *buf, size_t len)
{
  while (len > 0)
    {
      ssize_t n = write (fd, buf, len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return n < 0 ? errno : EIO;
      buf += n;
      len -= (size_t)n;
    }
  return 0;
}

int
relopt_write_temp (const unsigned char *buf, size_t len, char **pathp,
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
  e = write_fd (fd, buf, len);
  if (close (fd) != 0 && e == 0)
    e = errno;
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

/* Remove DIR and the plain files in it (strip's own temporary files
   when it was killed).  */
static void
remove_dir (const char *dir)
{
  DIR *d = opendir (dir);
  struct dirent *de;

  if (d)
    {
      while ((de = readdir (d)) != NULL)
        {
          char *p;
          if (strcmp (de->d_name, ".") == 0 || strcmp (de->d_name, "..") == 0)
            continue;
          p = concat (dir, "/", de->d_name, NULL);
          unlink (p);
          free (p);
        }
      closedir (d);
    }
  rmdir (dir);
}

int
relopt_run_strip (const char *option, const char *path,
                  const unsigned char *buf, size_t len, unsigned char **outp,
                  size_t *outlenp, struct relopt_error *err)
{
  const char *prog = relopt_strip_program ();
  char *dir, *copy = NULL, *out = NULL;
  char *argv[6];
  const char *emsg;
  int status = 0, e = 0, fd, rc;

  *outp = NULL;
  *outlenp = 0;
  if (getenv (GUARD_ENV))
    return relopt_set_error (err, RELOPT_E_REFUSE,
                             "relopt was started as its own strip ('%s'); "
                             "set RELOPT_STRIP to binutils strip",
                             prog);
  dir = concat (tmpdir (), "/relopt-strip.XXXXXX", NULL);
  if (mkdtemp (dir) == NULL)
    {
      e = errno;
      rc = relopt_set_error (err, RELOPT_E_IO,
                             "cannot create a temporary directory in '%s': "
                             "%s",
                             tmpdir (), strerror (e));
      free (dir);
      return rc;
    }
  out = concat (dir, "/stripped.o", NULL);
  /* strip -o reads the input and never writes it: the file itself when
     it is the bytes to strip (no copy of its debug sections is made),
     else a copy.  */
  if (path == NULL)
    {
      copy = concat (dir, "/module.o", NULL);
      fd = open (copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      if (fd < 0 || (e = write_fd (fd, buf, len)) != 0 || close (fd) != 0)
        {
          if (e == 0)
            e = errno;
          rc = relopt_set_error (err, RELOPT_E_IO,
                                 "cannot write a temporary copy for strip: "
                                 "%s",
                                 strerror (e));
          goto out;
        }
    }

  argv[0] = (char *)prog;
  argv[1] = (char *)option;
  argv[2] = (char *)"-o";
  argv[3] = out;
  /* A relative name starting with '-' would read as an option.  */
  if (copy == NULL && path[0] == '-')
    copy = concat ("./", path, NULL);
  argv[4] = copy ? copy : (char *)path;
  argv[5] = NULL;
  setenv (GUARD_ENV, "1", 1);
  emsg = pex_one (PEX_SEARCH, prog, argv, "relopt", NULL, NULL, &status, &e);
  unsetenv (GUARD_ENV);
  if (emsg)
    {
      rc = relopt_set_error (err, RELOPT_E_IO, "cannot run '%s': %s%s%s", prog,
                             emsg, e ? ": " : "", e ? strerror (e) : "");
      goto out;
    }
  if (WIFSIGNALED (status))
    {
      rc = relopt_set_error (err, RELOPT_E_IO,
                             "'%s %s' was killed by signal %d; file not "
                             "changed",
                             prog, option, WTERMSIG (status));
      goto out;
    }
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      int st = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
      if (st == 127)
        rc = relopt_set_error (err, RELOPT_E_IO,
                               "'%s' not found (exit 127; set RELOPT_STRIP "
                               "or CROSS_COMPILE); file not changed",
                               prog);
      else
        rc = relopt_set_error (err, RELOPT_E_IO,
                               "'%s %s' failed (exit %d); file not changed",
                               prog, option, st);
      goto out;
    }
  rc = relopt_read_whole_file (out, outp, outlenp, err);

out:
  remove_dir (dir);
  free (out);
  free (copy);
  free (dir);
  return rc;
}
