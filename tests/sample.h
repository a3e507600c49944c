/* sample.h -- a typical small kernel-module-like object, built with the
   tests' ELF writer (elfobj.h) for any class, byte order and machine.

   Sections: .text, .data, .bss, optional .group (COMDAT, signature a
   global) with its member .text.sig, .symtab, .strtab, optional
   .symtab_shndx, .rel[a].text, .rel[a].data, optional .llvm_addrsig,
   .shstrtab.  Symbols: a FILE symbol, section symbols, locals (one named
   like a global, mapping symbols, two with one name), then globals in a
   deliberately mixed order: undefined ones between defined ones, a weak one, a
   common one, an absolute one, a name with bytes >= 0x80, and NEXTRA generated
   ones ("g<i>", every third undefined).  Relocations refer to locals, section
   symbols, undefined and defined globals.  */

#ifndef RELOPT_TESTS_SAMPLE_H
#define RELOPT_TESTS_SAMPLE_H

#include "elfobj.h"

struct sample_spec
{
  unsigned cls;
  bool big;
  uint16_t machine;
  uint32_t e_flags;
  bool rela;          /* RELA relocation sections, else REL */
  bool group;         /* .group + .text.sig */
  bool xindex;        /* .symtab_shndx; defined globals use SHN_XINDEX */
  bool addrsig;       /* .llvm_addrsig over the defined globals */
  unsigned nextra;    /* generated globals */
  uint32_t type_bits; /* OR'd into every relocation type (MIPS64 type2/3) */
};

/* Indices the tests need.  */
struct sample_info
{
  uint32_t text, data, bss, group, sigtext, symtab, strtab, shndx;
  uint32_t reltext, reldata, addrsig;
  uint32_t first_global, nsyms;
  uint32_t sig_sym; /* the group signature symbol */
};

void sample_build (struct eo_obj *o, const struct sample_spec *sp,
                   struct sample_info *info);

/* Build and write; returns the malloc'd bytes.  */
unsigned char *sample_bytes (const struct sample_spec *sp, size_t *lenp,
                             struct sample_info *info);

/* Encode V as ULEB128 at P; returns the byte count.  */
size_t sample_uleb (unsigned char *p, uint64_t v);

/* Decode a ULEB128 at *P (advanced) before END; -1 when truncated.  */
int64_t sample_read_uleb (const unsigned char **p, const unsigned char *end);

#endif /* RELOPT_TESTS_SAMPLE_H */
