// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf_event_open(2) for an emulated PMU: the attribute copied as the
 * kernel's perf_copy_attr does (any size from PERF_ATTR_SIZE_VER0, larger
 * ones only with zeros beyond what we know), the event opened on the
 * emulated backend, and a real fd of /dev/null standing for it.  An fd of
 * /dev/null reads as end of file through any call not interposed, as a
 * kernel event in error state does, and never blocks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pciescope/perf/pmu_name.h>

#include "interpose.h"

#define PERF_FLAGS                                                                                 \
	(PERF_FLAG_FD_NO_GROUP | PERF_FLAG_FD_OUTPUT | PERF_FLAG_PID_CGROUP | PERF_FLAG_FD_CLOEXEC)

static int copy_attr(const struct perf_event_attr *u, struct perf_event_attr *a)
{
	uint32_t size = u->size ? u->size : PERF_ATTR_SIZE_VER0;

	if (size < PERF_ATTR_SIZE_VER0)
		return -E2BIG;
	for (uint32_t i = sizeof(*a); i < size; i++)
		if (((const unsigned char *)u)[i])
			return -E2BIG;
	memset(a, 0, sizeof(*a));
	memcpy(a, u, size < sizeof(*a) ? size : sizeof(*a));
	a->size = sizeof(*a);
	return 0;
}

/*
 * perf only knows how to set up the AUX area of hisi_ptt in its arm64
 * code; another build opens the PMU as an ordinary sampling event (by
 * frequency) and would wait for samples that never come.
 */
static int refuse_ptt_sampling(const struct perf_event_attr *a)
{
	const char *pmu = machine_pmu_name(a->type);

	/*
	 * An AUX user (pciescope's host backend, arm64 perf) maps the AUX area
	 * before it enables the event; one enabled on exec, as the x86 perf
	 * opens it, would start tracing with nowhere to write.
	 */
	if (pmu_name_parse(pmu, NULL) != PMU_HISI_PTT || !a->freq || !a->enable_on_exec)
		return 0;
	interpose_say("%s: this perf opened the PTT for sampling without an AUX area: its "
		      "hisi_ptt AUX support is arm64-only code; record with `pciescope record "
		      "-e %s/.../` instead",
		      pmu, pmu);
	return -EOPNOTSUPP;
}

static void join_group(struct efd *e, struct efd *leader)
{
	struct efd **p = &leader->sibling;

	while (*p)
		p = &(*p)->sibling;
	*p = e;
	e->leader = leader;
}

int efd_open(const struct perf_event_attr *uattr, pid_t pid, int cpu, int group_fd,
	     unsigned long flags)
{
	struct perf_event_attr a;
	struct efd *leader = NULL, *e;
	struct backend *b;
	int r = copy_attr(uattr, &a), h;

	if (r)
		return r;
	if (flags & ~(unsigned long)PERF_FLAGS)
		return -EINVAL;
	if (flags & PERF_FLAG_PID_CGROUP)
		return -EINVAL; /* the emulated kernel has no cgroups */
	if ((r = refuse_ptt_sampling(&a)))
		return r;
	if (group_fd != -1 && !(flags & PERF_FLAG_FD_NO_GROUP) && !(leader = fdtab_peek(group_fd)))
		return -EINVAL; /* a host event cannot lead an emulated one */
	if (!(b = machine_backend()))
		return -ENODEV;
	h = b->ops->event_open(b, &a, pid, cpu, leader ? leader->handle : -1);
	if (h < 0)
		return h;
	e = calloc(1, sizeof(*e));
	r = e ? open("/dev/null", O_RDONLY | (flags & PERF_FLAG_FD_CLOEXEC ? O_CLOEXEC : 0)) : -1;
	if (r < 0) {
		r = e ? -errno : -ENOMEM;
		free(e);
		b->ops->event_close(b, h);
		return r;
	}
	*e = (struct efd){
	    .fd = r, .handle = h, .read_format = a.read_format, .leader = e, .on = !a.disabled};
	if ((r = fdtab_put(e))) {
		real_close(e->fd);
		free(e);
		b->ops->event_close(b, h);
		return r;
	}
	if (leader)
		join_group(e, leader);
	else if (e->on)
		machine_running(1); /* a sibling counts only while its leader is on */
	return e->fd;
}
