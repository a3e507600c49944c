/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Host stand-in for the kernel's kernel/module/internal.h: the part the
 * series adds for kernel/module/kallsyms_hash.c (a prototype that differs
 * from the patch's definition stops the model's build).
 */
#ifndef RELOPT_HOST_INTERNAL_H
#define RELOPT_HOST_INTERNAL_H
#include <linux/elf.h>
/* symhash_key() of a name no table holds; ELF hashes are below 2^28 */
#define SYMHASH_NO_KEY	U32_MAX

u32 symhash_elf_hash(const char *name);
bool symhash_indexes_name(const char *name);
u32 symhash_key(const char *name);
bool symhash_indexes_sym(const Elf_Sym *sym, const char *name);
size_t symhash_size(u32 nbucket, unsigned int nsyms);
bool symhash_check_header(const u32 *tab, size_t size, unsigned int nsyms);
bool symhash_check_chains(const u32 *tab);
bool symhash_check_names(const u32 *tab, const u32 *map,
			 const Elf_Sym *symtab, unsigned int nsyms,
			 const char *strtab);
unsigned int symhash_first(const u32 *tab, const u32 *map,
			   const Elf_Sym *symtab, const char *strtab,
			   const char *name, u32 key, u32 *node);
unsigned int symhash_next(const u32 *tab, const u32 *map,
			  const Elf_Sym *symtab, const char *strtab,
			  const char *name, u32 *node);
#endif
