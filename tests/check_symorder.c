/* check_symorder.c -- .gnu.hash symbol order and renumbering
   (bfdext/symorder.[ch], doc/design.md 3 and 4).

   Objects are built with the tests' writer (sample.h) for several
   classes, byte orders and machines, rewritten with hash-style gnu, and
   parsed back with the tests' reader.  The expected symbol order is
   computed here from doc/design.md 3 (locals in place; unhashed globals in
   their order; hashed ones by (GNU hash % binutils bucket count, old
   index)) with the tests' own hash; every index user is then checked by
   symbol identity (name, value, size, info, other, section), never by
   index: REL/RELA r_info (MIPS64 little-endian layout included), the
   SHT_GROUP signature, SHT_SYMTAB_SHNDX entries, SHT_LLVM_ADDRSIG.  */

#include <config.h>

#include <stdio.h>

#include "elfobj.h"
#include "image.h"
#include "sample.h"
#include "symorder.h"
#include "testutil.h"

Suite *symorder_suite (void);

static const struct sample_spec specs[] = {
  /* x86_64: RELA, group, SYMTAB_SHNDX, addrsig, 200 generated globals.  */
  { EO_CLASS64, false, EO_EM_X86_64, 0, true, true, true, true, 200, 0 },
  /* i386: REL.  */
  { EO_CLASS32, false, EO_EM_386, 0, false, true, true, true, 150, 0 },
  /* s390x: big-endian ELF64 RELA.  */
  { EO_CLASS64, true, EO_EM_S390, 0, true, true, true, true, 150, 0 },
  /* ARM big-endian (BE8) REL: relocations also sorted.  */
  { EO_CLASS32, true, EO_EM_ARM, 0x05800000, false, true, true, true, 100, 0 },
  /* MIPS64 little-endian: r_sym 32-bit LE then r_ssym, r_type3, r_type2,
     r_type bytes; type2 = 5, type3 = 6 on every relocation.  */
  { EO_CLASS64, false, EO_EM_MIPS, 0x20000000, true, true, true, true, 150,
    0x060500 },
  /* MIPS64 big-endian: the same fields read as one big-endian word.  */
  { EO_CLASS64, true, EO_EM_MIPS, 0x20000000, true, true, false, true, 150,
    0x060500 },
  /* MIPS64 little-endian with REL.  */
  { EO_CLASS64, false, EO_EM_MIPS, 0x20000000, false, true, false, false, 60,
    0x000300 },
};

static bool
gnu_hashed (const struct eo_vsym *s)
{
  unsigned type = s->info & 0xf, bind = s->info >> 4;

  return s->shndx != EO_SHN_UNDEF && s->name[0] != '\0'
         && type != EO_STT_SECTION && type != EO_STT_FILE
         && bind != EO_STB_LOCAL;
}

/* doc/design.md 3's order for V's symbols: NEW_TO_OLD[new] = old.  Returns the
   index of the first hashed symbol.  */
static uint32_t
expected_order (const struct eo_view *v, uint32_t *new_to_old)
{
  uint32_t n = 0, i, nh = 0, nb, *bucket, *start;

  bucket = calloc (v->nsym, sizeof *bucket);
  ck_assert_ptr_nonnull (bucket);
  for (i = 0; i < v->nsym; i++)
    if (i < v->first_global || !gnu_hashed (&v->sym[i]))
      new_to_old[n++] = i;
    else
      nh++;
  nb = test_gnu_nbucket (nh);
  /* Counting sort by bucket, stable: index order within a bucket.  */
  start = calloc (nb + 1, sizeof *start);
  ck_assert_ptr_nonnull (start);
  for (i = v->first_global; i < v->nsym; i++)
    if (gnu_hashed (&v->sym[i]))
      {
        bucket[i] = test_gnu_hash (v->sym[i].name) % nb;
        start[bucket[i] + 1]++;
      }
  for (i = 1; i <= nb; i++)
    start[i] += start[i - 1];
  for (i = v->first_global; i < v->nsym; i++)
    if (gnu_hashed (&v->sym[i]))
      new_to_old[n + start[bucket[i]]++] = i;
  free (bucket);
  free (start);
  return n;
}

static bool
same_sym (const struct eo_vsym *a, const struct eo_vsym *b)
{
  return strcmp (a->name, b->name) == 0 && a->value == b->value
         && a->size == b->size && a->info == b->info && a->other == b->other
         && a->shndx == b->shndx;
}

static uint32_t
find_uleb_list (const struct eo_view *v, uint32_t idx, uint32_t *out,
                uint32_t max)
{
  const unsigned char *p = v->sec[idx].data, *end = p + v->sec[idx].size;
  uint32_t n = 0;

  while (p < end)
    {
      int64_t x = sample_read_uleb (&p, end);
      ck_assert_int_ge (x, 0);
      ck_assert_uint_lt (n, max);
      out[n++] = (uint32_t)x;
    }
  return n;
}

/* Check OUT (the gnu rewrite of IN) index user by index user.  */
static void
verify_renumbered (const unsigned char *inbuf, size_t inlen,
                   const unsigned char *outbuf, size_t outlen)
{
  struct eo_view v, w;
  struct soft soft = SOFT_INIT;
  uint32_t *want, i, sec;

  ck_assert_int_eq (eo_parse (inbuf, inlen, &v), 0);
  ck_assert_int_eq (eo_parse (outbuf, outlen, &w), 0);
  ck_assert_uint_eq (w.nsym, v.nsym);
  ck_assert_uint_eq (w.first_global, v.first_global);
  ck_assert_uint_eq (w.symtab, v.symtab);
  want = calloc (v.nsym, sizeof *want);
  ck_assert_ptr_nonnull (want);
  expected_order (&v, want);

  /* The samples are built so that symbols move.  */
  {
    uint32_t moved = 0;
    for (i = 0; i < v.nsym; i++)
      moved += want[i] != i;
    ck_assert_uint_gt (moved, 0);
  }
  /* .symtab: each entry is the one doc/design.md 3 puts there.  */
  for (i = 0; i < v.nsym; i++)
    SOFT_CHECK (&soft, same_sym (&w.sym[i], &v.sym[want[i]]),
                "symbol %u is '%s', expected '%s' (old %u)", i, w.sym[i].name,
                v.sym[want[i]].name, want[i]);
  SOFT_DONE (&soft);

  for (sec = 1; sec < v.shnum; sec++)
    {
      const struct eo_vsec *s = &v.sec[sec];
      if ((s->type == EO_SHT_REL || s->type == EO_SHT_RELA)
          && s->link == v.symtab)
        {
          size_t j, n = eo_nrel (&v, sec);
          bool sorted = v.machine == EO_EM_ARM || v.machine == EO_EM_AARCH64;
          bool *used = calloc (n ? n : 1, sizeof *used);
          ck_assert_ptr_nonnull (used);
          ck_assert_uint_eq (eo_nrel (&w, sec), n);
          for (j = 0; j < n; j++)
            {
              struct eo_rel a, b;
              size_t k = j;
              eo_get_rel (&v, sec, j, &a);
              if (sorted) /* find it: ARM/AArch64 reorder relocations */
                for (k = 0; k < n; k++)
                  {
                    eo_get_rel (&w, sec, k, &b);
                    if (!used[k] && b.sym < w.nsym && b.offset == a.offset
                        && b.type == a.type && b.addend == a.addend
                        && same_sym (&w.sym[b.sym], &v.sym[a.sym]))
                      break;
                  }
              SOFT_CHECK (&soft, k < n, "%s[%zu]: no match", s->name, j);
              if (k == n)
                break;
              used[k] = true;
              eo_get_rel (&w, sec, k, &b);
              SOFT_CHECK (&soft, b.sym < w.nsym, "%s[%zu]: symbol %u", s->name,
                          j, b.sym);
              if (b.sym >= w.nsym)
                break;
              SOFT_CHECK (&soft,
                          b.offset == a.offset && b.type == a.type
                              && b.addend == a.addend,
                          "%s[%zu]: offset, type or addend changed", s->name,
                          j);
              SOFT_CHECK (&soft, same_sym (&w.sym[b.sym], &v.sym[a.sym]),
                          "%s[%zu]: symbol '%s', expected '%s'", s->name, j,
                          w.sym[b.sym].name, v.sym[a.sym].name);
              SOFT_CHECK (&soft, a.sym != 0 || b.sym == 0,
                          "%s[%zu]: symbol 0 renumbered", s->name, j);
            }
          SOFT_DONE (&soft);
          free (used);
        }
      else if (s->type == EO_SHT_GROUP && s->link == v.symtab)
        {
          ck_assert_uint_lt (w.sec[sec].info, w.nsym);
          ck_assert (same_sym (&w.sym[w.sec[sec].info], &v.sym[s->info]));
          ck_assert_mem_eq (w.sec[sec].data, s->data, s->size);
        }
      else if (s->type == EO_SHT_SYMTAB_SHNDX)
        {
          /* Each 32-bit entry moved with its symbol.  */
          for (i = 0; i < v.nsym; i++)
            SOFT_CHECK (&soft,
                        eo_get (w.sec[sec].data + 4 * i, 4, w.big)
                            == eo_get (s->data + 4 * want[i], 4, v.big),
                        "SYMTAB_SHNDX entry %u", i);
          SOFT_DONE (&soft);
        }
      else if (s->type == EO_SHT_LLVM_ADDRSIG)
        {
          uint32_t a[4096], b[4096], na, nb, k;
          na = find_uleb_list (&v, sec, a, 4096);
          nb = find_uleb_list (&w, sec, b, 4096);
          ck_assert_uint_eq (na, nb);
          ck_assert_uint_gt (na, 0);
          for (k = 0; k < na; k++)
            ck_assert (b[k] < w.nsym && same_sym (&w.sym[b[k]], &v.sym[a[k]]));
        }
    }
  free (want);
  eo_view_free (&v);
  eo_view_free (&w);
}

static int
rewrite (const unsigned char *in, size_t inlen, unsigned style,
         unsigned char **out, size_t *outlen, struct relopt_error *err)
{
  struct relopt_options opts;

  relopt_options_init (&opts);
  opts.hash_style = style;
  memset (err, 0, sizeof *err);
  return relopt_rewrite_mem (in, inlen, &opts, out, outlen, NULL, err);
}

/* ---- Renumbering ------------------------------------------------------- */

START_TEST (test_renumber)
{
  struct sample_info in;
  struct relopt_error err;
  unsigned char *buf, *out;
  size_t len, olen;

  buf = sample_bytes (&specs[_i], &len, &in);
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_GNU, &out, &olen, &err), 0);
  verify_renumbered (buf, len, out, olen);
  free (out);
  /* Both styles: same order (the .hash needs none).  */
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_BOTH, &out, &olen, &err),
                    0);
  verify_renumbered (buf, len, out, olen);
  free (out);
  free (buf);
}
END_TEST

/* relopt_symorder_gnu's map, read directly, equals doc/design.md 3's, and the
   hashes it hands to the table builder are the tests' GNU hash of the
   name at each new index (0 below symoffset).  */
START_TEST (test_order_map)
{
  struct sample_info in;
  struct relopt_error err = { 0 };
  struct eo_view v;
  relopt_image *img;
  unsigned char *buf;
  size_t len;
  uint32_t *got, *want, *hash, symoffset = 0, wantoff, i, nundef = 0;

  buf = sample_bytes (&specs[_i], &len, &in);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  ck_assert_int_eq (relopt_image_read_mem (buf, len, &img, &err), 0);
  got = calloc (v.nsym, sizeof *got);
  want = calloc (v.nsym, sizeof *want);
  hash = calloc (v.nsym, sizeof *hash);
  ck_assert (got && want && hash);
  memset (hash, 0xa5, v.nsym * sizeof *hash);
  ck_assert_int_eq (relopt_symorder_gnu (img, got, hash, &symoffset, &err), 0);
  wantoff = expected_order (&v, want);
  ck_assert_uint_eq (symoffset, wantoff);
  ck_assert_mem_eq (got, want, v.nsym * sizeof *got);
  for (i = 0; i < v.nsym; i++)
    ck_assert_uint_eq (
        hash[i], i < symoffset ? 0 : test_gnu_hash (v.sym[want[i]].name));
  /* The unhashed globals of the sample: printf, kmalloc, weak_undef and
     every third generated one.  */
  for (i = v.first_global; i < v.nsym; i++)
    nundef += v.sym[i].shndx == EO_SHN_UNDEF;
  ck_assert_uint_eq (nundef, 3 + specs[_i].nextra / 3);
  ck_assert_uint_eq (symoffset, v.first_global + nundef);
  ck_assert_int_eq (relopt_symorder_check_users (img, &err), 0);
  free (got);
  free (want);
  free (hash);
  relopt_image_free (img);
  eo_view_free (&v);
  free (buf);
}
END_TEST

/* The raw MIPS64 little-endian r_info bytes: the 4-byte little-endian
   r_sym is the renumbered symbol; r_ssym, r_type3, r_type2, r_type
   (bytes 12-15) are untouched.  */
START_TEST (test_mips64el_bytes)
{
  const struct sample_spec *sp = &specs[_i ? 6 : 4];
  struct sample_info in;
  struct relopt_error err;
  struct eo_view v, w;
  unsigned char *buf, *out;
  size_t len, olen, j;
  int k;

  buf = sample_bytes (sp, &len, &in);
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_GNU, &out, &olen, &err), 0);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  ck_assert_int_eq (eo_parse (out, olen, &w), 0);
  for (k = 0; k < 2; k++)
    {
      uint32_t sec = k ? in.reldata : in.reltext;
      size_t ent = sp->rela ? 24 : 16, n = v.sec[sec].size / ent;
      ck_assert_uint_gt (n, 0);
      for (j = 0; j < n; j++)
        {
          const unsigned char *a = v.sec[sec].data + j * ent;
          const unsigned char *b = w.sec[sec].data + j * ent;
          uint32_t olds = (uint32_t)eo_get (a + 8, 4, false);
          uint32_t news = (uint32_t)eo_get (b + 8, 4, false);
          ck_assert_uint_lt (news, w.nsym);
          ck_assert_mem_eq (b, a, 8);           /* r_offset */
          ck_assert_mem_eq (b + 12, a + 12, 4); /* ssym, type3/2/1 */
          if (ent == 24)
            ck_assert_mem_eq (b + 16, a + 16, 8); /* r_addend */
          ck_assert (same_sym (&w.sym[news], &v.sym[olds]));
        }
    }
  eo_view_free (&v);
  eo_view_free (&w);
  free (buf);
  free (out);
}
END_TEST

/* ---- Refusal ------------------------------------------------------------ */

/* Section types that link to .symtab without relopt knowing what they
   hold.  */
static const uint32_t unknown_types[] = {
  0x6fff1234u,        /* an OS-specific type */
  0x70000001u,        /* a processor-specific type */
  EO_SHT_PROGBITS, 6, /* SHT_DYNAMIC */
};

START_TEST (test_refuse_unknown_user)
{
  struct sample_spec sp = specs[0];
  struct eo_obj o;
  struct sample_info in;
  struct relopt_error err;
  struct eo_view v, w;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t idx, i;

  sample_build (&o, &sp, &in);
  idx = eo_add_sec (&o, ".mystery", unknown_types[_i], 0, "\1\0\0\0", 4,
                    in.symtab, 0, 4, 4);
  eo_write (&o, &buf, &len);
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_GNU, &out, &olen, &err),
                    RELOPT_E_REFUSE);
  ck_assert_ptr_null (out);
  ck_assert_msg (strstr (err.msg, ".mystery") != NULL,
                 "message does not name the section: %s", err.msg);
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_BOTH, &out, &olen, &err),
                    RELOPT_E_REFUSE);
  /* sysv needs no reordering: it works, and nothing moves.  */
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_SYSV, &out, &olen, &err),
                    0);
  ck_assert_int_eq (eo_parse (buf, len, &v), 0);
  ck_assert_int_eq (eo_parse (out, olen, &w), 0);
  ck_assert_uint_eq (eo_find_type (&w, EO_SHT_HASH, NULL), o.nsec);
  for (i = 0; i < v.nsym; i++)
    ck_assert (same_sym (&w.sym[i], &v.sym[i]));
  ck_assert_mem_eq (w.sec[idx].data, "\1\0\0\0", 4);
  eo_view_free (&v);
  eo_view_free (&w);
  free (out);
  free (buf);
  eo_free (&o);
}
END_TEST

/* An unknown user does not matter when no symbol has to move.  */
START_TEST (test_unknown_user_nothing_moves)
{
  struct eo_obj o;
  struct relopt_error err;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t t, st;

  eo_init (&o, EO_CLASS64, false, EO_EM_X86_64);
  t = eo_add_sec (&o, ".text", EO_SHT_PROGBITS, 6, "\xc3", 1, 0, 0, 1, 0);
  st = eo_add_symtab (&o);
  eo_add_sym (&o, "loc", 0, 0, EO_STB_LOCAL, EO_STT_FUNC, t);
  eo_add_sym (&o, "undef", 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
  eo_add_sym (&o, "only", 0, 1, EO_STB_GLOBAL, EO_STT_FUNC, t);
  eo_add_sec (&o, ".mystery", 0x6fff1234u, 0, "\2\0\0\0", 4, st, 0, 4, 4);
  eo_write (&o, &buf, &len);
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_GNU, &out, &olen, &err), 0);
  free (out);
  free (buf);
  eo_free (&o);
}
END_TEST

/* A local past .symtab's sh_info (or a global before it) is malformed:
   the rewrite refuses it before ordering (relopt_symorder_gnu relies on
   locals first), in every hash style.  */
START_TEST (test_locals_not_first)
{
  struct eo_obj o;
  struct sample_info in;
  struct relopt_error err;
  relopt_image *img;
  unsigned char *buf, *out;
  size_t len, olen;

  sample_build (&o, &specs[1], &in);
  o.symtab_info = _i ? in.first_global - 1 : in.first_global + 1;
  eo_write (&o, &buf, &len);
  ck_assert_int_eq (relopt_image_read_mem (buf, len, &img, &err), 0);
  ck_assert_int_eq (
      relopt_image_check_locals_first (img, RELOPT_E_FORMAT, &err),
      RELOPT_E_FORMAT);
  ck_assert_ptr_nonnull (strstr (err.msg, "sh_info (first global)"));
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_GNU, &out, &olen, &err),
                    RELOPT_E_FORMAT);
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_SYSV, &out, &olen, &err),
                    RELOPT_E_FORMAT);
  relopt_image_free (img);
  free (buf);
  eo_free (&o);
}
END_TEST

/* ---- SHT_LLVM_ADDRSIG edge cases ---------------------------------------- */

struct addrsig_case
{
  const char *what;
  unsigned char bytes[8];
  size_t len;
  int rc;
};

/* Indices for a sample whose .symtab has 20 entries or more.  */
static const struct addrsig_case addrsig_cases[] = {
  { "empty", { 0 }, 0, 0 },
  { "non-minimal encoding of 10", { 0x8a, 0x80, 0x00 }, 3, 0 },
  { "truncated", { 0x8a }, 1, RELOPT_E_FORMAT },
  { "index past .symtab", { 0xff, 0x7f }, 2, RELOPT_E_FORMAT },
  { "oversized ULEB128",
    { 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00 },
    8,
    RELOPT_E_FORMAT },
};

START_TEST (test_addrsig_edges)
{
  const struct addrsig_case *c = &addrsig_cases[_i];
  struct sample_spec sp = specs[0];
  struct eo_obj o;
  struct sample_info in;
  struct relopt_error err;
  struct eo_view v, w;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t idx;
  int rc;

  sp.addrsig = false;
  sample_build (&o, &sp, &in);
  idx = eo_add_sec (&o, ".llvm_addrsig", EO_SHT_LLVM_ADDRSIG, 0, c->bytes,
                    c->len, in.symtab, 0, 1, 0);
  eo_write (&o, &buf, &len);
  rc = rewrite (buf, len, RELOPT_HASH_GNU, &out, &olen, &err);
  ck_assert_msg (rc == c->rc, "%s: rc %d, expected %d (%s)", c->what, rc,
                 c->rc, err.msg);
  if (rc == 0)
    {
      ck_assert_int_eq (eo_parse (buf, len, &v), 0);
      ck_assert_int_eq (eo_parse (out, olen, &w), 0);
      if (c->len == 0)
        ck_assert_uint_eq (w.sec[idx].size, 0);
      else
        {
          /* Symbol 10 of the input, wherever it went, minimally encoded.  */
          const unsigned char *p = w.sec[idx].data;
          int64_t x = sample_read_uleb (&p, p + w.sec[idx].size);
          ck_assert_int_ge (x, 0);
          ck_assert_int_lt (x, w.nsym);
          ck_assert (same_sym (&w.sym[x], &v.sym[10]));
          ck_assert_uint_eq (w.sec[idx].size, x < 128 ? 1 : 2);
        }
      eo_view_free (&v);
      eo_view_free (&w);
      free (out);
    }
  else
    ck_assert_ptr_nonnull (strstr (err.msg, ".llvm_addrsig"));
  free (buf);
  eo_free (&o);
}
END_TEST

/* ---- Limits --------------------------------------------------------------
 */

/* 30,000 generated globals (multi-byte ULEB128 indices, long bucket
   runs) on ELF64 BE and MIPS64 LE.  */
START_TEST (test_many_symbols)
{
  struct sample_spec sp = specs[_i ? 4 : 2];
  struct sample_info in;
  struct relopt_error err;
  unsigned char *buf, *out;
  size_t len, olen;

  sp.nextra = 30000;
  sp.addrsig = false; /* the list would pass the reader's 4096 limit */
  buf = sample_bytes (&sp, &len, &in);
  ck_assert_int_eq (rewrite (buf, len, RELOPT_HASH_GNU, &out, &olen, &err), 0);
  verify_renumbered (buf, len, out, olen);
  free (out);
  free (buf);
}
END_TEST

Suite *
symorder_suite (void)
{
  Suite *s = suite_create ("symorder");
  TCase *core = tcase_create ("core");
  TCase *limits = tcase_create ("limits");

  tcase_set_timeout (core, TEST_TIMEOUT_CORE);
  tcase_add_loop_test (core, test_renumber, 0, ARRAY_SIZE (specs));
  tcase_add_loop_test (core, test_order_map, 0, ARRAY_SIZE (specs));
  tcase_add_loop_test (core, test_mips64el_bytes, 0, 2);
  tcase_add_loop_test (core, test_refuse_unknown_user, 0,
                       ARRAY_SIZE (unknown_types));
  tcase_add_test (core, test_unknown_user_nothing_moves);
  suite_add_tcase (s, core);

  tcase_set_timeout (limits, TEST_TIMEOUT_LIMITS);
  tcase_add_loop_test (limits, test_locals_not_first, 0, 2);
  tcase_add_loop_test (limits, test_addrsig_edges, 0,
                       ARRAY_SIZE (addrsig_cases));
  tcase_add_loop_test (limits, test_many_symbols, 0, 2);
  suite_add_tcase (s, limits);
  return s;
}

RELOPT_CHECK_MAIN (symorder_suite)
