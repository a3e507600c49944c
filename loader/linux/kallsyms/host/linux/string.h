/* Host stand-in for the kernel's <linux/string.h>. */
#include <string.h>
