## plugin: the GNU ld / gold plugin, installed as $(pkglibdir)/relopt.so.
##   ld -r -plugin $(pkglibdir)/relopt.so -plugin-opt hash-style=both ...
## A libtool module, shared only, that exports `onload' and nothing else.
## It links the bfdext convenience library (PIC) and libiberty, whose
## Debian static archive is built PIC; never libbfd (ld has its own).
## -z defs: every symbol must come from what is linked here or libc, not
## from the linker process it is loaded into.  Not with the sanitizers,
## whose runtime symbols are left undefined in shared objects.
pkglib_LTLIBRARIES += plugin/relopt.la
plugin_relopt_la_SOURCES = plugin/relopt-plugin.c
plugin_relopt_la_LIBADD = bfdext/libbfdext.la $(LIBIBERTY)
plugin_relopt_la_LDFLAGS = -module -avoid-version -shared -no-undefined \
	-export-symbols-regex '^onload$$'
if !SANITIZERS
plugin_relopt_la_LDFLAGS += -Wl,-z,defs
endif

## The plugin's documentation and tests (testsuite/relopt.plugin, run by
## runtest with the rest of the DejaGnu testsuite; the kbuild test,
## `make kbuild-plugin-check', is wired in scripts/local.mk); the overhead
## is measured by bench/perf.py (make bench-perf).
dist_man_MANS += doc/relopt-plugin.7
EXTRA_DIST += \
	testsuite/relopt.plugin/plugin.exp \
	testsuite/relopt.plugin/hash-both.rd testsuite/relopt.plugin/hash-gnu.rd \
	testsuite/relopt.plugin/hash-sysv.rd testsuite/relopt.plugin/hash-none.rd \
	testsuite/relopt.plugin/calls1-x86_64.s \
	testsuite/relopt.plugin/calls2-x86_64.s \
	testsuite/relopt.plugin/calls1-arm.s testsuite/relopt.plugin/calls2-arm.s \
	testsuite/relopt.plugin/calls1-aarch64.s \
	testsuite/relopt.plugin/calls2-aarch64.s \
	testsuite/relopt.plugin/calls1-i386.s testsuite/relopt.plugin/calls2-i386.s \
	testsuite/relopt.plugin/calls1-s390x.s \
	testsuite/relopt.plugin/calls2-s390x.s \
	testsuite/relopt.plugin/badrel-x86_64.s \
	testsuite/relopt.plugin/start-x86_64.s \
	testsuite/relopt.plugin/fakeld.c

## ld loads relopt.so by path; the libtool archive is of no use to anyone
## installed (as for gcc's liblto_plugin), so it is not installed.
install-exec-hook: install-exec-hook-plugin
.PHONY: install-exec-hook-plugin uninstall-hook-plugin
install-exec-hook-plugin:
	rm -f $(DESTDIR)$(pkglibdir)/relopt.la
uninstall-hook: uninstall-hook-plugin
uninstall-hook-plugin:
	rm -f $(DESTDIR)$(pkglibdir)/relopt.so

## `make installcheck' (and distcheck): the plugin is installed without
## its .la, and the installed command finds it.
installcheck-local: installcheck-plugin
.PHONY: installcheck-plugin
installcheck-plugin:
	test -f $(DESTDIR)$(pkglibdir)/relopt.so
	test ! -e $(DESTDIR)$(pkglibdir)/relopt.la
	test "`$(DESTDIR)$(bindir)/relopt --plugin-path`" = "$(pkglibdir)/relopt.so"
