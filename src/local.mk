## src: the relopt command (links BFD for identification and --against).
bin_PROGRAMS += src/relopt
src_relopt_SOURCES = src/relopt.c src/cmdline.c src/cmdline.h src/bfdview.c src/bfdview.h \
	src/compress.c src/compress.h src/strip.c src/strip.h
src_relopt_LDADD = bfdext/libbfdext.la $(BFD_LIBS) $(LIBIBERTY) $(Z_LIBS)
src_relopt_CPPFLAGS = $(AM_CPPFLAGS) \
	-DRELOPT_PLUGIN_PATH='"$(pkglibdir)/relopt.so"'
dist_man_MANS += doc/relopt.1
