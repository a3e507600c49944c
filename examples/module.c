/* module.c -- the hand-written part of relopt's sample "module".

   Shaped like a Linux driver module: init_module/cleanup_module entry
   points, a .modinfo section, a weak default that another object may
   override, static helpers, tail calls and calls into the generated parts
   (part<N>.c, from gen-sample.py) and into the "kernel" (undefined
   symbols, see sample.h).  */

#include "sample.h"
#include "sample-gen.h"

#define MODINFO(tag, text) \
  static const char __modinfo_##tag[] \
    __attribute__ ((section (".modinfo"), used, aligned (1))) = #tag "=" text

MODINFO (license, "GPL");
MODINFO (description, "relopt sample module");
MODINFO (author, "relopt");

int sample_debug;

/* A weak default: a board file may provide a strong sample_board_setup.  */
WEAK NOINLINE int
sample_board_setup (int x)
{
  return x + 1;
}

static NOINLINE int
sample_probe_all (int x)
{
#define CALL_ENTRY(n) x += part##n##_entry (x);
  SAMPLE_FOR_EACH_PART (CALL_ENTRY)
#undef CALL_ENTRY
  return x;
}

static NOINLINE void
sample_remove_all (void)
{
#define CALL_EXIT(n) part##n##_exit ();
  SAMPLE_FOR_EACH_PART (CALL_EXIT)
#undef CALL_EXIT
}

/* Ends in a tail call (a jump, not a call, at -O2).  */
NOINLINE int
sample_setup (int x)
{
  mutex_lock (x);
  x = sample_board_setup (x);
  mutex_unlock (x);
  return sample_probe_all (x);
}

int
init_module (void)
{
  int r = sample_setup (sample_debug);
  if (r < 0)
    {
      printk ("sample: setup failed %d\n", r);
      return r;
    }
  if (optional_hook)
    optional_hook (r);
  return 0;
}

void
cleanup_module (void)
{
  sample_remove_all ();
  printk ("sample: unloaded\n");
}
