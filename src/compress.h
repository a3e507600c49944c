/* compress.h -- compressed kernel modules (.ko.xz, .ko.zst, .ko.gz) for
   the relopt command.  The format is told by the magic bytes, never by
   the file name.  Each library (liblzma, libzstd, zlib) is optional at
   configure time (HAVE_LZMA, HAVE_ZSTD, HAVE_ZLIB in config.h); a format
   whose library is missing is still recognised, and named in the error.
   Command only: the ld plugin never sees compressed input.  */

#ifndef RELOPT_COMPRESS_H
#define RELOPT_COMPRESS_H

#include "relopt.h"
#include <stddef.h>

enum cmd_zformat
{
  CMD_Z_NONE = 0,
  CMD_Z_XZ,   /* FD 37 7A 58 5A 00 (xz file format 1.0.4) */
  CMD_Z_ZSTD, /* 28 B5 2F FD (RFC 8878 frame magic) */
  CMD_Z_GZIP  /* 1F 8B (RFC 1952) */
};

/* The format of the LEN bytes at BUF by their magic, CMD_Z_NONE for
   anything else (an ELF file, or garbage the ELF reader will name).  */
enum cmd_zformat cmd_z_detect (const unsigned char *buf, size_t len);

/* "xz", "zstd", "gzip" ("none" for CMD_Z_NONE).  */
const char *cmd_z_name (enum cmd_zformat fmt);

/* Decompress LEN bytes at BUF in format FMT (every concatenated stream,
   frame or member) into a new malloc'd buffer *OUTP of *OUTLENP bytes,
   owned by the caller.  Errors: RELOPT_E_UNSUPPORTED "compressed module
   (xz): relopt was built without liblzma" when the library is missing,
   RELOPT_E_FORMAT for corrupt or truncated data, RELOPT_E_NOMEM.  */
int cmd_z_decompress (enum cmd_zformat fmt, const unsigned char *buf,
                      size_t len, unsigned char **outp, size_t *outlenp,
                      struct relopt_error *err);

/* Compress LEN bytes at BUF in format FMT the way kbuild 6.1's
   scripts/Makefile.modinst does, into a new malloc'd *OUTP (*OUTLENP
   bytes, owned by the caller): xz as `xz --check=crc32 --lzma2=dict=1MiB'
   except that the integrity check is ORIG's (the in-kernel decompressor
   takes CRC32 or none), zstd at zstd's default level 3 (`zstd -T0'),
   gzip as `gzip -n' (level 6, no name, mtime 0).  ORIG/ORIGLEN is the
   compressed input the result replaces (only its xz check type is read).
   Errors as cmd_z_decompress.  */
int cmd_z_compress (enum cmd_zformat fmt, const unsigned char *buf, size_t len,
                    const unsigned char *orig, size_t origlen,
                    unsigned char **outp, size_t *outlenp,
                    struct relopt_error *err);

#endif /* RELOPT_COMPRESS_H */
