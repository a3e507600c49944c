/*
 * Host stand-in for the kernel's <linux/module.h>: what kallsyms_relopt.c
 * takes from it, the ELF types (Elf_Sym).
 */
#include <linux/elf.h>
