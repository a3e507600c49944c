// SPDX-License-Identifier: GPL-2.0-only
/*
 * Static /init for the address-order boot test
 * (loader/linux/kallsyms/addr-boot-test.sh, issue 24).
 *
 * After a warm-up load and unload (what cannot be unloaded then stays, the
 * same for every variant), each round loads every module of /modules.list
 * (one "file params" per line, dependencies first) in four variants, one
 * after the other, and unloads them between:
 *
 *   scan    /plain,  module.kallsyms_addr=0: every lookup scans (today)
 *   sort    /plain,  module.kallsyms_addr=2: core symbols sorted at load
 *   order   /relopt, module.kallsyms_addr=1: relopt's .addrorder, checked
 *   ignored /relopt, module.kallsyms_addr=0: the same files, order ignored
 *
 * and for each it prints the time of every load, the kernel's time spent
 * on the order at load (the test-only debugfs file
 * /sys/kernel/debug/relopt_kallsyms_addr), then reads
 * /sys/kernel/tracing/available_filter_functions READS times (what
 * bpftrace does when it starts): the time of each read, the bytes, lines
 * and an FNV-1a hash of the content (identical in every variant, or a
 * lookup answered differently), and the lookups find_kallsyms_symbol()
 * made meanwhile with their time.  All times are CLOCK_MONOTONIC, the
 * guest's instruction count under qemu -icount.
 *
 * relopt_selftest=1 instead loads /relopt once with
 * module.kallsyms_addr_selftest=1 (the kernel compares the order with the
 * scan at every symbol's first, middle and last byte, before and after
 * init), then, with the self-test off, each damaged module of /bad.list,
 * which must load with its order refused.  Parameters come from the kernel command line:
 * relopt_rounds= (default 1), relopt_reads= (default 3),
 * relopt_selftest=.  Every result is one "relopt-addr:" line, read by
 * addr-parse-log.py.
 */
#define MAXMODS 256
#include "init-common.h"

static struct modlist mods, bad;

struct variant {
	const char *name, *set, *knob;
};

static const struct variant variants[] = {
	{ "scan", "plain", "0" },
	{ "sort", "plain", "2" },
	{ "order", "relopt", "1" },
	{ "ignored", "relopt", "0" },
};

#define KNOB "/sys/module/module/parameters/kallsyms_addr"
#define STATS "/sys/kernel/debug/relopt_kallsyms_addr"
#define AFF "/sys/kernel/tracing/available_filter_functions"

/* The kernel's counters: load_ns, find_ns, find_calls (-1: missing). */
static void stats(long long v[3])
{
	static const char *const keys[3] = { "load_ns", "find_ns",
					     "find_calls" };
	char *s = slurp(STATS, NULL), *p;
	int k;

	for (k = 0; k < 3; k++) {
		p = s ? strstr(s, keys[k]) : NULL;
		v[k] = p ? atoll(p + strlen(keys[k])) : -1;
	}
	free(s);
}

/* Read available_filter_functions once, in 64 KiB reads, and time it. */
static void read_aff(const char *variant, int round, int read_no)
{
	static char buf[1 << 16];
	unsigned long long hash = 0xcbf29ce484222325ULL;
	long long t0, ns, bytes = 0, lines = 0, before[3], after[3];
	ssize_t r, i;
	int fd;

	stats(before);
	t0 = now_ns();
	fd = open(AFF, O_RDONLY);
	if (fd < 0) {
		printf("relopt-addr: aff %s errno %d\n", AFF, errno);
		return;
	}
	while ((r = read(fd, buf, sizeof(buf))) > 0) {
		for (i = 0; i < r; i++) {
			hash = (hash ^ (unsigned char)buf[i]) *
			       0x100000001b3ULL;
			lines += buf[i] == '\n';
		}
		bytes += r;
	}
	close(fd);
	ns = now_ns() - t0;
	stats(after);
	printf("relopt-addr: aff %s round %d read %d ns %lld bytes %lld lines %lld fnv %016llx lookups %lld lookup_ns %lld\n",
	       variant, round, read_no, ns, bytes, lines, hash,
	       after[2] - before[2], after[1] - before[1]);
}

static void load_variant(const struct variant *v, int round)
{
	long long total = 0, s[3];
	char path[256];
	int i, failed = 0;

	write_file(KNOB, v->knob);
	write_file(STATS, "0");
	for (i = 0; i < mods.n; i++) {
		long long ns;
		int err;

		snprintf(path, sizeof(path), "/%s/%s", v->set, mods.files[i]);
		err = load(path, mods.params[i], &ns);
		total += ns;
		failed += err != 0;
		printf("relopt-addr: load %s round %d %s errno %d ns %lld\n",
		       v->name, round, mods.names[i], err, ns);
	}
	stats(s);
	printf("relopt-addr: loads %s round %d modules %d failed %d ns %lld order_ns %lld\n",
	       v->name, round, mods.n, failed, total, s[0]);
}

static void unload_all(void)
{
	int i, err;

	for (i = mods.n - 1; i >= 0; i--) {
		err = unload(mods.names[i]);
		if (err && err != ENOENT)
			printf("relopt-addr: unload %s errno %d\n",
			       mods.names[i], err);
	}
}

int main(void)
{
	int rounds = env_int("relopt_rounds", 1);
	int reads = env_int("relopt_reads", 3);
	char path[256];
	int r, k, i;

	mount_all();
	load_list("/modules.list", &mods);
	load_list("/bad.list", &bad);
	printf("relopt-addr: start modules %d\n", mods.n);

	if (env_int("relopt_selftest", 0)) {
		write_file("/sys/module/module/parameters/kallsyms_addr_selftest",
			   "1");
		write_file(KNOB, "1");
		for (i = 0; i < mods.n; i++) {
			char path[256];

			snprintf(path, sizeof(path), "/relopt/%s",
				 mods.files[i]);
			printf("relopt-addr: selftest load %s errno %d\n",
			       mods.names[i], load(path, mods.params[i], NULL));
		}
		read_aff("selftest", 0, 0);
		/* a refused order leaves the scan: nothing to compare */
		write_file("/sys/module/module/parameters/kallsyms_addr_selftest",
			   "0");
		for (i = 0; i < bad.n; i++) {
			char path[256];
			int err;

			snprintf(path, sizeof(path), "/bad/%s", bad.files[i]);
			unload(bad.names[i]);
			err = load(path, bad.params[i], NULL);
			printf("relopt-addr: load bad %s errno %d\n",
			       bad.files[i], err);
		}
	} else {
		/*
		 * A warm-up: some modules cannot be unloaded once loaded
		 * (drbg and jitterentropy_rng hold the default RNG, and what
		 * they need with them), so every measured variant starts
		 * with the same ones present and lists the rest in the same
		 * order: the file's content is then byte-identical unless a
		 * lookup differs.
		 */
		write_file(KNOB, "0");
		for (i = 0; i < mods.n; i++) {
			char path[256];

			snprintf(path, sizeof(path), "/plain/%s",
				 mods.files[i]);
			load(path, mods.params[i], NULL);
		}
		unload_all();
		for (i = 0; i < mods.n; i++) {
			snprintf(path, sizeof(path), "/sys/module/%s",
				 mods.names[i]);
			if (access(path, F_OK) == 0)
				printf("relopt-addr: stays loaded %s\n",
				       mods.names[i]);
		}
		for (r = 1; r <= rounds; r++) {
			for (k = 0; k < 4; k++) {
				load_variant(&variants[k], r);
				for (i = 1; i <= reads; i++)
					read_aff(variants[k].name, r, i);
				unload_all();
			}
		}
	}
	printf("relopt-addr: done\n");
	sync();
	/* qemu -no-reboot exits on the reset on both architectures */
	reboot(RB_AUTOBOOT);
	return 0;
}
