## scripts: the shell tests, wired here and nowhere else: first those
## `make check' runs, then the longer targets (check-real, check-kbuild,
## check-kbuild-dbg, kbuild-plugin-check) and distcheck's hook.  Shared shell: scripts/common.sh.

## ---- Scripts in `make check': their one home --------------------------
## Each runs from the top build directory; those that run a built program
## start with scripts/common.sh's relopt_test_start.

## The contract is in the tree (doc/design.md) and every reference in the
## tree points there (scripts/check-design-refs.sh; --fix rewrites them).
TESTS += scripts/check-design-refs.sh
EXTRA_DIST += doc/design.md scripts/check-design-refs.sh

## .gnu.hash sizing checked against GNU ld's own tables.
TESTS += scripts/check-gnu-params.sh
EXTRA_DIST += scripts/check-gnu-params.sh

## The write path under failure (failure injection: size limit, read-only
## directory and file, missing directory, the input vanished or replaced
## during the run through the LD_PRELOAD shim scripts/vanish.c, symlinks,
## two runs at once, each large allocation failing through the shim
## scripts/failmalloc.c); doc/failure.md is the contract it tests.
TESTS += scripts/failure-injection.sh
EXTRA_DIST += scripts/failure-injection.sh scripts/vanish.c \
	scripts/failmalloc.c doc/failure.md

## History-independent output (doc/design.md 7): any sequence of runs equals one.
TESTS += scripts/check-history.sh
EXTRA_DIST += scripts/check-history.sh

## The library boundary: src/ and plugin/ include only relopt.h from
## bfdext/ (a grep, which first proves it catches an offender).
TESTS += scripts/check-library-boundary.sh
EXTRA_DIST += scripts/check-library-boundary.sh

## relopt in kbuild's strip slot, without kbuild: --strip-*, RELOPT_FLAGS,
## compressed modules, the multi-file summary (a few seconds); relopt's
## own strip against each target's binutils strip on gcc/g++/gas objects
## with debug info (x86_64, ARM, AArch64, s390x, mips64el).
TESTS += scripts/check-install-slot.sh scripts/check-strip-targets.sh
EXTRA_DIST += scripts/check-install-slot.sh scripts/check-strip-targets.sh

## relopt in the slot of a real kbuild (Debian's linux-headers-ARCH;
## skipped, exit 77, without them): out-of-tree modules installed with
## STRIP=relopt INSTALL_MOD_STRIP=..., signed for real (about 15 s).
TESTS += scripts/kbuild-install-test.sh
EXTRA_DIST += scripts/kbuild-install-test.sh

## A tiny synthetic module through relopt and the loader model (bench/).
TESTS += bench/smoke-test.sh

## ---- Longer tests, not in `make check' ---------------------------------

## The end-to-end test over real Debian kernel modules.
##
## `make check-real' downloads the Debian kernel image packages of
## REAL_ARCHS (scripts/fetch-kernel-debs.sh; cached in
## $RELOPT_CACHE, default /var/cache/relopt-real, outside the tree), then
## rewrites every module with the relopt built here and checks each output
## (scripts/real-modules.sh; the checks are listed at the top of
## scripts/real/check-module.sh).  When a package cannot be resolved or
## downloaded, it prints "SKIPPED" and succeeds (exit 77 from the scripts);
## set REAL_SKIP_STATUS=77 (or 1) to make a skip fail instead.  Needs root
## for dpkg --add-architecture the first time.
##   make check-real REAL_ARCHS="armhf arm64" REAL_FLAGS="--limit 200"


## scripts/real/addrorder-check: the host check of .addrorder that
## check-module.sh runs on every module (doc/design.md 9; the loader
## library's validation, merge and lookup against the kernel's loop over
## two simulated placements of the sections).
noinst_PROGRAMS += scripts/real/addrorder-check
scripts_real_addrorder_check_SOURCES = scripts/real/addrorder-check.c \
	loader/relopt-loader.h
scripts_real_addrorder_check_LDADD = bfdext/libbfdext.la $(LIBIBERTY)

EXTRA_DIST += scripts/fetch-kernel-debs.sh scripts/real-modules.sh \
	scripts/real/check-module.sh scripts/real/elflint-filter.sed \
	scripts/real/survey.py scripts/real/FACTS.md \
	scripts/install-deps.sh scripts/common.sh scripts/corpus-sums.sh

REAL_ARCHS = armhf amd64 s390x
REAL_FLAGS =
REAL_SKIP_STATUS = 0
# The cache directory: the rule of scripts/common.sh (relopt_cache).
REAL_CACHE = `. $(srcdir)/scripts/common.sh && relopt_cache`

## A skipped part (a script's exit 77, automake's "skipped") in the
## targets below, the one rule: say SKIPPED and why, and go on with
## STATUS in st (0 by default: a skip does not fail the target).  After a
## command:  st=$$?; $(call relopt_skip_as,STATUS,REASON)
relopt_skip_as = skipped=no; if test $$st -eq 77; then \
	  echo "$@: SKIPPED: $(2)"; st=$(1); skipped=yes; fi

.PHONY: check-real
check-real: all
	@cache=$(REAL_CACHE); \
	bash $(srcdir)/scripts/fetch-kernel-debs.sh $(REAL_ARCHS) "$$cache/unpacked"; \
	st=$$?; \
	$(call relopt_skip_as,$(REAL_SKIP_STATUS),kernel packages for $(REAL_ARCHS) not available (see SKIP above)); \
	test $$skipped = no && test $$st -eq 0 || exit $$st; \
	archs=; for a in $(REAL_ARCHS); do archs="$$archs --arch $$a"; done; \
	RELOPT_CACHE=$$cache bash $(srcdir)/scripts/real-modules.sh --no-fetch \
	  --relopt $(builddir)/src/relopt$(EXEEXT) --data "$$cache/unpacked" \
	  $$archs $(REAL_FLAGS); \
	st=$$?; \
	$(call relopt_skip_as,$(REAL_SKIP_STATUS),not every architecture could be checked); \
	exit $$st

## `make distcheck''s hook, on the unpacked tarball.  First every file git
## tracks must be in it (scripts/check-dist-files.sh; skipped outside a
## git checkout).  Then the README's quick start: scripts/quickstart.sh,
## shipped in the tarball with what it uses (examples/, install-deps.sh),
## run from a copy of the unpacked tarball (packages already installed:
## SKIP_DEPS=1), so the tarball's README commands are tested as shipped;
## DISTCHECK_QUICKSTART=no leaves it out (scripts/run-tests.sh, whose
## build has already run the same commands).
EXTRA_DIST += scripts/quickstart.sh scripts/check-dist-files.sh
DISTCHECK_QUICKSTART = yes
distcheck-hook:
	@$(SHELL) $(srcdir)/scripts/check-dist-files.sh $(srcdir) $(distdir); \
	  st=$$?; test $$st = 0 || test $$st = 77 || exit 1
	@test "$(DISTCHECK_QUICKSTART)" = no && exit 0; tmp=`mktemp -d` && cp -R $(distdir) $$tmp/src && chmod -R u+w $$tmp/src \
	  && echo "distcheck-hook: scripts/quickstart.sh in the unpacked tarball ($$tmp/src)" \
	  && if (cd $$tmp/src && SKIP_DEPS=1 sh scripts/quickstart.sh) >$$tmp/quickstart.log 2>&1; \
	  then echo "distcheck-hook: quick start passed"; rm -rf $$tmp; \
	  else tail -n 30 $$tmp/quickstart.log; echo "distcheck-hook: quick start FAILED (log: $$tmp/quickstart.log)" >&2; exit 1; fi

## The heavier kbuild tests (not in `make check'; the amd64 install-slot
## test, scripts/kbuild-install-test.sh, is):
##   make check-kbuild      cross arm64 modules_install (linux-headers-*-arm64
##                          unpacked, with this machine's linux-kbuild), the
##                          BTF step with the -dbg vmlinux and resolve_btfids
##                          from linux-source (plugin stale, install slot
##                          good), and modules_install time of 40 modules
##                          with strip and with relopt.  About 2 minutes once
##                          the downloads are cached (first run: 860 MB).
##   make check-kbuild-dbg  relopt --strip-debug vs strip --strip-debug +
##                          relopt over every module of the host's
##                          linux-image-*-dbg, through the documented
##                          find | xargs -P recipe (about 10 minutes),
##                          then the cross part:
##   make check-kbuild-dbg-cross  the same against aarch64-linux-gnu-strip
##                          and arm-linux-gnueabihf-strip on a fixed sample
##                          (every k-th, about 300 modules) of the arm64
##                          and armmp -dbg packages (first run: 2 x 800 MB).
## A skipped part (exit 77: a package cannot be fetched) prints SKIP and
## does not fail the target; set KBUILD_SKIP_STATUS=1 to make it fail.
EXTRA_DIST += scripts/kbuild-btf-test.sh scripts/kbuild-dbg-compare.sh
KBUILD_SKIP_STATUS = 0
.PHONY: check-kbuild check-kbuild-dbg check-kbuild-dbg-cross
check-kbuild: all
	@r=$(abs_builddir)/src/relopt$(EXEEXT); rc=0; \
	for t in "kbuild-install-test.sh --arch arm64" \
	         "kbuild-btf-test.sh" \
	         "kbuild-install-test.sh --no-sign --copies 40 --time"; do \
	  echo "== $$t"; \
	  $(SHELL) $(srcdir)/scripts/$$t --relopt "$$r"; st=$$?; \
	  $(call relopt_skip_as,$(KBUILD_SKIP_STATUS),$$t); \
	  test $$st = 0 || rc=1; \
	done; exit $$rc
check-kbuild-dbg: all
	@$(SHELL) $(srcdir)/scripts/kbuild-dbg-compare.sh \
	  --relopt $(abs_builddir)/src/relopt$(EXEEXT); st=$$?; \
	$(call relopt_skip_as,$(KBUILD_SKIP_STATUS),kbuild-dbg-compare.sh); \
	$(MAKE) $(AM_MAKEFLAGS) check-kbuild-dbg-cross || st=1; \
	exit $$st
check-kbuild-dbg-cross: all
	@$(SHELL) $(srcdir)/scripts/kbuild-dbg-compare.sh --cross arm64,armhf \
	  --relopt $(abs_builddir)/src/relopt$(EXEEXT); st=$$?; \
	$(call relopt_skip_as,$(KBUILD_SKIP_STATUS),kbuild-dbg-compare.sh --cross); \
	exit $$st

## `make kbuild-plugin-check': the plugin's real kbuild test alone
## (installs linux-headers-ARCH when run as root and they are missing).
EXTRA_DIST += scripts/kbuild-plugin-test.sh
.PHONY: kbuild-plugin-check
kbuild-plugin-check: plugin/relopt.la
	$(SHELL) $(srcdir)/scripts/kbuild-plugin-test.sh \
	  --plugin $(abs_builddir)/plugin/.libs/relopt.so \
	  --relopt $(abs_builddir)/src/relopt$(EXEEXT)

## ---- DKMS ----------------------------------------------------------------
## DKMS runs `strip -g' and then "$sign_file" on each module it builds;
## pointed at scripts/dkms-sign-file (installed in $(pkgdatadir)), DKMS
## runs relopt in between (README.md, "DKMS").  scripts/dkms-test.sh
## builds and installs a real Debian DKMS package through it (root; not in
## `make check').
dist_pkgdata_SCRIPTS = scripts/dkms-sign-file
EXTRA_DIST += scripts/dkms-test.sh
installcheck-local: installcheck-dkms
.PHONY: installcheck-dkms
installcheck-dkms:
	test -x $(DESTDIR)$(pkgdatadir)/dkms-sign-file

## ---- Debian packages -----------------------------------------------------
## (README.md, "Debian packages"; root, not in `make check':
## scripts/run-tests.sh runs both on CI's throwaway machine.)
##   scripts/deb-build.sh        dpkg-buildpackage -us -uc -b (debian/) from
##                               a clean clone of HEAD, lintian; --twice:
##                               a second build, byte-identical .debs
##   scripts/deb-install-test.sh dpkg -i them, then the command, the plugin,
##                               the man pages, the kbuild recipe and the
##                               loader library of the -dev package, as a
##                               user has them; --dkms adds dkms-test.sh
EXTRA_DIST += scripts/deb-build.sh scripts/deb-install-test.sh

## `make check-bindeb': a Debian kernel package with relopt in the strip
## slot (scripts/kbuild-bindeb-test.sh; README.md, "Kernel packages"):
## Debian's linux-source-6.12 with a small config and module signing,
## `make bindeb-pkg STRIP=relopt', every module of the linux-image .deb
## checked (tables current, signature verifies over relopt's output).  A
## kernel build in /var/tmp/relopt-kpkg (BINDEB_FLAGS="--work DIR"): by
## hand, not in `make check' or CI.
EXTRA_DIST += scripts/kbuild-bindeb-test.sh
BINDEB_FLAGS =
.PHONY: check-bindeb
check-bindeb: all
	$(SHELL) $(srcdir)/scripts/kbuild-bindeb-test.sh \
	  --relopt $(abs_builddir)/src/relopt$(EXEEXT) $(BINDEB_FLAGS)
