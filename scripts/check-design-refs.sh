#!/bin/sh
# check-design-refs.sh -- the contract lives in the tree, as doc/design.md,
# and every reference to it says so.  Fails (listing file:line) when any
# file of the source tree other than doc/design.md and this script names
# the old out-of-tree document: the word DESIGN in capitals, as in
# "../shared/DESIGN.md", "DESIGN.md, output contract 6", "DESIGN 2" or
# 'DESIGN "Interfaces"'.
#
#   check-design-refs.sh [--srcdir DIR]         check (make check)
#   check-design-refs.sh [--srcdir DIR] --fix   rewrite every reference
#
# --fix maps "../shared/DESIGN.md" and "DESIGN.md" to "doc/design.md" and
# a bare "DESIGN" (followed by a rule number, a quoted section name, ":",
# "'s" or nothing) to "doc/design.md".  The contract rules keep their
# numbers (1 to 9) and the section names their titles in doc/design.md,
# so "DESIGN 6" becomes "doc/design.md 6" and still means rule 6.  Then
# it reformats the C files it changed under the directories `make
# format-check' covers (comments reflow), with clang-format 14 when
# present.  The files come from `git ls-files' in a git checkout, else
# from find (build directories, those holding a config.status, are
# skipped).
set -u
fix=no
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
while [ $# -gt 0 ]; do
  case $1 in
    --fix) fix=yes; shift ;;
    --srcdir) srcdir=${2:?--srcdir needs a DIR}; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "check-design-refs: unknown argument: $1" >&2; exit 2 ;;
  esac
done
cd "$srcdir" || exit 99
self=scripts/check-design-refs.sh

list_files () {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -co --exclude-standard
  else
    find . \( -name .git -o -name autom4te.cache \) -prune -o \
      -type d -exec test -e '{}/config.status' \; -prune -o \
      -type f -print | sed 's|^\./||'
  fi | grep -v -x -e doc/design.md -e "$self" | LC_ALL=C sort
}

# Files (text only) that name the old document.
offenders () {
  list_files | while IFS= read -r f; do
    [ -f "$f" ] && grep -Iqw DESIGN "$f" && printf '%s\n' "$f"
  done
}

if [ $fix = yes ]; then
  files=$(offenders)
  [ -n "$files" ] || { echo "check-design-refs: nothing to replace"; exit 0; }
  for f in $files; do
    perl -pi -e 's{(?:\.\./shared/)?\bDESIGN\.md\b}{doc/design.md}g;
                 s{\bDESIGN\b}{doc/design.md}g' "$f"
  done
  n=$(printf '%s\n' $files | wc -l)
  echo "check-design-refs: rewrote references in $n files"
  v=$(clang-format --version 2>/dev/null | sed -n 's/.*version \([0-9]*\)\..*/\1/p')
  cfiles=$(printf '%s\n' $files |
    grep -E '^(bfdext|src|plugin|tests|bench|fuzz|scripts)/.*\.[ch]$')
  if [ -n "$cfiles" ] && [ "$v" = 14 ]; then
    clang-format -i $cfiles
    echo "check-design-refs: clang-format 14 reflowed $(printf '%s\n' $cfiles | wc -l) C files"
  elif [ -n "$cfiles" ]; then
    echo "check-design-refs: clang-format 14 not found: run \`make format' on:" $cfiles
  fi
fi

bad=$(offenders)
if [ -n "$bad" ]; then
  for f in $bad; do grep -nw DESIGN "$f" | sed "s|^|$f:|"; done
  echo "check-design-refs: FAIL: $(printf '%s\n' $bad | wc -l) files refer to the old out-of-tree contract; run scripts/check-design-refs.sh --fix"
  exit 1
fi
echo "check-design-refs: no reference outside doc/design.md"
