/* fakeld.c -- a stand-in linker for plugin.exp: loads relopt.so, hands it
   a transfer vector built from the command line, and calls its cleanup
   hook, so that the plugin's paths that real linkers reach only by
   accident (a zero-filled partial output, a message callback that
   returns after LDPL_FATAL, no callback at all, unknown tags, cleanup
   called twice) can be tested.

   fakeld PLUGIN KIND OUTPUT [OPTION]...
     KIND: rel, exec, dyn or pie.
   Environment: FAKELD_NO_MESSAGE, FAKELD_NO_OUTPUT_NAME and
   FAKELD_NO_CLEANUP leave that entry out of the vector.

   Prints one line per event: "message LEVEL TEXT", "onload STATUS",
   "cleanup STATUS" (the hook is called twice), and exits 0; exit 2 on
   usage errors.  */

#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugin-api.h>

static ld_plugin_cleanup_handler cleanup_handler;

static enum ld_plugin_status
fake_message (int level, const char *format, ...)
{
  va_list ap;

  printf ("message %d ", level);
  va_start (ap, format);
  vprintf (format, ap);
  va_end (ap);
  putchar ('\n');
  return LDPS_OK;
}

static enum ld_plugin_status
fake_register_cleanup (ld_plugin_cleanup_handler handler)
{
  cleanup_handler = handler;
  return LDPS_OK;
}

int
main (int argc, char **argv)
{
  struct ld_plugin_tv tv[64];
  ld_plugin_onload onload;
  void *h;
  int n = 0, i, kind;

  if (argc < 4 || argc > 40)
    {
      fprintf (stderr, "usage: fakeld PLUGIN KIND OUTPUT [OPTION]...\n");
      return 2;
    }
  if (strcmp (argv[2], "rel") == 0)
    kind = LDPO_REL;
  else if (strcmp (argv[2], "exec") == 0)
    kind = LDPO_EXEC;
  else if (strcmp (argv[2], "dyn") == 0)
    kind = LDPO_DYN;
  else if (strcmp (argv[2], "pie") == 0)
    kind = LDPO_PIE;
  else
    {
      fprintf (stderr, "fakeld: bad kind %s\n", argv[2]);
      return 2;
    }

  h = dlopen (argv[1], RTLD_NOW);
  if (h == NULL)
    {
      fprintf (stderr, "fakeld: %s\n", dlerror ());
      return 2;
    }
  onload = (ld_plugin_onload) dlsym (h, "onload");
  if (onload == NULL)
    {
      fprintf (stderr, "fakeld: no onload in %s\n", argv[1]);
      return 2;
    }

  /* Options first and an unknown tag early: the plugin must not depend
     on the order of the vector.  */
  tv[n].tv_tag = LDPT_API_VERSION;
  tv[n++].tv_u.tv_val = LD_PLUGIN_API_VERSION;
  tv[n].tv_tag = (enum ld_plugin_tag) 9999;
  tv[n++].tv_u.tv_val = 42;
  for (i = 4; i < argc; i++)
    {
      tv[n].tv_tag = LDPT_OPTION;
      tv[n++].tv_u.tv_string = argv[i];
    }
  tv[n].tv_tag = LDPT_LINKER_OUTPUT;
  tv[n++].tv_u.tv_val = kind;
  if (getenv ("FAKELD_NO_OUTPUT_NAME") == NULL)
    {
      tv[n].tv_tag = LDPT_OUTPUT_NAME;
      tv[n++].tv_u.tv_string = argv[3];
    }
  if (getenv ("FAKELD_NO_CLEANUP") == NULL)
    {
      tv[n].tv_tag = LDPT_REGISTER_CLEANUP_HOOK;
      tv[n++].tv_u.tv_register_cleanup = fake_register_cleanup;
    }
  if (getenv ("FAKELD_NO_MESSAGE") == NULL)
    {
      tv[n].tv_tag = LDPT_MESSAGE;
      tv[n++].tv_u.tv_message = fake_message;
    }
  tv[n].tv_tag = LDPT_NULL;
  tv[n++].tv_u.tv_val = 0;

  printf ("onload %d\n", (int) onload (tv));
  fflush (stdout);
  if (cleanup_handler != NULL)
    {
      printf ("cleanup %d\n", (int) cleanup_handler ());
      printf ("cleanup %d\n", (int) cleanup_handler ());
    }
  return 0;
}
