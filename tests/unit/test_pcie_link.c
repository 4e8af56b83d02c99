// SPDX-License-Identifier: GPL-2.0-only
/*
 * The both-ends rule: an x8 card in an x16 slot is limited, not
 * downgraded; a link below what both ends support is downgraded; without
 * the far end nothing is judged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <pciescope/pcie/link.h>

static void a_narrow_card_limits_a_wide_slot(void **state)
{
	struct pcie_link_end slot = {16.0, 16}, card = {16.0, 8};
	struct pcie_link_judgement j = pcie_link_judge(16.0, 8, &slot, &card);

	(void)state;
	assert_false(j.downgraded);
	assert_true(j.limited);
	assert_int_equal(j.best_width, 8);
	j = pcie_link_judge(16.0, 8, &card, &slot);
	assert_false(j.downgraded);
	assert_false(j.limited);
}

static void below_both_ends_is_downgraded(void **state)
{
	struct pcie_link_end port = {16.0, 8}, ssd = {16.0, 8}, gen3 = {8.0, 4};
	struct pcie_link_judgement j = pcie_link_judge(8.0, 8, &port, &ssd);

	(void)state;
	assert_true(j.downgraded);
	assert_false(j.limited);
	assert_true(j.best_speed == 16.0);
	j = pcie_link_judge(8.0, 2, &port, &gen3);
	assert_true(j.downgraded);
	assert_int_equal(j.best_width, 4);
	j = pcie_link_judge(8.0, 4, &port, &gen3);
	assert_false(j.downgraded);
	assert_true(j.limited);
}

static void no_far_end_no_verdict(void **state)
{
	struct pcie_link_end port = {16.0, 16};
	struct pcie_link_judgement j = pcie_link_judge(2.5, 1, &port, NULL);

	(void)state;
	assert_false(j.downgraded);
	assert_false(j.limited);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_narrow_card_limits_a_wide_slot),
	    cmocka_unit_test(below_both_ends_is_downgraded),
	    cmocka_unit_test(no_far_end_no_verdict),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
