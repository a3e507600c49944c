/* replay.c -- run the fuzz target (fuzz_relopt.c) on files, without
   libFuzzer: `make check' replays every input in fuzz/regress/ through it
   (under ASan/UBSan with --enable-sanitizers).  An input passes when the
   target returns; a broken invariant aborts, a memory error is reported
   by the sanitizer.

   replay FILE...            replay each FILE
   replay -w OUTDIR FILE...  also write relopt's output of each FILE for
                             --hash-style=both, sysv and gnu into OUTDIR
                             (seeds that already carry tables, so the
                             fuzzer exercises the table decoders).  */

#include <config.h>
#include "fileio.h"
#include "image.h"
#include "relopt.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

static int
write_variants (const char *dir, const char *path, const unsigned char *buf,
                size_t len)
{
  static const struct
  {
    const char *tag;
    unsigned style;
  } v[] = { { "both", RELOPT_HASH_BOTH },
            { "sysv", RELOPT_HASH_SYSV },
            { "gnu", RELOPT_HASH_GNU } };
  const char *base = strrchr (path, '/');
  size_t i;

  base = base ? base + 1 : path;
  for (i = 0; i < sizeof v / sizeof v[0]; i++)
    {
      struct relopt_options opts;
      struct relopt_error err = { 0 };
      unsigned char *out;
      size_t outlen;
      char name[4096];
      FILE *f;

      relopt_options_init (&opts);
      opts.hash_style = v[i].style;
      opts.drop_signature = true;
      if (relopt_rewrite_mem (buf, len, &opts, &out, &outlen, NULL, &err))
        continue;
      /* Record the style in e_ident[15] so the fuzzer replays it.  */
      if (outlen > 15)
        out[15] = (unsigned char)(v[i].style ^ RELOPT_HASH_GNU);
      snprintf (name, sizeof name, "%s/%s.%s", dir, base, v[i].tag);
      f = fopen (name, "wb");
      if (f == NULL || fwrite (out, 1, outlen, f) != outlen || fclose (f))
        {
          fprintf (stderr, "replay: cannot write %s: %s\n", name,
                   strerror (errno));
          free (out);
          return 1;
        }
      free (out);
    }
  return 0;
}

int
main (int argc, char **argv)
{
  const char *wdir = NULL;
  int i = 1, failed = 0, n = 0;

  if (argc > 2 && strcmp (argv[1], "-w") == 0)
    {
      wdir = argv[2];
      i = 3;
    }
  for (; i < argc; i++)
    {
      unsigned char *buf;
      size_t len;
      struct relopt_error err = { 0 };

      if (relopt_read_whole_file (argv[i], &buf, &len, &err) != 0)
        {
          fprintf (stderr, "replay: %s: %s\n", argv[i], err.msg);
          failed = 1;
          continue;
        }
      LLVMFuzzerTestOneInput (buf, len);
      if (wdir)
        failed |= write_variants (wdir, argv[i], buf, len);
      free (buf);
      n++;
    }
  printf ("replay: %d inputs, no invariant broken\n", n);
  return failed;
}
