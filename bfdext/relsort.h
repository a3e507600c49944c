/* relsort.h -- ARM/AArch64 branch relocation order (doc/design.md 6).

   In each relocation section of an EM_ARM or EM_AARCH64 object, branch
   relocations come first, sorted by (r_type, symbol index, addend), then
   all other relocations in their original relative order.  A loader then
   counts distinct branch targets (PLT/veneer slots) by comparing each
   branch relocation with the previous one.

   Relocation numbers: AAELF (ELF for the Arm Architecture) and AAELF64.  */

#ifndef RELOPT_RELSORT_H
#define RELOPT_RELSORT_H

#include "relopt.h"

#define RELOPT_R_ARM_PC24 1
#define RELOPT_R_ARM_THM_CALL 10
#define RELOPT_R_ARM_CALL 28
#define RELOPT_R_ARM_JUMP24 29
#define RELOPT_R_ARM_THM_JUMP24 30
#define RELOPT_R_AARCH64_JUMP26 282
#define RELOPT_R_AARCH64_CALL26 283
#define RELOPT_R_AARCH64_P32_JUMP26 20
#define RELOPT_R_AARCH64_P32_CALL26 21

/* Whether R_TYPE is a branch relocation for MACHINE (EM_ARM, EM_AARCH64)
   and ELFCLASS (1 = ELFCLASS32, 2 = ELFCLASS64; ELFCLASS32 AArch64 is
   ILP32 and uses the P32 types).  False for any other machine.  The
   loader library's rlo_is_branch_reloc: relopt sorts exactly the
   relocations a loader's one-pass count takes for branches.  */
bool relopt_is_branch_reloc (unsigned machine, unsigned elfclass,
                             uint32_t r_type);

/* The addend key of a REL branch relocation of type R_TYPE whose
   instruction starts at INSN (4 bytes; Thumb: two halfwords), read in
   CODE_BIG_ENDIAN order (big-endian only for BE32 code; BE8 objects and
   little-endian ones have little-endian code).  ARM: word & 0x00ffffff.
   Thumb (THM_CALL, THM_JUMP24): (first halfword & 0x07ff) << 16 |
   (second halfword & 0x2fff).  Equal keys <=> equal branch targets for
   the same symbol.  */
uint32_t relopt_arm_rel_addend_key (uint32_t r_type, const unsigned char *insn,
                                    bool code_big_endian);

struct relopt_image;

/* Put every relocation section of IMG (EM_ARM/EM_AARCH64; others are left
   alone) in relopt's order, adding branch counts to STATS.  RELA addends
   compare as signed 64-bit values.  Errors: RELOPT_E_FORMAT (a REL
   branch relocation outside its target section), RELOPT_E_NOMEM.  */
int relopt_relsort_image (struct relopt_image *img, struct relopt_stats *stats,
                          struct relopt_error *err);

/* Verify the order in one pass per section, as a loader would.  Returns 0
   or RELOPT_E_CHECK naming the section and relocation.  */
int relopt_relsort_check (const struct relopt_image *img,
                          struct relopt_error *err);

#endif /* RELOPT_RELSORT_H */
