// SPDX-License-Identifier: GPL-2.0-only
/*
 * Choosing a backend.  "emulated" boots a platform in-process, "host" talks
 * to this machine's kernel, "remote" to a machine another process serves
 * (only `pciescope exec`'s interposer asks for it); everything after the choice goes through the
 * ops table, so the CLI never knows which one it has.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pciescope/fabric/fabric.h>
#include <pciescope/platform/platform.h>

#include "backend_internal.h"

const char *backend_kind(const struct backend_options *o)
{
	if (o->kind)
		return o->kind;
	return !o->platform && host_has_device() ? "host" : "emulated";
}

int backend_open(const struct backend_options *o, struct backend **out, struct error *e)
{
	const char *kind = backend_kind(o);

	if (!strcmp(kind, "emulated"))
		return emulated_backend_open(o, out, e);
	if (!strcmp(kind, "host"))
		return host_backend_open(o, out, e);
	if (!strcmp(kind, "remote"))
		return remote_backend_open(o, out, e);
	return error_set(e, -EINVAL, "unknown backend '%s' (emulated or host)", kind);
}

int backend_state_name(const struct backend_options *o, char *buf, size_t n)
{
	const char *kind = backend_kind(o);

	buf[0] = '\0';
	if (!strcmp(kind, "host")) {
		snprintf(buf, n, "host");
		return 0;
	}
	if (strcmp(kind, "emulated") || o->ephemeral)
		return 0;
	return platform_state_name(o->platform, buf, n);
}

int backend_reset_state(const struct backend_options *o, struct error *e)
{
	const char *name = o->platform ? o->platform : "kunpeng930";
	int ret;

	if (o->kind && strcmp(o->kind, "emulated"))
		return error_set(e, -EINVAL, "the %s backend keeps no state", o->kind);
	ret = platform_reset_state(name, e);
	if (ret)
		error_wrap(e, "cannot reset the state of platform '%s'", name);
	return ret;
}

const char *const *backend_platform_names(void)
{
	return platform_builtin_names();
}

const char *backend_workload_name(size_t i)
{
	return fabric_workload_name(i);
}
