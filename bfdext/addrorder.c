/* addrorder.c -- the symbol address order (doc/design.md 9); see
   addrorder.h.  Which symbols belong is the loader library's predicate
   (rlo_sym_indexed), so what relopt writes and what a loader
   validates cannot disagree; the order is this file's.  */

#include <config.h>
#include "addrorder.h"
#include "../loader/relopt-loader.h"
#include "byteorder.h"
#include "image.h"
#include "threeway.h"
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

/* One considered symbol's sort key.  */
struct addr_key
{
  uint64_t section; /* real index, or 2^32 + a reserved st_shndx */
  uint64_t value;   /* st_value */
  uint32_t index;   /* .symtab index */
};

/* The section key of doc/design.md 9: the real section index (SHN_XINDEX
   resolved), and the reserved indices (SHN_ABS, SHN_COMMON, ...) after
   every real section, by their raw value.  */
static uint64_t
section_key (const struct relopt_sym *s)
{
  if (s->st_shndx == RELOPT_SHN_XINDEX || s->st_shndx < RELOPT_SHN_LORESERVE)
    return s->shndx;
  return (uint64_t)1 << 32 | s->st_shndx;
}

static int
cmp_key (const void *pa, const void *pb)
{
  const struct addr_key *a = pa, *b = pb;
  int c = relopt_cmp_u64 (a->section, b->section);

  if (c == 0)
    c = relopt_cmp_u64 (a->value, b->value);
  return c ? c : relopt_cmp_u64 (a->index, b->index);
}

int
relopt_addrorder_build (const relopt_image *img, unsigned char **bufp,
                        size_t *lenp, uint32_t *countp,
                        struct relopt_error *err)
{
  struct addr_key *keys;
  unsigned char *buf;
  uint32_t i, n = 0;

  *bufp = NULL;
  *lenp = 0;
  keys = malloc ((img->nsyms ? img->nsyms : 1) * sizeof *keys);
  if (keys == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  for (i = 1; i < img->nsyms; i++)
    {
      struct relopt_sym s;

      relopt_image_get_sym (img, i, &s);
      if (!rlo_sym_indexed (s.st_shndx, s.name))
        continue;
      keys[n].section = section_key (&s);
      keys[n].value = s.st_value;
      keys[n].index = i;
      n++;
    }
  /* The index is the last key: a total order, so qsort's instability
     cannot show.  */
  qsort (keys, n, sizeof *keys, cmp_key);
  buf = malloc (n ? (size_t)n * 4 : 1);
  if (buf == NULL)
    {
      free (keys);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  for (i = 0; i < n; i++)
    relopt_put32 (buf + 4 * (size_t)i, keys[i].index, img->big);
  free (keys);
  *bufp = buf;
  *lenp = (size_t)n * 4;
  if (countp)
    *countp = n;
  return 0;
}
