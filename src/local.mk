## src: the relopt command.  It does not link libbfd: BFD's view (the
## --against proof, --stats' target names) is relopt-bfd.so, loaded with
## dlopen by the runs that need it (src/bfdload.c).
bin_PROGRAMS += src/relopt
src_relopt_SOURCES = src/relopt.c src/cmdline.c src/cmdline.h \
	src/bfdload.c src/bfdload.h src/bfdview.h \
	src/compress.c src/compress.h src/strip.c src/strip.h
src_relopt_LDADD = bfdext/libbfdext.la $(LIBIBERTY) $(DL_LIBS)
src_relopt_CPPFLAGS = $(AM_CPPFLAGS) \
	-DRELOPT_PLUGIN_PATH='"$(pkglibdir)/relopt.so"' \
	-DRELOPT_BFD_MODULE_PATH='"$(pkglibdir)/relopt-bfd.so"'
## The paths above come from configure's prefix, through the Makefile: a
## reconfigure with another --prefix must rebuild the objects using them.
src/relopt-cmdline.$(OBJEXT) src/relopt-bfdload.$(OBJEXT): Makefile

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
