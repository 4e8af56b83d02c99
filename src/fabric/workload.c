// SPDX-License-Identifier: GPL-2.0-only
/*
 * Workloads: a name and "key=value" parameters become a set of streams,
 * each an agent of the engine.  The streams are rebuilt from the topology
 * whenever it changes (a node added, removed or rescanned), so a workload
 * always covers exactly the endpoints present.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fabric_internal.h"
#include "workload.h"

#define MAX_SIZE (256u << 10)

static const struct {
	const char *name;
	struct fworkload_params p;
} defaults[] = {
    {"idle", {0}},
    {"storage-read",
     {.size = 4096, .qd = 32, .mmio = RATE_MAX, .mmio_rd = 100000, .cfg = 1000, .msg = 1000}},
    {"storage-write", {.size = 4096, .qd = 32, .mmio_rd = 100000, .cfg = 1000, .msg = 1000}},
    {"nic", {.rate = 2000000, .size = 1500, .qd = 64, .mmio_rd = 100000, .cfg = 1000, .msg = 1000}},
    {"p2p", {.size = 4096, .qd = 16, .cfg = 1000, .msg = 1000}},
    {"mixed",
     {.size = 4096,
      .qd = 32,
      .mmio = 2000000,
      .mmio_rd = 200000,
      .cfg = 1000,
      .msg = 1000,
      .remote_pct = 25}},
};

const char *fabric_workload_name(size_t i)
{
	return i < sizeof(defaults) / sizeof(defaults[0]) ? defaults[i].name : NULL;
}

/* A count with an optional k (1000), M (10^6) or K (1024); one that overflows is refused. */
static int parse_value(const char *key, const char *v, uint64_t *out)
{
	unsigned long long x, unit = 1;
	char *end;

	if (!strcmp(key, "mmio") && !strcmp(v, "max")) {
		*out = RATE_MAX;
		return 0;
	}
	if (!strcmp(key, "sizes") && (!strcmp(v, "fixed") || !strcmp(v, "real"))) {
		*out = !strcmp(v, "real");
		return 0;
	}
	if (*v < '0' || *v > '9')
		return -EINVAL;
	errno = 0;
	x = strtoull(v, &end, 10);
	if (*end == 'k')
		unit = 1000, end++;
	else if (*end == 'M')
		unit = 1000000, end++;
	else if (*end == 'K')
		unit = 1024, end++;
	if (*end || errno || x > UINT64_MAX / unit)
		return -EINVAL;
	*out = x * unit;
	return 0;
}

static int set_param(struct fworkload_params *p, const char *key, uint64_t v)
{
	if (!strcmp(key, "rate"))
		p->rate = v;
	else if (!strcmp(key, "size") && v >= 4 && v <= MAX_SIZE)
		p->size = (uint32_t)v;
	else if (!strcmp(key, "qd") && v >= 1 && v <= 256)
		p->qd = (uint32_t)v;
	else if (!strcmp(key, "mmio"))
		p->mmio = v;
	else if (!strcmp(key, "mmio_rd"))
		p->mmio_rd = v;
	else if (!strcmp(key, "cfg"))
		p->cfg = v;
	else if (!strcmp(key, "msg"))
		p->msg = v;
	else if (!strcmp(key, "remote") && v <= 100)
		p->remote_pct = (uint32_t)v;
	else if (!strcmp(key, "sizes") && v <= 1)
		p->real_sizes = v;
	else
		return -EINVAL;
	return 0;
}

static int parse_params(struct fworkload_params *p, const char *params, struct error *e)
{
	char buf[256], *save = NULL;

	if (!params || !*params)
		return 0;
	if (strlen(params) >= sizeof(buf)) {
		return error_set(e, -EINVAL, "workload parameters too long");
	}
	strcpy(buf, params);
	for (char *kv = strtok_r(buf, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');
		uint64_t v;

		if (!eq) {
			return error_set(e, -EINVAL, "workload parameter '%s' is not key=value",
					 kv);
		}
		*eq = '\0';
		if (parse_value(kv, eq + 1, &v) || set_param(p, kv, v)) {
			return error_set(
			    e, -EINVAL,
			    "bad workload parameter '%s=%s' (rate, size 4..%u, qd 1..256, "
			    "mmio N|max, mmio_rd, cfg, msg, remote 0..100, sizes fixed|real)",
			    kv, eq + 1, MAX_SIZE);
		}
	}
	return 0;
}

int fabric_set_workload(struct fabric *f, const char *name, const char *params, struct error *e)
{
	struct fworkload_params p;
	size_t i, n = sizeof(defaults) / sizeof(defaults[0]);

	for (i = 0; i < n; i++)
		if (!strcmp(defaults[i].name, name))
			break;
	if (i == n)
		return error_set(
		    e, -EINVAL,
		    "unknown workload '%s' (idle, storage-read, storage-write, nic, p2p, mixed)",
		    name);
	p = defaults[i].p;
	if (parse_params(&p, params, e))
		return -EINVAL;
	dom_sync(f, DOM_ALL);
	replay_free(f);
	f->wp = p;
	snprintf(f->workload, sizeof(f->workload), "%s", name);
	return workload_build(f);
}

const char *fabric_workload(const struct fabric *f)
{
	return f->workload;
}

void workload_free(struct fabric *f)
{
	for (int s = 0; s < f->nstreams; s++) {
		free(f->streams[s].cmd_left);
		free(f->streams[s].replay);
	}
	free(f->streams);
	f->streams = NULL;
	f->nstreams = 0;
}

struct fstream stream_template(struct fabric *f, int ep, int peer)
{
	return (struct fstream){
	    .ep = ep, .peer = peer, .period = rate_period(f, f->wp.rate), .size = f->wp.size};
}

int stream_add(struct fabric *f, const struct fstream *tpl)
{
	struct fstream *s = realloc(f->streams, sizeof(*s) * (f->nstreams + 1));
	int i = f->nstreams, a;

	if (!s) {
		free(tpl->replay);
		return -ENOMEM;
	}
	f->streams = s;
	s = &f->streams[i];
	*s = *tpl;
	if (s->qd) {
		s->ncmd = s->qd;
		s->cmd_left = calloc(s->ncmd, sizeof(*s->cmd_left));
		if (!s->cmd_left) {
			free(s->replay);
			return -ENOMEM;
		}
	}
	f->nstreams++;
	/* Streams start 7 ps apart: no two issue at the very same instant. */
	a = agent_new(f, AG_STREAM, i, f->now + (uint64_t)i * 7);
	if (a < 0)
		return a;
	s->agent = a;
	return 0;
}

uint64_t rate_period(struct fabric *f, uint64_t per_s)
{
	if (!per_s || per_s == RATE_MAX)
		return 0;
	return 1000000000000ull / per_s;
}

/* A period jittered by +-25 %, so independent streams do not beat in lockstep. */
uint64_t jitter(struct fabric *f, uint64_t period)
{
	if (!period)
		return 0;
	return period - period / 4 + fab_rand(f) % (period / 2 + 1);
}

void stream_fire(struct fabric *f, int s, uint64_t now)
{
	struct fstream *st = &f->streams[s];
	uint64_t next = T_NEVER;

	if (f->nodes[st->ep].present && (st->peer < 0 || f->nodes[st->peer].present)) {
		/* its TLPs name it, and its domain's epoch, as their cause */
		f->cause = (uint16_t)((f->running->epoch & 3u) << (8 + PF_EPOCH_SHIFT) |
				      (s < FAB_CAUSES ? s + 1 : 0));
		next = st->fire(f, st, now);
		f->cause = 0;
		st->fires += next != T_NEVER;
	}
	agent_set(f, st->agent, next);
}

void stream_wake(struct fabric *f, int s, uint64_t now)
{
	struct fstream *st = &f->streams[s];
	uint64_t t = st->next_ok > now ? st->next_ok : now;

	if (f->agents[st->agent].t > t)
		agent_set(f, st->agent, t);
}

/*
 * A tag's stream is read only while the tag is busy, so an endpoint with no
 * request outstanding (all of them while a fabric is being built: this runs
 * for every endpoint added) has no tag to unlink.
 */
static void forget_streams(struct fabric *f)
{
	for (int i = 0; i < f->nnodes; i++) {
		struct fnode *n = &f->nodes[i];

		n->stream_wait = -1;
		for (int t = 0; n->tags_used && t < FAB_TAGS; t++)
			n->tags[t].stream = -1;
	}
	for (int i = 0; i < f->nports; i++)
		f->ports[i].wait_head = f->ports[i].wait_tail = -1;
	workload_free(f);
	agents_clear_streams(f);
}

/* Callers first bring every domain to the present (dom_sync): streams start from now. */
int workload_build(struct fabric *f)
{
	int r = 0;

	forget_streams(f);
	for (int i = 0; i < f->nnodes && !r; i++) {
		const struct fnode *n = &f->nodes[i];

		if (n->d.kind == FABRIC_ENDPOINT && n->present)
			r = workload_endpoint(f, i);
	}
	if (!r)
		r = workload_pairs(f);
	return r ? r : domains_build(f);
}
