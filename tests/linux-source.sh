# linux-source.sh -- files from Debian's kernel source package, for the
# tests that need kernel files but no kernel build; sourced after
# scripts/common.sh (it uses relopt_kbuild_cache).
#
# relopt_linux_source VERSION SET FILE...: print a directory that holds
# FILE... (paths inside the kernel tree, e.g. scripts/checkpatch.pl) as
# /usr/src/linux-source-VERSION.tar.xz (Debian's linux-source-VERSION)
# has them.  The files are extracted once, into
# $(relopt_kbuild_cache)/linux-source-VERSION/SIZE-MTIME/SET (SIZE and
# MTIME of the tarball, so a new package upload gets a new directory; a
# directory appears only when complete, so parallel tests never see half
# of one), because xz cannot seek: a first extraction reads the whole
# 150 MB tarball (about a minute on a loaded 2-core machine), later ones
# cost nothing.  Returns 77 and prints nothing when the package is not
# installed, 1 (saying why on stderr) when the extraction fails.
relopt_linux_source () {
  rls_ver=$1 rls_set=$2
  shift 2
  rls_tar=/usr/src/linux-source-$rls_ver.tar.xz
  [ -r "$rls_tar" ] || return 77
  rls_key=$(stat -c '%s-%Y' "$rls_tar") || return 1
  rls_dir=$(relopt_kbuild_cache)/linux-source-$rls_ver/$rls_key/$rls_set
  if [ ! -d "$rls_dir" ]; then
    mkdir -p "$(dirname "$rls_dir")" || return 1
    rls_tmp=$(mktemp -d "$rls_dir.tmp.XXXXXX") || return 1
    rls_members=
    for f in "$@"; do rls_members="$rls_members linux-source-$rls_ver/$f"; done
    # shellcheck disable=SC2086 # one word per member
    if ! tar -xJf "$rls_tar" -C "$rls_tmp" --strip-components=1 $rls_members; then
      echo "relopt_linux_source: cannot extract$rls_members from $rls_tar" >&2
      rm -rf "$rls_tmp"
      return 1
    fi
    # Another test may have finished first: keep its copy.
    mv -T "$rls_tmp" "$rls_dir" 2>/dev/null || rm -rf "$rls_tmp"
  fi
  echo "$rls_dir"
}
