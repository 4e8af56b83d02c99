// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/core/sysfs.h>

struct knob {
	int val;
};

static ssize_t knob_show(void *ctx, char *buf, size_t n)
{
	return snprintf(buf, n, "%d\n", ((struct knob *)ctx)->val);
}

static ssize_t knob_store(void *ctx, const char *buf, size_t len)
{
	char *end;
	long v = strtol(buf, &end, 10);

	if (end == buf || v < 0)
		return -EINVAL;
	((struct knob *)ctx)->val = (int)v;
	return (ssize_t)len;
}

static const struct sysfs_attr_ops knob_ops = {.show = knob_show, .store = knob_store};
static const struct sysfs_attr_ops ro_ops = {.show = knob_show};
static const struct sysfs_attr_ops wo_ops = {.store = knob_store};

static ssize_t rd(struct sysfs *fs, const char *path, char *buf, size_t n)
{
	ssize_t len = sysfs_read(fs, path, buf, n - 1);

	buf[len > 0 ? len : 0] = '\0';
	return len;
}

static void attributes_show_and_store(void **state)
{
	struct sysfs *fs = sysfs_create();
	struct sysfs_node *d = sysfs_mkdir_p(fs, "/sys/devices/hisi_ptt0_2/tune");
	struct knob k = {1};
	char buf[64];

	assert_non_null(d);
	assert_int_equal(sysfs_add_attr(d, "qos_tx_cpl", 0644, &knob_ops, &k), 0);
	assert_int_equal(rd(fs, "/sys/devices/hisi_ptt0_2/tune/qos_tx_cpl", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "1\n");
	assert_int_equal(sysfs_write(fs, "/sys/devices/hisi_ptt0_2/tune/qos_tx_cpl", "2\n", 2), 2);
	assert_int_equal(k.val, 2);
	assert_int_equal(sysfs_write(fs, "/sys/devices/hisi_ptt0_2/tune/qos_tx_cpl", "-1", 2),
			 -EINVAL);
	assert_int_equal(k.val, 2);
	assert_int_equal(sysfs_add_attr(d, "qos_tx_cpl", 0644, &knob_ops, &k), -EEXIST);
	assert_int_equal(sysfs_add_const(d, "note", "fixed\n"), 0);
	assert_int_equal(rd(fs, "/sys/devices/hisi_ptt0_2/tune/note", buf, sizeof(buf)), 6);
	assert_string_equal(buf, "fixed\n");
	sysfs_destroy(fs);
}

static void modes_refuse_like_kernfs(void **state)
{
	struct sysfs *fs = sysfs_create();
	struct sysfs_node *d = sysfs_mkdir_p(fs, "/sys/x");
	struct knob k = {7};
	char buf[64];

	sysfs_add_attr(d, "ro", 0444, &ro_ops, &k);
	sysfs_add_attr(d, "wo", 0200, &wo_ops, &k);
	sysfs_add_attr(d, "rw_no_store", 0644, &ro_ops, &k);
	sysfs_add_attr(d, "secret", 0600, &knob_ops, &k);
	assert_int_equal(sysfs_write(fs, "/sys/x/ro", "1", 1), -EACCES);
	assert_int_equal(sysfs_read(fs, "/sys/x/wo", buf, sizeof(buf)), -EACCES);
	assert_int_equal(sysfs_write(fs, "/sys/x/rw_no_store", "1", 1), -EACCES);
	assert_int_equal(rd(fs, "/sys/x/secret", buf, sizeof(buf)), 2);
	assert_int_equal(sysfs_write(fs, "/sys/x/wo", "3", 1), 1);
	assert_int_equal(k.val, 3);
	assert_int_equal(sysfs_read(fs, "/sys/x", buf, sizeof(buf)), -EISDIR);
	assert_int_equal(sysfs_write(fs, "/sys/x", "1", 1), -EISDIR);
	assert_int_equal(sysfs_read(fs, "/sys/x/none", buf, sizeof(buf)), -ENOENT);
	assert_int_equal(sysfs_read(fs, "/sys/x/ro/deeper", buf, sizeof(buf)), -ENOTDIR);
	sysfs_destroy(fs);
}

static void symlinks_resolve_relative_and_loop(void **state)
{
	struct sysfs *fs = sysfs_create();
	struct sysfs_node *dev = sysfs_mkdir_p(fs, "/sys/devices/pci0000:00/0000:00:10.0");
	struct sysfs_node *bus = sysfs_mkdir_p(fs, "/sys/bus/pci/devices");
	struct sysfs_stat st;
	char buf[64];

	sysfs_add_const(dev, "vendor", "0x19e5\n");
	assert_int_equal(
	    sysfs_add_symlink(bus, "0000:00:10.0", "../../../devices/pci0000:00/0000:00:10.0"), 0);
	assert_int_equal(rd(fs, "/sys/bus/pci/devices/0000:00:10.0/vendor", buf, sizeof(buf)), 7);
	assert_string_equal(buf, "0x19e5\n");
	assert_int_equal(sysfs_stat(fs, "/sys/bus/pci/devices/0000:00:10.0", &st), 0);
	assert_true(st.is_dir);
	assert_true(st.is_link);
	assert_ptr_equal(sysfs_lookup(fs, "/sys/bus/pci/devices/0000:00:10.0"), dev);
	sysfs_add_symlink(bus, "a", "b");
	sysfs_add_symlink(bus, "b", "a");
	assert_int_equal(sysfs_read(fs, "/sys/bus/pci/devices/a", buf, sizeof(buf)), -ELOOP);
	sysfs_add_symlink(bus, "dangling", "/sys/nowhere");
	assert_int_equal(sysfs_stat(fs, "/sys/bus/pci/devices/dangling", &st), -ENOENT);
	sysfs_destroy(fs);
}

struct names {
	char list[256];
	int dirs;
};

static int collect(void *ctx, const char *name, const struct sysfs_stat *st)
{
	struct names *n = ctx;

	strcat(n->list, name);
	strcat(n->list, " ");
	n->dirs += st->is_dir;
	return 0;
}

static int stop_at_b(void *ctx, const char *name, const struct sysfs_stat *st)
{
	return strcmp(name, "b") ? collect(ctx, name, st) : 5;
}

static void readdir_is_sorted_and_remove_frees_subtree(void **state)
{
	struct sysfs *fs = sysfs_create();
	struct sysfs_node *d = sysfs_mkdir_p(fs, "/sys/e");
	struct names n = {""};

	sysfs_add_const(d, "c", "c");
	sysfs_mkdir(d, "a");
	sysfs_add_const(d, "b", "b");
	sysfs_add_const(sysfs_mkdir(d, "a"), "inner", "x");
	assert_int_equal(sysfs_readdir(fs, "/sys/e", collect, &n), 0);
	assert_string_equal(n.list, "a b c ");
	assert_int_equal(n.dirs, 1);
	memset(&n, 0, sizeof(n));
	assert_int_equal(sysfs_readdir(fs, "/sys/e", stop_at_b, &n), 5);
	assert_string_equal(n.list, "a ");
	assert_int_equal(sysfs_readdir(fs, "/sys/e/b", collect, &n), -ENOTDIR);
	assert_int_equal(sysfs_remove_path(fs, "/sys/e/a"), 0);
	assert_null(sysfs_lookup(fs, "/sys/e/a/inner"));
	assert_int_equal(sysfs_remove_path(fs, "/sys/e/a"), -ENOENT);
	sysfs_destroy(fs);
}

static void long_writes_are_cut_to_a_page(void **state)
{
	struct sysfs *fs = sysfs_create();
	struct knob k = {0};
	char big[5000];

	memset(big, '9', sizeof(big));
	big[0] = '4';
	big[1] = ' ';
	sysfs_add_attr(sysfs_mkdir_p(fs, "/sys/k"), "v", 0644, &knob_ops, &k);
	assert_int_equal(sysfs_write(fs, "/sys/k/v", big, sizeof(big)), 4095);
	assert_int_equal(k.val, 4);
	sysfs_destroy(fs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(attributes_show_and_store),
	    cmocka_unit_test(modes_refuse_like_kernfs),
	    cmocka_unit_test(symlinks_resolve_relative_and_loop),
	    cmocka_unit_test(readdir_is_sorted_and_remove_frees_subtree),
	    cmocka_unit_test(long_writes_are_cut_to_a_page),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
