/* bfdview-compare.c -- run BFD's half of `relopt --check --against'
   alone: bfdview-compare ORIG REWRITTEN prints BFD's verdict and exits
   0 (same symbols and relocations) or 1 (the difference on stderr), so
   a test can prove BFD's view catches what relopt's own view
   (compare.c, run first by the command) also catches.  2: usage.  */

#include <config.h>
#include "bfdview.h"
#include <stdio.h>

int
main (int argc, char **argv)
{
  char msg[512];

  if (argc != 3)
    {
      fprintf (stderr, "usage: bfdview-compare ORIG REWRITTEN\n");
      return 2;
    }
  if (bfdview_compare (argv[1], argv[2], msg, sizeof msg) != 0)
    {
      fprintf (stderr, "bfdview-compare: %s\n", msg);
      return 1;
    }
  return 0;
}
