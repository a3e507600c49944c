/* error.c -- error values (relopt_set_error, declared in relopt.h next
   to struct relopt_error) and the version string.  */

#include <config.h>
#include "relopt.h"
#include <stdarg.h>
#include <stdio.h>

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
  /* One line of printable ASCII: names copied from the file may hold
     any byte, and a terminal takes 0x9b (C1 CSI) like ESC [.  */
  for (p = err->msg; *p; p++)
    if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
      *p = '?';
  return code;
}

const char *
relopt_version (void)
{
  return PACKAGE_VERSION;
}
