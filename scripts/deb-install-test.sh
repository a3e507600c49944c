#!/bin/sh
# deb-install-test.sh -- relopt from its Debian packages, as a user gets
# it: dpkg -i the packages scripts/deb-build.sh made, then
#   1. relopt --version is configure.ac's version, relopt is /usr/bin/relopt
#   2. ld -r -plugin "$(relopt --plugin-path)" adds the tables to a link of
#      two objects; relopt --check --against the plain link (which loads
#      the libbfd helper from its private directory) proves it equivalent
#   3. man relopt and man relopt-plugin render, without groff warnings
#   4. the README's kbuild recipe on out-of-tree modules against Debian's
#      linux-headers (scripts/kbuild-install-test.sh with the installed
#      relopt: STRIP=relopt INSTALL_MOD_STRIP=..., signed after relopt)
#   5. librelopt-loader-dev: a loader compiles the installed source found
#      through pkg-config, freestanding, and looks a name up in the
#      .gnu.hash of the object from step 2
#   6. with --dkms: a real Debian DKMS package (acpi-call-dkms) built and
#      installed by dkms for the linux-headers kernel, through relopt's
#      hook (/usr/share/relopt/dkms-sign-file as DKMS's sign_file): the
#      installed module has relopt's table and DKMS's signature verifies
# Root only (dpkg -i; CI is root on a throwaway machine).  The packages
# stay installed.
#
#   scripts/deb-install-test.sh [--debs DIR] [--dkms] [--keep]
#
#   --debs DIR  the .debs (default: build-deb/ at the top of the checkout,
#               where scripts/deb-build.sh puts them)
#   --dkms      also step 6 (apt-get installs dkms and acpi-call-dkms)
#   --keep      keep the scratch directory
#
# Exit status: 0 pass, 1 fail, 77 skipped (not root, no packages).
set -u
. "$(dirname "$0")/common.sh"
relopt_messages deb-install-test
top=$(cd "$(dirname "$0")/.." && pwd)
debs=$top/build-deb
dkms=no
keep=no
while [ $# -gt 0 ]; do
  case $1 in
    --debs) [ $# -ge 2 ] || { echo "$0: --debs needs a DIR" >&2; exit 2; }
            debs=$(relopt_abspath "$2"); shift 2 ;;
    --dkms) dkms=yes; shift ;;
    --keep) keep=yes; shift ;;
    -h|--help) relopt_help; exit 0 ;;
    *) echo "$0: unknown argument: $1" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" = 0 ] || skip "needs root (dpkg -i)"
ls "$debs"/relopt_*.deb "$debs"/librelopt-loader-dev_*.deb >/dev/null 2>&1 \
  || skip "no relopt_*.deb and librelopt-loader-dev_*.deb in $debs (scripts/deb-build.sh)"
relopt_kbuild_workdir debinst

# 0. Install.
dpkg -i "$debs"/relopt_*.deb "$debs"/librelopt-loader-dev_*.deb > "$work/dpkg.log" 2>&1 \
  || { cat "$work/dpkg.log"; fail "dpkg -i"; }
say "installed: $(cd "$debs" && ls relopt_*.deb librelopt-loader-dev_*.deb | tr '\n' ' ')"

# 1. The command.
[ "$(command -v relopt)" = /usr/bin/relopt ] || fail "relopt on PATH is '$(command -v relopt)', not /usr/bin/relopt"
want=$(sed -n 's/^AC_INIT(\[relopt\], \[\([^]]*\)\].*/\1/p' "$top/configure.ac")
got=$(relopt --version | sed -n 1p)
[ "$got" = "relopt $want" ] || fail "relopt --version says '$got', configure.ac '$want'"
say "relopt --version: $got"

# 2. The ld plugin and the libbfd helper.
plugin=$(relopt --plugin-path)
case $plugin in /usr/lib/*/relopt/relopt.so) ;; *) fail "relopt --plugin-path is $plugin" ;; esac
[ -f "$plugin" ] || fail "$plugin is not installed"
cat > "$work/a.c" <<'EOF'
int relopt_b(int);
static int twice(int x) { return 2 * x; }
int relopt_a(int x) { return relopt_b(twice(x)) + 1; }
int relopt_counter;
EOF
cat > "$work/b.c" <<'EOF'
int relopt_a(int);
extern int relopt_counter;
int relopt_b(int x) { relopt_counter++; return x > 0 ? relopt_a(x - 1) : 0; }
int relopt_c(void) { return relopt_b(3); }
EOF
cc -O2 -c -o "$work/a.o" "$work/a.c" && cc -O2 -c -o "$work/b.o" "$work/b.c" || fail "cc"
ld -r -o "$work/plain.o" "$work/a.o" "$work/b.o" || fail "ld -r"
ld -r -plugin "$plugin" -plugin-opt hash-style=both -o "$work/out.o" \
  "$work/a.o" "$work/b.o" || fail "ld -r -plugin $plugin"
readelf -S -W "$work/out.o" | grep -q ' \.gnu\.hash  *GNU_HASH ' || fail "plugin: no .gnu.hash in the ld -r output"
readelf -S -W "$work/out.o" | grep -q ' \.hash  *HASH ' || fail "plugin: no .hash in the ld -r output"
relopt --check --hash-style=both --against "$work/plain.o" "$work/out.o" \
  || fail "relopt --check --against (the libbfd helper) on the plugin's output"
say "ld -r -plugin $plugin: .hash and .gnu.hash, equivalent to the plain link (relopt --check --against)"

# 3. The man pages.
for page in relopt relopt-plugin; do
  MANWIDTH=80 man --warnings "$page" > "$work/$page.txt" 2> "$work/$page.err" \
    || fail "man $page"
  [ ! -s "$work/$page.err" ] || { cat "$work/$page.err"; fail "man $page: warnings"; }
done
grep -q '^KERNEL BUILDS' "$work/relopt.txt" || fail "man relopt: no KERNEL BUILDS section"
say "man relopt ($(wc -l < "$work/relopt.txt") lines), man relopt-plugin ($(wc -l < "$work/relopt-plugin.txt") lines): no warnings"

# 4. The kbuild recipe, with the installed relopt.
sh "$top/scripts/kbuild-install-test.sh" --relopt /usr/bin/relopt \
  || fail "the kbuild recipe with /usr/bin/relopt (scripts/kbuild-install-test.sh)"

# 5. The loader library, compiled in from the -dev package.
src=$(pkg-config --variable=source relopt-loader) || fail "pkg-config relopt-loader"
[ "$src" = /usr/share/relopt-loader/relopt-loader.c ] || fail "pkg-config source is $src"
[ "$(pkg-config --modversion relopt-loader)" = "$want" ] || fail "relopt-loader.pc's version is not $want"
cc -std=c99 -ffreestanding -fno-builtin -Wall -Werror -c -o "$work/loader.o" \
  $(pkg-config --cflags relopt-loader) "$src" || fail "cc the installed relopt-loader.c"
[ -z "$(nm -u "$work/loader.o")" ] || fail "relopt-loader.o needs: $(nm -u "$work/loader.o")"
# A hosted loader of its own: read out.o (x86_64, from step 2), find
# .symtab, .strtab and .gnu.hash, validate, look names up.
cat > "$work/lookup.c" <<'EOF'
#include <elf.h>
#include <stdio.h>
#include <relopt-loader.h>

int main(int argc, char **argv)
{
	static unsigned char buf[1 << 20];
	FILE *f = fopen(argv[1], "rb");
	size_t n = f ? fread(buf, 1, sizeof(buf), f) : 0;
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)buf;
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(buf + eh->e_shoff);
	struct rlo_elf elf = { 0 };
	struct rlo_section hash = { 0 };
	struct rlo_gnu t;
	struct rlo_fault fault = { 0 };
	int i, st;

	if (n < sizeof(*eh) || eh->e_shoff + eh->e_shnum * sizeof(*sh) > n)
		return 2;
	for (i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type == SHT_SYMTAB) {
			elf.symtab = buf + sh[i].sh_offset;
			elf.symtab_size = sh[i].sh_size;
			elf.symtab_entsize = sh[i].sh_entsize;
			elf.symtab_index = i;
			elf.strtab = buf + sh[sh[i].sh_link].sh_offset;
			elf.strtab_size = sh[sh[i].sh_link].sh_size;
		} else if (sh[i].sh_type == SHT_GNU_HASH) {
			hash.data = buf + sh[i].sh_offset;
			hash.size = sh[i].sh_size;
			hash.sh_link = sh[i].sh_link;
			hash.sh_entsize = sh[i].sh_entsize;
		}
	}
	elf.elfclass = RLO_ELFCLASS64;
	elf.machine = eh->e_machine;
	st = rlo_gnu_validate(&elf, &hash, &t, &fault);
	if (st != RLO_OK) {
		printf("invalid: %s %s\n", rlo_strerror(st), fault.what);
		return 1;
	}
	for (i = 2; i < argc; i++)
		printf("%s %u\n", argv[i], (unsigned)rlo_gnu_lookup(&t, argv[i]));
	return 0;
}
EOF
cc -std=c99 -Wall -Werror $(pkg-config --cflags relopt-loader) -o "$work/lookup" \
  "$work/lookup.c" "$src" || fail "cc a loader with the installed relopt-loader.c"
"$work/lookup" "$work/out.o" relopt_a relopt_c relopt_nothere > "$work/lookup.out" \
  || { cat "$work/lookup.out"; fail "the loader library refuses out.o's .gnu.hash"; }
# The indices the table gives are the symbols' own in readelf's list.
for name in relopt_a relopt_c; do
  idx=$(awk -v n=$name '$1 == n { print $2 }' "$work/lookup.out")
  ref=$(readelf -s -W "$work/out.o" | awk -v n=$name '$8 == n { sub(":", "", $1); print $1 }')
  [ -n "$idx" ] && [ "$idx" = "$ref" ] || fail "loader: $name is symbol '$idx', readelf says '$ref'"
done
grep -qx 'relopt_nothere 0' "$work/lookup.out" || fail "loader: found relopt_nothere"
say "loader library: $src compiled freestanding (nm -u empty), and into a loader that validates out.o's .gnu.hash and finds relopt_a and relopt_c at readelf's indices"

# 6. DKMS.
if [ "$dkms" = yes ]; then
  sh "$top/scripts/dkms-test.sh" || fail "scripts/dkms-test.sh"
fi
say "PASS"
exit 0
