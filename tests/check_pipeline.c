/* check_pipeline.c -- the rewrite pipeline (bfdext/pipeline.c) with
   --check (check.c), the semantic comparison (compare.c), options
   (options.c) and file replacement (fileio.c).

   Inputs are the tests' sample objects (sample.h).  The tables in the
   output are read with a loader model written here from the formats
   (SysV gABI "Hash Table"; glibc's GNU hash lookup) directly on the
   output bytes, and every lookup is compared with a linear scan.  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "elfobj.h"
#include "fileio.h"
#include "image.h"
#include "layout.h"
#include "sample.h"
#include "testutil.h"

Suite *pipeline_suite (void);

static const struct sample_spec specs[] = {
  { EO_CLASS64, false, EO_EM_X86_64, 0, true, true, true, true, 120, 0 },
  { EO_CLASS32, false, EO_EM_386, 0, false, true, false, false, 60, 0 },
  { EO_CLASS64, true, EO_EM_S390, 0, true, true, false, true, 80, 0 },
  { EO_CLASS32, true, EO_EM_ARM, 0x05800000, false, true, true, false, 40, 0 },
  { EO_CLASS64, false, EO_EM_AARCH64, 0, true, false, false, false, 40, 0 },
  { EO_CLASS64, false, EO_EM_MIPS, 0x20000000, true, true, false, true, 50,
    0x0500 },
};

static const unsigned styles[] = { RELOPT_HASH_NONE, RELOPT_HASH_SYSV,
                                   RELOPT_HASH_GNU, RELOPT_HASH_BOTH };

static int
rewrite_opts (const unsigned char *in, size_t len, unsigned style,
              bool drop_sig, unsigned char **out, size_t *olen,
              struct relopt_stats *st, struct relopt_error *err)
{
  struct relopt_options opts;

  relopt_options_init (&opts);
  opts.hash_style = style;
  opts.drop_signature = drop_sig;
  memset (err, 0, sizeof *err);
  *out = NULL;
  return relopt_rewrite_mem (in, len, &opts, out, olen, st, err);
}

static int
rewrite (const unsigned char *in, size_t len, unsigned style,
         unsigned char **out, size_t *olen)
{
  struct relopt_error err;
  int rc = rewrite_opts (in, len, style, false, out, olen, NULL, &err);

  ck_assert_msg (rc == 0, "rewrite failed: %s", err.msg);
  return rc;
}

/* --check of BUF with hash style STYLE.  */
static int
check_bytes (const unsigned char *buf, size_t len, unsigned style,
             struct relopt_error *err)
{
  struct relopt_options opts;
  relopt_image *img;
  int rc;

  relopt_options_init (&opts);
  opts.hash_style = style;
  opts.hash_style_given = true; /* as --check --hash-style=STYLE */
  memset (err, 0, sizeof *err);
  rc = relopt_image_read_mem (buf, len, &img, err);
  ck_assert_msg (rc == 0, "output does not read back: %s", err->msg);
  rc = relopt_check_image (img, &opts, err);
  relopt_image_free (img);
  return rc;
}

static int
compare_bytes (const unsigned char *a, size_t alen, const unsigned char *b,
               size_t blen, struct relopt_error *err)
{
  relopt_image *x, *y;
  int rc;

  memset (err, 0, sizeof *err);
  ck_assert_int_eq (relopt_image_read_mem (a, alen, &x, err), 0);
  ck_assert_int_eq (relopt_image_read_mem (b, blen, &y, err), 0);
  rc = relopt_compare_images (x, y, err);
  relopt_image_free (x);
  relopt_image_free (y);
  return rc;
}

/* ---- A loader model over the output bytes ---------------------------------
 */

static bool
named_defined (const struct eo_vsym *s)
{
  unsigned type = s->info & 0xf;

  return s->shndx != EO_SHN_UNDEF && s->name[0] && type != EO_STT_SECTION
         && type != EO_STT_FILE;
}

/* Linux's is_mapping_symbol() (include/linux/module_symbol.h): the
   name starts with '$', ".L" or "L0".  */
static bool
mapping_symbol (const char *name)
{
  return name[0] == '$' || strncmp (name, ".L", 2) == 0
         || strncmp (name, "L0", 2) == 0;
}

/* Chained in .hash (doc/design.md 2): defined (raw st_shndx), named, not
   a Linux mapping symbol, any type, every one of a name.  */
static bool
sysv_hashed (const struct eo_view *v, const struct eo_vsym *s)
{
  (void)v;
  return s->st_shndx != EO_SHN_UNDEF && s->name[0]
         && !mapping_symbol (s->name);
}

static bool
gnu_hashed (const struct eo_vsym *s)
{
  return named_defined (s) && (s->info >> 4) != EO_STB_LOCAL;
}

/* Whether .hash must chain symbol I: every sysv_hashed symbol is.  */
static bool
sysv_chained (const struct eo_view *v, uint32_t i)
{
  return sysv_hashed (v, &v->sym[i]);
}

static uint32_t
elf_hash (const char *name)
{
  uint32_t h = 0, g;

  for (; *name; name++)
    {
      h = (h << 4) + (unsigned char)*name;
      g = h & 0xf0000000u;
      h ^= g >> 24;
      h &= ~g;
    }
  return h;
}

/* SysV: nbucket, nchain, bucket[], chain[] in ENTSIZE-byte words.  */
static uint32_t
loader_sysv (const struct eo_view *v, uint32_t idx, const char *name)
{
  const unsigned char *d = v->sec[idx].data;
  unsigned es = (unsigned)v->sec[idx].entsize;
  uint64_t nb = eo_get (d, es, v->big), nc = eo_get (d + es, es, v->big);
  uint64_t i, steps = 0;

  for (i = eo_get (d + (2 + elf_hash (name) % nb) * es, es, v->big);
       i != 0 && steps++ <= nc; i = eo_get (d + (2 + nb + i) * es, es, v->big))
    {
      if (i >= v->nsym)
        return UINT32_MAX; /* a broken table: never a valid answer */
      if (strcmp (v->sym[i].name, name) == 0)
        return (uint32_t)i;
    }
  return 0;
}

/* GNU, as glibc's do_lookup_x: header of four 32-bit words, bloom words of
   the class size, buckets, chain words.  */
static uint32_t
loader_gnu (const struct eo_view *v, uint32_t idx, const char *name)
{
  const unsigned char *d = v->sec[idx].data;
  unsigned wb = v->cls == EO_CLASS32 ? 32 : 64;
  uint32_t nb = (uint32_t)eo_get (d, 4, v->big);
  uint32_t symoff = (uint32_t)eo_get (d + 4, 4, v->big);
  uint32_t maskwords = (uint32_t)eo_get (d + 8, 4, v->big);
  uint32_t shift = (uint32_t)eo_get (d + 12, 4, v->big);
  const unsigned char *bloom = d + 16;
  const unsigned char *buckets = bloom + maskwords * (wb / 8);
  const unsigned char *chain = buckets + 4 * nb;
  uint32_t h = test_gnu_hash (name), i;
  uint64_t word
      = eo_get (bloom + ((h / wb) % maskwords) * (wb / 8), wb / 8, v->big);

  if (!((word >> (h % wb)) & (word >> ((h >> shift) % wb)) & 1))
    return 0;
  i = (uint32_t)eo_get (buckets + 4 * (h % nb), 4, v->big);
  if (i == 0)
    return 0;
  for (;; i++)
    {
      uint32_t c;
      if (i >= v->nsym)
        return UINT32_MAX;
      c = (uint32_t)eo_get (chain + 4 * (i - symoff), 4, v->big);
      if ((c | 1) == (h | 1) && strcmp (v->sym[i].name, name) == 0)
        return i;
      if (c & 1)
        return 0;
    }
}

/* Every symbol name (and a variant that is absent) looks up as a linear
   scan over the hashed symbols finds it.  */
static void
verify_tables (const unsigned char *buf, size_t len, unsigned style)
{
  struct eo_view v;
  struct soft soft = SOFT_INIT;
  unsigned nh, ng;
  uint32_t sysv, gnu, i, j;
  char absent[300];

  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  sysv = eo_find_type (&v, EO_SHT_HASH, &nh);
  gnu = eo_find_type (&v, EO_SHT_GNU_HASH, &ng);
  ck_assert_uint_eq (nh, style & RELOPT_HASH_SYSV ? 1 : 0);
  ck_assert_uint_eq (ng, style & RELOPT_HASH_GNU ? 1 : 0);
  if (sysv)
    {
      unsigned want = v.cls == EO_CLASS64 && v.machine == EO_EM_S390 ? 8 : 4;
      ck_assert_str_eq (v.sec[sysv].name, ".hash");
      ck_assert_uint_eq (v.sec[sysv].link, v.symtab);
      ck_assert_uint_eq (v.sec[sysv].flags, 0x80000000u); /* SHF_EXCLUDE */
      ck_assert_uint_eq (v.sec[sysv].entsize, want);
      ck_assert_uint_eq (eo_get (v.sec[sysv].data + want, want, v.big),
                         v.nsym); /* nchain */
      /* doc/design.md 2: the chains hold every hashed symbol once, later
         duplicates included, no mapping symbol.  */
      {
        const unsigned char *d = v.sec[sysv].data;
        uint64_t nb = eo_get (d, want, v.big), b, k, steps;
        unsigned char *on = calloc (v.nsym, 1);
        ck_assert_ptr_nonnull (on);
        for (b = 0; b < nb; b++)
          for (k = eo_get (d + (2 + b) * want, want, v.big), steps = 0;
               k != 0 && k < v.nsym && steps++ <= v.nsym;
               k = eo_get (d + (2 + nb + k) * want, want, v.big))
            on[k]++;
        for (i = 1; i < v.nsym; i++)
          SOFT_CHECK (&soft, on[i] == (sysv_chained (&v, i) ? 1 : 0),
                      ".hash: symbol %u '%s' on chains %u times", i,
                      v.sym[i].name, on[i]);
        free (on);
      }
    }
  if (gnu)
    {
      uint32_t symoff = (uint32_t)eo_get (v.sec[gnu].data + 4, 4, v.big);
      ck_assert_str_eq (v.sec[gnu].name, ".gnu.hash");
      ck_assert_uint_eq (v.sec[gnu].link, v.symtab);
      ck_assert_uint_eq (v.sec[gnu].flags, 0x80000000u); /* SHF_EXCLUDE */
      /* Exactly [symoffset, nsyms) is hashed.  */
      for (i = 1; i < v.nsym; i++)
        SOFT_CHECK (&soft, gnu_hashed (&v.sym[i]) == (i >= symoff),
                    "symbol %u '%s' vs symoffset %u", i, v.sym[i].name,
                    symoff);
    }
  for (i = 1; i < v.nsym; i++)
    {
      const char *name = v.sym[i].name;
      uint32_t want_sysv = 0, want_gnu = 0;
      if (name[0] == '\0')
        continue;
      for (j = 1; j < v.nsym && !want_sysv; j++)
        if (sysv_hashed (&v, &v.sym[j]) && strcmp (v.sym[j].name, name) == 0)
          want_sysv = j;
      for (j = 1; j < v.nsym && !want_gnu; j++)
        if (gnu_hashed (&v.sym[j]) && strcmp (v.sym[j].name, name) == 0)
          want_gnu = j;
      snprintf (absent, sizeof absent, "%s.absent", name);
      if (sysv)
        SOFT_CHECK (&soft,
                    loader_sysv (&v, sysv, name) == want_sysv
                        && loader_sysv (&v, sysv, absent) == 0,
                    ".hash lookup of '%s'", name);
      if (gnu)
        SOFT_CHECK (&soft,
                    loader_gnu (&v, gnu, name) == want_gnu
                        && loader_gnu (&v, gnu, absent) == 0,
                    ".gnu.hash lookup of '%s'", name);
    }
  SOFT_DONE (&soft);
  eo_view_free (&v);
}

/* ---- A worked example, and how often a rewrite hashes ---------------------
 */

/* tests/local.mk links this suite with -Wl,--wrap=rlo_gnu_hash and
   -Wl,--wrap=rlo_sysv_hash: bfdext's calls to the loader library's hash
   functions come here first and are counted.  */
uint32_t __real_rlo_gnu_hash (const char *name);
uint32_t __real_rlo_sysv_hash (const char *name);
uint32_t __wrap_rlo_gnu_hash (const char *name);
uint32_t __wrap_rlo_sysv_hash (const char *name);

static unsigned long gnu_hash_calls, sysv_hash_calls;

uint32_t
__wrap_rlo_gnu_hash (const char *name)
{
  gnu_hash_calls++;
  return __real_rlo_gnu_hash (name);
}

uint32_t
__wrap_rlo_sysv_hash (const char *name)
{
  sysv_hash_calls++;
  return __real_rlo_sysv_hash (name);
}

/* x86_64 RELA: .text and .rela.text; symbols 0, .text's section symbol,
   then the globals d, undef (undefined), c, b, a in that order; the
   relocations refer to a (5 here) and undef (3).  */
static unsigned char *
worked_object (size_t *lenp)
{
  struct eo_obj o;
  struct eo_rel r[2];
  unsigned char text[16] = { 0 }, *buf;
  uint32_t text_sec, a, undef;

  eo_init (&o, EO_CLASS64, false, EO_EM_X86_64);
  text_sec = eo_add_sec (&o, ".text", EO_SHT_PROGBITS,
                         EO_SHF_ALLOC | EO_SHF_EXECINSTR, text, sizeof text, 0,
                         0, 16, 0);
  eo_add_symtab (&o);
  eo_add_sym (&o, NULL, 0, 0, EO_STB_LOCAL, EO_STT_SECTION, text_sec);
  eo_add_sym (&o, "d", 0, 4, EO_STB_GLOBAL, EO_STT_FUNC, text_sec);
  undef = eo_add_sym (&o, "undef", 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE,
                      EO_SHN_UNDEF);
  eo_add_sym (&o, "c", 4, 4, EO_STB_GLOBAL, EO_STT_FUNC, text_sec);
  eo_add_sym (&o, "b", 8, 4, EO_STB_GLOBAL, EO_STT_FUNC, text_sec);
  a = eo_add_sym (&o, "a", 12, 4, EO_STB_GLOBAL, EO_STT_FUNC, text_sec);
  r[0].offset = 0;
  r[0].sym = a;
  r[1].offset = 8;
  r[1].sym = undef;
  r[0].type = r[1].type = 4; /* R_X86_64_PLT32 */
  r[0].addend = r[1].addend = -4;
  eo_add_rel (&o, ".rela.text", true, text_sec, r, 2);
  eo_write (&o, &buf, lenp);
  eo_free (&o);
  return buf;
}

/* Section IDX of V holds exactly the 32-bit words WORDS[0..N), except
   that word BLOOM_AT (when below N) is a 64-bit bloom word of value
   BLOOM.  */
static void
assert_words (const struct eo_view *v, uint32_t idx, const uint32_t *words,
              size_t n, size_t bloom_at, uint64_t bloom)
{
  unsigned char want[64];
  size_t k, o = 0;

  for (k = 0; k < n; k++)
    {
      unsigned w = k == bloom_at ? 8 : 4;
      eo_put (want + o, k == bloom_at ? bloom : words[k], w, v->big);
      o += w;
    }
  ck_assert_uint_eq (v->sec[idx].size, o);
  ck_assert_mem_eq (v->sec[idx].data, want, o);
}

/* The worked object with --hash-style=both, worked out by hand.
   GNU: 4 hashed globals -> 3 buckets; bloom: L = 3, 4 & 2 = 0 -> 5 bits,
   6 for 64-bit words: one word, shift 6.  h = 5381 * 33 + c: a 177670
   (0x2b606), b 177671, c 177672, d 177673; mod 3: a 1, b 2, c 0, d 1.
   doc/design.md 3: undef first (not hashed), then by (bucket, old index): c
   (bucket 0), d, a (bucket 1), b (bucket 2): undef 2, c 3, d 4, a 5, b 6,
   symoffset 3.  Buckets 3, 4, 6.  Chain words: c 0x2b609 (h | 1: ends
   bucket 0), d 0x2b608 (h & ~1: a follows), a 0x2b607, b 0x2b607.  Bloom:
   h % 64 = 6, 7, 8, 9 and (h >> 6) % 64 = 24 for all: 0x10003c0.
   SysV: one letter hashes to itself: a 97, b 98, c 99, d 100; mod 3 (4
   hashed -> 3 buckets): c 0, d 1, a 1, b 2; chains ascend: buckets 3, 4,
   6, chain[4] = 5, other chain words 0, nchain 7.  --stats: longest
   chain 2 (d, a), mean 4/3, in both tables.  Each name is hashed once
   per style.  */
START_TEST (test_worked_example)
{
  static const char *const order[] = { "", "", "undef", "c", "d", "a", "b" };
  static const uint32_t gnu_words[]
      = { 3, 3, 1, 6, 0, 3, 4, 6, 0x2b609, 0x2b608, 0x2b607, 0x2b607 };
  static const uint32_t sysv_words[] = { 3, 7, 3, 4, 6, 0, 0, 0, 0, 5, 0, 0 };
  struct relopt_stats st;
  struct relopt_error err;
  struct eo_view v;
  struct eo_rel r;
  unsigned char *buf, *out;
  size_t len, olen, k;

  buf = worked_object (&len);
  gnu_hash_calls = sysv_hash_calls = 0;
  ck_assert_int_eq (
      rewrite_opts (buf, len, RELOPT_HASH_BOTH, false, &out, &olen, &st, &err),
      0);
  ck_assert_uint_eq (gnu_hash_calls, 4);
  ck_assert_uint_eq (sysv_hash_calls, 4);
  ck_assert_int_eq (eo_parse (out, olen, &v), 0);
  ck_assert_uint_eq (v.nsym, ARRAY_SIZE (order));
  for (k = 0; k < ARRAY_SIZE (order); k++)
    ck_assert_str_eq (v.sym[k].name, order[k]);
  eo_get_rel (&v, eo_find_sec (&v, ".rela.text"), 0, &r);
  ck_assert_uint_eq (r.sym, 5); /* a */
  eo_get_rel (&v, eo_find_sec (&v, ".rela.text"), 1, &r);
  ck_assert_uint_eq (r.sym, 2); /* undef */
  assert_words (&v, eo_find_type (&v, EO_SHT_GNU_HASH, NULL), gnu_words,
                ARRAY_SIZE (gnu_words), 4, 0x10003c0);
  assert_words (&v, eo_find_type (&v, EO_SHT_HASH, NULL), sysv_words,
                ARRAY_SIZE (sysv_words), SIZE_MAX, 0);
  ck_assert_uint_eq (st.symbols_moved, 5);
  ck_assert_uint_eq (st.gnu_symoffset, 3);
  ck_assert_uint_eq (st.gnu_bloom_bits, 64);
  ck_assert_uint_eq (st.gnu_nbucket, 3);
  ck_assert_uint_eq (st.sysv_nbucket, 3);
  ck_assert_uint_eq (st.gnu_max_chain, 2);
  ck_assert_uint_eq (st.sysv_max_chain, 2);
  ck_assert (st.gnu_mean_chain == 4.0 / 3 && st.sysv_mean_chain == 4.0 / 3);
  eo_view_free (&v);
  free (out);
  free (buf);
}
END_TEST

/* A rewrite hashes each name once per style (the order and the table
   share one array of GNU hashes): as many GNU hashes as .gnu.hash has
   symbols, as many SysV hashes as .hash chains, none for a style not
   asked for.  */
START_TEST (test_hash_once)
{
  const struct sample_spec *sp = &specs[_i / ARRAY_SIZE (styles)];
  unsigned style = styles[_i % ARRAY_SIZE (styles)];
  struct sample_info in;
  struct eo_view v;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t i, nsysv = 0, ngnu = 0;

  buf = sample_bytes (sp, &len, &in);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  for (i = 1; i < v.nsym; i++)
    {
      nsysv += sysv_chained (&v, i);
      ngnu += gnu_hashed (&v.sym[i]);
    }
  ck_assert (nsysv > 0 && ngnu > 0);
  gnu_hash_calls = sysv_hash_calls = 0;
  rewrite (buf, len, style, &out, &olen);
  ck_assert_uint_eq (gnu_hash_calls, style & RELOPT_HASH_GNU ? ngnu : 0);
  ck_assert_uint_eq (sysv_hash_calls, style & RELOPT_HASH_SYSV ? nsysv : 0);
  eo_view_free (&v);
  free (buf);
  free (out);
}
END_TEST

/* ---- Idempotence, tables, check, compare -----------------------------------
 */

START_TEST (test_idempotent)
{
  const struct sample_spec *sp = &specs[_i / ARRAY_SIZE (styles)];
  unsigned style = styles[_i % ARRAY_SIZE (styles)];
  struct sample_info in;
  struct relopt_error err;
  unsigned char *buf, *out, *out2, *again;
  size_t len, olen, olen2, alen;

  buf = sample_bytes (sp, &len, &in);
  rewrite (buf, len, style, &out, &olen);
  rewrite (out, olen, style, &out2, &olen2);
  ck_assert_uint_eq (olen2, olen);
  ck_assert_mem_eq (out2, out, olen);
  /* Same input and options, same bytes.  */
  rewrite (buf, len, style, &again, &alen);
  ck_assert_uint_eq (alen, olen);
  ck_assert_mem_eq (again, out, olen);
  verify_tables (out, olen, style);
  ck_assert_msg (check_bytes (out, olen, style, &err) == 0, "--check: %s",
                 err.msg);
  ck_assert_msg (compare_bytes (buf, len, out, olen, &err) == 0, "compare: %s",
                 err.msg);
  free (buf);
  free (out);
  free (out2);
  free (again);
}
END_TEST

/* Style changes on an already rewritten object: tables are rebuilt, never
   duplicated; a style no longer wanted is dropped when it is last.  */
struct restyle_case
{
  unsigned first, second;
};

static const struct restyle_case restyles[] = {
  { RELOPT_HASH_BOTH, RELOPT_HASH_BOTH },
  { RELOPT_HASH_GNU, RELOPT_HASH_BOTH },
  { RELOPT_HASH_SYSV, RELOPT_HASH_BOTH },
  { RELOPT_HASH_SYSV, RELOPT_HASH_GNU },
  { RELOPT_HASH_GNU, RELOPT_HASH_SYSV },
  { RELOPT_HASH_BOTH, RELOPT_HASH_SYSV },
  { RELOPT_HASH_BOTH, RELOPT_HASH_NONE },
  { RELOPT_HASH_GNU, RELOPT_HASH_NONE },
  { RELOPT_HASH_SYSV, RELOPT_HASH_NONE },
  { RELOPT_HASH_SYSV, RELOPT_HASH_SYSV },
  { RELOPT_HASH_GNU, RELOPT_HASH_GNU },
  { RELOPT_HASH_BOTH, RELOPT_HASH_GNU },
};

START_TEST (test_restyle)
{
  const struct restyle_case *c = &restyles[_i / 2];
  const struct sample_spec *sp = &specs[_i % 2 ? 2 : 0];
  struct sample_info in;
  struct relopt_error err;
  struct eo_view v0, v;
  unsigned char *buf, *mid, *out, *out2;
  size_t len, mlen, olen, olen2;
  unsigned added = 0;
  int rc;

  buf = sample_bytes (sp, &len, &in);
  ck_assert_int_eq (eo_parse (buf, len, &v0), 0);
  rewrite (buf, len, c->first, &mid, &mlen);
  rc = rewrite_opts (mid, mlen, c->second, false, &out, &olen, NULL, &err);
  if (rc == RELOPT_E_REFUSE)
    {
      /* Allowed only where a table of the old style would have to be
         removed from the middle (both -> gnu: .hash is not last).  */
      ck_assert (c->first == RELOPT_HASH_BOTH && c->second == RELOPT_HASH_GNU);
      ck_assert_ptr_nonnull (strstr (err.msg, ".hash"));
      eo_view_free (&v0);
      free (mid);
      free (buf);
      return;
    }
  ck_assert_msg (rc == 0, "%s", err.msg);
  verify_tables (out, olen, c->second);
  ck_assert_int_eq (eo_parse (out, olen, &v), 0);
  /* Only hash tables were added, after the original sections.  */
  added = (c->second & RELOPT_HASH_SYSV ? 1 : 0)
          + (c->second & RELOPT_HASH_GNU ? 1 : 0);
  ck_assert_uint_eq (v.shnum, v0.shnum + added);
  ck_assert_msg (check_bytes (out, olen, c->second, &err) == 0, "%s", err.msg);
  ck_assert_msg (compare_bytes (buf, len, out, olen, &err) == 0, "%s",
                 err.msg);
  ck_assert_msg (compare_bytes (mid, mlen, out, olen, &err) == 0, "%s",
                 err.msg);
  /* And the result is a fixed point.  */
  rewrite (out, olen, c->second, &out2, &olen2);
  ck_assert_uint_eq (olen2, olen);
  ck_assert_mem_eq (out2, out, olen);
  eo_view_free (&v0);
  eo_view_free (&v);
  free (out2);
  free (out);
  free (mid);
  free (buf);
}
END_TEST

/* hash-style none on a rewritten object removes the trailing tables: the
   section count is the original one again.  */
START_TEST (test_none_removes_tables)
{
  struct sample_info in;
  struct eo_view v0, v;
  unsigned char *buf, *mid, *out;
  size_t len, mlen, olen;

  buf = sample_bytes (&specs[_i], &len, &in);
  rewrite (buf, len, RELOPT_HASH_BOTH, &mid, &mlen);
  rewrite (mid, mlen, RELOPT_HASH_NONE, &out, &olen);
  ck_assert_int_eq (eo_parse (buf, len, &v0), 0);
  ck_assert_int_eq (eo_parse (out, olen, &v), 0);
  ck_assert_uint_eq (v.shnum, v0.shnum);
  ck_assert_uint_eq (eo_find_type (&v, EO_SHT_HASH, NULL), 0);
  ck_assert_uint_eq (eo_find_type (&v, EO_SHT_GNU_HASH, NULL), 0);
  eo_view_free (&v0);
  eo_view_free (&v);
  free (buf);
  free (mid);
  free (out);
}
END_TEST

/* ---- Signatures
 * ------------------------------------------------------------- */

START_TEST (test_signature)
{
  static const char sig[] = "PKCS7....\0\0\0\0\0\0\0\0\0\0\0\x09"
                            "~Module signature appended~\n";
  static const char junk[] = "trailing junk";
  bool is_sig = _i % 2 == 0;
  const char *tr = is_sig ? sig : junk;
  size_t trlen = is_sig ? sizeof sig - 1 : sizeof junk - 1;
  struct sample_info in;
  struct relopt_stats st;
  struct relopt_error err;
  unsigned char *buf, *full, *out, *bare;
  size_t len, olen, blen;

  buf = sample_bytes (&specs[_i / 2], &len, &in);
  full = malloc (len + trlen);
  ck_assert_ptr_nonnull (full);
  memcpy (full, buf, len);
  memcpy (full + len, tr, trlen);
  ck_assert_int_eq (rewrite_opts (full, len + trlen, RELOPT_HASH_BOTH, false,
                                  &out, &olen, &st, &err),
                    RELOPT_E_SIGNATURE);
  ck_assert_ptr_null (out);
  ck_assert_ptr_nonnull (
      strstr (err.msg, is_sig ? "module signature" : "trailing data"));
  /* --drop-signature: the output is that of the object without it.  */
  ck_assert_int_eq (rewrite_opts (full, len + trlen, RELOPT_HASH_BOTH, true,
                                  &out, &olen, &st, &err),
                    0);
  ck_assert_uint_eq (st.trailer_bytes, trlen);
  ck_assert_uint_eq (st.file_bytes_before, len + trlen);
  ck_assert_uint_eq (st.file_bytes_after, olen);
  rewrite (buf, len, RELOPT_HASH_BOTH, &bare, &blen);
  ck_assert_uint_eq (olen, blen);
  ck_assert_mem_eq (out, bare, olen);
  free (full);
  free (out);
  free (bare);
  free (buf);
}
END_TEST

/* ---- Stale tables
 * ------------------------------------------------------------ */

/* Tamper with an output the way later tools do.  */
enum tamper
{
  T_HASH_LINK0,   /* objcopy / ld -r: .hash sh_link = 0 */
  T_GNU_LINK0,    /* same for .gnu.hash */
  T_SWAP_GLOBALS, /* strip: symbols renumbered under the tables */
  T_SWAP_LOCALS,  /* two hashed locals swapped (.hash covers locals) */
  T_BLOOM_ZERO,   /* a bloom filter cleared */
  T_NCHAIN,       /* nchain no longer the symbol count */
  T_NAME,         /* a hashed symbol renamed (st_name moved by one) */
  T_COUNT
};

static const char *const tamper_names[T_COUNT] = { "sh_link of .hash 0",
                                                   "sh_link of .gnu.hash 0",
                                                   "globals swapped",
                                                   "locals swapped",
                                                   "bloom cleared",
                                                   "nchain",
                                                   "st_name" };

/* Index of the first and last symbol in [FROM, TO) that is sysv-hashed.  */
static void
two_hashed (const struct eo_view *v, uint32_t from, uint32_t to, uint32_t *a,
            uint32_t *b)
{
  uint32_t i;

  *a = *b = 0;
  for (i = from; i < to; i++)
    if (sysv_hashed (v, &v->sym[i]))
      {
        if (*a == 0)
          *a = i;
        else if (strcmp (v->sym[i].name, v->sym[*a].name) != 0)
          *b = i;
      }
  ck_assert (*a && *b);
}

static void
swap_syms (unsigned char *buf, const struct eo_view *v, uint32_t a, uint32_t b)
{
  size_t size = v->cls == EO_CLASS32 ? 16 : 24;
  unsigned char tmp[24];

  memcpy (tmp, buf + eo_sym_offset (v, a), size);
  memcpy (buf + eo_sym_offset (v, a), buf + eo_sym_offset (v, b), size);
  memcpy (buf + eo_sym_offset (v, b), tmp, size);
}

START_TEST (test_check_detects)
{
  enum tamper t = (enum tamper) (_i / 2);
  const struct sample_spec *sp = &specs[_i % 2 ? 3 : 0];
  struct sample_info in;
  struct relopt_error err;
  struct eo_view v;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t a, b, sysv, gnu;
  int rc;

  buf = sample_bytes (sp, &len, &in);
  rewrite (buf, len, RELOPT_HASH_BOTH, &out, &olen);
  ck_assert_int_eq (check_bytes (out, olen, RELOPT_HASH_BOTH, &err), 0);
  ck_assert_int_eq (eo_parse (out, olen, &v), 0);
  sysv = eo_find_type (&v, EO_SHT_HASH, NULL);
  gnu = eo_find_type (&v, EO_SHT_GNU_HASH, NULL);
  switch (t)
    {
    case T_HASH_LINK0:
      eo_patch_shdr (out, &v, sysv, EO_SH_LINK, 0);
      break;
    case T_GNU_LINK0:
      eo_patch_shdr (out, &v, gnu, EO_SH_LINK, 0);
      break;
    case T_SWAP_GLOBALS:
      two_hashed (&v, v.first_global, v.nsym, &a, &b);
      swap_syms (out, &v, a, b);
      break;
    case T_SWAP_LOCALS:
      two_hashed (&v, 1, v.first_global, &a, &b);
      swap_syms (out, &v, a, b);
      break;
    case T_BLOOM_ZERO:
      {
        /* Every bloom word: maskwords (header word 2) of the class size.  */
        uint64_t mw = eo_get (out + v.sec[gnu].offset + 8, 4, v.big);
        memset (out + v.sec[gnu].offset + 16, 0,
                mw * (v.cls == EO_CLASS32 ? 4 : 8));
      }
      break;
    case T_NCHAIN:
      {
        /* nchain - 1 and one chain word fewer: sizes stay consistent.  */
        unsigned es = (unsigned)v.sec[sysv].entsize;
        unsigned char *p = out + v.sec[sysv].offset + es;
        eo_put (p, eo_get (p, es, v.big) - 1, es, v.big);
        eo_patch_shdr (out, &v, sysv, EO_SH_SIZE, v.sec[sysv].size - es);
      }
      break;
    case T_NAME:
      two_hashed (&v, v.first_global, v.nsym, &a, &b);
      {
        size_t off = eo_sym_offset (&v, b);
        eo_put (out + off, eo_get (out + off, 4, v.big) + 1, 4, v.big);
      }
      break;
    case T_COUNT:
      break;
    }
  rc = check_bytes (out, olen, RELOPT_HASH_BOTH, &err);
  ck_assert_msg (rc == RELOPT_E_CHECK, "%s not detected (rc %d)",
                 tamper_names[t], rc);
  ck_assert_msg (err.msg[0] != '\0', "%s: no message", tamper_names[t]);
  /* Swapped symbols change what relocations refer to: the comparison
     with the original sees it too.  */
  if (t == T_SWAP_GLOBALS || t == T_NAME)
    ck_assert_int_eq (compare_bytes (buf, len, out, olen, &err),
                      RELOPT_E_CHECK);
  eo_view_free (&v);
  free (buf);
  free (out);
}
END_TEST

/* Trailing tables are relopt's: a change of style removes them and
   appends the wanted ones as .hash then .gnu.hash, so the bytes do not
   depend on earlier runs.  Regression: both -> gnu was refused (".hash is
   not the last section") and gnu -> both differed from a fresh both.  */
START_TEST (test_restyle_history)
{
  struct sample_info in;
  unsigned char *buf, *both, *gnu, *both2, *gnu0, *both3;
  size_t len, lb, lg, lb2, lg0, lb3;

  buf = sample_bytes (&specs[0], &len, &in);
  rewrite (buf, len, RELOPT_HASH_BOTH, &both, &lb);
  rewrite (both, lb, RELOPT_HASH_GNU, &gnu, &lg);
  rewrite (gnu, lg, RELOPT_HASH_BOTH, &both2, &lb2);
  ck_assert_uint_eq (lb, lb2);
  ck_assert (memcmp (both, both2, lb) == 0);
  rewrite (buf, len, RELOPT_HASH_GNU, &gnu0, &lg0);
  rewrite (gnu0, lg0, RELOPT_HASH_BOTH, &both3, &lb3);
  ck_assert_uint_eq (lb, lb3);
  ck_assert (memcmp (both, both3, lb) == 0);
  free (buf);
  free (both);
  free (gnu);
  free (both2);
  free (gnu0);
  free (both3);
}
END_TEST

/* --check asks for the tables of the style given.  */
START_TEST (test_check_missing_table)
{
  struct sample_info in;
  struct relopt_error err;
  unsigned char *buf, *out;
  size_t len, olen;

  buf = sample_bytes (&specs[0], &len, &in);
  ck_assert_int_eq (check_bytes (buf, len, RELOPT_HASH_GNU, &err),
                    RELOPT_E_CHECK);
  ck_assert_str_eq (err.msg, "no .gnu.hash (SHT_GNU_HASH) section, expected "
                             "with --hash-style=gnu");
  {
    /* Plain --check (no --hash-style): an unprocessed object without
       tables fails with "no hash tables"; with one table it is
       validated (the sysv output below).  */
    struct relopt_options plain;
    relopt_image *img;
    relopt_options_init (&plain);
    ck_assert_int_eq (relopt_image_read_mem (buf, len, &img, &err), 0);
    ck_assert_int_eq (relopt_check_image (img, &plain, &err), RELOPT_E_CHECK);
    ck_assert_ptr_nonnull (strstr (err.msg, "no hash tables"));
    relopt_image_free (img);
    rewrite (buf, len, RELOPT_HASH_SYSV, &out, &olen);
    ck_assert_int_eq (relopt_image_read_mem (out, olen, &img, &err), 0);
    ck_assert_int_eq (relopt_check_image (img, &plain, &err), 0);
    relopt_image_free (img);
    free (out);
  }
  ck_assert_int_eq (check_bytes (buf, len, RELOPT_HASH_NONE, &err), 0);
  rewrite (buf, len, RELOPT_HASH_SYSV, &out, &olen);
  ck_assert_int_eq (check_bytes (out, olen, RELOPT_HASH_SYSV, &err), 0);
  ck_assert_int_eq (check_bytes (out, olen, RELOPT_HASH_BOTH, &err),
                    RELOPT_E_CHECK);
  ck_assert_str_eq (err.msg, "no .gnu.hash (SHT_GNU_HASH) section, expected "
                             "with --hash-style=both");
  free (out);
  rewrite (buf, len, RELOPT_HASH_GNU, &out, &olen);
  ck_assert_int_eq (check_bytes (out, olen, RELOPT_HASH_SYSV, &err),
                    RELOPT_E_CHECK);
  ck_assert_str_eq (err.msg, "no .hash (SHT_HASH) section, expected with "
                             "--hash-style=sysv");
  ck_assert_int_eq (check_bytes (out, olen, RELOPT_HASH_BOTH, &err),
                    RELOPT_E_CHECK);
  ck_assert_str_eq (err.msg, "no .hash (SHT_HASH) section, expected with "
                             "--hash-style=both");
  free (out);
  free (buf);
}
END_TEST

/* compare_images refuses what a rewrite must not change.  */
enum cmp_tamper
{
  C_TEXT_BYTE,
  C_SYM_VALUE,
  C_REL_SYMBOL,
  C_REL_ADDEND,
  C_SEC_FLAGS,
  C_GROUP_SIG,
  C_COUNT
};

START_TEST (test_compare_detects)
{
  enum cmp_tamper t = (enum cmp_tamper)_i;
  const struct sample_spec *sp = &specs[0]; /* x86_64: RELA, group */
  struct sample_info in;
  struct relopt_error err;
  struct eo_view v;
  unsigned char *buf, *out;
  size_t len, olen, p;

  buf = sample_bytes (sp, &len, &in);
  rewrite (buf, len, RELOPT_HASH_GNU, &out, &olen);
  ck_assert_int_eq (compare_bytes (buf, len, out, olen, &err), 0);
  ck_assert_int_eq (eo_parse (out, olen, &v), 0);
  switch (t)
    {
    case C_TEXT_BYTE:
      out[v.sec[in.text].offset + 3] ^= 1;
      break;
    case C_SYM_VALUE:
      p = eo_sym_offset (&v, v.nsym - 1) + 8; /* Elf64_Sym st_value */
      out[p] ^= 0x40;
      break;
    case C_REL_SYMBOL:
      /* First .rela.text entry: r_info's symbol (high half, LE).  */
      p = v.sec[in.reltext].offset + 8 + 4;
      eo_put (out + p, eo_get (out + p, 4, false) == 1 ? 2 : 1, 4, false);
      break;
    case C_REL_ADDEND:
      out[v.sec[in.reltext].offset + 16] ^= 1;
      break;
    case C_SEC_FLAGS:
      eo_patch_shdr (out, &v, in.data, EO_SH_FLAGS, 0);
      break;
    case C_GROUP_SIG:
      eo_patch_shdr (out, &v, in.group, EO_SH_INFO,
                     v.sec[in.group].info == 1 ? 2 : 1);
      break;
    case C_COUNT:
      break;
    }
  ck_assert_int_eq (compare_bytes (buf, len, out, olen, &err), RELOPT_E_CHECK);
  ck_assert (err.msg[0] != '\0');
  eo_view_free (&v);
  free (buf);
  free (out);
}
END_TEST

/* ---- Statistics
 * ---------------------------------------------------------------- */

/* The optimal suffix-merged size of V's distinct symbol names.  */
static size_t
optimal_strtab (const struct eo_view *v)
{
  size_t size = 1, i, j;

  for (i = 1; i < v->nsym; i++)
    {
      const char *s = v->sym[i].name;
      size_t ls = strlen (s);
      bool skip = ls == 0;
      for (j = 1; j < i && !skip; j++)
        skip = strcmp (v->sym[j].name, s) == 0;
      for (j = 1; j < v->nsym && !skip; j++)
        {
          size_t lt = strlen (v->sym[j].name);
          skip = lt > ls && memcmp (v->sym[j].name + lt - ls, s, ls) == 0;
        }
      if (!skip)
        size += ls + 1;
    }
  return size;
}

START_TEST (test_stats)
{
  const struct sample_spec *sp = &specs[_i];
  struct sample_info in;
  struct relopt_stats st;
  struct relopt_error err;
  struct eo_view v;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t i, nsysv = 0, ngnu = 0, nundef = 0;

  buf = sample_bytes (sp, &len, &in);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  for (i = 1; i < v.nsym; i++)
    {
      nsysv += sysv_chained (&v, i);
      ngnu += gnu_hashed (&v.sym[i]);
      nundef += i >= v.first_global && !gnu_hashed (&v.sym[i]);
    }
  ck_assert_int_eq (
      rewrite_opts (buf, len, RELOPT_HASH_BOTH, false, &out, &olen, &st, &err),
      0);
  ck_assert_uint_eq (st.nsyms, v.nsym);
  ck_assert_uint_eq (st.file_bytes_before, len);
  ck_assert_uint_eq (st.file_bytes_after, olen);
  ck_assert_uint_eq (st.strtab_bytes_before, v.sec[v.strtab].size);
  ck_assert_uint_eq (st.strtab_bytes_after, optimal_strtab (&v));
  ck_assert_uint_lt (st.strtab_bytes_after, st.strtab_bytes_before);
  ck_assert_uint_eq (st.trailer_bytes, 0);
  ck_assert_uint_eq (st.sysv_nhashed, nsysv);
  ck_assert_uint_eq (st.sysv_nbucket, test_nbucket (nsysv));
  ck_assert_uint_eq (st.gnu_nhashed, ngnu);
  ck_assert_uint_eq (st.gnu_nbucket, test_gnu_nbucket (ngnu));
  ck_assert_uint_eq (st.gnu_symoffset, v.first_global + nundef);
  ck_assert_uint_ge (st.sysv_max_chain, 1);
  ck_assert (st.sysv_mean_chain >= 1.0
             && st.sysv_mean_chain <= st.sysv_max_chain);
  ck_assert (st.gnu_mean_chain >= 1.0
             && st.gnu_mean_chain <= st.gnu_max_chain);
  ck_assert_uint_gt (st.symbols_moved, 0);
  ck_assert_uint_ge (st.gnu_bloom_bits, v.cls == EO_CLASS32 ? 32 : 64);
  eo_view_free (&v);
  free (buf);
  free (out);
}
END_TEST

/* The report's lines, collected by collect_line into one string.  */
struct report_buf
{
  char text[1024];
  size_t len;
  unsigned lines;
};

static void
collect_line (void *ctx, const char *line)
{
  struct report_buf *r = ctx;
  int n = snprintf (r->text + r->len, sizeof r->text - r->len, "%s\n", line);

  ck_assert (n > 0 && (size_t)n < sizeof r->text - r->len);
  r->len += (size_t)n;
  r->lines++;
}

/* relopt_stats_report line by line, written out here; the optional lines
   (trailer, .hash, .gnu.hash, branch relocs) appear only when their
   counts are not 0.  */
START_TEST (test_stats_report)
{
  static const char all[]
      = "file size             1000 -> 1200 bytes (+200)\n"
        ".strtab                300 -> 250 bytes (-50)\n"
        "trailer dropped        721 bytes\n"
        "symbols                  7 (5 moved)\n"
        ".hash                    3 buckets, 4 hashed, longest chain 2, "
        "mean 1.33\n"
        ".gnu.hash                3 buckets, 4 hashed from symoffset 3, "
        "bloom 64 bits, longest chain 2, mean 1.33\n"
        "branch relocs            9, 4 distinct targets, 1 sections "
        "reordered\n";
  static const char bare[]
      = "file size             1000 -> 1200 bytes (+200)\n"
        ".strtab                300 -> 250 bytes (-50)\n"
        "symbols                  7 (5 moved)\n";
  const struct relopt_stats full = {
    .file_bytes_before = 1000,
    .file_bytes_after = 1200,
    .strtab_bytes_before = 300,
    .strtab_bytes_after = 250,
    .trailer_bytes = 721,
    .nsyms = 7,
    .symbols_moved = 5,
    .sysv_nbucket = 3,
    .sysv_nhashed = 4,
    .sysv_max_chain = 2,
    .sysv_mean_chain = 4.0 / 3,
    .gnu_nbucket = 3,
    .gnu_nhashed = 4,
    .gnu_symoffset = 3,
    .gnu_max_chain = 2,
    .gnu_mean_chain = 4.0 / 3,
    .gnu_bloom_bits = 64,
    .branch_relocs = 9,
    .branch_targets = 4,
    .reloc_sections_sorted = 1,
  };
  struct relopt_stats st = full;
  struct report_buf r;

  memset (&r, 0, sizeof r);
  relopt_stats_report (&full, collect_line, &r);
  ck_assert_str_eq (r.text, all);
  ck_assert_uint_eq (r.lines, 7);
  /* Without a trailer, tables or branches: their lines go.  */
  st.trailer_bytes = 0;
  st.sysv_nbucket = st.gnu_nbucket = 0;
  st.branch_relocs = 0;
  memset (&r, 0, sizeof r);
  relopt_stats_report (&st, collect_line, &r);
  ck_assert_str_eq (r.text, bare);
  ck_assert_uint_eq (r.lines, 3);
}
END_TEST

/* ---- Options
 * ------------------------------------------------------------------ */

/* no-merge-strtab keeps .strtab's bytes (only st_name of moved symbols
   travels with them).  */
START_TEST (test_no_merge)
{
  struct sample_info in;
  struct relopt_options opts;
  struct relopt_error err = { 0 };
  struct eo_view v, w;
  unsigned char *buf, *out;
  size_t len, olen;

  buf = sample_bytes (&specs[0], &len, &in);
  relopt_options_init (&opts);
  opts.merge_strtab = false;
  ck_assert_int_eq (
      relopt_rewrite_mem (buf, len, &opts, &out, &olen, NULL, &err), 0);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  ck_assert_int_eq (eo_parse (out, olen, &w), 0);
  ck_assert_uint_eq (w.sec[w.strtab].size, v.sec[v.strtab].size);
  ck_assert_mem_eq (w.sec[w.strtab].data, v.sec[v.strtab].data,
                    v.sec[v.strtab].size);
  verify_tables (out, olen, RELOPT_HASH_SYSV); /* the default */
  eo_view_free (&v);
  eo_view_free (&w);
  free (buf);
  free (out);
}
END_TEST

/* ---- Files
 * ---------------------------------------------------------------------- */

static char tmpdir[256];

static void
files_setup (void)
{
  const char *base = getenv ("TMPDIR");

  snprintf (tmpdir, sizeof tmpdir, "%s/relopt-check-XXXXXX",
            base && *base ? base : "/tmp");
  ck_assert_ptr_nonnull (mkdtemp (tmpdir));
}

static void
files_teardown (void)
{
  char cmd[512];

  /* Only the directory this fixture made.  */
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
  if (system (cmd) != 0)
    fprintf (stderr, "cannot remove %s\n", tmpdir);
}

static void
write_file (const char *path, const unsigned char *buf, size_t len)
{
  FILE *f = fopen (path, "wb");

  ck_assert_ptr_nonnull (f);
  ck_assert_uint_eq (fwrite (buf, 1, len, f), len);
  ck_assert_int_eq (fclose (f), 0);
}

static void
assert_file (const char *path, const unsigned char *buf, size_t len)
{
  size_t got;
  unsigned char *data = eo_read_file (path, &got);

  ck_assert_ptr_nonnull (data);
  ck_assert_uint_eq (got, len);
  ck_assert_mem_eq (data, buf, len);
  free (data);
}

/* How many names TMPDIR holds.  */
static int
count_entries (void)
{
  char cmd[512];
  FILE *p;
  int n = 0, c;

  snprintf (cmd, sizeof cmd, "ls -A '%s'", tmpdir);
  p = popen (cmd, "r");
  ck_assert_ptr_nonnull (p);
  while ((c = getc (p)) != EOF)
    n += c == '\n';
  pclose (p);
  return n;
}

START_TEST (test_rewrite_file)
{
  struct sample_info in;
  struct relopt_options opts;
  struct relopt_error err = { 0 };
  unsigned char *buf, *want;
  size_t len, wlen;
  char in_path[512], out_path[512], link_path[512], sig_path[512];
  struct stat st;
  unsigned char *signed_buf;
  static const char sig[] = "~Module signature appended~\n";
  bool xattr_set, ima_set;

  buf = sample_bytes (&specs[3], &len, &in);
  rewrite (buf, len, RELOPT_HASH_SYSV, &want, &wlen); /* the default */
  relopt_options_init (&opts);
  snprintf (in_path, sizeof in_path, "%s/mod.ko", tmpdir);
  snprintf (out_path, sizeof out_path, "%s/out.ko", tmpdir);
  snprintf (link_path, sizeof link_path, "%s/link.ko", tmpdir);
  snprintf (sig_path, sizeof sig_path, "%s/signed.ko", tmpdir);

  /* -o: output written, input untouched.  */
  write_file (in_path, buf, len);
  ck_assert_int_eq (relopt_rewrite_file (in_path, out_path, &opts, NULL, &err),
                    0);
  assert_file (out_path, want, wlen);
  assert_file (in_path, buf, len);

  /* In place, mode and extended attributes kept (the rename dropped
     them, where binutils strip, rewriting the inode, keeps them: a
     fresh user's finding, 2026-12-05).  */
  ck_assert_int_eq (chmod (in_path, 0640), 0);
  xattr_set = setxattr (in_path, "user.relopt", "kept", 4, 0) == 0;
  /* security.ima holds a hash of the old bytes: not carried over (root
     only; elsewhere the set fails and nothing is checked).  */
  ima_set = setxattr (in_path, "security.ima", "\x04\x01", 2, 0) == 0;
  if (!xattr_set)
    fprintf (stderr,
             "test_rewrite_file: %s takes no user.* attribute: "
             "the attribute not checked\n",
             tmpdir);
  ck_assert_int_eq (relopt_rewrite_file (in_path, NULL, &opts, NULL, &err), 0);
  assert_file (in_path, want, wlen);
  ck_assert_int_eq (stat (in_path, &st), 0);
  ck_assert_uint_eq (st.st_mode & 07777, 0640);
  if (xattr_set)
    {
      char value[8];
      ck_assert_int_eq (getxattr (in_path, "user.relopt", value, sizeof value),
                        4);
      ck_assert (memcmp (value, "kept", 4) == 0);
    }
  if (ima_set)
    ck_assert_int_lt (getxattr (in_path, "security.ima", NULL, 0), 0);

  /* Through a symlink: the target is rewritten, the link stays.  */
  write_file (in_path, buf, len);
  ck_assert_int_eq (symlink ("mod.ko", link_path), 0);
  ck_assert_int_eq (relopt_rewrite_file (link_path, NULL, &opts, NULL, &err),
                    0);
  ck_assert_int_eq (lstat (link_path, &st), 0);
  ck_assert (S_ISLNK (st.st_mode));
  assert_file (in_path, want, wlen);

  /* A failure leaves the file as it was and no temporary file.  */
  signed_buf = malloc (len + sizeof sig - 1);
  ck_assert_ptr_nonnull (signed_buf);
  memcpy (signed_buf, buf, len);
  memcpy (signed_buf + len, sig, sizeof sig - 1);
  write_file (sig_path, signed_buf, len + sizeof sig - 1);
  ck_assert_int_eq (count_entries (), 4);
  ck_assert_int_eq (relopt_rewrite_file (sig_path, NULL, &opts, NULL, &err),
                    RELOPT_E_SIGNATURE);
  assert_file (sig_path, signed_buf, len + sizeof sig - 1);
  ck_assert_int_eq (count_entries (), 4);

  /* A missing input: RELOPT_E_IO with the system's reason, and without
     the path, which the caller puts first (relopt.h: "relopt: FILE:
     message"; it used to come out twice).  */
  ck_assert_int_eq (
      relopt_rewrite_file ("/nonexistent/relopt/x.o", NULL, &opts, NULL, &err),
      RELOPT_E_IO);
  ck_assert_ptr_nonnull (strstr (err.msg, "cannot open: "));
  ck_assert_ptr_nonnull (strstr (err.msg, strerror (ENOENT)));
  ck_assert_ptr_null (strstr (err.msg, "/nonexistent/relopt/x.o"));

  /* A directory is not an object file.  */
  ck_assert_int_eq (relopt_rewrite_file (tmpdir, NULL, &opts, NULL, &err),
                    RELOPT_E_IO);
  ck_assert_int_eq (count_entries (), 4);
  free (signed_buf);
  free (want);
  free (buf);
}
END_TEST

/* ---- Damaged inputs ------------------------------------------------------
 */

/* Deterministic random damage (1-4 bytes flipped, replaced or cleared) to
   the samples: never a crash (ASan/UBSan builds), and whenever a rewrite
   succeeds its output reads back, passes --check and the comparison with
   the input, and is a fixed point.  */
/* SPEC's sample written to TMPDIR/NAME (its path into PATH, 512 bytes),
   mapped and parsed as the command reads a file (relopt_map_file,
   relopt_image_adopt_map), rewritten with hash style STYLE and laid out
   into *LAY.  *BUFP gets the sample's bytes (the caller frees them),
   *IN_FDP the open input.  */
static relopt_image *
map_and_rewrite (const struct sample_spec *spec, unsigned style,
                 const char *name, char *path, unsigned char **bufp,
                 int *in_fdp, struct relopt_layout *lay)
{
  struct relopt_options opts;
  struct relopt_error err = { 0 };
  struct relopt_file_id id;
  struct sample_info info;
  relopt_image *img;
  unsigned char *map;
  size_t len, maplen;

  *bufp = sample_bytes (spec, &len, &info);
  snprintf (path, 512, "%s/%s", tmpdir, name);
  write_file (path, *bufp, len);
  ck_assert_int_eq (relopt_map_file (path, &map, &maplen, in_fdp, &id, &err),
                    0);
  ck_assert_int_eq (relopt_image_adopt_map (map, maplen, &img, &err), 0);
  relopt_options_init (&opts);
  opts.hash_style = style;
  ck_assert_msg (relopt_rewrite (img, &opts, NULL, &err) == 0, "%s", err.msg);
  ck_assert_int_eq (relopt_image_layout (img, lay, &err), 0);
  return img;
}

/* Write IMG, laid out as LAY, to OUT_PATH (new) with relopt_layout_write
   through a window of WINDOW bytes (0: the default), the unchanged
   sections from IN_FD (-1: from memory), and check the file: WLEN bytes,
   those at WANT, its size LAY->total.  */
static void
write_and_compare (relopt_image *img, const struct relopt_layout *lay,
                   int in_fd, size_t window, const char *out_path,
                   const unsigned char *want, size_t wlen)
{
  struct stat st;
  int out_fd = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  ck_assert_int_ge (out_fd, 0);
  ck_assert_int_eq (
      relopt_layout_write (img, lay, in_fd, out_fd, window, NULL), 0);
  ck_assert_int_eq (fstat (out_fd, &st), 0);
  ck_assert_uint_eq ((uint64_t)st.st_size, lay->total);
  ck_assert_int_eq (close (out_fd), 0);
  assert_file (out_path, want, wlen);
}

/* SPEC's sample rewritten with STYLE (as NAME in the test directory)
   and written by relopt_layout_write through each of the NW windows
   WINDOWS, from the input file and from memory: each file is exactly the
   bytes relopt_image_serialize makes of the same image, the second
   implementation of the layout, and at least MIN_TOTAL bytes.  */
static void
check_layout_writes (const struct sample_spec *spec, unsigned style,
                     const char *name, const size_t *windows, size_t nw,
                     uint64_t min_total)
{
  struct relopt_error err = { 0 };
  struct relopt_layout lay;
  relopt_image *img;
  unsigned char *buf, *want;
  size_t wlen, w;
  char in_path[512], out_path[512];
  int in_fd, from;

  img = map_and_rewrite (spec, style, name, in_path, &buf, &in_fd, &lay);
  snprintf (out_path, sizeof out_path, "%s/out-%s", tmpdir, name);
  ck_assert_int_eq (relopt_image_serialize (img, &want, &wlen, &err), 0);
  ck_assert_uint_eq (wlen, lay.total);
  ck_assert_uint_ge (lay.total, min_total);
  for (w = 0; w < nw; w++)
    for (from = 0; from < 2; from++)
      write_and_compare (img, &lay, from ? in_fd : -1, windows[w], out_path,
                         want, wlen);
  free (want);
  relopt_layout_free (&lay);
  relopt_image_free (img);
  close (in_fd);
  free (buf);
}

/* relopt_layout_write through windows of every awkward size (one byte,
   less than a relocation entry, not a multiple of one, the default),
   every sample and hash style.  */
START_TEST (test_layout_write_windows)
{
  static const size_t windows[] = { 1, 7, 23, 24, 100, 4096, 0 };

  check_layout_writes (&specs[_i / ARRAY_SIZE (styles)],
                       styles[_i % ARRAY_SIZE (styles)], "win-in.ko", windows,
                       ARRAY_SIZE (windows), 0);
}
END_TEST

/* An output of RELOPT_PREALLOCATE_MIN bytes or more, whose blocks the
   writer reserves first (relopt_preallocate), written as any other
   (FALLOC_FL_KEEP_SIZE adds no bytes).  An AArch64 sample with 24,000
   more globals: .gnu.hash, .hash and the branch order all pending in
   the layout.  */
START_TEST (test_layout_write_large)
{
  static const struct sample_spec big
      = { EO_CLASS64, false, EO_EM_AARCH64, 0,     true,
          false,      false, false,         24000, 0 };
  static const size_t windows[] = { 0 };

  check_layout_writes (&big, RELOPT_HASH_BOTH, "large-in.ko", windows, 1,
                       RELOPT_PREALLOCATE_MIN);
}
END_TEST

/* relopt_preallocate: nothing under RELOPT_PREALLOCATE_MIN; from it on,
   blocks reserved (where the filesystem has fallocate) and the size
   left at 0, so a writer that writes less leaves no bytes it did not
   write.  */
START_TEST (test_preallocate)
{
  char path[512];
  struct stat st;
  int fd;

  snprintf (path, sizeof path, "%s/prealloc.bin", tmpdir);
  fd = open (path, O_RDWR | O_CREAT | O_TRUNC, 0644);
  ck_assert_int_ge (fd, 0);
  relopt_preallocate (fd, RELOPT_PREALLOCATE_MIN - 1);
  ck_assert_int_eq (fstat (fd, &st), 0);
  ck_assert_int_eq (st.st_size, 0);
  ck_assert_int_eq (st.st_blocks, 0);
  relopt_preallocate (fd, 2 * RELOPT_PREALLOCATE_MIN);
  ck_assert_int_eq (fstat (fd, &st), 0);
  ck_assert_int_eq (st.st_size, 0);
#if defined(HAVE_FALLOCATE)
  if (st.st_blocks == 0)
    fprintf (stderr,
             "test_preallocate: %s has no fallocate; only the size "
             "checked\n",
             tmpdir);
  else
    ck_assert_int_ge ((int64_t)st.st_blocks * 512, 2 * RELOPT_PREALLOCATE_MIN);
#endif
  ck_assert_int_eq (relopt_pwrite_all (fd, (const unsigned char *)"x", 1, 0),
                    0);
  ck_assert_int_eq (fstat (fd, &st), 0);
  ck_assert_int_eq (st.st_size, 1);
  ck_assert_int_eq (close (fd), 0);
  ck_assert_int_eq (unlink (path), 0);
}
END_TEST

/* The input truncated after it was parsed (another process rewrote it
   meanwhile): relopt_layout_write stops with EIO where a section's
   bytes are no longer in the file, rather than reading the mapping past
   the file's end (SIGBUS).  No pass leaves a relocation section pending
   here (x86-64, no .gnu.hash), so every input byte comes through
   pread.  */
START_TEST (test_layout_write_truncated)
{
  struct relopt_layout lay;
  relopt_image *img;
  unsigned char *buf;
  char in_path[512], out_path[512];
  int in_fd, out_fd;
  bool input_failed = false;

  img = map_and_rewrite (&specs[0], RELOPT_HASH_SYSV, "trunc-in.ko", in_path,
                         &buf, &in_fd, &lay);
  snprintf (out_path, sizeof out_path, "%s/trunc-out.ko", tmpdir);
  ck_assert_int_eq (truncate (in_path, 64), 0);
  out_fd = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ck_assert_int_ge (out_fd, 0);
  ck_assert_int_eq (
      relopt_layout_write (img, &lay, in_fd, out_fd, 0, &input_failed), EIO);
  ck_assert (input_failed);
  ck_assert_int_eq (close (out_fd), 0);
  relopt_layout_free (&lay);
  relopt_image_free (img);
  close (in_fd);
  free (buf);
}
END_TEST

START_TEST (test_damaged_inputs)
{
  uint64_t seed = 0x5eed0000u + (uint64_t)_i;
  struct soft soft = SOFT_INIT;
  unsigned long accepted = 0;
  int it;

  for (it = 0; it < 60; it++)
    {
      const struct sample_spec *sp = &specs[it % ARRAY_SIZE (specs)];
      struct sample_info in;
      size_t len, k, n;
      unsigned char *buf = sample_bytes (sp, &len, &in);
      unsigned st;

      n = 1 + test_rand (&seed) % 4;
      for (k = 0; k < n; k++)
        {
          size_t p = test_rand (&seed) % len;
          switch (test_rand (&seed) % 3)
            {
            case 0:
              buf[p] ^= (unsigned char)(1u << (test_rand (&seed) % 8));
              break;
            case 1:
              buf[p] = (unsigned char)test_rand (&seed);
              break;
            default:
              buf[p] = 0;
            }
        }
      for (st = 0; st < ARRAY_SIZE (styles); st++)
        {
          struct relopt_error err;
          unsigned char *out, *out2;
          size_t olen, olen2;
          if (rewrite_opts (buf, len, styles[st], true, &out, &olen, NULL,
                            &err)
              != 0)
            {
              SOFT_CHECK (&soft, out == NULL && err.msg[0] != '\0',
                          "iteration %d style %u: failure without message", it,
                          styles[st]);
              continue;
            }
          accepted++;
          SOFT_CHECK (&soft, check_bytes (out, olen, styles[st], &err) == 0,
                      "iteration %d style %u: --check: %.200s", it, styles[st],
                      err.msg);
          SOFT_CHECK (&soft, compare_bytes (buf, len, out, olen, &err) == 0,
                      "iteration %d style %u: compare: %.200s", it, styles[st],
                      err.msg);
          SOFT_CHECK (&soft,
                      rewrite_opts (out, olen, styles[st], true, &out2, &olen2,
                                    NULL, &err)
                              == 0
                          && olen2 == olen && memcmp (out, out2, olen) == 0,
                      "iteration %d style %u: second run differs", it,
                      styles[st]);
          free (out);
          free (out2);
        }
      free (buf);
    }
  SOFT_DONE (&soft);
  /* Most single-byte damage hits bytes relopt does not interpret.  */
  ck_assert_uint_gt (accepted, 60);
}
END_TEST

Suite *
pipeline_suite (void)
{
  Suite *s = suite_create ("pipeline");
  TCase *core = tcase_create ("core");
  TCase *limits = tcase_create ("limits");

  tcase_set_timeout (core, TEST_TIMEOUT_CORE);
  tcase_add_loop_test (core, test_idempotent, 0,
                       ARRAY_SIZE (specs) * ARRAY_SIZE (styles));
  tcase_add_loop_test (core, test_restyle, 0, 2 * ARRAY_SIZE (restyles));
  tcase_add_loop_test (core, test_none_removes_tables, 0, ARRAY_SIZE (specs));
  tcase_add_loop_test (core, test_signature, 0, 2 * 3);
  tcase_add_loop_test (core, test_stats, 0, ARRAY_SIZE (specs));
  tcase_add_test (core, test_no_merge);
  tcase_add_test (core, test_worked_example);
  tcase_add_test (core, test_stats_report);
  tcase_add_loop_test (core, test_hash_once, 0,
                       ARRAY_SIZE (specs) * ARRAY_SIZE (styles));
  suite_add_tcase (s, core);

  tcase_set_timeout (limits, TEST_TIMEOUT_LIMITS);
  tcase_add_loop_test (limits, test_check_detects, 0, 2 * T_COUNT);
  tcase_add_test (limits, test_check_missing_table);
  tcase_add_test (limits, test_restyle_history);
  tcase_add_loop_test (limits, test_compare_detects, 0, C_COUNT);
  tcase_add_checked_fixture (limits, files_setup, files_teardown);
  tcase_add_test (limits, test_rewrite_file);
  tcase_add_test (limits, test_layout_write_truncated);
  tcase_add_test (limits, test_layout_write_large);
  tcase_add_test (limits, test_preallocate);
  tcase_add_loop_test (limits, test_layout_write_windows, 0,
                       ARRAY_SIZE (specs) * ARRAY_SIZE (styles));
  tcase_add_loop_test (limits, test_damaged_inputs, 0, 8);
  suite_add_tcase (s, limits);
  return s;
}

RELOPT_CHECK_MAIN (pipeline_suite)
