/* compress.c -- decompress and recompress kernel modules (compress.h).

   liblzma, libzstd and zlib are loaded with dlopen when the first module
   in their format comes, not linked: loading the three at every start
   cost 0.28 ms of CPU a run on the project machine (the 25 largest armhf
   modules, medians: 2.60 -> 2.32 ms a rewrite), paid by every
   uncompressed file (bench/README.md, "0c050e5 -> 963bf23: the write,
   and the passes").  src/bfdload.c does the same for BFD.
   Each library's functions are called through a table whose members have the
   functions' own types (__typeof__), so every call is still checked
   against the library's header.  */

#include <config.h>
#include "compress.h"
#include "iberty.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_LZMA
#include <lzma.h>
#endif
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

/* A function table's member for library function F, of F's type (T,
   the table, unused), and F taken from handle H into table T.  */
#define LIB_MEMBER(t, f) __typeof__ (f) *f;
#define LIB_LOAD(t, f) ok = ok && (*(void **)&t.f = dlsym (h, #f)) != NULL;
/* FN (handle): fill TABLE with the functions FUNCS lists; false when one
   is missing.  */
#define LIB_FILL(fn, table, FUNCS)                                            \
  static bool fn (void *h)                                                    \
  {                                                                           \
    bool ok = true;                                                           \
    FUNCS (LIB_LOAD, table)                                                   \
    return ok;                                                                \
  }

/* A library loaded on first use.  */
struct lazy_lib
{
  const char *soname;
  int state;     /* 0 not tried yet, 1 loaded, -1 failed */
  char why[200]; /* why it failed */
};

/* Load LIB once (FILL takes its functions from the handle, false when
   one is missing).  Returns 0, or RELOPT_E_UNSUPPORTED naming the
   format FMT, the library and the reason, every time it is asked.  */
static int ATTRIBUTE_UNUSED
lazy_load (struct lazy_lib *lib, bool (*fill) (void *), const char *fmt,
           struct relopt_error *err)
{
  if (lib->state == 0)
    {
      void *h = dlopen (lib->soname, RTLD_NOW | RTLD_LOCAL);
      if (h == NULL)
        snprintf (lib->why, sizeof lib->why, "%s", dlerror ());
      else if (!fill (h))
        snprintf (lib->why, sizeof lib->why, "a function is missing");
      lib->state = h != NULL && lib->why[0] == '\0' ? 1 : -1;
    }
  if (lib->state < 0)
    return relopt_set_error (err, RELOPT_E_UNSUPPORTED,
                             "compressed module (%s): cannot load %s: %s", fmt,
                             lib->soname, lib->why);
  return 0;
}

enum cmd_zformat
cmd_z_detect (const unsigned char *buf, size_t len)
{
  static const unsigned char xz[6] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
  static const unsigned char zst[4] = { 0x28, 0xb5, 0x2f, 0xfd };

  if (len >= sizeof xz && memcmp (buf, xz, sizeof xz) == 0)
    return CMD_Z_XZ;
  if (len >= sizeof zst && memcmp (buf, zst, sizeof zst) == 0)
    return CMD_Z_ZSTD;
  if (len >= 2 && buf[0] == 0x1f && buf[1] == 0x8b)
    return CMD_Z_GZIP;
  return CMD_Z_NONE;
}

static int ATTRIBUTE_UNUSED
corrupt (enum cmd_zformat fmt, const char *why, struct relopt_error *err)
{
  return relopt_set_error (err, RELOPT_E_FORMAT, "compressed module (%s): %s",
                           cmd_z_name (fmt), why);
}

/* The most bytes a decompressed module may hold after its ELF data.  */
enum
{
  TRAILER_MAX = 1 << 20
};

/* Grow *BUF (capacity *CAP bytes, all of them written) to at least twice
   its size.  With ELF, *BUF is decompressed input: once it holds bytes,
   they must start with ELF's magic, or the input is refused here, before
   the rest is expanded (4.6 MB of gzip made 1 GiB of zeros and took 2.1
   GB before relopt said "not ELF"; a fresh user's finding).  */
static int ATTRIBUTE_UNUSED
grow (unsigned char **buf, size_t *cap, bool elf, struct relopt_error *err)
{
  size_t ncap = *cap ? *cap * 2 : 65536;
  unsigned char *n;
  uint64_t end;

  if (elf && *cap >= 4 && memcmp (*buf, "\177ELF", 4) != 0)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "not an ELF file (bad magic) in the "
                             "compressed data");
  /* Nor past the ELF data by more than a module signature could be: a
     62 KB zstd file of a module and 1 GB of zeros took 2 GB (a fresh
     user's finding, 2026-12-05).  A signature (PKCS#7 and its 40-byte
     tail) is a few KiB; TRAILER_MAX leaves room for any.  */
  if (elf && *cap > TRAILER_MAX
      && (end = relopt_elf_end_of_prefix (*buf, *cap)) != 0
      && end < *cap - TRAILER_MAX)
    return relopt_set_error (err, RELOPT_E_FORMAT,
                             "more than %u bytes after the ELF data (%llu "
                             "bytes) in the compressed data: not a module "
                             "signature",
                             (unsigned)TRAILER_MAX, (unsigned long long)end);
  if (ncap < *cap)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  n = realloc (*buf, ncap);
  if (n == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  *buf = n;
  *cap = ncap;
  return 0;
}

#ifdef HAVE_LZMA
#define XZ_FUNCS(F, t)                                                        \
  F (t, lzma_code)                                                            \
  F (t, lzma_end)                                                             \
  F (t, lzma_stream_decoder)                                                  \
  F (t, lzma_stream_encoder)                                                  \
  F (t, lzma_check_is_supported)                                              \
  F (t, lzma_lzma_preset)
static struct
{
  XZ_FUNCS (LIB_MEMBER, xz)
} xz;
static struct lazy_lib xz_lib = { LZMA_SONAME, 0, "" };

LIB_FILL (xz_fill, xz, XZ_FUNCS)

/* Run an initialised liblzma stream S over IN/INLEN to the end; ELF: the
   output is decompressed input (grow).  */
static int
lzma_run (lzma_stream *s, enum cmd_zformat fmt, const unsigned char *in,
          size_t inlen, bool elf, unsigned char **outp, size_t *outlenp,
          struct relopt_error *err)
{
  unsigned char *out = NULL;
  size_t cap = 0;
  lzma_ret r;
  int rc;

  s->next_in = in;
  s->avail_in = inlen;
  s->next_out = NULL;
  s->avail_out = 0;
  for (;;)
    {
      if (s->avail_out == 0)
        {
          size_t done = (size_t)s->total_out;
          if ((rc = grow (&out, &cap, elf, err)) != 0)
            goto fail;
          s->next_out = out + done;
          s->avail_out = cap - done;
        }
      r = xz.lzma_code (s, LZMA_FINISH);
      if (r == LZMA_STREAM_END)
        break;
      if (r == LZMA_MEM_ERROR)
        {
          rc = relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
          goto fail;
        }
      if (r != LZMA_OK)
        {
          /* liblzma cannot tell a cut stream from a complete one
             followed by a few bytes that are not a stream (xz says
             "Unexpected end of input" for both): the message names
             both (it said "truncated" for the second: a fresh user's
             finding, 2026-12-05).  */
          rc = corrupt (fmt,
                        r == LZMA_BUF_ERROR
                            ? "truncated, or followed by bytes that are "
                              "not xz data"
                            : "corrupt data (liblzma)",
                        err);
          goto fail;
        }
    }
  *outp = out;
  *outlenp = s->total_out;
  xz.lzma_end (s);
  return 0;
fail:
  free (out);
  xz.lzma_end (s);
  return rc;
}

static int
xz_decompress (const unsigned char *buf, size_t len, unsigned char **outp,
               size_t *outlenp, struct relopt_error *err)
{
  lzma_stream s = LZMA_STREAM_INIT;
  int rc = lazy_load (&xz_lib, xz_fill, "xz", err);

  if (rc)
    return rc;
  if (xz.lzma_stream_decoder (&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  return lzma_run (&s, CMD_Z_XZ, buf, len, true, outp, outlenp, err);
}

/* xz --check=crc32 --lzma2=dict=1MiB: preset 6 (xz's default) with a
   1 MiB dictionary.  The check: the original's, from its stream flags
   (xz file format 2.1.1.2: byte 7, low nibble).  */
static int
xz_compress (const unsigned char *buf, size_t len, const unsigned char *orig,
             size_t origlen, unsigned char **outp, size_t *outlenp,
             struct relopt_error *err)
{
  lzma_stream s = LZMA_STREAM_INIT;
  lzma_options_lzma lz;
  lzma_filter filters[2];
  lzma_check check = LZMA_CHECK_CRC32;
  int rc = lazy_load (&xz_lib, xz_fill, "xz", err);

  if (rc)
    return rc;
  if (origlen >= 8 && orig[6] == 0 && (orig[7] & 0xf0) == 0)
    check = (lzma_check)(orig[7] & 0x0f);
  if (!xz.lzma_check_is_supported (check))
    check = LZMA_CHECK_CRC32;
  if (xz.lzma_lzma_preset (&lz, 6))
    return relopt_set_error (err, RELOPT_E_NOMEM, "liblzma preset");
  lz.dict_size = 1u << 20;
  filters[0].id = LZMA_FILTER_LZMA2;
  filters[0].options = &lz;
  filters[1].id = LZMA_VLI_UNKNOWN;
  filters[1].options = NULL;
  if (xz.lzma_stream_encoder (&s, filters, check) != LZMA_OK)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  return lzma_run (&s, CMD_Z_XZ, buf, len, false, outp, outlenp, err);
}
#endif

#ifdef HAVE_ZSTD
#define ZSTD_FUNCS(F, t)                                                      \
  F (t, ZSTD_createDStream)                                                   \
  F (t, ZSTD_initDStream)                                                     \
  F (t, ZSTD_decompressStream)                                                \
  F (t, ZSTD_freeDStream)                                                     \
  F (t, ZSTD_isError)                                                         \
  F (t, ZSTD_getErrorName)                                                    \
  F (t, ZSTD_compressBound)                                                   \
  F (t, ZSTD_createCCtx)                                                      \
  F (t, ZSTD_freeCCtx)                                                        \
  F (t, ZSTD_CCtx_setParameter)                                               \
  F (t, ZSTD_compress2)
static struct
{
  ZSTD_FUNCS (LIB_MEMBER, zs)
} zs;
static struct lazy_lib zstd_lib = { ZSTD_SONAME, 0, "" };

LIB_FILL (zstd_fill, zs, ZSTD_FUNCS)

static int
zstd_decompress (const unsigned char *buf, size_t len, unsigned char **outp,
                 size_t *outlenp, struct relopt_error *err)
{
  ZSTD_DStream *d;
  ZSTD_inBuffer zin = { buf, len, 0 };
  unsigned char *out = NULL;
  size_t cap = 0, r = 1;
  int rc = lazy_load (&zstd_lib, zstd_fill, "zstd", err);

  if (rc)
    return rc;
  d = zs.ZSTD_createDStream ();
  if (d == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  zs.ZSTD_initDStream (d);
  for (;;)
    {
      ZSTD_outBuffer zout;
      if (*outlenp == cap && (rc = grow (&out, &cap, true, err)) != 0)
        break;
      zout.dst = out;
      zout.size = cap;
      zout.pos = *outlenp;
      r = zs.ZSTD_decompressStream (d, &zout, &zin);
      *outlenp = zout.pos;
      if (zs.ZSTD_isError (r))
        {
          rc = corrupt (CMD_Z_ZSTD, zs.ZSTD_getErrorName (r), err);
          break;
        }
      /* All input read and room left: nothing more is pending.  */
      if (zin.pos == zin.size && zout.pos < zout.size)
        break;
    }
  if (rc == 0 && r != 0)
    rc = corrupt (CMD_Z_ZSTD, "truncated", err);
  zs.ZSTD_freeDStream (d);
  if (rc)
    {
      free (out);
      *outlenp = 0;
      return rc;
    }
  *outp = out;
  return 0;
}

/* zstd -T0 -q: level 3, the frame header names the content size and
   carries a checksum (zstd's command-line default).  */
static int
zstd_compress (const unsigned char *buf, size_t len,
               const unsigned char *orig ATTRIBUTE_UNUSED,
               size_t origlen ATTRIBUTE_UNUSED, unsigned char **outp,
               size_t *outlenp, struct relopt_error *err)
{
  size_t cap, r;
  unsigned char *out;
  ZSTD_CCtx *c;
  int rc = lazy_load (&zstd_lib, zstd_fill, "zstd", err);

  if (rc)
    return rc;
  cap = zs.ZSTD_compressBound (len);
  out = malloc (cap ? cap : 1);
  c = zs.ZSTD_createCCtx ();
  if (out == NULL || c == NULL)
    {
      free (out);
      zs.ZSTD_freeCCtx (c);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  zs.ZSTD_CCtx_setParameter (c, ZSTD_c_compressionLevel, ZSTD_CLEVEL_DEFAULT);
  zs.ZSTD_CCtx_setParameter (c, ZSTD_c_checksumFlag, 1);
  r = zs.ZSTD_compress2 (c, out, cap, buf, len);
  zs.ZSTD_freeCCtx (c);
  if (zs.ZSTD_isError (r))
    {
      free (out);
      return relopt_set_error (err, RELOPT_E_NOMEM,
                               "zstd compression failed: %s",
                               zs.ZSTD_getErrorName (r));
    }
  *outp = out;
  *outlenp = r;
  return 0;
}
#endif

#ifdef HAVE_ZLIB
/* inflateInit2 and deflateInit2 are macros over these two.  */
#define ZLIB_FUNCS(F, t)                                                      \
  F (t, inflateInit2_)                                                        \
  F (t, inflate)                                                              \
  F (t, inflateReset)                                                         \
  F (t, inflateEnd)                                                           \
  F (t, deflateInit2_)                                                        \
  F (t, deflateBound)                                                         \
  F (t, deflate)                                                              \
  F (t, deflateEnd)
static struct
{
  ZLIB_FUNCS (LIB_MEMBER, zl)
} zl;
static struct lazy_lib zlib_lib = { ZLIB_SONAME, 0, "" };

LIB_FILL (zlib_fill, zl, ZLIB_FUNCS)

static int
gzip_decompress (const unsigned char *in, size_t inlen, unsigned char **outp,
                 size_t *outlenp, struct relopt_error *err)
{
  z_stream z;
  unsigned char *out = NULL;
  size_t cap = 0, done = 0;
  int r, rc = lazy_load (&zlib_lib, zlib_fill, "gzip", err);

  if (rc)
    return rc;
  memset (&z, 0, sizeof z);
  if (zl.inflateInit2_ (&z, 15 + 16, ZLIB_VERSION, (int)sizeof z) != Z_OK)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  z.next_in = (unsigned char *)in;
  z.avail_in = inlen > UINT32_MAX ? UINT32_MAX : (uInt)inlen;
  if (inlen > UINT32_MAX)
    {
      zl.inflateEnd (&z);
      return relopt_set_error (err, RELOPT_E_UNSUPPORTED,
                               "compressed module (gzip) over 4 GiB");
    }
  for (;;)
    {
      if (done == cap)
        {
          if ((rc = grow (&out, &cap, true, err)) != 0)
            goto fail;
        }
      z.next_out = out + done;
      z.avail_out = (uInt)(cap - done > UINT32_MAX ? UINT32_MAX : cap - done);
      r = zl.inflate (&z, Z_NO_FLUSH);
      done = (size_t)(z.next_out - out);
      if (r == Z_STREAM_END)
        {
          /* Another gzip member follows (gzip concatenates).  */
          if (z.avail_in == 0)
            break;
          if (zl.inflateReset (&z) != Z_OK)
            {
              rc = corrupt (CMD_Z_GZIP, "corrupt data (zlib)", err);
              goto fail;
            }
          continue;
        }
      if (r == Z_MEM_ERROR)
        {
          rc = relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
          goto fail;
        }
      if (r == Z_BUF_ERROR && z.avail_out != 0)
        {
          rc = corrupt (CMD_Z_GZIP, "truncated", err);
          goto fail;
        }
      if (r != Z_OK && r != Z_BUF_ERROR)
        {
          rc = corrupt (CMD_Z_GZIP, "corrupt data (zlib)", err);
          goto fail;
        }
    }
  zl.inflateEnd (&z);
  *outp = out;
  *outlenp = done;
  return 0;
fail:
  zl.inflateEnd (&z);
  free (out);
  return rc;
}

/* gzip -n: level 6, a header with no name and mtime 0; zlib writes
   OS = 3 (Unix) as gzip does.  */
static int
gzip_compress (const unsigned char *buf, size_t len,
               const unsigned char *orig ATTRIBUTE_UNUSED,
               size_t origlen ATTRIBUTE_UNUSED, unsigned char **outp,
               size_t *outlenp, struct relopt_error *err)
{
  z_stream z;
  uLong cap;
  unsigned char *out;
  int r, rc = lazy_load (&zlib_lib, zlib_fill, "gzip", err);

  if (rc)
    return rc;
  if (len > UINT32_MAX / 2)
    return relopt_set_error (err, RELOPT_E_UNSUPPORTED,
                             "module too large for gzip here");
  memset (&z, 0, sizeof z);
  if (zl.deflateInit2_ (&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                        ZLIB_VERSION, (int)sizeof z)
      != Z_OK)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  cap = zl.deflateBound (&z, (uLong)len);
  out = malloc (cap);
  if (out == NULL)
    {
      zl.deflateEnd (&z);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  z.next_in = (unsigned char *)buf;
  z.avail_in = (uInt)len;
  z.next_out = out;
  z.avail_out = (uInt)cap;
  r = zl.deflate (&z, Z_FINISH);
  *outlenp = z.total_out;
  zl.deflateEnd (&z);
  if (r != Z_STREAM_END)
    {
      free (out);
      *outlenp = 0;
      return relopt_set_error (err, RELOPT_E_NOMEM, "gzip compression failed");
    }
  *outp = out;
  return 0;
}
#endif

/* One codec per format, indexed by enum cmd_zformat: its name, the
   library it needs and its two directions (NULL when relopt was built
   without the library).  */
struct codec
{
  const char *name;
  const char *lib;
  int (*decompress) (const unsigned char *, size_t, unsigned char **, size_t *,
                     struct relopt_error *);
  int (*compress) (const unsigned char *, size_t, const unsigned char *,
                   size_t, unsigned char **, size_t *, struct relopt_error *);
};

#ifdef HAVE_LZMA
#define XZ_CODEC xz_decompress, xz_compress
#else
#define XZ_CODEC NULL, NULL
#endif
#ifdef HAVE_ZSTD
#define ZSTD_CODEC zstd_decompress, zstd_compress
#else
#define ZSTD_CODEC NULL, NULL
#endif
#ifdef HAVE_ZLIB
#define GZIP_CODEC gzip_decompress, gzip_compress
#else
#define GZIP_CODEC NULL, NULL
#endif

static const struct codec codecs[] = {
  [CMD_Z_NONE] = { "none", NULL, NULL, NULL },
  [CMD_Z_XZ] = { "xz", "liblzma", XZ_CODEC },
  [CMD_Z_ZSTD] = { "zstd", "libzstd", ZSTD_CODEC },
  [CMD_Z_GZIP] = { "gzip", "zlib", GZIP_CODEC },
};

const char *
cmd_z_name (enum cmd_zformat fmt)
{
  return fmt > CMD_Z_NONE && fmt <= CMD_Z_GZIP ? codecs[fmt].name : "none";
}

/* Set *CP to the codec of FMT.  Errors: RELOPT_E_FORMAT (message WHAT)
   when FMT is not a compressed format, RELOPT_E_UNSUPPORTED when relopt
   was built without its library.  */
static int
codec_of (enum cmd_zformat fmt, const char *what, const struct codec **cp,
          struct relopt_error *err)
{
  if (fmt <= CMD_Z_NONE || fmt > CMD_Z_GZIP)
    return relopt_set_error (err, RELOPT_E_FORMAT, "%s", what);
  if (codecs[fmt].decompress == NULL)
    return relopt_set_error (err, RELOPT_E_UNSUPPORTED,
                             "compressed module (%s): relopt was built "
                             "without %s",
                             codecs[fmt].name, codecs[fmt].lib);
  *cp = &codecs[fmt];
  return 0;
}

int
cmd_z_decompress (enum cmd_zformat fmt, const unsigned char *buf, size_t len,
                  unsigned char **outp, size_t *outlenp,
                  struct relopt_error *err)
{
  const struct codec *c = NULL;
  int rc = codec_of (fmt, "not compressed", &c, err);

  *outp = NULL;
  *outlenp = 0;
  if (rc == 0)
    rc = c->decompress (buf, len, outp, outlenp, err);
  /* Said as grow says it for a large output, so a small non-ELF one
     reads the same ("bad magic" alone did not say where).  */
  if (rc == 0 && (*outlenp < 4 || memcmp (*outp, "\177ELF", 4) != 0))
    {
      free (*outp);
      *outp = NULL;
      *outlenp = 0;
      rc = relopt_set_error (err, RELOPT_E_FORMAT,
                             "not an ELF file (bad magic) in the "
                             "compressed data");
    }
  return rc;
}

int
cmd_z_compress (enum cmd_zformat fmt, const unsigned char *buf, size_t len,
                const unsigned char *orig, size_t origlen,
                unsigned char **outp, size_t *outlenp,
                struct relopt_error *err)
{
  const struct codec *c = NULL;
  int rc = codec_of (fmt, "no format", &c, err);

  *outp = NULL;
  *outlenp = 0;
  return rc ? rc : c->compress (buf, len, orig, origlen, outp, outlenp, err);
}
