// SPDX-License-Identifier: GPL-2.0-only
/* JSON string escaping per RFC 8259: quote, backslash and U+0000..U+001F. */
#include <math.h>

#include <pciescope/out/json.h>

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
	if (!isfinite(v))
		v = 0;
	if (v == (double)(long long)v && fabs(v) < 1e15)
		fprintf(f, "%lld", (long long)v);
	else
		fprintf(f, "%.17g", v);
}
