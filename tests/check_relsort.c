/* check_relsort.c -- ARM/AArch64 branch relocation order
   (bfdext/relsort.[ch], doc/design.md 6).

   Addend keys of hand-assembled ARM and Thumb branch instructions, in
   little-endian and BE32 code order, worked out bit by bit in the
   comments; the branch-type predicate for ARM, AArch64 LP64 and ILP32;
   and whole objects (ARM LE, BE8, BE32 REL; AArch64 LE/BE and ILP32
   RELA) whose expected relocation order is worked by hand.  */

#include <config.h>

#include <stdio.h>

#include "elfobj.h"
#include "image.h"
#include "relsort.h"
#include "testutil.h"

Suite *relsort_suite (void);

/* ---- Addend keys ---------------------------------------------------------
 */

struct key_case
{
  const char *what;
  uint32_t r_type;
  unsigned char le[4]; /* code bytes, little-endian order */
  unsigned char be[4]; /* the same instruction in BE32 order */
  uint32_t key;
};

/* ARM (A32) B/BL: cond[31:28] 101 L[24] imm24[23:0]; key = imm24.
   Thumb (T32) BL: 11110 S imm10 | 11 J1 1 J2 imm11; B.W (T4): 11110 S
   imm10 | 10 J1 1 J2 imm11; key = (hw1 & 0x07ff) << 16 | (hw2 & 0x2fff)
   (S, imm10; J1, J2, imm11; bit 12, BL versus BLX, is not part of it).
   Each halfword is stored in code byte order, first halfword first.  */
static const struct key_case key_cases[] = {
  /* BL with the REL addend -8 (PC bias): imm24 = -8 >> 2 = 0xfffffe;
     word 0xe (AL) b (101 L=1) fffffe = 0xebfffffe.  */
  { "ARM BL -8",
    RELOPT_R_ARM_CALL,
    { 0xfe, 0xff, 0xff, 0xeb },
    { 0xeb, 0xff, 0xff, 0xfe },
    0x00fffffe },
  /* B +0x48: imm24 = (0x48 - 8) >> 2 = 0x10; word 0xea000010.  */
  { "ARM B +0x48",
    RELOPT_R_ARM_JUMP24,
    { 0x10, 0x00, 0x00, 0xea },
    { 0xea, 0x00, 0x00, 0x10 },
    0x00000010 },
  /* BLNE: cond 1, imm24 3; word 0x1b000003: the condition is not part of
     the key.  */
  { "ARM BLNE",
    RELOPT_R_ARM_JUMP24,
    { 0x03, 0x00, 0x00, 0x1b },
    { 0x1b, 0x00, 0x00, 0x03 },
    0x00000003 },
  /* BLEQ -8 (old-style PC24): word 0x0bfffffe, key as BL -8.  */
  { "ARM BLEQ -8 (PC24)",
    RELOPT_R_ARM_PC24,
    { 0xfe, 0xff, 0xff, 0x0b },
    { 0x0b, 0xff, 0xff, 0xfe },
    0x00fffffe },
  /* An asymmetric immediate 0x123456 in BL: 0xeb123456.  */
  { "ARM BL imm 0x123456",
    RELOPT_R_ARM_CALL,
    { 0x56, 0x34, 0x12, 0xeb },
    { 0xeb, 0x12, 0x34, 0x56 },
    0x00123456 },
  /* Thumb BL -4 (REL addend, PC bias 4): offset -4 = S 1, imm10 0x3ff,
     J1 1, J2 1, imm11 0x7fe: hw1 = 0xf000|0x400|0x3ff = 0xf7ff, hw2 =
     0xd000|0x2000|0x0800|0x7fe = 0xfffe; key 0x07ff << 16 | 0x2ffe.  */
  { "Thumb BL -4",
    RELOPT_R_ARM_THM_CALL,
    { 0xff, 0xf7, 0xfe, 0xff },
    { 0xf7, 0xff, 0xff, 0xfe },
    0x07ff2ffe },
  /* Thumb B.W -4: hw2 = 0x9000|0x2000|0x0800|0x7fe = 0xbffe; same key.  */
  { "Thumb B.W -4",
    RELOPT_R_ARM_THM_JUMP24,
    { 0xff, 0xf7, 0xfe, 0xbf },
    { 0xf7, 0xff, 0xbf, 0xfe },
    0x07ff2ffe },
  /* Thumb BL +0x1000: S 0, imm10 = 0x1000 >> 12 = 1, imm11 0, I1 = I2 =
     0 so J1 = J2 = NOT(I ^ S) = 1: hw1 0xf001, hw2 0xd000|0x2000|0x0800
     = 0xf800; key 0x0001 << 16 | (0xf800 & 0x2fff = 0x2800).  */
  { "Thumb BL +0x1000",
    RELOPT_R_ARM_THM_CALL,
    { 0x01, 0xf0, 0x00, 0xf8 },
    { 0xf0, 0x01, 0xf8, 0x00 },
    0x00012800 },
  /* Thumb BLX -4 (bit 12 clear): hw2 0xeffe; key as BL -4.  */
  { "Thumb BLX -4",
    RELOPT_R_ARM_THM_CALL,
    { 0xff, 0xf7, 0xfe, 0xef },
    { 0xf7, 0xff, 0xef, 0xfe },
    0x07ff2ffe },
  /* Thumb asymmetric: hw1 0xf523 (S 1, imm10 0x123), hw2 0xd456 (J1 0,
     J2 0, imm11 0x456): key 0x0523 << 16 | (0xd456 & 0x2fff = 0x0456).  */
  { "Thumb BL asymmetric",
    RELOPT_R_ARM_THM_CALL,
    { 0x23, 0xf5, 0x56, 0xd4 },
    { 0xf5, 0x23, 0xd4, 0x56 },
    0x05230456 },
};

START_TEST (test_addend_key)
{
  const struct key_case *k = &key_cases[_i];

  ck_assert_msg (relopt_arm_rel_addend_key (k->r_type, k->le, false) == k->key,
                 "%s (LE): 0x%08x, expected 0x%08x", k->what,
                 relopt_arm_rel_addend_key (k->r_type, k->le, false), k->key);
  ck_assert_msg (relopt_arm_rel_addend_key (k->r_type, k->be, true) == k->key,
                 "%s (BE32): 0x%08x, expected 0x%08x", k->what,
                 relopt_arm_rel_addend_key (k->r_type, k->be, true), k->key);
}
END_TEST

/* Reading in the wrong order gives another key for asymmetric words:
   the byte order argument is used.  */
START_TEST (test_addend_key_order_matters)
{
  const struct key_case *arm = &key_cases[4], *thumb = &key_cases[9];

  /* 0x563412eb & 0xffffff = 0x3412eb.  */
  ck_assert_uint_eq (relopt_arm_rel_addend_key (arm->r_type, arm->le, true),
                     0x003412ebu);
  /* hw1 read BE from 23 f5 = 0x23f5 -> 0x03f5; hw2 0x56d4 -> 0x06d4.  */
  ck_assert_uint_eq (
      relopt_arm_rel_addend_key (thumb->r_type, thumb->le, true), 0x03f506d4u);
}
END_TEST

/* ---- Branch types ---------------------------------------------------------
 */

struct branch_case
{
  unsigned machine, elfclass;
  uint32_t type;
  bool branch;
};

/* AAELF: R_ARM_PC24 1, R_ARM_ABS32 2, R_ARM_THM_CALL 10, R_ARM_PLT32 27,
   R_ARM_CALL 28, R_ARM_JUMP24 29, R_ARM_THM_JUMP24 30, R_ARM_THM_JUMP19
   51, R_ARM_THM_JUMP11 102.  AAELF64: R_AARCH64_ABS64 257,
   R_AARCH64_CONDBR19 280, R_AARCH64_JUMP26 282, R_AARCH64_CALL26 283;
   ILP32: R_AARCH64_P32_ABS32 1, R_AARCH64_P32_JUMP26 20,
   R_AARCH64_P32_CALL26 21.  */
static const struct branch_case branch_cases[] = {
  { EO_EM_ARM, 1, 1, true },
  { EO_EM_ARM, 1, 10, true },
  { EO_EM_ARM, 1, 28, true },
  { EO_EM_ARM, 1, 29, true },
  { EO_EM_ARM, 1, 30, true },
  { EO_EM_ARM, 1, 0, false },
  { EO_EM_ARM, 1, 2, false },
  { EO_EM_ARM, 1, 27, false },
  { EO_EM_ARM, 1, 51, false },
  { EO_EM_ARM, 1, 102, false },
  { EO_EM_ARM, 1, 282, false },
  { EO_EM_ARM, 1, 283, false },
  { EO_EM_AARCH64, 2, 282, true },
  { EO_EM_AARCH64, 2, 283, true },
  { EO_EM_AARCH64, 2, 20, false },
  { EO_EM_AARCH64, 2, 21, false },
  { EO_EM_AARCH64, 2, 257, false },
  { EO_EM_AARCH64, 2, 280, false },
  { EO_EM_AARCH64, 2, 0, false },
  { EO_EM_AARCH64, 2, 28, false },
  { EO_EM_AARCH64, 1, 20, true },
  { EO_EM_AARCH64, 1, 21, true },
  { EO_EM_AARCH64, 1, 282, false },
  { EO_EM_AARCH64, 1, 283, false },
  { EO_EM_AARCH64, 1, 1, false },
  { EO_EM_AARCH64, 1, 0, false },
  /* EM_ARM in ELFCLASS64 does not exist: nothing is an ARM branch */
  { EO_EM_ARM, 2, 1, false },
  { EO_EM_ARM, 2, 28, false },
  { EO_EM_ARM, 2, 29, false },
  { EO_EM_X86_64, 2, 1, false },
  { EO_EM_X86_64, 2, 28, false },
  { EO_EM_X86_64, 2, 282, false },
  { EO_EM_386, 1, 1, false },
  { EO_EM_386, 1, 10, false },
  { EO_EM_386, 1, 28, false },
  { EO_EM_MIPS, 2, 283, false },
  { EO_EM_S390, 2, 20, false },
  { 0, 1, 28, false },
  { 0xffff, 2, 282, false },
};

START_TEST (test_is_branch)
{
  const struct branch_case *c = &branch_cases[_i];

  ck_assert_msg (relopt_is_branch_reloc (c->machine, c->elfclass, c->type)
                     == c->branch,
                 "machine %u class %u type %u: expected %s", c->machine,
                 c->elfclass, c->type, c->branch ? "branch" : "not a branch");
}
END_TEST

/* ---- Whole objects
 * ---------------------------------------------------------- */

/* Symbols of the test objects: 1 = .text section symbol (local), then
   undefined globals f (2), g (3), h (4); all unhashed, so no hash style
   moves them.  */
static void
add_symbols (struct eo_obj *o, uint32_t text)
{
  eo_add_symtab (o);
  eo_add_sym (o, NULL, 0, 0, EO_STB_LOCAL, EO_STT_SECTION, text);
  eo_add_sym (o, "f", 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
  eo_add_sym (o, "g", 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
  eo_add_sym (o, "h", 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
}

/* Put the 32-bit ARM word W (or the Thumb halfwords W >> 16, W & 0xffff)
   at P in code order.  */
static void
put_insn (unsigned char *p, uint32_t w, bool thumb, bool code_big)
{
  if (thumb)
    {
      eo_put (p, w >> 16, 2, code_big);
      eo_put (p + 2, w & 0xffff, 2, code_big);
    }
  else
    eo_put (p, w, 4, code_big);
}

/* The ARM object: .text words and .rel.text entries r0..r10.

     off   insn                      reloc            key
     0x00  bl f      0xebfffffe      r0 CALL f        0xfffffe
     0x04  .word g                   r1 ABS32 g       (not a branch)
     0x08  b g       0xeafffffe      r2 JUMP24 g      0xfffffe
     0x0c  bl f-0x3b8 0xebffff10     r3 CALL f        0xffff10
     0x10  bl g      0xebfffffe      r4 CALL g        0xfffffe
     0x14  bl f      0xebfffffe      r5 CALL f        0xfffffe (= r0)
     0x18  .word f                   r6 ABS32 f       (not a branch)
     0x1c  bl (T)    f100 f800       r7 THM_CALL h    0x0100 << 16 | 0x2800
     0x20  b.w f (T) f7ff bffe       r8 THM_JUMP24 f  0x07ff2ffe
     0x24  bl h      0xebfffffe      r9 PC24 h        0xfffffe
     0x28  bl (T)    f007 f800       r10 THM_CALL h   0x0007 << 16 | 0x2800

   Expected order, by (type, symbol, key), ties by position: type 1: r9;
   type 10: r10, r7; type 28: f (2) with key 0xffff10 r3, then 0xfffffe
   r0, r5; g (3) r4; type 29: r2; type 30: r8; then the others as they
   were: r1, r6.  Branches 9; distinct targets 8 (r0 and r5 are one).
   The immediates are chosen so that reading the code in the wrong byte
   order changes the order: r3's bytes 10 ff ff eb read big-endian give
   0xffffeb, equal to r0's, and r10 (07 f0 00 f8 -> 0x07f000f8) would sort
   after r7 (00 f1 00 f8 -> 0x00f100f8).  */
static const uint32_t arm_words[11] = {
  0xebfffffe, 0,          0xeafffffe, 0xebffff10, 0xebfffffe, 0xebfffffe,
  0,          0xf100f800, 0xf7ffbffe, 0xebfffffe, 0xf007f800,
};
static const struct eo_rel arm_rels[11] = {
  { 0x00, 2, RELOPT_R_ARM_CALL, 0 },
  { 0x04, 3, 2, 0 },
  { 0x08, 3, RELOPT_R_ARM_JUMP24, 0 },
  { 0x0c, 2, RELOPT_R_ARM_CALL, 0 },
  { 0x10, 3, RELOPT_R_ARM_CALL, 0 },
  { 0x14, 2, RELOPT_R_ARM_CALL, 0 },
  { 0x18, 2, 2, 0 },
  { 0x1c, 4, RELOPT_R_ARM_THM_CALL, 0 },
  { 0x20, 2, RELOPT_R_ARM_THM_JUMP24, 0 },
  { 0x24, 4, RELOPT_R_ARM_PC24, 0 },
  { 0x28, 4, RELOPT_R_ARM_THM_CALL, 0 },
};
static const int arm_order[11] = { 9, 10, 7, 3, 0, 5, 4, 2, 8, 1, 6 };

/* Variants: 0 little-endian; 1 BE8 (big-endian ELF, EF_ARM_BE8, code
   little-endian); 2 BE32 (big-endian ELF and code).  */
static unsigned char *
arm_object (int variant, size_t *lenp, uint32_t *relidx)
{
  struct eo_obj o;
  unsigned char text[44], *buf;
  bool big = variant != 0, code_big = variant == 2;
  uint32_t t;
  int i;

  memset (text, 0, sizeof text);
  for (i = 0; i < 11; i++)
    put_insn (text + 4 * i, arm_words[i],
              arm_rels[i].type == RELOPT_R_ARM_THM_CALL
                  || arm_rels[i].type == RELOPT_R_ARM_THM_JUMP24,
              code_big);
  eo_init (&o, EO_CLASS32, big, EO_EM_ARM);
  o.flags = 0x05000000 | (variant == 1 ? EO_EF_ARM_BE8 : 0);
  t = eo_add_sec (&o, ".text", EO_SHT_PROGBITS, 6, text, sizeof text, 0, 0, 4,
                  0);
  add_symbols (&o, t);
  *relidx = eo_add_rel (&o, ".rel.text", false, t, arm_rels, 11);
  eo_write (&o, &buf, lenp);
  eo_free (&o);
  return buf;
}

static int
rewrite (const unsigned char *in, size_t len, unsigned style, bool sort,
         unsigned char **out, size_t *olen, struct relopt_stats *st,
         struct relopt_error *err)
{
  struct relopt_options opts;

  relopt_options_init (&opts);
  opts.hash_style = style;
  opts.sort_branch_relocs = sort;
  memset (err, 0, sizeof *err);
  return relopt_rewrite_mem (in, len, &opts, out, olen, st, err);
}

/* Relocation J of section IDX in OUT must be entry ORDER[J] of IN.  */
static void
check_order (const unsigned char *in, size_t len, const unsigned char *out,
             size_t olen, uint32_t idx, const int *order, size_t n)
{
  struct eo_view v, w;
  size_t j;

  ck_assert_int_eq (eo_parse (in, len, &v), 0);
  ck_assert_int_eq (eo_parse (out, olen, &w), 0);
  ck_assert_uint_eq (eo_nrel (&w, idx), n);
  for (j = 0; j < n; j++)
    {
      struct eo_rel a, b;
      eo_get_rel (&v, idx, (size_t)order[j], &a);
      eo_get_rel (&w, idx, j, &b);
      ck_assert_msg (a.offset == b.offset && a.type == b.type
                         && a.addend == b.addend
                         && strcmp (v.sym[a.sym].name, w.sym[b.sym].name) == 0,
                     "position %zu: offset 0x%llx type %u, expected entry %d "
                     "(offset 0x%llx type %u)",
                     j, (unsigned long long)b.offset, b.type, order[j],
                     (unsigned long long)a.offset, a.type);
    }
  eo_view_free (&v);
  eo_view_free (&w);
}

static void
check_verifies (const unsigned char *buf, size_t len, int want)
{
  struct relopt_error err = { 0 };
  relopt_image *img;

  ck_assert_int_eq (relopt_image_read_mem (buf, len, &img, &err), 0);
  ck_assert_int_eq (relopt_relsort_check (img, &err), want);
  relopt_image_free (img);
}

START_TEST (test_arm_object)
{
  static const unsigned styles[]
      = { RELOPT_HASH_NONE, RELOPT_HASH_GNU, RELOPT_HASH_BOTH };
  struct relopt_stats st;
  struct relopt_error err;
  unsigned char *buf, *out, *out2;
  size_t len, olen, olen2;
  uint32_t idx;

  buf = arm_object (_i % 3, &len, &idx);
  check_verifies (buf, len, RELOPT_E_CHECK);
  ck_assert_int_eq (
      rewrite (buf, len, styles[_i / 3], true, &out, &olen, &st, &err), 0);
  check_order (buf, len, out, olen, idx, arm_order, 11);
  ck_assert_uint_eq (st.branch_relocs, 9);
  ck_assert_uint_eq (st.branch_targets, 8);
  ck_assert_uint_eq (st.reloc_sections_sorted, 1);
  check_verifies (out, olen, 0);
  /* Sorted already: a second run changes nothing.  */
  ck_assert_int_eq (
      rewrite (out, olen, styles[_i / 3], true, &out2, &olen2, &st, &err), 0);
  ck_assert_uint_eq (st.reloc_sections_sorted, 0);
  ck_assert_uint_eq (st.branch_targets, 8);
  ck_assert_uint_eq (olen2, olen);
  ck_assert_mem_eq (out2, out, olen);
  free (out2);
  free (out);
  /* --no-sort-branch-relocs keeps the order.  */
  {
    static const int same[11] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
    ck_assert_int_eq (
        rewrite (buf, len, styles[_i / 3], false, &out, &olen, &st, &err), 0);
    check_order (buf, len, out, olen, idx, same, 11);
    ck_assert_uint_eq (st.branch_relocs, 0);
    free (out);
  }
  free (buf);
}
END_TEST

/* AArch64 RELA: the key's addend is r_addend, compared as signed.

     r0 CALL26 f +8;  r1 CALL26 f -4;  r2 JUMP26 g 0;  r3 ABS64 f 0;
     r4 CALL26 f -4;  r5 JUMP26 f INT64_MAX;  r6 JUMP26 f INT64_MIN.

   Order: JUMP26 (282) before CALL26 (283); f (2) before g (3):
   r6 (INT64_MIN), r5 (INT64_MAX), r2; r1, r4 (-4, by position), r0 (+8);
   then r3.  Branches 6, distinct targets 5.  */
static const struct eo_rel a64_rels[7] = {
  { 0x00, 2, RELOPT_R_AARCH64_CALL26, 8 },
  { 0x04, 2, RELOPT_R_AARCH64_CALL26, -4 },
  { 0x08, 3, RELOPT_R_AARCH64_JUMP26, 0 },
  { 0x0c, 2, 257, 0 },
  { 0x10, 2, RELOPT_R_AARCH64_CALL26, -4 },
  { 0x14, 2, RELOPT_R_AARCH64_JUMP26, INT64_MAX },
  { 0x18, 2, RELOPT_R_AARCH64_JUMP26, INT64_MIN },
};
static const int a64_order[7] = { 6, 5, 2, 1, 4, 0, 3 };

/* ILP32 (ELFCLASS32 AArch64): P32_JUMP26 20, P32_CALL26 21; 282 is not a
   branch there.
     r0 P32_CALL26 f +4;  r1 P32_JUMP26 f -8;  r2 282 f 0;
     r3 P32_CALL26 f -8.
   Order: r1; r3 (-8), r0 (+4); then r2.  Branches 3, targets 3.  */
static const struct eo_rel ilp32_rels[4] = {
  { 0x0, 2, RELOPT_R_AARCH64_P32_CALL26, 4 },
  { 0x4, 2, RELOPT_R_AARCH64_P32_JUMP26, -8 },
  { 0x8, 2, 282, 0 },
  { 0xc, 2, RELOPT_R_AARCH64_P32_CALL26, -8 },
};
static const int ilp32_order[4] = { 1, 3, 0, 2 };

START_TEST (test_aarch64_object)
{
  bool ilp32 = _i >= 2, big = _i % 2;
  struct eo_obj o;
  struct relopt_stats st;
  struct relopt_error err;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t t, idx;

  eo_init (&o, ilp32 ? EO_CLASS32 : EO_CLASS64, big, EO_EM_AARCH64);
  t = eo_add_sec (&o, ".text", EO_SHT_PROGBITS, 6, NULL, 32, 0, 0, 4, 0);
  add_symbols (&o, t);
  idx = eo_add_rel (&o, ".rela.text", true, t, ilp32 ? ilp32_rels : a64_rels,
                    ilp32 ? 4 : 7);
  eo_write (&o, &buf, &len);
  eo_free (&o);
  check_verifies (buf, len, RELOPT_E_CHECK);
  ck_assert_int_eq (
      rewrite (buf, len, RELOPT_HASH_GNU, true, &out, &olen, &st, &err), 0);
  if (ilp32)
    {
      /* ELF32 RELA addends are 32-bit.  */
      check_order (buf, len, out, olen, idx, ilp32_order, 4);
      ck_assert_uint_eq (st.branch_relocs, 3);
      ck_assert_uint_eq (st.branch_targets, 3);
    }
  else
    {
      check_order (buf, len, out, olen, idx, a64_order, 7);
      ck_assert_uint_eq (st.branch_relocs, 6);
      ck_assert_uint_eq (st.branch_targets, 5);
    }
  check_verifies (out, olen, 0);
  free (out);
  free (buf);
}
END_TEST

/* Other machines keep their relocation order, whatever the types.  */
START_TEST (test_other_machine_untouched)
{
  static const int same[7] = { 0, 1, 2, 3, 4, 5, 6 };
  struct eo_obj o;
  struct relopt_stats st;
  struct relopt_error err;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t t, idx;

  eo_init (&o, EO_CLASS64, false, _i ? EO_EM_S390 : EO_EM_X86_64);
  t = eo_add_sec (&o, ".text", EO_SHT_PROGBITS, 6, NULL, 32, 0, 0, 4, 0);
  add_symbols (&o, t);
  idx = eo_add_rel (&o, ".rela.text", true, t, a64_rels, 7);
  eo_write (&o, &buf, &len);
  eo_free (&o);
  ck_assert_int_eq (
      rewrite (buf, len, RELOPT_HASH_GNU, true, &out, &olen, &st, &err), 0);
  check_order (buf, len, out, olen, idx, same, 7);
  ck_assert_uint_eq (st.branch_relocs, 0);
  check_verifies (buf, len, 0);
  free (out);
  free (buf);
}
END_TEST

/* ---- Limits
 * ------------------------------------------------------------------ */

/* A REL branch relocation whose instruction is not inside its target
   section is refused: 2 bytes short of the end, past the end, and a
   NOBITS target.  */
START_TEST (test_rel_outside_target)
{
  struct eo_obj o;
  struct eo_rel r[2]
      = { { 0x00, 2, RELOPT_R_ARM_CALL, 0 }, { 0, 3, RELOPT_R_ARM_CALL, 0 } };
  struct relopt_error err;
  unsigned char *buf, *out;
  size_t len, olen;
  uint32_t t;
  char want[128];

  r[1].offset = _i == 0 ? 14 : _i == 1 ? 16 : 0x1000;
  eo_init (&o, EO_CLASS32, false, EO_EM_ARM);
  if (_i == 3)
    t = eo_add_sec (&o, ".bss", EO_SHT_NOBITS, 3, NULL, 16, 0, 0, 4, 0);
  else
    t = eo_add_sec (&o, ".text", EO_SHT_PROGBITS, 6, NULL, 16, 0, 0, 4, 0);
  add_symbols (&o, t);
  eo_add_rel (&o, ".rel.text", false, t, r, 2);
  eo_write (&o, &buf, &len);
  eo_free (&o);
  ck_assert_int_eq (
      rewrite (buf, len, RELOPT_HASH_NONE, true, &out, &olen, NULL, &err),
      RELOPT_E_FORMAT);
  ck_assert_ptr_nonnull (strstr (err.msg, ".rel.text"));
  /* The NOBITS target has no bytes for even the first one.  */
  snprintf (want, sizeof want,
            "branch relocation %d at offset 0x%x is outside its target "
            "section %u",
            _i == 3 ? 0 : 1, _i == 3 ? 0 : (unsigned)r[1].offset, t);
  ck_assert_ptr_nonnull (strstr (err.msg, want));
  /* Without sorting the object is fine.  */
  ck_assert_int_eq (
      rewrite (buf, len, RELOPT_HASH_NONE, false, &out, &olen, NULL, &err), 0);
  free (out);
  free (buf);
}
END_TEST

/* Write O (initialised, nothing added) as an object of N branch-sized
   words TEXT in .text (index *TP), a .symtab of the section symbol then
   NSYM undefined globals "ext<i>" (indices 2 ...: unhashed, so no hash
   style moves them), and the N relocations R in .rel.text or (RELA)
   .rela.text (index *IDXP), into *BUF (*LEN bytes).  */
static void
write_branch_object (struct eo_obj *o, const unsigned char *text,
                     const struct eo_rel *r, size_t n, uint32_t nsym,
                     bool rela, unsigned char **buf, size_t *len, uint32_t *tp,
                     uint32_t *idxp)
{
  char name[16];
  uint32_t i;

  *tp = eo_add_sec (o, ".text", EO_SHT_PROGBITS, 6, text, 4 * n, 0, 0, 4, 0);
  eo_add_symtab (o);
  eo_add_sym (o, NULL, 0, 0, EO_STB_LOCAL, EO_STT_SECTION, *tp);
  for (i = 0; i < nsym; i++)
    {
      snprintf (name, sizeof name, "ext%u", i);
      eo_add_sym (o, name, 0, 0, EO_STB_GLOBAL, EO_STT_NOTYPE, 0);
    }
  *idxp = eo_add_rel (o, rela ? ".rela.text" : ".rel.text", rela, *tp, r, n);
  eo_write (o, buf, len);
  eo_free (o);
}

/* 60,000 branch relocations to 600 targets, in a scrambled order: the
   output is sorted (checked here by the key definition), holds the same
   entries, and counts 600 targets.  */
START_TEST (test_many_branches)
{
  enum
  {
    N = 60000,
    NSYM = 200
  };
  struct eo_obj o;
  struct eo_rel *r = calloc (N, sizeof *r);
  unsigned char *text = calloc (N, 4), *buf, *out;
  struct relopt_stats st;
  struct relopt_error err;
  struct eo_view w;
  struct soft soft = SOFT_INIT;
  size_t len, olen, j;
  uint64_t seed = 99;
  uint32_t t, idx;

  ck_assert (r && text);
  eo_init (&o, EO_CLASS32, false, EO_EM_ARM);
  for (j = 0; j < N; j++)
    {
      /* Target: symbol s, immediate (k - 2) for k in 0..2.  */
      uint32_t s = (uint32_t)(test_rand (&seed) % NSYM), k = j % 3;
      eo_put (text + 4 * j, 0xeb000000u | ((k - 2) & 0xffffff), 4, false);
      r[j] = (struct eo_rel){ 4 * j, 2 + s,
                              j % 7 ? RELOPT_R_ARM_CALL : RELOPT_R_ARM_JUMP24,
                              0 };
    }
  write_branch_object (&o, text, r, N, NSYM, false, &buf, &len, &t, &idx);
  ck_assert_int_eq (
      rewrite (buf, len, RELOPT_HASH_BOTH, true, &out, &olen, &st, &err), 0);
  ck_assert_uint_eq (st.branch_relocs, N);
  ck_assert_int_eq (eo_parse (out, olen, &w), 0);
  {
    uint64_t prev = 0, targets = 0, sum_in = 0, sum_out = 0;
    for (j = 0; j < N; j++)
      {
        struct eo_rel b;
        uint64_t key;
        eo_get_rel (&w, idx, j, &b);
        key = (uint64_t)b.type << 56 | (uint64_t)b.sym << 24
              | (eo_get (w.sec[t].data + b.offset, 4, false) & 0xffffff);
        SOFT_CHECK (&soft, key >= prev, "relocation %zu out of order", j);
        targets += j == 0 || key != prev;
        prev = key;
        sum_out += b.offset * 31 + b.sym * 7 + b.type;
        sum_in += r[j].offset * 31 + r[j].sym * 7 + r[j].type;
      }
    SOFT_DONE (&soft);
    ck_assert_uint_eq (sum_in, sum_out);
    ck_assert_uint_eq (targets, st.branch_targets);
  }
  check_verifies (out, olen, 0);
  eo_view_free (&w);
  free (out);
  free (buf);
  free (r);
  free (text);
}
END_TEST

/* The expected order of the bucket test: branch relocations by (type,
   symbol, addend key), ties by position, computed here by qsort over
   the whole key, apart from relsort's buckets; then the rest in file
   order.  */
struct bucket_key
{
  uint32_t type, sym;
  int64_t key;
  uint32_t pos;
  bool branch;
};

static int
cmp_bucket_key (const void *a, const void *b)
{
  const struct bucket_key *x = a, *y = b;

  if (x->branch != y->branch)
    return x->branch ? -1 : 1;
  if (x->branch && x->type != y->type)
    return x->type < y->type ? -1 : 1;
  if (x->branch && x->sym != y->sym)
    return x->sym < y->sym ? -1 : 1;
  if (x->branch && x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Enough symbols that relsort splits the branches into buckets by
   (type, symbol) and sorts each on its own (bfdext/relsort.c,
   "struct split"): 60,000 relocations, most to 9,000 symbols (buckets
   counted, every value of the low 13 bits that a bucket counts by
   used), one in 400 to any of 40,000 (buckets of a few records, by
   insertion), one in 11 not a branch; addend keys from three values in
   no order, so runs of one target are sorted by addend too.  _i = 0:
   ARM REL, keys in the instructions; 1: AArch64 RELA, signed addends;
   2 and 3: the same with one addend for every branch of a type (as in
   every armhf module: relsort then keeps no addends, struct brec), -2,
   5 or 0 by type.
   The output must be exactly the order computed here, and the count of
   distinct targets the one counted here.  */
START_TEST (test_branch_buckets)
{
  enum
  {
    N = 60000,
    NSYM = 40000,
    DENSE = 9000
  };
  bool rela = _i % 2 == 1, uniform = _i >= 2;
  struct eo_obj o;
  struct eo_rel *r = calloc (N, sizeof *r);
  struct bucket_key *want = calloc (N, sizeof *want);
  unsigned char *text = calloc (N, 4), *buf, *out;
  struct relopt_stats st;
  struct relopt_error err;
  struct eo_view w;
  struct soft soft = SOFT_INIT;
  size_t len, olen, j;
  uint64_t seed = 7, targets = 0;
  uint32_t t, idx;

  ck_assert (r && want && text);
  eo_init (&o, rela ? EO_CLASS64 : EO_CLASS32, false,
           rela ? EO_EM_AARCH64 : EO_EM_ARM);
  for (j = 0; j < N; j++)
    {
      uint32_t s
          = (uint32_t)(test_rand (&seed) % (j % 400 == 0 ? NSYM : DENSE));
      int64_t k = (int64_t)(test_rand (&seed) % 3) - 2;
      uint32_t type
          = rela ? (j % 3 ? RELOPT_R_AARCH64_CALL26 : RELOPT_R_AARCH64_JUMP26)
                 : (j % 3   ? RELOPT_R_ARM_CALL
                    : j % 2 ? RELOPT_R_ARM_JUMP24
                            : RELOPT_R_ARM_PC24);
      bool branch = j % 11 != 0;
      if (uniform)
        k = type == RELOPT_R_AARCH64_CALL26 || type == RELOPT_R_ARM_CALL ? -2
            : type == RELOPT_R_ARM_JUMP24                                ? 5
                                                                         : 0;
      if (!branch)
        type = rela ? 257 /* R_AARCH64_ABS64 */ : 2 /* R_ARM_ABS32 */;
      if (!rela)
        eo_put (text + 4 * j, 0xeb000000u | ((uint32_t)k & 0xffffff), 4,
                false);
      r[j] = (struct eo_rel){ 4 * j, 2 + s, type, rela ? k : 0 };
      want[j] = (struct bucket_key){ type, 2 + s,
                                     rela ? k : (int64_t)(k & 0xffffff),
                                     (uint32_t)j, branch };
    }
  write_branch_object (&o, text, r, N, NSYM, rela, &buf, &len, &t, &idx);
  qsort (want, N, sizeof *want, cmp_bucket_key);
  for (j = 0; j < N && want[j].branch; j++)
    targets += j == 0 || want[j - 1].type != want[j].type
               || want[j - 1].sym != want[j].sym
               || want[j - 1].key != want[j].key;
  ck_assert_int_eq (
      rewrite (buf, len, RELOPT_HASH_BOTH, true, &out, &olen, &st, &err), 0);
  ck_assert_uint_eq (st.branch_relocs, j);
  ck_assert_uint_eq (st.branch_targets, targets);
  ck_assert_int_eq (eo_parse (out, olen, &w), 0);
  ck_assert_uint_eq (eo_nrel (&w, idx), N);
  for (j = 0; j < N; j++)
    {
      struct eo_rel b;
      eo_get_rel (&w, idx, j, &b);
      SOFT_CHECK (&soft, b.offset == 4 * (uint64_t)want[j].pos,
                  "position %zu: offset 0x%llx, expected entry %u", j,
                  (unsigned long long)b.offset, want[j].pos);
    }
  SOFT_DONE (&soft);
  check_verifies (out, olen, 0);
  eo_view_free (&w);
  free (out);
  free (buf);
  free (r);
  free (want);
  free (text);
}
END_TEST

/* Set sh_link of section IDX in the ELF image BUF to LINK (as a
   hand-edited or broken writer would).  */
static void
set_sh_link (unsigned char *buf, uint32_t idx, uint32_t link)
{
  bool is64 = buf[4] == EO_CLASS64, big = buf[5] == 2;
  uint64_t shoff = eo_get (buf + (is64 ? 0x28 : 0x20), is64 ? 8 : 4, big);
  unsigned shentsize = is64 ? 64 : 40;

  eo_put (buf + shoff + (uint64_t)idx * shentsize + (is64 ? 40 : 24), link, 4,
          big);
}

/* Branch relocations relopt's order cannot cover are refused, not left
   out of order (a fresh user's finding: both were written unsorted,
   and --check passed them).  _i = 0, 1: an ARM .rel.text linked to
   section 0, or to .text, not .symtab: a loader applies it against
   .symtab, so its branches would stay unsorted where it counts them;
   2: an AArch64 SHT_REL section, whose branch addends AAELF64 does not
   define (read as ARM's 24-bit field, six different targets counted as
   three).  --no-sort-branch-relocs writes them; --check then names the
   section.  The input of the refusal is the one a relopt run would
   keep byte for byte (relopt_rewrite_mem writes nothing on error).  */
START_TEST (test_branches_outside_order)
{
  bool a64 = _i == 2;
  struct eo_obj o;
  struct eo_rel r[3] = { { 0x00, 3, RELOPT_R_ARM_CALL, 0 },
                         { 0x04, 2, 2 /* R_ARM_ABS32 */, 0 },
                         { 0x08, 2, RELOPT_R_ARM_CALL, 0 } };
  struct relopt_error err;
  unsigned char *buf, *out, text[16];
  size_t len, olen;
  uint32_t t, idx;
  relopt_image *img;

  memset (text, 0, sizeof text);
  if (a64)
    {
      r[0].type = r[2].type = RELOPT_R_AARCH64_CALL26;
      r[1].type = 257; /* R_AARCH64_ABS64 */
    }
  eo_init (&o, a64 ? EO_CLASS64 : EO_CLASS32, false,
           a64 ? EO_EM_AARCH64 : EO_EM_ARM);
  t = eo_add_sec (&o, ".text", EO_SHT_PROGBITS, 6, text, sizeof text, 0, 0, 4,
                  0);
  add_symbols (&o, t);
  idx = eo_add_rel (&o, ".rel.text", false, t, r, 3);
  eo_write (&o, &buf, &len);
  eo_free (&o);
  if (!a64)
    set_sh_link (buf, idx, _i == 0 ? 0 : t);
  ck_assert_int_eq (
      rewrite (buf, len, RELOPT_HASH_SYSV, true, &out, &olen, NULL, &err),
      RELOPT_E_REFUSE);
  ck_assert_msg (
      strstr (err.msg, ".rel.text") != NULL
          && strstr (err.msg, "branch relocation 0 cannot be put "
                              "in relopt's order")
                 != NULL
          && strstr (err.msg, a64 ? "SHT_RELA only" : "not linked to .symtab")
                 != NULL,
      "message: %s", err.msg);
  ck_assert_int_eq (
      rewrite (buf, len, RELOPT_HASH_SYSV, false, &out, &olen, NULL, &err), 0);
  ck_assert_int_eq (relopt_image_read_mem (out, olen, &img, &err), 0);
  ck_assert_int_eq (relopt_relsort_check (img, &err), RELOPT_E_CHECK);
  ck_assert_ptr_nonnull (strstr (err.msg, "cannot be put in relopt's order"));
  relopt_image_free (img);
  free (out);
  free (buf);
}
END_TEST

Suite *
relsort_suite (void)
{
  Suite *s = suite_create ("relsort");
  TCase *core = tcase_create ("core");
  TCase *limits = tcase_create ("limits");

  tcase_set_timeout (core, TEST_TIMEOUT_CORE);
  tcase_add_loop_test (core, test_addend_key, 0, ARRAY_SIZE (key_cases));
  tcase_add_test (core, test_addend_key_order_matters);
  tcase_add_loop_test (core, test_is_branch, 0, ARRAY_SIZE (branch_cases));
  tcase_add_loop_test (core, test_arm_object, 0, 9);
  tcase_add_loop_test (core, test_aarch64_object, 0, 4);
  tcase_add_loop_test (core, test_other_machine_untouched, 0, 2);
  suite_add_tcase (s, core);

  tcase_set_timeout (limits, TEST_TIMEOUT_LIMITS);
  tcase_add_loop_test (limits, test_rel_outside_target, 0, 4);
  tcase_add_loop_test (limits, test_branches_outside_order, 0, 3);
  tcase_add_loop_test (limits, test_many_branches, 0, 1);
  tcase_add_loop_test (limits, test_branch_buckets, 0, 4);
  suite_add_tcase (s, limits);
  return s;
}

RELOPT_CHECK_MAIN (relsort_suite)
