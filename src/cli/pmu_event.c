// SPDX-License-Identifier: GPL-2.0-only
/*
 * `pmu/term=value,.../` through format/ files.  Format strings are
 * "config:a-b,c" (config, config1 or config2; single bits or ranges); a term
 * whose value does not fit its format is refused as perf refuses it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_opts.h"
#include "pmu_event.h"

/* Parses "config1:0-15,32-35" into the field and its bit mask. */
static int format_parse(const char *s, __u64 **field, struct perf_event_attr *a,
			uint64_t *mask)
{
	const char *colon = strchr(s, ':');
	char *end;

	if (!colon)
		return -EINVAL;
	if (!strncmp(s, "config:", 7))
		*field = &a->config;
	else if (!strncmp(s, "config1:", 8))
		*field = &a->config1;
	else if (!strncmp(s, "config2:", 8))
		*field = &a->config2;
	else
		return -EINVAL;
	*mask = 0;
	for (s = colon + 1; *s;) {
		unsigned long lo = strtoul(s, &end, 10), hi = lo;

		if (end == s || lo > 63)
			return -EINVAL;
		if (*end == '-') {
			s = end + 1;
			hi = strtoul(s, &end, 10);
			if (end == s || hi > 63 || hi < lo)
				return -EINVAL;
		}
		for (unsigned long bit = lo; bit <= hi; bit++)
			*mask |= 1ull << bit;
		s = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -EINVAL;
	}
	return *mask ? 0 : -EINVAL;
}

/* Spreads value over the mask's bits, lowest first; -ERANGE if it does not fit. */
static int format_apply(__u64 *field, uint64_t mask, uint64_t value)
{
	for (int bit = 0; bit < 64; bit++) {
		if (!(mask & (1ull << bit)))
			continue;
		if (value & 1)
			*field |= 1ull << bit;
		value >>= 1;
	}
	return value ? -ERANGE : 0;
}

static int apply_term(struct backend *b, struct pmu_event *ev, struct pmu_event_term *t,
		      char *err, size_t errlen)
{
	char path[384], fmt[256];
	__u64 *field;
	uint64_t mask;

	snprintf(path, sizeof(path), "%s/%s/format/%s", PMU_SYSFS, ev->pmu, t->name);
	if (cli_sysfs_read(b, path, fmt, sizeof(fmt)) < 0) {
		snprintf(err, errlen, "unknown term '%s' for pmu '%s'", t->name, ev->pmu);
		return -EINVAL;
	}
	if (format_parse(fmt, &field, &ev->attr, &mask)) {
		snprintf(err, errlen, "pmu '%s': cannot parse format/%s '%s'", ev->pmu, t->name,
			 fmt);
		return -EINVAL;
	}
	if (format_apply(field, mask, t->value)) {
		snprintf(err, errlen, "value 0x%llx too big for term '%s' (format %s)",
			 (unsigned long long)t->value, t->name, fmt);
		return -EINVAL;
	}
	return 0;
}

static int parse_terms(struct pmu_event *ev, char *s, char *err, size_t errlen)
{
	for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
		struct pmu_event_term *t = &ev->term[ev->nterms];
		char *eq = strchr(tok, '='), *end;

		if (ev->nterms == PMU_EVENT_MAX_TERMS) {
			snprintf(err, errlen, "too many terms");
			return -EINVAL;
		}
		if (eq)
			*eq = 0;
		if (!*tok || strlen(tok) >= sizeof(t->name)) {
			snprintf(err, errlen, "bad term '%s'", tok);
			return -EINVAL;
		}
		strcpy(t->name, tok);
		t->value = 1;
		if (eq) {
			errno = 0;
			t->value = strtoull(eq + 1, &end, 0);
			if (errno || *end || end == eq + 1 || eq[1] == '-') {
				snprintf(err, errlen, "term '%s': '%s' is not a number", tok, eq + 1);
				return -EINVAL;
			}
		}
		ev->nterms++;
	}
	return 0;
}

static int read_type(struct backend *b, struct pmu_event *ev, char *err, size_t errlen)
{
	char path[384], val[32], *end;

	snprintf(path, sizeof(path), "%s/%s/type", PMU_SYSFS, ev->pmu);
	if (cli_sysfs_read(b, path, val, sizeof(val)) < 0) {
		snprintf(err, errlen, "no PMU named '%s' (see 'pciescope list')", ev->pmu);
		return -ENOENT;
	}
	ev->attr.type = (uint32_t)strtoul(val, &end, 10);
	return 0;
}

int pmu_event_parse(struct backend *b, const char *text, struct pmu_event *ev, char *err,
		    size_t errlen)
{
	const char *slash = strchr(text, '/');
	size_t len = strlen(text);
	char terms[512];
	int ret;

	memset(ev, 0, sizeof(*ev));
	if (!slash || slash == text || len < 2 || text[len - 1] != '/' ||
	    (size_t)(slash - text) >= sizeof(ev->pmu) || len - (size_t)(slash - text) > sizeof(terms)) {
		snprintf(err, errlen, "event '%s': expected pmu/term=value,.../", text);
		return -EINVAL;
	}
	memcpy(ev->pmu, text, (size_t)(slash - text));
	snprintf(terms, sizeof(terms), "%.*s", (int)(len - (size_t)(slash - text) - 2), slash + 1);
	ev->attr.size = sizeof(ev->attr);
	ret = read_type(b, ev, err, errlen);
	if (!ret)
		ret = parse_terms(ev, terms, err, errlen);
	for (int i = 0; !ret && i < ev->nterms; i++)
		ret = apply_term(b, ev, &ev->term[i], err, errlen);
	return ret;
}

int pmu_event_term(const struct pmu_event *ev, const char *name, uint64_t *value)
{
	int n = 0;

	for (int i = 0; i < ev->nterms; i++) {
		if (strcmp(ev->term[i].name, name))
			continue;
		n++;
		if (value)
			*value = ev->term[i].value;
	}
	return n;
}
