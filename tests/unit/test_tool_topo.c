// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PCI tree of the tool library and its link partners: a device below a
 * port links to that port and the port to it, so the link is judged by both
 * ends: an NVMe drive that tops out at 8 GT/s limits its 16 GT/s Root Port
 * without the link being downgraded; a device without a link (an SR-IOV VF,
 * an integrated function) has no partner.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/tool/topo.h>

static struct topo t;
static struct backend *b;

static int scan(void **state)
{
	struct backend_options o = {.ephemeral = true};
	struct error err;

	if (backend_open(&o, &b, &err))
		return -1;
	return topo_scan(b, &t);
}

static int unscan(void **state)
{
	topo_free(&t);
	backend_close(b);
	return 0;
}

static size_t dev(const char *bdf)
{
	for (size_t i = 0; i < t.n; i++)
		if (!strcmp(t.d[i].bdf, bdf))
			return i;
	fail_msg("no %s in the tree", bdf);
	return 0;
}

static void a_port_and_its_device_are_partners(void **state)
{
	size_t rp = dev("0000:00:0c.0"), nvme = dev("0000:28:00.0");

	assert_int_equal(t.d[nvme].parent, (int)rp);
	assert_int_equal(topo_link_of(&t, rp).partner, (int)nvme);
	assert_int_equal(topo_link_of(&t, nvme).partner, (int)rp);
}

static void the_slower_end_limits_without_a_downgrade(void **state)
{
	struct topo_link l = topo_link_of(&t, dev("0000:00:0c.0"));

	assert_true(t.d[dev("0000:00:0c.0")].max_speed == 16.0);
	assert_true(l.best_speed == 8.0);
	assert_false(l.downgraded);
	assert_int_equal(l.limited_by, (int)dev("0000:28:00.0"));
	/* the drive runs at its own maximum: nothing limits it */
	assert_int_equal(topo_link_of(&t, dev("0000:28:00.0")).limited_by, -1);
}

static void a_switch_port_links_up_and_down(void **state)
{
	size_t up = dev("0000:20:00.0"), down = dev("0000:21:00.0"), gpu = dev("0000:22:00.0");

	assert_int_equal(topo_link_of(&t, up).partner, (int)dev("0000:00:08.0"));
	assert_int_equal(topo_link_of(&t, down).partner, (int)up);
	assert_int_equal(topo_link_of(&t, gpu).partner, (int)down);
}

static void a_function_without_a_link_has_no_partner(void **state)
{
	size_t i = dev("0000:00:07.0");

	assert_false(t.d[i].link);
	assert_int_equal(topo_link_of(&t, i).partner, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_port_and_its_device_are_partners),
	    cmocka_unit_test(the_slower_end_limits_without_a_downgrade),
	    cmocka_unit_test(a_switch_port_links_up_and_down),
	    cmocka_unit_test(a_function_without_a_link_has_no_partner),
	};

	return cmocka_run_group_tests(tests, scan, unscan);
}
