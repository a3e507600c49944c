## bfdext: the core library (no BFD, no printing).  Built once as a PIC
## convenience library so both the command and the ld plugin link it.
noinst_LTLIBRARIES += bfdext/libbfdext.la
bfdext_libbfdext_la_SOURCES = \
	bfdext/relopt.h bfdext/image.h bfdext/layout.h bfdext/rloview.h bfdext/byteorder.h bfdext/fileio.h bfdext/symhash.h bfdext/strtab.h \
	bfdext/relsort.h bfdext/symorder.h bfdext/hashsec.h bfdext/addrorder.h bfdext/threeway.h bfdext/prefetch.h bfdext/iberty.h \
	bfdext/error.c bfdext/options.c bfdext/image.c bfdext/parse.c bfdext/serialize.c \
	bfdext/strtab.c bfdext/symhash.c bfdext/symorder.c bfdext/relsort.c \
	bfdext/stripdebug.h bfdext/stripdebug.c bfdext/pipeline.c bfdext/hashsec.c bfdext/addrorder.c bfdext/stats.c bfdext/check.c bfdext/compare.c bfdext/fileio.c \
	loader/relopt-loader.h loader/relopt-loader.c
bfdext_libbfdext_la_LIBADD = $(LIBIBERTY)
