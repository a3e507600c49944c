/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Host stand-in for the kernel's <linux/module_symbol.h>: the same
 * predicate as include/linux/module_symbol.h in Linux 6.12 (and 6.1).
 */
#ifndef RELOPT_HOST_LINUX_MODULE_SYMBOL_H
#define RELOPT_HOST_LINUX_MODULE_SYMBOL_H
#include <stdbool.h>
static inline bool is_mapping_symbol(const char *str)
{
	if (str[0] == '.' && str[1] == 'L')
		return true;
	if (str[0] == 'L' && str[1] == '0')
		return true;
	return str[0] == '$';
}
#endif
