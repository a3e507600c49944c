#!/bin/bash
# parse-log-test.sh -- parse-log.py, the checker of boot-test.sh's boots,
# passes the committed 6.12 boots and fails the boots of the rig race it was
# extended for (loader/linux/README.md, "The ARM self-test race"):
#   results/6.12/arm-boot-*-icount[12].txt   init.c waits for cryptomgr's
#       self-tests: must print "all checks passed" and exit 0;
#   results/6.12/rig-race/*-oldinit*.txt      the init.c before the fix (its
#       usleep was ENOSYS on the ARM kernel, so it never waited): modules
#       stayed busy (unload EAGAIN) and later loads failed (EEXIST), on the
#       unpatched kernel too (kernel command line one byte longer);
#   results/6.12/rig-race/*-nowait.txt        today's init.c built with
#       -DSELFTEST_MAX_US=0 (no waiting): self-tests still pending.
# Each failing pair must exit 1 and name the failure.  Run by `make check'.
set -u
srcdir=${srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$srcdir/scripts/common.sh"
relopt_messages parse-log-test.sh
command -v python3 >/dev/null 2>&1 || skip "python3 not installed"
here=$srcdir/loader/linux
r=$here/results/6.12
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0

# expect LABEL RC PATTERN ARGS...: parse-log.py ARGS exits RC and prints
# PATTERN.
expect () {
  local label=$1 want=$2 pat=$3 rc
  shift 3
  python3 "$here/parse-log.py" "$@" > "$tmp/out" 2>&1
  rc=$?
  if [ $rc != "$want" ]; then
    say "FAIL: $label: parse-log.py exited $rc, expected $want: $(grep -A3 "^FAILED checks" "$tmp/out" | tr '\n' ' ')"
    bad=1
  elif ! grep -q -E -- "$pat" "$tmp/out"; then
    say "FAIL: $label: parse-log.py did not print /$pat/"
    bad=1
  else
    say "PASS: $label: parse-log.py exits $want with /$pat/"
  fi
}

for a in arm arm64; do
  expect "$a 6.12 boots" 0 '^all checks passed$' "$a" \
    --run icount1 "$r/$a-boot-unpatched-icount1.txt" "$r/$a-boot-patched-icount1.txt" \
    --run icount2 "$r/$a-boot-unpatched-icount2.txt" "$r/$a-boot-patched-icount2.txt"
done
g=$r/rig-race
expect "old init.c" 1 'arm old unpatched: unload plain sha256_arm: rc -1 errno 11' arm \
  --run old "$g/arm-boot-unpatched-oldinit-pad1.txt" "$g/arm-boot-patched-oldinit.txt"
expect "old init.c" 1 'arm old patched: crypto self-test sha256-neon: unknown' arm \
  --run old "$g/arm-boot-unpatched-oldinit-pad1.txt" "$g/arm-boot-patched-oldinit.txt"
expect "no wait" 1 'arm nowait unpatched: 2 /proc/crypto entries of self-tests still pending' arm \
  --run nowait "$g/arm-boot-unpatched-nowait.txt" "$g/arm-boot-patched-nowait.txt"
exit $bad
