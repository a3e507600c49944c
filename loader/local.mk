## loader: the reading half of relopt, for module loaders (doc/design.md "The
## loader side"): relopt-loader.h + relopt-loader.c, freestanding C99 that
## kernels and RTOSes copy (BSD-2-Clause OR GPL-2.0).  bfdext's --check
## (bfdext/check.c), bench/loadermodel, the Check suite tests/check_loader
## and the fuzz target fuzz/fuzz_loader.c compile it.
##
## `make install' installs it for loaders that compile it in (Debian:
## librelopt-loader-dev): the header in $(includedir), the source in
## $(datadir)/relopt-loader/, and relopt-loader.pc (arch-independent, in
## $(datadir)/pkgconfig), whose `source' variable names the .c:
##   cc $(pkg-config --cflags relopt-loader) -ffreestanding \
##      -c "$(pkg-config --variable=source relopt-loader)"
include_HEADERS = loader/relopt-loader.h
relopt_loaderdir = $(datadir)/relopt-loader
relopt_loader_DATA = loader/relopt-loader.c
pkgconfigdir = $(datadir)/pkgconfig
pkgconfig_DATA = loader/relopt-loader.pc
EXTRA_DIST += loader/relopt-loader.pc.in
installcheck-local: installcheck-loader
.PHONY: installcheck-loader
installcheck-loader:
	test -f $(DESTDIR)$(includedir)/relopt-loader.h
	test "`PKG_CONFIG_PATH=$(DESTDIR)$(pkgconfigdir) pkg-config \
	  --define-variable=prefix=$(DESTDIR)$(prefix) \
	  --variable=source relopt-loader`" = \
	  "$(DESTDIR)$(relopt_loaderdir)/relopt-loader.c"
	$(CC) -std=c99 -ffreestanding -fno-builtin -c -o /dev/null \
	  `PKG_CONFIG_PATH=$(DESTDIR)$(pkgconfigdir) pkg-config \
	  --define-variable=prefix=$(DESTDIR)$(prefix) --cflags relopt-loader` \
	  $(DESTDIR)$(relopt_loaderdir)/relopt-loader.c
##
## Both files are in the Linux kernel's coding style (tabs, kernel
## comments, u32/u64 types), checked by the kernel's own checkpatch.pl,
## not by clang-format (`make format-check' leaves loader/ out).
##
## make check runs:
##   tests/loader-freestanding.sh  -ffreestanding -nostdlib -fno-builtin
##                                 builds for x86_64, i386, arm, aarch64
##                                 with `nm -u' empty
##   tests/loader-checkpatch.sh    scripts/checkpatch.pl --strict --no-tree
##                                 --file (linux-source-6.12) reports
##                                 nothing; skipped without that package
## `make fuzz-loader FUZZ_SECONDS=N' runs its libFuzzer target
## (fuzz/run-fuzz.sh --loader; clang).

TESTS += tests/loader-freestanding.sh tests/loader-checkpatch.sh

## checkpatch.pl (here, tests/kallsyms-patch.sh, loader/linux/patches-apply.sh)
## leaves its camel-case cache, .checkpatch-camelcase.*, in the directory
## it runs in, the build directory: make clean removes it (distcheck's
## distcleancheck fails on a file left there).
CLEANFILES += .checkpatch-camelcase.*

EXTRA_DIST += loader/relopt-loader.h loader/relopt-loader.c \
	loader/README.md tests/loader-freestanding.sh \
	tests/loader-checkpatch.sh tests/linux-source.sh

## loader/linux/kallsyms: the Linux 6.12 patch series, revision 2, that
## answers module symbol lookups by name (find_kallsyms_symbol_value,
## module_kallsyms_lookup_name, and the symbols of a name for kprobes,
## livepatch and ftrace) through the SysV .hash of doc/design.md rule 2
## (loader/linux/kallsyms/README.md).  make check runs:
##   tests/kallsyms-patch.sh  the series and its test-only patch apply to
##                            linux-source-6.12 in order and are
##                            checkpatch --strict clean (skipped without
##                            that package)
##   tests/kallsyms-model.sh  the series' kernel/module/kallsyms_hash.c,
##                            taken out of the patch and built on the
##                            host, against the kernel's linear scan for
##                            every name and every match of a sample of
##                            Debian's amd64 and arm64 modules, before and
##                            after init (skipped when the real-module
##                            cache is empty)
## `make check-kallsyms-model' runs the model over every module.
## loader/linux/kallsyms/boot-test.sh builds the series (plus the test-only
## patch in 6.12-test/, which adds the kernel's own lazy index beside it)
## and boots it under qemu on amd64 and arm64, the series' KUnit test
## included: not run by make check (a kernel build; see
## loader/linux/kallsyms/README.md).
TESTS += tests/kallsyms-patch.sh tests/kallsyms-model.sh
EXTRA_DIST += tests/kallsyms-patch.sh tests/kallsyms-model.sh \
	loader/linux/kallsyms/README.md \
	loader/linux/kallsyms/kallsyms-model.c \
	loader/linux/kallsyms/damage.py \
	loader/linux/kallsyms/boot-test.sh \
	loader/linux/kallsyms/init.c \
	loader/linux/kallsyms/parse-log.py \
	loader/linux/kallsyms/big-module.py \
	loader/linux/kallsyms/common.config \
	loader/linux/kallsyms/amd64.config \
	loader/linux/kallsyms/arm64.config \
	loader/linux/kallsyms/results/6.12/amd64-boot-icount1.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-icount2.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-load1.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-load2.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-selftest.txt \
	loader/linux/kallsyms/results/6.12/amd64-table.md \
	loader/linux/kallsyms/results/6.12/arm64-boot-icount1.txt \
	loader/linux/kallsyms/results/6.12/arm64-boot-icount2.txt \
	loader/linux/kallsyms/results/6.12/arm64-boot-load1.txt \
	loader/linux/kallsyms/results/6.12/arm64-boot-load2.txt \
	loader/linux/kallsyms/results/6.12/arm64-boot-selftest.txt \
	loader/linux/kallsyms/results/6.12/arm64-boot-trusted.txt \
	loader/linux/kallsyms/results/6.12/arm64-table.md \
	loader/linux/kallsyms/results/6.12/amd64-boot-load-reserved1.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-load-reserved2.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-load-allocated1.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-load-allocated2.txt \
	loader/linux/kallsyms/results/6.12/amd64-table-load-allocated.md \
	loader/linux/kallsyms/results/6.12/amd64-boot-load-plain-allocated1.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-load-plain-allocated2.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-selftest-hash-once.txt \
	loader/linux/kallsyms/results/6.12/amd64-table-selftest-hash-once.md \
	loader/linux/kallsyms/results/6.12/amd64-boot-selftest-allocated.txt \
	loader/linux/kallsyms/results/6.12/amd64-table-selftest-allocated.md \
	loader/linux/kallsyms/results/6.12/arm64-boot-load-allocated1.txt \
	loader/linux/kallsyms/results/6.12/arm64-boot-load-allocated2.txt \
	loader/linux/kallsyms/results/6.12/arm64-table-load-allocated.md \
	loader/linux/kallsyms/results/6.12/arm64-boot-selftest-allocated.txt \
	loader/linux/kallsyms/results/6.12/arm64-table-selftest-allocated.md \
	loader/linux/kallsyms/results/6.12/arm64-boot-selftest-map.txt \
	loader/linux/kallsyms/results/6.12/arm64-table-selftest-map.md \
	loader/linux/kallsyms/results/6.12/arm64-boot-icount-map1.txt \
	loader/linux/kallsyms/results/6.12/arm64-boot-icount-map2.txt \
	loader/linux/kallsyms/results/6.12/arm64-table-icount-map.md \
	loader/linux/kallsyms/results/6.12/amd64-boot-icount-map1.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-icount-map2.txt \
	loader/linux/kallsyms/results/6.12/amd64-table-icount-map.md \
	loader/linux/kallsyms/results/6.12/arm64-boot-load-map1.txt \
	loader/linux/kallsyms/results/6.12/arm64-boot-load-map2.txt \
	loader/linux/kallsyms/results/6.12/arm64-table-load-map.md \
	loader/linux/kallsyms/results/6.12/amd64-boot-selftest-map.txt \
	loader/linux/kallsyms/results/6.12/amd64-table-selftest-map.md \
	loader/linux/kallsyms/results/6.12/amd64-boot-load-map1.txt \
	loader/linux/kallsyms/results/6.12/amd64-boot-load-map2.txt \
	loader/linux/kallsyms/results/6.12/amd64-table-load-map.md \
	loader/linux/kallsyms/host/internal.h \
	loader/linux/kallsyms/host/linux/elf.h \
	loader/linux/kallsyms/host/linux/module.h \
	loader/linux/kallsyms/host/linux/module_symbol.h \
	loader/linux/kallsyms/host/linux/string.h \
	loader/linux/kallsyms/6.12-test/0001-module-kallsyms-TEST-ONLY-boot-test-knobs-for-the-.h.patch \
	loader/linux/kallsyms/6.12/0000-cover-letter.patch \
	loader/linux/kallsyms/6.12/0001-module-kallsyms-look-module-symbols-up-by-name-throu.patch \
	loader/linux/kallsyms/6.12/0002-module-kallsyms-add-a-KUnit-test-for-lookups-by-name.patch \
	loader/linux/kallsyms/6.12/0003-module-kallsyms-add-module_kallsyms_on_each_named_sy.patch \
	loader/linux/kallsyms/6.12/0004-tracing-kprobes-count-a-probed-name-s-module-symbols.patch \
	loader/linux/kallsyms/6.12/0005-livepatch-find-a-module-s-symbols-by-name-through-mo.patch \
	loader/linux/kallsyms/6.12/0006-ftrace-look-module-symbols-up-by-name-through-module.patch

## The address order (issue 24, doc/design.md rule 9): the 6.12 patch in
## loader/linux/kallsyms/6.12-addr/ (find_kallsyms_symbol() by binary
## search over relopt's .addrorder, checked at load), its test-only knobs
## in 6.12-addr-test/, and addr-boot-test.sh, which boots both under qemu
## on amd64 and arm64 (not run by make check).  tests/kallsyms-patch.sh
## checks this series too.
EXTRA_DIST += loader/linux/kallsyms/init-common.h \
	loader/linux/kallsyms/init-byname.h \
	loader/linux/kallsyms/ktree.sh \
	loader/linux/kallsyms/addr-boot-test.sh \
	loader/linux/kallsyms/addr-init.c \
	loader/linux/kallsyms/addr-parse-log.py \
	loader/linux/kallsyms/addr.config \
	loader/linux/kallsyms/6.12-addr/0001-module-kallsyms-find_kallsyms_symbol-by-binary-searc.patch \
	loader/linux/kallsyms/6.12-addr-test/0001-module-kallsyms-TEST-ONLY-boot-test-knobs-for-the-ad.patch \
	loader/linux/kallsyms/6.12-addr/0000-cover-letter.patch \
	loader/linux/kallsyms/results/6.12-addr/amd64-table.md \
	loader/linux/kallsyms/results/6.12-addr/amd64-boot-selftest.txt \
	loader/linux/kallsyms/results/6.12-addr/amd64-boot-icount1.txt \
	loader/linux/kallsyms/results/6.12-addr/amd64-boot-icount2.txt \
	loader/linux/kallsyms/results/6.12-addr/arm64-table.md \
	loader/linux/kallsyms/results/6.12-addr/arm64-boot-selftest.txt \
	loader/linux/kallsyms/results/6.12-addr/arm64-boot-icount1.txt \
	loader/linux/kallsyms/results/6.12-addr/arm64-boot-icount2.txt

## Scale (issue 23 item 5): loader/linux/kallsyms/scale-test.sh boots the
## amd64 kernel boot-test.sh built, or its own arm64 build (scale.config:
## the kprobe PMU), with 100 generated modules (300,000 symbols named as
## Debian's) and times kprobes and, on amd64, a livepatch (not run by
## make check).
EXTRA_DIST += loader/linux/kallsyms/scale-test.sh \
	loader/linux/kallsyms/scale.config \
	loader/linux/kallsyms/scale-gen.py \
	loader/linux/kallsyms/scale-init.c \
	loader/linux/kallsyms/scale-parse.py \
	loader/linux/kallsyms/results/6.12-scale/table.md \
	loader/linux/kallsyms/results/6.12-scale/table-lp-first-use.md \
	loader/linux/kallsyms/results/6.12-scale/summary.txt \
	loader/linux/kallsyms/results/6.12-scale/boot-mode0-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/boot-mode0-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/boot-mode1-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/boot-mode1-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/boot-lp-mode0-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/boot-lp-mode0-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/boot-lp-mode1-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/boot-lp-mode1-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/table.md \
	loader/linux/kallsyms/results/6.12-scale/arm64/summary.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/source.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/boot-mode0-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/boot-mode0-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/boot-mode1-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/boot-mode1-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/allocated/table.md \
	loader/linux/kallsyms/results/6.12-scale/allocated/boot-mode0-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/allocated/boot-mode0-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/allocated/boot-mode1-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/allocated/boot-mode1-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/map/table.md \
	loader/linux/kallsyms/results/6.12-scale/map/source.txt \
	loader/linux/kallsyms/results/6.12-scale/map/boot-mode0-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/map/boot-mode0-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/map/boot-mode1-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/map/boot-mode1-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/allocated/table.md \
	loader/linux/kallsyms/results/6.12-scale/arm64/allocated/source.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/allocated/boot-mode0-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/allocated/boot-mode0-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/allocated/boot-mode1-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/allocated/boot-mode1-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/map/table.md \
	loader/linux/kallsyms/results/6.12-scale/arm64/map/source.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/map/boot-mode0-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/map/boot-mode0-run2.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/map/boot-mode1-run1.txt \
	loader/linux/kallsyms/results/6.12-scale/arm64/map/boot-mode1-run2.txt

.PHONY: check-kallsyms-model
check-kallsyms-model: all
	srcdir=$(srcdir) bash $(srcdir)/tests/kallsyms-model.sh --all

## loader/linux: the Linux arm/arm64 module-plts patches and the rig that
## builds and boots them (loader/linux/README.md; the rig is not run by
## make check).  make check runs:
##   loader/linux/patches-apply.sh  each series `git apply --check`s to its
##                                  Debian linux-source-V and is checkpatch
##                                  --strict clean (SKIP when not installed)
##   loader/linux/plt-model-test.sh the host model of the PLT counting on
##                                  gen-module.py objects, plain and relopt'd
##   loader/linux/parse-log-test.sh the boot checker passes the committed
##                                  boots and fails the rig-race ones
TESTS += loader/linux/patches-apply.sh loader/linux/plt-model-test.sh \
	loader/linux/parse-log-test.sh
EXTRA_DIST += loader/linux/README.md loader/linux/patches-apply.sh \
	loader/linux/plt-model-test.sh loader/linux/parse-log-test.sh \
	loader/linux/results/6.12/arm-variants/inlined.diff \
	loader/linux/results/6.12/arm64-variants/first-revision.diff \
	loader/linux/results/6.12/arm64-variants/inlined-branches-done-as-before.diff \
	loader/linux/results/6.12/arm64-variants/not-inlined-branches-done-as-before.diff \
	loader/linux/results/6.12/arm64-variants/not-inlined-split.diff \
	loader/linux/results/6.12/arm64-variants/not-inlined.diff \
	loader/linux/results/6.12/rig-race/arm-boot-patched-nowait.txt \
	loader/linux/results/6.12/rig-race/arm-boot-patched-oldinit.txt \
	loader/linux/results/6.12/rig-race/arm-boot-unpatched-nowait.txt \
	loader/linux/results/6.12/rig-race/arm-boot-unpatched-oldinit-pad1.txt \
	loader/linux/small.config \
	loader/linux/6.12/0000-cover-letter.patch \
	loader/linux/6.12/0001-arm64-module-skip-sorting-relocations-already-in-PLT.patch \
	loader/linux/6.12/0002-ARM-module-skip-sorting-relocations-already-in-PLT-o.patch \
	loader/linux/6.1/0001-arm64-module-skip-sorting-relocations-already-in-PLT.patch \
	loader/linux/6.1/0002-ARM-module-skip-sorting-relocations-already-in-PLT-o.patch \
	loader/linux/arm.config loader/linux/arm64.config \
	loader/linux/boot-test.sh loader/linux/init.c loader/linux/instrument.py \
	loader/linux/model-real.sh loader/linux/modlist.py \
	loader/linux/parse-log.py loader/linux/plt-model.c loader/linux/scale.py \
	loader/linux/scale-plot.gp \
	loader/linux/results/6.12/arm-boot-patched-icount1.txt \
	loader/linux/results/6.12/arm-boot-patched-icount2.txt \
	loader/linux/results/6.12/arm-boot-unpatched-icount1.txt \
	loader/linux/results/6.12/arm-boot-unpatched-icount2.txt \
	loader/linux/results/6.12/arm-scale-boot-patched-icount1.txt \
	loader/linux/results/6.12/arm-scale-boot-patched-icount2.txt \
	loader/linux/results/6.12/arm-scale-boot-unpatched-icount1.txt \
	loader/linux/results/6.12/arm-scale-boot-unpatched-icount2.txt \
	loader/linux/results/6.12/arm-scale-table.md \
	loader/linux/results/6.12/arm-table.md \
	loader/linux/results/6.12/arm64-boot-patched-icount1.txt \
	loader/linux/results/6.12/arm64-boot-patched-icount2.txt \
	loader/linux/results/6.12/arm64-boot-unpatched-icount1.txt \
	loader/linux/results/6.12/arm64-boot-unpatched-icount2.txt \
	loader/linux/results/6.12/arm64-scale-boot-patched-icount1.txt \
	loader/linux/results/6.12/arm64-scale-boot-patched-icount2.txt \
	loader/linux/results/6.12/arm64-scale-boot-unpatched-icount1.txt \
	loader/linux/results/6.12/arm64-scale-boot-unpatched-icount2.txt \
	loader/linux/results/6.12/arm64-scale-table.md \
	loader/linux/results/6.12/arm64-table.md \
	loader/linux/results/6.12/scale-arm.dat \
	loader/linux/results/6.12/scale-arm64.dat \
	loader/linux/results/6.12/scale.png \
	loader/linux/results/6.1/arm-table.md \
	loader/linux/results/6.1/arm64-table.md \
	loader/linux/results/6.1/arm-boot-patched.txt \
	loader/linux/results/6.1/arm-boot-unpatched.txt \
	loader/linux/results/6.1/arm64-boot-patched.txt \
	loader/linux/results/6.1/arm64-boot-unpatched.txt
