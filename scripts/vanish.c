/* vanish.c -- LD_PRELOAD shim for scripts/failure-injection.sh: makes the
   input file vanish (or be replaced) at a deterministic point of a relopt
   run, right after the temporary output file is created (the first
   mkstemp call), i.e. after the input was read and before the rename.

   VANISH_PATH  the file to act on
   VANISH_MODE  "unlink" (default): remove it;
                "replace": replace it with VANISH_WITH's bytes (a new
                file renamed over it, as a concurrent build step would).  */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int mkstemp (char *template);

static void
act (void)
{
  static int done;
  const char *path = getenv ("VANISH_PATH");
  const char *mode = getenv ("VANISH_MODE");

  if (done || path == NULL)
    return;
  done = 1;
  if (mode && strcmp (mode, "replace") == 0)
    {
      const char *with = getenv ("VANISH_WITH");
      char tmp[4096];
      FILE *in, *out;
      int c;
      snprintf (tmp, sizeof tmp, "%s.vanish-new", path);
      in = with ? fopen (with, "rb") : NULL;
      out = fopen (tmp, "wb");
      if (in == NULL || out == NULL)
        abort ();
      while ((c = getc (in)) != EOF)
        putc (c, out);
      fclose (in);
      if (fclose (out) != 0 || rename (tmp, path) != 0)
        abort ();
    }
  else if (unlink (path) != 0)
    abort ();
}

int
mkstemp (char *template)
{
  int (*real) (char *) = (int (*) (char *))dlsym (RTLD_NEXT, "mkstemp");
  int fd = real (template);

  act ();
  return fd;
}
