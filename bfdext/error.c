/* error.c -- error values, byte order helpers, version.  */

#include <config.h>
#include <stdarg.h>
#include <stdio.h>
#include "image.h"

int
relopt_set_error (struct relopt_error *err, int code, const char *fmt, ...)
{
  va_list ap;
  char *p;

  if (err == NULL)
    return code;
  err->code = code;
  va_start (ap, fmt);
  vsnprintf (err->msg, sizeof err->msg, fmt, ap);
  va_end (ap);
  /* One line: names copied from the file may hold any byte.  */
  for (p = err->msg; *p; p++)
    if ((unsigned char) *p < 0x20 || *p == 0x7f)
      *p = '?';
  return code;
}

const char *
relopt_version (void)
{
  return PACKAGE_VERSION;
}

uint16_t
relopt_get16 (const unsigned char *p, bool big)
{
  return big ? (uint16_t) (p[0] << 8 | p[1]) : (uint16_t) (p[1] << 8 | p[0]);
}

uint32_t
relopt_get32 (const unsigned char *p, bool big)
{
  if (big)
    return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16
           | (uint32_t) p[2] << 8 | p[3];
  return (uint32_t) p[3] << 24 | (uint32_t) p[2] << 16 | (uint32_t) p[1] << 8
         | p[0];
}

uint64_t
relopt_get64 (const unsigned char *p, bool big)
{
  uint64_t hi = relopt_get32 (p + (big ? 0 : 4), big);
  uint64_t lo = relopt_get32 (p + (big ? 4 : 0), big);
  return hi << 32 | lo;
}

void
relopt_put16 (unsigned char *p, uint16_t v, bool big)
{
  p[big ? 0 : 1] = (unsigned char) (v >> 8);
  p[big ? 1 : 0] = (unsigned char) v;
}

void
relopt_put32 (unsigned char *p, uint32_t v, bool big)
{
  int i;

  for (i = 0; i < 4; i++)
    p[big ? 3 - i : i] = (unsigned char) (v >> (8 * i));
}

void
relopt_put64 (unsigned char *p, uint64_t v, bool big)
{
  relopt_put32 (p + (big ? 0 : 4), (uint32_t) (v >> 32), big);
  relopt_put32 (p + (big ? 4 : 0), (uint32_t) v, big);
}
