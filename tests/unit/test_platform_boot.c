// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <pciescope/core/kernel.h>
#include <pciescope/core/sysfs.h>
#include <pciescope/fabric/fabric.h>
#include <pciescope/platform/platform.h>

static struct platform *boot(bool ephemeral)
{
	struct platform_options o = {.name = "kunpeng930", .seed = 1, .ephemeral = ephemeral};
	struct platform *p;
	struct error err;

	if (platform_boot(&o, &p, &err))
		fail_msg("boot: %s", err.msg);
	return p;
}

static struct kdevice *find(struct platform *p, const char *bdf)
{
	struct pci_bdf b;

	assert_int_equal(pci_bdf_parse(bdf, &b), 0);
	return kcore_find_device(platform_kcore(p), b);
}

static bool in_sysfs(struct platform *p, const char *bdf)
{
	char path[128];
	struct sysfs_stat st;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s", bdf);
	return sysfs_stat(platform_kcore(p)->sysfs, path, &st) == 0;
}

static void boots_the_seed_topology(void **state)
{
	struct platform *p = boot(true);
	struct kdevice *ep = find(p, "0000:01:00.1"), *rp = find(p, "0000:00:10.0");

	assert_string_equal(platform_name(p), "kunpeng930");
	assert_non_null(ep);
	assert_ptr_equal(kdevice_root_port(ep), rp);
	assert_int_equal(rp->port_type, PCIE_TYPE_ROOT_PORT);
	assert_int_equal(rp->secondary, 1);
	assert_ptr_equal(kdevice_root_port(find(p, "0000:39:00.0")), find(p, "0000:00:00.0"));
	assert_int_equal(find(p, "0000:00:17.0")->port_type, PCIE_TYPE_RCIEP);
	assert_int_equal(find(p, "0000:00:17.0")->bus->device, 0xa12e);
	assert_true(in_sysfs(p, "0000:01:02.3"));
	platform_shutdown(p);
}

static void time_run_fors_with_traffic(void **state)
{
	struct platform *p = boot(true);
	struct fabric *f = platform_fabric(p);
	struct fabric_port_stats s;

	assert_int_equal(platform_run_for(p, 1000000, NULL, NULL), 0);
	assert_int_equal(platform_kcore(p)->clock.now_ns, 1000000);
	assert_int_equal(fabric_now(f), 1000000);
	fabric_port_stats(f, fabric_find_node(f, 0, 0x0080), &s);
	assert_true(s.tlps[FABRIC_OUTBOUND][0] > 0);
	platform_shutdown(p);
}

static int stop_at_third(void *ctx)
{
	return ++*(int *)ctx == 3 ? 42 : 0;
}

static void poll_stops_the_run(void **state)
{
	struct platform *p = boot(true);
	int calls = 0;

	assert_int_equal(platform_run_for(p, 10000000, stop_at_third, &calls), 42);
	assert_int_equal(calls, 3);
	assert_true(platform_kcore(p)->clock.now_ns < 10000000);
	platform_shutdown(p);
}

static void sysfs_remove_and_rescan_persist(void **state)
{
	struct platform *p = boot(false);
	struct sysfs *fs = platform_kcore(p)->sysfs;
	struct fabric *f = platform_fabric(p);
	int nic = fabric_find_node(f, 0, 0x0100);
	struct error err;

	assert_int_equal(sysfs_write(fs, "/sys/bus/pci/devices/0000:01:00.0/remove", "1", 1), 1);
	assert_null(find(p, "0000:01:00.0"));
	assert_null(find(p, "0000:01:02.0"));
	assert_non_null(find(p, "0000:01:00.1"));
	assert_false(fabric_node_present(f, nic));
	platform_shutdown(p);

	p = boot(false);
	assert_null(find(p, "0000:01:00.0"));
	assert_false(in_sysfs(p, "0000:01:00.0"));
	fs = platform_kcore(p)->sysfs;
	assert_int_equal(sysfs_write(fs, "/sys/bus/pci/rescan", "1", 1), 1);
	assert_non_null(find(p, "0000:01:00.0"));
	assert_non_null(find(p, "0000:01:02.0"));
	assert_true(fabric_node_present(platform_fabric(p), nic));
	platform_shutdown(p);

	p = boot(false);
	assert_non_null(find(p, "0000:01:00.0"));
	assert_int_equal(platform_remove_device(p, find(p, "0000:00:10.1")->bus->bdf), 0);
	platform_shutdown(p);
	assert_int_equal(platform_reset_state("kunpeng930", &err), 0);
	p = boot(false);
	assert_non_null(find(p, "0000:02:00.0"));
	platform_shutdown(p);
}

static void bad_platforms_refused(void **state)
{
	struct platform_options o = {.name = "nowhere"};
	struct platform *p;
	struct error err;

	assert_int_equal(platform_boot(&o, &p, &err), -2);
	assert_null(p);
	assert_non_null(strstr(err.msg, "no platform 'nowhere'"));
	o.name = "kunpeng930";
	o.workload = "bogus";
	o.ephemeral = true;
	assert_int_equal(platform_boot(&o, &p, &err), -22);
	assert_non_null(strstr(err.msg, "unknown workload 'bogus'"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(boots_the_seed_topology),
	    cmocka_unit_test(time_run_fors_with_traffic),
	    cmocka_unit_test(poll_stops_the_run),
	    cmocka_unit_test(sysfs_remove_and_rescan_persist),
	    cmocka_unit_test(bad_platforms_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
