## testsuite: the DejaGnu testsuite (binutils style), run by `make check'
## through automake's dejagnu support (check-DEJAGNU).
##
## runtest runs in the top build directory with testsuite/ as its srcdir:
##   testsuite/config/default.exp   tool configuration (programs, defaults)
##   testsuite/lib/relopt.exp       tool init file (loads relopt-dump.exp)
##   testsuite/lib/relopt-dump.exp  run_dump_test and its regexp compare
##   testsuite/relopt.dump/         dump tests: NAME.s + NAME.d
##   testsuite/relopt.plugin/       the ld plugin tests (own fragment)
##   testsuite/relopt.cli/          the command's file handling, usage
##                                  errors and GNU conventions (cli.exp)
##   testsuite/relopt.check/        --check rejecting broken tables and
##                                  reordered relocations (check.exp)
## Results: relopt.sum and relopt.log in the top build directory; scratch
## files in tmpdir/.  One test: make check-DEJAGNU RUNTESTFLAGS=dump.exp=NAME.d

## BFD's half of `relopt --check --against' alone, for relopt.check.
check_PROGRAMS += tests/bfdview-compare
tests_bfdview_compare_SOURCES = tests/bfdview-compare.c src/bfdview.c
tests_bfdview_compare_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src
tests_bfdview_compare_LDADD = $(BFD_LIBS) $(LIBIBERTY)

DEJATOOL = relopt
RUNTESTDEFAULTFLAGS = --tool relopt --srcdir $(srcdir)/testsuite

## Settings appended to the site.exp that automake writes: the programs
## under test, and the tools when overridden at `make check' time, e.g.
##   make check TS_AS_arm=/opt/bin/arm-none-eabi-as
EXTRA_DEJAGNU_SITE_CONFIG = testsuite/relopt-site.exp
CLEANFILES += testsuite/relopt-site.exp

testsuite/relopt-site.exp: Makefile
	@$(MKDIR_P) testsuite
	@{ \
	  echo 'set RELOPT "$(abs_top_builddir)/src/relopt$(EXEEXT)"'; \
	  echo 'set RELOPT_PLUGIN "$(abs_top_builddir)/plugin/.libs/relopt.so"'; \
	  echo 'set BFDVIEW_COMPARE "$(abs_top_builddir)/tests/bfdview-compare$(EXEEXT)"'; \
	  echo 'set READELF "$(TS_READELF)"'; \
	  echo 'set AS_x86_64 "$(TS_AS_x86_64)"'; \
	  echo 'set AS_i386 "$(TS_AS_i386)"'; \
	  echo 'set AS_arm "$(TS_AS_arm)"'; \
	  echo 'set AS_aarch64 "$(TS_AS_aarch64)"'; \
	  echo 'set AS_s390x "$(TS_AS_s390x)"'; \
	  echo 'set AS_mips64el "$(TS_AS_mips64el)"'; \
	  echo 'set AS_clang "$(TS_AS_clang)"'; \
	  echo 'set LD_x86_64 "$(TS_LD_x86_64)"'; \
	  echo 'set LD_i386 "$(TS_LD_i386)"'; \
	  echo 'set OBJDUMP_x86_64 "$(TS_OBJDUMP_x86_64)"'; \
	  echo 'set OBJDUMP_i386 "$(TS_OBJDUMP_i386)"'; \
	  echo 'set OBJDUMP_arm "$(TS_OBJDUMP_arm)"'; \
	  echo 'set OBJDUMP_aarch64 "$(TS_OBJDUMP_aarch64)"'; \
	  echo 'set OBJDUMP_s390x "$(TS_OBJDUMP_s390x)"'; \
	  echo 'set OBJDUMP_mips64el "$(TS_OBJDUMP_mips64el)"'; \
	} > $@-t && mv $@-t $@

## Empty by default: the tool names and their defaults live in one place,
## testsuite/config/default.exp, which keeps its default for an empty
## value.
TS_READELF =
TS_AS_x86_64 =
TS_AS_i386 =
TS_AS_arm =
TS_AS_aarch64 =
TS_AS_s390x =
TS_AS_mips64el =
TS_AS_clang =
TS_LD_x86_64 =
TS_LD_i386 =
TS_OBJDUMP_x86_64 =
TS_OBJDUMP_i386 =
TS_OBJDUMP_arm =
TS_OBJDUMP_aarch64 =
TS_OBJDUMP_s390x =
TS_OBJDUMP_mips64el =

clean-local: clean-testsuite
.PHONY: clean-testsuite
clean-testsuite:
	-rm -rf tmpdir

EXTRA_DIST += \
	testsuite/config/default.exp \
	testsuite/lib/relopt.exp \
	testsuite/lib/relopt-dump.exp \
	testsuite/lib/set-shdr.py \
	testsuite/relopt.dump/dump.exp \
	$(TESTSUITE_DUMP_TESTS) \
	testsuite/relopt.cli/cli.exp \
	testsuite/relopt.check/check.exp \
	testsuite/relopt.check/hashdefect.py \
	testsuite/relopt.check/againstdefect.py \
	testsuite/relopt.check/x86_64-group.s \
	testsuite/relopt.check/mips64-rel.s \
	testsuite/relopt.check/relorder.py \
	testsuite/relopt.check/i386-data.s \
	testsuite/relopt.check/mips-hilo.s \
	testsuite/relopt.check/x86_64-debug.s

## Listed explicitly for make dist (automake has no wildcard).
TESTSUITE_DUMP_TESTS = \
	testsuite/relopt.dump/aarch64-branch.d \
	testsuite/relopt.dump/aarch64-branch.s \
	testsuite/relopt.dump/aarch64-ilp32.d \
	testsuite/relopt.dump/addrorder-module.s \
	testsuite/relopt.dump/arm-addrorder-strip.d \
	testsuite/relopt.dump/arm-be32.d \
	testsuite/relopt.dump/arm-be8.d \
	testsuite/relopt.dump/arm-branch.d \
	testsuite/relopt.dump/arm-branch.s \
	testsuite/relopt.dump/arm-nosort.d \
	testsuite/relopt.dump/arm-sysv-dups.d \
	testsuite/relopt.dump/arm-sysv-dups.s \
	testsuite/relopt.dump/arm-thumb-be32.d \
	testsuite/relopt.dump/arm-thumb-be8.d \
	testsuite/relopt.dump/arm-thumb.d \
	testsuite/relopt.dump/arm-thumb.s \
	testsuite/relopt.dump/clang-addrsig.d \
	testsuite/relopt.dump/clang-addrsig.s \
	testsuite/relopt.dump/hashcalc.py testsuite/relopt.dump/addrorder.py \
	testsuite/relopt.dump/x86_64-addrorder.d \
	testsuite/relopt.dump/x86_64-addrorder-header.d \
	testsuite/relopt.dump/x86_64-addrorder-ldr.d \
	testsuite/relopt.dump/x86_64-addrorder-module.d \
	testsuite/relopt.dump/x86_64-addrorder-no.d \
	testsuite/relopt.dump/x86_64-addrorder-objcopy.d \
	testsuite/relopt.dump/x86_64-addrorder-refuse.d \
	testsuite/relopt.dump/x86_64-addrorder-stale.d \
	testsuite/relopt.dump/i386-bloom.d \
	testsuite/relopt.dump/i386-bloom.s \
	testsuite/relopt.dump/i386-both.d \
	testsuite/relopt.dump/i386-gnu.d \
	testsuite/relopt.dump/i386-reloc.d \
	testsuite/relopt.dump/i386.s \
	testsuite/relopt.dump/mips64el.d \
	testsuite/relopt.dump/mips64el.s \
	testsuite/relopt.dump/s390x-gnu.d \
	testsuite/relopt.dump/s390x-shdr.d \
	testsuite/relopt.dump/s390x-sysv.d \
	testsuite/relopt.dump/s390x.s \
	testsuite/relopt.dump/x86_64-both.d \
	testsuite/relopt.dump/x86_64-drop-signature.d \
	testsuite/relopt.dump/x86_64-exec.d \
	testsuite/relopt.dump/x86_64-exec.s \
	testsuite/relopt.dump/x86_64-gnu-order.d \
	testsuite/relopt.dump/x86_64-gnu-reloc.d \
	testsuite/relopt.dump/x86_64-gnu-shdr.d \
	testsuite/relopt.dump/x86_64-gnu.d \
	testsuite/relopt.dump/x86_64-gnu.s \
	testsuite/relopt.dump/x86_64-group.d \
	testsuite/relopt.dump/x86_64-group.s \
	testsuite/relopt.dump/x86_64-idempotent.d \
	testsuite/relopt.dump/x86_64-inplace.d \
	testsuite/relopt.dump/x86_64-ldr-keeps.d \
	testsuite/relopt.dump/x86_64-many-gnuhash.d \
	testsuite/relopt.dump/x86_64-many-sections.d \
	testsuite/relopt.dump/x86_64-many-sections.s \
	testsuite/relopt.dump/x86_64-none.d \
	testsuite/relopt.dump/x86_64-signature.d \
	testsuite/relopt.dump/x86_64-stale-eu-strip.d \
	testsuite/relopt.dump/x86_64-stale-objcopy.d \
	testsuite/relopt.dump/x86_64-strtab.d \
	testsuite/relopt.dump/x86_64-strtab.s \
	testsuite/relopt.dump/x86_64-symkinds.d \
	testsuite/relopt.dump/x86_64-symkinds.s \
	testsuite/relopt.dump/x86_64-sysv-shdr.d \
	testsuite/relopt.dump/x86_64-rel-link.d \
	testsuite/relopt.dump/x86_64-foreign-hash.d \
	testsuite/relopt.dump/x86_64-foreign-name.d \
	testsuite/relopt.dump/x86_64-named-table.d \
	testsuite/relopt.dump/x86_64-named-table.s \
	testsuite/relopt.dump/x86_64-overlap.d \
	testsuite/relopt.dump/x86_64-rel-info.d \
	testsuite/relopt.dump/x86_64-strip-link-zero.d \
	testsuite/relopt.dump/x86_64-strip-link.d \
	testsuite/relopt.dump/x86_64-strip-link.s \
	testsuite/relopt.dump/x86_64-sysv.d \
	testsuite/relopt.dump/x86_64-sysv.s \
	testsuite/relopt.dump/x86_64-unknown-link-sysv.d \
	testsuite/relopt.dump/x86_64-unknown-link.d \
	testsuite/relopt.dump/x86_64-unknown-link.s \
	testsuite/relopt.dump/x86_64-usage.d
