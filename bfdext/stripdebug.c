/* stripdebug.c -- relopt's own `strip --strip-debug' and `strip
   --strip-unneeded' for ET_REL objects: the first pass of a rewrite
   (pipeline.c), so a stripped and rewritten module costs one read and
   one write, with no strip process.

   Why it must equal binutils strip, and how.  kbuild runs relopt in
   strip's place (`make modules_install STRIP=relopt INSTALL_MOD_STRIP=1'),
   and a user who swaps binutils strip for relopt must get the same module
   plus the tables.  So the output of this pass, rewritten, is byte for
   byte what `strip MODE' followed by relopt gives (scripts/
   kbuild-dbg-compare.sh proves it over Debian's 4,023 -dbg modules).
   The rules follow binutils 2.40 (Debian's binutils-source 2.40-2):

   Sections (binutils/objcopy.c, is_strip_section_1 and is_strip_section;
   bfd/elf.c, _bfd_elf_make_section_from_shdr sets SEC_DEBUGGING):
   - removed: every section without SHF_ALLOC whose name starts with
     ".debug", ".gnu.debuglto_.debug_", ".gnu.linkonce.wi.", ".zdebug",
     ".line" or ".stab", or is ".gdb_index";
   - removed with it: the relocation section that applies to it (BFD
     keeps relocations inside the section they apply to);
   - a section group (SHT_GROUP) all of whose sections are removed is
     removed (is_strip_section, "Remove the group section if all members
     are removed").
   - any .hash/.gnu.hash over .symtab: removed here, since the rewrite
     builds them again (today's route ran `relopt --hash-style=none'
     before strip for the same reason).

   Symbols (objcopy.c, filter_symbols; a symbol's BFD flags come from
   bfd/elfcode.h, elf_slurp_symbol_table: STT_SECTION and STT_FILE are
   BSF_DEBUGGING, a defined STB_GLOBAL is BSF_GLOBAL, an undefined one has
   no binding flag):
   - kept: a symbol a kept relocation refers to (BSF_KEEP,
     mark_symbols_used_in_relocations), a kept group's signature
     (setup_section), and on ARM and AArch64 the mapping symbols
     (backend_keeps below);
   - kept: defined global, weak and common symbols;
   - --strip-debug keeps undefined symbols and the other locals except
     STT_SECTION and STT_FILE; --strip-unneeded removes them all (an
     STB_GNU_UNIQUE symbol counts as local there, as in filter_symbols);
   - removed whatever the above says: a symbol defined in a removed
     section.

   Output form (bfd/elf.c): sections numbered as assign_section_numbers
   does (groups first, each relocation section right after the section it
   applies to, then .symtab, .strtab, .shstrtab); symbols locals first in
   their order (elf_map_symbols), a local STT_SECTION symbol unnamed
   (swap_out_syms); relocations keep their fields but the symbol index,
   which is 0 for a symbol that is SHN_ABS with value 0 (elfcode.h,
   elf_write_relocs); .strtab and .shstrtab laid out as
   bfd/elf-strtab.c's _bfd_elf_strtab_finalize lays them out
   (relopt_strtab_merge_bfd), with the names in the order BFD adds them
   (section names: .symtab, .strtab, .shstrtab, then each section and
   after it ".rel"/".rela" and its name).

   What relopt does not reproduce it refuses, naming it, and points to
   RELOPT_STRIP (binutils strip then runs as before): one table for
   symbol and section names (clang -c), SHT_SYMTAB_SHNDX, a group that
   would lose only some of its sections, a relocation section that
   applies to no section or is empty, a second relocation section for one
   section, other sections that refer to .symtab or the string tables, a
   relocation against a symbol of a removed section, a local symbol that
   is undefined or common, a symbol with a processor-specific section
   index.  */

#include <config.h>
#include "stripdebug.h"
#include "iberty.h"
#include "strtab.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHF_INFO_LINK 0x40u
#define SHF_LINK_ORDER 0x80u
#define STB_GLOBAL 1
#define STB_WEAK 2
#define STB_GNU_UNIQUE 10
#define NO_SYMBOL UINT32_MAX

/* What a section is to BFD.  */
enum role
{
  ROLE_SECTION, /* a BFD section: copied, or removed as debug info */
  ROLE_RELOC,   /* relocations of TARGET, part of that BFD section */
  ROLE_GROUP,   /* SHT_GROUP */
  ROLE_TABLE,   /* .symtab, .strtab, .shstrtab: written anew */
  ROLE_HASH     /* .hash/.gnu.hash/.addrorder over .symtab: removed */
};

/* The state of one strip: per section (old index) its role, whether it
   goes, its relocation section or target, its new index; per symbol
   whether a relocation or group needs it and its new index.  */
struct strip
{
  relopt_image *img;
  unsigned mode;
  unsigned char *role;
  bool *removed;
  uint32_t *target;  /* ROLE_RELOC: the section it applies to */
  uint32_t *reloc;   /* its relocation section, or 0 */
  uint32_t *created; /* BFD's section list: old indices, created order */
  uint32_t ncreated;
  uint32_t *newsec; /* old index -> new, 0 when removed */
  uint32_t new_symtab, new_strtab, new_shstrtab, new_shnum;
  bool *used;
  uint32_t *newsym; /* old symbol index -> new, NO_SYMBOL when removed */
  uint32_t *oldsym; /* new symbol index -> old */
  uint32_t nnew, nlocals;
};

/* An object this pass does not reproduce: RELOPT_E_REFUSE, saying so.  */
static int refuse (struct relopt_error *err, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));

static int
refuse (struct relopt_error *err, const char *fmt, ...)
{
  char what[400];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (what, sizeof what, fmt, ap);
  va_end (ap);
  return relopt_set_error (err, RELOPT_E_REFUSE,
                           "%s: relopt's own strip does not handle this "
                           "(set RELOPT_STRIP=strip to run binutils strip)",
                           what);
}

static bool
startswith (const char *s, const char *prefix)
{
  return strncmp (s, prefix, strlen (prefix)) == 0;
}

/* Whether BFD marks section S SEC_DEBUGGING (bfd/elf.c,
   _bfd_elf_make_section_from_shdr), which is what --strip-debug and
   --strip-unneeded remove (objcopy.c, is_strip_section_1; the sections
   it exempts there, .reloc, .gnu_debuglink and .gnu_debugaltlink, never
   have such names).  */
static bool
debug_section (const struct relopt_section *s)
{
  const char *n = s->name;

  if ((s->sh_flags & RELOPT_SHF_ALLOC) != 0 || n[0] != '.')
    return false;
  return startswith (n, ".debug") || startswith (n, ".gnu.debuglto_.debug_")
         || startswith (n, ".gnu.linkonce.wi.") || startswith (n, ".zdebug")
         || startswith (n, ".line") || startswith (n, ".stab")
         || strcmp (n, ".gdb_index") == 0;
}

static bool
is_reloc_type (uint32_t t)
{
  return t == RELOPT_SHT_REL || t == RELOPT_SHT_RELA;
}

/* The role of every section, and each relocation section's target.  */
static int
classify (struct strip *st, struct relopt_error *err)
{
  const relopt_image *img = st->img;
  uint32_t i;
  char lb[96], lb2[96];

  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      uint32_t t = s->sh_info;

      relopt_section_label (img, i, lb, sizeof lb);
      if (i == img->symtab || i == img->strtab || i == img->shstrndx)
        st->role[i] = ROLE_TABLE;
      else if (s->sh_type == RELOPT_SHT_GROUP)
        st->role[i] = ROLE_GROUP;
      else if (relopt_is_table_type (s->sh_type) && s->sh_link == img->symtab)
        st->role[i] = ROLE_HASH;
      else if (is_reloc_type (s->sh_type) && s->sh_link == img->symtab)
        {
          if (t == 0 || t >= img->shnum || t == img->symtab || t == img->strtab
              || t == img->shstrndx || is_reloc_type (img->sec[t].sh_type)
              || img->sec[t].sh_type == RELOPT_SHT_GROUP)
            return refuse (err, "%s applies to no section", lb);
          if (st->reloc[t] != 0)
            return refuse (err, "%s is a second relocation section for %s", lb,
                           relopt_section_label (img, t, lb2, sizeof lb2));
          if (s->sh_size == 0)
            return refuse (err, "%s is empty", lb);
          st->role[i] = ROLE_RELOC;
          st->target[i] = t;
          st->reloc[t] = i;
        }
      else if (is_reloc_type (s->sh_type))
        /* Its symbol indices could not be renumbered: relopt kept it as
           it was, naming other symbols of the new .symtab (a second
           fresh user's finding, 2026-12-05).  */
        return refuse (err,
                       "%s is a relocation section linked to section %u, "
                       "not .symtab",
                       lb, s->sh_link);
      else if (s->sh_link != 0
               && (s->sh_link == img->symtab || s->sh_link == img->strtab
                   || s->sh_link == img->shstrndx))
        return refuse (
            err, "%s refers to %s", lb,
            relopt_section_label (img, s->sh_link, lb2, sizeof lb2));
      else
        st->role[i] = ROLE_SECTION;
    }
  return 0;
}

/* Which sections go: debug sections, their relocations, hash tables,
   groups left empty.  */
static int
mark_sections (struct strip *st, struct relopt_error *err)
{
  const relopt_image *img = st->img;
  uint32_t i;
  uint64_t j;
  char lb[96];

  for (i = 1; i < img->shnum; i++)
    st->removed[i]
        = (st->role[i] == ROLE_SECTION && debug_section (&img->sec[i]))
          || st->role[i] == ROLE_HASH;
  for (i = 1; i < img->shnum; i++)
    if (st->role[i] == ROLE_RELOC)
      st->removed[i] = st->removed[st->target[i]];
  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      unsigned kept = 0, gone = 0;

      if (st->role[i] != ROLE_GROUP)
        continue;
      relopt_section_label (img, i, lb, sizeof lb);
      if (s->sh_info == 0)
        return refuse (err, "%s has no signature symbol", lb);
      for (j = 1; j < s->sh_size / 4; j++)
        {
          uint32_t m = relopt_get32 (s->data + 4 * j, img->big);
          if (st->role[m] == ROLE_SECTION && st->removed[m])
            gone++;
          else if (st->role[m] == ROLE_SECTION)
            kept++;
        }
      if (gone > 0 && kept > 0)
        return refuse (err, "%s would lose some of its sections", lb);
      st->removed[i] = kept == 0;
    }
  return 0;
}

/* The symbols kept relocations and kept groups refer to (BSF_KEEP).  */
static void
mark_used_symbols (struct strip *st)
{
  const relopt_image *img = st->img;
  uint32_t i;

  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];

      if (st->removed[i])
        continue;
      if (st->role[i] == ROLE_GROUP)
        st->used[s->sh_info] = true;
      else if (st->role[i] == ROLE_RELOC)
        {
          size_t es = relopt_image_rel_entsize (img, s->sh_type);
          uint64_t k, n = s->sh_size / es;
          struct relopt_rel rel;

          for (k = 0; k < n; k++)
            {
              relopt_image_get_rel (img, s->sh_type, s->data + k * es, &rel);
              st->used[rel.sym] = true;
            }
        }
    }
  st->used[0] = false;
}

/* Whether the ARM or AArch64 backend marks SYM BSF_KEEP in an object
   file, so that strip --strip-unneeded keeps it: a mapping symbol not
   in SHN_ABS (bfd/elf32-arm.c, elf32_arm_backend_symbol_processing and
   is_arm_mapping_symbol: "$a", "$d", "$t", "$x"; bfd/elfnn-aarch64.c,
   elfNN_aarch64_backend_symbol_processing and
   is_aarch64_mapping_symbol: "$d", "$x"; each alone or followed by '.').
   Not relopt_is_mapping_symbol: AArch64's list is shorter here.  */
static bool
backend_keeps (const relopt_image *img, const struct relopt_sym *sym)
{
  const char *n = sym->name;
  const char *kinds = img->e_machine == RELOPT_EM_ARM       ? "adtx"
                      : img->e_machine == RELOPT_EM_AARCH64 ? "dx"
                                                            : NULL;

  return kinds != NULL && sym->shndx != RELOPT_SHN_ABS && n[0] == '$'
         && n[1] != '\0' && strchr (kinds, n[1]) != NULL
         && (n[2] == '\0' || n[2] == '.');
}

/* Whether filter_symbols keeps symbol IDX (SYM), before its section's
   fate is considered.  */
static bool
keep_symbol (const struct strip *st, uint32_t idx,
             const struct relopt_sym *sym)
{
  unsigned bind = sym->st_info >> 4, type = sym->st_info & 0xf;
  bool undefined = sym->shndx == RELOPT_SHN_UNDEF;
  bool common = sym->shndx == RELOPT_SHN_COMMON;
  bool global = bind == STB_GLOBAL && !undefined && !common;

  if (st->used[idx] || backend_keeps (st->img, sym))
    return true; /* BSF_KEEP: "Used in relocation.", or a mapping symbol */
  if (global || bind == STB_WEAK || common)
    return true; /* relocatable file: global, weak, common */
  if (undefined)
    return st->mode != RELOPT_STRIP_UNNEEDED;
  if (type == RELOPT_STT_SECTION || type == RELOPT_STT_FILE)
    return false;                           /* BSF_DEBUGGING */
  return st->mode != RELOPT_STRIP_UNNEEDED; /* local */
}

/* Whether BFD counts SYM global (bfd/elf.c, sym_is_global): it then goes
   after the locals.  */
static bool
bfd_global (const struct relopt_sym *sym)
{
  unsigned bind = sym->st_info >> 4;

  return bind == STB_GLOBAL || bind == STB_WEAK || bind == STB_GNU_UNIQUE
         || sym->shndx == RELOPT_SHN_UNDEF || sym->shndx == RELOPT_SHN_COMMON;
}

/* The new symbol table's order: kept locals, then kept globals, each in
   their order.  */
static int
order_symbols (struct strip *st, struct relopt_error *err)
{
  const relopt_image *img = st->img;
  struct relopt_sym sym;
  uint32_t i, pass, n = 1;

  st->oldsym[0] = 0;
  st->newsym[0] = 0;
  for (i = 1; i < img->nsyms; i++)
    {
      bool keep;

      relopt_image_get_sym (img, i, &sym);
      if (sym.st_shndx == RELOPT_SHN_XINDEX)
        return refuse (err, "symbol %u has an extended section index", i);
      /* Processor-specific indices (SHN_MIPS_SCOMMON,
         SHN_X86_64_LCOMMON...) mean what each backend says.  */
      if (sym.st_shndx >= RELOPT_SHN_LORESERVE && sym.st_shndx < 0xff20u)
        return refuse (err,
                       "symbol '%.80s' has the processor-specific "
                       "section index 0x%x",
                       sym.name, sym.st_shndx);
      keep = keep_symbol (st, i, &sym);
      if (keep && sym.shndx != 0 && sym.shndx < RELOPT_SHN_LORESERVE)
        {
          unsigned char r = st->role[sym.shndx];
          if (r != ROLE_SECTION && r != ROLE_GROUP)
            return refuse (err,
                           "symbol '%.80s' is defined in a section "
                           "BFD does not copy",
                           sym.name);
          if (st->removed[sym.shndx])
            {
              if (st->used[i])
                return refuse (err,
                               "symbol '%.80s' of a removed section is "
                               "used by a kept relocation or group",
                               sym.name);
              keep = false;
            }
        }
      if (keep && (sym.st_info >> 4) == RELOPT_STB_LOCAL
          && (sym.shndx == RELOPT_SHN_UNDEF || sym.shndx == RELOPT_SHN_COMMON))
        return refuse (err, "local symbol '%.80s' is undefined or common",
                       sym.name);
      st->newsym[i] = keep ? 0 : NO_SYMBOL;
    }
  /* Pass 0 numbers the locals, pass 1 the globals.  */
  for (pass = 0; pass < 2; pass++)
    {
      for (i = 1; i < img->nsyms; i++)
        {
          if (st->newsym[i] == NO_SYMBOL)
            continue;
          relopt_image_get_sym (img, i, &sym);
          if (bfd_global (&sym) != (pass == 1))
            continue;
          st->newsym[i] = n;
          st->oldsym[n++] = i;
        }
      if (pass == 0)
        st->nlocals = n;
    }
  st->nnew = n;
  return 0;
}

/* BFD's section list (objcopy copies it in this order): sections in
   index order, a relocation section's target created when the relocation
   section is met first (bfd/elf.c, bfd_section_from_shdr).  Then the
   numbering of assign_section_numbers.  */
static int
number_sections (struct strip *st, struct relopt_error *err)
{
  const relopt_image *img = st->img;
  uint32_t i, k, n = 1;
  bool *seen = calloc (img->shnum, sizeof *seen);

  if (seen == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  for (i = 1; i < img->shnum; i++)
    {
      uint32_t c = st->role[i] == ROLE_RELOC ? st->target[i] : i;
      if ((st->role[c] == ROLE_SECTION || st->role[c] == ROLE_GROUP)
          && !seen[c])
        {
          seen[c] = true;
          st->created[st->ncreated++] = c;
        }
    }
  free (seen);
  for (k = 0; k < st->ncreated; k++)
    if (st->role[st->created[k]] == ROLE_GROUP && !st->removed[st->created[k]])
      st->newsec[st->created[k]] = n++;
  for (k = 0; k < st->ncreated; k++)
    {
      uint32_t c = st->created[k];
      if (st->role[c] != ROLE_SECTION || st->removed[c])
        continue;
      st->newsec[c] = n++;
      if (st->reloc[c] != 0)
        st->newsec[st->reloc[c]] = n++;
    }
  st->new_symtab = n++;
  st->new_strtab = n++;
  st->new_shstrtab = n++;
  st->new_shnum = n;
  if (n >= RELOPT_SHN_LORESERVE)
    return refuse (err, "the stripped object would need extended section "
                        "numbering");
  return 0;
}

/* .shstrtab as BFD writes it; *SH_NAME gets each new section's sh_name
   (new_shnum entries).  */
static int
build_shstrtab (struct strip *st, uint32_t *sh_name, unsigned char **bufp,
                size_t *lenp, struct relopt_error *err)
{
  const relopt_image *img = st->img;
  size_t cap = 3 + 2 * (size_t)st->ncreated, n = 0, k;
  const char **names = calloc (cap, sizeof *names);
  uint32_t *at = calloc (cap, sizeof *at); /* new index of names[k] */
  char **owned = calloc (cap, sizeof *owned);
  uint32_t *off = calloc (cap, sizeof *off);
  int rc = RELOPT_E_NOMEM;

  if (names == NULL || at == NULL || owned == NULL || off == NULL)
    goto out;
  names[n] = ".symtab", at[n++] = st->new_symtab;
  names[n] = ".strtab", at[n++] = st->new_strtab;
  names[n] = ".shstrtab", at[n++] = st->new_shstrtab;
  for (k = 0; k < st->ncreated; k++)
    {
      uint32_t c = st->created[k], r = st->reloc[c];
      if (st->removed[c])
        continue;
      names[n] = img->sec[c].name, at[n++] = st->newsec[c];
      if (r != 0 && !st->removed[r])
        {
          owned[n] = concat (img->sec[r].sh_type == RELOPT_SHT_RELA ? ".rela"
                                                                    : ".rel",
                             img->sec[c].name, NULL);
          names[n] = owned[n], at[n++] = st->newsec[r];
        }
    }
  rc = relopt_strtab_merge_bfd (names, n, bufp, lenp, off, err);
  for (k = 0; rc == 0 && k < n; k++)
    sh_name[at[k]] = off[k];
out:
  if (rc == RELOPT_E_NOMEM)
    relopt_set_error (err, rc, "out of memory");
  for (k = 0; owned && k < cap; k++)
    free (owned[k]);
  free (owned);
  free (names);
  free (at);
  free (off);
  return rc;
}

/* The new .symtab (*SYMP, nnew records) and .strtab (*STRP), BFD's
   layout: names in symbol order, a local section symbol unnamed.  */
static int
build_symtab (struct strip *st, unsigned char **symp, unsigned char **strp,
              size_t *strlenp, struct relopt_error *err)
{
  const relopt_image *img = st->img;
  size_t es = img->symsize;
  const char **names = calloc (st->nnew, sizeof *names);
  uint32_t *off = calloc (st->nnew, sizeof *off);
  unsigned char *out = calloc (st->nnew, es);
  struct relopt_sym sym;
  uint32_t n;
  int rc;

  *symp = NULL;
  if (names == NULL || off == NULL || out == NULL)
    {
      free (names);
      free (off);
      free (out);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  for (n = 1; n < st->nnew; n++)
    {
      relopt_image_get_sym (img, st->oldsym[n], &sym);
      names[n] = (sym.st_info & 0xf) == RELOPT_STT_SECTION
                         && (sym.st_info >> 4) == RELOPT_STB_LOCAL
                     ? NULL
                     : sym.name;
    }
  rc = relopt_strtab_merge_bfd (names, st->nnew, strp, strlenp, off, err);
  for (n = 0; rc == 0 && n < st->nnew; n++)
    {
      unsigned char *p = out + (size_t)n * es;
      unsigned shndx_at = img->elfclass == RELOPT_ELFCLASS32 ? 14 : 6;
      uint16_t shndx;

      memcpy (p, relopt_image_sym_raw (img, st->oldsym[n]), es);
      relopt_put32 (p, off[n], img->big);
      shndx = relopt_get16 (p + shndx_at, img->big);
      if (shndx != 0 && shndx < RELOPT_SHN_LORESERVE)
        relopt_put16 (p + shndx_at, (uint16_t)st->newsec[shndx], img->big);
    }
  free (names);
  free (off);
  if (rc == 0)
    *symp = out;
  else
    free (out);
  return rc;
}

/* Kept relocations and groups refer to the new symbol and section
   indices.  */
static int
remap_users (struct strip *st, struct relopt_error *err)
{
  relopt_image *img = st->img;
  struct relopt_sym sym;
  uint32_t i;
  uint64_t k;
  int rc;

  for (i = 1; i < img->shnum; i++)
    {
      struct relopt_section *s = &img->sec[i];

      if (st->removed[i]
          || (st->role[i] != ROLE_RELOC && st->role[i] != ROLE_GROUP))
        continue;
      rc = relopt_image_own_data (img, i, err);
      if (rc)
        return rc;
      if (st->role[i] == ROLE_GROUP)
        {
          for (k = 1; k < s->sh_size / 4; k++)
            {
              uint32_t m = relopt_get32 (s->data + 4 * k, img->big);
              relopt_put32 (s->data + 4 * k, st->newsec[m], img->big);
            }
          s->sh_info = st->newsym[s->sh_info];
          continue;
        }
      {
        size_t es = relopt_image_rel_entsize (img, s->sh_type);
        uint64_t n = s->sh_size / es;
        struct relopt_rel rel;

        for (k = 0; k < n; k++)
          {
            unsigned char *p = s->data + k * es;
            uint32_t to = 0;

            relopt_image_get_rel (img, s->sh_type, p, &rel);
            if (rel.sym != 0)
              {
                relopt_image_get_sym (img, rel.sym, &sym);
                /* elf_write_relocs: an absolute symbol of value 0 is
                   written as symbol 0.  */
                if (!(sym.shndx == RELOPT_SHN_ABS && sym.st_value == 0))
                  to = st->newsym[rel.sym];
              }
            if (to != rel.sym)
              relopt_image_set_rel_sym (img, p, to);
          }
      }
    }
  return 0;
}

/* Move the kept sections to their new indices and put the new tables in
   place.  */
static int
assemble (struct strip *st, unsigned char *symbuf, unsigned char *strbuf,
          size_t strlen_, unsigned char *shbuf, size_t shlen,
          const uint32_t *sh_name, struct relopt_error *err)
{
  relopt_image *img = st->img;
  struct relopt_section *out = calloc (st->new_shnum, sizeof *out);
  uint32_t i;
  char lb[96];

  if (out == NULL)
    return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
  /* Refused before any section moves: a moved section's data belongs to
     OUT, which a refusal frees without its sections' data (relopt 0.3
     leaked the relocation sections remap_users had copied).  */
  for (i = 1; i < img->shnum; i++)
    {
      const struct relopt_section *s = &img->sec[i];
      char lb2[96];

      if (st->newsec[i] != 0 && st->role[i] != ROLE_RELOC
          && st->role[i] != ROLE_GROUP && (s->sh_flags & SHF_LINK_ORDER)
          && s->sh_link != 0 && st->newsec[s->sh_link] == 0)
        {
          free (out);
          return refuse (
              err,
              "%s has sh_link %u, %s, which the strip "
              "removes",
              relopt_section_label (img, i, lb, sizeof lb), s->sh_link,
              relopt_section_label (img, s->sh_link, lb2, sizeof lb2));
        }
    }
  out[0] = img->sec[0];
  for (i = 1; i < img->shnum; i++)
    {
      struct relopt_section *s = &img->sec[i];
      uint32_t to = st->newsec[i];

      if (to == 0)
        continue;
      out[to] = *s;
      if (st->role[i] == ROLE_RELOC)
        {
          out[to].sh_link = st->new_symtab;
          out[to].sh_info = st->newsec[st->target[i]];
        }
      else if (st->role[i] == ROLE_GROUP)
        out[to].sh_link = st->new_symtab;
      else
        {
          /* BFD writes a section's sh_link for the types it knows and for
             SHF_LINK_ORDER (bfd/elf.c, assign_section_numbers); any other
             section's comes out 0, whatever the input said (relopt
             renumbered it, or refused it when it named a removed
             section: a fresh user's finding, 2026-12-05).  */
          out[to].sh_link = (s->sh_flags & SHF_LINK_ORDER) && s->sh_link
                                ? st->newsec[s->sh_link]
                                : 0;
          /* Nor does it write such a section's sh_info or SHF_INFO_LINK
             (relopt kept or renumbered them: the same user's
             finding).  */
          out[to].sh_info = 0;
          out[to].sh_flags &= ~(uint64_t)SHF_INFO_LINK;
        }
      s->data_owned = false; /* moved */
    }
  out[st->new_symtab] = img->sec[img->symtab];
  out[st->new_strtab] = img->sec[img->strtab];
  out[st->new_shstrtab] = img->sec[img->shstrndx];
  /* The string tables are BFD's own, made new: no sh_link or sh_info
     (a .strtab sh_link the input set was copied, out of range after the
     renumbering: a fresh user's finding, 2026-12-05).  */
  out[st->new_strtab].sh_link = out[st->new_strtab].sh_info = 0;
  out[st->new_shstrtab].sh_link = out[st->new_shstrtab].sh_info = 0;
  for (i = 1; i < img->shnum; i++)
    if (st->newsec[i] == 0)
      {
        free (img->sec[i].rel_order);
        if (img->sec[i].data_owned)
          free (img->sec[i].data);
      }
  free (img->sec);
  img->sec = out;
  img->shnum = st->new_shnum;
  img->symtab = st->new_symtab;
  img->strtab = st->new_strtab;
  img->shstrndx = st->new_shstrtab;
  img->shndxsec = 0;
  img->nsyms = st->nnew;
  out[img->symtab].data = symbuf;
  out[img->symtab].data_owned = true;
  out[img->symtab].sh_size = (uint64_t)st->nnew * img->symsize;
  out[img->symtab].sh_link = img->strtab;
  out[img->symtab].sh_info = st->nlocals;
  out[img->strtab].data = strbuf;
  out[img->strtab].data_owned = true;
  out[img->strtab].sh_size = strlen_;
  out[img->shstrndx].data = shbuf;
  out[img->shstrndx].data_owned = true;
  out[img->shstrndx].sh_size = shlen;
  for (i = 1; i < img->shnum; i++)
    out[i].sh_name = sh_name[i];
  relopt_image_names_changed (img);
  return 0;
}

static void
strip_free (struct strip *st)
{
  free (st->role);
  free (st->removed);
  free (st->target);
  free (st->reloc);
  free (st->created);
  free (st->newsec);
  free (st->used);
  free (st->newsym);
  free (st->oldsym);
}

int
relopt_strip_image (relopt_image *img, unsigned mode, struct relopt_error *err)
{
  struct strip st;
  size_t ns = img->shnum, ny = img->nsyms ? img->nsyms : 1;
  unsigned char *symbuf = NULL, *strbuf = NULL, *shbuf = NULL;
  size_t strlen_ = 0, shlen = 0;
  uint32_t *sh_name = NULL;
  int rc;

  memset (&st, 0, sizeof st);
  st.img = img;
  st.mode = mode;
  /* Without one there are no section names to keep or to judge .debug_*
     by; section 0 was taken for the table (a fresh user's finding,
     2026-12-05: the output had an SHT_NULL .shstrtab, exit 0).  binutils
     strip refuses such a file too.  */
  if (img->shstrndx == 0)
    return relopt_set_error (err, RELOPT_E_REFUSE,
                             "no section name table (e_shstrndx is 0): "
                             "cannot strip");
  if (img->strtab == img->shstrndx)
    return refuse (err, "one string table holds symbol and section names");
  if (img->shndxsec != 0)
    return refuse (err, "the object has SHT_SYMTAB_SHNDX");
  st.role = calloc (ns, 1);
  st.removed = calloc (ns, sizeof *st.removed);
  st.target = calloc (ns, sizeof *st.target);
  st.reloc = calloc (ns, sizeof *st.reloc);
  st.created = calloc (ns, sizeof *st.created);
  st.newsec = calloc (ns, sizeof *st.newsec);
  st.used = calloc (ny, sizeof *st.used);
  st.newsym = calloc (ny, sizeof *st.newsym);
  st.oldsym = calloc (ny, sizeof *st.oldsym);
  if (!st.role || !st.removed || !st.target || !st.reloc || !st.created
      || !st.newsec || !st.used || !st.newsym || !st.oldsym)
    {
      strip_free (&st);
      return relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  /* 1. What each section is to BFD, and which go.  */
  rc = classify (&st, err);
  if (rc == 0)
    rc = mark_sections (&st, err);
  /* 2. Which symbols stay, locals first.  None: binutils strip then
     writes no .symtab, which relopt's tables need (relopt wrote one with
     the null symbol alone: a fresh user's finding, 2026-12-05).  */
  if (rc == 0)
    {
      mark_used_symbols (&st);
      rc = order_symbols (&st, err);
    }
  if (rc == 0 && st.nnew <= 1)
    rc = relopt_set_error (err, RELOPT_E_REFUSE,
                           "the strip would remove every symbol (binutils "
                           "strip then removes .symtab, which relopt's "
                           "tables need); nothing written");
  /* 3. BFD's section order and names.  */
  if (rc == 0)
    rc = number_sections (&st, err);
  if (rc == 0)
    {
      sh_name = calloc (st.new_shnum, sizeof *sh_name);
      if (sh_name == NULL)
        rc = relopt_set_error (err, RELOPT_E_NOMEM, "out of memory");
    }
  if (rc == 0)
    rc = build_shstrtab (&st, sh_name, &shbuf, &shlen, err);
  /* 4. The new symbol and string tables; relocations and groups
        renumbered; the sections moved into place.  */
  if (rc == 0)
    rc = build_symtab (&st, &symbuf, &strbuf, &strlen_, err);
  if (rc == 0)
    rc = remap_users (&st, err);
  if (rc == 0)
    rc = assemble (&st, symbuf, strbuf, strlen_, shbuf, shlen, sh_name, err);
  if (rc)
    {
      free (symbuf);
      free (strbuf);
      free (shbuf);
    }
  free (sh_name);
  strip_free (&st);
  return rc;
}
