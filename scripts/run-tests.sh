#!/bin/bash
# run-tests.sh -- set everything up and run every test (README's second
# quick-start command; .ci/run calls it).  Run as root on Debian 12 from
# the top of a relopt checkout.
#
#   1. install the Debian packages (scripts/install-deps.sh) and fetch the
#      kernel packages of step 4 (scripts/fetch-kernel-debs.sh)
#   2. build in build/ with --enable-werror, `make format-check' (the
#      pinned clang-format), and `make check' (Check unit tests + DejaGnu)
#   3. build in build-san/ with --enable-sanitizers (ASan+UBSan) and run
#      `make check' again
#   4. run the end-to-end test over a fixed sample of the modules of
#      Debian's armhf, amd64, s390x and arm64 kernel packages (`make
#      check-real' with --limit: RELOPT_REAL_LIMIT modules per
#      architecture, default 150, spread evenly over the sorted module
#      list, so the same modules every run; 0 = every module, about 13,500:
#      each module takes a dozen tool runs, about 110 modules a minute
#      with 2 jobs here, so all of them take about 2 hours and 1,000 per
#      architecture 36 minutes; 150 keeps a fresh-clone run under 30).  It skips with a message when the archive is
#      unreachable.  Link equivalence runs in step 2 on its fixed sample
#      (testsuite/relopt.branch: 40 modules per architecture plus the
#      largest); every module: `make check-link-equiv' (about 11 minutes).
#
#   5. `make distcheck': the tarball builds, passes make check, installs
#      and holds every file git tracks (scripts/check-dist-files.sh in
#      its hook); the hook's quick-start run is left out (DISTCHECK_
#      QUICKSTART=no: step 2 has run the same build and sample)
#   6. the Debian packages: scripts/deb-build.sh --twice (dpkg-buildpackage
#      from a clean clone of HEAD, nocheck since steps 2 and 3 ran make
#      check; lintian; a second build byte-identical), then
#      scripts/deb-install-test.sh --dkms (dpkg -i them; the command, the
#      plugin, man, the kbuild recipe, the loader library, a Debian DKMS
#      package through relopt's hook)
#
#   The separate targets (not run here, results in the closing notes):
#   `make check-real' (all modules), `make check-link-equiv',
#   `make fuzz', `make bench', `make check-bindeb' (a kernel package).
#
# Environment: RELOPT_SKIP_SAN=1 skips step 3, RELOPT_SKIP_REAL=1 step 4,
# RELOPT_SKIP_DISTCHECK=1 step 5, RELOPT_SKIP_DEB=1 step 6; JOBS (make's
# parallel jobs in steps 2 and 3, default: the number of CPUs), as
# scripts/quickstart.sh takes it.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

step () { printf '\n==== %s ====\n' "$*"; }

step "install dependencies"
bash scripts/install-deps.sh

if [ "${RELOPT_SKIP_REAL:-0}" != 1 ]; then
  # Before `make check', so its link-equivalence sample finds the modules.
  step "Debian kernel packages (scripts/fetch-kernel-debs.sh)"
  set +e
  bash scripts/fetch-kernel-debs.sh armhf amd64 s390x arm64 \
    "$(. scripts/common.sh && relopt_cache)/unpacked"
  st=$?
  set -e
  # 77: not reachable; the script said why, and the real-module steps
  # below report SKIPPED.
  if [ $st -ne 0 ] && [ $st -ne 77 ]; then exit $st; fi
fi

step "autoreconf"
autoreconf -fi >/dev/null

step "build and make check"
mkdir -p build
(cd build && ../configure -q --enable-werror && make -j"$jobs" >/dev/null \
   && make format-check && make -j"$jobs" check)

if [ "${RELOPT_SKIP_SAN:-0}" != 1 ]; then
  step "build with --enable-sanitizers and make check"
  mkdir -p build-san
  (cd build-san && ../configure -q --enable-sanitizers \
     && make -j"$jobs" >/dev/null && make -j"$jobs" check)
fi

if [ "${RELOPT_SKIP_DISTCHECK:-0}" != 1 ]; then
  step "make distcheck"
  (cd build && make distcheck DISTCHECK_QUICKSTART=no >distcheck.log 2>&1) \
    || { tail -40 build/distcheck.log; echo "make distcheck failed (build/distcheck.log)"; exit 1; }
  grep -e '^check-dist-files:' -e 'archives ready for distribution' build/distcheck.log
fi

if [ "${RELOPT_SKIP_REAL:-0}" != 1 ]; then
  limit=${RELOPT_REAL_LIMIT:-150}
  step "real Debian kernel modules (make check-real, $limit per architecture; 0 = all)"
  (cd build && make check-real REAL_ARCHS="armhf amd64 s390x arm64" \
     REAL_FLAGS="--limit $limit")
fi

# Last: it installs the packages (/usr/bin/relopt), which no step above
# should see.
if [ "${RELOPT_SKIP_DEB:-0}" != 1 ]; then
  step "Debian packages (scripts/deb-build.sh --twice, scripts/deb-install-test.sh --dkms)"
  DEB_BUILD_OPTIONS=nocheck bash scripts/deb-build.sh --twice
  bash scripts/deb-install-test.sh --dkms
fi

step "all tests passed"
