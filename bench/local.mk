## bench: the loader model and the benchmark (doc/design.md "Benchmarks").
##
##   bench/loadermodel    what a module loader does at load time, every
##                        strategy timed side by side (see its header)
##   bench/gen-module.py  synthetic ARM/AArch64 modules as assembly
##   bench/run.sh         the whole benchmark: `make bench' (or
##                        bench/run.sh --help); tables and plots land in
##                        bench/results/ of the build directory
##   bench/smoke-test.sh  `make check' (wired in scripts/local.mk): a tiny
##                        synthetic module through relopt and the loader
##                        model (strategies agree)

noinst_PROGRAMS += bench/loadermodel
bench_loadermodel_SOURCES = bench/loadermodel.c \
	loader/relopt-loader.h
bench_loadermodel_LDADD = bfdext/libbfdext.la $(LIBIBERTY)

EXTRA_DIST += bench/run.sh bench/gen-module.py bench/plot.gp \
	bench/smoke-test.sh bench/README.md
## The committed results that README.md and bench/README.md cite.
EXTRA_DIST += bench/results/machine.txt \
	bench/results/model-real-arm64.txt \
	bench/results/model-real-armhf.txt \
	bench/results/model-sym32k-aarch64.txt \
	bench/results/model-sym32k-arm.txt \
	bench/results/model-vendor-aarch64.txt \
	bench/results/model-vendor-arm.txt \
	bench/results/model.tsv \
	bench/results/perf-scaling.dat \
	bench/results/perf-scaling.png \
	bench/results/perf.txt \
	bench/results/plt-scaling.dat \
	bench/results/plt-scaling.png \
	bench/results/plt-scaling.txt \
	bench/results/relopt-vs-objcopy.txt \
	bench/results/summary.txt \
	bench/results/symbol-scaling.dat \
	bench/results/symbol-scaling.png \
	bench/results/symbol-scaling.txt

## Everything: synthetic set, relopt and objcopy timing, the loader model
## on the synthetic set and on the largest real armhf module when
## scripts/fetch-kernel-debs.sh has unpacked one.  BENCH_FLAGS=--quick
## for a short run.
BENCH_FLAGS =
.PHONY: bench
bench: src/relopt$(EXEEXT) bench/loadermodel$(EXEEXT)
	$(SHELL) $(srcdir)/bench/run.sh --builddir . --out bench/results $(BENCH_FLAGS)

## The link-equivalence proof (scripts/link-equiv.sh) and its DejaGnu
## driver and inputs, distributed from here.
EXTRA_DIST += scripts/link-equiv.sh \
	testsuite/relopt.branch/link-equiv.exp \
	testsuite/relopt.branch/calls.c \
	testsuite/relopt.branch/addend-arm.s \
	testsuite/relopt.branch/addend-thumb.s \
	testsuite/relopt.branch/addend-a64.s

## Link equivalence over every real armhf and arm64 module (make check
## runs a sample of them through testsuite/relopt.branch).
.PHONY: check-link-equiv
check-link-equiv: src/relopt$(EXEEXT)
	$(SHELL) $(srcdir)/scripts/link-equiv.sh --relopt src/relopt$(EXEEXT) \
	  --synthetic --real armhf --real arm64

## What relopt costs (bench/perf.py): the command against cp, objcopy and
## llvm-objcopy on the largest real modules, the plugin against plain
## ld.bfd and gold, and the scaling series up to 1M symbols; writes
## bench/results/perf.txt and perf-scaling.png.  PERF_FLAGS=--quick for a
## short run.
PERF_FLAGS =
EXTRA_DIST += bench/perf.py
.PHONY: bench-perf
bench-perf: src/relopt$(EXEEXT) plugin/relopt.la
	$(PYTHON3) $(srcdir)/bench/perf.py --builddir . --out bench/results $(PERF_FLAGS)
PYTHON3 = python3

## The hash styles over the real-module corpus (bench/hash-style.py): bytes
## added and CPU time of sysv, gnu and both, and the .hash statistics;
## HASH_STYLE_FLAGS="--old /usr/bin/relopt" adds another relopt's sysv.
HASH_STYLE_FLAGS =
EXTRA_DIST += bench/hash-style.py bench/results/hash-style.md
.PHONY: bench-hash-style
bench-hash-style: src/relopt$(EXEEXT)
	$(PYTHON3) $(srcdir)/bench/hash-style.py --relopt src/relopt$(EXEEXT) \
	  --out bench/results/hash-style.md $(HASH_STYLE_FLAGS)
