/* image.h -- the ET_REL image model, private to bfdext (and its tests and
   in-tree tools such as the loader model).

   The image keeps the input file's bytes and a decoded, host-order view of
   what relopt reads or changes.  Section contents stay raw bytes in the
   file's byte order; a pass that changes a section replaces its DATA with a
   new malloc'd buffer (DATA_OWNED), except that a relocation section's new
   symbol indices and entry order may be left pending (REL_REMAP,
   REL_ORDER) and applied as it is written, so the input's relocations are
   never copied in memory.  Symbol table entries are permuted as raw
   records, so fields relopt does not interpret are kept bit for bit.

   parse.c turns bytes into a validated image (relopt_image_read_mem,
   relopt_image_adopt_map) and image.c holds the model's accessors and
   edits.  Turning an image back into bytes is layout.h's (serialize.c);
   the loader library's view of an image is rloview.h's (check.c).  The
   error helper, relopt_set_error, is public (relopt.h).

   Format references: System V gABI (ELF header, sections, symbols,
   relocations, extended section numbering), doc/design.md.  */

#ifndef RELOPT_IMAGE_H
#define RELOPT_IMAGE_H

#include "byteorder.h"
#include "relopt.h"

/* ELF constants relopt needs, so the library does not depend on the host's
   <elf.h> having every processor and GNU extension.  */
#define RELOPT_ELFCLASS32 1
#define RELOPT_ELFCLASS64 2
#define RELOPT_ET_REL 1
#define RELOPT_SHT_NULL 0
#define RELOPT_SHT_PROGBITS 1
#define RELOPT_SHT_SYMTAB 2
#define RELOPT_SHT_STRTAB 3
#define RELOPT_SHT_RELA 4
#define RELOPT_SHT_HASH 5
#define RELOPT_SHT_DYNAMIC 6
#define RELOPT_SHT_NOTE 7
#define RELOPT_SHT_NOBITS 8
#define RELOPT_SHT_REL 9
#define RELOPT_SHT_DYNSYM 11
#define RELOPT_SHT_INIT_ARRAY 14
#define RELOPT_SHT_FINI_ARRAY 15
#define RELOPT_SHT_PREINIT_ARRAY 16
#define RELOPT_SHT_GROUP 17
#define RELOPT_SHT_SYMTAB_SHNDX 18
#define RELOPT_SHT_LLVM_ADDRSIG 0x6fff4c03u
#define RELOPT_SHT_GNU_HASH 0x6ffffff6u
/* doc/design.md 9, in the gABI's SHT_LOUSER..SHT_HIUSER range ('RO' 'A'
   with the top bit: 0x80 'R' 'O' 'A').  */
#define RELOPT_SHT_RELOPT_ADDRORDER 0x80524f41u
#define RELOPT_SHF_WRITE 0x1u
#define RELOPT_SHF_ALLOC 0x2u
#define RELOPT_SHF_EXECINSTR 0x4u
#define RELOPT_SHF_EXCLUDE 0x80000000u
#define RELOPT_SHN_UNDEF 0
#define RELOPT_SHN_LORESERVE 0xff00u
#define RELOPT_SHN_ABS 0xfff1u
#define RELOPT_SHN_COMMON 0xfff2u
#define RELOPT_SHN_XINDEX 0xffffu
#define RELOPT_STB_LOCAL 0
#define RELOPT_STT_SECTION 3
#define RELOPT_STT_FILE 4
#define RELOPT_EM_MIPS 8
#define RELOPT_EM_ARM 40
#define RELOPT_EM_ALPHA 41 /* the official number; see also 0x9026 */
#define RELOPT_EM_ALPHA_OLD 0x9026
#define RELOPT_EM_S390 22
#define RELOPT_EM_AARCH64 183
#define RELOPT_EF_ARM_BE8 0x00800000u

/* One section: its header, host order, widened to 64 bits, and its
   contents.  */
struct relopt_section
{
  uint32_t sh_name;
  uint32_t sh_type;
  uint64_t sh_flags;
  uint64_t sh_addr;
  uint64_t sh_offset; /* in the input; recomputed by serialize */
  uint64_t sh_size;
  uint32_t sh_link;
  uint32_t sh_info;
  uint64_t sh_addralign;
  uint64_t sh_entsize;
  const char *name;    /* into the .shstrtab bytes, or "" */
  unsigned char *data; /* sh_size bytes (NULL for NOBITS/NULL or empty) */
  bool data_owned;     /* DATA is malloc'd and freed with the image */
  /* A relocation section's pending changes, applied as its bytes are
     written (relopt_image_rel_fill) instead of to a private copy of
     DATA: new entry J is entry REL_ORDER[J] of DATA (REL_ORDER NULL:
     entry J), and with REL_REMAP its r_sym S becomes the image's
     REL_REMAP[S].  REL_ORDER is malloc'd, owned, sh_size / entsize
     entries.  */
  uint32_t *rel_order;
  bool rel_remap;
};

/* The image.  Indices are section header indices (0 .. SHNUM-1) and
   symbol table indices (0 .. NSYMS-1).  */
struct relopt_image
{
  unsigned char *file; /* the input bytes, owned */
  size_t file_size;
  bool file_mapped; /* FILE is a read-only relopt_map_file mapping */

  unsigned char ident[16];
  unsigned elfclass; /* RELOPT_ELFCLASS32 or 64 */
  bool big;          /* ELFDATA2MSB */
  uint16_t e_type, e_machine;
  uint32_t e_version;
  uint64_t e_entry;
  uint32_t e_flags;
  uint16_t e_ehsize;

  struct relopt_section *sec; /* SHNUM entries, owned */
  uint32_t shnum;
  uint32_t shstrndx; /* 0 when there are no section names */

  uint32_t symtab;   /* index of the SHT_SYMTAB section */
  uint32_t strtab;   /* its sh_link */
  uint32_t shndxsec; /* SHT_SYMTAB_SHNDX linked to symtab, or 0 */
  uint32_t nsyms;    /* .symtab entries (sh_size / entsize) */
  size_t symsize;    /* bytes per .symtab entry: 16 or 24 */

  /* Old to new symbol index for the sections with REL_REMAP set, owned,
     REL_REMAP_N entries (the symbol count when it was made).  */
  uint32_t *rel_remap;
  uint32_t rel_remap_n;

  uint64_t elf_end;          /* end of the last byte ELF structures cover */
  uint64_t trailer_len;      /* file_size - elf_end */
  bool trailer_is_signature; /* ends with "~Module signature appended~\n" */
};

/* Decoded symbol, for passes that read symbols (host order).  SHNDX is
   the real section index: SHN_XINDEX entries are resolved through
   SYMTAB_SHNDX.  NAME points into the current .strtab bytes ("" for
   st_name 0).  */
struct relopt_sym
{
  const char *name;
  uint32_t st_name;
  unsigned char st_info, st_other;
  uint32_t shndx;
  uint16_t st_shndx; /* the raw 16-bit field */
  uint64_t st_value, st_size;
};

/* One decoded relocation.  */
struct relopt_rel
{
  uint64_t r_offset;
  uint32_t sym;
  uint32_t type;
  int64_t addend; /* r_addend for RELA, 0 for REL */
};

/* A section's display name for messages: "'.text' (section 3)".  Uses a
   static-free buffer supplied by the caller of at least 96 bytes.  */
const char *relopt_section_label (const relopt_image *img, uint32_t idx,
                                  char *buf, size_t len);

/* Decode symbol IDX of IMG into *SYM.  IMG must have been validated by
   relopt_image_read_mem, so this cannot fail.  */
void relopt_image_get_sym (const relopt_image *img, uint32_t idx,
                           struct relopt_sym *sym);

/* Pointer to symbol IDX's raw record.  Inline, as the accessors below:
   the passes read a field or two of every symbol several times, and a
   call and a full decode cost about 56 instructions a symbol
   (callgrind, nouveau.ko armhf).  */
static inline unsigned char *
relopt_image_sym_raw (const relopt_image *img, uint32_t idx)
{
  return img->sec[img->symtab].data + (size_t)idx * img->symsize;
}

/* The name of symbol IDX without decoding the rest of it, as
   relopt_image_get_sym gives it (into .strtab; "" when st_name, the
   first word of Elf32_Sym and Elf64_Sym alike, is past its end).  */
static inline const char *
relopt_image_sym_name (const relopt_image *img, uint32_t idx)
{
  const struct relopt_section *str = &img->sec[img->strtab];
  uint32_t st_name = relopt_get32 (relopt_image_sym_raw (img, idx), img->big);

  return st_name < str->sh_size ? (const char *)str->data + st_name : "";
}

/* Symbol IDX's st_info and raw 16-bit st_shndx (SHN_XINDEX not
   resolved), as relopt_image_get_sym gives them.  */
static inline unsigned char
relopt_image_sym_info (const relopt_image *img, uint32_t idx)
{
  const unsigned char *p = relopt_image_sym_raw (img, idx);

  return p[img->elfclass == RELOPT_ELFCLASS32 ? 12 : 4];
}

static inline uint16_t
relopt_image_sym_st_shndx (const relopt_image *img, uint32_t idx)
{
  const unsigned char *p = relopt_image_sym_raw (img, idx);

  return relopt_get16 (p + (img->elfclass == RELOPT_ELFCLASS32 ? 14 : 6),
                       img->big);
}

/* Relocation sections: whether section IDX is SHT_REL or SHT_RELA linked
   to the symtab; bytes per entry; entry count.  */
bool relopt_image_is_symtab_reloc (const relopt_image *img, uint32_t idx);
size_t relopt_image_rel_entsize (const relopt_image *img, uint32_t sh_type);

/* Decode/encode relocation entry P of a section of type SH_TYPE.  Handles
   the MIPS64 little-endian r_info layout.  */
void relopt_image_get_rel (const relopt_image *img, uint32_t sh_type,
                           const unsigned char *p, struct relopt_rel *rel);
void relopt_image_set_rel_sym (const relopt_image *img, unsigned char *p,
                               uint32_t sym);

/* r_type of the relocation entry at P, as relopt_image_get_rel reads it,
   without the other fields: the branch order reads every entry's type
   and decodes only the branches.  ELFCLASS32: the low byte of r_info;
   MIPS64 little-endian: r_type, r_type2, r_type3 packed as bfd does;
   other ELFCLASS64: the low half of r_info.  */
static inline uint32_t
relopt_image_rel_type (const relopt_image *img, const unsigned char *p)
{
  if (img->elfclass == RELOPT_ELFCLASS32)
    return relopt_get32 (p + 4, img->big) & 0xff;
  if (img->e_machine == RELOPT_EM_MIPS && !img->big)
    return (uint32_t)p[15] | (uint32_t)p[14] << 8 | (uint32_t)p[13] << 16;
  return (uint32_t)relopt_get64 (p + 8, img->big);
}

/* The index of the first entry of relocation section IDX whose r_sym
   (as relopt_image_get_rel reads it) is LIMIT or more, or the entry
   count when there is none: the parser's bounds check, one load and
   compare an entry.  */
uint64_t relopt_image_rel_sym_scan (const relopt_image *img, uint32_t idx,
                                    uint32_t limit);

/* Whether section IDX is a relocation section with pending changes
   (REL_ORDER or REL_REMAP): its bytes as written are not DATA's, they
   are what relopt_image_rel_fill makes.  */
bool relopt_image_rel_pending (const relopt_image *img, uint32_t idx);

/* Entries [FIRST, FIRST + COUNT) of relocation section IDX as they are
   written, its pending changes applied, into OUT (COUNT x entsize
   bytes).  */
void relopt_image_rel_fill (const relopt_image *img, uint32_t idx,
                            uint64_t first, uint64_t count,
                            unsigned char *out);

/* The symbol index relocation section IDX's entry naming symbol SYM
   (read from DATA) names once written: SYM through the pending remap.  */
uint32_t relopt_image_rel_sym_out (const relopt_image *img, uint32_t idx,
                                   uint32_t sym);

/* Replace section IDX's contents with BUF of LEN bytes (IMG takes
   ownership of BUF, which must come from malloc) and set sh_size; any
   pending relocation changes go with the old contents.  */
void relopt_image_set_data (relopt_image *img, uint32_t idx,
                            unsigned char *buf, size_t len);

/* Make section IDX's contents a private, writable copy, pending
   relocation changes applied (none are left pending).  */
int relopt_image_own_data (relopt_image *img, uint32_t idx,
                           struct relopt_error *err);

/* Find NAME in .shstrtab, as a whole string or as the tail of a longer
   one, or append it; *OFFP gets its offset.  Errors: RELOPT_E_REFUSE (no
   .shstrtab), RELOPT_E_FORMAT (table too large), RELOPT_E_NOMEM.  */
int relopt_image_add_name (relopt_image *img, const char *name, uint32_t *offp,
                           struct relopt_error *err);

/* The table names relopt adds (".gnu.hash", ".hash") must not outlive
   the tables (doc/design.md 7: "a table that is removed leaves no name in
   .shstrtab").  relopt only ever appends names at the end of .shstrtab,
   so the rule is: while the last string of .shstrtab is one of
   NAMES[0..N) and nothing refers to its bytes (no sh_name; no st_name when
   .shstrtab is also .strtab; no other section using .shstrtab as its
   string table), drop it.  The string at offset 0 is never dropped.
   Applied on every run before names are added, this makes .shstrtab
   after any sequence of runs the same as after one run on the original
   (whose own trailing unused table names go the same way).  */
void relopt_image_trim_names (relopt_image *img, const char *const *names,
                              size_t n);

/* Recompute every section's NAME after .shstrtab's bytes were replaced
   (relopt_image_set_data) or sh_name values changed.  */
void relopt_image_names_changed (relopt_image *img);

/* Append a new section with header *HDR (name given as NAME, added to
   .shstrtab when not already there) and return its index in *IDXP.
   HDR->data is taken over as with relopt_image_set_data.  */
int relopt_image_add_section (relopt_image *img, const char *name,
                              const struct relopt_section *hdr, uint32_t *idxp,
                              struct relopt_error *err);

/* Remove the last section (used to drop a hash table that is not wanted
   any more; only legal when nothing refers to it).  */
void relopt_image_pop_section (relopt_image *img);

/* Size in bytes of the .hash word for IMG (8 on 64-bit s390 and Alpha,
   else 4).  */
unsigned relopt_image_hash_entsize (const relopt_image *img);

/* Whether symbol IDX of IMG is chained in .hash (doc/design.md 2: the
   symbols Linux's kallsyms considers, the set .addrorder lists: raw
   st_shndx != SHN_UNDEF, a name that is not empty and not a Linux
   mapping symbol, any type; every one, duplicates too), read from its
   two fields without a full decode / whether symbol SYM is hashed in
   .gnu.hash (doc/design.md 3: defined, named, global or weak, not
   STT_SECTION or STT_FILE).  */
bool relopt_image_sym_sysv_hashed (const relopt_image *img, uint32_t idx);
bool relopt_sym_gnu_hashed (const struct relopt_sym *sym);

/* Whether SH_TYPE is one of the tables relopt writes and rebuilds
   (doc/design.md 1, 7): SHT_HASH, SHT_GNU_HASH, SHT_RELOPT_ADDRORDER.  */
bool relopt_is_table_type (uint32_t sh_type);

/* The name relopt gives its table of type SH_TYPE (".hash", ".gnu.hash",
   ".addrorder"), or NULL when SH_TYPE is not a table type.  */
const char *relopt_table_name (uint32_t sh_type);

/* Whether every section of a table type could be a table relopt wrote
   (doc/design.md 1): not loaded (none of SHF_ALLOC, SHF_WRITE,
   SHF_EXECINSTR), no relocation section applies to it and, when the file
   names its sections, named as relopt_table_name says; and that no
   section of another type bears one of those names.  A rewrite replaces
   such sections, so another one (gas types a data section named .hash
   SHT_HASH) is refused: returns 0, or RELOPT_E_REFUSE with a message naming
   the section.  */
int relopt_image_refuse_foreign_tables (const relopt_image *img,
                                        struct relopt_error *err);

/* The one list of what a rewrite touches (doc/design.md 1).  Section types
   that may link to .symtab and whose symbol indices relopt remaps or rebuilds:
   SHT_REL, SHT_RELA, SHT_GROUP (sh_info), SHT_SYMTAB_SHNDX,
   SHT_LLVM_ADDRSIG, and relopt's tables (relopt_is_table_type).  */
bool relopt_symtab_user_type (uint32_t sh_type);

/* Whether a rewrite may change the contents (or sh_info) of section IDX:
   .symtab, its .strtab, .shstrtab, SYMTAB_SHNDX, every table of relopt's
   (.hash, .gnu.hash, .addrorder), and
   every section of a relopt_symtab_user_type linked to .symtab.  Everything
   else keeps its bytes (doc/design.md 1): --against compares them, and a REL
   branch addend is never read from a section this answers true for.  */
bool relopt_image_rewrites (const relopt_image *img, uint32_t idx);

/* An array of IMG's NSYMS symbol names (unnamed: ""; entry 0 keeps a
   name if it has one), pointing into the .strtab bytes; caller frees the
   array only.  NULL on no memory.  */
const char **relopt_image_sym_names (const relopt_image *img);

/* Find the single section of type SH_TYPE; 0 when none.  *COUNT gets how
   many there are (may be NULL).  */
uint32_t relopt_image_find_type (const relopt_image *img, uint32_t sh_type,
                                 unsigned *count);

/* ELF requires locals first: symbols [1, sh_info) local, the rest not.
   Returns 0, or CODE with a message naming the first symbol out of
   place.  */
int relopt_image_check_locals_first (const relopt_image *img, int code,
                                     struct relopt_error *err);

/* Parse the LEN bytes at MAP (a relopt_map_file mapping, which the image
   then owns and unmaps when freed) as relopt_image_read_mem does
   (parse.c).  On
   error the mapping is released too.  */
int relopt_image_adopt_map (unsigned char *map, size_t len,
                            relopt_image **imgp, struct relopt_error *err);

#endif /* RELOPT_IMAGE_H */
