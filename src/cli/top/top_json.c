// SPDX-License-Identifier: GPL-2.0-only
/*
 * `top --json`: one object per frame, one line each, with the screen's
 * values as numbers at the screen's precision (null where unknown), for
 * scripts (`--json`, `--once`); man/pciescope-top.1.scd lists the keys.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "top.h"

/*
 * A value as JSON, at the precision the screen shows it (digits after the
 * point): the counts behind it are no finer, and a script reading 263.7
 * should not get 263.69999999999999.
 */
static json_t *rounded(double v, int digits)
{
	double scale = pow(10, digits);

	return json_real(round(v * scale) / scale);
}

static json_t *num(double v, int digits)
{
	return v < 0 ? json_null() : rounded(v, digits);
}

static const char *basis_name(enum link_basis b)
{
	static const char *const names[] = {"unknown", "counted", "split", "range", "traced"};

	return names[b];
}

static json_t *rx_tx(json_t *rx, json_t *tx)
{
	json_t *o = json_object();

	json_object_set_new(o, "rx", rx);
	json_object_set_new(o, "tx", tx);
	return o;
}

static json_t *ranges(const struct link *k)
{
	json_t *o = json_object();

	for (int d = 0; d < LINK_NDIR; d++) {
		const struct link_flow *f = &k->dir[d];
		json_t *r = json_null();

		if (f->lo_mbps >= 0)
			r = json_pack("[oo]", rounded(f->lo_mbps, 1), rounded(f->hi_mbps, 1));
		json_object_set_new(o, d == LINK_RX ? "rx" : "tx", r);
	}
	return o;
}

static void json_figures(json_t *o, const struct link *k)
{
	json_t *bw = json_object(), *lat = json_object(), *basis = json_object(),
	       *busy = json_object();

	for (int c = 0; c < HISI_PCIE_BW_KINDS; c++)
		json_object_set_new(bw, hisi_pcie_bw_kinds[c], num(k->kind_mbps[c], 1));
	for (int c = 0; c < HISI_PCIE_LAT_KINDS; c++)
		json_object_set_new(lat, hisi_pcie_lat_kinds[c], num(k->lat_ns[c], 0));
	for (int d = 0; d < LINK_NDIR; d++) {
		json_object_set_new(basis, d == LINK_RX ? "rx" : "tx",
				    json_string(basis_name(k->dir[d].basis)));
		json_object_set_new(busy, d == LINK_RX ? "rx" : "tx", json_boolean(k->dir[d].busy));
	}
	json_object_set_new(o, "bandwidth_mb_per_s", bw);
	json_object_set_new(
	    o, "traffic_mb_per_s",
	    rx_tx(num(k->dir[LINK_RX].traffic_mbps, 1), num(k->dir[LINK_TX].traffic_mbps, 1)));
	json_object_set_new(o, "traffic_range_mb_per_s", ranges(k));
	json_object_set_new(o, "basis", basis);
	json_object_set_new(o, "latency_ns", lat);
	json_object_set_new(
	    o, "reads_per_s",
	    rx_tx(num(k->dir[LINK_RX].reads_per_s, 0), num(k->dir[LINK_TX].reads_per_s, 0)));
	json_object_set_new(o, "utilization_rx_pct", num(k->dir[LINK_RX].util_pct, 1));
	json_object_set_new(o, "utilization_tx_pct", num(k->dir[LINK_TX].util_pct, 1));
	json_object_set_new(o, "busy", busy);
}

static json_t *json_row(const struct top_row *r)
{
	const struct link *k = r->k;
	json_t *o = json_object(), *tune = json_object(), *shares = json_array();
	char copy[sizeof(k->shares)], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", k->shares);
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
		json_array_append_new(shares, json_string(t));
	for (int c = 0; c < HISI_PTT_TUNE_NPARAM; c++)
		json_object_set_new(tune, hisi_ptt_tune_params[c],
				    r->tune[c] < 0 ? json_null() : json_integer(r->tune[c]));
	json_object_set_new(o, "root_port", json_string(k->bdf));
	json_object_set_new(o, "sicl", json_integer(k->sicl));
	json_object_set_new(o, "core", json_integer(k->core));
	json_object_set_new(o, "port", json_integer(k->port));
	json_object_set_new(o, "shared_port_bit", json_boolean(k->shares[0] != 0));
	json_object_set_new(o, "shares_port_bit_with", shares);
	json_object_set_new(o, "link_speed_gts",
			    k->speed_gts > 0 ? json_real(k->speed_gts) : json_null());
	json_object_set_new(o, "link_width", k->width ? json_integer(k->width) : json_null());
	json_object_set_new(o, "mps", k->mps ? json_integer(k->mps) : json_null());
	json_object_set_new(o, "capacity_mb_per_s",
			    k->capacity_mbps > 0 ? rounded(k->capacity_mbps, 1) : json_null());
	json_figures(o, k);
	json_object_set_new(o, "tune", tune);
	return o;
}

void top_render_json(FILE *out, const struct top_frame *f)
{
	json_t *o = json_object(), *rows = json_array();

	for (size_t i = 0; i < f->n; i++)
		json_array_append_new(rows, json_row(&f->rows[i]));
	json_object_set_new(o, "backend", json_string(f->backend));
	json_object_set_new(o, "time_s", rounded(f->time_s, 6));
	json_object_set_new(o, "interval_ms", json_integer(f->interval_ms));
	json_object_set_new(o, "span_s", rounded(f->span_s, 6));
	json_object_set_new(o, "lag_s", rounded(f->lag_s, 3));
	json_object_set_new(o, "rows", rows);
	/* 15 significant digits: the rounded values print as they read, no binary tail */
	json_dumpf(o, out, JSON_COMPACT | JSON_REAL_PRECISION(15));
	fputc('\n', out);
	fflush(out);
	json_decref(o);
}
