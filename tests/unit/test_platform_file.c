// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "platform/pfile.h"

static int parse(const char *devices, struct error *err)
{
	char text[2048];
	struct pfile pf;
	int r;

	snprintf(text, sizeof(text), "{\"name\": \"t\", \"devices\": [%s]}", devices);
	err->msg[0] = '\0';
	r = pfile_parse(text, "t.json", &pf, err);
	if (!r)
		pfile_free(&pf);
	return r;
}

#define RP "{\"bdf\": \"00:00.0\", \"type\": \"root_port\", \"vendor\": 1, \"device\": 2}"
#define EP(bdf, parent)                                                                            \
	"{\"bdf\": \"" bdf "\", \"type\": \"endpoint\", \"parent\": \"" parent "\", "              \
	"\"vendor\": 1, \"device\": 3}"

static void assert_error(const char *devices, const char *expect)
{
	struct error err;

	assert_int_equal(parse(devices, &err), -22);
	assert_null(strchr(err.msg, '\n'));
	if (!strstr(err.msg, expect))
		fail_msg("error '%s' lacks '%s'", err.msg, expect);
}

static void errors_are_one_line_and_name_the_entry(void **state)
{
	struct error err;
	struct pfile pf;

	assert_int_equal(parse(RP "," EP("01:00.0", "00:00.0"), &err), 0);
	assert_error("{\"bdf\": \"zz\"}", "t.json: devices[0]: \"bdf\"");
	assert_error(RP "," EP("01:00.0", "00:04.0"), "devices[1] (01:00.0): parent 00:04.0");
	assert_error(RP "," RP, "devices[1] (00:00.0): duplicate BDF");
	assert_error(EP("01:00.0", "00:00.0"), "parent 00:00.0 is not an earlier device");
	assert_error(RP "," EP("00:01.0", "00:00.0"), "higher bus");
	assert_error("{\"bdf\": \"00:00.0\", \"type\": \"bridge\", \"vendor\": 1, \"device\": 2}",
		     "\"type\" must be one of");
	assert_error("{\"bdf\": \"00:00.0\", \"type\": \"root_port\", \"device\": 2}",
		     "missing \"vendor\"");
	assert_error("{\"bdf\": \"00:00.0\", \"type\": \"root_port\", \"vendor\": 1, "
		     "\"device\": 2, \"width\": 3}",
		     "\"width\" must be");
	assert_error("{\"bdf\": \"00:00.0\", \"type\": \"root_port\", \"vendor\": 1, "
		     "\"device\": 2, \"speed\": 6}",
		     "\"speed\" = 6 is out of range 1..5");
	assert_error(RP ",{\"bdf\": \"00:04.0\", \"type\": \"root_port\", \"vendor\": 1, "
			"\"device\": 2}," EP("01:00.0", "00:00.0") "," EP("01:00.1", "00:04.0"),
		     "bus ranges below 0000:00:00.0 and 0000:00:04.0 overlap");
	assert_int_equal(pfile_parse("{\"name\": \"t\", \"devices\": [}", "t.json", &pf, &err),
			 -22);
	assert_non_null(strstr(err.msg, "t.json:1:"));
	assert_int_equal(pfile_parse("{\"devices\": []}", "t.json", &pf, &err), -22);
	assert_non_null(strstr(err.msg, "\"name\""));
	assert_int_equal(pfile_load("no-such-platform", &pf, &err), -2);
	assert_non_null(strstr(err.msg, "no platform 'no-such-platform'"));
}

static void unknown_sections_are_kept_for_models(void **state)
{
	struct error err;
	struct pfile pf;

	assert_int_equal(pfile_parse("{\"name\": \"t\", \"phbs\": [{\"id\": 0}], \"devices\": []}",
				     "t.json", &pf, &err),
			 0);
	assert_true(json_is_array(json_object_get(pf.root, "phbs")));
	pfile_free(&pf);
}

static const struct pdev *dev(const struct pfile *pf, const char *bdf)
{
	struct pci_bdf b;
	int i;

	assert_int_equal(pci_bdf_parse(bdf, &b), 0);
	i = pfile_find(pf, b);
	if (i < 0)
		fail_msg("%s missing", bdf);
	return &pf->devs[i];
}

static const struct pdev *rp_of(const struct pfile *pf, const struct pdev *d)
{
	while (d->parent >= 0)
		d = &pf->devs[d->parent];
	return d->kind == FABRIC_ROOT_PORT ? d : NULL;
}

static const struct pdev *model_of(const struct pfile *pf, const char *kind, int sicl, int core)
{
	for (int i = 0; i < pf->ndevs; i++) {
		const struct pdev *d = &pf->devs[i];

		if (d->model && !strcmp(d->model, kind) && d->sicl == sicl && d->core == core)
			return d;
	}
	fail_msg("no %s for sicl %d core %d", kind, sicl, core);
	return NULL;
}

static void kunpeng930_has_the_seed_devices(void **state)
{
	struct pfile pf;
	struct fabric *f = fabric_create(1);
	struct error err;
	uint16_t lo, hi;
	const struct pdev *ptt, *pmu, *ep;

	assert_int_equal(pfile_load("kunpeng930", &pf, &err), 0);
	assert_int_equal(pfile_build_fabric(&pf, f, &err), 0);

	/* hisi_ptt0_2: Root Port 00:10.0 (filter 0x80001), function 01:00.1 below it. */
	ptt = model_of(&pf, "hisi_ptt", 0, 2);
	assert_int_equal(ptt->vendor, 0x19e5);
	assert_int_equal(ptt->device, 0xa12e);
	assert_int_equal(ptt->kind, FABRIC_RCIEP);
	assert_int_equal(dev(&pf, "0000:00:10.0")->kind, FABRIC_ROOT_PORT);
	assert_int_equal(dev(&pf, "0000:00:10.0")->core, 2);
	ep = dev(&pf, "0000:01:00.1");
	assert_ptr_equal(rp_of(&pf, ep), dev(&pf, "0000:00:10.0"));
	assert_int_equal(dev(&pf, "0000:00:10.0")->secondary, 1);
	assert_int_equal(pfile_core_ports(&pf, 0, 2, &lo, &hi), 0);
	assert_int_equal(lo, 0x0080);
	assert_true(hi >= 0x0081 && (hi >> 8) == 0);

	/* hisi_pcie0_core0: Endpoint 39:00.0 below 00:00.0 (x8); 00:04.0 is x4. */
	pmu = model_of(&pf, "hisi_pcie_pmu", 0, 0);
	assert_int_equal(pmu->device, 0xa12d);
	ep = dev(&pf, "0000:39:00.0");
	assert_int_equal(ep->kind, FABRIC_ENDPOINT);
	assert_ptr_equal(rp_of(&pf, ep), dev(&pf, "0000:00:00.0"));
	assert_int_equal(dev(&pf, "0000:00:00.0")->width, 8);
	assert_int_equal(dev(&pf, "0000:00:04.0")->width, 4);
	assert_int_equal(pfile_core_ports(&pf, 0, 0, &lo, &hi), 0);
	assert_int_equal(lo, 0x0000);
	assert_int_equal(hi, 0x0020);

	/* No other core's Root Port lies inside a core's range. */
	for (int i = 0; i < pf.ndevs; i++) {
		const struct pdev *d = &pf.devs[i];

		if (d->kind != FABRIC_ROOT_PORT)
			continue;
		assert_int_equal(pfile_core_ports(&pf, d->sicl, d->core, &lo, &hi), 0);
		for (int j = 0; j < pf.ndevs; j++) {
			const struct pdev *o = &pf.devs[j];

			if (o->kind == FABRIC_ROOT_PORT && o->bdf.rid >= lo && o->bdf.rid <= hi)
				assert_true(o->sicl == d->sicl && o->core == d->core);
		}
		model_of(&pf, "hisi_ptt", d->sicl, d->core);
		model_of(&pf, "hisi_pcie_pmu", d->sicl, d->core);
	}

	/* One NIC with SR-IOV VFs, the fabric knows every device. */
	assert_true(dev(&pf, "0000:01:02.0")->sriov_vf);
	assert_int_equal(fabric_node_count(f), pf.ndevs);
	assert_int_equal(fabric_find_node(f, 0, 0x3900), dev(&pf, "0000:39:00.0")->node);
	fabric_destroy(f);
	pfile_free(&pf);
}

static void epyc_has_two_iommus(void **state)
{
	struct pfile pf;
	struct error err;
	int iommus = 0, pasids = 0;

	assert_int_equal(pfile_load("epyc", &pf, &err), 0);
	for (int i = 0; i < pf.ndevs; i++) {
		iommus += pf.devs[i].model && !strcmp(pf.devs[i].model, "amd_iommu");
		pasids += pf.devs[i].pasid != 0;
	}
	assert_int_equal(iommus, 2);
	assert_true(pasids >= 2);
	pfile_free(&pf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(errors_are_one_line_and_name_the_entry),
	    cmocka_unit_test(unknown_sections_are_kept_for_models),
	    cmocka_unit_test(kunpeng930_has_the_seed_devices),
	    cmocka_unit_test(epyc_has_two_iommus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
