// SPDX-License-Identifier: GPL-2.0-only
/* out/: table renderings, CSV and JSON escaping, trace-event JSON, SVG charts. */
#define _GNU_SOURCE /* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include <pciescope/out/chrome_trace.h>
#include <pciescope/out/csv.h>
#include <pciescope/out/html.h>
#include <pciescope/out/json.h>
#include <pciescope/out/num.h>
#include <pciescope/out/svg.h>
#include <pciescope/out/table.h>

struct mem {
	char *buf;
	size_t len;
	FILE *f;
};

static FILE *mem_open(struct mem *m)
{
	m->f = open_memstream(&m->buf, &m->len);
	return m->f;
}

/* Closes the stream and returns its text (owned by m). */
static const char *mem_text(struct mem *m)
{
	fclose(m->f);
	return m->buf;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

static struct out_table *sample_table(void)
{
	static const char *const hdr[] = {"kind", "tlps"};
	struct out_table *t = out_table_new(2, hdr, "lr");

	assert_non_null(t);
	out_table_cell(t, "%s", "MRd64");
	out_table_cell(t, "%d", 12345);
	out_table_cell(t, "%s", "a,\"b\"<c>");
	out_table_cell(t, "%d", 7);
	return t;
}

static void table_aligns_text_columns(void **state)
{
	struct out_table *t = sample_table();
	struct mem m;

	assert_int_equal(out_table_rows(t), 2);
	out_table_print(t, mem_open(&m));
	assert_string_equal(mem_text(&m), "kind       tlps\n"
					  "MRd64     12345\n"
					  "a,\"b\"<c>      7\n");
	free(m.buf);
	out_table_free(t);
}

static void table_as_csv_and_html(void **state)
{
	struct out_table *t = sample_table();
	struct mem m;

	out_table_print_csv(t, mem_open(&m));
	assert_string_equal(mem_text(&m), "kind,tlps\nMRd64,12345\n\"a,\"\"b\"\"<c>\",7\n");
	free(m.buf);
	out_table_print_html(t, mem_open(&m));
	mem_text(&m);
	assert_non_null(strstr(m.buf, "<th>kind</th><th>tlps</th>"));
	assert_non_null(strstr(m.buf, "<td>a,&quot;b&quot;&lt;c&gt;</td><td class=\"num\">7</td>"));
	free(m.buf);
	out_table_free(t);
}

static void table_rejects_bad_column_count(void **state)
{
	static const char *const hdr[] = {"x"};

	assert_null(out_table_new(0, hdr, ""));
	assert_null(out_table_new(OUT_TABLE_MAX_COLS + 1, hdr, "l"));
}

static void json_escapes_controls(void **state)
{
	struct mem m;
	json_t *j;

	out_json_string(mem_open(&m), "q\"b\\s\n\x01 t\xc3\xa9");
	mem_text(&m);
	assert_string_equal(m.buf, "\"q\\\"b\\\\s\\n\\u0001 t\xc3\xa9\"");
	j = json_loads(m.buf, JSON_DECODE_ANY, NULL);
	assert_non_null(j);
	assert_string_equal(json_string_value(j), "q\"b\\s\n\x01 t\xc3\xa9");
	json_decref(j);
	free(m.buf);
	out_json_number(mem_open(&m), 0.0 / 0.0);
	assert_string_equal(mem_text(&m), "null");
	free(m.buf);
}

/* What a person reads: the digits a measurement has, whole numbers whole, no exponent. */
static void figures_read_as_measured(void **state)
{
	char b[OUT_NUM_LEN];

	assert_string_equal(out_num_sig(b, sizeof(b), 0.96448372695852536, 6), "0.964484");
	assert_string_equal(out_num_sig(b, sizeof(b), 5400.6690684508494, 6), "5400.67");
	assert_string_equal(out_num_sig(b, sizeof(b), 3.542e8, 6), "354200000");
	assert_string_equal(out_num_sig(b, sizeof(b), 1000000.0, 6), "1000000");
	assert_string_equal(out_num_sig(b, sizeof(b), 2.5, 6), "2.5");
	assert_string_equal(out_num_sig(b, sizeof(b), 1.25e-5, 6), "0.0000125");
	assert_string_equal(out_num_sig(b, sizeof(b), -0.0000000001, 6), "0");
	assert_string_equal(out_num_sig(b, sizeof(b), 0.0 / 0.0, 6), "-");
	assert_string_equal(out_num_whole(b, sizeof(b), 1277724.0, 1), "1277724");
	assert_string_equal(out_num_whole(b, sizeof(b), 2072.5, 1), "2072.5");
	assert_string_equal(out_num_whole(b, sizeof(b), 0.0 / 0.0, 1), "-");
}

/* What a program reads back: exact, and no longer than it must be. */
static void exact_numbers_round_trip(void **state)
{
	char b[OUT_NUM_LEN];
	const double v[] = {0.1, 1234.567, 1.0 / 3.0, 1e-7, 123456789.125, 1e300};
	struct mem m;

	assert_string_equal(out_num_exact(b, sizeof(b), 0.1), "0.1");
	assert_string_equal(out_num_exact(b, sizeof(b), 1234.567), "1234.567");
	assert_string_equal(out_num_exact(b, sizeof(b), 42.0), "42");
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		assert_true(strtod(out_num_exact(b, sizeof(b), v[i]), NULL) == v[i]);
	out_json_figure(mem_open(&m), 0.96448372695852536);
	assert_string_equal(mem_text(&m), "0.964484");
	free(m.buf);
	out_json_figure(mem_open(&m), 0.0 / 0.0);
	assert_string_equal(mem_text(&m), "null");
	free(m.buf);
}

static void chrome_trace_is_valid_json(void **state)
{
	struct chrome_trace c;
	struct mem m;
	json_t *j, *ev;

	chrome_trace_begin(&c, mem_open(&m));
	chrome_trace_track(&c, 257, "req \"01:00.1\"");
	chrome_trace_slice(&c, 257, "MRd64", 1.5, 0.25, "{\"tag\":3}");
	chrome_trace_slice(&c, 257, "MRd64", 1.6, 0.25, NULL);
	assert_int_equal(chrome_trace_end(&c), 0);
	j = json_loads(mem_text(&m), 0, NULL);
	assert_non_null(j);
	ev = json_object_get(j, "traceEvents");
	assert_int_equal(json_array_size(ev), 5);
	assert_string_equal(json_string_value(json_object_get(
				json_object_get(json_array_get(ev, 0), "args"), "name")),
			    "req \"01:00.1\"");
	assert_string_equal(json_string_value(json_object_get(json_array_get(ev, 1), "ph")), "b");
	assert_string_equal(json_string_value(json_object_get(json_array_get(ev, 2), "ph")), "e");
	assert_true(json_real_value(json_object_get(json_array_get(ev, 2), "ts")) == 1.75);
	assert_string_equal(json_string_value(json_object_get(json_array_get(ev, 1), "id")),
			    json_string_value(json_object_get(json_array_get(ev, 2), "id")));
	assert_string_not_equal(json_string_value(json_object_get(json_array_get(ev, 1), "id")),
				json_string_value(json_object_get(json_array_get(ev, 3), "id")));
	json_decref(j);
	free(m.buf);
}

static void svg_charts_have_their_marks(void **state)
{
	static const char *const labels[] = {"MRd64", "CplD", "<x>"};
	double v[] = {10, 230, 0}, x[] = {0, 1, 2}, y1[] = {1, 2, 3}, y2[] = {3, 2, 1};
	struct svg_series s[] = {{"P", y1, "#123456"}, {"CPL", y2, "#654321"}};
	struct mem m;

	svg_bar_chart(mem_open(&m), "TLP mix", labels, v, 3, "TLPs");
	mem_text(&m);
	assert_int_equal(count(m.buf, "<svg class=\"chart\""), 1);
	assert_int_equal(count(m.buf, "<rect class=\"bar\""), 3);
	assert_non_null(strstr(m.buf, "&lt;x&gt;"));
	assert_non_null(strstr(m.buf, ">250<")); /* axis rounded up to a round value */
	free(m.buf);
	svg_line_chart(mem_open(&m), "bw", x, 3, s, 2, "us", "MB/s");
	mem_text(&m);
	assert_int_equal(count(m.buf, "<polyline"), 2);
	assert_non_null(strstr(m.buf, "stroke=\"#654321\""));
	/* the legend sits below the title's 14px line, whatever the title's length */
	assert_non_null(strstr(m.buf, "class=\"title\" x=\"8\" y=\"20\""));
	assert_non_null(strstr(m.buf, "<rect x=\"440.0\" y=\"28.0\" width=\"12\""));
	free(m.buf);
	svg_histogram(mem_open(&m), "lat", 100, 10, v, 3, "ns");
	mem_text(&m);
	assert_int_equal(count(m.buf, "<rect class=\"bin\""), 3);
	assert_true(count(m.buf, "</svg>") == 1);
	free(m.buf);
}

static void si_format(void **state)
{
	char b[32];

	assert_string_equal(svg_fmt_si(0, b, sizeof(b)), "0");
	assert_string_equal(svg_fmt_si(1500, b, sizeof(b)), "1.5k");
	assert_string_equal(svg_fmt_si(2.5e9, b, sizeof(b)), "2.5G");
	assert_string_equal(svg_fmt_si(0.25, b, sizeof(b)), "0.25");
	assert_string_equal(svg_fmt_si(0.00001, b, sizeof(b)), "0.00001");
}

static void html_page_is_self_contained(void **state)
{
	struct mem m;

	html_begin(mem_open(&m), "a <b> & c");
	html_section(m.f, "S");
	html_para(m.f, "x<y");
	html_section_end(m.f);
	assert_int_equal(html_end(m.f), 0);
	mem_text(&m);
	assert_non_null(strstr(m.buf, "<title>a &lt;b&gt; &amp; c</title>"));
	assert_non_null(strstr(m.buf, "<p>x&lt;y</p>"));
	assert_null(strstr(m.buf, "<script"));
	assert_null(strstr(m.buf, "<link"));
	assert_null(strstr(m.buf, "src="));
	free(m.buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(table_aligns_text_columns),
	    cmocka_unit_test(table_as_csv_and_html),
	    cmocka_unit_test(table_rejects_bad_column_count),
	    cmocka_unit_test(json_escapes_controls),
	    cmocka_unit_test(figures_read_as_measured),
	    cmocka_unit_test(exact_numbers_round_trip),
	    cmocka_unit_test(chrome_trace_is_valid_json),
	    cmocka_unit_test(svg_charts_have_their_marks),
	    cmocka_unit_test(si_format),
	    cmocka_unit_test(html_page_is_self_contained),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
