/*
 * init-byname.h -- what the by-name rigs' /init programs share (init.c,
 * scale-init.c): the test-only patch's debugfs timers, clearing the
 * kprobe events, and the name order for qsort().  Include after
 * init-common.h.
 */
#ifndef INIT_BYNAME_H
#define INIT_BYNAME_H

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

/* qsort() order of an array of names. */
static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

#endif /* INIT_BYNAME_H */
