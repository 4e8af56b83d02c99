// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf stat's runs (tool/stat.h's stat_count): each opens the events,
 * counts (stat_run) and closes them again; with -r the counts are summed
 * and averaged, and each counter's spread kept.  Like perf, a stop request
 * ends the repeating too, after the run it cut.
 */
#include <errno.h>
#include <stdlib.h>

#include <pciescope/backend/interrupt.h>
#include <pciescope/tool/stat.h>

static int count_once(struct stat_config *s, bool first, uint64_t *elapsed, int *status)
{
	int r = event_list_open(&s->events, s->b, &s->err);

	if (!r && s->interval_ms && first && s->print_start)
		s->print_start(s);
	if (!r)
		r = stat_run(s, elapsed, status);
	if (!r && !s->interval_ms)
		r = event_list_read(&s->events, &s->err);
	event_list_close(&s->events);
	return r;
}

/* Adds a run's counts to the sums (and, with -r, the spreads). */
static void accumulate(struct stat_config *s, struct backend_count *sum, uint64_t elapsed)
{
	for (size_t i = 0; i < s->events.n; i++) {
		const struct backend_count *v = &s->events.ev[i].cur;

		sum[i].value += v->value;
		sum[i].enabled += v->enabled;
		sum[i].running += v->running;
		if (s->noise)
			stat_noise_add(&s->noise[i], count_scaled(v));
	}
	stat_noise_add(&s->elapsed_noise, (double)elapsed);
}

int stat_count(struct stat_config *s, struct backend_count *avg, int *status)
{
	unsigned runs = s->repeat ? s->repeat : 1, done = 0;
	uint64_t elapsed = 0, total = 0;
	int r = 0;

	if (runs > 1 && !s->noise)
		s->noise = calloc(s->events.n ? s->events.n : 1, sizeof(*s->noise));
	if (runs > 1 && !s->noise)
		return error_set_errno(&s->err, -ENOMEM, "stat");
	*status = 0;
	while (!r && done < runs && !(done && interrupt_requested())) {
		r = count_once(s, !done, &elapsed, status);
		if (!r && !s->interval_ms)
			accumulate(s, avg, elapsed);
		total += elapsed;
		done++;
	}
	if (r || s->interval_ms)
		return r;
	for (size_t i = 0; i < s->events.n; i++) {
		avg[i].value /= done;
		avg[i].enabled /= done;
		avg[i].running /= done;
	}
	s->span_ns = total / done;
	return 0;
}

void stat_release(struct stat_config *s)
{
	event_list_free(&s->events);
	free(s->noise);
	s->noise = NULL;
}
