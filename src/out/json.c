// SPDX-License-Identifier: GPL-2.0-only
/* JSON string escaping per RFC 8259: quote, backslash and U+0000..U+001F. */
#include <math.h>

#include <pciescope/out/json.h>
#include <pciescope/out/num.h>

void out_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

void out_json_number(FILE *f, double v)
{
	char buf[OUT_NUM_LEN];

	fputs(isfinite(v) ? out_num_exact(buf, sizeof(buf), v) : "null", f);
}

void out_json_figure(FILE *f, double v)
{
	char buf[OUT_NUM_LEN];

	fputs(isfinite(v) ? out_num_sig(buf, sizeof(buf), v, OUT_NUM_DIGITS) : "null", f);
}
