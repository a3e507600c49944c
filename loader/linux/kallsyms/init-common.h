/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * init-common.h -- what the static /init programs of the kallsyms boot tests
 * share (init.c: by name, issue 19; addr-init.c: by address, issue 24):
 * the clock, reading a file, the module list, loading and unloading.
 */
#ifndef RELOPT_INIT_COMMON_H
#define RELOPT_INIT_COMMON_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/syscall.h>

#ifndef MAXMODS
#define MAXMODS 64
#endif

struct modlist {
	char *files[MAXMODS], *params[MAXMODS], *names[MAXMODS];
	int n;
};

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static char *slurp(const char *path, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	ssize_t r;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || !buf) {
		free(buf);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	while ((r = read(fd, buf + n, cap - n - 1)) > 0) {
		n += r;
		if (cap - n < 4096) {
			cap *= 2;
			buf = realloc(buf, cap);
			if (!buf)
				exit(1);
		}
	}
	close(fd);
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

/* "file params" lines; the module name is the file's base name, '-' -> '_' */
static void load_list(const char *path, struct modlist *l)
{
	char *p = slurp(path, NULL);

	while (p && *p && l->n < MAXMODS) {
		char *eol = strchr(p, '\n'), *sp, *base, *dot;

		if (eol)
			*eol = 0;
		if (*p) {
			l->files[l->n] = p;
			l->params[l->n] = "";
			sp = strchr(p, ' ');
			if (sp) {
				*sp = 0;
				l->params[l->n] = sp + 1;
			}
			base = strrchr(p, '/');
			base = strdup(base ? base + 1 : p);
			dot = strstr(base, ".ko");
			if (dot)
				*dot = 0;
			for (dot = base; *dot; dot++)
				if (*dot == '-')
					*dot = '_';
			l->names[l->n++] = base;
		}
		if (!eol)
			break;
		p = eol + 1;
	}
}

static int load(const char *path, const char *params, long long *ns)
{
	int fd = open(path, O_RDONLY), rc;
	long long t0 = now_ns();

	rc = fd < 0 ? -1 : syscall(SYS_finit_module, fd, params, 0);
	if (ns)
		*ns = now_ns() - t0;
	if (fd >= 0)
		close(fd);
	return rc ? errno : 0;
}

static int unload(const char *name)
{
	int rc, tries = 0;

	/* busy while cryptomgr's self-tests of its algorithms still run */
	while ((rc = syscall(SYS_delete_module, name, O_NONBLOCK)) != 0 &&
	       (errno == EAGAIN || errno == EBUSY) && tries++ < 1000)
		usleep(10000);
	return rc ? errno : 0;
}

static void write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);

	if (fd >= 0) {
		if (write(fd, s, strlen(s)) < 0)
			printf("relopt-kboot: write %s: errno %d\n", path, errno);
		close(fd);
	}
}

/* The integer in environment variable NAME (from the kernel command
   line), or DEF. */
static int env_int(const char *name, int def)
{
	const char *s = getenv(name);

	return s ? atoi(s) : def;
}

/* The file systems every rig's /init reads. */
static void mount_all(void)
{
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL);
}

#endif /* RELOPT_INIT_COMMON_H */
