/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Host stand-in for the kernel's <linux/elf.h>, for kallsyms-model.c:
 * the 64-bit ELF types (Debian's amd64 and arm64 modules), as the kernel
 * names them on a 64-bit architecture, and the kernel's integer types.
 */
#ifndef RELOPT_HOST_LINUX_ELF_H
#define RELOPT_HOST_LINUX_ELF_H
#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
#define U32_MAX UINT32_MAX
typedef Elf64_Sym Elf_Sym;
typedef Elf64_Shdr Elf_Shdr;
typedef Elf64_Ehdr Elf_Ehdr;
#define ELF_ST_TYPE(i) ELF64_ST_TYPE(i)
#define ELF_ST_BIND(i) ELF64_ST_BIND(i)
#endif
