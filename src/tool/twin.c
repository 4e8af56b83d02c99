// SPDX-License-Identifier: GPL-2.0-only
/*
 * Making a twin (tool/twin.h): the recordings read against the topology of
 * the platform it will run on, or a model file read back; and the text of
 * --workload replay:... that names either.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "twin_internal.h"

#define SPEC_MAX 4096

const char *twin_loop_name(enum twin_loop l)
{
	static const char *const names[] = {"-", "paced", "window", "slots", "link", "follows"};

	return l <= TWIN_COUPLED ? names[l] : "?";
}

const char *twin_to_name(enum fabric_replay_to to)
{
	static const char *const names[] = {"host", "host32", "msi", "peer"};

	return to <= FABRIC_REPLAY_PEER ? names[to] : "?";
}

static void free_traces(struct twin_trace *tr, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		twin_trace_free(&tr[i]);
	free(tr);
}

/* Every traced device of every file, in one array. */
static int read_all(const struct twin_topo *topo, const char *const *files, unsigned nfiles,
		    double tick_ns, struct twin_trace **all, unsigned *n, struct error *e)
{
	*all = NULL;
	*n = 0;
	for (unsigned f = 0; f < nfiles; f++) {
		struct twin_trace *tr, *grown;
		unsigned k;
		int r = twin_read(files[f], topo, tick_ns, &tr, &k, e);

		if (r)
			return r;
		grown = realloc(*all, (*n + k) * sizeof(**all));
		if (!grown) {
			free_traces(tr, k);
			return error_set(e, -ENOMEM, "%s: out of memory", files[f]);
		}
		*all = grown;
		memcpy(*all + *n, tr, k * sizeof(*tr));
		*n += k;
		free(tr);
	}
	return 0;
}

int twin_infer(struct backend *b, const char *const *files, unsigned nfiles, double tick_ns,
	       struct twin *t, struct error *e)
{
	struct twin_topo topo;
	struct twin_trace *tr;
	unsigned n;
	int r;

	if (!nfiles || nfiles > TWIN_MAX_FILES)
		return error_set(e, -EINVAL, "a twin takes 1 to %d recordings", TWIN_MAX_FILES);
	r = twin_topo_scan(b, &topo, e);
	if (r)
		return r;
	r = read_all(&topo, files, nfiles, tick_ns, &tr, &n, e);
	if (!r) {
		twin_build(&topo, tr, n, t);
		t->nfiles = nfiles;
		for (unsigned i = 0; i < nfiles; i++)
			snprintf(t->files[i], sizeof(t->files[i]), "%s", files[i]);
		if (!t->m.ndev && !t->m.ncpu)
			r = error_set(e, -ENODATA,
				      "%s: the recordings show no requester of the platform",
				      files[0]);
	}
	free_traces(tr, n);
	twin_topo_free(&topo);
	return r;
}

/* The emulated platform, idle and left as it was, to read its topology. */
static int infer_on(const char *platform, const char *const *files, unsigned n, double tick_ns,
		    struct twin *t, struct error *e)
{
	struct backend_options o = {
	    .kind = "emulated", .platform = platform, .workload = "idle", .ephemeral = true};
	struct backend *b;
	int r = backend_open(&o, &b, e);

	if (r)
		return error_wrap(e, "cannot boot the platform %s",
				  platform ? platform : "kunpeng930");
	r = twin_infer(b, files, n, tick_ns, t, e);
	/* the platform by the name it booted as: "emulated kunpeng930" */
	if (!r && !strncmp(b->machine, "emulated ", 9))
		snprintf(t->platform, sizeof(t->platform), "%s",
			 platform ? platform : b->machine + 9);
	backend_close(b);
	return r;
}

static int from_traces(char *list, double tick_ns, const char *platform, struct twin *t,
		       struct error *e)
{
	const char *files[TWIN_MAX_FILES];
	char recorded[256] = "";
	unsigned n = 0;
	int r;

	for (char *save = NULL, *f = strtok_r(list, "+", &save); f;
	     f = strtok_r(NULL, "+", &save)) {
		if (n == TWIN_MAX_FILES)
			return error_set(e, -EINVAL, "a twin takes at most %d recordings",
					 TWIN_MAX_FILES);
		files[n++] = f;
	}
	if (!n)
		return error_set(e, -EINVAL, "trace= names no recording");
	if (!platform) {
		r = twin_recorded_platform(files[0], recorded, sizeof(recorded), e);
		if (r)
			return r;
		platform = recorded[0] ? recorded : NULL;
	}
	return infer_on(platform, files, n, tick_ns, t, e);
}

int twin_from_spec(const char *spec, const char *platform, struct twin *t, struct error *e)
{
	char buf[SPEC_MAX], *trace = NULL, *model = NULL;
	double tick_ns = 0;

	if (!spec || strlen(spec) >= sizeof(buf))
		return error_set(e, -EINVAL, "needs trace=FILE[+FILE...] or model=FILE");
	strcpy(buf, spec);
	for (char *save = NULL, *kv = strtok_r(buf, ",", &save); kv;
	     kv = strtok_r(NULL, ",", &save)) {
		char *end;

		if (!strncmp(kv, "trace=", 6))
			trace = kv + 6;
		else if (!strncmp(kv, "model=", 6))
			model = kv + 6;
		else if (!strncmp(kv, "tick=", 5) && (tick_ns = strtod(kv + 5, &end)) > 0 && !*end)
			continue;
		else
			return error_set(e, -EINVAL,
					 "bad replay parameter '%s' (trace=FILE[+FILE...], "
					 "model=FILE, tick=NS)",
					 kv);
	}
	if (!trace == !model)
		return error_set(e, -EINVAL, "needs trace=FILE[+FILE...] or model=FILE");
	if (model)
		return twin_json_read(model, t, e);
	return from_traces(trace, tick_ns, platform, t, e);
}
