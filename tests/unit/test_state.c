// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/core/state.h>

static int setup(void **state)
{
	static char dir[] = "/tmp/pciescope-state-XXXXXX";

	if (!getenv("PCIESCOPE_STATE_DIR"))
		setenv("PCIESCOPE_STATE_DIR", mkdtemp(dir), 1);
	kstate_reset("t1");
	kstate_reset("t2");
	kstate_reset("/some/path/plat.json");
	return 0;
}

static void values_persist_until_reset(void **state)
{
	struct kstate *s;
	uint64_t v = 0;

	assert_int_equal(kstate_open("t1", &s), 0);
	assert_false(kstate_get_u64(s, "tune/qos_tx_cpl", &v));
	assert_int_equal(kstate_set_u64(s, "tune/qos_tx_cpl", 2), 0);
	assert_int_equal(kstate_set_str(s, "removed/0000:01:00.0", "line1\nback\\slash"), 0);
	assert_int_equal(kstate_set_str(s, "bad=key", "x"), -EINVAL);
	assert_int_equal(kstate_close(s), 0);

	assert_int_equal(kstate_open("t1", &s), 0);
	assert_true(kstate_get_u64(s, "tune/qos_tx_cpl", &v));
	assert_int_equal(v, 2);
	assert_string_equal(kstate_get_str(s, "removed/0000:01:00.0"), "line1\nback\\slash");
	assert_int_equal(kstate_del(s, "tune/qos_tx_cpl"), 0);
	assert_int_equal(kstate_del(s, "tune/qos_tx_cpl"), -ENOENT);
	assert_int_equal(kstate_close(s), 0);

	assert_int_equal(kstate_open("t1", &s), 0);
	assert_false(kstate_get_u64(s, "tune/qos_tx_cpl", &v));
	assert_non_null(kstate_get_str(s, "removed/0000:01:00.0"));
	kstate_close(s);
	assert_int_equal(kstate_reset("t1"), 0);
	assert_int_equal(kstate_open("t1", &s), 0);
	assert_null(kstate_get_str(s, "removed/0000:01:00.0"));
	kstate_close(s);
}

static void collect(void *ctx, const char *key, const char *val)
{
	strcat(ctx, key);
	strcat(ctx, "=");
	strcat(ctx, val);
	strcat(ctx, ";");
}

static void platforms_are_separate_and_foreach_filters(void **state)
{
	struct kstate *s;
	char seen[256] = "";

	kstate_open("t2", &s);
	kstate_set_str(s, "removed/b", "1");
	kstate_set_str(s, "removed/a", "1");
	kstate_set_str(s, "tune/x", "0");
	kstate_close(s);
	kstate_open("/some/path/plat.json", &s);
	assert_null(kstate_get_str(s, "tune/x"));
	kstate_close(s);
	kstate_open("t2", &s);
	kstate_foreach(s, "removed/", collect, seen);
	assert_string_equal(seen, "removed/a=1;removed/b=1;");
	kstate_close(s);
}

/* Each child writes its own keys, one open/close each, racing the other child. */
static void write_keys(int who, int n)
{
	char key[32];

	for (int i = 0; i < n; i++) {
		struct kstate *s;

		if (kstate_open("t2", &s))
			_exit(2);
		snprintf(key, sizeof(key), "w%d/%03d", who, i);
		kstate_set_u64(s, key, (uint64_t)i);
		kstate_set_u64(s, "last", (uint64_t)who);
		if (kstate_close(s))
			_exit(3);
	}
	_exit(0);
}

static void count_key(void *ctx, const char *key, const char *val)
{
	(*(int *)ctx)++;
}

static void concurrent_writers_both_land(void **state)
{
	pid_t kids[2];
	struct kstate *s;
	uint64_t v = 9;
	int st, n0 = 0, n1 = 0;

	for (int i = 0; i < 2; i++) {
		kids[i] = fork();
		assert_true(kids[i] >= 0);
		if (kids[i] == 0)
			write_keys(i, 100);
	}
	for (int i = 0; i < 2; i++) {
		assert_int_equal(waitpid(kids[i], &st, 0), kids[i]);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	kstate_open("t2", &s);
	kstate_foreach(s, "w0/", count_key, &n0);
	kstate_foreach(s, "w1/", count_key, &n1);
	assert_int_equal(n0, 100);
	assert_int_equal(n1, 100);
	assert_true(kstate_get_u64(s, "last", &v));
	assert_true(v == 0 || v == 1);
	kstate_close(s);
}

/* A pciescope run by a pciescope: both handles open at once in one process. */
static void nested_handles_merge_instead_of_waiting(void **state)
{
	struct kstate *outer, *inner;
	uint64_t v = 0;

	assert_int_equal(kstate_open("t1", &outer), 0);
	kstate_set_u64(outer, "tune/a", 1);
	kstate_set_u64(outer, "tune/b", 1);
	assert_int_equal(kstate_close(outer), 0);

	assert_int_equal(kstate_open("t1", &outer), 0);
	assert_int_equal(kstate_open("t1", &inner), 0);
	kstate_set_u64(inner, "tune/a", 2);
	kstate_del(inner, "tune/b");
	assert_int_equal(kstate_close(inner), 0);
	kstate_set_u64(outer, "tune/a", 1); /* unchanged: must not undo the inner change */
	kstate_set_u64(outer, "tune/c", 3);
	assert_int_equal(kstate_close(outer), 0);

	assert_int_equal(kstate_open("t1", &outer), 0);
	assert_true(kstate_get_u64(outer, "tune/a", &v));
	assert_int_equal(v, 2);
	assert_false(kstate_get_u64(outer, "tune/b", &v));
	assert_true(kstate_get_u64(outer, "tune/c", &v));
	assert_int_equal(v, 3);
	kstate_close(outer);
}

/* Defaults a handle filled in on a fresh state are no change to write back. */
static void baseline_is_not_written_back(void **state)
{
	struct kstate *first, *other;
	uint64_t v = 0;

	assert_int_equal(kstate_reset("t2"), 0);
	assert_int_equal(kstate_open("t2", &first), 0);
	kstate_set_u64(first, "tune/a", 1);
	kstate_set_u64(first, "tune/b", 1);
	kstate_baseline(first);
	assert_int_equal(kstate_open("t2", &other), 0);
	kstate_set_u64(other, "tune/a", 2);
	assert_int_equal(kstate_close(other), 0);
	assert_true(kstate_changed(first));
	kstate_set_u64(first, "tune/a", 1); /* the default again: no change */
	kstate_set_u64(first, "tune/b", 3); /* a change after the baseline lands */
	assert_int_equal(kstate_close(first), 0);

	assert_int_equal(kstate_open("t2", &first), 0);
	assert_true(kstate_get_u64(first, "tune/a", &v));
	assert_int_equal(v, 2);
	assert_true(kstate_get_u64(first, "tune/b", &v));
	assert_int_equal(v, 3);
	kstate_close(first);
}

static void write_file(const char *name, const char *text, char *path, size_t n)
{
	FILE *f;

	snprintf(path, n, "%s/%s.state", getenv("PCIESCOPE_STATE_DIR"), name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *read_file(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static const char damaged[] = "garbage\ntune/a=banana\ntune/b=7\n=nokey\n";

/* A damaged file is used where it can be and named, by line, where it cannot. */
static void damaged_lines_are_skipped_and_named(void **state)
{
	struct kstate *s;
	char path[4096], want[4200], buf[8192];
	uint64_t v = 0;

	write_file("t3", damaged, path, sizeof(path));
	assert_int_equal(kstate_open("t3", &s), 0);
	snprintf(want, sizeof(want),
		 "%s:1: 'garbage' is not key=value: ignored (and 1 more line not used)", path);
	assert_string_equal(kstate_warning(s, buf, sizeof(buf)), want);
	assert_true(kstate_get_u64(s, "tune/b", &v));
	assert_int_equal(v, 7);
	assert_false(kstate_get_u64(s, "tune/a", &v));
	snprintf(want, sizeof(want),
		 "%s:1: 'garbage' is not key=value: ignored (and 2 more lines not used)", path);
	assert_string_equal(kstate_warning(s, buf, sizeof(buf)), want);
	kstate_close(s);
}

static void a_bad_number_alone_is_named_by_its_line(void **state)
{
	struct kstate *s;
	char path[4096], want[4200], buf[8192];
	uint64_t v = 0;

	write_file("t3", "tune/b=7\ntune/a=banana\n", path, sizeof(path));
	assert_int_equal(kstate_open("t3", &s), 0);
	assert_null(kstate_warning(s, buf, sizeof(buf)));
	assert_false(kstate_get_u64(s, "tune/a", &v));
	assert_false(kstate_get_u64(s, "tune/a", &v));
	snprintf(want, sizeof(want), "%s:2: tune/a='banana' is not a number: the default is used",
		 path);
	assert_string_equal(kstate_warning(s, buf, sizeof(buf)), want);
	kstate_close(s);
}

/* Reading a damaged file, and setting what it already holds, leave it as it was. */
static void damaged_file_is_kept_until_a_change(void **state)
{
	struct kstate *s;
	char path[4096];
	uint64_t v;

	write_file("t3", damaged, path, sizeof(path));
	assert_int_equal(kstate_open("t3", &s), 0);
	kstate_get_u64(s, "tune/a", &v);
	kstate_set_u64(s, "tune/b", 7);
	assert_int_equal(kstate_close(s), 0);
	assert_string_equal(read_file(path), damaged);

	assert_int_equal(kstate_open("t3", &s), 0);
	kstate_set_u64(s, "tune/b", 8);
	assert_int_equal(kstate_close(s), 0);
	assert_string_equal(read_file(path), "tune/a=banana\ntune/b=8\n");
}

/* A state that cannot be read boots with the defaults and is not written over. */
static void unreadable_file_warns_and_is_not_replaced(void **state)
{
	struct kstate *s;
	char path[4096], want[4200], buf[8192];
	uint64_t v;

	snprintf(path, sizeof(path), "%s/t4.state", getenv("PCIESCOPE_STATE_DIR"));
	rmdir(path);
	assert_int_equal(mkdir(path, 0755), 0); /* unreadable as a file even for root */
	assert_int_equal(kstate_open("t4", &s), 0);
	snprintf(want, sizeof(want), "%s: cannot read it (%s): the defaults are used", path,
		 strerror(EISDIR));
	assert_string_equal(kstate_warning(s, buf, sizeof(buf)), want);
	assert_false(kstate_get_u64(s, "tune/a", &v));
	kstate_set_u64(s, "tune/a", 1);
	assert_int_not_equal(kstate_close(s), 0);
	assert_int_equal(rmdir(path), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(values_persist_until_reset),
	    cmocka_unit_test(platforms_are_separate_and_foreach_filters),
	    cmocka_unit_test(concurrent_writers_both_land),
	    cmocka_unit_test(nested_handles_merge_instead_of_waiting),
	    cmocka_unit_test(baseline_is_not_written_back),
	    cmocka_unit_test(damaged_lines_are_skipped_and_named),
	    cmocka_unit_test(a_bad_number_alone_is_named_by_its_line),
	    cmocka_unit_test(damaged_file_is_kept_until_a_change),
	    cmocka_unit_test(unreadable_file_warns_and_is_not_replaced),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
