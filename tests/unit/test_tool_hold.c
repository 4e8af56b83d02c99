// SPDX-License-Identifier: GPL-2.0-only
/*
 * Holds (tool/hold.h) between processes: a search's hold is in the way of
 * a setting of its device and of a platform change, not of another device;
 * a view's is in the way of a platform change only; a hold whose process
 * died (SIGKILL) is stale, and so is one whose lock only an orphaned child
 * keeps; --wait waits until the holder ends; the levels put back are those
 * the device holds as the search left them.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/tool/hold.h>

static const struct backend_options machine = {.kind = "emulated", .platform = "kunpeng930"};

/* A child that takes a hold, says so on ready, and keeps it until go is closed. */
struct holder {
	pid_t pid;
	int ready, go;
};

/* keep_child: the holder forks a grandchild that inherits the hold's lock and outlives it. */
static void child(enum hold_kind kind, const char *dev, int ready, int go, bool keep_child)
{
	struct hold *h;
	struct hold_info busy;
	struct error e;
	char c;

	if (hold_take(&machine, kind, dev, "test", false, &h, &busy, &e) || !h)
		_exit(2);
	if (keep_child && fork() == 0) {
		while (read(go, &c, 1) > 0)
			;
		_exit(0);
	}
	if (write(ready, "", 1) != 1)
		_exit(3);
	while (read(go, &c, 1) > 0)
		;
	if (!keep_child)
		hold_release(h);
	_exit(0);
}

static struct holder hold_in_child(enum hold_kind kind, const char *dev, bool keep_child)
{
	int r[2], g[2];
	struct holder x;
	char c;

	assert_int_equal(pipe(r), 0);
	assert_int_equal(pipe(g), 0);
	x.pid = fork();
	assert_true(x.pid >= 0);
	if (!x.pid) {
		close(r[0]);
		close(g[1]);
		child(kind, dev, r[1], g[0], keep_child);
	}
	close(r[1]);
	close(g[0]);
	assert_int_equal(read(r[0], &c, 1), 1);
	x.ready = r[0];
	x.go = g[1];
	return x;
}

/* Lets the holder end (and its grandchild); 0 if it exited cleanly. */
static int end_holder(struct holder *x)
{
	int st;

	close(x->go);
	close(x->ready);
	assert_int_equal(waitpid(x->pid, &st, 0), x->pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int guard(const char *dev, bool wait, struct hold_info *busy)
{
	struct hold_guard *g;
	struct error e;
	int r = hold_guard(&machine, dev, wait, &g, busy, &e);

	hold_guard_end(g);
	return r;
}

static void a_search_holds_its_device_and_the_machine(void **state)
{
	struct holder x = hold_in_child(HOLD_SEARCH, "hisi_ptt0_2", false);
	struct hold_info busy = {0};
	char text[128];

	assert_int_equal(guard("hisi_ptt0_2", false, &busy), -EBUSY);
	assert_int_equal(busy.pid, x.pid);
	assert_int_equal(busy.kind, HOLD_SEARCH);
	assert_string_equal(busy.device, "hisi_ptt0_2");
	snprintf(text, sizeof(text), "a tune search of hisi_ptt0_2 (pid %ld)", (long)x.pid);
	assert_string_equal(hold_describe(&busy, text + 64, 64), text);
	assert_int_equal(guard("hisi_ptt0_1", false, &busy), 0);
	assert_int_equal(guard(NULL, false, &busy), -EBUSY);
	assert_int_equal(end_holder(&x), 0);
	assert_int_equal(guard("hisi_ptt0_2", false, &busy), 0);
	assert_int_equal(guard(NULL, false, &busy), 0);
}

static void a_view_holds_the_machine_only(void **state)
{
	struct holder x = hold_in_child(HOLD_VIEW, NULL, false);
	struct hold_info busy = {0};

	assert_int_equal(guard("hisi_ptt0_2", false, &busy), 0);
	assert_int_equal(guard(NULL, false, &busy), -EBUSY);
	assert_int_equal(busy.kind, HOLD_VIEW);
	assert_int_equal(end_holder(&x), 0);
	assert_int_equal(guard(NULL, false, &busy), 0);
}

static void a_killed_holder_is_stale(void **state)
{
	struct holder x = hold_in_child(HOLD_SEARCH, "hisi_ptt0_2", false);
	struct hold_info busy = {0};

	assert_int_equal(kill(x.pid, SIGKILL), 0);
	assert_int_equal(end_holder(&x), 128 + SIGKILL);
	assert_int_equal(guard("hisi_ptt0_2", false, &busy), 0);
}

/* The holder is gone, but a child it forked (no exec) still has the lock. */
static void a_lock_kept_by_an_orphan_is_stale(void **state)
{
	struct holder x = hold_in_child(HOLD_SEARCH, "hisi_ptt0_2", true);
	struct hold_info busy = {0};
	int go = x.go;

	x.go = dup(go); /* the grandchild's pipe stays open: it keeps running */
	assert_int_equal(kill(x.pid, SIGKILL), 0);
	assert_int_equal(waitpid(x.pid, NULL, 0), x.pid);
	assert_int_equal(guard("hisi_ptt0_2", false, &busy), 0);
	close(go);
	close(x.go);
	close(x.ready);
}

static void wait_waits_for_the_holder_to_end(void **state)
{
	struct holder x = hold_in_child(HOLD_SEARCH, "hisi_ptt0_2", false);
	struct hold_info busy = {0};
	int st;

	close(x.go); /* the holder ends now, or while the guard waits */
	assert_int_equal(guard("hisi_ptt0_2", true, &busy), 0);
	assert_int_equal(waitpid(x.pid, &st, 0), x.pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	close(x.ready);
}

static void only_what_the_search_left_is_put_back(void **state)
{
	struct hold_info h = {.known = {true, true, true},
			      .level = {{1, 1, 1, 1, 1}, {0, 0, 1, 1, 1}, {2, 0, 1, 1, 1}}};
	int cur[HISI_PTT_TUNE_NPARAM] = {2, 0, 1, 2, 1};

	/* qos_tx_cpl as being written, qos_tx_np as last written, qos_tx_p as both; rx set since */
	assert_int_equal(hold_restore_mask(&h, cur), 0x17);
	h.known[HOLD_NEXT] = false;
	assert_int_equal(hold_restore_mask(&h, cur), 0x16);
	h.known[HOLD_LAST] = false;
	assert_int_equal(hold_restore_mask(&h, cur), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_search_holds_its_device_and_the_machine),
	    cmocka_unit_test(a_view_holds_the_machine_only),
	    cmocka_unit_test(a_killed_holder_is_stale),
	    cmocka_unit_test(a_lock_kept_by_an_orphan_is_stale),
	    cmocka_unit_test(wait_waits_for_the_holder_to_end),
	    cmocka_unit_test(only_what_the_search_left_is_put_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
