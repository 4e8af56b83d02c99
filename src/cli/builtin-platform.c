// SPDX-License-Identifier: GPL-2.0-only
/*
 * pciescope platform [show|reset|remove BDF|rescan]: the machine's PCI
 * devices and their hot removal, done the way a user does it on Linux
 * (walking /sys/devices/pci*, writing .../remove and /sys/bus/pci/rescan),
 * so the same command works on the emulated platform and on a real host.
 * Removals on the emulated platform persist until a rescan or a reset.
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/backend/backend.h>
#include <pciescope/pcie/bdf.h>
#include <pciescope/tool/hold.h>

#include "backend_opts.h"
#include "cli.h"
#include "cli_hold.h"
#include "parse_options.h"

static const char *const platform_synopsis[] = {
    "platform [show|reset|remove BDF|rescan] [--platform NAME]\n"
    "                          [--backend KIND] [--json] [--wait]",
    NULL};
static const char platform_notes[] =
    "remove, rescan and reset change the emulated machine only; on the host\n"
    "backend they are refused and name the sysfs file a root user would write.\n"
    "While a tune search or a live view (serve, top, exec, sysfs mount) runs on\n"
    "the machine they are refused too (--wait: wait for it to end).\n";

struct show {
	struct backend *b;
	bool json;
	json_t *list;
};

static const char *class_name(unsigned cls)
{
	static const struct {
		unsigned cls;
		const char *name;
	} names[] = {
	    {0x0604, "PCI bridge"},    {0x0108, "NVMe controller"}, {0x0200, "Ethernet controller"},
	    {0x0302, "3D controller"}, {0x1200, "accelerator"},	    {0x1180, "signal processing"},
	    {0x0806, "IOMMU"},	       {0x0600, "host bridge"},
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].cls == cls >> 8)
			return names[i].name;
	return "device";
}

static long read_num(struct backend *b, const char *dir, const char *attr)
{
	char path[512], buf[64];
	ssize_t n;

	/* a path too long to build reads as an absent attribute */
	if (snprintf(path, sizeof(path), "%s/%s", dir, attr) >= (int)sizeof(path))
		return 0;
	n = b->ops->sysfs_read(b, path, buf, sizeof(buf) - 1);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strtol(buf, NULL, 0);
}

static bool is_bdf(const char *name)
{
	struct pci_bdf bdf;

	return strlen(name) == 12 && pci_bdf_parse(name, &bdf) == 0;
}

static void show_device(struct show *s, const char *dir, const char *bdf, const char *parent,
			int depth)
{
	unsigned vendor = (unsigned)read_num(s->b, dir, "vendor");
	unsigned device = (unsigned)read_num(s->b, dir, "device");
	unsigned cls = (unsigned)read_num(s->b, dir, "class");
	int node = (int)read_num(s->b, dir, "numa_node");

	if (s->json) {
		json_array_append_new(
		    s->list, json_pack("{s:s, s:s?, s:i, s:i, s:i, s:s, s:i}", "bdf", bdf, "parent",
				       parent, "vendor", vendor, "device", device, "class_code",
				       cls, "class", class_name(cls), "numa_node", node));
		return;
	}
	printf("%*s%-*s  %04x:%04x  %06x  %-20s %d\n", depth * 2, "", 12, bdf, vendor, device, cls,
	       class_name(cls), node);
}

static int walk(struct show *s, const char *dir, const char *parent, int depth)
{
	char **names;
	size_t n;
	int ret = s->b->ops->sysfs_list(s->b, dir, &names, &n);

	if (ret)
		return ret;
	for (size_t i = 0; i < n; i++) {
		char path[512];

		if (snprintf(path, sizeof(path), "%s/%s", dir, names[i]) >= (int)sizeof(path))
			ret = ret ?: -ENAMETOOLONG;
		if (!ret && is_bdf(names[i]) && s->b->ops->sysfs_is_dir(s->b, path) > 0) {
			show_device(s, path, names[i], parent, depth);
			ret = walk(s, path, names[i], depth + 1);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

static int show(struct backend *b, bool json)
{
	struct show s = {.b = b, .json = json, .list = json ? json_array() : NULL};
	char **roots;
	size_t n;
	int ret = b->ops->sysfs_list(b, "/sys/devices", &roots, &n);

	if (ret)
		return cli_errno(ret, "cannot list /sys/devices");
	if (!json)
		printf("%-12s  %-9s  %-6s  %-20s %s\n", "BDF", "ID", "CLASS", "KIND", "NUMA");
	for (size_t i = 0; i < n; i++) {
		char path[512];

		snprintf(path, sizeof(path), "/sys/devices/%s", roots[i]);
		if (!ret && !strncmp(roots[i], "pci", 3))
			ret = walk(&s, path, NULL, 0);
		free(roots[i]);
	}
	free(roots);
	if (!ret && json) {
		json_dumpf(s.list, stdout, JSON_INDENT(1));
		putchar('\n');
	}
	json_decref(s.list);
	return ret ? cli_errno(ret, "cannot read the PCI devices") : 0;
}

static int write_one(struct backend *b, const char *path)
{
	ssize_t n = b->ops->sysfs_write(b, path, "1", 1);

	return n < 0 ? cli_errno((int)n, "%s", path) : 0;
}

static int remove_device(struct backend *b, const char *arg)
{
	struct pci_bdf bdf;
	char name[16], dir[64], path[80];

	if (!arg || pci_bdf_parse(arg, &bdf))
		return cli_error("platform remove: '%s' is not a BDF like 0000:01:00.0",
				 arg ? arg : "");
	snprintf(dir, sizeof(dir), "/sys/bus/pci/devices/%s",
		 pci_bdf_format(bdf, name, sizeof(name)));
	if (b->ops->sysfs_is_dir(b, dir) <= 0)
		return cli_error("platform remove: no device %s (see 'pciescope platform')", name);
	snprintf(path, sizeof(path), "%s/remove", dir);
	if (write_one(b, path))
		return 1;
	printf("removed %s\n", name);
	return 0;
}

/*
 * A hot removal or a rescan of the real machine is one write away on the
 * host backend; the tool never does it for the user: removing a device
 * from a real machine must be the user's own act (docs/errors.md, "Host
 * safety").  It names the file instead.
 */
static int refuse_host(const struct backend_options *o, const char *cmd, const char *arg)
{
	struct pci_bdf bdf;
	char name[16] = "BDF";

	if (strcmp(backend_kind(o), "host"))
		return 0;
	if (!strcmp(cmd, "reset"))
		return cli_error("platform reset: refused on the host backend: the host has no "
				 "emulated state to reset");
	if (!strcmp(cmd, "rescan"))
		return cli_error("platform rescan: refused on the host backend: it would rescan "
				 "the real PCI buses; as root: echo 1 > /sys/bus/pci/rescan");
	if (strcmp(cmd, "remove"))
		return 0;
	if (arg && !pci_bdf_parse(arg, &bdf))
		pci_bdf_format(bdf, name, sizeof(name));
	return cli_error("platform remove: refused on the host backend: it would hot-remove a "
			 "real device; as root: echo 1 > /sys/bus/pci/devices/%s/remove",
			 name);
}

static int run(const struct backend_options *o, const char *cmd, const char *arg, bool json)
{
	struct backend *b;
	struct tool_err e;
	int ret;

	if (hold_repair(o, &e))
		cli_fail(&e);
	b = cli_backend_open(o, "platform");
	if (!b)
		return 1;
	if (!strcmp(cmd, "show"))
		ret = show(b, json);
	else if (!strcmp(cmd, "remove"))
		ret = remove_device(b, arg);
	else if (!(ret = write_one(b, "/sys/bus/pci/rescan")))
		puts("rescanned");
	backend_close(b);
	return ret;
}

/* remove, rescan, reset: held from before the change to after it is saved. */
static int change(const struct backend_options *o, const char *cmd, const char *arg, bool wait)
{
	struct hold_guard *g;
	struct hold_info busy;
	struct tool_err e;
	char what[48], machine[128] = "", err[256];
	int ret = hold_guard(o, NULL, wait, &g, &busy, &e);

	if (ret) {
		snprintf(what, sizeof(what), "platform %s", cmd);
		backend_state_name(o, machine, sizeof(machine));
		snprintf(err, sizeof(err), "the emulated %s", machine);
		return cli_hold_refused(ret, what, &busy, err, &e);
	}
	if (!strcmp(cmd, "reset")) {
		ret = backend_reset_state(o, err, sizeof(err)) ? cli_error("%s", err) : 0;
		if (!ret)
			printf("platform %s: state reset\n",
			       o->platform ? o->platform : "kunpeng930");
	} else {
		ret = run(o, cmd, arg, false);
	}
	hold_guard_end(g);
	return ret;
}

int cmd_platform(int argc, char **argv)
{
	static const char *const actions[] = {"show", "reset", "remove", "rescan", NULL};
	struct backend_options o = {0};
	bool json = false, wait = false;
	const struct cli_option options[] = {
	    OPT_STRING('p', "platform", &o.platform, "NAME", "the emulated platform (kunpeng930)"),
	    OPT_STRING('b', "backend", &o.kind, "KIND", "emulated (the default) or host"),
	    OPT_BOOL('j', "json", &json, "show as JSON"),
	    OPT_BOOL(0, "wait", &wait, "wait for a tune search or live view to end, not refuse"),
	    OPT_END(),
	};
	const struct cli_command_options c = {platform_synopsis, options, platform_notes, 0};
	const char *cmd, *arg;
	int n = cli_parse_options(argc, argv, &c);

	if (n < 0)
		return cli_parse_status(n);
	cmd = n ? argv[0] : "show";
	arg = n > 1 ? argv[1] : NULL;
	if (strcmp(cmd, "show") && strcmp(cmd, "remove") && strcmp(cmd, "rescan") &&
	    strcmp(cmd, "reset"))
		return cli_unknown_word("action", cmd, actions);
	if (n > (!strcmp(cmd, "remove") ? 2 : 1))
		return cli_error("platform %s: unexpected argument '%s'", cmd, argv[n - 1]);
	if (strcmp(cmd, "show") && refuse_host(&o, cmd, arg))
		return 1;
	return strcmp(cmd, "show") ? change(&o, cmd, arg, wait) : run(&o, cmd, arg, json);
}
