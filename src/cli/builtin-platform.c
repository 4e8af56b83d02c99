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
#include <pciescope/tool/topo.h>

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

static void show_device(const struct topo_dev *d, const char *parent, int depth, json_t *list)
{
	if (list) {
		json_array_append_new(
		    list, json_pack("{s:s, s:s?, s:i, s:i, s:i, s:s, s:i}", "bdf", d->bdf, "parent",
				    parent, "vendor", d->vendor, "device", d->device, "class_code",
				    d->class_code, "class", class_name(d->class_code), "numa_node",
				    d->numa_node));
		return;
	}
	printf("%*s%-*s  %04x:%04x  %06x  %-20s %d\n", depth * 2, "", 12, d->bdf, d->vendor,
	       d->device, d->class_code, class_name(d->class_code), d->numa_node);
}

/* Device i and the devices below it, each before its children. */
static void show_tree(const struct topo *t, size_t i, int depth, json_t *list)
{
	const struct topo_dev *d = &t->d[i];

	show_device(d, d->parent >= 0 ? t->d[d->parent].bdf : NULL, depth, list);
	for (size_t c = 0; c < t->n; c++)
		if (t->d[c].parent == (int)i)
			show_tree(t, c, depth + 1, list);
}

static int show(struct backend *b, bool json)
{
	json_t *list = json ? json_array() : NULL;
	struct topo t = {0};
	int ret = topo_scan(b, &t);

	if (ret)
		return cli_errno(ret, "cannot read the PCI devices");
	if (!json)
		printf("%-12s  %-9s  %-6s  %-20s %s\n", "BDF", "ID", "CLASS", "KIND", "NUMA");
	for (size_t i = 0; i < t.n; i++)
		if (t.d[i].parent < 0)
			show_tree(&t, i, 0, list);
	if (json) {
		json_dumpf(list, stdout, JSON_INDENT(1));
		putchar('\n');
	}
	json_decref(list);
	topo_free(&t);
	return 0;
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
	struct error e;
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
	struct error e;
	char what[48], machine[128] = "", object[256];
	int ret = hold_guard(o, NULL, wait, &g, &busy, &e);

	if (ret) {
		snprintf(what, sizeof(what), "platform %s", cmd);
		backend_state_name(o, machine, sizeof(machine));
		snprintf(object, sizeof(object), "the emulated %s", machine);
		return cli_hold_refused(ret, what, &busy, object, &e);
	}
	if (!strcmp(cmd, "reset")) {
		ret = backend_reset_state(o, &e) ? cli_error("%s", e.msg) : 0;
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
