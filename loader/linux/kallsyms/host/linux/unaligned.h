/*
 * Host stand-in for the kernel's <linux/unaligned.h>: get_unaligned() of
 * a u32 or u64 pointer, through memcpy.
 */
#ifndef RELOPT_HOST_LINUX_UNALIGNED_H
#define RELOPT_HOST_LINUX_UNALIGNED_H
#include <string.h>
#define get_unaligned(p) ({ __typeof__(+*(p)) v_; memcpy(&v_, (p), sizeof(v_)); v_; })
#endif
