/* bfdload.c -- load relopt-bfd.so on first use (bfdload.h).

   Linked into the command, libbfd costs every run its start-up: the
   dynamic loader maps libbfd and libsframe and processes some 15,000
   relocations of theirs before main (LD_DEBUG=statistics), although a
   rewrite never calls BFD.  As a module it is loaded by the runs that
   read a file through BFD, and only by them.  */

#include <config.h>
#include "bfdload.h"
#include <dlfcn.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef RELOPT_BFD_MODULE_PATH
#define RELOPT_BFD_MODULE_PATH "relopt-bfd.so"
#endif

/* Where the module is: beside the command in its build tree (libtool
   leaves it in .libs/), else where make install put it.  The build
   tree's comes first, so a build never loads an older installed one.  */
static void
module_path (char *buf, size_t len)
{
  char exe[PATH_MAX];
  ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  char *slash;

  if (n > 0)
    {
      exe[n] = '\0';
      slash = strrchr (exe, '/');
      if (slash != NULL)
        {
          *slash = '\0';
          snprintf (buf, len, "%s/.libs/relopt-bfd.so", exe);
          if (access (buf, F_OK) == 0)
            return;
        }
    }
  snprintf (buf, len, "%s", RELOPT_BFD_MODULE_PATH);
}

const struct bfdview_ops *
bfdload (char *msg, size_t len)
{
  static const struct bfdview_ops *ops;
  static bool tried;
  static char why[PATH_MAX + 256];

  if (!tried)
    {
      char path[PATH_MAX + 32];
      void *handle;

      tried = true;
      module_path (path, sizeof path);
      /* Never closed: the table is used until exit.  */
      handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);
      if (handle == NULL)
        snprintf (why, sizeof why, "cannot load BFD (%s)", dlerror ());
      else
        {
          ops = dlsym (handle, BFDVIEW_OPS_SYMBOL);
          if (ops == NULL)
            snprintf (why, sizeof why, "%s has no %s", path,
                      BFDVIEW_OPS_SYMBOL);
          else if (ops->abi != BFDVIEW_ABI)
            {
              snprintf (why, sizeof why,
                        "%s is from another relopt build (interface %d, "
                        "not %d)",
                        path, ops->abi, BFDVIEW_ABI);
              ops = NULL;
            }
        }
    }
  if (ops == NULL && msg != NULL && len > 0)
    snprintf (msg, len, "%s", why);
  return ops;
}
