/* fuzz_loader.c -- libFuzzer target for the freestanding loader library
   (loader/relopt-loader.c): the input is an ELF object, read here the way
   a loader reads one (section headers only, every offset checked); each
   section the library sees is copied into its own exactly-sized heap
   block, so AddressSanitizer reports any read past a section.

   For the .symtab's .hash and .gnu.hash (found by type; sh_link as in the
   file): rlo_*_validate, and when it succeeds, the promise a loader
   relies on: for the names of the first symbols, and for names no symbol
   has, rlo_*_lookup answers what a linear scan answers (the lowest hashed
   index with that name, or 0), and for .hash rlo_sysv_next and
   rlo_sysv_count give every match in the scan's order.  .hash also goes
   through the structural pass alone (rlo_sysv_validate_structure): when
   it succeeds, lookups of those names must stay inside the sections
   (ASan) and end, whatever they answer; the names pass
   (rlo_sysv_validate_names) then decides as rlo_sysv_validate does.  For every
   SHT_REL/SHT_RELA section of an EM_ARM/EM_AARCH64 object:
   rlo_count_branch_targets, and when it succeeds, the counts obey plts,
   distinct <= branches.  For the .symtab's .addrorder (doc/design.md 9):
   rlo_addrorder_validate, then rlo_addrorder_merge for a placement of the
   sections one after another (in header order, each at a 16-byte boundary from
   0x100000, as made here), and when both succeed, for the first symbols'
   addresses and their neighbours, rlo_addrorder_lookup answers what
   Linux 6.12's find_kallsyms_symbol() loop (tests/kallsyms-loop.h) answers
   (best symbol and next address).

   Built by fuzz/run-fuzz.sh --loader with -fsanitize=fuzzer,address,
   undefined; with -DRLO_FUZZ_MAIN it is a replay program (one file per
   argument) that `make check' runs over fuzz/regress-loader/.  */

#include "relopt-loader.h"
#include "../tests/kallsyms-loop.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const unsigned char *data, size_t size);

static void
violated (const char *what, uint32_t a, uint32_t b)
{
  fprintf (stderr, "fuzz_loader: invariant violated: %s (%u, %u)\n", what, a,
           b);
  abort ();
}

/* The replay program prints each section's status with -v.  */
static int verbose;

static void
say (const char *what, uint64_t sec, int rc, const struct rlo_fault *bad)
{
  if (verbose)
    printf ("  section %llu %s: %s (%s, at %llu)\n", (unsigned long long)sec,
            what, rlo_strerror (rc), bad->what,
            (unsigned long long)bad->index);
}

static uint64_t
rd (const unsigned char *p, unsigned n, int big)
{
  uint64_t v = 0;
  unsigned i;

  for (i = 0; i < n; i++)
    v |= (uint64_t)p[big ? i : n - 1 - i] << (8 * (n - 1 - i));
  return v;
}

struct shdr
{
  uint32_t type, link, info;
  uint64_t off, size, entsize;
};

/* A private copy of section S of the file, or NULL if outside it.  */
static unsigned char *
copy_section (const unsigned char *data, size_t size, const struct shdr *s)
{
  unsigned char *p;

  if (s->off > size || s->size > size - s->off || s->size > (1u << 24))
    return NULL;
  p = malloc (s->size ? s->size : 1);
  if (p == NULL)
    abort ();
  memcpy (p, data + s->off, s->size);
  return p;
}

/* Symbol I's name for the linear scan, and whether it is hashed in the
   style (SysV: gnu = 0), computed here from the contract independently of
   the library.  */
static const char *
sym_name (const struct rlo_elf *e, uint32_t i, int gnu, int *hashed)
{
  const unsigned char *p = e->symtab + (uint64_t)i * e->symtab_entsize;
  int big = e->big_endian, c64 = e->elfclass == RLO_ELFCLASS64;
  uint32_t st_name = (uint32_t)rd (p, 4, big);
  unsigned info = c64 ? p[4] : p[12];
  unsigned shndx = (unsigned)rd (p + (c64 ? 6 : 14), 2, big);
  const char *n;

  *hashed = 0;
  if (st_name >= e->strtab_size)
    return NULL;
  n = (const char *)e->strtab + st_name;
  if (!gnu)
    *hashed = kallsyms_loop_considers (shndx, n);
  else
    *hashed = shndx != 0 && n[0] != 0 && (info & 0xf) != 3 && (info & 0xf) != 4
              && (info >> 4) != 0;
  return n;
}

/* Whether symbol I has st_shndx SHN_XINDEX (its section index is in
   SHT_SYMTAB_SHNDX, which the library does not read).  */
static int
is_xindex (const struct rlo_elf *e, uint32_t i)
{
  const unsigned char *p = e->symtab + (uint64_t)i * e->symtab_entsize;
  int c64 = e->elfclass == RLO_ELFCLASS64;

  return rd (p + (c64 ? 6 : 14), 2, e->big_endian) == 0xffff;
}

/* The linear scan: the lowest hashed index above AFTER named NAME; for
   .gnu.hash SHN_XINDEX symbols left out (relopt hashed them by their real
   index, which only SHT_SYMTAB_SHNDX knows), for .hash not (Linux reads
   the raw st_shndx, and so does the rule).  */
static uint32_t
linear_from (const struct rlo_elf *e, uint32_t nsyms, int gnu,
             const char *name, uint32_t after)
{
  uint32_t i;
  int h;

  for (i = after + 1; i < nsyms; i++)
    {
      const char *n = sym_name (e, i, gnu, &h);
      if (h && !(gnu && is_xindex (e, i)) && strcmp (n, name) == 0)
        return i;
    }
  return 0;
}

static uint32_t
linear (const struct rlo_elf *e, uint32_t nsyms, int gnu, const char *name)
{
  return linear_from (e, nsyms, gnu, name, 0);
}

/* GOT is the linear scan's answer WANT, or an SHN_XINDEX symbol of that
   name below it (one the table chains).  */
static int
agrees (const struct rlo_elf *e, uint32_t nsyms, int gnu, const char *name,
        uint32_t got, uint32_t want)
{
  int h;
  const char *n;

  if (got == want)
    return 1;
  if (!gnu || got == 0 || got >= nsyms || (want != 0 && got > want)
      || !is_xindex (e, got))
    return 0;
  n = sym_name (e, got, gnu, &h);
  return h && strcmp (n, name) == 0;
}

/* Lookups of a validated table agree with the linear scan.  */
static void
check_lookups (const struct rlo_elf *e, int gnu, const void *t)
{
  uint32_t nsyms = (uint32_t)(e->symtab_size / e->symtab_entsize), i;
  char absent[300];

  for (i = 0; i < nsyms && i < 200; i++)
    {
      int h;
      const char *n = sym_name (e, i, gnu, &h);
      uint32_t got, want;
      if (n == NULL)
        continue;
      want = linear (e, nsyms, gnu, n);
      got = gnu ? rlo_gnu_lookup (t, n) : rlo_sysv_lookup (t, n);
      if (!agrees (e, nsyms, gnu, n, got, want))
        violated (gnu ? "gnu lookup differs from the linear scan"
                      : "sysv lookup differs from the linear scan",
                  got, want);
      if (!gnu)
        {
          /* Every further match, in the scan's order, then the count.  */
          uint32_t k = got, count = got != 0;
          while (k != 0)
            {
              uint32_t nk = rlo_sysv_next (t, n, k);
              want = linear_from (e, nsyms, 0, n, k);
              if (nk != want)
                violated ("sysv next differs from the linear scan", nk, want);
              count += nk != 0;
              k = nk;
            }
          if (rlo_sysv_count (t, n) != count)
            violated ("sysv count differs from the matches", count,
                      rlo_sysv_count (t, n));
        }
      snprintf (absent, sizeof absent, "%.200s\001x", n);
      want = linear (e, nsyms, gnu, absent);
      got = gnu ? rlo_gnu_lookup (t, absent) : rlo_sysv_lookup (t, absent);
      if (!agrees (e, nsyms, gnu, absent, got, want))
        violated ("lookup of an absent name", got, want);
    }
}

/* Whether find_kallsyms_symbol() considers symbol I
   (tests/kallsyms-loop.h).  */
static int
kallsyms_considered (const struct rlo_elf *e, uint32_t i)
{
  const unsigned char *p = e->symtab + (uint64_t)i * e->symtab_entsize;
  int big = e->big_endian, c64 = e->elfclass == RLO_ELFCLASS64;
  uint32_t st_name = (uint32_t)rd (p, 4, big);
  unsigned shndx = (unsigned)rd (p + (c64 ? 6 : 14), 2, big);

  return st_name < e->strtab_size
         && kallsyms_loop_considers (shndx, (const char *)e->strtab + st_name);
}

/* Symbol I's load address: st_value, plus BASE[k] for a real section
   index k (SHN_XINDEX: its SHT_SYMTAB_SHNDX word) below NBASE.  */
static uint64_t
load_address (const struct rlo_elf *e, uint32_t i, const uint64_t *base,
              uint32_t nbase)
{
  const unsigned char *p = e->symtab + (uint64_t)i * e->symtab_entsize;
  int big = e->big_endian, c64 = e->elfclass == RLO_ELFCLASS64;
  uint64_t v = c64 ? rd (p + 8, 8, big) : rd (p + 4, 4, big);
  uint64_t k = rd (p + (c64 ? 6 : 14), 2, big);

  if (k == 0xffff)
    k = rd (e->shndx + 4 * (uint64_t)i, 4, big);
  else if (k >= 0xff00)
    return v;
  return k < nbase ? v + base[k] : v;
}

/* A validated .addrorder: merge for one placement, then lookups equal
   the loop.  */
static void
check_addrorder (const struct rlo_elf *e, const struct rlo_addrorder *t,
                 const struct shdr *sh, uint64_t shnum)
{
  uint32_t nsyms = (uint32_t)(e->symtab_size / e->symtab_entsize), k;
  uint64_t *base = calloc (shnum, sizeof *base), a = 0x100000, lo = a, hi;
  struct rlo_addr_run *runs = calloc (t->nruns + 1, sizeof *runs);
  uint32_t *merged = calloc (t->count + 1, sizeof *merged);
  uint64_t *addr = calloc (nsyms + 1, sizeof *addr);
  unsigned char *considered = calloc (nsyms + 1, 1);
  int rc;

  if (!base || !runs || !merged || !addr || !considered)
    abort ();
  for (k = 0; k < shnum; k++)
    {
      base[k] = a;
      a = (a + (sh[k].size & 0xffffff) + 15) & ~(uint64_t)15;
    }
  hi = a;
  for (k = 1; k < nsyms; k++)
    {
      considered[k] = (unsigned char)kallsyms_considered (e, k);
      addr[k] = considered[k] ? load_address (e, k, base, (uint32_t)shnum) : 0;
    }
  rc = rlo_addrorder_merge (t, base, (uint32_t)shnum, runs, t->nruns, merged);
  if (verbose)
    printf ("    merge: %s\n", rlo_strerror (rc));
  if (rc != RLO_OK && rc != RLO_NOT_IN_ORDER)
    violated ("merge of a validated order", (uint32_t)-rc, 0);
  for (k = 0; rc == RLO_OK && k < t->count && k < 100; k++)
    {
      uint64_t s = load_address (e, merged[k], base, (uint32_t)shnum);
      uint64_t probe[4] = { s, s - 1, s + 1, s + 7 };
      unsigned j;

      if (k > 0 && s < load_address (e, merged[k - 1], base, (uint32_t)shnum))
        violated ("merged order decreases", merged[k - 1], merged[k]);
      for (j = 0; j < 4; j++)
        {
          uint64_t n1 = 0, n2 = 0;
          uint32_t got = rlo_addrorder_lookup (t, base, (uint32_t)shnum,
                                               merged, probe[j], lo, hi, &n1);
          uint32_t want
              = kallsyms_loop (nsyms, considered, addr, probe[j], lo, hi, &n2);
          if (got != want || (got != 0 && n1 != n2))
            violated ("addrorder lookup differs from the loop", got, want);
        }
    }
  free (base);
  free (runs);
  free (merged);
  free (addr);
  free (considered);
}

int
LLVMFuzzerTestOneInput (const unsigned char *data, size_t size)
{
  struct rlo_elf e;
  struct shdr *sh = NULL;
  unsigned char **sec = NULL;
  uint64_t shoff, shentsize, shnum, i;
  uint32_t symtab = 0;
  int big, c64;

  if (size < 64 || memcmp (data, "\177ELF", 4) != 0
      || (data[4] != 1 && data[4] != 2) || (data[5] != 1 && data[5] != 2))
    return 0;
  c64 = data[4] == 2;
  big = data[5] == 2;
  memset (&e, 0, sizeof e);
  e.elfclass = data[4];
  e.big_endian = big;
  e.machine = (unsigned)rd (data + 18, 2, big);
  e.flags = (uint32_t)rd (data + (c64 ? 48 : 36), 4, big);
  shoff = rd (data + (c64 ? 40 : 32), c64 ? 8 : 4, big);
  shentsize = rd (data + (c64 ? 58 : 46), 2, big);
  shnum = rd (data + (c64 ? 60 : 48), 2, big);
  if (shentsize != (c64 ? 64u : 40u) || shnum == 0 || shoff > size
      || shnum > (size - shoff) / shentsize)
    return 0;
  sh = calloc (shnum, sizeof *sh);
  sec = calloc (shnum, sizeof *sec);
  if (sh == NULL || sec == NULL)
    abort ();
  for (i = 0; i < shnum; i++)
    {
      const unsigned char *p = data + shoff + i * shentsize;
      sh[i].type = (uint32_t)rd (p + 4, 4, big);
      if (c64)
        {
          sh[i].off = rd (p + 24, 8, big);
          sh[i].size = rd (p + 32, 8, big);
          sh[i].link = (uint32_t)rd (p + 40, 4, big);
          sh[i].info = (uint32_t)rd (p + 44, 4, big);
          sh[i].entsize = rd (p + 56, 8, big);
        }
      else
        {
          sh[i].off = rd (p + 16, 4, big);
          sh[i].size = rd (p + 20, 4, big);
          sh[i].link = (uint32_t)rd (p + 24, 4, big);
          sh[i].info = (uint32_t)rd (p + 28, 4, big);
          sh[i].entsize = rd (p + 36, 4, big);
        }
      if (sh[i].type != 8 /* NOBITS */)
        sec[i] = copy_section (data, size, &sh[i]);
      if (sh[i].type == 2 && symtab == 0 && sec[i])
        symtab = (uint32_t)i;
    }
  if (symtab == 0 || sh[symtab].link >= shnum || !sec[sh[symtab].link])
    goto out;
  e.symtab = sec[symtab];
  e.symtab_size = sh[symtab].size;
  e.symtab_entsize = sh[symtab].entsize;
  e.symtab_index = symtab;
  e.strtab = sec[sh[symtab].link];
  e.strtab_size = sh[sh[symtab].link].size;
  for (i = 1; i < shnum; i++)
    if (sh[i].type == 18 /* SHT_SYMTAB_SHNDX */ && sh[i].link == symtab
        && sec[i])
      {
        e.shndx = sec[i];
        e.shndx_size = sh[i].size;
        break;
      }

  for (i = 1; i < shnum; i++)
    {
      struct rlo_section s;
      struct rlo_fault bad;

      if (!sec[i])
        continue;
      s.data = sec[i];
      s.size = sh[i].size;
      s.sh_link = sh[i].link;
      s.sh_info = sh[i].info;
      s.sh_entsize = sh[i].entsize;
      if (sh[i].type == 5 /* SHT_HASH */)
        {
          struct rlo_sysv t;
          int rc = rlo_sysv_validate_structure (&e, &s, &t, &bad), rc2;
          if (rc == RLO_OK)
            {
              /* Structure alone: any answer, but in bounds and ending.  */
              uint32_t k, nsyms = (uint32_t)(e.symtab_size / e.symtab_entsize);
              for (k = 0; k < nsyms && k < 200; k++)
                {
                  int h;
                  const char *n = sym_name (&e, k, 0, &h);
                  if (n != NULL && rlo_sysv_count (&t, n) >= nsyms)
                    violated ("sysv count past the symbol count", k, nsyms);
                }
              rc = rlo_sysv_validate_names (&t, &bad);
            }
          rc2 = rlo_sysv_validate (&e, &s, &t, NULL);
          if (rc2 != rc)
            violated ("the two passes differ from rlo_sysv_validate",
                      (uint32_t)-rc, (uint32_t)-rc2);
          say (".hash", i, rc, &bad);
          if (rc == RLO_OK)
            check_lookups (&e, 0, &t);
          else if (rlo_strerror (rc)[0] == 0)
            violated ("empty message", 0, 0);
        }
      else if (sh[i].type == 0x6ffffff6 /* SHT_GNU_HASH */)
        {
          struct rlo_gnu t;
          int rc = rlo_gnu_validate (&e, &s, &t, &bad);
          say (".gnu.hash", i, rc, &bad);
          if (rc == RLO_OK)
            check_lookups (&e, 1, &t);
        }
      else if (sh[i].type == RLO_SHT_ADDRORDER)
        {
          struct rlo_addrorder t;
          int rc = rlo_addrorder_validate (&e, &s, &t, &bad);
          say (".addrorder", i, rc, &bad);
          if (rc == RLO_OK)
            check_addrorder (&e, &t, sh, shnum);
        }
      else if ((sh[i].type == 9 || sh[i].type == 4)
               && (e.machine == RLO_EM_ARM || e.machine == RLO_EM_AARCH64))
        {
          struct rlo_branch_count c;
          const unsigned char *tgt = NULL;
          uint64_t tsize = 0;
          if (sh[i].info < shnum && sec[sh[i].info])
            {
              tgt = sec[sh[i].info];
              tsize = sh[sh[i].info].size;
            }
          int rc = rlo_count_branch_targets (&e, &s, tgt, tsize, &c, &bad);
          say ("relocs", i, rc, &bad);
          if (verbose && rc == RLO_OK)
            printf ("    branches %llu distinct %llu plts %llu\n",
                    (unsigned long long)c.branches,
                    (unsigned long long)c.distinct,
                    (unsigned long long)c.plts);
          if (rc == RLO_OK
              && (c.plts > c.branches || c.distinct > c.branches
                  || (c.branches > 0 && c.distinct == 0)))
            violated ("branch counts", (uint32_t)c.plts, (uint32_t)c.branches);
        }
    }
out:
  for (i = 0; i < shnum; i++)
    free (sec[i]);
  free (sec);
  free (sh);
  return 0;
}

#ifdef RLO_FUZZ_MAIN
int
main (int argc, char **argv)
{
  int i = 1, n = 0;

  if (argc > 1 && strcmp (argv[1], "-v") == 0)
    verbose = i++;
  for (; i < argc; i++, n++)
    {
      FILE *f = fopen (argv[i], "rb");
      unsigned char *buf;
      long len;
      if (f == NULL || fseek (f, 0, SEEK_END) != 0 || (len = ftell (f)) < 0)
        {
          perror (argv[i]);
          return 2;
        }
      rewind (f);
      buf = malloc (len ? (size_t)len : 1);
      if (buf == NULL || fread (buf, 1, (size_t)len, f) != (size_t)len)
        {
          perror (argv[i]);
          return 2;
        }
      fclose (f);
      if (verbose)
        printf ("%s\n", argv[i]);
      LLVMFuzzerTestOneInput (buf, (size_t)len);
      free (buf);
    }
  printf ("fuzz_loader: %d inputs replayed\n", n);
  return 0;
}
#endif
