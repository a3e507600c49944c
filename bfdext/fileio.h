/* fileio.h -- reading input files and replacing output files, private
   to bfdext: the guarantee is at the top of fileio.c (doc/design.md "Bad input
   and failure: nothing lost").  Errors are RELOPT_E_IO naming the path and
   the system error, or RELOPT_E_NOMEM.  */

#ifndef RELOPT_FILEIO_H
#define RELOPT_FILEIO_H

#include "relopt.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Identity of a file that was read (device, inode, size, mtime), so a
   later replacement can verify it still replaces the same file.  */
struct relopt_file_id
{
  uint64_t dev, ino, size;
  int64_t mtime_sec, mtime_nsec;
};

/* As relopt_read_whole_file (relopt.h), also recording the file's identity. */
int relopt_read_file_id (const char *path, unsigned char **bufp, size_t *lenp,
                         struct relopt_file_id *id, struct relopt_error *err);

/* relopt_replace_file, and when EXPECT is not NULL refuse (RELOPT_E_IO,
   nothing replaced) if PATH no longer is the file EXPECT describes.  */
int relopt_replace_file_checked (const char *path, const unsigned char *buf,
                                 size_t len, const char *mode_from,
                                 const struct relopt_file_id *expect,
                                 struct relopt_error *err);

/* The input file as a read-only mapping (fileio.c): *MAPP and *LENP its
   bytes (NULL, 0 for an empty file), *FDP the open descriptor (caller
   closes it), *ID its identity.  Release the mapping with
   relopt_unmap_file.  Refuses what is not a regular file.  Errors:
   RELOPT_E_IO, RELOPT_E_NOMEM.  */
int relopt_map_file (const char *path, unsigned char **mapp, size_t *lenp,
                     int *fdp, struct relopt_file_id *id,
                     struct relopt_error *err);
void relopt_unmap_file (unsigned char *map, size_t len);

/* The bytes [P, P+LEN) of mapping MAP (MAPLEN bytes) are not needed any
   more (a pass replaced them): give back the whole pages they cover.  The
   mapping stays valid: a page touched again is read from the file.  P
   outside MAP is ignored.  */
void relopt_map_release (unsigned char *map, size_t maplen,
                         const unsigned char *p, size_t len);

/* What relopt_replace_file_with calls to fill the temporary file FD (new,
   empty); returns 0 or an errno value.  */
typedef int (*relopt_write_fn) (int fd, void *ctx);

/* relopt_replace_file_checked with the contents written by WRITE (CTX
   passed through) instead of a buffer; FLUSH false skips the fsync of a
   replacing file.  */
int relopt_replace_file_with (const char *path, relopt_write_fn write,
                              void *ctx, const char *mode_from,
                              const struct relopt_file_id *expect, bool flush,
                              struct relopt_error *err);

/* Outputs of at least this many bytes have their blocks reserved before
   they are written (relopt_preallocate).  */
#define RELOPT_PREALLOCATE_MIN (512 * 1024)

/* A hint before SIZE bytes are written to the new, empty file FD: when
   SIZE >= RELOPT_PREALLOCATE_MIN, reserve its blocks in one call
   (fallocate(2) with FALLOC_FL_KEEP_SIZE, so the file's size stays what
   is written), as gold and lld reserve their outputs.  On ext4 the
   per-page work of delayed allocation then goes: writing a new 1 MB file
   in 128 KiB pieces took 230 -> 181-197 us of CPU, 19 MB 4.3 -> 2.8 ms;
   under about 400 KB the call cost more than it saved (100 KB: 41 -> 55
   us), hence the floor (bench/README.md, "e74cdb1 ->
   a2581d5", 3).  Nothing is reported: a filesystem without fallocate,
   or one too full (the write then says so), writes as before.  */
void relopt_preallocate (int fd, uint64_t size);

/* Write LEN bytes at BUF to FD at offset OFF (pwrite, retried on EINTR
   and short writes).  Returns 0 or an errno value.  */
int relopt_pwrite_all (int fd, const unsigned char *buf, size_t len,
                       uint64_t off);

#endif /* RELOPT_FILEIO_H */
