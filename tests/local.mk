## tests: Check unit tests, one suite per bfdext module (doc/design.md "Layout").
## Each program links the noinst convenience library bfdext/libbfdext.la,
## so the internal interfaces (image.h, symhash.h, strtab.h, ...) are
## reachable, plus the tests' own ELF writer/reader (tests/elfobj.c),
## which builds the input objects in memory and judges relopt's output
## independently of bfdext's reader.  `make check' runs them (TESTS)
## before the DejaGnu testsuite.  One suite: make check TESTS=tests/check_strtab
## or run tests/check_strtab directly (CK_VERBOSITY=verbose, CK_RUN_CASE=limits).
relopt_check_suites = \
	tests/check_symhash tests/check_strtab tests/check_image \
	tests/check_symorder tests/check_relsort tests/check_pipeline \
	tests/check_options
if HAVE_CHECK
check_PROGRAMS += $(relopt_check_suites)
TESTS += $(relopt_check_suites)
endif

## Without Check or runtest (configure warned), `make check' fails here,
## before any test, naming what to install: automake's check-DEJAGNU would
## otherwise only warn and pass.
check_SCRIPTS = check-test-deps
.PHONY: check-test-deps
check-test-deps:
	@if test -n "$(MISSING_TEST_DEPS)"; then \
	  echo "make check: missing $(MISSING_TEST_DEPS); install it and run configure again" >&2; \
	  exit 1; \
	fi

relopt_tests_common = tests/testutil.h tests/elfobj.h tests/elfobj.c \
	tests/sample.h tests/sample.c
relopt_tests_cflags = $(AM_CFLAGS) @CHECK_CFLAGS@
relopt_tests_ldadd = bfdext/libbfdext.la $(CHECK_LIBS) $(LIBIBERTY)

tests_check_symhash_SOURCES = tests/check_symhash.c $(relopt_tests_common)
tests_check_symhash_CFLAGS = $(relopt_tests_cflags)
tests_check_symhash_LDADD = $(relopt_tests_ldadd)

tests_check_strtab_SOURCES = tests/check_strtab.c $(relopt_tests_common)
tests_check_strtab_CFLAGS = $(relopt_tests_cflags)
tests_check_strtab_LDADD = $(relopt_tests_ldadd)

tests_check_image_SOURCES = tests/check_image.c $(relopt_tests_common)
tests_check_image_CFLAGS = $(relopt_tests_cflags)
tests_check_image_LDADD = $(relopt_tests_ldadd)

tests_check_symorder_SOURCES = tests/check_symorder.c $(relopt_tests_common)
tests_check_symorder_CFLAGS = $(relopt_tests_cflags)
tests_check_symorder_LDADD = $(relopt_tests_ldadd)

tests_check_relsort_SOURCES = tests/check_relsort.c $(relopt_tests_common)
tests_check_relsort_CFLAGS = $(relopt_tests_cflags)
tests_check_relsort_LDADD = $(relopt_tests_ldadd)

tests_check_pipeline_SOURCES = tests/check_pipeline.c $(relopt_tests_common)
tests_check_pipeline_CFLAGS = $(relopt_tests_cflags)
tests_check_pipeline_LDADD = $(relopt_tests_ldadd)
## Counts the calls bfdext makes to the loader library's hash functions
## (test_hash_once, test_worked_example).
tests_check_pipeline_LDFLAGS = -Wl,--wrap=rlo_gnu_hash -Wl,--wrap=rlo_sysv_hash

## The option table against relopt.1, relopt-plugin.7 and relopt --help
## (read from $(srcdir) and the built src/relopt).
tests_check_options_SOURCES = tests/check_options.c tests/testutil.h
tests_check_options_CFLAGS = $(relopt_tests_cflags)
tests_check_options_LDADD = $(relopt_tests_ldadd)

## The freestanding loader library (loader/), against bfdext's builders and
## relopt's output.
check_PROGRAMS += tests/check_loader
TESTS += tests/check_loader
tests_check_loader_SOURCES = tests/check_loader.c \
	tests/kallsyms-loop.h loader/relopt-loader.h $(relopt_tests_common)
tests_check_loader_CFLAGS = $(relopt_tests_cflags)
tests_check_loader_LDADD = $(relopt_tests_ldadd)
