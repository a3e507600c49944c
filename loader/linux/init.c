// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tiny static /init for the relopt module-PLT boot test: loads every module
 * listed in /modules.list (one "file params" per line, dependencies first),
 * for each variant directory in turn (/plain, /relopt), ROUNDS times (or
 * relopt_rounds=N from the kernel command line, which the kernel passes to
 * init in its environment), and unloads them again in reverse order between
 * rounds.  It prints one
 * "relopt-init:" line per load and unload, the crypto self-test results from
 * /proc/crypto, and powers the machine off.  Static, built with the cross gcc.
 */
#include <fcntl.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/syscall.h>

#define ROUNDS 5
#define MAXMODS 64

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

static void show_selftests(void)
{
	static char buf[1 << 16];
	char name[128] = "", *line, *save;
	int fd = open("/proc/crypto", O_RDONLY);
	ssize_t n, off = 0;

	if (fd < 0)
		return;
	while (off < (ssize_t)sizeof(buf) - 1 &&
	       (n = read(fd, buf + off, sizeof(buf) - 1 - off)) > 0)
		off += n;
	buf[off] = 0;
	close(fd);
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
			if (r == 0)
				show_selftests();
			for (i = nmods - 1; i >= 0; i--) {
				int rc, tries = 0;

				/*
				 * A module is busy (EAGAIN) while cryptomgr's
				 * self-test of an algorithm it registered is
				 * still running: wait and retry, up to 10 s.
				 */
				while ((rc = syscall(SYS_delete_module, names[i],
						     O_NONBLOCK)) != 0 &&
				       (errno == EAGAIN || errno == EBUSY) &&
				       tries++ < 1000)
					usleep(10000);

				printf("relopt-init: unload %s %s rc %d errno %d\n",
				       variants[v], names[i], rc,
				       rc ? errno : 0);
			}
		}
	}
	printf("relopt-init: done\n");
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
