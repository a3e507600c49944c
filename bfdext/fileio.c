/* fileio.c -- reading input files and replacing output files atomically.

   Guarantee (doc/design.md "Bad input and failure: nothing lost"): the output
   is written to a temporary file in the destination's directory, given the
   right mode, flushed to disk when it replaces an existing file, and
   renamed over the destination only when complete.  On any failure the
   temporary file is removed and the destination is byte-identical to what it
   was.  A symbolic link's target is rewritten, not the link.  */

#include <config.h>
#include "fileio.h"
#include "image.h"
#include "iberty.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef HAVE_SYS_XATTR_H
#include <sys/xattr.h>
#endif

static int
io_error (struct relopt_error *err, int errnum, const char *what,
          const char *path)
{
  return relopt_set_error (err, RELOPT_E_IO, "%s '%s': %s", what, path,
                           strerror (errnum));
}

static void
file_id_of (const struct stat *st, struct relopt_file_id *id)
{
  id->dev = st->st_dev;
  id->ino = st->st_ino;
  id->size = (uint64_t)st->st_size;
  id->mtime_sec = st->st_mtim.tv_sec;
  id->mtime_nsec = st->st_mtim.tv_nsec;
}

/* Open the input PATH read-only into *FDP and stat it into *ST: refused
   (nothing left open) unless it is a regular file of a size the process
   can address.  The messages do not repeat PATH: the caller names the
   input first ("relopt: PATH: cannot open: ...").  O_NONBLOCK: opening a FIFO
   (or a device) must not wait for a writer; such a file is then refused.  */
static int
open_input (const char *path, int *fdp, struct stat *st,
            struct relopt_error *err)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

  *fdp = -1;
  if (fd < 0)
    return relopt_set_error (err, RELOPT_E_IO, "cannot open: %s",
                             strerror (errno));
  if (fstat (fd, st) != 0)
    {
      int e = errno;
      close (fd);
      return relopt_set_error (err, RELOPT_E_IO, "cannot stat: %s",
                               strerror (e));
    }
  if (!S_ISREG (st->st_mode))
    {
      close (fd);
      return relopt_set_error (err, RELOPT_E_IO,
                               S_ISDIR (st->st_mode)
                                   ? "is a directory, not an object file"
                                   : "not a regular file (device, FIFO or "
                                     "socket)");
    }
  if ((uint64_t)st->st_size > SIZE_MAX / 2)
    {
      close (fd);
      return relopt_set_error (err, RELOPT_E_IO, "too large to map");
    }
  *fdp = fd;
  return 0;
}

int
relopt_read_file_id (const char *path, unsigned char **bufp, size_t *lenp,
                     struct relopt_file_id *id, struct relopt_error *err)
{
  struct stat st;
  unsigned char *buf;
  size_t got = 0;
  int fd, rc;

  *bufp = NULL;
  *lenp = 0;
  rc = open_input (path, &fd, &st, err);
  if (rc)
    return rc;
  buf = malloc (st.st_size ? (size_t)st.st_size : 1);
  if (buf == NULL)
    {
      close (fd);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  while (got < (size_t)st.st_size)
    {
      ssize_t n = read (fd, buf + got, (size_t)st.st_size - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int e = n < 0 ? errno : EIO;
          free (buf);
          close (fd);
          return n < 0 ? relopt_set_error (err, RELOPT_E_IO, "cannot read: %s",
                                           strerror (e))
                       : relopt_set_error (err, RELOPT_E_IO,
                                           "shrank while being read");
        }
      got += (size_t)n;
    }
  close (fd);
  if (id)
    file_id_of (&st, id);
  *bufp = buf;
  *lenp = got;
  return 0;
}

int
relopt_map_file (const char *path, unsigned char **mapp, size_t *lenp,
                 int *fdp, struct relopt_file_id *id, struct relopt_error *err)
{
  struct stat st;
  void *map;
  int fd, rc;

  *mapp = NULL;
  *lenp = 0;
  *fdp = -1;
  rc = open_input (path, &fd, &st, err);
  if (rc)
    return rc;
  /* An empty file cannot be mapped: a one-byte buffer stands in, so the
     parser says "empty file" as for any other input.  */
  if (st.st_size == 0)
    map = calloc (1, 1);
  else
    {
      map = mmap (NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
      if (map == MAP_FAILED)
        {
          int e = errno;
          close (fd);
          return relopt_set_error (err, RELOPT_E_IO, "cannot map: %s",
                                   strerror (e));
        }
    }
  if (map == NULL)
    {
      close (fd);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  if (id)
    file_id_of (&st, id);
  *mapp = map;
  *lenp = (size_t)st.st_size;
  *fdp = fd;
  return 0;
}

void
relopt_map_release (unsigned char *map, size_t maplen, const unsigned char *p,
                    size_t len)
{
  uintptr_t page = (uintptr_t)sysconf (_SC_PAGESIZE), lo, hi;

  if (maplen == 0 || p < map || p >= map + maplen || len > maplen)
    return;
  lo = ((uintptr_t)p + page - 1) & ~(page - 1);
  hi = ((uintptr_t)p + len) & ~(page - 1);
  if (hi > lo)
    madvise ((void *)lo, hi - lo, MADV_DONTNEED);
}

void
relopt_unmap_file (unsigned char *map, size_t len)
{
  if (len == 0)
    free (map);
  else if (map != NULL)
    munmap (map, len);
}

int
relopt_read_whole_file (const char *path, unsigned char **bufp, size_t *lenp,
                        struct relopt_error *err)
{
  return relopt_read_file_id (path, bufp, lenp, NULL, err);
}

void
relopt_preallocate (int fd, uint64_t size)
{
#if defined(HAVE_FALLOCATE) && defined(FALLOC_FL_KEEP_SIZE)
  if (size >= RELOPT_PREALLOCATE_MIN && size <= (uint64_t)INT64_MAX)
    (void)fallocate (fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)size);
#else
  (void)fd;
  (void)size;
#endif
}

int
relopt_pwrite_all (int fd, const unsigned char *buf, size_t len, uint64_t off)
{
  while (len > 0)
    {
      ssize_t n = pwrite (fd, buf, len, (off_t)off);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return errno;
      if (n == 0)
        return EIO;
      buf += n;
      len -= (size_t)n;
      off += (uint64_t)n;
    }
  return 0;
}

/* Resolve PATH to the file a write should replace: the target of a
   symlink (followed fully), else PATH itself.  *REALP is malloc'd.  */
static int
resolve_target (const char *path, char **realp, struct relopt_error *err)
{
  struct stat st;

  *realp = NULL;
  if (lstat (path, &st) == 0 && S_ISLNK (st.st_mode))
    {
      char *r = realpath (path, NULL);
      if (r == NULL)
        return io_error (err, errno, "cannot resolve symbolic link", path);
      *realp = r;
      return 0;
    }
  *realp = strdup (path);
  if (*realp == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  return 0;
}

/* The process umask, read without changing it (umask(2) can only set
   it, and flipping it races with other threads of the process, such as
   a linker that loaded the plugin).  Linux reports it in
   /proc/self/status; elsewhere the conventional 022.  */
static mode_t
current_umask (void)
{
  FILE *f = fopen ("/proc/self/status", "re");
  char line[128];
  unsigned mask = 022;

  if (f == NULL)
    return 022;
  while (fgets (line, sizeof line, f))
    if (sscanf (line, "Umask: %o", &mask) == 1)
      break;
  fclose (f);
  return (mode_t)(mask & 0777);
}

struct buf_writer
{
  const unsigned char *buf;
  size_t len;
};

static int
write_buf (int fd, void *ctx)
{
  const struct buf_writer *w = ctx;
  relopt_preallocate (fd, w->len);
  return relopt_pwrite_all (fd, w->buf, w->len, 0);
}

int
relopt_replace_file_checked (const char *path, const unsigned char *buf,
                             size_t len, const char *mode_from,
                             const struct relopt_file_id *expect,
                             struct relopt_error *err)
{
  struct buf_writer w = { buf, len };
  return relopt_replace_file_with (path, write_buf, &w, mode_from, expect,
                                   true, err);
}

/* What replacing TARGET means: refused for a read-only file (the rename
   would succeed in a writable directory, but the user made it read-only;
   root may write anything, as with open(2)) and for anything but a
   regular file (a device node or FIFO given as output must stay what it
   is).  *DEST gets the mode and, for an existing file, the owner to give
   the new one: an existing destination keeps its own (in place: the
   input's); a new file gets MODE_FROM's permission bits less the umask,
   else 0666 less the umask, as open would.  */
struct dest
{
  mode_t mode;
  bool exists;
  uid_t uid;
  gid_t gid;
};

static int
destination (const char *target, const char *mode_from, struct dest *d,
             struct relopt_error *err)
{
  struct stat st;

  memset (d, 0, sizeof *d);
  if (faccessat (AT_FDCWD, target, F_OK, AT_EACCESS) == 0
      && faccessat (AT_FDCWD, target, W_OK, AT_EACCESS) != 0)
    return io_error (err, errno,
                     errno == EROFS ? "cannot replace file on a read-only "
                                      "file system"
                                    : "cannot replace read-only file",
                     target);
  if (stat (target, &st) == 0)
    {
      if (!S_ISREG (st.st_mode))
        return relopt_set_error (err, RELOPT_E_IO,
                                 S_ISDIR (st.st_mode)
                                     ? "cannot write '%s': Is a directory"
                                     : "'%s' exists and is not a regular "
                                       "file (device, FIFO or socket); "
                                       "relopt only replaces regular files",
                                 target);
      d->exists = true;
      d->uid = st.st_uid;
      d->gid = st.st_gid;
      d->mode = st.st_mode & 07777;
      return 0;
    }
  /* One read of the umask: each costs an open and a read of
     /proc/self/status.  */
  d->mode = ~current_umask ();
  if (mode_from && stat (mode_from, &st) == 0)
    d->mode &= st.st_mode & 0777;
  else
    d->mode &= 0666;
  return 0;
}

/* A new temporary file beside TARGET: TARGET's directory/.BASE.reloptXXXXXX
   (at most 200 bytes of BASE, so the name stays within NAME_MAX for any
   input name).  *TMPP is malloc'd, *FDP open.  */
static int
make_temp (const char *target, char **tmpp, int *fdp, struct relopt_error *err)
{
  const char *base = lbasename (target), *slash = strrchr (target, '/');
  size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
  char *tmp = malloc (dirlen + strlen (base) + 16);

  *tmpp = NULL;
  *fdp = -1;
  if (tmp == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  memcpy (tmp, target, dirlen);
  sprintf (tmp + dirlen, ".%.200s.reloptXXXXXX", base);
  *fdp = mkstemp (tmp);
  if (*fdp < 0)
    {
      int rc = io_error (err, errno, "cannot create a temporary file for",
                         target);
      free (tmp);
      return rc;
    }
  *tmpp = tmp;
  return 0;
}

/* Give the temporary FD the extended attributes of TARGET, the file it
   replaces (an ACL, a user.* or security.* label): binutils strip and
   objcopy rewrite a file in place, so its inode keeps them, and relopt
   takes strip's place in kbuild; its rename would drop them (a fresh
   user's finding, 2026-12-05).  As cp --preserve=xattr does, an
   attribute the caller may not set, or a filesystem without them, is
   no error.  security.ima and security.evm are not copied: they hold a
   hash or signature of the old bytes (libattr's xattr.conf skips
   security.evm for cp for that reason), and IMA measures the new file
   itself.  */
static void
copy_xattrs (const char *target, int fd)
{
#if defined(HAVE_SYS_XATTR_H) && defined(HAVE_FSETXATTR)
  ssize_t n = listxattr (target, NULL, 0), len;
  char *names, *name, *value = NULL;
  size_t cap = 0;

  if (n <= 0 || (names = malloc ((size_t)n)) == NULL)
    return;
  n = listxattr (target, names, (size_t)n);
  for (name = names; n > 0 && name < names + n; name += strlen (name) + 1)
    {
      if (strcmp (name, "security.ima") == 0
          || strcmp (name, "security.evm") == 0)
        continue;
      len = getxattr (target, name, NULL, 0);
      if (len < 0)
        continue;
      if ((size_t)len > cap)
        {
          char *v = realloc (value, len ? (size_t)len : 1);
          if (v == NULL)
            break;
          value = v;
          cap = (size_t)len;
        }
      len = getxattr (target, name, value, cap);
      if (len >= 0)
        (void)fsetxattr (fd, name, value, (size_t)len, 0);
    }
  free (value);
  free (names);
#else
  (void)target;
  (void)fd;
#endif
}

/* Give the written temporary FD the destination's owner (where we may:
   root; not an error otherwise, as cp and objcopy behave), extended
   attributes (copy_xattrs) and mode, flush it when FLUSH and it replaces
   a file, and close it.  */
static int
finish_temp (int fd, const struct dest *d, bool flush, const char *target,
             struct relopt_error *err)
{
  int rc = 0;

  if (d->exists && fchown (fd, d->uid, d->gid) != 0)
    {
      /* ignored */
    }
  if (d->exists)
    copy_xattrs (target, fd);
  if (fchmod (fd, d->mode) != 0)
    rc = io_error (err, errno, "cannot set the mode of", target);
  /* Durability: a file that replaces an existing one is flushed before
     the rename, so a crash cannot leave the name pointing at a file
     whose blocks were never written (the old contents would be lost).
     A new file (-o to a fresh name) is not, as ld, objcopy and strip do
     not flush theirs: there is nothing older to lose.  FLUSH is false
     in the ld plugin: the file it replaces is ld's own unflushed output,
     so a flush would buy nothing ld gives.  */
  else if (flush && d->exists && fsync (fd) != 0)
    rc = io_error (err, errno, "cannot flush", target);
  if (close (fd) != 0 && rc == 0)
    rc = io_error (err, errno, "cannot write", target);
  return rc;
}

/* TARGET is still the file EXPECT identifies (device, inode, size and
   mtime), so the rename replaces what was read.  */
static int
unchanged_since (const char *target, const struct relopt_file_id *expect,
                 struct relopt_error *err)
{
  struct relopt_file_id now;
  struct stat st;

  if (stat (target, &st) != 0)
    return io_error (err, errno, "input vanished during the run:", target);
  file_id_of (&st, &now);
  if (now.dev != expect->dev || now.ino != expect->ino
      || now.size != expect->size || now.mtime_sec != expect->mtime_sec
      || now.mtime_nsec != expect->mtime_nsec)
    return relopt_set_error (
        err, RELOPT_E_IO, "'%s' changed during the run; not replaced", target);
  return 0;
}

int
relopt_replace_file_with (const char *path, relopt_write_fn write_fn,
                          void *ctx, const char *mode_from,
                          const struct relopt_file_id *expect, bool flush,
                          struct relopt_error *err)
{
  char *target = NULL, *tmp = NULL;
  struct dest d;
  int fd = -1, e, rc;

  rc = resolve_target (path, &target, err);
  if (rc == 0)
    rc = destination (target, mode_from, &d, err);
  if (rc == 0)
    rc = make_temp (target, &tmp, &fd, err);
  if (rc)
    {
      free (target);
      if (err)
        err->at_output = true;
      return rc;
    }
  e = write_fn (fd, ctx);
  if (e)
    {
      close (fd);
      rc = io_error (err, e, "cannot write", target);
    }
  else
    rc = finish_temp (fd, &d, flush, target, err);
  if (rc == 0 && expect)
    rc = unchanged_since (target, expect, err);
  if (rc == 0 && rename (tmp, target) != 0)
    rc = io_error (err, errno, "cannot rename the temporary file over",
                   target);
  if (rc)
    unlink (tmp);
  if (rc && err)
    err->at_output = true;
  free (tmp);
  free (target);
  return rc;
}

int
relopt_replace_file (const char *path, const unsigned char *buf, size_t len,
                     const char *mode_from, struct relopt_error *err)
{
  return relopt_replace_file_checked (path, buf, len, mode_from, NULL, err);
}
