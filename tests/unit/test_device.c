// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/core/kernel.h>

static char events[1024];

static void note(const char *fmt, ...)
{
	va_list ap;
	size_t len = strlen(events);

	va_start(ap, fmt);
	vsnprintf(events + len, sizeof(events) - len, fmt, ap);
	va_end(ap);
}

static const char *bdf_of(struct kdevice *d)
{
	static char buf[4][16];
	static int i;

	return pci_bdf_format(d->bus->bdf, buf[i++ & 3], 16);
}

static void notifier(void *ctx, enum kdevice_event ev, struct kdevice *d)
{
	note("%s:%s:%s ", (const char *)ctx, ev == KDEV_ADD ? "add" : "del", bdf_of(d));
}

static int probe(struct kcore *k, struct kdevice *d)
{
	note("probe:%s ", bdf_of(d));
	return d->bus->device == 0xdead ? -EIO : 0;
}

static void drv_remove(struct kcore *k, struct kdevice *d)
{
	note("remove:%s ", bdf_of(d));
}

static const struct pci_device_id ids[] = {{0x19e5, 0xa12e}, {0x19e5, 0xdead}, {0}};
static const struct kdriver drv = {"hisi_test", ids, probe, drv_remove};

struct topo {
	struct bus_device bus[4];
	struct kdevice dev[4];
};

static void topo_init(struct topo *t)
{
	static const uint16_t rids[] = {PCI_RID(0, 0x10, 0), PCI_RID(1, 0, 0), PCI_RID(1, 0, 1),
					PCI_RID(0, 0x11, 0)};
	static const uint16_t devids[] = {0xa121, 0xa12e, 0xa12e, 0xdead};

	memset(t, 0, sizeof(*t));
	for (int i = 0; i < 4; i++) {
		t->bus[i].bdf.rid = rids[i];
		t->bus[i].vendor = 0x19e5;
		t->bus[i].device = devids[i];
		t->bus[i].class_code = i == 0 ? 0x060400 : 0x010802;
		t->bus[i].numa_node = 1;
		t->dev[i].bus = &t->bus[i];
	}
	t->dev[0].port_type = PCIE_TYPE_ROOT_PORT;
	t->dev[0].is_bridge = true;
	t->dev[1].parent = t->dev[2].parent = &t->dev[0];
	t->bus[1].bar[0].base = 0x80000000;
	t->bus[1].bar[0].size = 0x4000;
}

static void add_all(struct kcore *k, struct topo *t)
{
	for (int i = 0; i < 4; i++)
		assert_int_equal(kcore_add_device(k, &t->dev[i]), 0);
}

static void sysfs_str(struct kcore *k, const char *path, char *buf, size_t n)
{
	ssize_t len = sysfs_read(k->sysfs, path, buf, n - 1);

	assert_true(len >= 0);
	buf[len] = '\0';
}

static void add_notifies_then_probes(void **state)
{
	struct kcore *k = kcore_create(8, 2);
	struct topo t;

	topo_init(&t);
	events[0] = '\0';
	kcore_register_notifier(k, notifier, "n1");
	kcore_register_notifier(k, notifier, "n2");
	assert_int_equal(kcore_register_driver(k, &drv), 0);
	add_all(k, &t);
	assert_string_equal(events, "n1:add:0000:00:10.0 n2:add:0000:00:10.0 "
				    "n1:add:0000:01:00.0 n2:add:0000:01:00.0 probe:0000:01:00.0 "
				    "n1:add:0000:01:00.1 n2:add:0000:01:00.1 probe:0000:01:00.1 "
				    "n1:add:0000:00:11.0 n2:add:0000:00:11.0 probe:0000:00:11.0 ");
	assert_ptr_equal(t.dev[1].driver, &drv);
	assert_null(t.dev[3].driver); /* probe failed */
	assert_non_null(strstr(kcore_log_line(k, 0), "probe failed with error -5"));
	assert_int_equal(kcore_add_device(k, &t.dev[1]), -EINVAL);
	assert_ptr_equal(kdevice_root_port(&t.dev[2]), &t.dev[0]);
	assert_null(kdevice_root_port(&t.dev[3]));
	assert_ptr_equal(kcore_find_device(k, t.bus[2].bdf), &t.dev[2]);
	kcore_destroy(k);
}

static void late_driver_binds_existing_devices(void **state)
{
	struct kcore *k = kcore_create(8, 2);
	struct topo t;
	struct sysfs_stat st;

	topo_init(&t);
	add_all(k, &t);
	events[0] = '\0';
	assert_int_equal(kcore_register_driver(k, &drv), 0);
	assert_string_equal(events, "probe:0000:01:00.0 probe:0000:01:00.1 probe:0000:00:11.0 ");
	assert_int_equal(sysfs_stat(k->sysfs, "/sys/bus/pci/devices/0000:01:00.0/driver", &st), 0);
	assert_true(st.is_link && st.is_dir);
	assert_int_equal(kcore_register_driver(k, &drv), -EEXIST);
	kcore_destroy(k);
}

static void pci_attributes(void **state)
{
	struct kcore *k = kcore_create(8, 2);
	struct topo t;
	char buf[4096];

	topo_init(&t);
	add_all(k, &t);
	sysfs_str(k, "/sys/bus/pci/devices/0000:01:00.1/vendor", buf, sizeof(buf));
	assert_string_equal(buf, "0x19e5\n");
	sysfs_str(k, "/sys/bus/pci/devices/0000:01:00.1/device", buf, sizeof(buf));
	assert_string_equal(buf, "0xa12e\n");
	sysfs_str(k, "/sys/bus/pci/devices/0000:00:10.0/class", buf, sizeof(buf));
	assert_string_equal(buf, "0x060400\n");
	sysfs_str(k, "/sys/bus/pci/devices/0000:01:00.1/numa_node", buf, sizeof(buf));
	assert_string_equal(buf, "1\n");
	sysfs_str(k, "/sys/bus/pci/devices/0000:01:00.1/local_cpulist", buf, sizeof(buf));
	assert_string_equal(buf, "4-7\n");
	sysfs_str(k, "/sys/devices/pci0000:00/0000:00:10.0/0000:01:00.0/resource", buf,
		  sizeof(buf));
	assert_memory_equal(buf, "0x0000000080000000 0x0000000080003fff 0x0000000000140204\n", 57);
	kcore_node_cpulist(k, 0, buf, sizeof(buf));
	assert_string_equal(buf, "0-3");
	kcore_destroy(k);
}

static void sysfs_remove_takes_subtree_children_first(void **state)
{
	struct kcore *k = kcore_create(8, 2);
	struct topo t;
	char buf[8];

	topo_init(&t);
	kcore_register_driver(k, &drv);
	kcore_register_notifier(k, notifier, "n");
	add_all(k, &t);
	events[0] = '\0';
	assert_int_equal(
	    sysfs_write(k->sysfs, "/sys/bus/pci/devices/0000:00:10.0/remove", "1\n", 2), 2);
	assert_string_equal(events, "remove:0000:01:00.1 n:del:0000:01:00.1 "
				    "remove:0000:01:00.0 n:del:0000:01:00.0 n:del:0000:00:10.0 ");
	assert_null(kcore_find_device(k, t.bus[1].bdf));
	assert_null(sysfs_lookup(k->sysfs, "/sys/bus/pci/devices/0000:01:00.0"));
	assert_int_equal(
	    sysfs_read(k->sysfs, "/sys/devices/pci0000:00/0000:00:10.0/vendor", buf, sizeof(buf)),
	    -ENOENT);
	assert_ptr_equal(kcore_first_device(k), &t.dev[3]);
	assert_int_equal(sysfs_write(k->sysfs, "/sys/bus/pci/devices/0000:00:11.0/remove", "y", 1),
			 -EINVAL);
	assert_int_equal(
	    sysfs_write(k->sysfs, "/sys/bus/pci/devices/0000:00:11.0/remove", "0\n", 2), 2);
	assert_non_null(kcore_find_device(k, t.bus[3].bdf));
	assert_int_equal(
	    sysfs_write(k->sysfs, "/sys/bus/pci/devices/0000:00:11.0/remove", "0x2", 3), 3);
	assert_null(kcore_find_device(k, t.bus[3].bdf));
	kcore_destroy(k);
}

struct fake_platform {
	struct kcore *k;
	struct topo *t;
	int removed[4];
};

static int hp_remove(void *ctx, struct kdevice *d)
{
	struct fake_platform *p = ctx;

	p->removed[d - p->t->dev] = 1;
	kcore_remove_subtree(p->k, d);
	return 0;
}

static int hp_rescan(void *ctx)
{
	struct fake_platform *p = ctx;

	for (int i = 0; i < 4; i++) {
		if (!p->removed[i])
			continue;
		p->removed[i] = 0;
		kcore_add_device(p->k, &p->t->dev[i]);
		for (int c = 0; c < 4; c++)
			if (p->t->dev[c].parent == &p->t->dev[i])
				kcore_add_device(p->k, &p->t->dev[c]);
	}
	return 0;
}

static void hotplug_ops_see_remove_and_rescan(void **state)
{
	static const struct kcore_hotplug_ops ops = {hp_remove, hp_rescan};
	struct kcore *k = kcore_create(8, 2);
	struct topo t;
	struct fake_platform p = {k, &t};

	topo_init(&t);
	kcore_register_driver(k, &drv);
	kcore_set_hotplug_ops(k, &ops, &p);
	add_all(k, &t);
	assert_int_equal(sysfs_write(k->sysfs, "/sys/bus/pci/devices/0000:00:10.0/remove", "1", 1),
			 1);
	assert_int_equal(p.removed[0], 1);
	assert_null(kcore_find_device(k, t.bus[2].bdf));
	assert_int_equal(sysfs_write(k->sysfs, "/sys/bus/pci/devices/0000:00:10.0/remove", "1", 1),
			 -ENOENT);
	events[0] = '\0';
	assert_int_equal(sysfs_write(k->sysfs, "/sys/bus/pci/rescan", "1", 1), 1);
	assert_string_equal(events, "probe:0000:01:00.0 probe:0000:01:00.1 ");
	assert_non_null(sysfs_lookup(k->sysfs, "/sys/bus/pci/devices/0000:01:00.1/vendor"));
	assert_int_equal(sysfs_read(k->sysfs, "/sys/bus/pci/rescan", (char[8]){0}, 8), -EACCES);
	kcore_destroy(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(add_notifies_then_probes),
	    cmocka_unit_test(late_driver_binds_existing_devices),
	    cmocka_unit_test(pci_attributes),
	    cmocka_unit_test(sysfs_remove_takes_subtree_children_first),
	    cmocka_unit_test(hotplug_ops_see_remove_and_rescan),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
