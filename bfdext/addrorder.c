/* addrorder.c -- the symbol address order (doc/design.md 9); see
   addrorder.h.  Which symbols belong is the loader library's predicate
   (rlo_sym_indexed, through relopt_image_sym_sysv_hashed), so what
   relopt writes and what a loader validates cannot disagree; the order
   is this file's.  */

#include <config.h>
#include "addrorder.h"
#include "byteorder.h"
#include "image.h"
#include <stdlib.h>
#include <string.h>

bool
relopt_image_is_linux_module (const relopt_image *img)
{
  uint32_t i;

  for (i = 1; i < img->shnum; i++)
    if (strcmp (img->sec[i].name, ".gnu.linkonce.this_module") == 0)
      return true;
  return false;
}

bool
relopt_addrorder_wanted (const relopt_image *img,
                         const struct relopt_options *opts)
{
  switch (opts->addr_order)
    {
    case RELOPT_ADDR_ORDER_YES:
      return true;
    case RELOPT_ADDR_ORDER_NO:
      return false;
    default:
      return relopt_image_is_linux_module (img);
    }
}

/* One considered symbol's sort key: its section's bucket, then st_value
   and the .symtab index.  */
struct addr_key
{
  uint64_t value;  /* st_value */
  uint32_t index;  /* .symtab index */
  uint32_t bucket; /* section_bucket */
};

/* The section key of doc/design.md 9 as a bucket number, in the same
   order: the real section index (SHN_XINDEX resolved, below SHNUM, as
   parsing made sure), then the reserved indices (SHN_ABS, SHN_COMMON,
   ...) after every real section, by their raw value.  */
static uint32_t
section_bucket (const struct relopt_sym *s, uint32_t shnum)
{
  if (s->st_shndx == RELOPT_SHN_XINDEX || s->st_shndx < RELOPT_SHN_LORESERVE)
    return s->shndx;
  return shnum + (s->st_shndx - RELOPT_SHN_LORESERVE);
}

/* Sort K[0..N) by value, stably (equal values keep their index order),
   through TMP (N keys): an LSD radix sort on the values' bytes, skipping
   each byte all values share (section offsets rarely use more than 3).
   Returns the sorted array, K or TMP.  A merge sort per section spent
   most of this pass's time on mispredicted branches; this moves each key
   once a byte that differs.  */
static struct addr_key *
sort_by_value (struct addr_key *k, struct addr_key *tmp, size_t n)
{
  uint32_t count[8][256];
  uint64_t differ = 0;
  unsigned d, b;
  size_t i;

  /* The bytes in which some value differs from the first: only those
     are counted and sorted on.  */
  for (i = 1; i < n; i++)
    differ |= k[i].value ^ k[0].value;
  memset (count, 0, sizeof count);
  for (d = 0; d < 8; d++)
    if ((differ >> (8 * d)) & 0xff)
      for (i = 0; i < n; i++)
        count[d][(k[i].value >> (8 * d)) & 0xff]++;
  for (d = 0; d < 8; d++)
    {
      uint32_t sum = 0, x;
      struct addr_key *t;
      if (((differ >> (8 * d)) & 0xff) == 0)
        continue;
      for (b = 0; b < 256; b++)
        {
          x = count[d][b];
          count[d][b] = sum;
          sum += x;
        }
      for (i = 0; i < n; i++)
        tmp[count[d][(k[i].value >> (8 * d)) & 0xff]++] = k[i];
      t = k;
      k = tmp;
      tmp = t;
    }
  return k;
}

int
relopt_addrorder_build (const relopt_image *img, const unsigned char *indexed,
                        unsigned char **bufp, size_t *lenp, uint32_t *countp,
                        struct relopt_error *err)
{
  /* Buckets: the real sections, then the 256 reserved indices.  */
  size_t nb = (size_t)img->shnum + 256, b;
  struct addr_key *keys, *sorted, *by_value, *out;
  uint32_t *count;
  unsigned char *buf;
  uint32_t i, n = 0;

  *bufp = NULL;
  *lenp = 0;
  keys = malloc ((img->nsyms ? img->nsyms : 1) * sizeof *keys);
  sorted = malloc ((img->nsyms ? img->nsyms : 1) * sizeof *sorted);
  count = calloc (nb + 1, sizeof *count);
  buf = NULL;
  if (keys == NULL || sorted == NULL || count == NULL)
    goto nomem;
  for (i = 1; i < img->nsyms; i++)
    {
      struct relopt_sym s;

      if (!(indexed ? indexed[i] : relopt_image_sym_sysv_hashed (img, i)))
        continue;
      relopt_image_get_sym (img, i, &s);
      keys[n].bucket = section_bucket (&s, img->shnum);
      keys[n].value = s.st_value;
      keys[n].index = i;
      count[keys[n].bucket + 1]++;
      n++;
    }
  /* By value (stable: index order among equal values), then by bucket
     (a counting sort, stable): (section, value, index) order.  */
  by_value = sort_by_value (keys, sorted, n);
  out = by_value == keys ? sorted : keys;
  for (b = 1; b <= nb; b++)
    count[b] += count[b - 1];
  for (i = 0; i < n; i++)
    out[count[by_value[i].bucket]++] = by_value[i];
  buf = malloc (n ? (size_t)n * 4 : 1);
  if (buf == NULL)
    goto nomem;
  for (i = 0; i < n; i++)
    relopt_put32 (buf + 4 * (size_t)i, out[i].index, img->big);
  free (keys);
  free (sorted);
  free (count);
  *bufp = buf;
  *lenp = (size_t)n * 4;
  if (countp)
    *countp = n;
  return 0;

nomem:
  free (keys);
  free (sorted);
  free (count);
  return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
}
