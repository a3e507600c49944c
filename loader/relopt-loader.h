/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0 */
/*
 * relopt-loader.h -- the reading half of relopt, for module loaders.
 *
 * Copyright (c) 2026 The relopt authors.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are
 * met: 1. Redistributions of source code must retain the above copyright
 * notice, this list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright
 * notice, this list of conditions and the following disclaimer in the
 * documentation and/or other materials provided with the distribution.
 * THIS SOFTWARE IS PROVIDED BY THE AUTHORS "AS IS" AND ANY EXPRESS OR
 * IMPLIED WARRANTIES ARE DISCLAIMED.  IN NO EVENT SHALL THE AUTHORS BE
 * LIABLE FOR ANY DAMAGES ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE.  Alternatively, this file may be distributed under the terms
 * of the GNU General Public License version 2.
 *
 * What this is.  relopt (the format: its doc/design.md) writes, into ELF
 * relocatable objects (ET_REL: kernel modules, RTOS loadable modules), a
 * SysV `.hash' and a GNU `.gnu.hash' over `.symtab', and sorts
 * ARM/AArch64 branch relocations by target.  A loader that reads them looks symbols up in
 * O(1) instead of scanning the symtab, and counts PLT/veneer slots in one
 * pass instead of sorting.  This file and relopt-loader.c are all a loader
 * needs; copy both.
 *
 * Rules the code keeps, so kernels can take it as it is: C99 in the
 * Linux kernel's coding style (scripts/checkpatch.pl --strict clean), no
 * libc (in the kernel only <linux/types.h>; elsewhere only <stddef.h>,
 * which a freestanding compiler has, see the types below), no
 * allocation, no global or static state, no recursion, every loop bounded
 * by a size the caller passed.  Every function reads only
 * inside the buffers it is given, whatever their bytes.  Both byte orders
 * and both ELF classes work on any host.
 *
 * Inputs are what a loader already holds: the bytes of .symtab, .strtab,
 * the hash section and a relocation section, and a few section header
 * fields (struct rlo_elf, struct rlo_section).  All sizes are in bytes.
 * Nothing is retained past a call except inside the caller-owned
 * structs rlo_sysv / rlo_gnu, which point into the caller's buffers: keep
 * those buffers unchanged while you use a validated table.
 *
 * Which symbols are hashed (relopt's output contract, doc/design.md 2 and 3):
 * - SysV .hash indexes the symbols Linux's kallsyms considers, the same
 *   set .addrorder lists (rlo_sym_indexed): st_shndx != SHN_UNDEF (the raw
 *   field), a non-empty name that is not a Linux mapping symbol (starts
 *   with '$', ".L" or "L0"), any type and binding, on every machine.
 *   Every one is chained, duplicates too, and chains ascend by index: so
 *   a name's matches, met along its chain, are exactly the symbols a
 *   linear scan from index 1 meets, in the scan's order.  The first is
 *   the scan's answer, their number is the count, the n-th is the n-th
 *   (livepatch's sympos).  For the empty name and mapping-symbol names
 *   the table has no answer (rlo_sysv_answers): scan for those.
 * - GNU .gnu.hash: the defined global/weak (non-local) symbols with names,
 *   except STT_SECTION and STT_FILE; they are exactly the symbols
 *   [symoffset, nsyms) of .symtab.  A lookup answers the lowest index
 *   among them whose name is equal, or 0.
 * A symbol whose st_shndx is SHN_XINDEX has its real section index in
 * SHT_SYMTAB_SHNDX, which the GNU validation does not read: relopt hashed
 * it by that real index, so .gnu.hash may hold it or not.

 * SysV .hash layout (gABI "Hash Table"; words of ENTSIZE bytes, 4, or 8 on
 * 64-bit s390 and Alpha; the section's sh_entsize says which):
 *
 *   +---------+---------+-----------------+-----------------+
 *   | nbucket | nchain  | bucket[nbucket] | chain[nchain]   |
 *   +---------+---------+-----------------+-----------------+
 *   bucket[h % nbucket] = first symbol of the chain (0 = empty),
 *   chain[i] = next symbol after i on its chain (0 = end).
 *   h = ELF hash of the name; nchain = .symtab entries.
 *   relopt's chains ascend by symbol index (so the first match is the
 *   lowest index), and chain[i] = 0 for every symbol not on a chain.
 *   relopt 0.2 and older chained only the first symbol of each name and
 *   left out STT_FILE: such a table fails rlo_sysv_validate_names.
 *
 * GNU .gnu.hash layout (as glibc and binutils; 4-byte words except the
 * bloom words, which are 4 bytes in ELFCLASS32 and 8 in ELFCLASS64):
 *
 *   +----------+-----------+-----------+--------+
 *   | nbuckets | symoffset | maskwords | shift2 |  header, 4 x 4 bytes
 *   +----------+-----------+-----------+--------+
 *   | bloom[maskwords]   (W = 32 or 64 bits each)|
 *   +-----------------------------------------------+
 *   | buckets[nbuckets]  (first symbol, 0 = empty) |
 *   +-----------------------------------------------+
 *   | chain[nsyms - symoffset]                      |
 *   +-----------------------------------------------+
 *   h = GNU hash (h = h * 33 + c from 5381); symbols [symoffset, nsyms)
 *   are sorted by h % nbuckets; buckets[b] = first symbol of bucket b;
 *   chain[i - symoffset] = h of symbol i with bit 0 replaced by "last of
 *   its bucket"; bloom word (h / W) % maskwords has bits h % W and
 *   (h >> shift2) % W set.
 *
 * Branch relocation order (doc/design.md 6), for EM_ARM SHT_REL and
 * EM_AARCH64 SHT_RELA sections: branch relocations first, sorted by
 * (r_type, symbol index, addend), then all other relocations.  Branch
 * types: ARM R_ARM_PC24, R_ARM_CALL, R_ARM_JUMP24, R_ARM_THM_CALL,
 * R_ARM_THM_JUMP24; AArch64 R_AARCH64_CALL26, R_AARCH64_JUMP26 (ILP32:
 * R_AARCH64_P32_CALL26, R_AARCH64_P32_JUMP26).  For REL the addend key is
 * the instruction's immediate field: ARM word & 0x00ffffff; Thumb (first
 * halfword & 0x07ff) << 16 | (second halfword & 0x2fff); the code is
 * little-endian unless the object is big-endian without EF_ARM_BE8.
 */

#ifndef RELOPT_LOADER_H
#define RELOPT_LOADER_H

#ifdef __KERNEL__
#include <linux/types.h>
#elif !defined(RELOPT_LOADER_HAVE_TYPES)
/*
 * Outside Linux: the kernel's fixed-width type names, made from the
 * compiler's own (GCC >= 4.5 and clang predefine __UINT32_TYPE__ and the
 * others), so they are the same types as <stdint.h>'s uint32_t, uint64_t,
 * int32_t and int64_t.  A system that already has u32, u64, s32 and s64
 * defines RELOPT_LOADER_HAVE_TYPES and includes its own header first.
 */
#include <stddef.h>
typedef __UINT32_TYPE__ u32;
typedef __UINT64_TYPE__ u64;
typedef __INT32_TYPE__ s32;
typedef __INT64_TYPE__ s64;
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Results.  0 is success; every failure is negative, and
 * rlo_strerror names it.
 */
enum rlo_status {
	RLO_OK = 0,
	/* a required pointer is NULL, or class/machine unknown */
	RLO_E_ARG = -1,
	/*
	 * symtab size not a multiple of its entry size, entsize wrong, or strtab
	 * empty/unterminated
	 */
	RLO_E_SYMTAB = -2,
	/*
	 * sh_link is not the symtab: stale table (objcopy, ld -r and strip reset or
	 * renumber it)
	 */
	RLO_E_LINK = -3,
	/*
	 * section too short for its header, or its size does not match the header
	 * words
	 */
	RLO_E_SIZE = -4,
	RLO_E_NCHAIN = -5, /* .hash nchain is not the symtab entry count */
	/*
	 * nbucket 0, bloom size not a power of two, shift2 >= 32, symoffset outside
	 * 1..nsyms
	 */
	RLO_E_HEADER = -6,
	/* a bucket, chain or .addrorder word is out of range */
	RLO_E_INDEX = -7,
	/*
	 * a chain does not ascend, loops, or holds a symbol of another bucket;
	 * .addrorder entries do not ascend
	 */
	RLO_E_CHAIN = -8,
	/*
	 * a chained symbol is not a hashed one (or, GNU, a hashed one lies below
	 * symoffset), or its st_name is outside .strtab; an .addrorder entry is
	 * a symbol find_kallsyms_symbol() ignores
	 */
	RLO_E_SYMBOL = -9,
	/* an indexed symbol is on no chain, or not listed */
	RLO_E_MISSING = -10,
	/*
	 * a GNU chain word or end bit, or a bloom bit, does not match the symbol's
	 * name
	 */
	RLO_E_HASH = -11,
	/*
	 * a check would take more than its linear budget (no longer returned
	 * by the SysV validation, whose rule leaves no symbol unchained; the
	 * value stays reserved)
	 */
	RLO_E_WORK = -12,
	/*
	 * relocation section malformed: size, symbol index, or a REL branch outside
	 * its target
	 */
	RLO_E_RELOC = -13,
	/* relocations are not in relopt's order: count the way you did before */
	RLO_NOT_IN_ORDER = -14
};

/* A static English phrase for STATUS ("ok" for RLO_OK).  */
const char *rlo_strerror(int status);

/*
 * Where a check failed, for diagnostics (every function below takes an
 * optional struct rlo_fault *, NULL when the caller does not care).  WHAT
 * is a static phrase saying which check failed, written to follow the
 * entry named by AT and INDEX ("symbol 12 'foo' <what>", "bucket 3
 * <what>", "relocation 7 <what>") or to stand alone (RLO_AT_NONE); VALUE
 * is the offending word (header word, bucket or chain word, st_name, ...)
 * where there is one.  WHAT is "" when the status alone says it
 * (RLO_E_ARG, RLO_E_SYMTAB).
 */
enum rlo_at {
	RLO_AT_NONE, /* the section or its header */
	RLO_AT_SYMBOL, /* INDEX is a .symtab index */
	RLO_AT_BUCKET, /* INDEX is a bucket number */
	RLO_AT_CHAIN, /* INDEX is a .hash chain[] index */
	RLO_AT_RELOC /* INDEX is a relocation's index in its section */
};

struct rlo_fault {
	unsigned int at;
	u64 index, value;
	const char *what;
};

#define RLO_ELFCLASS32 1
#define RLO_ELFCLASS64 2
#define RLO_EM_ARM 40
#define RLO_EM_AARCH64 183
#define RLO_EF_ARM_BE8 0x00800000u

/*
 * What the loader knows about the object: the .symtab and its .strtab
 * (pointers to their bytes in memory, sizes in bytes), the symtab's
 * section index and sh_entsize, and from the ELF header: class
 * (RLO_ELFCLASS32/64), byte order (BIG_ENDIAN nonzero for ELFDATA2MSB),
 * e_machine and e_flags.
 */
struct rlo_elf {
	const unsigned char *symtab;
	u64 symtab_size;
	u64 symtab_entsize; /* 16 (ELFCLASS32) or 24 (ELFCLASS64) */
	u32 symtab_index;
	const unsigned char *strtab;
	u64 strtab_size;
	unsigned int elfclass;
	unsigned int big_endian;
	unsigned int machine;
	u32 flags;
	/*
	 * The SHT_SYMTAB_SHNDX words (4 bytes each, one per symbol), or NULL
	 * when the object has none: only rlo_addrorder_* read them, for the
	 * real section index of an SHN_XINDEX symbol.
	 */
	const unsigned char *shndx;
	u64 shndx_size;
};

/* One section as the loader holds it: its bytes and header fields.  */
struct rlo_section {
	const unsigned char *data;
	u64 size;
	u32 sh_link;
	u32 sh_info;
	u64 sh_entsize;
};

/*
 * A validated SysV table.  Filled by rlo_sysv_validate; the fields are
 * for the library (and for a curious caller), pointers into the caller's
 * buffers.
 */
struct rlo_sysv {
	struct rlo_elf elf;
	const unsigned char *words; /* bucket[0] */
	u32 nbucket, nchain;
	unsigned int entsize;
};

/* A validated GNU table.  */
struct rlo_gnu {
	struct rlo_elf elf;
	const unsigned char *bloom, *buckets, *chain;
	u32 nbuckets, symoffset, maskwords, shift2, nsyms;
};

/*
 * The SysV ELF hash and the GNU hash of NAME (NUL-terminated; bytes taken
 * as unsigned char).
 */
u32 rlo_sysv_hash(const char *name);
u32 rlo_gnu_hash(const char *name);

/*
 * Whether a symbol belongs in .hash and in .addrorder (the set Linux's
 * kallsyms considers, above): ST_SHNDX is the raw field (SHN_XINDEX
 * included, as Linux reads it), NAME the NUL-terminated name ("" when
 * unnamed; NULL counts as unnamed).  Returns 1 or 0; reads nothing but
 * NAME's first two bytes.
 */
int rlo_sym_indexed(u32 st_shndx, const char *name);

/*
 * Whether relopt hashes a symbol in .gnu.hash: ST_INFO and ST_SHNDX are
 * the symbol's fields (for SHN_XINDEX, pass the real section index from
 * SHT_SYMTAB_SHNDX), NAME as above.  Returns 1 or 0.
 */
int rlo_gnu_hashed(unsigned int st_info, u32 st_shndx, const char *name);

/*
 * Validate HASH (an SHT_HASH section) against the symtab in ELF, in two
 * passes a loader may run at different times.
 *
 * rlo_sysv_validate_structure, the structural pass, reads no name and no
 * symbol: ELF's class and symtab entsize, the strtab non-empty and ending
 * in NUL; HASH->sh_link == ELF->symtab_index; sh_entsize 4 or 8 (0 is
 * taken as 4); nbucket > 0; nchain == symtab entries; size == (2 +
 * nbucket + nchain) words; every bucket word < nchain; chain[0] == 0;
 * every chain[i] 0 or in (i, nchain), so every walk ascends and ends; the
 * walks of all buckets together at most nchain - 1 steps.  Cost:
 * O(nbucket + nchain) integer work, no memory.  After it, every lookup
 * below reads only inside the buffers and ends within nchain steps: a
 * table that passed it alone can give a wrong answer (a stale or crafted
 * one), never a fault or a loop.
 *
 * rlo_sysv_validate_names, the names pass, on a T that passed the
 * structural pass: every chained symbol is indexed (rlo_sym_indexed,
 * st_name inside .strtab) and sits in its own bucket (elf hash of its
 * name % nbucket), chain[i] == 0 for every symbol not indexed, and the
 * chained symbols are as many as the indexed ones.  Chained symbols are
 * then pairwise distinct (each is in one bucket only, and a chain
 * ascends), so every indexed symbol is chained exactly once: the table is
 * exactly doc/design.md 2's for this symtab, up to nbucket, and lookups
 * answer what the scan answers.  Cost: O(nbucket + nchain + total length
 * of the indexed names), no memory.
 *
 * What skipping the names pass risks: a table made for another symtab of
 * the same size (the symtab rewritten after relopt by a tool that kept
 * the section), or crafted, passes the structural pass and then answers
 * wrongly (a symbol missed, another one's index, a wrong count).  A
 * loader that trusts the image (signed, and signed after relopt) may run
 * it never; one that does not runs it once before the table's first
 * answer is used, and the scan until then.
 *
 * rlo_sysv_validate runs both.  On RLO_OK each fills *T (which points
 * into HASH->data and ELF's buffers: keep them unchanged).  On failure
 * returns RLO_E_ARG, RLO_E_SYMTAB, RLO_E_LINK, RLO_E_SIZE, RLO_E_NCHAIN,
 * RLO_E_HEADER, RLO_E_INDEX (a bucket past nchain), RLO_E_CHAIN (a chain
 * word that does not ascend, chains that join, a symbol in another
 * bucket's chain, a chain word set for a symbol not indexed),
 * RLO_E_SYMBOL (a chained symbol not indexed, an st_name outside
 * .strtab) or RLO_E_MISSING (an indexed symbol on no chain, relopt 0.2's
 * tables among them), and, if FAULT is not NULL, says in *FAULT which
 * entry failed which check.
 */
int rlo_sysv_validate_structure(const struct rlo_elf *elf,
				const struct rlo_section *hash,
				struct rlo_sysv *t, struct rlo_fault *fault);
int rlo_sysv_validate_names(const struct rlo_sysv *t,
			    struct rlo_fault *fault);
int rlo_sysv_validate(const struct rlo_elf *elf, const struct rlo_section *hash,
		      struct rlo_sysv *t, struct rlo_fault *fault);

/*
 * Whether the table can answer for NAME (NUL-terminated): 1 unless NAME
 * is NULL, empty or a Linux mapping symbol name, which are never chained;
 * a loader that must answer those as its scan does, scans.
 */
int rlo_sysv_answers(const char *name);

/*
 * Lookups by NAME (NUL-terminated) in T from a validation above (nothing
 * is checked again; each reads inside the buffers and walks one chain):
 * - rlo_sysv_lookup: the lowest-index symbol named NAME, the scan's
 *   answer, or 0;
 * - rlo_sysv_next: the next symbol named NAME after symbol PREV (which
 *   rlo_sysv_lookup or rlo_sysv_next returned; PREV 0 gives the first),
 *   or 0 after the last: the scan's matches in the scan's order, so the
 *   n-th call answers livepatch's sympos n;
 * - rlo_sysv_count: how many symbols are named NAME (0, 1, or more).
 * All return 0 when rlo_sysv_answers(NAME) is 0.  Cost: one hash, one
 * chain; names are compared only while walking it.
 */
u32 rlo_sysv_lookup(const struct rlo_sysv *t, const char *name);
u32 rlo_sysv_next(const struct rlo_sysv *t, const char *name, u32 prev);
u32 rlo_sysv_count(const struct rlo_sysv *t, const char *name);

/*
 * Decide whether HASH (an SHT_GNU_HASH section) is current and sound for
 * the symtab in ELF, so that rlo_gnu_lookup may trust it blindly.  Checks:
 * - ELF as for rlo_sysv_validate; HASH->sh_link == ELF->symtab_index;
 * - header present; nbuckets > 0; maskwords a power of two; shift2 < 32;
 *   1 <= symoffset <= nsyms; size == 16 + maskwords * W/8 + 4 * nbuckets
 *   + 4 * (nsyms - symoffset);
 * - no symbol below symoffset is GNU-hashed; every symbol in [symoffset,
 *   nsyms) is (defined, non-local, named inside .strtab, not
 *   STT_SECTION/STT_FILE);
 * - the hashed symbols' buckets (hash % nbuckets) never decrease; each
 *   non-empty bucket points at the first symbol of its run, each empty
 *   bucket is 0; each chain word is the symbol's hash with bit 0 set
 *   exactly on the last symbol of a run; both bloom bits of every hashed
 *   symbol are set.
 * Cost: O(maskwords + nbuckets + nsyms + total length of the hashed
 * names); no memory.  Results as for rlo_sysv_validate.
 */
int rlo_gnu_validate(const struct rlo_elf *elf, const struct rlo_section *hash,
		     struct rlo_gnu *t, struct rlo_fault *fault);

/*
 * The lowest GNU-hashed symbol index named NAME, or 0: bloom filter first
 * (most misses stop there), then the bucket's run comparing hashes, then
 * names.  T must come from rlo_gnu_validate.  A NULL NAME gives 0, as
 * for rlo_sysv_lookup.
 */
u32 rlo_gnu_lookup(const struct rlo_gnu *t, const char *name);

/*
 * Whether TYPE is a branch relocation type of MACHINE and ELFCLASS, as
 * listed at the top: RLO_EM_ARM's five, RLO_EM_AARCH64's CALL26 and
 * JUMP26 (the P32 ones in ELFCLASS32).  0 for any other machine.
 */
int rlo_is_branch_reloc(unsigned int machine, unsigned int elfclass, u32 type);

/*
 * A branch relocation's target key: r_type, symbol index and addend
 * (RELA: r_addend; REL: the instruction's immediate field, see the top).
 * Equal keys, equal targets.
 */
struct rlo_branch_key {
	u32 type, sym;
	s64 addend;
};

/*
 * Three-way comparison of A and B on (type, sym, addend): negative, 0 or
 * positive as A sorts before, with or after B.  The order relopt writes
 * and arm64's cmp_rela sorts by (ARM's cmp_rel uses the first two).
 */
int rlo_branch_key_cmp(const struct rlo_branch_key *a,
		       const struct rlo_branch_key *b);

/* What rlo_count_branch_targets found in one relocation section.  */
struct rlo_branch_count {
	u64 branches; /* branch relocations (the sorted prefix) */
	/*
	 * distinct (r_type, symbol, addend) among them: what relopt --stats and
	 * bench/loadermodel count
	 */
	u64 distinct;
	/*
	 * PLT slots as the Linux kernel's count_plts counts them over its sorted
	 * order (see below)
	 */
	u64 plts;
	/*
	 * AArch64: ADR_PREL_PG_HI21(_NC) at offset 0xff8/0xffc mod 4K (erratum
	 * 843419 veneers); 0 for ARM
	 */
	u64 adrp_veneers;
	/*
	 * AArch64: largest alignment the other ADRPs need (kernel raises
	 * sh_addralign to it); 0 if none
	 */
	u64 adrp_align;
};

/*
 * Count, in one pass and with no memory, the branch targets of one
 * relocation section RELS (ARM: SHT_REL, entries of 8 bytes; AArch64:
 * SHT_RELA, 24 bytes in ELFCLASS64 and 12 in ELFCLASS32), applying to
 * section RELS->sh_info whose bytes are TARGET (needed for REL addends;
 * may be NULL for RELA), and verify in the same pass that the section is
 * in relopt's order.
 *
 * The PLT count follows Linux 6.1 (arch/arm/kernel/module-plts.c and
 * arch/arm64/kernel/module-plts.c, count_plts): a branch relocation whose
 * symbol's st_shndx equals RELS->sh_info (same section) needs no PLT;
 * every other one needs one unless it is a duplicate of the relocation in
 * the previous slot, which only a zero-addend one can be:
 * - ARM: same r_type and symbol, and both zero-addend, where zero-addend
 *   means the encoded PC bias: ARM immediate 0xfffffe, Thumb
 *   (0x7ff, 0x2ffe) -- is_zero_addend_relocation;
 * - AArch64: r_addend == 0 and the same (r_type, symbol, addend).
 * On relopt's order this is the kernel's count after its sort (the ARM
 * kernel's own result can be larger: heapsort leaves equal (type,
 * symbol) keys in an order where zero-addend ones need not be adjacent).
 * The kernel only counts sections that apply to SHF_EXECINSTR sections
 * and, on arm64, only with CONFIG_RANDOMIZE_BASE; the caller decides.
 *
 * Returns RLO_OK and fills *OUT; RLO_NOT_IN_ORDER (a branch after a
 * non-branch relocation, or a key smaller than the previous one; FAULT
 * names the relocation) when the caller must fall back to sorting;
 * RLO_E_RELOC for a malformed section (size not a multiple of the entry
 * size, symbol index past the symtab, REL branch outside TARGET);
 * RLO_E_ARG for a machine other than EM_ARM/EM_AARCH64.
 */
int rlo_count_branch_targets(const struct rlo_elf *elf,
			     const struct rlo_section *rels,
			     const unsigned char *target, u64 target_size,
			     struct rlo_branch_count *out,
			     struct rlo_fault *fault);

/*
 * Symbol address order (relopt's doc/design.md 9): the section
 * `.addrorder', sh_type RLO_SHT_ADDRORDER, sh_link .symtab, sh_entsize 4,
 * not allocated (the loader reads it from the file image):
 *
 *   +----------+----------+-----+--------------+
 *   | order[0] | order[1] | ... | order[n - 1] |  .symtab indices, 4 bytes
 *   +----------+----------+-----+--------------+  each, ELF data byte order
 *
 * It lists exactly the symbols Linux 6.12's find_kallsyms_symbol()
 * (kernel/module/kallsyms.c) considers: st_shndx != SHN_UNDEF, a
 * non-empty name, not a "mapping symbol" by Linux's is_mapping_symbol()
 * (include/linux/module_symbol.h: the name starts with '$', ".L" or
 * "L0"); any type, any binding, any machine; never index 0.  They are in
 * strictly ascending order of the key (section key, st_value, index),
 * compared unsigned, where the section key is the real section index
 * (SHN_XINDEX resolved through SHT_SYMTAB_SHNDX) and the reserved indices
 * (SHN_ABS, SHN_COMMON, ...) sort after every real section by their raw
 * value.  So each section's symbols form one run in address order, ties
 * broken by the lowest index, wherever the loader places the section.
 *
 * A loader's use: rlo_addrorder_validate once (linear), then
 * rlo_addrorder_merge once the sections have their load addresses (the
 * runs ordered by address and concatenated into an array the caller
 * owns, checked non-decreasing in one pass; failure means two sections'
 * symbols interleave in memory, and the caller keeps its linear loop),
 * then rlo_addrorder_lookup per address (a binary search).
 */
#define RLO_SHT_ADDRORDER 0x80524f41u

/* A validated .addrorder (rlo_addrorder_validate fills it).  */
struct rlo_addrorder {
	struct rlo_elf elf;
	const unsigned char *order; /* the section's bytes */
	u32 count; /* entries: the number of indexed symbols */
	u32 nsyms; /* .symtab entries */
	u32 nruns; /* distinct section keys among the entries */
};

/*
 * One run of the order (the symbols of one section key), for
 * rlo_addrorder_merge's scratch array: positions [START, START + COUNT)
 * of the order; FIRST and LAST, the load addresses of its first and last
 * symbol.
 */
struct rlo_addr_run {
	u32 start, count;
	u64 first, last;
};

/*
 * Decide whether ORDER (an RLO_SHT_ADDRORDER section) is current and
 * sound for the symtab in ELF, so that rlo_addrorder_merge and
 * rlo_addrorder_lookup may trust it.  Checks:
 * - ELF as for rlo_sysv_validate; ORDER->sh_link == ELF->symtab_index;
 *   ORDER->sh_entsize == 4; ORDER->size a multiple of 4;
 * - every defined symbol's st_name lies inside .strtab, and every
 *   indexed SHN_XINDEX symbol has its word in ELF->shndx;
 * - every entry is an index in [1, nsyms) of a indexed symbol, and the
 *   key of each entry is strictly greater than the previous one's;
 * - the entry count equals the number of indexed symbols.
 * Why that suffices: strict ascent of the key, whose last component is
 * the index, makes the entries pairwise distinct, so the entries are a
 * set of COUNT indexed symbols; the indexed symbols number exactly
 * COUNT, so that set is all of them, each once.  Cost: one pass over the
 * symtab plus one over the entries, O(nsyms + count); reads two bytes of
 * each defined symbol's name; no memory.  On RLO_OK fills *T (pointers
 * into ORDER->data and ELF's buffers, which must stay unchanged); on
 * failure returns RLO_E_ARG, RLO_E_SYMTAB, RLO_E_LINK, RLO_E_SIZE,
 * RLO_E_SYMBOL (st_name or SHN_XINDEX word missing), RLO_E_INDEX (an
 * entry out of range), RLO_E_CHAIN (an entry not above the previous
 * one), RLO_E_SYMBOL (an entry that is not a indexed symbol) or
 * RLO_E_MISSING (count differs), and says where in *FAULT (entries as
 * RLO_AT_CHAIN: INDEX the position, VALUE the word).
 */
int rlo_addrorder_validate(const struct rlo_elf *elf,
			   const struct rlo_section *order,
			   struct rlo_addrorder *t, struct rlo_fault *fault);

/*
 * The load address of symbol SYM of a validated order: st_value plus
 * BASE[k] when its section key k is a real section index (k < NBASE, else
 * BASE is not applied), st_value alone for the reserved indices (SHN_ABS
 * and the others: not relocated) or when BASE is NULL (a symtab the
 * loader already relocated, as Linux's simplify_symbols() does).  Sums
 * wrap modulo 2^64.  SYM must be < T->nsyms.
 */
u64 rlo_addrorder_address(const struct rlo_addrorder *t, const u64 *base,
			  u32 nbase, u32 sym);

/*
 * Put the validated order T into address order for one placement of the
 * sections: split it into its T->nruns runs (one per section key, into
 * RUNS, the caller's scratch of NRUNS >= T->nruns entries), order the
 * runs by (address of the first symbol, address of the last), write the
 * concatenation (T->count symbol indices) into MERGED, the caller's array
 * of at least T->count entries, and check in the same pass that the
 * addresses never decrease.  BASE and NBASE as for rlo_addrorder_address;
 * a real section key >= NBASE with BASE given is RLO_E_ARG.  Returns
 * RLO_OK (MERGED is then what rlo_addrorder_lookup takes),
 * RLO_NOT_IN_ORDER (two runs overlap in memory: use the linear loop), or
 * RLO_E_ARG.  Cost: O(count + nruns log nruns), no recursion (heapsort of
 * the runs).
 */
int rlo_addrorder_merge(const struct rlo_addrorder *t, const u64 *base,
			u32 nbase, struct rlo_addr_run *runs, u32 nruns,
			u32 *merged);

/*
 * Linux 6.12's find_kallsyms_symbol() for address ADDR of the region
 * [LO, HI) it lies in, over MERGED (rlo_addrorder_merge's result for the
 * same T, BASE and NBASE): returns the best symbol, the indexed symbol
 * with the greatest address <= ADDR and >= LO, of the lowest index among
 * those with that address (the loop's `thisval > bestval' keeps the
 * first), or 0 when no indexed symbol lies in [LO, ADDR]; *NEXT (may
 * be NULL) gets min(HI, the least address > ADDR), the loop's nextval, so
 * the symbol's size is *NEXT - its address.  Exactly the loop's answer
 * also at the edge: the loop starts from bestval = LO - 1, which wraps
 * for LO == 0, so then no symbol is found, and neither is one here.
 * Cost: a binary search, then a walk over the symbols sharing the best
 * address.
 */
u32 rlo_addrorder_lookup(const struct rlo_addrorder *t, const u64 *base,
			 u32 nbase, const u32 *merged, u64 addr, u64 lo,
			 u64 hi, u64 *next);

#ifdef __cplusplus
}
#endif

#endif /* RELOPT_LOADER_H */
