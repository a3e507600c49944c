// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tiny static /init for the relopt module-PLT boot test: loads every module
 * listed in /modules.list (one "file params" per line, dependencies first),
 * for each variant directory in turn (/plain, /relopt), ROUNDS times (or
 * relopt_rounds=N from the kernel command line, which the kernel passes to
 * init in its environment), and unloads them again in reverse order between
 * rounds.  Before it reads /proc/crypto or unloads anything it waits until
 * cryptomgr's self-tests have finished (see wait_selftests).  It prints one
 * "relopt-init:" line per load and unload, the crypto self-test results from
 * /proc/crypto, and powers the machine off.  Static, built with the cross gcc.
 */
#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/syscall.h>

#define ROUNDS 5
#define MAXMODS 64
/* wait_selftests: poll every SELFTEST_POLL_US, give up after SELFTEST_MAX_US */
#define SELFTEST_POLL_US 1000
#ifndef SELFTEST_MAX_US
#define SELFTEST_MAX_US 30000000
#endif

static char list[8192];
static char *files[MAXMODS], *params[MAXMODS], *names[MAXMODS];
static int nmods;

static void load_list(void)
{
	int fd = open("/modules.list", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, list, sizeof(list) - 1);
	char *p = list;

	if (n < 0) {
		printf("relopt-init: no /modules.list\n");
		return;
	}
	list[n] = 0;
	while (*p && nmods < MAXMODS) {
		char *eol = strchr(p, '\n'), *sp, *base, *dot;

		if (eol)
			*eol = 0;
		files[nmods] = p;
		sp = strchr(p, ' ');
		params[nmods] = "";
		if (sp) {
			*sp = 0;
			params[nmods] = sp + 1;
		}
		base = strrchr(p, '/');
		base = strdup(base ? base + 1 : p);
		dot = strstr(base, ".ko");
		if (dot)
			*dot = 0;
		for (dot = base; *dot; dot++)
			if (*dot == '-')
				*dot = '_';
		names[nmods++] = base;
		if (!eol)
			break;
		p = eol + 1;
	}
}

/*
 * Sleep for US microseconds of guest time.  Not usleep(): a 32-bit glibc
 * implements it with the time32 nanosleep syscalls, which a kernel without
 * CONFIG_COMPAT_32BIT_TIME (the allnoconfig-based ARM kernels of
 * boot-test.sh) does not have, so usleep returns ENOSYS at once and a retry
 * loop around it spins without ever giving the CPU away.  clock_nanosleep
 * with a 64-bit timespec exists on both arches (clock_nanosleep_time64 on
 * 32-bit ARM).  Returns 0, or -1 with errno set.
 */
static int sleep_us(long us)
{
#ifdef SYS_clock_nanosleep_time64
	long nr = SYS_clock_nanosleep_time64;
#else
	long nr = SYS_clock_nanosleep;
#endif
	struct {
		long long tv_sec, tv_nsec;	/* struct __kernel_timespec */
	} ts = { us / 1000000, us % 1000000 * 1000 };

	return syscall(nr, CLOCK_MONOTONIC, 0, &ts, NULL);
}

/* Guest microseconds since boot (CLOCK_MONOTONIC). */
static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

/* Read /proc/crypto into BUF (SIZE bytes, NUL-terminated); 0 or -1. */
static int read_crypto(char *buf, size_t size)
{
	int fd = open("/proc/crypto", O_RDONLY);
	ssize_t n, off = 0;

	if (fd < 0)
		return -1;
	while (off < (ssize_t)size - 1 &&
	       (n = read(fd, buf + off, size - 1 - off)) > 0)
		off += n;
	buf[off] = 0;
	close(fd);
	return 0;
}

/*
 * Algorithms whose self-test has not finished, in /proc/crypto text BUF:
 * entries marked "selftest : unknown" (the algorithm while its test runs)
 * or "type : larval" (the test larval beside it, or a lookup still being
 * probed).  With SHOW, print their driver names.
 */
static int count_pending(char *buf, int show)
{
	char driver[128] = "", *line, *save;
	int n = 0;

	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "driver", 6)) {
			snprintf(driver, sizeof(driver), "%s", line);
		} else if ((!strncmp(line, "selftest", 8) &&
			    strstr(line, "unknown")) ||
			   (!strncmp(line, "type", 4) && strstr(line, "larval"))) {
			n++;
			if (show)
				printf("relopt-init: pending %s\n", driver);
		}
	}
	return n;
}

/*
 * Print the kernel stack (/proc/PID/stack, CONFIG_STACKTRACE) of every
 * cryptomgr_test kthread: where a self-test that does not finish waits.
 */
static void show_test_threads(void)
{
	static char buf[4096];
	DIR *d = opendir("/proc");
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char path[300];
		ssize_t n = -1;
		int fd;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", e->d_name);
		fd = open(path, O_RDONLY);
		if (fd >= 0) {
			n = read(fd, buf, sizeof(buf) - 1);
			close(fd);
		}
		if (n <= 0 || strncmp(buf, "cryptomgr_test", 14))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stack", e->d_name);
		fd = open(path, O_RDONLY);
		n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
		if (fd >= 0)
			close(fd);
		buf[n > 0 ? n : 0] = 0;
		printf("relopt-init: cryptomgr_test pid %s stack:\n%s",
		       e->d_name, buf);
	}
	if (d)
		closedir(d);
}

/*
 * Wait until cryptomgr has finished the self-tests of every algorithm the
 * loaded modules registered.  Since 6.12 crypto_register_alg() returns
 * before the test: the test runs in a cryptomgr_test kthread, and until it
 * ends the test larval holds a reference on the algorithm's module, so
 * delete_module() fails with EAGAIN and /proc/crypto says "unknown".  On a
 * non-preemptible kernel the kthreads run only when init sleeps or its time
 * slice ends, so whether a test has finished when init looks depends on
 * instruction counts.  Prints the time waited; on timeout, the algorithms
 * still pending and the test threads' stacks (parse-log.py fails the run).
 */
static void wait_selftests(const char *variant, int round)
{
	static char buf[1 << 16];
	long long t0 = now_us();
	int pending;

	for (;;) {
		if (read_crypto(buf, sizeof(buf)))
			return;
		pending = count_pending(buf, 0);
		if (!pending || now_us() - t0 >= SELFTEST_MAX_US)
			break;
		if (sleep_us(SELFTEST_POLL_US)) {
			printf("relopt-init: sleep failed: errno %d\n", errno);
			break;
		}
	}
	printf("relopt-init: self-tests round %d %s: %d pending after %lld us\n",
	       round, variant, pending, now_us() - t0);
	if (pending && !read_crypto(buf, sizeof(buf))) {
		count_pending(buf, 1);
		show_test_threads();
	}
}

static void show_selftests(void)
{
	static char buf[1 << 16];
	char name[128] = "", *line, *save;

	if (read_crypto(buf, sizeof(buf)))
		return;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "driver", 6))
			snprintf(name, sizeof(name), "%s", line);
		else if (!strncmp(line, "selftest", 8))
			printf("relopt-init: crypto %s %s\n", name, line);
	}
}

int main(void)
{
	static const char *const variants[] = { "plain", "relopt" };
	const char *env = getenv("relopt_rounds");
	int rounds = env ? atoi(env) : ROUNDS;
	int r, v, i;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	load_list();
	if (rounds < 1)
		rounds = ROUNDS;
	printf("relopt-init: %d modules, %d rounds\n", nmods, rounds);
	for (r = 0; r < rounds; r++) {
		for (v = 0; v < 2; v++) {
			for (i = 0; i < nmods; i++) {
				char path[256];
				int fd, rc;

				snprintf(path, sizeof(path), "/%s/%s",
					 variants[v], files[i]);
				fd = open(path, O_RDONLY);
				rc = fd < 0 ? -1 :
				     syscall(SYS_finit_module, fd, params[i], 0);
				printf("relopt-init: load round %d %s %s rc %d errno %d\n",
				       r, variants[v], names[i], rc,
				       rc ? errno : 0);
				if (fd >= 0)
					close(fd);
			}
			wait_selftests(variants[v], r);
			if (r == 0)
				show_selftests();
			for (i = nmods - 1; i >= 0; i--) {
				int rc, err = 0, tries = 0;

				/*
				 * After wait_selftests nothing should hold a
				 * module; retry a busy one for up to 1 s anyway
				 * and print how often, so a remaining race shows.
				 */
				while ((rc = syscall(SYS_delete_module, names[i],
						     O_NONBLOCK)) != 0 &&
				       ((err = errno) == EAGAIN || err == EBUSY) &&
				       tries++ < 100 && !sleep_us(10000))
					;
				if (tries)
					printf("relopt-init: unload %s %s retried %d\n",
					       variants[v], names[i], tries);
				printf("relopt-init: unload %s %s rc %d errno %d\n",
				       variants[v], names[i], rc, rc ? err : 0);
			}
		}
	}
	printf("relopt-init: done\n");
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
