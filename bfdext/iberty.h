/* iberty.h -- libiberty's headers (libiberty.h, with ansidecl.h, and
   hashtab.h) wherever configure found them: Debian and Fedora install
   them in a libiberty/ directory (HAVE_LIBIBERTY_LIBIBERTY_H), other
   systems beside the other headers (HAVE_LIBIBERTY_H).  Include this,
   never <libiberty/...> directly.  */

#ifndef RELOPT_IBERTY_H
#define RELOPT_IBERTY_H

#if defined HAVE_LIBIBERTY_LIBIBERTY_H
#include <libiberty/libiberty.h>
#include <libiberty/hashtab.h>
#elif defined HAVE_LIBIBERTY_H
#include <libiberty.h>
#include <hashtab.h>
#else
#error "configure found no libiberty.h (install libiberty-dev)"
#endif

#endif /* RELOPT_IBERTY_H */
