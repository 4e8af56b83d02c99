// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Prometheus text writer: label values and HELP text escaped as the
 * exposition format asks, names outside its character sets refused with
 * nothing written, numbers that read back exactly (whole numbers bare,
 * counters and nanosecond clocks as integers, NaN and infinities spelled
 * the format's way).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pciescope/out/prom.h>

struct page {
	FILE *f;
	char *text;
	size_t len;
};

static void page_open(struct page *p)
{
	p->text = NULL;
	p->f = open_memstream(&p->text, &p->len);
	assert_non_null(p->f);
}

/* Closes the page and checks it reads expect; frees it. */
static void page_is(struct page *p, const char *expect)
{
	assert_int_equal(fclose(p->f), 0);
	assert_string_equal(p->text, expect);
	free(p->text);
}

static void label_values_escape_backslash_quote_and_newline(void **state)
{
	struct prom_labels l = {0};
	struct page p;

	prom_label(&l, "path", "C:\\dev");
	prom_label(&l, "say", "a \"b\"\nc");
	page_open(&p);
	assert_int_equal(prom_sample(p.f, "m", &l, 1), 0);
	page_is(&p, "m{path=\"C:\\\\dev\",say=\"a \\\"b\\\"\\nc\"} 1\n");
}

static void help_escapes_backslash_and_newline_but_not_quotes(void **state)
{
	struct page p;

	page_open(&p);
	assert_int_equal(prom_family(p.f, "x_total", "counter", "a \\ \"b\"\nnext"), 0);
	page_is(&p, "# HELP x_total a \\\\ \"b\"\\nnext\n# TYPE x_total counter\n");
}

static void metric_names_follow_the_format(void **state)
{
	assert_true(prom_metric_name_valid("pciescope_pcie_bytes_total"));
	assert_true(prom_metric_name_valid("job:rate5m"));
	assert_true(prom_metric_name_valid("_x9"));
	assert_false(prom_metric_name_valid(""));
	assert_false(prom_metric_name_valid("9lives"));
	assert_false(prom_metric_name_valid("a-b"));
	assert_false(prom_metric_name_valid("a b"));
	assert_false(prom_metric_name_valid("caf\xc3\xa9"));
}

static void label_names_have_no_colon_and_no_reserved_prefix(void **state)
{
	assert_true(prom_label_name_valid("bdf"));
	assert_true(prom_label_name_valid("_x"));
	assert_false(prom_label_name_valid("a:b"));
	assert_false(prom_label_name_valid("__name__"));
	assert_false(prom_label_name_valid("1st"));
	assert_false(prom_label_name_valid(""));
}

static void a_bad_name_writes_nothing(void **state)
{
	struct prom_labels l = {0};
	struct page p;

	prom_label(&l, "ok", "1");
	prom_label(&l, "not-ok", "2");
	page_open(&p);
	assert_int_equal(prom_family(p.f, "bad name", "gauge", "h"), -EINVAL);
	assert_int_equal(prom_sample(p.f, "bad-name", NULL, 1), -EINVAL);
	assert_int_equal(prom_sample(p.f, "good", &l, 1), -EINVAL);
	page_is(&p, "");
}

static void a_label_set_too_long_is_refused_whole(void **state)
{
	struct prom_labels l = {0};
	char big[PROM_LABELS_MAX];
	struct page p;

	memset(big, 'v', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	prom_label(&l, "a", "1");
	prom_label(&l, "b", big);
	assert_int_equal(l.err, -ENOSPC);
	page_open(&p);
	assert_int_equal(prom_sample(p.f, "m", &l, 1), -ENOSPC);
	page_is(&p, "");
}

/* Every digit a reader needs to get the double back, and no more. */
static void numbers_read_back_exactly(void **state)
{
	struct prom_labels l = {0};
	struct page p;

	prom_labelf(&l, "port", "%#x", 0x10u);
	page_open(&p);
	prom_sample(p.f, "w", &l, 8);
	prom_sample(p.f, "w", NULL, -3);
	prom_sample(p.f, "f", NULL, 0.1);
	prom_sample(p.f, "f", NULL, 2.5e-7);
	prom_sample(p.f, "big", NULL, 1e300);
	prom_sample(p.f, "n", NULL, NAN);
	prom_sample(p.f, "i", NULL, INFINITY);
	prom_sample(p.f, "i", NULL, -INFINITY);
	prom_sample_u64(p.f, "c_total", NULL, UINT64_MAX);
	prom_sample_ns(p.f, "t_seconds", NULL, 12000000345ull);
	prom_sample_ns(p.f, "t_seconds", NULL, 5);
	page_is(&p, "w{port=\"0x10\"} 8\n"
		    "w -3\n"
		    "f 0.1\n"
		    "f 2.5e-07\n"
		    "big 1e+300\n"
		    "n NaN\n"
		    "i +Inf\n"
		    "i -Inf\n"
		    "c_total 18446744073709551615\n"
		    "t_seconds 12.000000345\n"
		    "t_seconds 0.000000005\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(label_values_escape_backslash_quote_and_newline),
	    cmocka_unit_test(help_escapes_backslash_and_newline_but_not_quotes),
	    cmocka_unit_test(metric_names_follow_the_format),
	    cmocka_unit_test(label_names_have_no_colon_and_no_reserved_prefix),
	    cmocka_unit_test(a_bad_name_writes_nothing),
	    cmocka_unit_test(a_label_set_too_long_is_refused_whole),
	    cmocka_unit_test(numbers_read_back_exactly),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
