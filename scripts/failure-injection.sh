#!/bin/bash
# failure-injection.sh -- the write path under failure (issue 5, doc/design.md
# "Bad input and failure: nothing lost").  Run by `make check'.
# Its home is scripts/: it injects failures into the file system and the
# process around a valid input (limits, permissions, files changed during
# the run), where fuzz/ mutates the input itself.
#
# Cases (each checks: exit status, the message names what failed, the
# original file byte-identical, no temporary file .NAME.reloptXXXXXX left):
#   fsize-o        prlimit --fsize below the output size, -o NEW
#   fsize-inplace  the same, in place
#   missing-dir    -o DIR/OUT with DIR missing
#   ro-dir         in place and -o in a read-only directory  (as nobody)
#   ro-file        in place on a read-only file               (as nobody)
#   vanish         the input is removed during the run (LD_PRELOAD shim
#                  scripts/vanish.c, compiled here, acts right after
#                  the temporary file is created): exit 1, not resurrected
#   replaced       the input is replaced by another file during the run:
#                  exit 1, the new file is left alone
#   symlink        in place through a symlink and -o to a symlink: the
#                  target is rewritten, the link stays a link, mode kept
#   out-is-dir     -o names an existing directory
#   fifo           the input is a FIFO: refused at once, never blocks
#   concurrent     two relopt processes on one file at once, repeated:
#                  each exits 0 or 1 cleanly, the result is the rewrite
#   nomem          in place on an object of 140,000 names that tie in
#                  pairs (past the strtab merge's 2^17 threshold), each
#                  of its large allocations failing in turn (LD_PRELOAD
#                  shim scripts/failmalloc.c): exit 1 with "out of
#                  memory", the file unchanged, nothing left; skipped in
#                  sanitizer builds (their runtime owns malloc)
# Root ignores file permissions, so ro-dir and ro-file run as user nobody
# (setpriv or runuser); they are skipped with a message when that is
# impossible.  A case whose tool is missing (prlimit, cc) is skipped.
set -u
. "$(dirname "$0")/common.sh"
relopt_test_start failure-injection
# The LD_PRELOAD shim (vanish) loads before the ASan runtime.
ASAN_OPTIONS=$ASAN_OPTIONS:verify_asan_link_order=0
chmod 755 "$tmp"
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
# A copy every user can run (the build tree may be private to root).
cp "$relopt" "$tmp/relopt"
relopt=$tmp/relopt
chmod 755 "$relopt"

npass=0 nfail=0 nskip=0
pass () { echo "PASS: $1"; npass=$((npass + 1)); }
skip () { echo "SKIP: $1: $2"; nskip=$((nskip + 1)); }
failc () { echo "FAIL: $1: $2"; nfail=$((nfail + 1)); }

if ! bash "$srcdir/fuzz/make-seeds.sh" "$tmp/seeds" > /dev/null 2> "$tmp/seeds.err" \
   || [ ! -f "$tmp/seeds/x86_64.o" ]; then
  cat "$tmp/seeds.err"
  echo "failure-injection: SKIPPED: cannot assemble a test object (install binutils)"
  exit 77
fi
in=$tmp/seeds/x86_64.o
other=$tmp/seeds/x86_64-many.o
"$relopt" -o "$tmp/ref.o" "$in" || { echo "failure-injection: relopt fails on a valid object"; exit 1; }
outsize=$(stat -c %s "$tmp/ref.o")

# leftovers DIR...: temporary files relopt may have left.
leftovers () { find "$@" -maxdepth 1 -name '.*.relopt*' 2>/dev/null; }
# verdict CASE STATUS WANT_STATUS ERRFILE REGEX: exit status and message.
verdict_msg () {
  local c=$1 st=$2 want=$3 errf=$4 re=$5
  if grep -q -E 'Sanitizer|runtime error:' "$errf"; then
    failc "$c" "sanitizer report: $(head -5 "$errf")"; return 1
  fi
  if [ "$st" != "$want" ]; then
    failc "$c" "exit status $st, expected $want; stderr: $(cat "$errf")"; return 1
  fi
  if [ "$want" = 1 ] && ! grep -q -E "^relopt: .*: .*($re)" "$errf"; then
    failc "$c" "message does not say what failed (want /$re/): $(cat "$errf")"; return 1
  fi
  return 0
}

# --- fsize-o ---------------------------------------------------------
c=fsize-o
if command -v prlimit > /dev/null; then
  d=$tmp/$c; mkdir "$d"; cp "$in" "$d/in.o"
  prlimit --fsize=$((outsize / 2)) "$relopt" -o "$d/out.o" "$d/in.o" 2> "$d/err"
  st=$?
  if verdict_msg $c $st 1 "$d/err" "File too large|cannot write"; then
    if ! cmp -s "$in" "$d/in.o"; then failc $c "input modified"
    elif [ -e "$d/out.o" ]; then failc $c "a partial output was left"
    elif [ -n "$(leftovers "$d")" ]; then failc $c "temporary left: $(leftovers "$d")"
    else pass "$c ($(head -1 "$d/err"))"; fi
  fi
else
  skip $c "prlimit not installed (util-linux)"
fi

# --- fsize-inplace ---------------------------------------------------
c=fsize-inplace
if command -v prlimit > /dev/null; then
  d=$tmp/$c; mkdir "$d"; cp "$in" "$d/w.o"
  prlimit --fsize=$((outsize / 2)) "$relopt" "$d/w.o" 2> "$d/err"
  st=$?
  if verdict_msg $c $st 1 "$d/err" "File too large|cannot write"; then
    if ! cmp -s "$in" "$d/w.o"; then failc $c "original modified"
    elif [ -n "$(leftovers "$d")" ]; then failc $c "temporary left: $(leftovers "$d")"
    else pass "$c ($(head -1 "$d/err"))"; fi
  fi
else
  skip $c "prlimit not installed (util-linux)"
fi

# --- missing-dir -----------------------------------------------------
c=missing-dir
d=$tmp/$c; mkdir "$d"; cp "$in" "$d/in.o"
"$relopt" -o "$d/nodir/out.o" "$d/in.o" 2> "$d/err"
st=$?
if verdict_msg $c $st 1 "$d/err" "No such file or directory"; then
  if ! cmp -s "$in" "$d/in.o"; then failc $c "input modified"
  elif [ -e "$d/nodir" ]; then failc $c "the directory was created"
  else pass "$c ($(head -1 "$d/err"))"; fi
fi

# --- out-is-dir: -o names a directory ----------------------------------
c=out-is-dir
d=$tmp/$c; mkdir -p "$d/sub"; cp "$in" "$d/in.o"
"$relopt" -o "$d/sub" "$d/in.o" 2> "$d/err"
st=$?
if verdict_msg $c $st 1 "$d/err" "Is a directory|Not a directory"; then
  if ! cmp -s "$in" "$d/in.o"; then failc $c "input modified"
  elif [ ! -d "$d/sub" ] || [ -n "$(ls -A "$d/sub")" ]; then failc $c "the directory was changed"
  elif [ -n "$(leftovers "$d" "$d/sub")" ]; then failc $c "temporary left"
  else pass "$c ($(head -1 "$d/err"))"; fi
fi

# --- fifo: an input that is not a regular file must not block ---------
c=fifo
d=$tmp/$c; mkdir "$d"
if mkfifo "$d/p.o" 2> /dev/null; then
  timeout -k 5 60 "$relopt" "$d/p.o" 2> "$d/err"
  st=$?
  timeout -k 5 60 "$relopt" --check "$d/p.o" 2> "$d/err2"
  st2=$?
  if [ $st = 124 ] || [ $st = 137 ] || [ $st2 = 124 ]; then
    failc $c "relopt blocked opening a FIFO (killed by timeout)"
  elif verdict_msg $c $st 1 "$d/err" "not a regular file" \
       && verdict_msg "$c (--check)" $st2 1 "$d/err2" "not a regular file"; then
    if [ ! -p "$d/p.o" ]; then failc $c "the FIFO was replaced"
    elif [ -n "$(leftovers "$d")" ]; then failc $c "temporary left"
    else pass "$c ($(head -1 "$d/err"))"; fi
  fi
else
  skip $c "mkfifo failed"
fi

# --- unprivileged cases ---------------------------------------------
asuser=
if [ "$(id -u)" != 0 ]; then
  asuser=env   # already unprivileged
elif id nobody > /dev/null 2>&1; then
  if command -v setpriv > /dev/null; then
    asuser="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups --"
  elif command -v runuser > /dev/null; then
    asuser="runuser -u nobody --"
  fi
fi
probe=$tmp/probe; mkdir "$probe"; echo x > "$probe/f"; chmod 444 "$probe/f"
[ "$(id -u)" = 0 ] && chown -R nobody "$probe" 2> /dev/null
if [ -n "$asuser" ] && $asuser "$relopt" --version > /dev/null 2>&1 \
   && ! $asuser sh -c "echo y > '$probe/f'" 2> /dev/null; then
  # ro-dir: in place and -o into a directory nobody cannot write.
  c=ro-dir
  d=$tmp/$c; mkdir "$d"; cp "$in" "$d/w.o"; chmod 644 "$d/w.o"
  [ "$(id -u)" = 0 ] && chown -R nobody "$d"
  chmod 555 "$d"
  $asuser "$relopt" "$d/w.o" 2> "$tmp/$c.err"
  st=$?
  $asuser "$relopt" -o "$d/out.o" "$d/w.o" 2> "$tmp/$c.err2"
  st2=$?
  if verdict_msg $c $st 1 "$tmp/$c.err" "Permission denied" \
     && verdict_msg "$c (-o)" $st2 1 "$tmp/$c.err2" "Permission denied"; then
    if ! cmp -s "$in" "$d/w.o"; then failc $c "original modified"
    elif [ -e "$d/out.o" ]; then failc $c "output created"
    elif [ -n "$(leftovers "$d")" ]; then failc $c "temporary left"
    else pass "$c ($(head -1 "$tmp/$c.err"))"; fi
  fi
  chmod 755 "$d"

  # ro-file: the directory is writable, the file is not.
  c=ro-file
  d=$tmp/$c; mkdir "$d"; cp "$in" "$d/w.o"
  [ "$(id -u)" = 0 ] && chown -R nobody "$d"
  chmod 444 "$d/w.o"
  $asuser "$relopt" "$d/w.o" 2> "$tmp/$c.err"
  st=$?
  if verdict_msg $c $st 1 "$tmp/$c.err" "read-only|Permission denied"; then
    if ! cmp -s "$in" "$d/w.o"; then failc $c "original modified"
    elif [ "$(stat -c %a "$d/w.o")" != 444 ]; then failc $c "mode changed"
    elif [ -n "$(leftovers "$d")" ]; then failc $c "temporary left"
    else pass "$c ($(head -1 "$tmp/$c.err"))"; fi
  fi
else
  skip ro-dir "cannot run as an unprivileged user (root ignores permissions; need user nobody and setpriv/runuser)"
  skip ro-file "cannot run as an unprivileged user (root ignores permissions; need user nobody and setpriv/runuser)"
fi

# --- vanish / replaced -------------------------------------------------
cc=${CC:-cc}
command -v "$cc" > /dev/null || cc=gcc
if command -v "$cc" > /dev/null \
   && "$cc" -shared -fPIC -O2 -o "$tmp/vanish.so" "$srcdir/scripts/vanish.c" -ldl 2> "$tmp/cc.err"; then
  c=vanish
  d=$tmp/$c; mkdir "$d"; cp "$in" "$d/w.o"
  LD_PRELOAD=$tmp/vanish.so VANISH_PATH=$d/w.o "$relopt" "$d/w.o" 2> "$d/err"
  st=$?
  if verdict_msg $c $st 1 "$d/err" "vanished|No such file"; then
    if [ -e "$d/w.o" ]; then failc $c "the vanished input was resurrected"
    elif [ -n "$(leftovers "$d")" ]; then failc $c "temporary left"
    else pass "$c ($(head -1 "$d/err"))"; fi
  fi
  c=replaced
  d=$tmp/$c; mkdir "$d"; cp "$in" "$d/w.o"
  LD_PRELOAD=$tmp/vanish.so VANISH_PATH=$d/w.o VANISH_MODE=replace \
    VANISH_WITH=$other "$relopt" "$d/w.o" 2> "$d/err"
  st=$?
  if verdict_msg $c $st 1 "$d/err" "changed during the run"; then
    if ! cmp -s "$other" "$d/w.o"; then failc $c "the replacing file was overwritten"
    elif [ -n "$(leftovers "$d")" ]; then failc $c "temporary left"
    else pass "$c ($(head -1 "$d/err"))"; fi
  fi
else
  cat "$tmp/cc.err" 2> /dev/null
  skip vanish "no C compiler to build the LD_PRELOAD shim"
  skip replaced "no C compiler to build the LD_PRELOAD shim"
fi

# --- symlink -----------------------------------------------------------
c=symlink
d=$tmp/$c; mkdir -p "$d/a" "$d/b"
cp "$in" "$d/b/real.o"; chmod 640 "$d/b/real.o"
ln -s ../b/real.o "$d/a/link.o"
"$relopt" "$d/a/link.o" 2> "$d/err"
st=$?
cp "$in" "$d/b/real2.o"
ln -s ../b/real2.o "$d/a/link2.o"
"$relopt" -o "$d/a/link2.o" "$in" 2> "$d/err2"
st2=$?
if verdict_msg $c $st 0 "$d/err" "" && verdict_msg "$c (-o)" $st2 0 "$d/err2" ""; then
  if [ ! -L "$d/a/link.o" ] || [ "$(readlink "$d/a/link.o")" != ../b/real.o ]; then
    failc $c "the link was replaced"
  elif [ ! -L "$d/a/link2.o" ]; then failc $c "the -o link was replaced"
  elif ! cmp -s "$tmp/ref.o" "$d/b/real.o" || ! cmp -s "$tmp/ref.o" "$d/b/real2.o"; then
    failc $c "the link's target is not the rewrite"
  elif [ "$(stat -c %a "$d/b/real.o")" != 640 ]; then
    failc $c "mode not kept: $(stat -c %a "$d/b/real.o")"
  elif [ -n "$(leftovers "$d/a" "$d/b")" ]; then failc $c "temporary left"
  else pass "$c (target rewritten, link kept, mode 640 kept)"; fi
fi

# --- concurrent ------------------------------------------------------
c=concurrent
d=$tmp/$c; mkdir "$d"
big=$d/big.o
{
  echo "	.text"
  for i in $(seq 1 3000); do echo "	.globl g$i"; echo "g$i:	call h$((i % 97))"; done
} > "$d/big.s"
if as --64 -o "$big" "$d/big.s" 2> /dev/null; then
  "$relopt" -o "$d/bigref.o" "$big"
  ok=1 both0=0 one1=0
  for i in $(seq 1 10); do
    cp "$big" "$d/w.o"
    "$relopt" "$d/w.o" 2> "$d/e1" & p1=$!
    "$relopt" "$d/w.o" 2> "$d/e2" & p2=$!
    wait $p1; s1=$?
    wait $p2; s2=$?
    for k in 1 2; do
      eval s=\$s$k
      if [ "$s" = 1 ]; then
        one1=$((one1 + 1))
        verdict_msg "$c run $i/$k" 1 1 "$d/e$k" "changed during the run|vanished" || ok=0
      elif [ "$s" != 0 ]; then
        verdict_msg "$c run $i/$k" "$s" 0 "$d/e$k" ""; ok=0
      fi
    done
    [ "$s1$s2" = 00 ] && both0=$((both0 + 1))
    if ! cmp -s "$d/bigref.o" "$d/w.o"; then failc $c "run $i: result is not the rewrite"; ok=0; fi
    if [ -n "$(leftovers "$d")" ]; then failc $c "run $i: temporary left"; ok=0; fi
  done
  [ $ok = 1 ] && pass "$c (10 pairs: $both0 with both exiting 0, $one1 clean refusals; result always the rewrite)"
else
  skip $c "as --64 cannot build the large object"
fi

# --- nomem -----------------------------------------------------------
# A bug this found (2026-12-05): the merge's runs were freed on a failed
# allocation but their count was kept, and the caller read them.
c=nomem
d=$tmp/$c; mkdir "$d"
if ldd "$relopt" 2> /dev/null | grep -q 'libasan\|libubsan' \
   || nm "$relopt" 2> /dev/null | grep -q '__asan_init\|__ubsan_handle'; then
  skip $c "a sanitizer build (its runtime replaces malloc)"
elif ! "$cc" -shared -fPIC -O2 -o "$tmp/failmalloc.so" "$srcdir/scripts/failmalloc.c" 2> "$tmp/cc.err"; then
  cat "$tmp/cc.err"
  skip $c "no C compiler to build the LD_PRELOAD shim"
elif ! awk 'BEGIN { for (i = 0; i < 70000; i++)
                      printf ".set lf_%06d, %d\n.set mf_%06d, %d\n", i, i, i, i }' \
        > "$d/names.s" || ! as --64 -o "$d/names.o" "$d/names.s" 2> /dev/null; then
  skip $c "as --64 cannot build the object"
else
  ok=1 n=0
  while :; do
    cp "$d/names.o" "$d/w.o"
    LD_PRELOAD=$tmp/failmalloc.so FAILMALLOC_AT=$n "$relopt" "$d/w.o" 2> "$d/err"
    st=$?
    [ $st = 0 ] && break # no allocation left to fail
    if ! verdict_msg "$c at $n" $st 1 "$d/err" "out of memory|Cannot allocate memory"; then ok=0
    elif ! cmp -s "$d/names.o" "$d/w.o"; then failc $c "at $n: the file changed"; ok=0
    elif [ -n "$(leftovers "$d")" ]; then failc $c "at $n: temporary left"; ok=0; fi
    n=$((n + 1))
    [ $n -gt 500 ] && { failc $c "more than 500 large allocations"; ok=0; break; }
  done
  if [ $ok = 1 ] && [ $n -gt 0 ] && cmp -s "$d/w.o" "$d/names.o"; then
    failc $c "the run without a failure did not rewrite the file"
  elif [ $ok = 1 ]; then
    pass "$c ($n large allocations, each failing in turn: exit 1 saying so, file unchanged)"
  fi
fi

echo "failure-injection: $npass passed, $nfail failed, $nskip skipped"
[ $nfail -eq 0 ]
