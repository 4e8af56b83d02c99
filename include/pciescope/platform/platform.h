/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The emulated machine: boots a platform file (JSON), builds the fabric and
 * the hardware models, registers the devices with the core and binds the
 * drivers.  It is the composition root: the only place that knows every
 * layer below it.  Persistent state (tune values, removed devices) is
 * restored at boot and saved at shutdown through core/state.h.
 */
#ifndef PCIESCOPE_PLATFORM_PLATFORM_H
#define PCIESCOPE_PLATFORM_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pciescope/base/error.h>
#include <pciescope/pcie/bdf.h>

struct platform;
struct kcore;
struct fabric;
struct fabric_replay;

struct platform_options {
	const char *name; /* built-in name ("kunpeng930", "epyc", "power8") or a JSON path; NULL =
			     kunpeng930 */
	const char *workload;	     /* NULL = the platform file's default workload */
	const char *workload_params; /* "key=value,..." or NULL */
	uint64_t seed;
	bool ephemeral; /* neither load nor save persistent state */
	/* The replay workload's model (fabric/replay.h) instead of workload, or NULL. */
	const struct fabric_replay *replay;
};

int platform_boot(const struct platform_options *o, struct platform **out, struct error *e);
/* Saves persistent state (unless ephemeral; -errno if that fails), unbinds drivers, frees
 * everything. */
int platform_shutdown(struct platform *p);

struct kcore *platform_kcore(struct platform *p);
struct fabric *platform_fabric(struct platform *p);
const char *platform_name(const struct platform *p);

/*
 * Advances simulated time by ns: runs the fabric in slices (so interrupts are
 * serviced and perf times advance between them) and calls poll(ctx), if not
 * NULL, after each slice; a non-zero poll result stops early and is returned.
 */
int platform_run_for(struct platform *p, uint64_t ns, int (*poll)(void *ctx), void *ctx);
/* The simulated time between two reads of the counts (fabric_set_reading_span). */
void platform_set_reading_span(struct platform *p, uint64_t ns);

/*
 * Hot removal of a device and everything below it (sysfs .../remove), and a
 * rescan that brings removed devices back (sysfs /sys/bus/pci/rescan).
 * Removals persist until a rescan or `pciescope platform reset`.
 */
int platform_remove_device(struct platform *p, struct pci_bdf bdf);
int platform_rescan(struct platform *p);

/* Whether another invocation saved this platform's state since it booted. */
bool platform_state_changed(struct platform *p);
/* What of the state file boot could not use, one line into buf (kstate_warning); NULL if none. */
const char *platform_state_warning(struct platform *p, char *buf, size_t n);

/*
 * The name a platform's persistent state goes by: a built-in name as it is,
 * a JSON file's "name" (read from it); NULL is kunpeng930.
 */
int platform_state_name(const char *name, char *buf, size_t n);
/* Deletes the persistent state of a platform (`pciescope platform reset`). */
int platform_reset_state(const char *name, struct error *e);

/* Names of the built-in platforms, NULL-terminated. */
const char *const *platform_builtin_names(void);

#endif
