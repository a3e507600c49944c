// SPDX-License-Identifier: GPL-2.0-only
/*
 * Static /init for the kallsyms scale test (scale-test.sh, issue 23 item 5).
 *
 * One variant per boot: relopt_mode= (0 scan, 1 the module's .hash: the
 * test-only knob module.kallsyms_hash, set before any load).  Loads every
 * module of /modules.list from /relopt (scale-gen.py's modules after
 * relopt: at least 100 modules, 300,000 symbols), then times, with
 * CLOCK_MONOTONIC (the guest's instruction count under qemu -icount) and
 * the kernel's timers of /sys/kernel/debug/symhash_test:
 *   - kprobes on relopt_kprobe_n= (1000) functions of the generated
 *     modules (names unique in /proc/kallsyms, spread evenly), as
 *     "MOD:func" and as bare "func": through tracefs (kprobe_events, one
 *     write each, then all cleared) and through perf_event_open's kprobe
 *     PMU (attr.config1 = the name, config2 = offset 0; all opened, then
 *     all closed), relopt_reps= (1) rounds of each, after a warm-up (each module's
 *     first use by name: one "MOD:func" probe per module, timed apart);
 *   - last, loading /plain/rs_lp.ko, a livepatch of scale-gen.py's functions of
 *     one generated module: the finit_module time, the kernel's
 *     module_kallsyms_on_each_named_symbol() calls and time during it
 *     (klp_find_object_symbol()), the module's own ktime around
 *     klp_enable_patch() (printed by the module), and the time until
 *     /sys/kernel/livepatch/rs_lp/transition reads 0.
 * Every result is one "relopt-scale:" line (scale-parse.py).
 */
#define MAXMODS 256
#include "init-common.h"
#include "init-byname.h"

#include <sys/ioctl.h>
#include <sys/resource.h>
#include <linux/perf_event.h>

static struct modlist mods;
static int perf_fds[MAXFUNCS];

static int probe_name(char *buf, size_t len, int i, int by_module)
{
	if (by_module)
		return snprintf(buf, len, "%s:%s", funcmod[i], funcs[i]);
	return snprintf(buf, len, "%s", funcs[i]);
}

/* tracefs: register N of funcs[] (KEEP[] nonzero only); count failures */
static int kprobe_pmu_type(void)
{
	char *s = slurp("/sys/bus/event_source/devices/kprobe/type", NULL);
	int t = s ? atoi(s) : -1;

	free(s);
	return t;
}

/*
 * perf: open N kprobe events (KEEP[] nonzero only), each on CPU 0, any
 * task; *first_errno the first failure's errno.  The fds stay open in
 * perf_fds[] (perf_close() closes them).
 */
static int perf_open(int type, int n, int by_module, const char *keep,
		     char *ok, int *opened, int *first_errno)
{
	int i, k = 0, fail = 0;
	char sym[512];

	*opened = 0;
	*first_errno = 0;
	for (i = 0; i < nfuncs && k < n; i++) {
		struct perf_event_attr attr;
		int fd;

		if (keep && !keep[i])
			continue;
		k++;
		probe_name(sym, sizeof(sym), i, by_module);
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = type;
		attr.config = 0;		/* not a return probe */
		attr.config1 = (unsigned long long)(uintptr_t)sym;
		attr.config2 = 0;		/* probe_offset */
		attr.disabled = 1;
		fd = syscall(SYS_perf_event_open, &attr, -1, 0, -1, 0);
		if (fd < 0) {
			if (!fail)
				*first_errno = errno;
			fail++;
			if (ok)
				ok[i] = 0;
		} else {
			perf_fds[(*opened)++] = fd;
			if (ok)
				ok[i] = 1;
		}
	}
	return fail;
}

static long long perf_close(int opened)
{
	long long t0 = now_ns();
	int i;

	for (i = 0; i < opened; i++)
		close(perf_fds[i]);
	return now_ns() - t0;
}

/*
 * The targets: text symbols of the generated modules (rs_*, not rs_lp)
 * whose name occurs once in /proc/kallsyms, no '.', not a module's last
 * function (6.12's x86 can_optimize() reads past the text after it; see
 * init.c), not init/exit; WANT of them evenly over all candidates.
 */
static void pick_functions(int want)
{
	static char *cand[1 << 19], *candmod[1 << 19];
	static char *last[MAXMODS];
	static unsigned long long last_addr[MAXMODS];
	static char lastmod[MAXMODS][64];
	int ncand = 0, nlast = 0, cap = 1 << 20, nnames = 0, i, m, kept = 0;
	char *s = slurp("/proc/kallsyms", NULL), *line, *save;
	char **names;

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
		if (!mod || strncmp(mod, "[rs_", 4) || !strcmp(mod, "[rs_lp]") ||
		    (type != 't' && type != 'T'))
			continue;
		mod++;
		mod[strlen(mod) - 1] = 0;
		for (m = 0; m < nlast && strcmp(lastmod[m], mod); m++)
			;
		if (m == nlast && nlast < MAXMODS) {
			snprintf(lastmod[nlast], sizeof(lastmod[0]), "%s", mod);
			last_addr[nlast] = 0;
			last[nlast++] = NULL;
		}
		if (m < nlast && addr >= last_addr[m]) {
			last_addr[m] = addr;
			last[m] = name;
		}
		if (ncand < (1 << 19) && !strchr(name, '.') &&
		    !strstr(name, "init") && !strstr(name, "exit")) {
			candmod[ncand] = mod;
			cand[ncand++] = name;
		}
	}
	qsort(names, nnames, sizeof(*names), cmp_name);
	for (i = 0; i < ncand; i++) {
		char **hit = bsearch(&cand[i], names, nnames, sizeof(*names),
				     cmp_name);
		int is_last = 0;

		for (m = 0; m < nlast; m++)
			is_last |= cand[i] == last[m];
		if (!is_last && hit && (hit == names || strcmp(hit[-1], *hit)) &&
		    (hit + 1 == names + nnames || strcmp(hit[1], *hit))) {
			candmod[kept] = candmod[i];
			cand[kept++] = cand[i];
		}
	}
	if (want > kept)
		want = kept;
	for (i = 0; i < want; i++) {
		funcs[nfuncs] = cand[(long)i * kept / want];
		funcmod[nfuncs++] = candmod[(long)i * kept / want];
	}
	printf("relopt-scale: kprobe candidates %d modules %d picked %d (kallsyms names %d)\n",
	       kept, nlast, nfuncs, nnames);
}

/*
 * Every module's first use by name (mode 1: its table's names check)
 * happens in a warm-up, timed apart: one "MOD:func" tracefs probe per
 * module, then cleared.  Then each form, REPS rounds of N probes (no
 * trial round: a refused probe is counted in "fail").
 */
static void kprobe_timing(int n, int reps)
{
	static char seen[MAXFUNCS];
	long long a[NTIMERS], b[NTIMERS], t0, t, tc;
	int type = kprobe_pmu_type(), form, r, fail, opened, err = 0, i, j;
	int warm = 0;

	clear_events();
	for (i = 0; i < nfuncs; i++) {
		seen[i] = 1;
		for (j = 0; j < i && seen[i]; j++)
			if (seen[j] && !strcmp(funcmod[j], funcmod[i]))
				seen[i] = 0;
		warm += seen[i];
	}
	scan_timers(a);
	t0 = now_ns();
	fail = register_events(nfuncs, 1, seen, NULL);
	t = now_ns() - t0;
	scan_timers(b);
	tc = clear_events();
	printf("relopt-scale: warmup pmu_type %d modules %d fail %d ns %lld first_use_calls %lld first_use_ns %lld clear_ns %lld\n",
	       type, warm, fail, t, b[4] - a[4], b[5] - a[5], tc);
	fflush(stdout);
	for (form = 0; form < 4; form++) {
		int by_module = !(form & 1), perf = form >> 1;

		for (r = 0; r < reps; r++) {
			scan_timers(a);
			t0 = now_ns();
			if (perf)
				fail = perf_open(type, n, by_module, NULL, NULL,
						 &opened, &err);
			else
				fail = register_events(n, by_module, NULL, NULL);
			t = now_ns() - t0;
			scan_timers(b);
			tc = perf ? perf_close(opened) : clear_events();
			printf("relopt-scale: kprobe %s %s rep %d n %d fail %d errno %d ns %lld lookup_calls %lld lookup_ns %lld named_calls %lld named_ns %lld first_use_calls %lld clear_ns %lld\n",
			       perf ? "perf" : "tracefs",
			       by_module ? "module" : "bare", r, n, fail,
			       perf ? err : 0, t, b[0] - a[0], b[1] - a[1],
			       b[2] - a[2], b[3] - a[3], b[4] - a[4], tc);
			fflush(stdout);
		}
	}
}

static void livepatch(void)
{
	long long a[NTIMERS], b[NTIMERS], ns, t0;
	int err, waited = 0;
	char *s;

	scan_timers(a);
	err = load("/plain/rs_lp.ko", "", &ns);
	scan_timers(b);
	t0 = now_ns();
	while (waited < 600) {
		s = slurp("/sys/kernel/livepatch/rs_lp/transition", NULL);
		if (!s || *s == '0') {
			free(s);
			break;
		}
		free(s);
		usleep(10000);
		waited++;
	}
	s = slurp("/sys/kernel/livepatch/rs_lp/enabled", NULL);
	printf("relopt-scale: livepatch errno %d load_ns %lld named_calls %lld named_ns %lld lookup_calls %lld lookup_ns %lld transition_ns %lld enabled %c\n",
	       err, ns, b[2] - a[2], b[3] - a[3], b[0] - a[0], b[1] - a[1],
	       now_ns() - t0, s ? *s : '?');
	free(s);
}

int main(void)
{
	struct rlimit rl = { 8192, 8192 };
	const char *env;
	char *mode, path[256];
	int n = 1000, reps = 1, do_lp = 1, i, failed = 0;
	long long ns, total = 0, a[NTIMERS], b[NTIMERS];

	mount_all();
	setrlimit(RLIMIT_NOFILE, &rl);
	n = env_int("relopt_kprobe_n", n);
	reps = env_int("relopt_reps", reps);
	do_lp = env_int("relopt_lp", do_lp);
	env = getenv("relopt_mode");
	write_file("/sys/module/module/parameters/kallsyms_hash",
		   env ? env : "1");
	mode = slurp("/sys/module/module/parameters/kallsyms_hash", NULL);
	if (n > MAXFUNCS / 2)
		n = MAXFUNCS / 2;
	load_list("/modules.list", &mods);
	printf("relopt-scale: start mode %s modules %d kprobe n %d reps %d\n",
	       mode ? strtok(mode, "\n") : "?", mods.n, n, reps);
	scan_timers(a);
	for (i = 0; i < mods.n; i++) {
		int err;

		snprintf(path, sizeof(path), "/relopt/%s", mods.files[i]);
		err = load(path, mods.params[i], &ns);
		total += ns;
		if (err) {
			failed++;
			printf("relopt-scale: load %s errno %d\n",
			       mods.names[i], err);
		}
	}
	scan_timers(b);
	printf("relopt-scale: loaded %d failed %d ns %lld load_work_calls %lld\n",
	       mods.n - failed, failed, total, b[4] - a[4]);
	pick_functions(n);
	if (nfuncs && n > 0)
		kprobe_timing(n, reps);
	if (do_lp)
		livepatch();
	(void)unload;	/* init-common.h: not needed here */
	printf("relopt-scale: done\n");
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
