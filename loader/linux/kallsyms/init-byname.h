/*
 * init-byname.h -- what the by-name rigs' /init programs share (init.c,
 * scale-init.c): the functions to probe, registering them as kprobe
 * events through tracefs, the test-only patch's debugfs timers, clearing
 * the kprobe events, the name order for qsort(), and the split of a
 * /proc/kallsyms line.  Include after init-common.h.
 */
#ifndef INIT_BYNAME_H
#define INIT_BYNAME_H

/*
 * One line of /proc/kallsyms, "ADDR T NAME" or "ADDR T NAME\t[MOD]",
 * split in place: *NAME, *MOD ("[MOD]", brackets kept; NULL for vmlinux),
 * *TYPE and *ADDR.  Returns 0 for a line of another shape.
 */
static int kallsyms_line(char *line, char **name, char **mod, char *type,
			 unsigned long long *addr)
{
	char *sp = strchr(line, ' ');

	if (!sp || !sp[1] || !sp[2])
		return 0;
	*type = sp[1];
	*name = sp + 3;
	*mod = strchr(*name, '\t');
	if (*mod)
		*(*mod)++ = 0;
	*addr = strtoull(line, NULL, 16);
	return 1;
}

/* The kernel's timers (test-only patch), in this order. */
#define NTIMERS 6
static void scan_timers(long long v[NTIMERS])
{
	static const char *const keys[NTIMERS] = { "lookup_name_calls",
		"lookup_name_ns", "named_calls", "named_ns",
		"first_use_calls", "first_use_ns" };
	char *s = slurp("/sys/kernel/debug/symhash_test", NULL), *p;
	int k;

	for (k = 0; k < NTIMERS; k++) {
		v[k] = -1;
		p = s ? strstr(s, keys[k]) : NULL;
		if (p)
			v[k] = atoll(p + strlen(keys[k]));
	}
	free(s);
}

/* Clear every kprobe event (O_TRUNC); returns the time it took. */
static long long clear_events(void)
{
	long long t0 = now_ns();
	int fd = open("/sys/kernel/tracing/kprobe_events", O_WRONLY | O_TRUNC);

	if (fd >= 0)
		close(fd);
	return now_ns() - t0;
}

/*
 * The functions to probe: FUNCS[I] in module FUNCMOD[I], NFUNCS of them
 * (each /init's pick_functions() fills them).
 */
#define MAXFUNCS 4096
static char *funcs[MAXFUNCS], *funcmod[MAXFUNCS];
static int nfuncs;

/*
 * Register kprobe events through tracefs for the first N of funcs[] (those
 * with KEEP[i] nonzero when KEEP is given), as "MOD:func" (BY_MODULE) or
 * by bare name; OK_OUT[i] (may be NULL) gets whether each was accepted.
 * Returns the number refused, or -1 without tracefs.
 */
static int register_events(int n, int by_module, const char *keep,
			   char *ok_out)
{
	int fd = open("/sys/kernel/tracing/kprobe_events",
		      O_WRONLY | O_APPEND), i, fail = 0, k = 0;
	char cmd[600];

	if (fd < 0)
		return -1;
	for (i = 0; i < nfuncs && k < n; i++) {
		int len;

		if (keep && !keep[i])
			continue;
		if (by_module)
			len = snprintf(cmd, sizeof(cmd), "p:relopt/e%d %s:%s\n",
				       k, funcmod[i], funcs[i]);
		else
			len = snprintf(cmd, sizeof(cmd), "p:relopt/e%d %s\n",
				       k, funcs[i]);
		k++;
		if (write(fd, cmd, len) != len) {
			fail++;
			if (ok_out)
				ok_out[i] = 0;
		} else if (ok_out) {
			ok_out[i] = 1;
		}
	}
	close(fd);
	return fail;
}

/* qsort() order of an array of names. */
static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

#endif /* INIT_BYNAME_H */
