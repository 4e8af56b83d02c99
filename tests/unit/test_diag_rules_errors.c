// SPDX-License-Identifier: GPL-2.0-only
/*
 * The error rules of a trace (diag/rules_errors.c), each by a trace that
 * fires it and a near miss that must not: completions that report failure
 * (UR, CA, CRS outside configuration, poisoned), poisoned requests, and
 * the AER messages devices send.  None has a threshold: one is enough.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "diag_rig.h"

#define NIC 0x0100u /* 01:00.0 */

static void a_failed_completion_is_an_error_of_its_completer(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;
	struct rig r = {0};

	rig_read(&r, 0, NIC, 1, 64, 0x1000);
	rig_cpl(&r, 300, NIC, 1, RC, 64, TLP_CPL_SC);
	rig_read(&r, 1000, NIC, 2, 64, 0x2000);
	rig_cpl(&r, 1300, NIC, 2, RC, 0, TLP_CPL_UR);
	rig_read(&r, 2000, NIC, 3, 64, 0x3000);
	rig_cpl(&r, 2300, NIC, 3, RC, 0, TLP_CPL_CA);
	rig_judge(&r, NULL, NULL, &l);
	f = rig_find(&l, "completion-errors", "00:10.0");
	assert_non_null(f);
	assert_int_equal(f->severity, DIAG_ERROR);
	assert_true(rig_figure(f, "completions") == 3);
	assert_true(rig_figure(f, "ur") == 1);
	assert_true(rig_figure(f, "ca") == 1);
	assert_true(rig_figure(f, "crs_not_config") == 0);
	assert_int_equal(rig_count(&l, "completion-errors"), 1);
	diag_findings_free(&l);
}

static void successful_completions_are_no_error(void **state)
{
	struct diag_findings l;
	struct rig r = {0};

	for (uint16_t tag = 0; tag < 3; tag++)
		rig_answered(&r, tag * 1000u, NIC, tag, 64, 300);
	rig_judge(&r, NULL, NULL, &l);
	assert_int_equal(l.n, 0);
	diag_findings_free(&l);
}

static void crs_is_an_error_outside_configuration_only(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;
	struct rig r = {0};

	/* A device not ready yet may answer the host's configuration read with CRS. */
	rig_cfgrd(&r, 0, 0x0000, 7, NIC);
	rig_cpl(&r, 200, 0x0000, 7, NIC, 0, TLP_CPL_CRS);
	rig_judge(&r, NULL, NULL, &l);
	assert_int_equal(rig_count(&l, "completion-errors"), 0);
	diag_findings_free(&l);
	/* A memory read answered with CRS is a broken completer. */
	rig_read(&r, 0, 0x0000, 7, 4, 0x1000);
	rig_cpl(&r, 200, 0x0000, 7, NIC, 0, TLP_CPL_CRS);
	rig_judge(&r, NULL, NULL, &l);
	f = rig_find(&l, "completion-errors", "01:00.0");
	assert_non_null(f);
	assert_true(rig_figure(f, "crs_not_config") == 1);
	diag_findings_free(&l);
}

static void poisoned_data_is_an_error_of_who_sent_it(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;
	struct rig r = {0};

	rig_write(&r, 0, NIC, 64, true);
	rig_write(&r, 100, NIC, 64, true);
	rig_judge(&r, NULL, NULL, &l);
	f = rig_find(&l, "completion-errors", "01:00.0");
	assert_non_null(f);
	assert_true(rig_figure(f, "poisoned") == 2);
	assert_non_null(strstr(f->summary, "sent 2 poisoned requests"));
	diag_findings_free(&l);
	/* A poisoned completion counts against its completer. */
	rig_read(&r, 0, NIC, 1, 64, 0x1000);
	rig_add(&r, 300, TLP_CPLD,
		(struct tlp_hdr){.requester = NIC,
				 .tag = 1,
				 .completer = RC,
				 .length = 16,
				 .byte_count = 64,
				 .ep = true});
	rig_judge(&r, NULL, NULL, &l);
	f = rig_find(&l, "completion-errors", "00:10.0");
	assert_non_null(f);
	assert_true(rig_figure(f, "poisoned") == 1);
	diag_findings_free(&l);
}

static void clean_writes_are_no_error(void **state)
{
	struct diag_findings l;
	struct rig r = {0};

	rig_write(&r, 0, NIC, 64, false);
	rig_write(&r, 100, NIC, 64, false);
	rig_judge(&r, NULL, NULL, &l);
	assert_int_equal(l.n, 0);
	diag_findings_free(&l);
}

static void an_aer_message_is_an_error_of_its_sender(void **state)
{
	struct diag_findings l;
	const struct diag_finding *f;
	struct rig r = {0};

	rig_msg(&r, 0, NIC, 0x30);
	rig_msg(&r, 100, NIC, 0x30);
	rig_msg(&r, 200, NIC, 0x33);
	rig_judge(&r, NULL, NULL, &l);
	f = rig_find(&l, "error-messages", "01:00.0");
	assert_non_null(f);
	assert_int_equal(f->severity, DIAG_ERROR);
	assert_true(rig_figure(f, "err_cor") == 2);
	assert_true(rig_figure(f, "err_nonfatal") == 0);
	assert_true(rig_figure(f, "err_fatal") == 1);
	diag_findings_free(&l);
}

static void other_messages_are_no_error(void **state)
{
	struct diag_findings l;
	struct rig r = {0};

	rig_msg(&r, 0, NIC, 0x20);   /* Assert_INTA */
	rig_msg(&r, 100, NIC, 0x14); /* PM_Active_State_Nak */
	rig_msg(&r, 200, NIC, 0x7e); /* vendor defined */
	rig_judge(&r, NULL, NULL, &l);
	assert_int_equal(l.n, 0);
	diag_findings_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_failed_completion_is_an_error_of_its_completer),
	    cmocka_unit_test(successful_completions_are_no_error),
	    cmocka_unit_test(crs_is_an_error_outside_configuration_only),
	    cmocka_unit_test(poisoned_data_is_an_error_of_who_sent_it),
	    cmocka_unit_test(clean_writes_are_no_error),
	    cmocka_unit_test(an_aer_message_is_an_error_of_its_sender),
	    cmocka_unit_test(other_messages_are_no_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
