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
