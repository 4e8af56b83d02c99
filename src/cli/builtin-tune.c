// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope tune DEVICE [PARAM[=VALUE] ...]: reads and writes the files
 * under /sys/bus/event_source/devices/DEVICE/tune.  Without PARAM, every
 * parameter with its value.  A write shows the value before and after, so
 * the hardware's conversion of out-of-range values to 2 is visible.
 *
 * `qos_tx_dp` (the PTT document's example) names no file on any kernel; it
 * is refused with the real names rather than guessed at.
 *
 * Several assignments are applied all or nothing, so a typo in the third
 * does not leave the first two changed: every name and value is checked
 * before anything is written (values as the driver takes them, 0..65535),
 * and should a write still fail, the ones already made are put back.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/diag/search.h>
#include <pciescope/tool/ptt_tune.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_hold.h"
#include "cli_names.h"
#include "cli_number.h"
#include "tune_search.h"

/*
 * The seed's long names, present as aliases on the emulated platform;
 * hisi_ptt_tune_param_index knows them, and the name each stands for.
 */
static const char *tune_alias_of(const char *name)
{
	int k = hisi_ptt_tune_param_index(name);

	return k >= 0 && strcmp(name, hisi_ptt_tune_params[k]) ? hisi_ptt_tune_params[k] : NULL;
}

static int tune_show_all(struct backend *b, const char *dev, const char *dir)
{
	char **names, path[512], val[64];
	size_t n;
	int ret = backend_list_dir(b, dir, &names, &n);

	if (ret)
		return cli_errno(ret, "tune: %s", dir);
	for (size_t i = 0; i < n; i++) {
		const char *alias = tune_alias_of(names[i]);
		ssize_t len;

		ptt_tune_path(dev, names[i], path, sizeof(path));
		len = backend_read_line(b, path, val, sizeof(val));
		if (len < 0) {
			ret = cli_errno((int)len, "tune: %s: %s", dev, names[i]);
			continue;
		}
		if (alias)
			printf("%-32s %s   (alias of %s)\n", names[i], val, alias);
		else
			printf("%-32s %s\n", names[i], val);
	}
	backend_names_free(names, n);
	return ret;
}

/* One PARAM[=VALUE] argument, checked, with the value the file held before. */
struct tune_arg {
	char name[128], path[512], before[64], number[24];
	const char *value; /* NULL: only read; else the number to write, in decimal */
};

/*
 * A value as the driver takes it (kstrtou16 in base 10): an optional '+',
 * decimal digits, at most 65535.  The CLI checks it first so that a bad one
 * in a list leaves every parameter as it was; 0x1 is refused as the driver
 * refuses it, only with the reason.
 */
static int tune_value(const char *s, char *number, size_t n)
{
	uint64_t v;

	if (*s == '+')
		s++;
	if (!*s || strspn(s, "0123456789") != strlen(s) || cli_parse_uint(s, 10, 65535, &v))
		return -EINVAL;
	snprintf(number, n, "%llu", (unsigned long long)v);
	return 0;
}

static int tune_check(struct backend *b, const char *dev, const char *arg, struct tune_arg *t)
{
	const char *eq = strchr(arg, '=');
	ssize_t ret;

	snprintf(t->name, sizeof(t->name), "%.*s", eq ? (int)(eq - arg) : (int)strlen(arg), arg);
	t->value = eq ? eq + 1 : NULL;
	if (!t->name[0] || strchr(t->name, '/'))
		return cli_error("tune: %s: '%s' names no parameter; give PARAM or PARAM=VALUE "
				 "(see 'pciescope tune %s'); nothing was changed",
				 dev, arg, dev);
	if (!strcmp(t->name, "qos_tx_dp"))
		return cli_error("tune: qos_tx_dp: no such parameter (the PTT document's "
				 "example name is a typo); use qos_tx_cpl, qos_tx_np or qos_tx_p");
	ptt_tune_path(dev, t->name, t->path, sizeof(t->path));
	ret = backend_read_line(b, t->path, t->before, sizeof(t->before));
	if (ret == -ENOENT) {
		char see[160], dir[384];

		snprintf(see, sizeof(see), "see 'pciescope tune %s'", dev);
		return cli_unknown_in_dir(b, ptt_tune_path(dev, NULL, dir, sizeof(dir)), NULL,
					  t->name, see, "tune: %s has no parameter '%s'", dev,
					  t->name);
	}
	if (ret < 0)
		return cli_errno((int)ret, "tune: %s: %s", dev, t->name);
	if (t->value && tune_value(t->value, t->number, sizeof(t->number)))
		return cli_error("tune: %s: %s=%s: Invalid argument (a level is 0..2; the device "
				 "takes up to 65535 as 2); nothing was changed",
				 dev, t->name, t->value);
	if (t->value)
		t->value = t->number;
	return 0;
}

static int tune_apply(struct backend *b, const char *dev, const struct tune_arg *t)
{
	char after[64];
	ssize_t ret;

	if (!t->value) {
		printf("%s %s\n", t->name, t->before);
		return 0;
	}
	ret = b->ops->sysfs_write(b, t->path, t->value, strlen(t->value));
	if (ret < 0)
		return cli_errno((int)ret, "tune: %s: %s=%s", dev, t->name, t->value);
	ret = backend_read_line(b, t->path, after, sizeof(after));
	if (ret < 0)
		return cli_errno((int)ret, "tune: %s: %s", dev, t->name);
	printf("%s %s -> %s", t->name, t->before, after);
	if (strcmp(after, t->value))
		printf("   (wrote %s; the device holds %s)", t->value, after);
	printf("\n");
	return 0;
}

/* Checks every argument, then applies them in order, undoing all if one fails. */
static int tune_all(struct backend *b, const char *dev, char **args, int n)
{
	struct tune_arg *t = calloc((size_t)n, sizeof(*t));
	int ret = t ? 0 : cli_errno(-ENOMEM, "tune"), done = 0;

	for (int i = 0; !ret && i < n; i++)
		ret = tune_check(b, dev, args[i], &t[i]);
	for (; !ret && done < n; done++)
		ret = tune_apply(b, dev, &t[done]);
	while (ret && done-- > 0)
		if (t[done].value)
			b->ops->sysfs_write(b, t[done].path, t[done].before,
					    strlen(t[done].before));
	free(t);
	return ret;
}

/* A level set but not kept would be undone silently by the next command. */
static int tune_close(struct backend *b, const char *dev, bool changed)
{
	int r = backend_close(b);

	if (r && changed)
		return cli_error("tune: %s: the new levels were not saved (%s): the next command "
				 "starts from the old ones",
				 dev, strerror(-r));
	return 0;
}

static const char *const tune_synopsis[] = {"tune [--backend B] [--platform P] [--wait]\n"
					    "                      DEVICE [PARAM[=VALUE] ...]",
					    "tune DEVICE --search -e EVENT [...] -- COMMAND", NULL};

static const char tune_notes[] =
    "DEVICE is a PMU with a tune/ directory, e.g. hisi_ptt0_2; PARAM one of\n"
    "qos_tx_cpl, qos_tx_np, qos_tx_p, rx_alloc_buf_level, tx_alloc_buf_level;\n"
    "VALUE a level 0..2.  While a tune search of DEVICE runs, a setting is refused\n"
    "(--wait: waits for the search to end).  The search's own options:\n"
    "'pciescope tune --search --help'.\n"
    "With --backend host, PARAM=VALUE writes the real PTT's tune/ files of this\n"
    "machine (as root): the levels of its PCIe core change until the next write.\n";

static bool is_search(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--search"))
			return true;
	return false;
}

/* tune DEVICE --search ...: DEVICE comes first, the options after it. */
static int tune_search(int argc, char **argv)
{
	if (argc > 1 && argv[1][0] != '-')
		return tune_search_main(argv[1], argc - 1, argv + 1);
	return tune_search_main(NULL, argc, argv);
}

/* Whether an argument sets a level: only those wait for a search's hold. */
static bool sets_a_level(char **args, int n)
{
	for (int i = 0; i < n; i++)
		if (strchr(args[i], '='))
			return true;
	return false;
}

int cmd_tune(int argc, char **argv)
{
	struct backend_opts bo = {0};
	bool wait = false;
	const struct cli_option options[] = {
	    OPT_BACKEND_OPTS(&bo),
	    OPT_BOOL(0, "wait", &wait, "wait for a tune search of DEVICE to end, not refuse"),
	    OPT_END(),
	};
	struct hold_guard *g = NULL;
	struct hold_info busy;
	struct error e;
	const struct cli_command_options cmd = {tune_synopsis, options, tune_notes, 0};
	const char *dev;
	char dir[384];
	int ret = 0, n;
	struct backend *b;

	if (is_search(argc, argv))
		return tune_search(argc, argv);
	n = cli_parse_options(argc, argv, &cmd);
	if (n < 0)
		return cli_parse_status(n);
	if (!n)
		return cli_error("tune: which DEVICE? e.g. 'pciescope tune hisi_ptt0_2' (see "
				 "'pciescope list' for the PMUs with tune parameters)");
	dev = argv[0];
	/* held from before the levels are read to after they are saved: "before" is true */
	if (sets_a_level(argv + 1, n - 1) && (ret = hold_guard(&bo.o, dev, wait, &g, &busy, &e)))
		return cli_hold_refused(ret, dev, &busy, "its levels", &e);
	b = backend_opts_open(&bo, "tune");
	if (!b) {
		hold_guard_end(g);
		return 1;
	}
	ptt_tune_path(dev, NULL, dir, sizeof(dir));
	if (b->ops->sysfs_is_dir(b, dir) != 1)
		ret = cli_unknown_in_dir(b, PMU_SYSFS_DIR, "tune", dev, "see 'pciescope list'",
					 "tune: %s: no such PMU with tune parameters", dev);
	else if (n == 1)
		ret = tune_show_all(b, dev, dir);
	else
		ret = tune_all(b, dev, argv + 1, n - 1);
	ret = tune_close(b, dev, n > 1 && !ret) ?: ret;
	hold_guard_end(g);
	return ret;
}
