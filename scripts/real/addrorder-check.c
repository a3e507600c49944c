/* addrorder-check.c -- the host check of .addrorder (doc/design.md 9) over
   real modules, run by scripts/real/check-module.sh on every module relopt
   rewrote.

   For each FILE (an ET_REL with a .addrorder, any class and byte order):
   1. the loader library validates the table (rlo_addrorder_validate);
   2. two placements of the sections, as Linux 6.12 loads a module
      (kernel/module/main.c layout_sections() and
      module_get_offset_and_type()): the SHF_ALLOC sections go, pass by
      pass (code; read-only data; .data..ro_after_init and __jump_table;
      writable data), each at the next offset aligned to its
      sh_addralign, into one memory region per kind (MOD_TEXT, MOD_RODATA,
      MOD_RO_AFTER_INIT, MOD_DATA), those whose name starts with ".init"
      into the init regions (MOD_INIT_TEXT, MOD_INIT_RODATA,
      MOD_INIT_DATA).  .modinfo and __versions lose SHF_ALLOC, as the
      loader clears it; .data..percpu gets its own area; every other
      section stays in the temporary copy of the file (sh_addr = image +
      sh_offset), where symbols of non-allocated sections point.  SHN_ABS
      symbols keep their value.  The first placement keeps section header
      order and puts the regions one after another; the second shuffles
      the sections inside each pass and the order of the regions (a
      seeded permutation), so runs meet in other orders;
   3. rlo_addrorder_merge, then for every address the loop can be asked
      about in each region: each considered symbol's first byte, the
      middle up to the next symbol, the last byte before the next symbol
      (so every gap and padding between symbols), each section's end and
      the byte before the next section's start (padding between
      sections), the region's first and last byte; rlo_addrorder_lookup
      against the tests' transcription of find_kallsyms_symbol()'s loop
      (tests/kallsyms-loop.h; bestval = base - 1, thisval > bestval,
      thisval < nextval, region = the one the address is in): the best
      symbol and the next address must be equal.

   The symbols considered and their addresses are computed here, from
   the kernel's rules, not through the library.  A merge that reports
   overlapping runs is counted (the kernel would keep its loop), not
   failed.

   Usage: addrorder-check [-v] FILE...
   Prints "addrorder-check: N modules, A addresses, D differences, M
   merges refused" and, with -v, one line per module; exit 0 when no
   answer differs and every table validates, 1 otherwise, 2 on a usage
   or file error.  */

#include "../../loader/relopt-loader.h"
#include "../../tests/kallsyms-loop.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHF_WRITE 1u
#define SHF_ALLOC 2u
#define SHF_EXECINSTR 4u
#define SHF_RO_AFTER_INIT 0x00200000u /* the kernel's, set by the loader */
#define SHT_NOBITS 8u
#define SHT_SYMTAB 2u
#define SHT_SYMTAB_SHNDX 18u

/* Linux 6.12's enum mod_mem_type, the regions.  */
enum
{
  MOD_TEXT,
  MOD_DATA,
  MOD_RODATA,
  MOD_RO_AFTER_INIT,
  MOD_INIT_TEXT,
  MOD_INIT_DATA,
  MOD_INIT_RODATA,
  MOD_MEM_NUM
};

struct elf
{
  const char *path;
  unsigned char *img;
  size_t len;
  int c64, big;
  uint32_t shnum, symtab;
  struct shdr
  {
    uint32_t name, type, link;
    uint64_t flags, off, size, align, entsize;
    const char *sname;
  } * sh;
};

static uint64_t
rd (const unsigned char *p, unsigned n, int big)
{
  uint64_t v = 0;
  unsigned i;

  for (i = 0; i < n; i++)
    v |= (uint64_t)p[big ? i : n - 1 - i] << (8 * (n - 1 - i));
  return v;
}

static int
in_file (const struct elf *e, uint64_t off, uint64_t size)
{
  return off <= e->len && size <= e->len - off;
}

/* Read FILE's section headers; 0, or -1 with a message.  */
static int
elf_open (struct elf *e, const char *path)
{
  FILE *f = fopen (path, "rb");
  uint64_t shoff, shentsize, i, shstr;
  long len;

  memset (e, 0, sizeof *e);
  e->path = path;
  if (f == NULL || fseek (f, 0, SEEK_END) != 0 || (len = ftell (f)) < 64)
    goto bad;
  rewind (f);
  e->len = (size_t)len;
  e->img = malloc (e->len);
  if (e->img == NULL || fread (e->img, 1, e->len, f) != e->len)
    goto bad;
  fclose (f);
  f = NULL;
  if (memcmp (e->img, "\177ELF", 4) != 0)
    goto bad;
  e->c64 = e->img[4] == 2;
  e->big = e->img[5] == 2;
  shoff = rd (e->img + (e->c64 ? 40 : 32), e->c64 ? 8 : 4, e->big);
  shentsize = rd (e->img + (e->c64 ? 58 : 46), 2, e->big);
  e->shnum = (uint32_t)rd (e->img + (e->c64 ? 60 : 48), 2, e->big);
  shstr = rd (e->img + (e->c64 ? 62 : 50), 2, e->big);
  if (e->shnum == 0 || shentsize != (e->c64 ? 64u : 40u)
      || !in_file (e, shoff, e->shnum * shentsize) || shstr >= e->shnum)
    goto bad;
  e->sh = calloc (e->shnum, sizeof *e->sh);
  if (e->sh == NULL)
    goto bad;
  for (i = 0; i < e->shnum; i++)
    {
      const unsigned char *p = e->img + shoff + i * shentsize;
      struct shdr *s = &e->sh[i];
      int w = e->c64 ? 8 : 4;

      s->name = (uint32_t)rd (p, 4, e->big);
      s->type = (uint32_t)rd (p + 4, 4, e->big);
      s->flags = rd (p + 8, w, e->big);
      s->off = rd (p + (e->c64 ? 24 : 16), w, e->big);
      s->size = rd (p + (e->c64 ? 32 : 20), w, e->big);
      s->link = (uint32_t)rd (p + (e->c64 ? 40 : 24), 4, e->big);
      s->align = rd (p + (e->c64 ? 48 : 32), w, e->big);
      s->entsize = rd (p + (e->c64 ? 56 : 36), w, e->big);
      if (s->type != SHT_NOBITS && !in_file (e, s->off, s->size))
        goto bad;
      if (s->type == SHT_SYMTAB && e->symtab == 0)
        e->symtab = (uint32_t)i;
    }
  for (i = 0; i < e->shnum; i++)
    {
      const struct shdr *ss = &e->sh[shstr];
      e->sh[i].sname = e->sh[i].name < ss->size
                           ? (const char *)e->img + ss->off + e->sh[i].name
                           : "";
    }
  if (e->symtab == 0 || e->sh[e->symtab].link >= e->shnum)
    goto bad;
  return 0;
bad:
  if (f)
    fclose (f);
  fprintf (stderr, "addrorder-check: %s: cannot read as ELF with a .symtab\n",
           path);
  return -1;
}

static int
starts (const char *s, const char *prefix)
{
  return strncmp (s, prefix, strlen (prefix)) == 0;
}

/* A placement: every section's address, and the regions.  */
struct layout
{
  uint64_t *base; /* per section index */
  uint64_t lo[MOD_MEM_NUM], hi[MOD_MEM_NUM];
};

/* A deterministic permutation generator (xorshift64*).  */
static uint64_t
next_rand (uint64_t *s)
{
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 0x2545f4914f6cdd1dull;
}

/* layout_sections() of Linux 6.12 (ARCH_SHF_SMALL 0), into region
   offsets; SHUFFLE permutes the order of the sections first and of the
   regions afterwards.  */
static void
place (const struct elf *e, struct layout *l, int shuffle, uint64_t seed)
{
  static const uint64_t masks[4][2] = { { SHF_EXECINSTR | SHF_ALLOC, 0 },
                                        { SHF_ALLOC, SHF_WRITE },
                                        { SHF_RO_AFTER_INIT | SHF_ALLOC, 0 },
                                        { SHF_WRITE | SHF_ALLOC, 0 } };
  static const int core_type[4]
      = { MOD_TEXT, MOD_RODATA, MOD_RO_AFTER_INIT, MOD_DATA };
  static const int init_type[4]
      = { MOD_INIT_TEXT, MOD_INIT_RODATA, -1, MOD_INIT_DATA };
  uint32_t *order = malloc (e->shnum * sizeof *order), i, m;
  uint64_t *flags = malloc (e->shnum * sizeof *flags);
  int *type = malloc (e->shnum * sizeof *type), regions[MOD_MEM_NUM];
  uint64_t size[MOD_MEM_NUM], a;
  int init;

  if (order == NULL || flags == NULL || type == NULL)
    abort ();
  memset (size, 0, sizeof size);
  for (i = 0; i < e->shnum; i++)
    {
      const char *n = e->sh[i].sname;
      order[i] = i;
      type[i] = -1;
      flags[i] = e->sh[i].flags;
      if (strcmp (n, ".modinfo") == 0 || strcmp (n, "__versions") == 0
          || strcmp (n, ".data..percpu") == 0)
        flags[i] &= ~(uint64_t)SHF_ALLOC;
      if (strcmp (n, ".data..ro_after_init") == 0
          || strcmp (n, "__jump_table") == 0)
        flags[i] |= SHF_RO_AFTER_INIT;
    }
  for (i = e->shnum; shuffle && i > 1; i--)
    {
      uint32_t j = (uint32_t)(next_rand (&seed) % i), t = order[i - 1];
      order[i - 1] = order[j];
      order[j] = t;
    }
  for (init = 0; init < 2; init++)
    for (m = 0; m < 4; m++)
      for (i = 0; i < e->shnum; i++)
        {
          uint32_t k = order[i];
          const struct shdr *s = &e->sh[k];
          int t = init ? init_type[m] : core_type[m];
          uint64_t al = s->align ? s->align : 1;
          if (k == 0 || (flags[k] & masks[m][0]) != masks[m][0]
              || (flags[k] & masks[m][1]) || type[k] != -1
              || starts (s->sname, ".init") != init)
            continue;
          if (t < 0)
            continue; /* MOD_INVALID: the kernel refuses such modules */
          type[k] = t;
          size[t] = (size[t] + al - 1) / al * al;
          l->base[k] = size[t]; /* an offset for now */
          size[t] += s->size;
        }
  /* Regions 16 MiB apart from a module-area address, page-aligned; the
     shuffled placement in a permuted order.  The file copy and the percpu
     area lie elsewhere.  */
  for (i = 0; i < MOD_MEM_NUM; i++)
    regions[i] = (int)i;
  for (i = MOD_MEM_NUM; shuffle && i > 1; i--)
    {
      uint32_t j = (uint32_t)(next_rand (&seed) % i);
      int t = regions[i - 1];
      regions[i - 1] = regions[j];
      regions[j] = t;
    }
  a = e->c64 ? 0xffffffffa0000000ull : 0xbf000000ull;
  for (i = 0; i < MOD_MEM_NUM; i++)
    {
      int t = regions[i];
      l->lo[t] = a;
      l->hi[t] = a + size[t];
      a += (size[t] + 0xffffff) / 0x1000000 * 0x1000000 + 0x1000000;
    }
  for (i = 1; i < e->shnum; i++)
    {
      if (type[i] >= 0)
        l->base[i] += l->lo[type[i]];
      else if (strcmp (e->sh[i].sname, ".data..percpu") == 0)
        l->base[i] = e->c64 ? 0xffff888000100000ull : 0xc0100000ull;
      else
        l->base[i]
            = (e->c64 ? 0xffffc90000000000ull : 0xf0000000ull) + e->sh[i].off;
    }
  free (order);
  free (flags);
  free (type);
}

/* The symtab as the kernel's loop reads it: for each symbol whether
   find_kallsyms_symbol() considers it, and its address in a layout.  */
#define RESERVED UINT32_MAX

struct syms
{
  uint32_t n;
  unsigned char *considered;
  uint64_t *value;
  uint32_t *key; /* section index, SHN_XINDEX resolved; RESERVED for
                    SHN_ABS and the other reserved indices */
};

static int
read_syms (const struct elf *e, struct syms *s, struct rlo_elf *re)
{
  const struct shdr *st = &e->sh[e->symtab], *ss = &e->sh[st->link];
  const unsigned char *shndx = NULL;
  uint64_t es = e->c64 ? 24 : 16, shndx_size = 0;
  uint32_t i;

  for (i = 1; i < e->shnum; i++)
    if (e->sh[i].type == SHT_SYMTAB_SHNDX && e->sh[i].link == e->symtab)
      {
        shndx = e->img + e->sh[i].off;
        shndx_size = e->sh[i].size;
      }
  s->n = (uint32_t)(st->size / es);
  s->considered = calloc (s->n + 1, 1);
  s->value = calloc (s->n + 1, sizeof *s->value);
  s->key = calloc (s->n + 1, sizeof *s->key);
  if (!s->considered || !s->value || !s->key)
    abort ();
  for (i = 1; i < s->n; i++)
    {
      const unsigned char *p = e->img + st->off + i * es;
      uint32_t st_name = (uint32_t)rd (p, 4, e->big);
      uint32_t shn = (uint32_t)rd (p + (e->c64 ? 6 : 14), 2, e->big);
      const char *nm
          = st_name < ss->size ? (const char *)e->img + ss->off + st_name : "";
      s->value[i] = e->c64 ? rd (p + 8, 8, e->big) : rd (p + 4, 4, e->big);
      s->key[i] = shn >= 0xff00 && shn != 0xffff ? RESERVED : shn;
      if (shn == 0xffff && shndx && (uint64_t)i * 4 + 4 <= shndx_size)
        s->key[i] = (uint32_t)rd (shndx + 4 * (uint64_t)i, 4, e->big);
      s->considered[i] = (unsigned char)kallsyms_loop_considers (shn, nm);
    }
  memset (re, 0, sizeof *re);
  re->symtab = e->img + st->off;
  re->symtab_size = st->size;
  re->symtab_entsize = es;
  re->symtab_index = e->symtab;
  re->strtab = e->img + ss->off;
  re->strtab_size = ss->size;
  re->elfclass = e->c64 ? RLO_ELFCLASS64 : RLO_ELFCLASS32;
  re->big_endian = e->big;
  re->machine = (unsigned)rd (e->img + 18, 2, e->big);
  re->shndx = shndx;
  re->shndx_size = shndx_size;
  return 0;
}

static uint64_t
addr_of (const struct elf *e, const struct syms *s, const struct layout *l,
         uint32_t i)
{
  uint32_t k = s->key[i];

  /* simplify_symbols(): st_value + the section's address; SHN_ABS and
     the other reserved indices keep their value.  */
  if (k != RESERVED && k < e->shnum)
    return l->base[k] + s->value[i];
  return s->value[i];
}

struct totals
{
  unsigned long modules, addresses, diffs, refused, bad;
};

static int
cmp_u64 (const void *pa, const void *pb)
{
  uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
  return (a > b) - (a < b);
}

/* One placement: merge, then every address of interest in each
   region.  */
static void
check_layout (const struct elf *e, const struct syms *s,
              const struct rlo_addrorder *t, const struct layout *l,
              const char *what, int verbose, struct totals *tot)
{
  struct rlo_addr_run *runs = calloc (t->nruns + 1, sizeof *runs);
  uint32_t *merged = calloc (t->count + 1, sizeof *merged), i;
  uint64_t *addr = calloc (s->n + 1, sizeof *addr);
  uint64_t *probes = NULL;
  size_t np = 0, cap = 0, k;
  unsigned long diffs = 0;
  int rc, r;

  if (!runs || !merged || !addr)
    abort ();
  for (i = 1; i < s->n; i++)
    addr[i] = addr_of (e, s, l, i);
  rc = rlo_addrorder_merge (t, l->base, e->shnum, runs, t->nruns, merged);
  if (rc != RLO_OK)
    {
      tot->refused++;
      if (verbose)
        printf ("%s: %s placement: merge: %s\n", e->path, what,
                rlo_strerror (rc));
      goto out;
    }
  for (r = 0; r < MOD_MEM_NUM; r++)
    {
      uint64_t lo = l->lo[r], hi = l->hi[r];
      if (lo == hi)
        continue;
      /* Probes: the region's ends, the sections' ends and the bytes
         before the next section, each symbol's start, middle and last
         byte before the next symbol (from the sorted addresses).  */
      np = 0;
#define PROBE(x)                                                              \
  do                                                                          \
    {                                                                         \
      uint64_t x_ = (x);                                                      \
      if (x_ >= lo && x_ < hi)                                                \
        {                                                                     \
          if (np == cap)                                                      \
            {                                                                 \
              cap = cap ? 2 * cap : 1024;                                     \
              probes = realloc (probes, cap * sizeof *probes);                \
              if (probes == NULL)                                             \
                abort ();                                                     \
            }                                                                 \
          probes[np++] = x_;                                                  \
        }                                                                     \
    }                                                                         \
  while (0)
      PROBE (lo);
      PROBE (hi - 1);
      for (i = 1; i < e->shnum; i++)
        if (l->base[i] >= lo && l->base[i] <= hi)
          {
            PROBE (l->base[i] + e->sh[i].size);
            PROBE (l->base[i] - 1);
          }
      {
        uint64_t *sorted = malloc ((s->n + 1) * sizeof *sorted);
        size_t ns = 0;
        if (sorted == NULL)
          abort ();
        for (i = 1; i < s->n; i++)
          if (s->considered[i] && addr[i] >= lo && addr[i] < hi)
            sorted[ns++] = addr[i];
        qsort (sorted, ns, sizeof *sorted, cmp_u64);
        for (k = 0; k < ns; k++)
          {
            uint64_t nx = k + 1 < ns ? sorted[k + 1] : hi, a = sorted[k];
            if (k + 1 < ns && nx == a)
              continue;
            PROBE (a);
            PROBE (a + (nx - a) / 2);
            PROBE (nx - 1);
          }
        free (sorted);
      }
#undef PROBE
      for (k = 0; k < np; k++)
        {
          uint64_t n1 = 0, n2 = 0;
          uint32_t got = rlo_addrorder_lookup (t, l->base, e->shnum, merged,
                                               probes[k], lo, hi, &n1);
          uint32_t want = kallsyms_loop (s->n, s->considered, addr, probes[k],
                                         lo, hi, &n2);
          tot->addresses++;
          if (got != want || (want != 0 && n1 != n2))
            {
              if (diffs++ < 5)
                printf ("%s: %s placement, region %d: address 0x%llx: "
                        "library %u (next 0x%llx), loop %u (next 0x%llx)\n",
                        e->path, what, r, (unsigned long long)probes[k], got,
                        (unsigned long long)n1, want, (unsigned long long)n2);
            }
        }
    }
  tot->diffs += diffs;
out:
  free (probes);
  free (runs);
  free (merged);
  free (addr);
}

static int
check_file (const char *path, int verbose, struct totals *tot)
{
  struct elf e;
  struct syms s;
  struct rlo_elf re;
  struct rlo_section sec;
  struct rlo_addrorder t;
  struct rlo_fault f;
  struct layout l;
  uint32_t i, idx = 0;
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  unsigned long before = tot->addresses;
  int rc;

  if (elf_open (&e, path))
    return 2;
  for (i = 1; i < e.shnum; i++)
    if (e.sh[i].type == RLO_SHT_ADDRORDER)
      idx = i;
  for (i = 0; path[i]; i++)
    seed = (seed ^ (unsigned char)path[i]) * 0x100000001b3ull;
  read_syms (&e, &s, &re);
  tot->modules++;
  if (idx == 0)
    {
      printf ("%s: no .addrorder\n", path);
      tot->bad++;
      goto out;
    }
  sec.data = e.img + e.sh[idx].off;
  sec.size = e.sh[idx].size;
  sec.sh_link = e.sh[idx].link;
  sec.sh_info = 0;
  sec.sh_entsize = e.sh[idx].entsize;
  rc = rlo_addrorder_validate (&re, &sec, &t, &f);
  if (rc != RLO_OK)
    {
      printf ("%s: .addrorder refused: %s (%s, at %llu)\n", path,
              rlo_strerror (rc), f.what, (unsigned long long)f.index);
      tot->bad++;
      goto out;
    }
  l.base = calloc (e.shnum, sizeof *l.base);
  if (l.base == NULL)
    abort ();
  place (&e, &l, 0, seed);
  check_layout (&e, &s, &t, &l, "kernel", verbose, tot);
  memset (l.base, 0, e.shnum * sizeof *l.base);
  place (&e, &l, 1, seed);
  check_layout (&e, &s, &t, &l, "shuffled", verbose, tot);
  free (l.base);
  if (verbose)
    printf ("%s: %u entries, %u runs, %lu addresses\n", path, t.count, t.nruns,
            tot->addresses - before);
out:
  free (s.considered);
  free (s.value);
  free (s.key);
  free (e.sh);
  free (e.img);
  return 0;
}

int
main (int argc, char **argv)
{
  struct totals tot;
  int i = 1, verbose = 0, st = 0;

  memset (&tot, 0, sizeof tot);
  if (argc > 1 && strcmp (argv[1], "-v") == 0)
    verbose = i++;
  if (i >= argc)
    {
      fprintf (stderr, "usage: addrorder-check [-v] FILE...\n");
      return 2;
    }
  for (; i < argc; i++)
    if (check_file (argv[i], verbose, &tot) == 2)
      st = 2;
  printf ("addrorder-check: %lu modules, %lu addresses, %lu differences, "
          "%lu merges refused, %lu tables refused\n",
          tot.modules, tot.addresses, tot.diffs, tot.refused, tot.bad);
  if (st)
    return st;
  return tot.diffs || tot.bad ? 1 : 0;
}
