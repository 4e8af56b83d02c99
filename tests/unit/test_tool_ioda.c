// SPDX-License-Identifier: GPL-2.0-only
/*
 * The IODA planning of the tool library (tool/ioda.h): the debug files'
 * record format, the count of the positions VF0's PE may take, and the
 * requests on the emulated POWER8 as `pciescope ioda` makes them: which
 * PHB decodes an address, where 8 VFs land, what a smaller segment costs,
 * and the reasons a refused request gives.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include <pciescope/tool/ioda.h>

static struct backend *b;

static int boot(void **state)
{
	struct backend_options o = {.platform = "power8", .ephemeral = true};
	struct error err;

	return backend_open(&o, &b, &err);
}

static int halt(void **state)
{
	backend_close(b);
	return 0;
}

static void a_record_keeps_addresses_as_text_and_counts_as_numbers(void **state)
{
	json_t *r = phb_record("pe=12 base=0x3d0000000000 state=-1 huge=12345678901234567890\n");

	assert_true(json_is_integer(json_object_get(r, "pe")));
	assert_int_equal(phb_num(r, "pe"), 12);
	assert_string_equal(json_string_value(json_object_get(r, "base")), "0x3d0000000000");
	assert_int_equal(phb_num(r, "base"), 0x3d0000000000ull);
	assert_int_equal(json_integer_value(json_object_get(r, "state")), -1);
	/* 20 digits do not fit an integer: the text is kept, not a wrapped number. */
	assert_string_equal(json_string_value(json_object_get(r, "huge")), "12345678901234567890");
	json_decref(r);
}

static void a_quoted_value_holds_spaces_and_a_bare_word_is_skipped(void **state)
{
	json_t *r = phb_record("error=\"BAR too large: 128G\" stray devices=01:00.0 next=1");

	assert_string_equal(json_string_value(json_object_get(r, "error")), "BAR too large: 128G");
	assert_null(json_object_get(r, "stray"));
	assert_string_equal(json_string_value(json_object_get(r, "devices")), "01:00.0");
	assert_int_equal(phb_num(r, "next"), 1);
	assert_int_equal(phb_num(r, "absent"), 0);
	json_decref(r);
}

static void records_are_one_a_line_without_the_empty_ones(void **state)
{
	json_t *a = phb_records("a=1\n\nb=2\n");

	assert_int_equal(json_array_size(a), 2);
	assert_int_equal(phb_num(json_array_get(a, 1), "b"), 2);
	json_decref(a);
}

static void vf0_takes_every_free_aligned_run(void **state)
{
	bool used[PHB_MAX_PES] = {0};

	/* One PE per VF: the kernel's count, 257 - n. */
	assert_int_equal(phb_vf0_positions(used, 8, 1), 249);
	/* Four PEs per VF: VF0 moves in steps of 4, 8 VFs span 32 PEs. */
	assert_int_equal(phb_vf0_positions(used, 8, 4), 57);
	/* A PE in use blocks every run over it, and only those. */
	used[100] = true;
	assert_int_equal(phb_vf0_positions(used, 8, 1), 249 - 8);
	assert_int_equal(phb_vf0_positions(used, 8, 4), 57 - 8);
	assert_int_equal(phb_vf0_positions(used, 0, 4), 0);
	assert_int_equal(phb_vf0_positions(used, 300, 1), 0);
}

static void every_phb_is_listed_and_each_decodes_its_own_windows(void **state)
{
	uint16_t dom[8], owner;
	int n = phb_list(b, dom, 8);
	json_t *phb;

	assert_true(n >= 2);
	for (int i = 0; i < n; i++) {
		phb = phb_show(b, dom[i]);
		assert_int_equal(phb_num(phb, "domain"), dom[i]);
		assert_true(json_array_size(json_object_get(phb, "windows")) > 0);
		assert_int_equal(phb_of_address(b, phb_num(phb, "m32_base"), &owner), 0);
		assert_int_equal(owner, dom[i]);
		json_decref(phb);
	}
	assert_int_equal(phb_of_address(b, 0x5, &owner), -ENXIO);
}

static json_t *enable(struct pci_bdf pf, unsigned n)
{
	struct error e;
	json_t *o;

	assert_int_equal(phb_sriov_set_numvfs(b, pf, n, &e), 0);
	assert_int_equal(phb_sriov(b, pf, &o, &e), 0);
	return o;
}

static void each_vf_lands_in_the_pe_after_the_one_before(void **state)
{
	struct pci_bdf pf = {0, 0x100};
	json_t *o = enable(pf, 8), *vfs = json_object_get(o, "vfs"), *r;
	uint64_t x = phb_num(json_array_get(vfs, 0), "pe");
	struct error e;

	assert_int_equal(json_array_size(vfs), 8);
	assert_string_equal(json_string_value(json_object_get(o, "mode")), "segmented");
	for (size_t n = 0; n < 8; n++) {
		json_t *vf = json_array_get(vfs, n);
		const json_t *bar = json_array_get(json_object_get(vf, "bars"), 0);

		assert_int_equal(phb_num(vf, "pe"), x + n);
		assert_int_equal(phb_resolve_address(b, phb_num(bar, "base"), &r, &e), 0);
		assert_string_equal(json_string_value(json_object_get(r, "device")),
				    json_string_value(json_object_get(vf, "bdf")));
		json_decref(r);
	}
	json_decref(o);
}

static void a_smaller_segment_spreads_each_vf_and_leaves_fewer_positions(void **state)
{
	struct pci_bdf pf = {0, 0x100};
	json_t *o = enable(pf, 8), *w;
	uint64_t seg = phb_num(o, "segment_size") / 4;
	struct error e;

	assert_int_equal(phb_sriov_what_if(b, pf, seg, o, &e), 0);
	w = json_object_get(o, "what_if");
	assert_int_equal(phb_num(w, "segments_per_vf"), 4);
	assert_int_equal(phb_num(w, "segments_consumed"), 32);
	assert_true(phb_num(w, "pe_choices") < phb_num(o, "pe_choices"));
	assert_int_equal(phb_sriov_what_if(b, pf, seg * 3, o, &e), -EINVAL);
	assert_int_equal(phb_sriov_what_if(b, pf, seg * 8, o, &e), -EINVAL);
	json_decref(o);
	o = enable(pf, 0);
	assert_int_equal(phb_sriov_what_if(b, pf, seg, o, &e), -ENODEV);
	json_decref(o);
}

static void a_refused_request_says_the_drivers_reason(void **state)
{
	struct pci_bdf pf = {0, 0x100}, none = {0, 0x900};
	struct error e;
	json_t *o;

	assert_int_not_equal(phb_sriov_set_numvfs(b, pf, 65, &e), 0);
	assert_non_null(strstr(e.msg, "at most 64 VFs"));
	assert_int_equal(phb_sriov(b, none, &o, &e), -ENODEV);
	assert_string_equal(e.msg, "0000:09:00.0 is not an SR-IOV physical function");
}

static void a_frozen_pe_drops_stores_until_thawed(void **state)
{
	struct pci_bdf pf = {0, 0x100};
	json_t *o = enable(pf, 1), *vf = json_array_get(json_object_get(o, "vfs"), 0), *r;
	struct phb_access st = {.op = PHB_STORE, .value = 0x1234}, ld = {.op = PHB_LOAD};
	unsigned pe = (unsigned)phb_num(vf, "pe");
	struct error e;

	st.addr = ld.addr = phb_num(json_array_get(json_object_get(vf, "bars"), 0), "base") + 8;
	assert_int_equal(phb_freeze(b, 0, pe, true, PHB_MMIO_AND_DMA, &r, &e), 0);
	assert_int_equal(phb_num(r, "state"), 3);
	json_decref(r);
	assert_int_equal(phb_access(b, &st, &r, &e), 0);
	assert_string_equal(json_string_value(json_object_get(r, "result")), "frozen");
	json_decref(r);
	assert_int_equal(phb_freeze(b, 0, pe, false, PHB_MMIO_ONLY, &r, &e), 0);
	assert_int_equal(phb_num(r, "state"), 2);
	json_decref(r);
	assert_int_equal(phb_access(b, &ld, &r, &e), 0);
	assert_string_equal(json_string_value(json_object_get(r, "result")), "ok");
	assert_int_not_equal(phb_num(r, "value"), 0x1234);
	json_decref(r);
	json_decref(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_record_keeps_addresses_as_text_and_counts_as_numbers),
	    cmocka_unit_test(a_quoted_value_holds_spaces_and_a_bare_word_is_skipped),
	    cmocka_unit_test(records_are_one_a_line_without_the_empty_ones),
	    cmocka_unit_test(vf0_takes_every_free_aligned_run),
	    cmocka_unit_test_setup_teardown(every_phb_is_listed_and_each_decodes_its_own_windows,
					    boot, halt),
	    cmocka_unit_test_setup_teardown(each_vf_lands_in_the_pe_after_the_one_before, boot,
					    halt),
	    cmocka_unit_test_setup_teardown(
		a_smaller_segment_spreads_each_vf_and_leaves_fewer_positions, boot, halt),
	    cmocka_unit_test_setup_teardown(a_refused_request_says_the_drivers_reason, boot, halt),
	    cmocka_unit_test_setup_teardown(a_frozen_pe_drops_stores_until_thawed, boot, halt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
