## loader: the reading half of relopt, for module loaders (doc/design.md "The
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
## (fuzz/run-fuzz.sh --loader; clang).

TESTS += tests/loader-freestanding.sh

EXTRA_DIST += loader/relopt-loader.h loader/relopt-loader.c \
	loader/README.md tests/loader-freestanding.sh

## loader/linux: the Linux arm/arm64 module-plts patches and the rig that
## builds and boots them (loader/linux/README.md; not run by make check).
EXTRA_DIST += loader/linux/README.md \
	loader/linux/0001-arm64-module-skip-sorting-relocations-already-in-PLT.patch \
	loader/linux/0002-ARM-module-skip-sorting-relocations-already-in-PLT-o.patch \
	loader/linux/arm.config loader/linux/arm64.config \
	loader/linux/boot-test.sh loader/linux/init.c loader/linux/instrument.py \
	loader/linux/model-real.sh loader/linux/modlist.py \
	loader/linux/parse-log.py loader/linux/plt-model.c \
	loader/linux/results/arm-table.md loader/linux/results/arm64-table.md \
	loader/linux/results/arm-boot-patched.txt \
	loader/linux/results/arm-boot-unpatched.txt \
	loader/linux/results/arm64-boot-patched.txt \
	loader/linux/results/arm64-boot-unpatched.txt
