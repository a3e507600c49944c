#!/bin/bash
# run-tests.sh -- set everything up and run every test (README's second
# quick-start command; .ci/run calls it).  Run as root on Debian 12 from
# the top of a relopt checkout.
#
#   1. install the Debian packages (scripts/install-deps.sh)
#   2. build in build/ and run `make check' (Check unit tests + DejaGnu)
#   3. build in build-san/ with --enable-sanitizers (ASan+UBSan) and run
#      `make check' again
#   4. run the end-to-end test over every module of Debian's armhf,
#      amd64, s390x and arm64 kernel packages (`make check-real'; skips
#      with a message when the archive is unreachable), then link
#      equivalence (scripts/link-equiv.sh) on every armhf and arm64
#      module (RELOPT_LINKEQ_LIMIT=N: an even sample of N per
#      architecture instead)
#
# Environment: RELOPT_SKIP_SAN=1 skips step 3, RELOPT_SKIP_REAL=1 step 4,
# RELOPT_DISTCHECK=1 adds `make distcheck'.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
jobs=$(nproc 2>/dev/null || echo 2)

step () { printf '\n==== %s ====\n' "$*"; }

step "install dependencies"
bash scripts/install-deps.sh

step "autoreconf"
autoreconf -fi >/dev/null

step "build and make check"
mkdir -p build
(cd build && ../configure -q && make -j"$jobs" >/dev/null && make -j"$jobs" check)

if [ "${RELOPT_SKIP_SAN:-0}" != 1 ]; then
  step "build with --enable-sanitizers and make check"
  mkdir -p build-san
  (cd build-san && ../configure -q --enable-sanitizers \
     && make -j"$jobs" >/dev/null && make -j"$jobs" check)
fi

if [ "${RELOPT_DISTCHECK:-0}" = 1 ]; then
  step "make distcheck"
  (cd build && make distcheck >/dev/null)
fi

if [ "${RELOPT_SKIP_REAL:-0}" != 1 ]; then
  step "real Debian kernel modules (make check-real)"
  (cd build && make check-real REAL_ARCHS="armhf amd64 s390x arm64")
  step "link equivalence on the real armhf and arm64 modules"
  set +e
  bash scripts/link-equiv.sh --relopt build/src/relopt --real armhf \
    --real arm64 --limit "${RELOPT_LINKEQ_LIMIT:-0}"
  st=$?
  set -e
  # 77: no module could be checked (packages not available): a skip,
  # already reported by the script.
  if [ $st -ne 0 ] && [ $st -ne 77 ]; then exit $st; fi
fi

step "all tests passed"
