#!/bin/bash
# check-module.sh -- run relopt over real modules and check each output.
#
# Usage: check-module.sh MODULE...      (normally run by real-modules.sh)
#
# Environment (all set by real-modules.sh):
#   RELOPT            the relopt command under test
#   REAL_DATA         root of the unpacked packages: REAL_DATA/ARCH/lib/...
#   REAL_WORK         scratch directory (one subdirectory per module)
#   REAL_KEEP         where the files of a failing module are kept
#   REAL_READELF      GNU readelf (default readelf)
#   REAL_ELFLINT      1 to run eu-elflint too
#   REAL_TIMEOUT      seconds allowed per relopt run (default 300)
#   REAL_ADDRCHECK    scripts/real/addrorder-check, built
#   REAL_SRCDIR       the source tree (for testsuite/relopt.dump/addrorder.py)
#
# For each module (.ko, or .ko.xz/.ko.zst/.ko.gz, decompressed first):
#   rewrite    relopt --hash-style=both --drop-signature -o OUT IN (a
#              module: .addrorder by default, doc/design.md 9)
#   check      relopt --check --hash-style=both --addr-order=yes OUT
#   against    relopt --check --against IN OUT (IN keeps its signature; if
#              that fails and the same check against IN with the signature
#              cut off passes, the module passes with the note "against-nosig")
#   readelf    readelf -a -W OUT: exit 0, empty stderr, no "Warning:" lines
#   idempotent relopt --hash-style=both -o OUT2 OUT; cmp OUT OUT2
#   symbols    sorted (value size type bind vis ndx name) lists of IN and OUT
#              equal, once from readelf -s -W and once from eu-readelf -s
#   relocs     readelf -r -W of IN and OUT equal modulo order (r_info column,
#              which holds the renumbered symbol index, left out)
#   sections   readelf -S -W: the original sections keep index, name, type,
#              address, size, entsize, flags, link, info, alignment (sizes of
#              .strtab and .shstrtab may change); the new sections are
#              .hash, .gnu.hash and .addrorder
#   addrorder  testsuite/relopt.dump/addrorder.py: OUT's .addrorder is
#              byte-identical to that independent reference; then
#              addrorder-check OUT: the loader library validates it, and
#              for two simulated kernel placements rlo_addrorder_lookup
#              answers what find_kallsyms_symbol()'s loop answers for
#              every symbol's first, middle and last byte, the gaps and
#              padding, each region's first and last byte; and the size
#              cost: OUT against relopt --addr-order=no's output
#   elflint    (REAL_ELFLINT=1) eu-elflint --gnu-ld OUT reports nothing that
#              it does not report for IN, once doc/design.md's "Checkers" messages
#              are filtered out (see elflint-filter.sed)
#
# Output, one line per failed check and one per module (tab-separated):
#   FAIL  ARCH  MODULE  CHECK  MESSAGE
#   RESULT ARCH MODULE pass|fail STRTAB_IN STRTAB_OUT SIZE_IN SIZE_IN_NOSIG
#          SIZE_OUT NOTES
#   ADDR   ARCH MODULE ENTRIES ADDRESSES DIFFERENCES MERGES_REFUSED
#          BYTES_ADDED (addrorder, when it ran)

set -u
export LC_ALL=C

relopt=${RELOPT:?RELOPT not set}
data=${REAL_DATA:?REAL_DATA not set}
work=${REAL_WORK:?REAL_WORK not set}
keep=${REAL_KEEP:?REAL_KEEP not set}
readelf=${REAL_READELF:-readelf}
elflint=${REAL_ELFLINT:-0}
tmo=${REAL_TIMEOUT:-300}
addrcheck=${REAL_ADDRCHECK:?REAL_ADDRCHECK not set}
here=$(cd "$(dirname "$0")" && pwd)
srcdir=${REAL_SRCDIR:-$here/../..}

# One line of at most 400 characters from a diagnostics file.
oneline () {
  head -n 4 "$1" | tr '\t\n' '  ' | sed 's/  *$//' | cut -c 1-400
}

# What an exit status says when it is not an ordinary failure.
status_word () {
  case $1 in
    124) echo "timed out after ${tmo}s" ;;
    12[5-9]|1[3-9][0-9]|2[0-4][0-9]) echo "killed by signal $(($1 - 128))" ;;
    *) echo "exit $1" ;;
  esac
}

# run LOG CMD...: run a relopt command with a time limit; its stderr and
# stdout go to LOG.  Returns the exit status.
run () {
  local log=$1
  shift
  timeout -k 5 "$tmo" "$@" >"$log" 2>&1
}

# Length of the module signature trailer of FILE (0 when there is none).
# Layout: ... data | signature (sig_len) | struct module_signature (12
# bytes: algo, hash, id_type, signer_len, key_id_len, pad[3], be32 sig_len)
# | "~Module signature appended~\n" (28 bytes).
sig_trailer () {
  local f=$1 size b
  size=$(stat -c %s "$f")
  [ "$size" -gt 40 ] || { echo 0; return; }
  if [ "$(tail -c 28 "$f" | od -An -c | tr -d ' \n')" != '~Modulesignatureappended~\n' ]; then
    echo 0
    return
  fi
  b=($(tail -c 40 "$f" | head -c 12 | od -An -tu1))
  echo $((28 + 12 + b[3] + b[4] + (b[8] << 24 | b[9] << 16 | b[10] << 8 | b[11])))
}

# split_readelf LISTING PREFIX: from one GNU readelf listing (-S -s -r -W
# or -a -W) write PREFIX.secs (section rows), PREFIX.readelf.syms (symbol
# rows) and PREFIX.rels (relocation rows), the last two sorted; print the
# size of .strtab (decimal, 0 if absent).
# Section rows drop the file offset, and the sizes of .strtab and .shstrtab
# (which may change).  Symbol rows drop the Num column, relocation rows the
# r_info column (renumbered symbol indices) and carry the section name.
split_readelf () {
  local p=$2 h
  h=$(awk -v p="$p" '
    BEGIN { printf "" > (p ".secs"); printf "" > (p ".syms.u"); printf "" > (p ".rels.u") }
    /^Section Headers:/ { blk = "S"; next }
    /^Symbol table / { blk = "s"; next }
    /^Relocation section / { blk = "r"; sec = $3; next }
    /^$/ || /^Key to Flags:/ { blk = ""; next }
    blk == "S" && /^ *\[ *[0-9]+\]/ {
      line = $0
      sub(/^ *\[ */, "", line); idx = line; sub(/\].*/, "", idx)
      sub(/^[0-9]+\] /, "", line)
      # name type addr off size es [flg] lk inf al; the name is empty only
      # for section 0.
      n = split(line, f, " ")
      if (idx == 0) { name = ""; k = 1 } else { name = f[1]; k = 2 }
      type = f[k]; addr = f[k+1]; size = f[k+3]; es = f[k+4]
      al = f[n]; inf = f[n-1]; lk = f[n-2]
      flg = (n - (k + 5) == 3) ? f[k+5] : ""
      if (name == ".strtab") strtab = size
      if (name == ".strtab" || name == ".shstrtab") size = "*"
      print idx, name, type, addr, size, es, flg, lk, inf, al > (p ".secs")
      next
    }
    blk == "s" && $1 ~ /^[0-9]+:$/ { $1 = ""; print > (p ".syms.u"); next }
    blk == "r" && $1 ~ /^[0-9a-f]+$/ { $2 = ""; print sec, $0 > (p ".rels.u"); next }
    END { print strtab }' "$1")
  sort "$p.syms.u" >"$p.readelf.syms"
  sort "$p.rels.u" >"$p.rels"
  rm -f "$p.syms.u" "$p.rels.u"
  echo $((16#${h:-0}))
}

# Symbol rows of eu-readelf -s without the Num column, sorted.
sym_rows () {
  awk '$1 ~ /^[0-9]+:$/ { $1 = ""; print }' "$1" | sort
}

# elflint messages, symbol numbers masked, doc/design.md's expected ones dropped.
lint_rows () {
  sed -E -f "$here/elflint-filter.sed" "$1" | sed -E 's/symbol [0-9]+/symbol #/g' | sort -u
}

check_one () {
  local mod=$1 rel arch name d fails=() notes=() st t
  rel=${mod#"$data"/}
  arch=${rel%%/*}
  name=${rel#*/}
  name=${name#lib/modules/*/kernel/}
  name=${name#usr/lib/modules/*/kernel/}
  d=$(mktemp -d "$work/m.XXXXXX")

  fail () {
    fails+=("$1")
    printf 'FAIL\t%s\t%s\t%s\t%s\n' "$arch" "$name" "$1" "$2"
  }

  case $mod in
    *.ko.xz) xz -dc "$mod" >"$d/in.ko" ;;
    *.ko.zst) zstd -qdc "$mod" >"$d/in.ko" ;;
    *.ko.gz) gzip -dc "$mod" >"$d/in.ko" ;;
    *) cp "$mod" "$d/in.ko" ;;
  esac || fail decompress "cannot read $mod"
  chmod u+w "$d/in.ko"
  cp "$d/in.ko" "$d/in.orig"

  local size_in size_nosig size_out=0 str_in str_out=0 trailer
  size_in=$(stat -c %s "$d/in.ko")
  trailer=$(sig_trailer "$d/in.ko")
  size_nosig=$((size_in - trailer))
  "$readelf" -S -s -r -W "$d/in.ko" >"$d/in.rd" 2>&1
  str_in=$(split_readelf "$d/in.rd" "$d/in")

  # rewrite
  if run "$d/rewrite.log" "$relopt" --hash-style=both --drop-signature -o "$d/out.ko" "$d/in.ko"; then
    [ -s "$d/out.ko" ] || fail rewrite "exit 0 but no output file"
  else
    st=$?
    fail rewrite "$(status_word $st): $(oneline "$d/rewrite.log")"
  fi
  if ! cmp -s "$d/in.ko" "$d/in.orig"; then
    fail rewrite "input file modified although -o was given"
  fi

  if [ ${#fails[@]} -eq 0 ]; then
    size_out=$(stat -c %s "$d/out.ko")

    # check
    if run "$d/check.log" "$relopt" --check --hash-style=both --addr-order=yes "$d/out.ko"; then :; else
      st=$?
      fail check "$(status_word $st): $(oneline "$d/check.log")"
    fi

    # against (IN as installed, with its signature)
    if run "$d/against.log" "$relopt" --check --against "$d/in.ko" "$d/out.ko"; then :; else
      st=$?
      if [ "$trailer" -gt 0 ]; then
        head -c "$size_nosig" "$d/in.ko" >"$d/in.nosig.ko"
        if run "$d/against-nosig.log" "$relopt" --check --against "$d/in.nosig.ko" "$d/out.ko"; then
          notes+=(against-nosig)
        else
          st=$?
          fail against "$(status_word $st): $(oneline "$d/against-nosig.log") [with signature: $(oneline "$d/against.log")]"
        fi
      else
        fail against "$(status_word $st): $(oneline "$d/against.log")"
      fi
    fi

    # readelf -a -W: no warnings
    "$readelf" -a -W "$d/out.ko" >"$d/out.a" 2>"$d/out.a.err"
    st=$?
    if [ $st -ne 0 ] || [ -s "$d/out.a.err" ]; then
      fail readelf "$(status_word $st): $(oneline "$d/out.a.err")"
    elif grep -qE '(^|[^_[:alnum:]])([Ww]arning:)' "$d/out.a"; then
      fail readelf "$(grep -E '(^|[^_[:alnum:]])([Ww]arning:)' "$d/out.a" | head -n 2 | tr '\n' ' ' | cut -c 1-400)"
    fi

    # idempotent
    if run "$d/again.log" "$relopt" --hash-style=both -o "$d/out2.ko" "$d/out.ko"; then
      if ! cmp "$d/out.ko" "$d/out2.ko" >"$d/cmp.log" 2>&1; then
        fail idempotent "second run output differs: $(oneline "$d/cmp.log")"
      fi
    else
      st=$?
      fail idempotent "second run: $(status_word $st): $(oneline "$d/again.log")"
    fi

    # symbols, through both readers
    str_out=$(split_readelf "$d/out.a" "$d/out")
    eu-readelf -s "$d/in.ko" >"$d/in.s" 2>&1
    eu-readelf -s "$d/out.ko" >"$d/out.s" 2>&1
    sym_rows "$d/in.s" >"$d/in.eu-readelf.syms"
    sym_rows "$d/out.s" >"$d/out.eu-readelf.syms"
    for t in readelf eu-readelf; do
      if ! cmp -s "$d/in.$t.syms" "$d/out.$t.syms"; then
        fail symbols "$t -s lists differ ($(wc -l <"$d/in.$t.syms") vs $(wc -l <"$d/out.$t.syms") symbols): $(diff "$d/in.$t.syms" "$d/out.$t.syms" | grep '^[<>]' | head -n 2 | tr '\n' ' ' | cut -c 1-300)"
      elif [ ! -s "$d/in.$t.syms" ]; then
        fail symbols "$t -s lists no symbols"
      fi
    done

    # relocations
    if ! cmp -s "$d/in.rels" "$d/out.rels"; then
      fail relocs "readelf -r lists differ ($(wc -l <"$d/in.rels") vs $(wc -l <"$d/out.rels")): $(diff "$d/in.rels" "$d/out.rels" | grep '^[<>]' | head -n 2 | tr '\n' ' ' | cut -c 1-300)"
    fi

    # sections
    local nin nout
    nin=$(wc -l <"$d/in.secs")
    nout=$(wc -l <"$d/out.secs")
    if ! head -n "$nin" "$d/out.secs" | cmp -s - "$d/in.secs"; then
      fail sections "original section headers changed: $(head -n "$nin" "$d/out.secs" | diff "$d/in.secs" - | grep '^[<>]' | head -n 2 | tr '\n' ' ' | cut -c 1-300)"
    else
      local extra
      extra=$(tail -n +$((nin + 1)) "$d/out.secs" | awk '{ print $2 }' | sort | tr '\n' ' ')
      case $extra in
        ".addrorder .gnu.hash .hash ") ;;
        *) fail sections "new sections are '${extra% }', expected .hash, .gnu.hash and .addrorder ($nin -> $nout sections)" ;;
      esac
    fi

    # addrorder: the reference, the loader library against the loop, the
    # bytes it costs
    if ! python3 "$srcdir/testsuite/relopt.dump/addrorder.py" "$d/out.ko" >"$d/ref.log" 2>&1; then
      fail addrorder "$(oneline "$d/ref.log")"
    fi
    if "$addrcheck" -v "$d/out.ko" >"$d/ao.log" 2>&1; then :; else
      st=$?
      fail addrorder "$(status_word $st): $(grep -v '^addrorder-check:' "$d/ao.log" | head -n 2 | tr '\n' ' ' | cut -c 1-300)"
    fi
    local ao_size=0
    if run "$d/noao.log" "$relopt" --hash-style=both --addr-order=no --drop-signature -o "$d/noao.ko" "$d/in.ko"; then
      ao_size=$((size_out - $(stat -c %s "$d/noao.ko")))
    else
      fail addrorder "--addr-order=no: $(oneline "$d/noao.log")"
    fi
    awk -v a="$arch" -v m="$name" -v b="$ao_size" '
      / entries, / { e = $2 }
      /^addrorder-check: / { n = $4; d = $6; r = $8 }
      END { printf "ADDR\t%s\t%s\t%d\t%d\t%d\t%d\t%d\n", a, m, e, n, d, r, b }' "$d/ao.log"

    # elflint
    if [ "$elflint" = 1 ]; then
      eu-elflint --gnu-ld "$d/in.ko" >"$d/in.lint" 2>&1
      eu-elflint --gnu-ld "$d/out.ko" >"$d/out.lint" 2>&1
      lint_rows "$d/in.lint" >"$d/in.lints"
      lint_rows "$d/out.lint" >"$d/out.lints"
      comm -13 "$d/in.lints" "$d/out.lints" >"$d/new.lints"
      if [ -s "$d/new.lints" ]; then
        fail elflint "$(wc -l <"$d/new.lints") new message(s): $(oneline "$d/new.lints")"
      fi
    fi
  fi

  local res=pass
  if [ ${#fails[@]} -gt 0 ]; then
    res=fail
    mkdir -p "$keep/$arch"
    local kd="$keep/$arch/${name//\//_}"
    rm -rf "$kd"
    mv "$d" "$kd"
    rm -f "$kd"/in.orig "$kd"/*.syms "$kd"/*.rels "$kd"/in.s "$kd"/out.s "$kd"/out.a "$kd"/in.rd
    echo "$mod" >"$kd/SOURCE"
  else
    rm -rf "$d"
  fi
  local IFS=,
  printf 'RESULT\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$arch" "$name" $res \
    "$str_in" "$str_out" "$size_in" "$size_nosig" "$size_out" "${notes[*]:-}"
}

for m in "$@"; do
  check_one "$m"
done
