/* failmalloc.c -- LD_PRELOAD shim for scripts/failure-injection.sh: makes
   one large allocation of a relopt run fail, as a machine out of memory
   would.

   FAILMALLOC_AT  N: the Nth (from 0) malloc, calloc or realloc of at
                  least 64 KiB returns NULL; the others, and every smaller
                  one (the C library's and the loader's own, which run
                  before relopt's main), go through.  Unset: none fails.

   Only large allocations are counted, so a failure lands in relopt's
   passes (their arrays grow with the input), not in start-up code that
   relopt does not own.  The shim calls glibc's __libc_* allocators; a
   sanitizer build, whose runtime replaces them, is not run with it.  */

#define _GNU_SOURCE 1
#include <stdlib.h>

void *__libc_malloc (size_t);
void *__libc_calloc (size_t, size_t);
void *__libc_realloc (void *, size_t);

enum
{
  LARGE = 64 * 1024
};

static long at = -2; /* -2: FAILMALLOC_AT not read yet; -1: unset */
static long seen;

/* Whether this allocation of N bytes is the one to fail.  */
static int
fail_now (size_t n)
{
  if (at == -2)
    {
      const char *s = getenv ("FAILMALLOC_AT");
      at = s ? strtol (s, NULL, 10) : -1;
    }
  return at >= 0 && n >= LARGE && seen++ == at;
}

void *
malloc (size_t n)
{
  return fail_now (n) ? NULL : __libc_malloc (n);
}

void *
calloc (size_t k, size_t n)
{
  return n && k > (size_t)-1 / n ? __libc_calloc (k, n)
         : fail_now (k * n)      ? NULL
                                 : __libc_calloc (k, n);
}

void *
realloc (void *p, size_t n)
{
  return fail_now (n) ? NULL : __libc_realloc (p, n);
}
