## fuzz: hostile input, found by the fuzzer or made by mutating valid
## objects (issue 5).
##
## make check runs, under --enable-sanitizers too:
##   fuzz/regress.sh        every input in fuzz/regress/ (crashes the fuzzer
##                          found, each fixed) through the fuzz target's
##                          invariants in-process (fuzz/replay) and through
##                          src/relopt
##   fuzz/mutation-test.sh  the mutation test: truncations and boundary
##                          values of every header field of small objects
##                          built with as/cross-as (fuzz/mutate in-process,
##                          a sample through src/relopt)
## `make fuzz FUZZ_SECONDS=N' runs libFuzzer (fuzz/run-fuzz.sh; clang).
## The objects each with one chosen defect that --check must name are
## DejaGnu tests (testsuite/relopt.check); the write path under failure
## is scripts/failure-injection.sh (src/local.mk).

check_PROGRAMS += fuzz/replay fuzz/mutate
fuzz_replay_SOURCES = fuzz/replay.c fuzz/fuzz_relopt.c
fuzz_replay_LDADD = bfdext/libbfdext.la $(LIBIBERTY)
fuzz_mutate_SOURCES = fuzz/mutate.c fuzz/fuzz_relopt.c
fuzz_mutate_LDADD = bfdext/libbfdext.la $(LIBIBERTY)

TESTS += fuzz/regress.sh fuzz/mutation-test.sh

EXTRA_DIST += fuzz/regress.sh fuzz/run-fuzz.sh fuzz/make-seeds.sh \
	fuzz/relopt.dict fuzz/regress fuzz/mutation-test.sh

FUZZ_SECONDS = 600
.PHONY: fuzz
fuzz:
	bash $(srcdir)/fuzz/run-fuzz.sh $(FUZZ_SECONDS)

## The loader library's target (fuzz/fuzz_loader.c) as a replay program,
## over the seeds and every hostile input (fuzz/loader-replay.sh); `make
## fuzz-loader FUZZ_SECONDS=N' runs it under libFuzzer
## (fuzz/run-fuzz.sh --loader).
check_PROGRAMS += fuzz/replay-loader
fuzz_replay_loader_SOURCES = fuzz/fuzz_loader.c loader/relopt-loader.c \
	loader/relopt-loader.h
fuzz_replay_loader_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/loader -DRLO_FUZZ_MAIN \
	-DRLO_SOFT_DIVIDE
TESTS += fuzz/loader-replay.sh
EXTRA_DIST += fuzz/loader-replay.sh fuzz/regress-loader
.PHONY: fuzz-loader
fuzz-loader:
	bash $(srcdir)/fuzz/run-fuzz.sh --loader $(FUZZ_SECONDS)
