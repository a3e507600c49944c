## loader: the reading half of relopt, for module loaders (DESIGN.md "The
## loader side"): relopt-loader.h + relopt-loader.c, freestanding C99 that
## kernels and RTOSes copy (BSD-2-Clause OR GPL-2.0).  It is not installed:
## bfdext's --check (bfdext/check.c), bench/loadermodel, the Check suite
## tests/check_loader and the fuzz target fuzz/fuzz_loader.c compile it.
##
## make check runs:
##   tests/loader-freestanding.sh  -ffreestanding -nostdlib -fno-builtin
##                                 builds for x86_64, i386, arm, aarch64
##                                 with `nm -u' empty
## `make fuzz-loader FUZZ_SECONDS=N' runs its libFuzzer target
## (fuzz/run-fuzz-loader.sh; clang).

TESTS += tests/loader-freestanding.sh

EXTRA_DIST += loader/relopt-loader.h loader/relopt-loader.c \
	loader/README.md tests/loader-freestanding.sh
