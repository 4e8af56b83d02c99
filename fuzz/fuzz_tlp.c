// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for the TLP codec: the input is up to eight host-order
 * DWs.  Whatever decodes must re-encode to the same DWs and decode again to
 * the same header, and must format without overrunning a small buffer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/pcie/tlp.h>

#define MAX_DWS 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t dw[MAX_DWS], out[MAX_DWS], again[MAX_DWS];
	size_t ndw = size / 4 < MAX_DWS ? size / 4 : MAX_DWS;
	struct tlp_hdr h, h2;
	char line[64];
	int n;

	memcpy(dw, data, ndw * 4);
	if (ndw)
		(void)tlp_class_of(tlp_kind_of(dw[0]));
	n = tlp_decode(dw, ndw, &h);
	if (n < 0)
		return 0;
	tlp_format(&h, line, sizeof(line));
	if (tlp_encode(&h, out, MAX_DWS) != n || memcmp(out, dw, (size_t)n * 4))
		abort();
	if (tlp_decode(out, (size_t)n, &h2) != n || tlp_encode(&h2, again, MAX_DWS) != n ||
	    memcmp(again, dw, (size_t)n * 4))
		abort();
	return 0;
}
