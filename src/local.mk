## src: the relopt command.  It does not link libbfd: BFD's view (the
## --against proof, --stats' target names) is relopt-bfd.so, loaded with
## dlopen by the runs that need it (src/bfdload.c).
bin_PROGRAMS += src/relopt
src_relopt_SOURCES = src/relopt.c src/cmdline.c src/cmdline.h \
	src/bfdload.c src/bfdload.h src/bfdview.h \
	src/compress.c src/compress.h src/strip.c src/strip.h
src_relopt_LDADD = bfdext/libbfdext.la $(LIBIBERTY) $(Z_LIBS) $(DL_LIBS)
src_relopt_CPPFLAGS = $(AM_CPPFLAGS) \
	-DRELOPT_PLUGIN_PATH='"$(pkglibdir)/relopt.so"' \
	-DRELOPT_BFD_MODULE_PATH='"$(pkglibdir)/relopt-bfd.so"' \
	-DRELOPT_DOCDIR='"$(docdir)"'

## relopt-bfd.so: src/bfdview.c and libbfd, a libtool module beside the
## plugin that exports relopt_bfdview_ops only (src/bfdview.h).
pkglib_LTLIBRARIES += src/relopt-bfd.la
src_relopt_bfd_la_SOURCES = src/bfdview.c src/bfdview.h
src_relopt_bfd_la_LIBADD = $(BFD_LIBS)
src_relopt_bfd_la_LDFLAGS = -module -avoid-version -shared -no-undefined \
	-export-symbols-regex '^relopt_bfdview_ops$$'
## Loaded by path, as the plugin is: its .la is not installed.
install-exec-hook: install-exec-hook-bfd
.PHONY: install-exec-hook-bfd uninstall-hook-bfd installcheck-bfd
install-exec-hook-bfd:
	rm -f $(DESTDIR)$(pkglibdir)/relopt-bfd.la
uninstall-hook: uninstall-hook-bfd
uninstall-hook-bfd:
	rm -f $(DESTDIR)$(pkglibdir)/relopt-bfd.so
installcheck-local: installcheck-bfd
installcheck-bfd:
	test -f $(DESTDIR)$(pkglibdir)/relopt-bfd.so
	test ! -e $(DESTDIR)$(pkglibdir)/relopt-bfd.la
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

## History-independent output (DESIGN 7): any sequence of runs equals one.
TESTS += scripts/check-history.sh
EXTRA_DIST += scripts/check-history.sh

## relopt in kbuild's strip slot, without kbuild: --strip-*, RELOPT_FLAGS,
## compressed modules, the multi-file summary (a few seconds).
TESTS += scripts/check-install-slot.sh
EXTRA_DIST += scripts/check-install-slot.sh

## relopt in the slot of a real kbuild (Debian's linux-headers-ARCH;
## skipped, exit 77, without them): out-of-tree modules installed with
## STRIP=relopt INSTALL_MOD_STRIP=..., signed for real (about 15 s).
TESTS += scripts/kbuild-install-test.sh
EXTRA_DIST += scripts/kbuild-install-test.sh
