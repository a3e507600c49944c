/* fuzz_relopt.c -- libFuzzer target for the relopt core: read -> rewrite ->
   serialize, then, on success, the invariants the output contract
   promises (doc/design.md "Output contract" 7 and "Bad input and failure"):

   0. whatever the reader accepts, relopt_check_image (`relopt --check')
      returns 0 or a check error without crashing, and the image compares
      equal to itself;
   1. a failure is an error value with a code and a one-line message;
   2. the output re-reads as an ET_REL image;
   3. relopt_check_image passes on it with the same options;
   4. relopt_compare_images finds nothing lost between input and output;
   5. a second rewrite of the output is byte-identical (idempotence).

   The options come from the input itself, from e_ident[EI_PAD+6] (byte
   15, padding that the library copies and never interprets), so a corpus
   file replays with the options that found it:
     bits 0-1  hash style XOR 2 (0 = gnu, the default; 1 = both; 2 = none;
               3 = sysv)
     bit 2     --no-merge-strtab
     bit 3     --no-sort-branch-relocs
     bit 4     --drop-signature
   The same function is linked into fuzz/replay (no libFuzzer), which
   `make check' runs over fuzz/regress/.  */

#include <config.h>
#include "image.h"
#include "relopt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

/* Stop with a message naming the broken invariant: libFuzzer records the
   input as a crash.  */
static void
violated (const char *what, const struct relopt_error *err)
{
  fprintf (stderr, "fuzz_relopt: invariant violated: %s%s%s\n", what,
           err ? ": " : "", err ? err->msg : "");
  abort ();
}

static void
options_from_input (const unsigned char *data, size_t size,
                    struct relopt_options *opts)
{
  unsigned b = size > 15 ? data[15] : 0;

  relopt_options_init (opts);
  opts->hash_style = (b & 3) ^ RELOPT_HASH_GNU;
  opts->hash_style_given = true; /* --check then requires those tables */
  opts->merge_strtab = !(b & 4);
  opts->sort_branch_relocs = !(b & 8);
  opts->drop_signature = (b & 16) != 0;
}

static void
check_error (int rc, const struct relopt_error *err)
{
  if (rc >= 0 || rc < RELOPT_E_USAGE)
    violated ("return code outside the RELOPT_E_* range", NULL);
  if (err->code != rc)
    violated ("err.code differs from the return code", err);
  if (err->msg[0] == '\0' || strchr (err->msg, '\n') != NULL)
    violated ("error message empty or not one line", err);
  if (rc == RELOPT_E_USAGE || rc == RELOPT_E_IO || rc == RELOPT_E_CHECK)
    violated ("in-memory rewrite returned an I/O, usage or check code", err);
}

/* Run one input with OPTS and assert the invariants.  Returns 0 when the
   rewrite succeeded, else its (negative) error code.  Shared with the
   mutation test driver (fuzz/mutate.c).  */
int relopt_fuzz_one (const unsigned char *data, size_t size,
                     const struct relopt_options *opts);

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
  struct relopt_options opts;

  options_from_input (data, size, &opts);
  relopt_fuzz_one (data, size, &opts);
  return 0;
}

int
relopt_fuzz_one (const unsigned char *data, size_t size,
                 const struct relopt_options *optsp)
{
  struct relopt_options opts = *optsp;
  struct relopt_error err;
  struct relopt_stats stats;
  unsigned char *out = NULL, *out2 = NULL;
  size_t outlen = 0, outlen2 = 0;
  relopt_image *in_img = NULL, *out_img = NULL;
  int rc;

  /* `relopt --check' and --against read hostile files too: the checker
     must never crash on whatever the reader accepts, and an image
     compares equal to itself.  */
  memset (&err, 0, sizeof err);
  if (relopt_image_read_mem (data, size, &in_img, &err) == 0)
    {
      memset (&err, 0, sizeof err);
      rc = relopt_check_image (in_img, &opts, &err);
      if (rc != 0 && rc != RELOPT_E_CHECK && rc != RELOPT_E_NOMEM)
        violated ("relopt_check_image returned neither 0 nor a check error",
                  &err);
      if (rc != 0 && (err.msg[0] == '\0' || strchr (err.msg, '\n')))
        violated ("check error message empty or not one line", &err);
      memset (&err, 0, sizeof err);
      if (relopt_compare_images (in_img, in_img, &err) != 0)
        {
          /* Except an image with a section of a table type that is not
             relopt's: it is the rewrite of nothing, itself included
             (doc/design.md 1).  */
          struct relopt_error why;
          memset (&why, 0, sizeof why);
          if (relopt_image_refuse_foreign_tables (in_img, &why) == 0)
            violated ("an image differs from itself", &err);
        }
      relopt_image_free (in_img);
      in_img = NULL;
    }

  memset (&err, 0, sizeof err);
  rc = relopt_rewrite_mem (data, size, &opts, &out, &outlen, &stats, &err);
  if (rc != 0)
    {
      check_error (rc, &err);
      if (out != NULL || outlen != 0)
        violated ("failed rewrite returned an output buffer", &err);
      return rc;
    }
  if (stats.file_bytes_after != outlen)
    violated ("stats.file_bytes_after is not the output size", NULL);

  /* 2. The output re-reads.  */
  memset (&err, 0, sizeof err);
  if (relopt_image_read_mem (out, outlen, &out_img, &err) != 0)
    violated ("output does not re-read", &err);

  /* 3. It passes --check with the same options.  */
  memset (&err, 0, sizeof err);
  if (relopt_check_image (out_img, &opts, &err) != 0)
    violated ("output fails relopt_check_image", &err);

  /* 4. Nothing lost (the input read succeeded inside rewrite_mem).  */
  memset (&err, 0, sizeof err);
  if (relopt_image_read_mem (data, size, &in_img, &err) != 0)
    violated ("input re-read failed after a successful rewrite", &err);
  memset (&err, 0, sizeof err);
  if (relopt_compare_images (in_img, out_img, &err) != 0)
    violated ("relopt_compare_images: output differs from input", &err);

  /* 5. Idempotence.  */
  memset (&err, 0, sizeof err);
  if (relopt_rewrite_mem (out, outlen, &opts, &out2, &outlen2, NULL, &err)
      != 0)
    violated ("second rewrite failed", &err);
  if (outlen2 != outlen || memcmp (out, out2, outlen) != 0)
    violated ("second rewrite is not byte-identical", NULL);

  relopt_image_free (in_img);
  relopt_image_free (out_img);
  free (out);
  free (out2);
  return 0;
}
