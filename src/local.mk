## src: the relopt command (links BFD for identification and --against).
bin_PROGRAMS += src/relopt
src_relopt_SOURCES = src/relopt.c src/cmdline.c src/cmdline.h src/bfdview.c src/bfdview.h \
	src/compress.c src/compress.h src/strip.c src/strip.h
src_relopt_LDADD = bfdext/libbfdext.la $(BFD_LIBS) $(LIBIBERTY) $(Z_LIBS)
src_relopt_CPPFLAGS = $(AM_CPPFLAGS) \
	-DRELOPT_PLUGIN_PATH='"$(pkglibdir)/relopt.so"'
dist_man_MANS += doc/relopt.1

## .gnu.hash sizing checked against GNU ld's own tables.
TESTS += scripts/check-gnu-params.sh
EXTRA_DIST += scripts/check-gnu-params.sh

## The write path under failure (failure injection: size limit, read-only
## directory and file, missing directory, the input vanished or replaced
## during the run through the LD_PRELOAD shim scripts/vanish.c, symlinks,
## two runs at once); doc/failure.md is the contract it tests.
TESTS += scripts/failure-injection.sh
EXTRA_DIST += scripts/failure-injection.sh scripts/vanish.c doc/failure.md

## The library boundary: src/ and plugin/ include only relopt.h from
## bfdext/ (a grep, which first proves it catches an offender).
TESTS += scripts/check-library-boundary.sh
EXTRA_DIST += scripts/check-library-boundary.sh

## History-independent output (DESIGN 7): any sequence of runs equals one.
TESTS += scripts/check-history.sh
EXTRA_DIST += scripts/check-history.sh

## relopt in kbuild's strip slot, without kbuild: --strip-*, RELOPT_FLAGS,
## compressed modules, the multi-file summary (a few seconds); relopt's
## own strip against each target's binutils strip on gcc/g++/gas objects
## with debug info (x86_64, ARM, AArch64, s390x, mips64el).
TESTS += scripts/check-install-slot.sh scripts/check-strip-targets.sh
EXTRA_DIST += scripts/check-install-slot.sh scripts/check-strip-targets.sh

## relopt in the slot of a real kbuild (Debian's linux-headers-ARCH;
## skipped, exit 77, without them): out-of-tree modules installed with
## STRIP=relopt INSTALL_MOD_STRIP=..., signed for real (about 15 s).
TESTS += scripts/kbuild-install-test.sh
EXTRA_DIST += scripts/kbuild-install-test.sh
