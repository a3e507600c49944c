/*
 * Host stand-in for the kernel's <linux/module.h>: what kallsyms_hash.c
 * takes from it, the ELF types (Elf_Sym) and the kernel's integer types.
 */
#include <linux/elf.h>
