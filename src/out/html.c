// SPDX-License-Identifier: GPL-2.0-only
/*
 * HTML page frame.  The style is kept small and inline; charts are SVG
 * written by out/svg, so the page needs nothing but itself.
 */
#include <errno.h>

#include <pciescope/out/html.h>
#include <pciescope/out/stream_err.h>

static const char style[] =
    "body{font-family:sans-serif;margin:2em;color:#222;max-width:80em}"
    "h1{font-size:1.6em}h2{font-size:1.25em;border-bottom:1px solid #ccc}"
    "table{border-collapse:collapse;margin:0.5em 0}"
    "th,td{padding:0.2em 0.8em;border-bottom:1px solid #eee;text-align:left}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums}"
    "th{background:#f4f4f4}svg.chart{display:block;margin:0.5em 0}"
    "svg text{font-family:sans-serif;font-size:12px;fill:#222}"
    "svg .title{font-size:14px;font-weight:bold}"
    "svg .axis{stroke:#444;stroke-width:1}svg .grid{stroke:#ddd;stroke-width:1}";

void html_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

void html_begin(FILE *f, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<title>",
	      f);
	html_escape(f, title);
	fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", style);
	html_escape(f, title);
	fputs("</h1>\n", f);
}

void html_section(FILE *f, const char *heading)
{
	fputs("<section>\n<h2>", f);
	html_escape(f, heading);
	fputs("</h2>\n", f);
}

void html_section_end(FILE *f)
{
	fputs("</section>\n", f);
}

void html_para(FILE *f, const char *text)
{
	fputs("<p>", f);
	html_escape(f, text);
	fputs("</p>\n", f);
}

int html_end(FILE *f)
{
	fputs("</body>\n</html>\n", f);
	return out_stream_flush(f);
}
