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
EXTRA_DIST += doc/plugin.md
