// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host backend on this machine's kernel: the real /sys and running
 * commands (its perf events are test_backend_host_perf.c, which needs a
 * kernel's perf_event_open: qemu-user has none, docs/portability.md).
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include "host_open.h"

static void real_sysfs(void **state)
{
	struct backend *b = open_host();
	char buf[64] = "", **names;
	size_t n;
	int found = 0;

	assert_int_equal(b->ops->sysfs_read(b, "/sys/bus/event_source/devices/software/type", buf,
					    sizeof(buf) - 1),
			 2);
	assert_string_equal(buf, "1\n");
	assert_int_equal(b->ops->sysfs_is_dir(b, "/sys/bus/event_source/devices/software"), 1);
	assert_int_equal(b->ops->sysfs_list(b, "/sys/bus/event_source/devices", &names, &n), 0);
	for (size_t i = 0; i < n; i++) {
		found += !strcmp(names[i], "software");
		if (i)
			assert_true(strcmp(names[i - 1], names[i]) < 0);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	assert_int_equal(found, 1);
	assert_int_equal(b->ops->sysfs_read(b, "/sys/nonexistent", buf, sizeof(buf)), -ENOENT);
	backend_close(b);
}

static void runs_commands_and_reports_status(void **state)
{
	struct backend *b = open_host();
	char *ok[] = {"sleep", "0.01", NULL}, *fail[] = {"sh", "-c", "exit 3", NULL};
	char *missing[] = {"pciescope-no-such-command", NULL};
	uint64_t ns = 0;
	int st = -1;

	assert_int_equal(b->ops->run(b, ok, NULL, NULL, &ns, &st), 0);
	assert_int_equal(st, 0);
	assert_int_equal(b->ops->run(b, fail, NULL, NULL, &ns, &st), 0);
	assert_int_equal(st, 3);
	assert_int_equal(b->ops->run(b, missing, NULL, NULL, &ns, &st), -ENOENT);
	assert_non_null(strstr(backend_strerror(b), "cannot run 'pciescope-no-such-command'"));
	backend_close(b);
}

static void sleep_durations(void **state)
{
	char *a[] = {"sleep", "5", NULL}, *b[] = {"sleep", "0.01", NULL};
	char *c[] = {"sleep", "5s", NULL}, *d[] = {"sleep", "1.5m", NULL};
	char *e[] = {"sleep", "-1", NULL}, *f[] = {"sleep", "5x", NULL};
	char *g[] = {"true", NULL}, *h[] = {"sleep", NULL};
	uint64_t ns;

	assert_int_equal(backend_parse_sleep(a, &ns), 1);
	assert_int_equal(ns, 5000000000ull);
	assert_int_equal(backend_parse_sleep(b, &ns), 1);
	assert_int_equal(ns, 10000000ull);
	assert_int_equal(backend_parse_sleep(c, &ns), 1);
	assert_int_equal(ns, 5000000000ull);
	assert_int_equal(backend_parse_sleep(d, &ns), 1);
	assert_int_equal(ns, 90000000000ull);
	assert_int_equal(backend_parse_sleep(e, &ns), -EINVAL);
	assert_int_equal(backend_parse_sleep(f, &ns), -EINVAL);
	assert_int_equal(backend_parse_sleep(g, &ns), 0);
	assert_int_equal(backend_parse_sleep(h, &ns), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(real_sysfs),
	    cmocka_unit_test(runs_commands_and_reports_status),
	    cmocka_unit_test(sleep_durations),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
