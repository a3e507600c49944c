/* loadermodel.c -- what a module loader does at load time, on one ET_REL
   object, with every strategy timed side by side in the same run
   (doc/design.md "Benchmarks").

   Usage: loadermodel [--budget SECONDS] [--clock=cpu|wall] [--tsv FILE]
                      [--label NAME] [--no-symbols] [--no-plt]
                      [--baseline ORIG] FILE...

   1. Symbol resolution.  For every relocation whose symbol is global or
      weak, look its name up in the module, as FreeBSD's link_elf_obj does
      before trying the kernel: the answer is the first defined global
      symbol of that name (lowest index), or none (the module does not
      define it: the relocation goes to the kernel).  Then the same for
      names that are in no symbol table at all ("absent"; one per global
      symbol, its name with a suffix), the expensive case for a linear
      loader.  Strategies:
        linear     walk the whole .symtab with strcmp (link_elf_obj before
                   caching; Zephyr LLEXT, NuttX modlib);
        htab       build a libiberty hash table of the defined globals at
                   load time, then look up (RTEMS libdl, caching loaders);
        .hash      relopt's SysV table: validate, then walk bucket/chain;
        .gnu.hash  relopt's GNU table: validate, then bloom filter first,
                   then bucket/chain comparing hashes, as glibc does;
        lib.hash, lib.gnu  the same through loader/relopt-loader.c, the
                   library loaders copy: rlo_*_validate as set-up, then
                   rlo_*_lookup (lib.hash answers as FreeBSD's
                   link_elf_obj: the first symbol of the name, if global,
                   and is checked against a linear scan of that rule).
      The lookups here are written from the formats, not taken from
      bfdext, so the run also cross-checks relopt's tables.

   2. PLT counting (EM_ARM, EM_AARCH64).  Count, per relocation section,
      the distinct branch targets (type, symbol, addend; for REL the addend
      is the instruction's immediate field, as relopt reads it) -- the
      number of PLT/veneer slots a loader must reserve.  Strategies:
        quadratic   compare each branch relocation with every earlier one
                    (Linux <= 4.8 count_plts/duplicate_rel);
        sort+count  heapsort the section (like Linux lib/sort.c: generic
                    heapsort through compare and swap callbacks), then
                    compare each entry with the previous one (Linux today);
        hashset     insert every branch key in a hash set built at load
                    time (the 2016 proposal; libiberty htab here);
        linear      one pass over relopt's order comparing with the
                    previous entry; the same pass verifies the order
                    (branches first, sorted), else the strategy is n/a;
        lib         the same pass by loader/relopt-loader.c
                    (rlo_count_branch_targets) over the raw section bytes,
                    which also gives the kernels' PLT count (printed).
      As in Linux, only relocation sections of executable sections
      (SHF_EXECINSTR) are counted (and sorted).  Relocations are decoded
      once into host arrays before any strategy runs (a loader has them in
      memory); that decoding is not timed.

   With --baseline ORIG (FILE before relopt), the PLT strategies are also
   timed on ORIG's order, which is what a loader gets today: the old
   strategies' cost depends on the order (the quadratic count meets a
   popular target early in compiler order, late in a sorted one), so the
   fair before/after comparison is each old strategy on ORIG against the
   linear pass on FILE.  ORIG must give the same distinct-target count.

   Every strategy must give the same answer: lookups the same symbol
   index for every name, PLT counts the same number.  The program exits 1
   when they do not (or a table is malformed), 2 on usage errors.

   Timing: clock_gettime of the thread's CPU time (CLOCK_THREAD_CPUTIME_ID;
   --clock=wall for CLOCK_MONOTONIC), so that other processes on a busy
   machine do not inflate the numbers.  One warm-up run estimates the
   cost T of a strategy; when T is below the budget B (--budget, default
   0.2 s), 9 samples are taken, each the mean over enough runs to last
   about B/9, and the median is reported; when T is above B, up to 3 runs
   are made within 3*B and the median reported (so the quadratic count on
   a quarter million relocations runs once or twice, not a hundred
   times).  sort+count works on a fresh copy of the section for every run:
   the copies (as many as fit in 32 MiB) are made before the timed window.
   Times are per load: all lookups of the module, all relocation
   sections.

   Output: a table per input on stdout; with --tsv FILE, machine-readable
   rows appended to FILE (bench/run.sh draws its plots from them):
     sym LABEL NSYMS NDEFGLOBAL NQUERIES NABSENT linear htab sysv gnu
         (each strategy: total microseconds for queries + absent,
          "-" when the table is missing)
     symdetail LABEL STRATEGY SETUP_US QUERY_US ABSENT_US
     plt LABEL NRELOCS NBRANCH NTARGETS quadratic sort hashset linear
         (microseconds; linear "-" when the order does not hold)
     pltbase LABEL ...  the same for --baseline ORIG  */

#include <config.h>
#include "../loader/relopt-loader.h"
#include "image.h"
#include "rloview.h"
#include "relopt.h"
#include "relsort.h"
#include "iberty.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STB_LOCAL 0
#define STT_SECTION 3
#define STT_FILE 4
#define SHF_EXECINSTR 0x4
#define ABSENT_SUFFIX "~absent"

static const char *program_name = "loadermodel";
static double budget = 0.2; /* seconds per strategy, see the top */

/* ------------------------------------------------------------------ */
/* Timing.  */

/* The clock: the thread's CPU time by default, so that other work on a
   shared machine does not count (--clock=wall: CLOCK_MONOTONIC).  */
static clockid_t bench_clock = CLOCK_THREAD_CPUTIME_ID;

static double
now_ns (void)
{
  struct timespec ts;
  clock_gettime (bench_clock, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* One strategy under test: RUN performs K complete runs and returns the
   nanoseconds they took (it may exclude per-run preparation).  */
typedef double (*run_fn) (void *ctx, unsigned long k);

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Median time of one run of RUN, in nanoseconds (policy at the top).  */
static double
measure (run_fn run, void *ctx)
{
  double samples[9];
  double t1 = run (ctx, 1), b = budget * 1e9;
  unsigned n = 0;

  if (t1 >= b)
    {
      double spent = t1;
      samples[n++] = t1;
      while (n < 3 && spent + t1 <= 3 * b)
        {
          samples[n] = run (ctx, 1);
          spent += samples[n++];
        }
    }
  else
    {
      unsigned long k = (unsigned long)(b / 9 / (t1 > 1 ? t1 : 1));
      if (k < 1)
        k = 1;
      for (n = 0; n < 9; n++)
        samples[n] = run (ctx, k) / (double)k;
    }
  qsort (samples, n, sizeof samples[0], cmp_double);
  return samples[n / 2];
}

/* ------------------------------------------------------------------ */
/* The module as a loader holds it in memory.  */

struct mrel
{
  uint32_t type, sym;
  int64_t addend; /* r_addend, or the REL branch's immediate field */
  unsigned char branch;
};

struct relsec
{
  uint32_t idx; /* section index */
  uint64_t n;
  struct mrel *rel;
  bool exec; /* relocates an SHF_EXECINSTR section */
};

struct module
{
  const char *path;
  relopt_image *img;
  uint32_t nsyms;
  const char **names; /* nsyms, "" for unnamed */
  uint32_t *shndx;
  unsigned char *bind, *type;
  struct relsec *secs;
  unsigned nsecs;
  uint64_t nrelocs, nbranch;
  uint64_t nexecrelocs; /* in sections that relocate code */
  unsigned nexecsecs;
  /* Lookup workload.  */
  const char **query; /* names of global symbols, one per relocation */
  size_t nquery;
  char **absent; /* names found in no table */
  size_t nabsent;
  uint32_t ndefglobal;
};

static void
die_nomem (void)
{
  fprintf (stderr, "%s: out of memory\n", program_name);
  exit (1);
}

static void *
xmalloc_n (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size);
  if (p == NULL)
    die_nomem ();
  return p;
}

static bool
defined_global (const struct module *m, uint32_t i)
{
  return m->bind[i] != STB_LOCAL && m->shndx[i] != RELOPT_SHN_UNDEF
         && m->names[i][0] != '\0' && m->type[i] != STT_SECTION
         && m->type[i] != STT_FILE;
}

/* Decode symbols and relocations of M->img.  */
static int
load_module (struct module *m)
{
  const relopt_image *img = m->img;
  uint32_t i, s;
  size_t qcap = 0;
  bool code_big = img->big && !(img->e_flags & RELOPT_EF_ARM_BE8);

  m->nsyms = img->nsyms;
  m->names = relopt_image_sym_names (img);
  if (m->names == NULL)
    die_nomem ();
  m->shndx = xmalloc_n (m->nsyms, sizeof *m->shndx);
  m->bind = xmalloc_n (m->nsyms, 1);
  m->type = xmalloc_n (m->nsyms, 1);
  for (i = 0; i < m->nsyms; i++)
    {
      struct relopt_sym sym;
      relopt_image_get_sym (img, i, &sym);
      m->shndx[i] = sym.shndx;
      m->bind[i] = sym.st_info >> 4;
      m->type[i] = sym.st_info & 0xf;
      if (i > 0 && defined_global (m, i))
        m->ndefglobal++;
    }

  m->secs = xmalloc_n (img->shnum, sizeof *m->secs);
  for (s = 1; s < img->shnum; s++)
    {
      const struct relopt_section *sec = &img->sec[s];
      const struct relopt_section *tgt;
      struct relsec *rs;
      size_t ent;
      uint64_t j;

      if (!relopt_image_is_symtab_reloc (img, s))
        continue;
      ent = relopt_image_rel_entsize (img, sec->sh_type);
      tgt = sec->sh_info < img->shnum ? &img->sec[sec->sh_info] : NULL;
      rs = &m->secs[m->nsecs++];
      rs->idx = s;
      rs->n = sec->sh_size / ent;
      rs->rel = xmalloc_n (rs->n, sizeof *rs->rel);
      rs->exec = tgt != NULL && (tgt->sh_flags & SHF_EXECINSTR);
      m->nrelocs += rs->n;
      if (rs->exec)
        {
          m->nexecrelocs += rs->n;
          m->nexecsecs++;
        }
      for (j = 0; j < rs->n; j++)
        {
          struct relopt_rel r;
          struct mrel *mr = &rs->rel[j];
          relopt_image_get_rel (img, sec->sh_type, sec->data + j * ent, &r);
          mr->type = r.type;
          mr->sym = r.sym;
          mr->addend = r.addend;
          mr->branch
              = relopt_is_branch_reloc (img->e_machine, img->elfclass, r.type);
          if (mr->branch && sec->sh_type == RELOPT_SHT_REL)
            {
              if (tgt == NULL || tgt->data == NULL || r.r_offset > tgt->sh_size
                  || tgt->sh_size - r.r_offset < 4)
                {
                  fprintf (stderr,
                           "%s: %s: branch relocation %llu of section %u "
                           "outside its target section\n",
                           program_name, m->path, (unsigned long long)j, s);
                  return -1;
                }
              mr->addend = relopt_arm_rel_addend_key (
                  r.type, tgt->data + r.r_offset, code_big);
            }
          m->nbranch += mr->branch;
          if (r.sym != 0 && r.sym < m->nsyms && m->bind[r.sym] != STB_LOCAL
              && m->names[r.sym][0] != '\0')
            {
              if (m->nquery == qcap)
                {
                  qcap = qcap ? 2 * qcap : 1024;
                  m->query = realloc (m->query, qcap * sizeof *m->query);
                  if (m->query == NULL)
                    die_nomem ();
                }
              m->query[m->nquery++] = m->names[r.sym];
            }
        }
    }

  /* Absent names: every global symbol's name with a suffix no symbol
     name has.  */
  m->absent = xmalloc_n (m->nsyms, sizeof *m->absent);
  for (i = img->sec[img->symtab].sh_info; i < m->nsyms; i++)
    if (m->names[i][0] != '\0' && m->bind[i] != STB_LOCAL)
      {
        size_t len = strlen (m->names[i]);
        char *p = malloc (len + sizeof ABSENT_SUFFIX);
        if (p == NULL)
          die_nomem ();
        memcpy (p, m->names[i], len);
        memcpy (p + len, ABSENT_SUFFIX, sizeof ABSENT_SUFFIX);
        m->absent[m->nabsent++] = p;
      }
  return 0;
}

static void
free_module (struct module *m)
{
  unsigned s;
  size_t i;
  for (s = 0; s < m->nsecs; s++)
    free (m->secs[s].rel);
  for (i = 0; i < m->nabsent; i++)
    free (m->absent[i]);
  free (m->absent);
  free (m->secs);
  free (m->query);
  free (m->shndx);
  free (m->bind);
  free (m->type);
  free ((void *)m->names);
  relopt_image_free (m->img);
}

/* ------------------------------------------------------------------ */
/* Symbol resolution strategies.  Each resolves NAME to the lowest index
   of a defined global symbol of that name, or 0.  */

enum
{
  S_LINEAR,
  S_HTAB,
  S_SYSV,
  S_GNU,
  S_LIB_SYSV,
  S_LIB_GNU,
  S_COUNT
};
static const char *const sym_strategy_name[S_COUNT]
    = { "linear", "htab", ".hash", ".gnu.hash", "lib.hash", "lib.gnu" };
static const char *const sym_strategy_tsv[S_COUNT]
    = { "linear", "htab", "sysv", "gnu", "libsysv", "libgnu" };

/* .hash / .gnu.hash copied into host-order arrays (S_SYSV, S_GNU: a
   loader with its own lookup code), after the loader library validated
   the table in the file.  */
struct host_sysv
{
  uint32_t nbucket, nchain;
  uint32_t *bucket, *chain;
};

struct host_gnu
{
  uint32_t nbuckets, symoffset, maskwords, shift2;
  unsigned wordbits;
  uint64_t *bloom;
  uint32_t *buckets, *chain;
};

struct lookup_ctx
{
  const struct module *m;
  int strategy;
  const char *const *names; /* queries or absent names */
  size_t n;
  uint32_t *result; /* n answers */
  htab_t htab;      /* S_HTAB, built by setup */
  struct host_sysv sysv;
  struct host_gnu gnu;
  bool have_sysv, have_gnu;
  uint32_t sysv_sec, gnu_sec;
  /* lib.hash, lib.gnu: loader/relopt-loader.c validated in place.  */
  struct rlo_sysv lsysv;
  struct rlo_gnu lgnu;
};

/* link_elf_obj: every symbol from index 1, strcmp against defined ones;
   the first defined global match wins (locals of the same name are
   passed over).  */
static uint32_t
lookup_linear (const struct module *m, const char *name)
{
  uint32_t i;
  for (i = 1; i < m->nsyms; i++)
    if (m->shndx[i] != RELOPT_SHN_UNDEF && strcmp (name, m->names[i]) == 0
        && defined_global (m, i))
      return i;
  return 0;
}

/* libiberty htab over pointers into M->names (the entry's index is its
   offset in that array).  */
static hashval_t
htab_hash_name (const void *entry)
{
  return htab_hash_string (*(const char *const *)entry);
}

static int
htab_eq_name (const void *entry, const void *name)
{
  return strcmp (*(const char *const *)entry, (const char *)name) == 0;
}

static htab_t
build_htab (const struct module *m)
{
  htab_t h
      = htab_create_alloc (m->ndefglobal ? m->ndefglobal : 1, htab_hash_name,
                           htab_eq_name, NULL, calloc, free);
  uint32_t i;
  if (h == NULL)
    die_nomem ();
  for (i = 1; i < m->nsyms; i++)
    if (defined_global (m, i))
      {
        const char *name = m->names[i];
        void **slot = htab_find_slot_with_hash (
            h, name, htab_hash_string (name), INSERT);
        if (slot == NULL)
          die_nomem ();
        if (*slot == NULL) /* first definition wins */
          *slot = (void *)&m->names[i];
      }
  return h;
}

static uint32_t
lookup_htab (const struct module *m, htab_t h, const char *name)
{
  const char *const *e
      = htab_find_with_hash (h, name, htab_hash_string (name));
  return e ? (uint32_t)(e - m->names) : 0;
}

/* SysV gABI hash, written out here (not bfdext's) on purpose.  */
static uint32_t
elf_hash (const char *name)
{
  const unsigned char *p = (const unsigned char *)name;
  uint32_t h = 0, g;
  while (*p)
    {
      h = (h << 4) + *p++;
      g = h & 0xf0000000u;
      if (g)
        h ^= g >> 24;
      h &= ~g;
    }
  return h;
}

/* Walk the bucket's chain; chains ascend by index (doc/design.md 2), so the
   first global match is the lowest.  The library's validation guaranteed
   that chains end.  */
static uint32_t
lookup_sysv (const struct module *m, const struct host_sysv *t,
             const char *name)
{
  uint32_t i = t->bucket[elf_hash (name) % t->nbucket];
  for (; i != 0; i = t->chain[i])
    if (strcmp (name, m->names[i]) == 0 && defined_global (m, i))
      return i;
  return 0;
}

static uint32_t
gnu_hash (const char *name)
{
  const unsigned char *p = (const unsigned char *)name;
  uint32_t h = 5381;
  while (*p)
    h = h * 33 + *p++;
  return h;
}

/* glibc's do_lookup: bloom word and two bits, then the chain, whose
   entries hold the hash with bit 0 marking the end.  */
static uint32_t
lookup_gnu (const struct module *m, const struct host_gnu *t, const char *name)
{
  uint32_t h = gnu_hash (name), i;
  unsigned wb = t->wordbits;
  uint64_t word = t->bloom[(h / wb) & (t->maskwords - 1)];
  uint64_t mask
      = (UINT64_C (1) << (h % wb)) | (UINT64_C (1) << ((h >> t->shift2) % wb));

  if ((word & mask) != mask)
    return 0;
  i = t->buckets[h % t->nbuckets];
  if (i == 0)
    return 0;
  for (;; i++)
    {
      uint32_t c = t->chain[i - t->symoffset];
      if (((c ^ h) >> 1) == 0 && strcmp (name, m->names[i]) == 0)
        return i;
      if (c & 1)
        return 0;
    }
}

/* The section of type TYPE (SHT_HASH, SHT_GNU_HASH) over IMG's .symtab,
   0 when there is none.  */
static uint32_t
table_section (const relopt_image *img, uint32_t type)
{
  uint32_t s;

  for (s = 1; s < img->shnum; s++)
    if (img->sec[s].sh_type == type && img->sec[s].sh_link == img->symtab)
      return s;
  return 0;
}

/* lib.hash / lib.gnu set-up: rlo_*_validate.  1 ready, 0 absent, -1
   refused (message printed).  */
static int
setup_lib (struct lookup_ctx *c, uint32_t type)
{
  const relopt_image *img = c->m->img;
  struct rlo_elf e;
  struct rlo_section sec;
  struct rlo_fault bad;
  uint32_t s;
  int rc;

  s = table_section (img, type);
  if (s == 0)
    return 0;
  relopt_image_rlo_elf (c->m->img, &e);
  relopt_image_rlo_section (c->m->img, s, &sec);
  rc = type == RELOPT_SHT_HASH ? rlo_sysv_validate (&e, &sec, &c->lsysv, &bad)
                               : rlo_gnu_validate (&e, &sec, &c->lgnu, &bad);
  if (rc != RLO_OK)
    {
      fprintf (stderr, "%s: %s: section %u: loader library: %s (at %llu)\n",
               program_name, c->m->path, s, rlo_strerror (rc),
               (unsigned long long)bad.index);
      return -1;
    }
  return 1;
}

/* S_SYSV / S_GNU set-up: the library validates the table (setup_lib),
   then its words are copied into host-order arrays.  1 ready, 0 absent,
   -1 refused or no memory (message printed).  */
static int
setup_table (struct lookup_ctx *c, uint32_t type)
{
  int rc = setup_lib (c, type);
  uint64_t i, n;

  if (rc <= 0)
    return rc;
  if (type == RELOPT_SHT_HASH)
    {
      const struct rlo_sysv *l = &c->lsysv;
      bool big = l->elf.big_endian != 0;

      c->sysv.nbucket = l->nbucket;
      c->sysv.nchain = l->nchain;
      n = (uint64_t)l->nbucket + l->nchain;
      c->sysv.bucket = xmalloc (n * sizeof *c->sysv.bucket);
      c->sysv.chain = c->sysv.bucket + l->nbucket;
      for (i = 0; i < n; i++)
        c->sysv.bucket[i] = (uint32_t)relopt_get_n (l->words + i * l->entsize,
                                                    l->entsize, big);
      return 1;
    }
  else
    {
      const struct rlo_gnu *l = &c->lgnu;
      bool big = l->elf.big_endian != 0;
      unsigned wb = l->elf.elfclass == RLO_ELFCLASS64 ? 64 : 32;

      c->gnu.nbuckets = l->nbuckets;
      c->gnu.symoffset = l->symoffset;
      c->gnu.maskwords = l->maskwords;
      c->gnu.shift2 = l->shift2;
      c->gnu.wordbits = wb;
      c->gnu.bloom = xmalloc ((uint64_t)l->maskwords * sizeof *c->gnu.bloom);
      n = (uint64_t)l->nbuckets + (l->nsyms - l->symoffset);
      c->gnu.buckets = xmalloc ((n ? n : 1) * sizeof *c->gnu.buckets);
      c->gnu.chain = c->gnu.buckets + l->nbuckets;
      for (i = 0; i < l->maskwords; i++)
        c->gnu.bloom[i] = relopt_get_n (l->bloom + i * (wb / 8), wb / 8, big);
      for (i = 0; i < n; i++)
        c->gnu.buckets[i]
            = (uint32_t)relopt_get_n (l->buckets + i * 4, 4, big);
      return 1;
    }
}

/* FreeBSD link_elf_obj's answer through the library's .hash: the lowest
   hashed symbol of that name, taken only when it is not local.  */
static uint32_t
lookup_lib_sysv (const struct module *m, const struct rlo_sysv *t,
                 const char *name)
{
  uint32_t i = rlo_sysv_lookup (t, name);
  return i != 0 && m->bind[i] != STB_LOCAL ? i : 0;
}

/* The same answer by a linear scan: the first defined, named symbol that
   is not a section/file symbol (nor, on ARM/AArch64, a mapping symbol),
   accepted only if global.  */
static uint32_t
lookup_linear_first (const struct module *m, const char *name)
{
  uint32_t i;
  bool arm = m->img->e_machine == RELOPT_EM_ARM
             || m->img->e_machine == RELOPT_EM_AARCH64;
  for (i = 1; i < m->nsyms; i++)
    if (m->shndx[i] != RELOPT_SHN_UNDEF && m->type[i] != STT_SECTION
        && m->type[i] != STT_FILE && strcmp (name, m->names[i]) == 0
        && !(arm && name[0] == '$' && name[1] && strchr ("adtx", name[1])
             && (name[2] == 0 || name[2] == '.')))
      return m->bind[i] != STB_LOCAL ? i : 0;
  return 0;
}

static void
teardown (struct lookup_ctx *c)
{
  if (c->htab)
    htab_delete (c->htab);
  c->htab = NULL;
  if (c->have_sysv)
    free (c->sysv.bucket); /* the chain too */
  if (c->have_gnu)
    {
      free (c->gnu.bloom);
      free (c->gnu.buckets); /* the chain too */
    }
  c->have_sysv = c->have_gnu = false;
}

/* Set-up work a loader does once per load before its first lookup:
   htab: build the table; .hash/.gnu.hash: validate (decode).  Returns 1
   ready, 0 table absent, -1 error.  */
static int
setup (struct lookup_ctx *c)
{
  int rc = 1;
  switch (c->strategy)
    {
    case S_HTAB:
      c->htab = build_htab (c->m);
      break;
    case S_SYSV:
      rc = setup_table (c, RELOPT_SHT_HASH);
      c->have_sysv = rc > 0;
      break;
    case S_GNU:
      rc = setup_table (c, RELOPT_SHT_GNU_HASH);
      c->have_gnu = rc > 0;
      break;
    case S_LIB_SYSV:
      rc = setup_lib (c, RELOPT_SHT_HASH);
      break;
    case S_LIB_GNU:
      rc = setup_lib (c, RELOPT_SHT_GNU_HASH);
      break;
    }
  return rc;
}

static void
lookup_all (struct lookup_ctx *c)
{
  size_t q;
  for (q = 0; q < c->n; q++)
    {
      const char *name = c->names[q];
      uint32_t r = 0;
      switch (c->strategy)
        {
        case S_LINEAR:
          r = lookup_linear (c->m, name);
          break;
        case S_HTAB:
          r = lookup_htab (c->m, c->htab, name);
          break;
        case S_SYSV:
          r = lookup_sysv (c->m, &c->sysv, name);
          break;
        case S_GNU:
          r = lookup_gnu (c->m, &c->gnu, name);
          break;
        case S_LIB_SYSV:
          r = lookup_lib_sysv (c->m, &c->lsysv, name);
          break;
        case S_LIB_GNU:
          r = rlo_gnu_lookup (&c->lgnu, name);
          break;
        }
      c->result[q] = r;
    }
}

static double
run_setup (void *ctx, unsigned long k)
{
  struct lookup_ctx *c = ctx;
  double t = 0;
  while (k--)
    {
      double t0 = now_ns ();
      setup (c);
      t += now_ns () - t0;
      teardown (c);
    }
  return t;
}

static double
run_lookups (void *ctx, unsigned long k)
{
  struct lookup_ctx *c = ctx;
  double t0 = now_ns ();
  while (k--)
    lookup_all (c);
  return now_ns () - t0;
}

/* ------------------------------------------------------------------ */
/* PLT counting strategies.  Each returns the number of distinct branch
   targets over all sections, or -1 (linear: order does not hold).  */

enum
{
  P_QUADRATIC,
  P_SORT,
  P_HASHSET,
  P_LINEAR,
  P_LIB,
  P_COUNT
};

/* Three-way compare of branch keys (type, symbol, addend).  */
#define CMP3(a, b) ((a) < (b) ? -1 : (a) > (b))
static int
cmp_key (const struct mrel *a, const struct mrel *b)
{
  if (a->type != b->type)
    return CMP3 (a->type, b->type);
  if (a->sym != b->sym)
    return CMP3 (a->sym, b->sym);
  return CMP3 (a->addend, b->addend);
}

static bool
same_key (const struct mrel *a, const struct mrel *b)
{
  return a->type == b->type && a->sym == b->sym && a->addend == b->addend;
}

/* Linux <= 4.8: for each branch, look for an identical one among all
   earlier relocations of the section.  */
static long
plt_quadratic (const struct relsec *rs)
{
  long count = 0;
  uint64_t i, j;
  for (i = 0; i < rs->n; i++)
    {
      if (!rs->rel[i].branch)
        continue;
      for (j = 0; j < i; j++)
        if (same_key (&rs->rel[j], &rs->rel[i]))
          break;
      count += j == i;
    }
  return count;
}

/* Heapsort through compare and swap callbacks, in the manner of Linux
   lib/sort.c: O(n log n) always, no recursion, no extra memory.  Byte
   offsets rather than indices, as there.  */
typedef int (*cmp_cb) (const void *, const void *);
typedef void (*swap_cb) (void *, void *, size_t);

static void
sift_down (char *base, size_t root, size_t end, size_t size, cmp_cb cmp,
           swap_cb swap)
{
  size_t child;
  /* ROOT's children are at 2*ROOT+SIZE and 2*ROOT+2*SIZE.  */
  while ((child = 2 * root + size) < end)
    {
      if (child + size < end && cmp (base + child, base + child + size) < 0)
        child += size;
      if (cmp (base + root, base + child) >= 0)
        return;
      swap (base + root, base + child, size);
      root = child;
    }
}

static void
heapsort_cb (void *base, size_t num, size_t size, cmp_cb cmp, swap_cb swap)
{
  size_t n = num * size, i, k;
  if (num < 2)
    return;
  /* Build a max-heap, last parent first.  */
  for (k = num / 2; k-- > 0;)
    sift_down (base, k * size, n, size, cmp, swap);
  /* Move the maximum behind the heap, shrink, restore.  */
  for (i = n - size; i > 0; i -= size)
    {
      swap (base, (char *)base + i, size);
      sift_down (base, 0, i, size, cmp, swap);
    }
}

static int
cmp_mrel_cb (const void *a, const void *b)
{
  return cmp_key (a, b);
}

static void
swap_mrel_cb (void *a, void *b, size_t size)
{
  struct mrel t = *(struct mrel *)a;
  (void)size;
  *(struct mrel *)a = *(struct mrel *)b;
  *(struct mrel *)b = t;
}

/* Linux today: sort the section by (type, symbol, addend), then a
   duplicate can only be in the preceding slot.  SCRATCH holds a copy of
   the section, sorted in place.  */
static long
plt_sort (struct mrel *scratch, uint64_t n)
{
  long count = 0;
  uint64_t i;
  heapsort_cb (scratch, n, sizeof *scratch, cmp_mrel_cb, swap_mrel_cb);
  for (i = 0; i < n; i++)
    if (scratch[i].branch
        && (i == 0 || !scratch[i - 1].branch
            || !same_key (&scratch[i - 1], &scratch[i])))
      count++;
  return count;
}

static hashval_t
hash_mrel (const void *p)
{
  const struct mrel *r = p;
  hashval_t h = iterative_hash (&r->addend, sizeof r->addend, r->sym);
  return iterative_hash (&r->type, sizeof r->type, h);
}

static int
eq_mrel (const void *a, const void *b)
{
  return same_key (a, b);
}

/* The 2016 proposal: a hash set of branch keys built at load time.  */
static long
plt_hashset (const struct relsec *rs)
{
  htab_t h = htab_create_alloc (rs->n ? rs->n : 1, hash_mrel, eq_mrel, NULL,
                                calloc, free);
  long count = 0;
  uint64_t i;
  if (h == NULL)
    die_nomem ();
  for (i = 0; i < rs->n; i++)
    {
      void **slot;
      if (!rs->rel[i].branch)
        continue;
      slot = htab_find_slot (h, &rs->rel[i], INSERT);
      if (slot == NULL)
        die_nomem ();
      if (*slot == NULL)
        {
          *slot = &rs->rel[i];
          count++;
        }
    }
  htab_delete (h);
  return count;
}

/* relopt's order: branches first, sorted, so a new target is one that
   differs from the previous entry.  Any branch after a non-branch, or a
   key smaller than its predecessor, means the file is not in relopt's
   order: -1 (a loader would fall back to sorting).  */
static long
plt_linear (const struct relsec *rs)
{
  long count = 0;
  const struct mrel *prev = NULL;
  bool seen_other = false;
  uint64_t i;
  for (i = 0; i < rs->n; i++)
    {
      const struct mrel *r = &rs->rel[i];
      int c;
      if (!r->branch)
        {
          seen_other = true;
          continue;
        }
      if (seen_other)
        return -1;
      c = prev ? cmp_key (prev, r) : -1;
      if (c > 0)
        return -1;
      count += c != 0;
      prev = r;
    }
  return count;
}

struct plt_ctx
{
  struct module *m;
  int strategy;
  struct mrel *scratch; /* sort: NCOPIES copies of all sections */
  unsigned long ncopies;
  long result;
};

/* The library's one pass (rlo_count_branch_targets) over section RS of
   M: distinct targets, or -1 when not in relopt's order.  *PLTS gets the
   kernel's count_plts answer.  */
static long
plt_lib (const struct module *m, const struct relsec *rs, uint64_t *plts)
{
  const relopt_image *img = m->img;
  const struct relopt_section *sec = &img->sec[rs->idx];
  const struct relopt_section *tgt
      = sec->sh_info < img->shnum ? &img->sec[sec->sh_info] : NULL;
  struct rlo_elf e;
  struct rlo_section r;
  struct rlo_branch_count c;
  struct rlo_fault bad;
  int rc;

  relopt_image_rlo_elf (m->img, &e);
  relopt_image_rlo_section (m->img, rs->idx, &r);
  rc = rlo_count_branch_targets (&e, &r, tgt ? tgt->data : NULL,
                                 tgt ? tgt->sh_size : 0, &c, &bad);
  if (rc != RLO_OK)
    return -1;
  if (plts)
    *plts += c.plts;
  return (long)c.distinct;
}

/* One load, all sections, strategies other than sort.  */
static long
plt_once (struct plt_ctx *c)
{
  long total = 0;
  unsigned s;
  for (s = 0; s < c->m->nsecs; s++)
    {
      const struct relsec *rs = &c->m->secs[s];
      long r = 0;
      if (!rs->exec)
        continue;
      switch (c->strategy)
        {
        case P_QUADRATIC:
          r = plt_quadratic (rs);
          break;
        case P_HASHSET:
          r = plt_hashset (rs);
          break;
        case P_LINEAR:
          r = plt_linear (rs);
          break;
        case P_LIB:
          r = plt_lib (c->m, rs, NULL);
          break;
        }
      if (r < 0)
        return -1;
      total += r;
    }
  return total;
}

/* Sort: copy the sections into scratch copy COPY (not timed).  */
static struct mrel *
sort_prepare (struct plt_ctx *c, unsigned long copy)
{
  struct mrel *base = c->scratch + copy * c->m->nexecrelocs, *p = base;
  unsigned s;
  for (s = 0; s < c->m->nsecs; s++)
    if (c->m->secs[s].exec)
      {
        memcpy (p, c->m->secs[s].rel, c->m->secs[s].n * sizeof *p);
        p += c->m->secs[s].n;
      }
  return base;
}

/* Sort: one load from a prepared copy.  */
static long
sort_once (struct plt_ctx *c, struct mrel *p)
{
  long total = 0;
  unsigned s;
  for (s = 0; s < c->m->nsecs; s++)
    if (c->m->secs[s].exec)
      {
        total += plt_sort (p, c->m->secs[s].n);
        p += c->m->secs[s].n;
      }
  return total;
}

static double
run_plt (void *ctx, unsigned long k)
{
  struct plt_ctx *c = ctx;
  double t = 0, t0;
  if (c->strategy != P_SORT)
    {
      t0 = now_ns ();
      while (k--)
        c->result = plt_once (c);
      return now_ns () - t0;
    }
  while (k > 0)
    {
      unsigned long batch = k < c->ncopies ? k : c->ncopies, i;
      for (i = 0; i < batch; i++)
        sort_prepare (c, i);
      t0 = now_ns ();
      for (i = 0; i < batch; i++)
        c->result = sort_once (c, c->scratch + i * c->m->nexecrelocs);
      t += now_ns () - t0;
      k -= batch;
    }
  return t;
}

/* ------------------------------------------------------------------ */
/* Reporting.  */

static void
print_us (FILE *f, double ns, int width)
{
  if (ns < 0)
    fprintf (f, " %*s", width, "n/a");
  else
    fprintf (f, " %*.*f", width, ns < 1e5 ? 2 : 1, ns / 1e3);
}

static void
tsv_us (FILE *f, double ns)
{
  if (ns < 0)
    fputs ("\t-", f);
  else
    fprintf (f, "\t%.3f", ns / 1e3);
}

/* Symbol resolution: all strategies, check agreement.  Returns 0 or 1.  */
static int
bench_symbols (struct module *m, const char *label, FILE *tsv)
{
  double setup_ns[S_COUNT], query_ns[S_COUNT], absent_ns[S_COUNT];
  uint32_t *qres[S_COUNT], *ares[S_COUNT];
  size_t hits = 0, q;
  int s, status = 0;

  for (s = 0; s < S_COUNT; s++)
    {
      struct lookup_ctx c;
      int rc;
      memset (&c, 0, sizeof c);
      c.m = m;
      c.strategy = s;
      qres[s] = xmalloc_n (m->nquery, sizeof (uint32_t));
      ares[s] = xmalloc_n (m->nabsent, sizeof (uint32_t));
      setup_ns[s] = query_ns[s] = absent_ns[s] = -1;
      rc = setup (&c);
      if (rc < 0)
        {
          status = 1;
          teardown (&c);
          continue;
        }
      if (rc == 0)
        continue; /* table absent */
      teardown (&c);
      setup_ns[s] = measure (run_setup, &c);
      setup (&c);
      c.names = m->query;
      c.n = m->nquery;
      c.result = qres[s];
      query_ns[s] = measure (run_lookups, &c);
      c.names = (const char *const *)m->absent;
      c.n = m->nabsent;
      c.result = ares[s];
      absent_ns[s] = measure (run_lookups, &c);
      teardown (&c);
    }

  for (q = 0; q < m->nquery; q++)
    hits += qres[S_LINEAR][q] != 0;
  printf ("symbol resolution: %u symbols (%u defined globals), %zu lookups "
          "from relocations against globals (%zu found in the module, %zu "
          "not), %zu absent names\n",
          m->nsyms, m->ndefglobal, m->nquery, hits, m->nquery - hits,
          m->nabsent);

  /* Agreement with the linear scan.  */
  for (s = 1; s < S_COUNT; s++)
    {
      if (query_ns[s] < 0)
        continue;
      for (q = 0; q < m->nquery; q++)
        if (s == S_LIB_SYSV
                ? qres[s][q] != lookup_linear_first (m, m->query[q])
                : qres[s][q] != qres[S_LINEAR][q])
          {
            fprintf (stderr,
                     "%s: %s: %s finds '%s' at index %u, linear scan at "
                     "%u\n",
                     program_name, m->path, sym_strategy_name[s], m->query[q],
                     qres[s][q], qres[S_LINEAR][q]);
            status = 1;
            break;
          }
      for (q = 0; q < m->nabsent; q++)
        if (ares[s][q] != 0 || ares[S_LINEAR][q] != 0)
          {
            fprintf (stderr, "%s: %s: %s finds absent name '%s'\n",
                     program_name, m->path, sym_strategy_name[s],
                     m->absent[q]);
            status = 1;
            break;
          }
    }

  printf ("  %-10s %12s %14s %14s %14s %10s %9s\n", "strategy", "setup_us",
          "lookups_us", "absent_us", "total_us", "ns/lookup", "vs_linear");
  for (s = 0; s < S_COUNT; s++)
    {
      double tot = setup_ns[s] < 0 ? -1
                                   : (s == S_LINEAR ? 0 : setup_ns[s])
                                         + query_ns[s] + absent_ns[s];
      double lin = query_ns[S_LINEAR] + absent_ns[S_LINEAR];
      size_t nl = m->nquery + m->nabsent;
      printf ("  %-10s", sym_strategy_name[s]);
      print_us (stdout, s == S_LINEAR ? 0 : setup_ns[s], 12);
      print_us (stdout, query_ns[s], 14);
      print_us (stdout, absent_ns[s], 14);
      print_us (stdout, tot, 14);
      if (tot < 0)
        printf (" %10s %9s\n", "n/a", "n/a");
      else
        printf (" %10.1f %8.1fx\n",
                nl ? (query_ns[s] + absent_ns[s]) / (double)nl : 0.0,
                tot > 0 ? lin / tot : 0.0);
    }
  printf ("  (lib.*: loader/relopt-loader.c, set-up = its validate; "
          "lib.hash answers as FreeBSD link_elf_obj does: the first symbol "
          "of the name, if global)\n");
  if (query_ns[S_SYSV] < 0 || query_ns[S_GNU] < 0)
    printf ("  (n/a: the object has no such table; run relopt "
            "--hash-style=both on it)\n");
  if (status == 0)
    printf ("  all strategies agree\n");

  if (tsv)
    {
      fprintf (tsv, "sym\t%s\t%u\t%u\t%zu\t%zu", label, m->nsyms,
               m->ndefglobal, m->nquery, m->nabsent);
      for (s = 0; s < S_COUNT; s++)
        tsv_us (tsv, setup_ns[s] < 0 ? -1
                                     : (s == S_LINEAR ? 0 : setup_ns[s])
                                           + query_ns[s] + absent_ns[s]);
      fputc ('\n', tsv);
      for (s = 0; s < S_COUNT; s++)
        {
          fprintf (tsv, "symdetail\t%s\t%s", label, sym_strategy_tsv[s]);
          tsv_us (tsv, s == S_LINEAR ? 0 : setup_ns[s]);
          tsv_us (tsv, query_ns[s]);
          tsv_us (tsv, absent_ns[s]);
          fputc ('\n', tsv);
        }
    }
  for (s = 0; s < S_COUNT; s++)
    {
      free (qres[s]);
      free (ares[s]);
    }
  return status;
}

/* One row of the PLT table: every strategy on one module's order.  */
struct plt_row
{
  double ns[P_COUNT];
  long result[P_COUNT];
};

static const char *const plt_name[P_COUNT]
    = { "quadratic", "sort+count", "hashset", "linear(relopt)", "lib" };

/* Time every strategy on M; check they agree.  Returns 0 or 1.  */
static int
plt_measure (struct module *m, struct plt_row *row)
{
  unsigned long ncopies;
  int p, status = 0;
  struct mrel *scratch;

  ncopies = (32ul << 20)
            / ((m->nexecrelocs ? m->nexecrelocs : 1) * sizeof *scratch);
  if (ncopies < 1)
    ncopies = 1;
  if (ncopies > 4096)
    ncopies = 4096;
  scratch = xmalloc_n (ncopies * (m->nexecrelocs ? m->nexecrelocs : 1),
                       sizeof *scratch);
  for (p = 0; p < P_COUNT; p++)
    {
      struct plt_ctx c = { m, p, scratch, ncopies, 0 };
      row->result[p]
          = p == P_SORT ? sort_once (&c, sort_prepare (&c, 0)) : plt_once (&c);
      row->ns[p] = measure (run_plt, &c);
      if (c.result != row->result[p])
        status = 1;
      if ((p == P_LINEAR || p == P_LIB) && row->result[p] < 0)
        row->ns[p] = -1;
    }
  for (p = 1; p < P_COUNT; p++)
    if (row->result[p] != row->result[P_QUADRATIC]
        && !((p == P_LINEAR || p == P_LIB) && row->result[p] < 0))
      {
        fprintf (stderr, "%s: %s: PLT count: %s gives %ld, quadratic %ld\n",
                 program_name, m->path, plt_name[p], row->result[p],
                 row->result[P_QUADRATIC]);
        status = 1;
      }
  free (scratch);
  return status;
}

static void
plt_print_row (const char *what, const struct module *m,
               const struct plt_row *row)
{
  int p;
  printf ("  %-9s %8llu %8llu %8ld", what, (unsigned long long)m->nrelocs,
          (unsigned long long)m->nbranch, row->result[P_QUADRATIC]);
  for (p = 0; p < P_COUNT; p++)
    print_us (stdout, row->ns[p], 14);
  putchar ('\n');
}

static void
plt_tsv_row (FILE *tsv, const char *kind, const char *label,
             const struct module *m, const struct plt_row *row)
{
  int p;
  fprintf (tsv, "%s\t%s\t%llu\t%llu\t%ld", kind, label,
           (unsigned long long)m->nrelocs, (unsigned long long)m->nbranch,
           row->result[P_QUADRATIC]);
  for (p = 0; p < P_COUNT; p++)
    tsv_us (tsv, row->ns[p]);
  fputc ('\n', tsv);
}

/* PLT counting on M (normally relopt's output) and, when BASE is not
   NULL, on the same module before relopt (the order a loader gets today;
   the old strategies' cost depends on it: the quadratic count finds a
   popular target early in a random order and late in a sorted one).  The
   ratios printed compare the linear pass over relopt's order with each
   other strategy on BASE's order when there is one.  */
static int
bench_plt (struct module *m, struct module *base, const char *label, FILE *tsv)
{
  struct plt_row row, brow;
  const struct plt_row *before = &row;
  int status;

  if (m->img->e_machine != RELOPT_EM_ARM
      && m->img->e_machine != RELOPT_EM_AARCH64)
    {
      printf ("PLT counting: not an ARM/AArch64 object\n");
      return 0;
    }
  status = plt_measure (m, &row);
  if (base)
    {
      status |= plt_measure (base, &brow);
      if (brow.result[P_QUADRATIC] != row.result[P_QUADRATIC])
        {
          fprintf (stderr,
                   "%s: %s: %ld distinct branch targets, but %ld in %s\n",
                   program_name, m->path, row.result[P_QUADRATIC],
                   brow.result[P_QUADRATIC], base->path);
          status = 1;
        }
      before = &brow;
    }

  printf ("PLT counting: %llu relocations in %u sections (%llu in the %u "
          "that relocate code, which a loader scans), %llu branch "
          "relocations, %ld distinct targets\n",
          (unsigned long long)m->nrelocs, m->nsecs,
          (unsigned long long)m->nexecrelocs, m->nexecsecs,
          (unsigned long long)m->nbranch, row.result[P_QUADRATIC]);
  printf ("  %-9s %8s %8s %8s %14s %14s %14s %14s %14s\n", "order", "relocs",
          "branches", "targets", "quadratic", "sort+count", "hashset",
          "linear(relopt)", "lib");
  if (base)
    plt_print_row ("original", base, &brow);
  plt_print_row (base ? "relopt" : "as is", m, &row);
  printf ("  (microseconds per load%s)\n",
          base ? "; original: the object before relopt" : "");
  if (row.ns[P_LINEAR] < 0)
    printf ("  linear(relopt): n/a, the relocations are not in relopt's "
            "order (run relopt on the object)\n");
  else if (row.ns[P_LINEAR] > 0)
    printf ("  linear over relopt's order is %.0fx faster than quadratic, "
            "%.1fx faster than sort+count, %.1fx faster than hashset%s\n",
            before->ns[P_QUADRATIC] / row.ns[P_LINEAR],
            before->ns[P_SORT] / row.ns[P_LINEAR],
            before->ns[P_HASHSET] / row.ns[P_LINEAR],
            base ? " (those on the original order)" : "");
  if (row.result[P_LIB] >= 0)
    {
      /* The kernels' PLT count (same-section targets skipped, only
         zero-addend duplicates merged), from the library's pass.  */
      uint64_t plts = 0;
      unsigned k;
      for (k = 0; k < m->nsecs; k++)
        if (m->secs[k].exec)
          plt_lib (m, &m->secs[k], &plts);
      printf ("  lib: loader/relopt-loader.c, one pass; PLT slots as "
              "Linux count_plts counts them: %llu\n",
              (unsigned long long)plts);
    }
  if (status == 0)
    printf ("  all strategies agree%s\n",
            base ? ", before and after relopt" : "");
  if (tsv)
    {
      plt_tsv_row (tsv, "plt", label, m, &row);
      if (base)
        plt_tsv_row (tsv, "pltbase", label, base, &brow);
    }
  return status;
}

/* ------------------------------------------------------------------ */

static void
usage (FILE *f)
{
  fprintf (f,
           "Usage: %s [--budget SECONDS] [--tsv FILE] [--label NAME] "
           "FILE...\n"
           "Time what a module loader does at load time on each ET_REL "
           "FILE: symbol\n"
           "resolution (linear scan, load-time hash table, .hash, "
           ".gnu.hash) and\n"
           "ARM/AArch64 PLT counting (quadratic, sort+count, hash set, "
           "one linear\n"
           "pass over relopt's order).  Exit status 1 when the strategies "
           "disagree.\n"
           "  --budget SECONDS  time to spend per strategy (default 0.2)\n"
           "  --tsv FILE        append machine-readable rows to FILE\n"
           "  --label NAME      name of the input in the rows (default: "
           "FILE)\n"
           "  --baseline ORIG   ORIG is FILE before relopt: also time PLT "
           "counting on\n"
           "                    its order, the one a loader gets today\n"
           "  --clock=cpu|wall  thread CPU time (default) or "
           "CLOCK_MONOTONIC\n"
           "  --no-symbols      skip symbol resolution\n"
           "  --no-plt          skip PLT counting\n",
           program_name);
}

int
main (int argc, char **argv)
{
  const char *tsvpath = NULL, *label = NULL, *basepath = NULL;
  FILE *tsv = NULL;
  bool do_sym = true, do_plt = true;
  int i, status = 0, nfiles = 0;

  for (i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "--budget") == 0 && i + 1 < argc)
        {
          char *end;
          budget = strtod (argv[++i], &end);
          if (*end != '\0' || budget <= 0)
            {
              fprintf (stderr, "%s: bad --budget '%s'\n", program_name,
                       argv[i]);
              return 2;
            }
        }
      else if (strcmp (a, "--tsv") == 0 && i + 1 < argc)
        tsvpath = argv[++i];
      else if (strcmp (a, "--label") == 0 && i + 1 < argc)
        label = argv[++i];
      else if (strcmp (a, "--baseline") == 0 && i + 1 < argc)
        basepath = argv[++i];
      else if (strcmp (a, "--clock=wall") == 0)
        bench_clock = CLOCK_MONOTONIC;
      else if (strcmp (a, "--clock=cpu") == 0)
        bench_clock = CLOCK_THREAD_CPUTIME_ID;
      else if (strcmp (a, "--no-symbols") == 0)
        do_sym = false;
      else if (strcmp (a, "--no-plt") == 0)
        do_plt = false;
      else if (strcmp (a, "--help") == 0)
        {
          usage (stdout);
          return 0;
        }
      else if (a[0] == '-' && a[1] != '\0')
        {
          usage (stderr);
          return 2;
        }
      else
        argv[nfiles++ + 1] = argv[i]; /* keep files, in order */
    }
  if (nfiles == 0)
    {
      usage (stderr);
      return 2;
    }
  if (basepath && nfiles != 1)
    {
      fprintf (stderr, "%s: --baseline goes with exactly one FILE\n",
               program_name);
      return 2;
    }
  if (tsvpath && (tsv = fopen (tsvpath, "a")) == NULL)
    {
      fprintf (stderr, "%s: %s: %s\n", program_name, tsvpath,
               strerror (errno));
      return 2;
    }

  for (i = 1; i <= nfiles; i++)
    {
      struct module m;
      struct relopt_error err = { 0 };
      memset (&m, 0, sizeof m);
      m.path = argv[i];
      if (relopt_image_read_file (m.path, &m.img, &err))
        {
          fprintf (stderr, "%s: %s: %s\n", program_name, m.path, err.msg);
          status = 1;
          continue;
        }
      printf ("== %s: %s, ELFCLASS%u %s-endian%s, machine %u\n",
              label ? label : m.path, m.path,
              m.img->elfclass == RELOPT_ELFCLASS64 ? 64 : 32,
              m.img->big ? "big" : "little",
              (m.img->e_flags & RELOPT_EF_ARM_BE8)
                      && m.img->e_machine == RELOPT_EM_ARM
                  ? " (BE8)"
                  : "",
              m.img->e_machine);
      if (load_module (&m))
        status = 1;
      else
        {
          if (do_sym && bench_symbols (&m, label ? label : m.path, tsv))
            status = 1;
          if (do_plt)
            {
              struct module b;
              bool have_base = false;
              memset (&b, 0, sizeof b);
              if (basepath)
                {
                  b.path = basepath;
                  if (relopt_image_read_file (b.path, &b.img, &err)
                      || load_module (&b))
                    {
                      fprintf (stderr, "%s: %s: %s\n", program_name, b.path,
                               err.msg[0] ? err.msg : "cannot load");
                      status = 1;
                    }
                  else
                    have_base = true;
                }
              if ((!basepath || have_base)
                  && bench_plt (&m, have_base ? &b : NULL,
                                label ? label : m.path, tsv))
                status = 1;
              if (b.img)
                free_module (&b);
            }
        }
      fflush (stdout);
      free_module (&m);
    }
  if (tsv && fclose (tsv) != 0)
    {
      fprintf (stderr, "%s: %s: %s\n", program_name, tsvpath,
               strerror (errno));
      status = 1;
    }
  if (status)
    fprintf (stderr, "%s: FAILED: strategies disagree or input is bad\n",
             program_name);
  return status;
}
