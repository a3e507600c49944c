#!/bin/sh
# check-cli.sh -- the relopt command's file handling and usage errors,
# each case a regression test for something a fresh user found:
# an -o naming a FIFO or device was replaced by a regular file; an empty
# -o gave exit 1, not 2; a 250-byte file name could not be rewritten in
# place (temporary name past NAME_MAX); -o ignored the umask; both -> gnu
# was refused; --plugin-path named an absent file in a build tree; an
# in-place run with nothing to change replaced the file; plain --check
# passed a file without tables; -o - made a file named "-".
set -u
RELOPT=${RELOPT:-src/relopt}
case $RELOPT in /*) ;; *) RELOPT=$(pwd)/$RELOPT ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok () { pass=$((pass+1)); }
bad () { fail=$((fail+1)); echo "FAIL: $*"; }
cd "$tmp" || exit 99
printf '.text\n.globl f, g\nf: call g\ng: call ext\n.data\n.globl d\nd: .quad f\n' > a.s
as a.s -o a.o || exit 99
cp a.o orig.o

# 1. -o naming a FIFO: refused, the FIFO stays a FIFO.
mkfifo fifo
"$RELOPT" -o fifo a.o 2>err; st=$?
if [ $st = 1 ] && [ -p fifo ] && grep -q "not a regular file" err; then ok; else bad "-o FIFO: exit $st, $(cat err)"; fi
# 2. -o naming a directory.
mkdir dir
"$RELOPT" -o dir a.o 2>err; st=$?
if [ $st = 1 ] && [ -d dir ] && grep -q "Is a directory" err; then ok; else bad "-o dir: exit $st"; fi
# 3. usage errors are exit 2 and say "relopt:".
"$RELOPT" --output= a.o 2>err; st=$?
[ $st = 2 ] && ok || bad "--output= gave $st"
"$RELOPT" --no-such-option a.o 2>err; st=$?
if [ $st = 2 ] && grep -q "^relopt: unknown option '--no-such-option'" err; then ok; else bad "unknown option: exit $st, $(cat err)"; fi
cmp -s a.o orig.o && ok || bad "input changed by a failed run"
# 4. a 250-byte file name, in place.
long=$(printf 'x%.0s' $(seq 1 248)).o
cp a.o "$long"
"$RELOPT" "$long" 2>err && "$RELOPT" --check "$long" && ok || bad "long name: $(cat err)"
ls -a | grep -q reloptXX && bad "temporary file left" || ok
# 5. a new -o file: the input's mode less the umask.
chmod 666 a.o
(umask 077 && "$RELOPT" -o new.o a.o) || bad "-o new.o failed"
m=$(stat -c %a new.o)
[ "$m" = 600 ] && ok || bad "new -o file mode $m, want 600 (0666 & ~077)"
# 6. both -> gnu -> both: identical to a fresh both, never refused.
"$RELOPT" --hash-style=both -o b1.o orig.o && "$RELOPT" -o g.o b1.o \
  && "$RELOPT" --hash-style=both -o b2.o g.o && cmp -s b1.o b2.o && ok \
  || bad "both -> gnu -> both"
# 7. --plugin-path names a file that exists (installed, or in the build tree).
p=$("$RELOPT" --plugin-path)
[ -f "$p" ] && ok || bad "--plugin-path printed '$p', which does not exist"
# 8. in place, a result equal to the file's bytes leaves the file alone
# (DESIGN 7): same inode, same mtime, a hard link still shares it, no
# temporary file.  Control: a run that changes the bytes gives a new
# inode (so the comparison can fail).
"$RELOPT" --hash-style=both -o same.o orig.o
ln same.o same-link.o
touch -d '2001-02-03 04:05:06' same.o
before=$(stat -c '%i %Y %h' same.o)
"$RELOPT" --hash-style=both same.o 2>err || bad "in place, unchanged: $(cat err)"
after=$(stat -c '%i %Y %h' same.o)
[ "$before" = "$after" ] && ok || bad "unchanged result rewrote the file: '$before' -> '$after'"
[ "$(stat -c %i same-link.o)" = "$(stat -c %i same.o)" ] && ok || bad "hard link broken"
ls -a | grep -q reloptXX && bad "temporary file left" || ok
"$RELOPT" --hash-style=sysv same.o 2>err || bad "in place, changed: $(cat err)"
[ "$(stat -c %i same.o)" != "${before%% *}" ] && ok \
  || bad "control: a changed result kept the inode (the test above proves nothing)"
# 9. plain --check on an object relopt never touched fails with "no hash
# tables"; --hash-style=none accepts it.
"$RELOPT" --check orig.o 2>err; st=$?
if [ $st = 1 ] && grep -q "^relopt: orig.o: .*no hash tables" err; then ok; else bad "--check of an unprocessed object: exit $st, $(cat err)"; fi
"$RELOPT" --check --hash-style=none orig.o 2>err && ok || bad "--check --hash-style=none of an unprocessed object: $(cat err)"
# 10. GNU conventions: -h and -V are --help and --version; --version
# carries the copyright and licence lines; -o - writes standard output
# (the same bytes as -o FILE), never to a terminal, and leaves no file
# named "-".
"$RELOPT" -h | grep -q "^Usage: relopt" && ok || bad "-h"
"$RELOPT" -V > ver && grep -q "^relopt " ver && grep -q "^Copyright" ver \
  && grep -q "GPLv3+" ver && ok || bad "-V: $(cat ver)"
"$RELOPT" --help | grep -q "hash-style=STYLE, no-merge-strtab" && ok \
  || bad "--help does not list the -plugin-opt names"
"$RELOPT" --hash-style=both -o out.o orig.o && "$RELOPT" --hash-style=both -o - orig.o > stdout.o \
  && cmp -s out.o stdout.o && [ ! -e ./- ] && cmp -s a.o orig.o && ok || bad "-o -"
echo "check-cli: $pass passed, $fail failed"
[ $fail = 0 ]
