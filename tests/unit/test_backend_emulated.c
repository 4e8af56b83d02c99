// SPDX-License-Identifier: GPL-2.0-only
/*
 * The emulated backend on the default platform: sysfs by path, a software
 * event that counts simulated time exactly, `sleep` as simulated seconds
 * with the tool's poll between slices, and the errors a user would see.
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

#include <pciescope/backend/backend.h>

static struct backend *boot(void)
{
	struct backend_options o = {
	    .kind = "emulated", .workload = "idle", .ephemeral = true, .seed = 1};
	struct backend *b = NULL;
	struct error err;

	assert_int_equal(backend_open(&o, &b, &err), 0);
	assert_string_equal(b->ops->name, "emulated");
	return b;
}

static void free_list(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static void sysfs_shows_the_platform(void **state)
{
	struct backend *b = boot();
	char **names, buf[64] = "", path[128];
	size_t n;
	ssize_t len;

	assert_int_equal(b->ops->sysfs_list(b, "/sys/bus/pci/devices", &names, &n), 0);
	assert_true(n > 0);
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/vendor", names[0]);
	len = b->ops->sysfs_read(b, path, buf, sizeof(buf) - 1);
	assert_int_equal(len, 7);
	assert_memory_equal(buf, "0x", 2);
	free_list(names, n);
	assert_int_equal(b->ops->sysfs_is_dir(b, "/sys/bus/event_source/devices/software"), 1);
	assert_int_equal(
	    b->ops->sysfs_read(b, "/sys/bus/event_source/devices/software/type", buf, sizeof(buf)),
	    2);
	assert_memory_equal(buf, "1\n", 2);
	assert_int_equal(
	    b->ops->sysfs_write(b, "/sys/bus/event_source/devices/software/type", "2", 1), -EACCES);
	assert_int_equal(b->ops->sysfs_list(b, "/sys/nope", &names, &n), -ENOENT);
	backend_close(b);
}

struct polls {
	int calls;
	uint64_t last_ns;
	struct backend *b;
};

static int count_polls(void *ctx)
{
	struct polls *p = ctx;

	p->calls++;
	p->last_ns = p->b->ops->now_ns(p->b);
	return 0;
}

static void sleep_is_simulated_time(void **state)
{
	struct backend *b = boot();
	struct perf_event_attr a = {.type = PERF_TYPE_SOFTWARE,
				    .size = sizeof(a),
				    .config = PERF_COUNT_SW_TASK_CLOCK,
				    .disabled = 1};
	char *argv[] = {"sleep", "0.01", NULL};
	struct polls p = {0, 0, b};
	struct backend_count c;
	uint64_t t0 = b->ops->now_ns(b), elapsed = 0;
	int st = -1, ev = b->ops->event_open(b, &a, -1, 0, -1);

	assert_true(ev >= 0);
	assert_int_equal(b->ops->event_enable(b, ev), 0);
	assert_int_equal(b->ops->run(b, argv, count_polls, &p, &elapsed, &st), 0);
	assert_int_equal(st, 0);
	assert_int_equal(elapsed, 10000000);
	assert_int_equal(b->ops->now_ns(b) - t0, 10000000);
	assert_true(p.calls > 1); /* polled between slices, not only at the end */
	assert_int_equal(p.last_ns, t0 + 10000000);
	b->ops->event_disable(b, ev);
	assert_int_equal(b->ops->event_read(b, ev, &c), 0);
	assert_int_equal(c.value, 10000000);
	assert_int_equal(c.enabled, 10000000);
	assert_int_equal(c.running, 10000000);
	assert_int_equal(b->ops->aux_map(b, ev, 64 * 4096), -EOPNOTSUPP);
	assert_int_equal(b->ops->event_close(b, ev), 0);
	assert_int_equal(b->ops->event_read(b, ev, &c), -EBADF);
	backend_close(b);
}

static void real_commands_and_errors(void **state)
{
	struct backend *b = boot();
	char *bad_sleep[] = {"sleep", "soon", NULL}, *fail[] = {"sh", "-c", "exit 4", NULL};
	char *missing[] = {"pciescope-no-such-command", NULL};
	struct perf_event_attr a = {.type = 4242, .size = sizeof(a)};
	uint64_t elapsed = 0;
	int st = -1;

	assert_int_equal(b->ops->run(b, bad_sleep, NULL, NULL, &elapsed, &st), -EINVAL);
	assert_non_null(strstr(backend_strerror(b), "invalid time interval 'soon'"));
	assert_int_equal(b->ops->run(b, fail, NULL, NULL, &elapsed, &st), 0);
	assert_int_equal(st, 4);
	assert_int_equal(b->ops->run(b, missing, NULL, NULL, &elapsed, &st), -ENOENT);
	assert_int_equal(b->ops->event_open(b, &a, -1, 0, -1), -ENOENT);
	assert_int_equal(b->ops->event_open(b, &a, -1, 0, 7), -EBADF);
	backend_close(b);
}

static struct backend *boot_persistent(void)
{
	struct backend_options o = {.kind = "emulated", .workload = "idle", .seed = 1};
	struct backend *b = NULL;
	struct error err;

	assert_int_equal(backend_open(&o, &b, &err), 0);
	return b;
}

#define EP "/sys/bus/pci/devices/0000:01:00.1"

/* A hot-remove through sysfs reaches the platform: it lasts until a rescan, across runs. */
static void remove_and_rescan_persist(void **state)
{
	static char dir[] = "/tmp/pciescope-emu-XXXXXX";
	struct backend_options o = {.kind = "emulated"};
	struct backend *b;
	struct error err;

	if (!getenv("PCIESCOPE_STATE_DIR"))
		setenv("PCIESCOPE_STATE_DIR", mkdtemp(dir), 1);
	assert_int_equal(backend_reset_state(&o, &err), 0);
	b = boot_persistent();
	assert_int_equal(b->ops->sysfs_is_dir(b, EP), 1);
	assert_int_equal(b->ops->sysfs_write(b, EP "/remove", "1", 1), 1);
	assert_int_equal(b->ops->sysfs_is_dir(b, EP), -ENOENT);
	backend_close(b);

	b = boot_persistent();
	assert_int_equal(b->ops->sysfs_is_dir(b, EP), -ENOENT);
	assert_int_equal(b->ops->sysfs_write(b, "/sys/bus/pci/rescan", "1", 1), 1);
	assert_int_equal(b->ops->sysfs_is_dir(b, EP), 1);
	backend_close(b);

	b = boot_persistent();
	assert_int_equal(b->ops->sysfs_is_dir(b, EP), 1);
	backend_close(b);
	assert_int_equal(backend_reset_state(&o, &err), 0);
}

static void unknown_platform_and_kind(void **state)
{
	struct backend_options o = {.kind = "emulated", .platform = "foo", .ephemeral = true};
	struct backend *b = NULL;
	struct error err;

	assert_int_equal(backend_open(&o, &b, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "'foo'"));
	o.kind = "fpga";
	assert_int_equal(backend_open(&o, &b, &err), -EINVAL);
	assert_string_equal(err.msg, "unknown backend 'fpga' (emulated or host)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(sysfs_shows_the_platform),
	    cmocka_unit_test(sleep_is_simulated_time),
	    cmocka_unit_test(real_commands_and_errors),
	    cmocka_unit_test(remove_and_rescan_persist),
	    cmocka_unit_test(unknown_platform_and_kind),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
