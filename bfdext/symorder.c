/* symorder.c -- .gnu.hash symbol order and renumbering; see symorder.h.  */

#include <config.h>
#include "symorder.h"
#include "symhash.h"
#include <stdlib.h>
#include <string.h>

/* A hashed global: its index before reordering and its GNU hash.  */
struct hashed_sym
{
  uint32_t old;
  uint32_t hash;
};

/* Split IMG's symbols (locals first): index 0, the locals and the unhashed
   globals go to NEW_TO_OLD[0..*N) in their order; the hashed globals to
   HS[0..*NHASHED) in index order, each with its GNU hash.  */
static void
split_symbols (const relopt_image *img, uint32_t *new_to_old,
               struct hashed_sym *hs, uint32_t *n, uint32_t *nhashed)
{
  uint32_t first_global = img->sec[img->symtab].sh_info, i;

  *n = *nhashed = 0;
  /* Index 0 and the locals keep their places, undecoded.  */
  for (i = 0; i < img->nsyms && i < first_global; i++)
    new_to_old[(*n)++] = i;
  for (; i < img->nsyms; i++)
    {
      struct relopt_sym s;
      relopt_image_get_sym (img, i, &s);
      if (!relopt_sym_gnu_hashed (&s))
        new_to_old[(*n)++] = i;
      else
        {
          hs[*nhashed].old = i;
          hs[(*nhashed)++].hash = relopt_gnu_hash (s.name);
        }
    }
}

int
relopt_symorder_gnu (const relopt_image *img, uint32_t *new_to_old,
                     uint32_t *gnu_hash, uint32_t *symoffset,
                     struct relopt_error *err)
{
  uint32_t i, n = 0, nhashed = 0, nbuckets, maskwords, shift2, *start;
  struct hashed_sym *hs;

  hs = malloc ((img->nsyms ? img->nsyms : 1) * sizeof *hs);
  if (hs == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  split_symbols (img, new_to_old, hs, &n, &nhashed);
  relopt_gnu_params (nhashed, img->elfclass == RELOPT_ELFCLASS64 ? 64 : 32,
                     &nbuckets, &maskwords, &shift2);
  start = calloc ((size_t)nbuckets + 1, sizeof *start);
  if (start == NULL)
    {
      free (hs);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  /* A counting sort by bucket, stable: HS is in index order, so the
     result is ordered by (bucket, original index), doc/design.md 3's key.  */
  for (i = 0; i < nhashed; i++)
    start[hs[i].hash % nbuckets + 1]++;
  for (i = 1; i <= nbuckets; i++)
    start[i] += start[i - 1];
  memset (gnu_hash, 0, n * sizeof *gnu_hash);
  *symoffset = n;
  for (i = 0; i < nhashed; i++)
    {
      uint32_t to = n + start[hs[i].hash % nbuckets]++;
      new_to_old[to] = hs[i].old;
      gnu_hash[to] = hs[i].hash;
    }
  free (start);
  free (hs);
  return 0;
}

int
relopt_symorder_check_users (const relopt_image *img, struct relopt_error *err)
{
  uint32_t i;
  char lb[96];

  for (i = 1; i < img->shnum; i++)
    if (img->sec[i].sh_link == img->symtab && i != img->symtab
        && !relopt_symtab_user_type (img->sec[i].sh_type))
      return relopt_set_error (
          err, RELOPT_E_REFUSE,
          "%s (type 0x%x) links to .symtab and may hold symbol indices "
          "relopt cannot remap: refusing to reorder symbols (use "
          "--hash-style=sysv, which needs no reordering)",
          relopt_section_label (img, i, lb, sizeof lb), img->sec[i].sh_type);
  /* A relocation section linked elsewhere: Linux applies every one
     against the module's .symtab whatever sh_link says, so its r_info
     indices would silently name other symbols after a reorder.  */
  for (i = 1; i < img->shnum; i++)
    if ((img->sec[i].sh_type == RELOPT_SHT_REL
         || img->sec[i].sh_type == RELOPT_SHT_RELA)
        && img->sec[i].sh_link != img->symtab)
      return relopt_set_error (
          err, RELOPT_E_REFUSE,
          "%s is a relocation section linked to section %u, not to "
          ".symtab (%u): its symbol indices cannot be remapped safely, "
          "refusing to reorder symbols (use --hash-style=sysv, which needs "
          "no reordering)",
          relopt_section_label (img, i, lb, sizeof lb), img->sec[i].sh_link,
          img->symtab);
  return 0;
}

/* Rewrite the ULEB128 symbol indices of an SHT_LLVM_ADDRSIG section.  */
static int
remap_addrsig (relopt_image *img, uint32_t idx, const uint32_t *old_to_new,
               struct relopt_error *err)
{
  struct relopt_section *s = &img->sec[idx];
  unsigned char *out = malloc (s->sh_size * 5 + 5) /* <= 5 bytes per index */;
  size_t o = 0;
  uint64_t p = 0;
  char lb[96];

  if (out == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  while (p < s->sh_size)
    {
      uint64_t v = 0;
      unsigned shift = 0;
      unsigned char byte;
      do
        {
          if (p >= s->sh_size || shift > 35)
            {
              free (out);
              return relopt_set_error (
                  err, RELOPT_E_FORMAT, "%s: truncated or oversized ULEB128",
                  relopt_section_label (img, idx, lb, sizeof lb));
            }
          byte = s->data[p++];
          v |= (uint64_t)(byte & 0x7f) << shift;
          shift += 7;
        }
      while (byte & 0x80);
      if (v >= img->nsyms)
        {
          free (out);
          return relopt_set_error (
              err, RELOPT_E_FORMAT, "%s: symbol index %llu past .symtab",
              relopt_section_label (img, idx, lb, sizeof lb),
              (unsigned long long)v);
        }
      v = old_to_new[v];
      do
        {
          byte = v & 0x7f;
          v >>= 7;
          out[o++] = byte | (v ? 0x80 : 0);
        }
      while (v);
    }
  relopt_image_set_data (img, idx, out, o);
  return 0;
}

/* Move IMG's symbols (and their SHT_SYMTAB_SHNDX words) into the order
   NEW_TO_OLD, filling OLD_TO_NEW (IMG->nsyms entries), the inverse.  */
static int
permute_symtab (relopt_image *img, const uint32_t *new_to_old,
                uint32_t *old_to_new, struct relopt_error *err)
{
  struct relopt_section *st = &img->sec[img->symtab];
  struct relopt_section *sx = img->shndxsec ? &img->sec[img->shndxsec] : NULL;
  unsigned char *nsym = malloc (st->sh_size);
  unsigned char *nshndx = sx ? malloc (sx->sh_size) : NULL;
  uint32_t i;

  if (nsym == NULL || (sx && nshndx == NULL))
    {
      free (nsym);
      free (nshndx);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  for (i = 0; i < img->nsyms; i++)
    {
      uint32_t o = new_to_old[i];
      old_to_new[o] = i;
      memcpy (nsym + (size_t)i * img->symsize,
              st->data + (size_t)o * img->symsize, img->symsize);
      if (nshndx)
        memcpy (nshndx + 4 * (size_t)i, sx->data + 4 * (size_t)o, 4);
    }
  relopt_image_set_data (img, img->symtab, nsym, st->sh_size);
  if (nshndx)
    relopt_image_set_data (img, img->shndxsec, nshndx, sx->sh_size);
  return 0;
}

/* The symbol index of every relocation of section IDX through
   OLD_TO_NEW (symbol 0 stays 0).  A section none of whose relocations
   names a symbol that moved is left as it is, so the writer reads it
   from the input file (pread).  Otherwise a section
   still in the mapped file is not copied either: the remap is left
   pending (REL_REMAP, through IMG->rel_remap) and applied as the section
   is written, into the writer's buffer, where a private copy would cost an
   allocation, a page fault per fresh page and one more pass over the
   bytes (bench/README.md, "What a rewrite costs").  A private copy (an
   earlier pass made one) is remapped in place.  */
static int
remap_relocs (relopt_image *img, uint32_t idx, const uint32_t *old_to_new,
              struct relopt_error *err)
{
  struct relopt_section *s = &img->sec[idx];
  size_t ent = relopt_image_rel_entsize (img, s->sh_type);
  uint64_t j, first, n = s->sh_size / ent;
  struct relopt_rel r;
  int rc;

  /* Changes an earlier pass left pending are applied first.  */
  rc = relopt_image_rel_pending (img, idx)
           ? relopt_image_own_data (img, idx, err)
           : 0;
  if (rc)
    return rc;
  for (first = 0; first < n; first++)
    {
      relopt_image_get_rel (img, s->sh_type, s->data + first * ent, &r);
      if (old_to_new[r.sym] != r.sym)
        break;
    }
  if (first == n)
    return 0;
  if (!s->data_owned)
    {
      s->rel_remap = true;
      return 0;
    }
  for (j = first; j < n; j++)
    {
      unsigned char *p = s->data + j * ent;
      relopt_image_get_rel (img, s->sh_type, p, &r);
      if (r.sym != 0)
        relopt_image_set_rel_sym (img, p, old_to_new[r.sym]);
    }
  return 0;
}

int
relopt_symorder_apply (relopt_image *img, const uint32_t *new_to_old,
                       struct relopt_error *err)
{
  uint32_t *old_to_new = malloc (img->nsyms * sizeof *old_to_new);
  uint32_t i;
  int rc;

  if (old_to_new == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  rc = permute_symtab (img, new_to_old, old_to_new, err);
  /* Every section that names symbols by index: relocations, group
     signatures, address-significance tables.  */
  for (i = 1; rc == 0 && i < img->shnum; i++)
    {
      struct relopt_section *s = &img->sec[i];
      if (s->sh_link != img->symtab)
        continue;
      if (relopt_image_is_symtab_reloc (img, i))
        rc = remap_relocs (img, i, old_to_new, err);
      else if (s->sh_type == RELOPT_SHT_GROUP)
        s->sh_info = old_to_new[s->sh_info];
      else if (s->sh_type == RELOPT_SHT_LLVM_ADDRSIG)
        rc = remap_addrsig (img, i, old_to_new, err);
    }
  /* The sections left with a pending remap read it from the image.  */
  for (i = 1; rc == 0 && i < img->shnum && old_to_new; i++)
    if (img->sec[i].rel_remap)
      {
        free (img->rel_remap);
        img->rel_remap = old_to_new;
        img->rel_remap_n = img->nsyms;
        old_to_new = NULL;
      }
  free (old_to_new);
  return rc;
}
