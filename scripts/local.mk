## scripts: the end-to-end test over real Debian kernel modules.
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

## The contract is in the tree (doc/design.md) and every reference in the
## tree points there (scripts/check-design-refs.sh; --fix rewrites them).
TESTS += scripts/check-design-refs.sh
EXTRA_DIST += doc/design.md scripts/check-design-refs.sh

EXTRA_DIST += scripts/fetch-kernel-debs.sh scripts/real-modules.sh \
	scripts/real/check-module.sh scripts/real/elflint-filter.sed \
	scripts/real/survey.py scripts/real/FACTS.md \
	scripts/install-deps.sh scripts/common.sh

REAL_ARCHS = armhf amd64 s390x
REAL_FLAGS =
REAL_SKIP_STATUS = 0
# The cache directory: the rule of scripts/common.sh (relopt_cache).
REAL_CACHE = `. $(srcdir)/scripts/common.sh && relopt_cache`

.PHONY: check-real
check-real: all
	@cache=$(REAL_CACHE); \
	bash $(srcdir)/scripts/fetch-kernel-debs.sh $(REAL_ARCHS) "$$cache/unpacked"; \
	st=$$?; \
	if test $$st -eq 77; then \
	  echo "check-real: SKIPPED: kernel packages for $(REAL_ARCHS) not available (see SKIP above)"; \
	  exit $(REAL_SKIP_STATUS); \
	fi; \
	test $$st -eq 0 || exit $$st; \
	archs=; for a in $(REAL_ARCHS); do archs="$$archs --arch $$a"; done; \
	RELOPT_CACHE=$$cache bash $(srcdir)/scripts/real-modules.sh --no-fetch \
	  --relopt $(builddir)/src/relopt$(EXEEXT) --data "$$cache/unpacked" \
	  $$archs $(REAL_FLAGS); \
	st=$$?; \
	if test $$st -eq 77; then \
	  echo "check-real: SKIPPED: not every architecture could be checked"; \
	  exit $(REAL_SKIP_STATUS); \
	fi; \
	exit $$st

## The README's quick start: scripts/quickstart.sh, shipped in the tarball
## with what it uses (examples/, install-deps.sh).  `make distcheck' runs
## it from a copy of the unpacked tarball (packages already installed:
## SKIP_DEPS=1), so the tarball's README commands are tested as shipped.
EXTRA_DIST += scripts/quickstart.sh
distcheck-hook:
	@tmp=`mktemp -d` && cp -R $(distdir) $$tmp/src && chmod -R u+w $$tmp/src \
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
##                          find | xargs -P recipe (about 10 minutes).
## A skipped part (exit 77: a package cannot be fetched) prints SKIP and
## does not fail the target; set KBUILD_SKIP_STATUS=1 to make it fail.
EXTRA_DIST += scripts/kbuild-btf-test.sh scripts/kbuild-dbg-compare.sh
KBUILD_SKIP_STATUS = 0
.PHONY: check-kbuild check-kbuild-dbg
check-kbuild: all
	@r=$(abs_builddir)/src/relopt$(EXEEXT); st=0; \
	for t in "kbuild-install-test.sh --arch arm64" \
	         "kbuild-btf-test.sh" \
	         "kbuild-install-test.sh --no-sign --copies 40 --time"; do \
	  echo "== $$t"; \
	  $(SHELL) $(srcdir)/scripts/$$t --relopt "$$r"; s=$$?; \
	  if test $$s = 77; then s=$(KBUILD_SKIP_STATUS); fi; \
	  test $$s = 0 || st=1; \
	done; exit $$st
check-kbuild-dbg: all
	@$(SHELL) $(srcdir)/scripts/kbuild-dbg-compare.sh \
	  --relopt $(abs_builddir)/src/relopt$(EXEEXT); s=$$?; \
	if test $$s = 77; then exit $(KBUILD_SKIP_STATUS); fi; exit $$s
