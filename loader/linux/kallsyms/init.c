// SPDX-License-Identifier: GPL-2.0-only
/*
 * Static /init for the kallsyms boot test (loader/linux/kallsyms/boot-test.sh).
 *
 * Runs the variants of relopt_variants= (default
 * "plain-0,relopt-0,relopt-1,plain-2"): SET-MODE, the module set (/plain,
 * or /relopt: the same modules after relopt) and the kernel's
 * module.kallsyms_hash knob of the test-only patch (0 scan, 1 the
 * module's .hash, 2 the kernel's own index built on first use, 3 the
 * .hash with its names trusted).  For each: set the knob, load every
 * module of /modules.list (one "file params" per line, dependencies
 * first; module.kallsyms_selftest=1 makes each load print the self-test
 * lines), time kprobe event registration through tracefs (N functions
 * of the big modules, relopt_kprobe_n=, default 1000, as
 * "p:relopt/eK MOD:FUNC" and as "p:relopt/eK FUNC", REPS times each,
 * relopt_reps=, default 3, events cleared between), each round timed
 * with CLOCK_MONOTONIC (the guest's instruction count under qemu
 * -icount) along with the kernel's timers in
 * /sys/kernel/debug/symhash_test (test-only); unload; then time loading
 * the set again relopt_rounds= times (self-test off), and a load that
 * fails (xfs without the modules it needs) as often.  Last, with
 * relopt_bad=1, each damaged module of /bad.list with the rest of the
 * plain set present, knob 1.  Every result is one "relopt-kboot:" line;
 * boot-test.sh's parse-log.py reads them from the console log.
 */
#define MAXMODS 64
#include "init-common.h"
#include "init-byname.h"

static struct modlist mods, bad;

/*
 * The kprobe targets: text symbols of the big modules whose name occurs
 * once in /proc/kallsyms (a bare name must be unique, or the event is
 * refused), taken evenly from each module in address order.
 */
static void pick_functions(int want)
{
	static char *cand[3][MAXFUNCS * 16];
	static int ncand[3];
	static const char *const big[3] = { "btrfs", "xfs", "relopt_ksyms" };
	unsigned long long last_addr[3] = { 0, 0, 0 };
	char *last[3] = { NULL, NULL, NULL };
	size_t len;
	char *s = slurp("/proc/kallsyms", &len), *line, *save;
	char **names;
	int nnames = 0, cap = 1 << 18, m, i;

	nfuncs = 0;
	if (!s)
		return;
	names = malloc(cap * sizeof(*names));
	for (line = strtok_r(s, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *name, *mod, type;
		unsigned long long addr;

		if (!kallsyms_line(line, &name, &mod, &type, &addr))
			continue;
		if (nnames < cap)
			names[nnames++] = name;
		if (!mod || (type != 't' && type != 'T'))
			continue;
		for (m = 0; m < 3; m++) {
			char want_mod[32];

			snprintf(want_mod, sizeof(want_mod), "[%s]", big[m]);
			if (strcmp(mod, want_mod))
				continue;
			if (addr >= last_addr[m]) {
				last_addr[m] = addr;
				last[m] = name;
			}
			if (ncand[m] < MAXFUNCS * 16 &&
			    !strchr(name, '.') && strncmp(name, "__", 2) &&
			    !strstr(name, "exit") &&
			    strncmp(name, "rk_s_", 5) && strncmp(name, "rk_i_", 5))
				cand[m][ncand[m]++] = name;
		}
	}
	/*
	 * Not the last function of a module's text: its size runs to the end
	 * of the text allocation, and 6.12's x86 can_optimize() decodes the
	 * padding up to there and reads past the mapping (an oops found by
	 * this test, with relopt_ksyms_exit, plain modules, table unused).
	 * Exit functions sit at the end of the text: none are taken.
	 */
	for (m = 0; m < 3; m++)
		for (i = 0; i < ncand[m]; i++)
			if (cand[m][i] == last[m])
				cand[m][i] = cand[m][--ncand[m]];
	/* unique names only: sort every name, look each candidate up */
	qsort(names, nnames, sizeof(*names), cmp_name);
	for (m = 0; m < 3; m++) {
		int kept = 0;

		for (i = 0; i < ncand[m]; i++) {
			char **hit = bsearch(&cand[m][i], names, nnames,
					     sizeof(*names), cmp_name);

			if (hit && (hit == names || strcmp(hit[-1], *hit)) &&
			    (hit + 1 == names + nnames || strcmp(hit[1], *hit)))
				cand[m][kept++] = cand[m][i];
		}
		ncand[m] = kept;
	}
	for (m = 0; m < 3; m++) {
		int take = (want - nfuncs) / (3 - m);

		if (take > ncand[m])
			take = ncand[m];
		for (i = 0; i < take; i++) {
			funcs[nfuncs] = cand[m][(long)i * ncand[m] / take];
			funcmod[nfuncs++] = (char *)big[m];
		}
	}
	printf("relopt-kboot: kprobe candidates btrfs %d xfs %d relopt_ksyms %d picked %d\n",
	       ncand[0], ncand[1], ncand[2], nfuncs);
}

static void kprobe_timing(const char *var, int n, int reps)
{
	static char ok[MAXFUNCS], okb[MAXFUNCS];
	long long a[NTIMERS], b[NTIMERS], t0, t, tc;
	int mode, r, fail;

	/*
	 * A trial round keeps the functions both forms register; it is the
	 * first use by name of every module (timed apart).
	 */
	clear_events();
	scan_timers(a);
	t0 = now_ns();
	fail = register_events(nfuncs, 1, NULL, ok);
	t = now_ns() - t0;
	scan_timers(b);
	clear_events();
	fail += register_events(nfuncs, 0, ok, okb);
	clear_events();
	for (r = 0; r < nfuncs; r++)
		ok[r] = ok[r] && okb[r];
	printf("relopt-kboot: kprobe %s trial: %d of %d refused first_module_ns %lld first_use_calls %lld first_use_ns %lld\n",
	       var, fail, nfuncs, t, b[4] - a[4], b[5] - a[5]);
	for (mode = 0; mode < 2; mode++) {
		for (r = 0; r < reps; r++) {
			scan_timers(a);
			t0 = now_ns();
			fail = register_events(n, !mode, ok, NULL);
			t = now_ns() - t0;
			scan_timers(b);
			tc = clear_events();
			printf("relopt-kboot: kprobe %s %s rep %d n %d fail %d ns %lld lookup_calls %lld lookup_ns %lld named_calls %lld named_ns %lld clear_ns %lld\n",
			       var, mode ? "bare" : "module", r, n, fail, t,
			       b[0] - a[0], b[1] - a[1], b[2] - a[2],
			       b[3] - a[3], tc);
		}
	}
}

static void load_set(const char *var, const char *set,
		     const struct modlist *l)
{
	char path[256];
	int i;

	for (i = 0; i < l->n; i++) {
		long long ns;
		int err;

		snprintf(path, sizeof(path), "/%s/%s", set, l->files[i]);
		err = load(path, l->params[i], &ns);
		printf("relopt-kboot: load %s %s errno %d ns %lld\n", var,
		       l->names[i], err, ns);
	}
}

static void unload_set(const char *var, const struct modlist *l)
{
	int i;

	for (i = l->n - 1; i >= 0; i--) {
		int err = unload(l->names[i]);

		if (err != ENOENT)
			printf("relopt-kboot: unload %s %s errno %d\n", var,
			       l->names[i], err);
	}
}

static void set_knob(const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/module/module/parameters/%s", name);
	write_file(path, val);
}

int main(void)
{
	const char *env;
	char *selftest, *variants, *save, *var;
	int n = 1000, reps = 3, rounds = 3, do_bad = 0, first = 1, r, i;

	mount_all();
	n = env_int("relopt_kprobe_n", n);
	reps = env_int("relopt_reps", reps);
	rounds = env_int("relopt_rounds", rounds);
	do_bad = env_int("relopt_bad", do_bad);
	env = getenv("relopt_variants");
	variants = strdup(env ? env : "plain-0,relopt-0,relopt-1,plain-2");
	if (n > MAXFUNCS)
		n = MAXFUNCS;
	selftest = slurp("/sys/module/module/parameters/kallsyms_selftest",
			 NULL);
	if (!selftest)
		selftest = "N";
	load_list("/modules.list", &mods);
	load_list("/bad.list", &bad);
	printf("relopt-kboot: start %d modules, %d damaged, kprobe n %d reps %d variants %s\n",
	       mods.n, bad.n, n, reps, variants);
	for (var = strtok_r(variants, ",", &save); var;
	     var = strtok_r(NULL, ",", &save)) {
		char set[32], *dash;
		long long ns;
		int err;

		snprintf(set, sizeof(set), "%s", var);
		dash = strchr(set, '-');
		if (!dash)
			continue;
		*dash = 0;
		set_knob("kallsyms_hash", dash + 1);
		printf("relopt-kboot: variant %s set %s mode %s\n", var, set,
		       dash + 1);
		load_set(var, set, &mods);
		if (first && n > 0)
			pick_functions(n + n / 10);
		first = 0;
		if (nfuncs && n > 0)
			kprobe_timing(var, n, reps);
		unload_set(var, &mods);
		/* load times without the self-test, and a load that fails */
		set_knob("kallsyms_selftest", "0");
		for (r = 0; r < rounds; r++) {
			load_set(var, set, &mods);
			unload_set(var, &mods);
		}
		for (r = 0; r < rounds; r++) {
			char path[64];

			snprintf(path, sizeof(path), "/%s/xfs.ko", set);
			err = load(path, "", &ns);
			printf("relopt-kboot: loadfail %s xfs errno %d ns %lld\n",
			       var, err, ns);
			if (!err)
				unload("xfs");
		}
		set_knob("kallsyms_selftest", selftest);
	}
	if (do_bad && bad.n) {
		/* the plain set, without the modules that have damaged copies */
		struct modlist rest = { .n = 0 };

		set_knob("kallsyms_hash", "1");
		for (i = 0; i < mods.n; i++) {
			int j, damaged = 0;

			for (j = 0; j < bad.n; j++)
				damaged |= !strcmp(bad.names[j], mods.names[i]);
			if (!damaged) {
				rest.files[rest.n] = mods.files[i];
				rest.params[rest.n] = mods.params[i];
				rest.names[rest.n++] = mods.names[i];
			}
		}
		set_knob("kallsyms_selftest", "0");
		load_set("bad-rest", "plain", &rest);
		set_knob("kallsyms_selftest", selftest);
		for (i = 0; i < bad.n; i++) {
			char path[256];
			int err;

			snprintf(path, sizeof(path), "/bad/%s", bad.files[i]);
			err = load(path, bad.params[i], NULL);
			printf("relopt-kboot: load bad %s errno %d\n",
			       bad.files[i], err);
			if (!err)
				printf("relopt-kboot: unload bad %s errno %d\n",
				       bad.files[i], unload(bad.names[i]));
		}
		unload_set("bad-rest", &rest);
	}
	printf("relopt-kboot: done\n");
	sync();
	/*
	 * Reset, not power off: the amd64 config has no ACPI, so power off
	 * halts; qemu -no-reboot exits on the reset on both architectures.
	 */
	reboot(RB_AUTOBOOT);
	return 0;
}
