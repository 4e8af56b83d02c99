// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope tune DEVICE [PARAM[=VALUE] ...]: reads and writes the files
 * under /sys/bus/event_source/devices/DEVICE/tune.  Without PARAM, every
 * parameter with its value.  A write shows the value before and after, so
 * the hardware's conversion of out-of-range values to 2 is visible.
 *
 * `qos_tx_dp` (the PTT document's example) names no file on any kernel; it
 * is refused with the real names rather than guessed at.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "backend_opts.h"
#include "cli.h"

/* The seed's long names, present as aliases on the emulated platform. */
static const char *tune_alias_of(const char *name)
{
	if (!strcmp(name, "tx_path_rx_req_alloc_buf_level"))
		return "rx_alloc_buf_level";
	if (!strcmp(name, "tx_path_tx_req_alloc_buf_level"))
		return "tx_alloc_buf_level";
	return NULL;
}

static int tune_show_all(struct backend *b, const char *dev, const char *dir)
{
	char **names, path[512], val[64];
	size_t n;
	int ret = cli_sysfs_list(b, dir, &names, &n);

	if (ret)
		return cli_errno(ret, "tune: %s", dir);
	for (size_t i = 0; i < n; i++) {
		const char *alias = tune_alias_of(names[i]);
		ssize_t len;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		len = cli_sysfs_read(b, path, val, sizeof(val));
		if (len < 0) {
			ret = cli_errno((int)len, "tune: %s: %s", dev, names[i]);
			continue;
		}
		if (alias)
			printf("%-32s %s   (alias of %s)\n", names[i], val, alias);
		else
			printf("%-32s %s\n", names[i], val);
	}
	cli_names_free(names, n);
	return ret;
}

static int tune_one(struct backend *b, const char *dev, const char *dir, const char *arg)
{
	char name[128], path[512], before[64], after[64];
	const char *eq = strchr(arg, '='), *value = eq ? eq + 1 : NULL;
	ssize_t ret;

	snprintf(name, sizeof(name), "%.*s", eq ? (int)(eq - arg) : (int)strlen(arg), arg);
	if (!strcmp(name, "qos_tx_dp"))
		return cli_error("tune: qos_tx_dp: no such parameter (the PTT document's "
				 "example name is a typo); use qos_tx_cpl, qos_tx_np or qos_tx_p");
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ret = cli_sysfs_read(b, path, before, sizeof(before));
	if (ret == -ENOENT)
		return cli_error("tune: %s has no parameter '%s'; see 'pciescope tune %s'", dev,
				 name, dev);
	if (ret < 0)
		return cli_errno((int)ret, "tune: %s: %s", dev, name);
	if (!value) {
		printf("%s %s\n", name, before);
		return 0;
	}
	ret = b->ops->sysfs_write(b, path, value, strlen(value));
	if (ret < 0)
		return cli_errno((int)ret, "tune: %s: %s=%s", dev, name, value);
	ret = cli_sysfs_read(b, path, after, sizeof(after));
	if (ret < 0)
		return cli_errno((int)ret, "tune: %s: %s", dev, name);
	printf("%s %s -> %s", name, before, after);
	if (strcmp(after, value))
		printf("   (wrote %s; the device holds %s)", value, after);
	printf("\n");
	return 0;
}

static int tune_usage(int ret)
{
	fprintf(ret ? stderr : stdout,
		"usage: pciescope tune [--backend B] [--platform P] DEVICE [PARAM[=VALUE] ...]\n"
		"  DEVICE  a PMU with a tune/ directory, e.g. hisi_ptt0_2\n"
		"  PARAM   qos_tx_cpl, qos_tx_np, qos_tx_p, rx_alloc_buf_level, "
		"tx_alloc_buf_level\n"
		"  With --backend host, PARAM=VALUE writes the real PTT's tune/ files of this\n"
		"  machine (as root): the levels of its PCIe core change until the next write.\n");
	return ret;
}

int cmd_tune(int argc, char **argv)
{
	struct backend_opts bo = {0};
	const char *dev = NULL;
	char dir[384];
	int first = 0, ret = 0, r;
	struct backend *b;

	for (int i = 1; i < argc && !first; i++) {
		r = backend_opts_parse(&bo, argc, argv, &i);
		if (r < 0)
			return 1;
		if (r)
			continue;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return tune_usage(0);
		if (argv[i][0] == '-')
			return tune_usage(1);
		if (!dev)
			dev = argv[i];
		else
			first = i;
	}
	if (!dev)
		return tune_usage(1);
	b = backend_opts_open(&bo, "tune");
	if (!b)
		return 1;
	snprintf(dir, sizeof(dir), "%s/%s/tune", PMU_SYSFS, dev);
	if (b->ops->sysfs_is_dir(b, dir) != 1)
		ret = cli_error("tune: %s: no such PMU with tune parameters (see 'pciescope list')",
				dev);
	else if (!first)
		ret = tune_show_all(b, dev, dir);
	for (int i = first; !ret && i && i < argc; i++)
		ret = tune_one(b, dev, dir, argv[i]);
	backend_close(b);
	return ret;
}
