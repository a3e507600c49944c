/* strip.h -- running the real binutils strip for relopt --strip-debug and
   --strip-unneeded, and the command's scratch files.  Command only.  */

#ifndef RELOPT_STRIP_H
#define RELOPT_STRIP_H

#include "relopt.h"
#include <stddef.h>

/* The strip program relopt runs for --strip-debug and --strip-unneeded
   instead of its own strip: $RELOPT_STRIP when set and not empty, else
   NULL (relopt strips in the rewrite itself, bfdext/stripdebug.c).  The
   environment's storage: do not free.  */
const char *cmd_strip_program (void);

/* Strip an ELF object with `PROGRAM OPTION -o OUT IN', where OPTION is
   "--strip-debug" or "--strip-unneeded", OUT a file in a new private
   directory under $TMPDIR (default /tmp) and IN the file PATH when PATH
   is not NULL (it must hold exactly the LEN bytes at BUF: strip only
   reads it), else a copy of the LEN bytes at BUF in that directory.
   Spawned with posix_spawnp, with the termination signals relopt holds
   unblocked, so an interrupt stops it.  On success *OUTP (malloc'd, owned
   by the caller) holds the stripped bytes, *OUTLENP their count.  The
   directory and everything strip left in it are removed whatever
   happens.  strip's own diagnostics go to our stderr.  Errors: RELOPT_E_IO
   (cannot spawn or strip missing, strip exited non-zero, was killed or
   wrote no OUT: the message says which), RELOPT_E_REFUSE when this relopt was
   itself started as that strip (RELOPT_STRIP naming relopt would recurse).  */
int cmd_run_strip (const char *option, const char *path,
                   const unsigned char *buf, size_t len, unsigned char **outp,
                   size_t *outlenp, struct relopt_error *err);

/* The asynchronous signals whose default action ends the process
   (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
   SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO, SIGPWR), CMD_NHELD_SIGNALS
   of them: the command holds them while it processes a file, so an
   interrupted run leaves no temporary file, and unblocks them for the
   strip program it runs.  Synchronous ones (SIGSEGV, SIGBUS...) cannot
   be held.  */
extern const int cmd_held_signals[];
extern const size_t cmd_nheld_signals;

/* Write LEN bytes at BUF to a new file under $TMPDIR (default /tmp),
   mode 0600, for tools that read paths (BFD).  *PATHP is malloc'd; the
   caller unlinks and frees it.  Errors: RELOPT_E_IO.  */
int cmd_write_temp (const unsigned char *buf, size_t len, char **pathp,
                    struct relopt_error *err);

#endif /* RELOPT_STRIP_H */
