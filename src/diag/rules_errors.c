// SPDX-License-Identifier: GPL-2.0-only
/*
 * Error rules: completions that report failure (UR, CA, CRS where only a
 * configuration read may get it), poisoned TLPs, and the error messages
 * devices send (ERR_COR, ERR_NONFATAL, ERR_FATAL).  Any one is an error:
 * no threshold, a healthy link has none.
 */
#include <errno.h>
#include <stdio.h>

#include "trace_internal.h"

static int completer_errors(const struct dt_cpl *c, struct diag_findings *out)
{
	uint64_t n = c->ur + c->ca + c->crs_bad + c->poisoned;
	struct diag_finding *f;
	char who[16];

	if (!n)
		return 0;
	pci_rid_format(c->rid, who, sizeof(who));
	f = diag_add(out, "completion-errors", DIAG_ERROR, who);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%llu of %s's %llu completions report an error: UR %llu, CA %llu, "
		 "CRS outside configuration %llu, poisoned %llu",
		 (unsigned long long)n, who, (unsigned long long)c->cpls, (unsigned long long)c->ur,
		 (unsigned long long)c->ca, (unsigned long long)c->crs_bad,
		 (unsigned long long)c->poisoned);
	snprintf(f->advice, sizeof(f->advice),
		 "read %s's AER status (lspci -vvv) and its driver's log: UR = a request it does "
		 "not support (address outside its BARs?), CA = it aborted, CRS = not ready",
		 who);
	diag_figure(f, "completions", (double)c->cpls);
	diag_figure(f, "ur", (double)c->ur);
	diag_figure(f, "ca", (double)c->ca);
	diag_figure(f, "crs_not_config", (double)c->crs_bad);
	diag_figure(f, "poisoned", (double)c->poisoned);
	snprintf(f->chart_title, sizeof(f->chart_title), "completions with an error from %s", who);
	snprintf(f->chart_unit, sizeof(f->chart_unit), "TLPs");
	diag_bar(f, "UR", (double)c->ur);
	diag_bar(f, "CA", (double)c->ca);
	diag_bar(f, "CRS (not config)", (double)c->crs_bad);
	diag_bar(f, "poisoned", (double)c->poisoned);
	return 0;
}

static int poisoned_requests(const struct dt_req *r, struct diag_findings *out)
{
	struct diag_finding *f;
	char who[16];

	if (!r->poisoned)
		return 0;
	pci_rid_format(r->rid, who, sizeof(who));
	f = diag_add(out, "completion-errors", DIAG_ERROR, who);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary), "%s sent %llu poisoned requests (EP set)", who,
		 (unsigned long long)r->poisoned);
	snprintf(
	    f->advice, sizeof(f->advice),
	    "%s forwards data it knows to be corrupt: read its AER status and check the memory "
	    "or link it got the data from",
	    who);
	diag_figure(f, "poisoned", (double)r->poisoned);
	return 0;
}

static int messages(const struct dt_req *r, struct diag_findings *out)
{
	static const char *const names[DT_NMSG] = {"ERR_COR", "ERR_NONFATAL", "ERR_FATAL"};
	static const char *const keys[DT_NMSG] = {"err_cor", "err_nonfatal", "err_fatal"};
	uint64_t n = r->msg[0] + r->msg[1] + r->msg[2];
	struct diag_finding *f;
	char who[16];

	if (!n)
		return 0;
	pci_rid_format(r->rid, who, sizeof(who));
	f = diag_add(out, "error-messages", DIAG_ERROR, who);
	if (!f)
		return -ENOMEM;
	snprintf(f->summary, sizeof(f->summary),
		 "%s sent %llu error messages: ERR_COR %llu, ERR_NONFATAL %llu, ERR_FATAL %llu",
		 who, (unsigned long long)n, (unsigned long long)r->msg[0],
		 (unsigned long long)r->msg[1], (unsigned long long)r->msg[2]);
	snprintf(f->advice, sizeof(f->advice),
		 "read %s's AER registers (lspci -vvv, rasdaemon): correctable errors in numbers "
		 "point at the link (retrain, reseat, check the lane margin), others at the device",
		 who);
	snprintf(f->chart_title, sizeof(f->chart_title), "error messages from %s", who);
	snprintf(f->chart_unit, sizeof(f->chart_unit), "messages");
	for (int m = 0; m < DT_NMSG; m++) {
		diag_figure(f, keys[m], (double)r->msg[m]);
		diag_bar(f, names[m], (double)r->msg[m]);
	}
	return 0;
}

int dt_rules_errors(const struct diag_trace *t, const struct diag_thresholds *th,
		    struct diag_findings *out)
{
	int err = 0;

	for (size_t i = 0; i < t->cpl.n && !err; i++)
		err = completer_errors(dt_at(&t->cpl, i), out);
	for (size_t i = 0; i < t->req.n && !err; i++)
		err = poisoned_requests(dt_at(&t->req, i), out);
	for (size_t i = 0; i < t->req.n && !err; i++)
		err = messages(dt_at(&t->req, i), out);
	return err;
}
