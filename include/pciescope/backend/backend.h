/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a tool may ask of a machine, and nothing else: sysfs read/write by
 * path, perf events (open/enable/disable/read/close, AUX data and side-band
 * records), and running the measured command.  Two implementations: the
 * emulated backend (a platform booted in-process) and the host backend (real
 * /sys and perf_event_open(2)).  The same cli code runs on both.
 */
#ifndef PCIESCOPE_BACKEND_BACKEND_H
#define PCIESCOPE_BACKEND_BACKEND_H

#include <limits.h>
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <pciescope/base/error.h>

struct backend;

struct backend_count {
	uint64_t value, enabled, running;
};

struct backend_ops {
	const char *name; /* "emulated" or "host" */
	ssize_t (*sysfs_read)(struct backend *b, const char *path, char *buf, size_t n);
	ssize_t (*sysfs_write)(struct backend *b, const char *path, const char *buf, size_t n);
	/* Entry names of a directory, sorted; caller frees each and the array. */
	int (*sysfs_list)(struct backend *b, const char *path, char ***names, size_t *count);
	int (*sysfs_is_dir)(struct backend *b, const char *path);
	/* stat(2)'s st_mode of a path, links followed (S_IFDIR or S_IFREG and the
	 * permission bits the attribute declares), or -errno. */
	int (*sysfs_mode)(struct backend *b, const char *path);

	/* perf_event_open(2): returns an event handle >= 0 or -errno. */
	int (*event_open)(struct backend *b, const struct perf_event_attr *attr, int pid, int cpu,
			  int group);
	int (*event_enable)(struct backend *b, int ev);
	int (*event_disable)(struct backend *b, int ev);
	int (*event_read)(struct backend *b, int ev, struct backend_count *c);
	int (*event_close)(struct backend *b, int ev);
	uint64_t (*event_id)(struct backend *b, int ev);

	/* AUX tracing: map an AUX area, then drain records and data. */
	int (*aux_map)(struct backend *b, int ev, size_t aux_bytes);
	/* Next side-band record (full perf record bytes), 0 when none, -errno. */
	ssize_t (*next_record)(struct backend *b, int ev, void *buf, size_t n);
	/* AUX bytes available from tail: up to two spans (ring wrap). */
	size_t (*aux_peek)(struct backend *b, int ev, uint64_t *tail, const void **p1, size_t *n1,
			   const void **p2, size_t *n2);
	void (*aux_consume)(struct backend *b, int ev, size_t bytes);

	/*
	 * Runs the measured command.  Emulated: "sleep N" advances simulated
	 * time by N seconds; any other command runs for real and the platform
	 * simulates the span it took.  poll (may be NULL) is called between
	 * slices of simulated time so a tool can drain AUX data like perf's
	 * mmap reader; a non-zero return from poll stops the command (a real
	 * one gets SIGTERM and is waited for) and run returns that value.
	 * *elapsed_ns receives the (simulated or real) duration.
	 */
	int (*run)(struct backend *b, char *const argv[], int (*poll)(void *ctx), void *ctx,
		   uint64_t *elapsed_ns, int *exit_status);
	/* Simulated or real time now, ns. */
	uint64_t (*now_ns)(struct backend *b);
	/*
	 * now_ns is not the clock the kernel stamps perf records with (a host:
	 * CLOCK_MONOTONIC against perf's own clock), so a time a tool makes up
	 * for the file must be placed by a record's time, not by now_ns.
	 */
	bool clock_apart;
	/*
	 * Emulated: runs ns of simulated time with no command, for a client
	 * whose clock is not a command's (the exec interposer follows the wall
	 * clock with it).  NULL on the host, whose time runs by itself.
	 */
	int (*run_for)(struct backend *b, uint64_t ns);
	/*
	 * Emulated: the simulated time until the tool next reads its counts
	 * (its interval), over which the machine may spread what it simulates
	 * (fabric_set_reading_span).  NULL where time runs by itself.
	 */
	void (*reading_span)(struct backend *b, uint64_t ns);
	/*
	 * Emulated: whether another invocation changed the persistent state
	 * since this backend booted, so a long-lived user (sysfs mount) knows
	 * to reopen.  NULL on the host, whose state is the kernel's.
	 */
	bool (*stale)(struct backend *b);

	int (*close)(struct backend *b);
};

/*
 * The kernel the emulated machine runs: the newest one whose PTT and PCIe
 * PMU drivers pciescope models (docs/kernel-differences.md).
 */
#define BACKEND_EMULATED_KERNEL "6.18.0-pciescope"

struct backend {
	const struct backend_ops *ops;
	void *priv;
	char err[256]; /* why the last call failed, with a hint; "" if it said nothing */
	/* What the user should know of the open (a state file not wholly used), or "". */
	char warning[PATH_MAX + 256];
	/* Which machine this is, for a person: "this machine" or "emulated kunpeng930". */
	char machine[96];
	/* Its kernel's release as uname -r gives it ("6.1.0-31-arm64"); "" when unknown. */
	char kernel[65];
};

/*
 * The major and minor version of b's kernel (6 and 12 of "6.12.9"): 0, or
 * -ENOENT when its release does not start with them.
 */
int backend_kernel_version(const struct backend *b, unsigned *major, unsigned *minor);

/*
 * One line explaining the last failure of an op beyond its errno (e.g. the
 * perf_event_paranoid hint on the host), or NULL.  Cleared by the next op
 * that fails with an explanation, not by successful ones.
 */
const char *backend_strerror(struct backend *b);

struct fabric_replay;

struct backend_options {
	const char *kind;     /* "emulated", "host", "remote" or NULL: backend_kind() chooses */
	const char *platform; /* platform name or JSON path (so emulated); NULL = kunpeng930 */
	const char *workload; /* NULL = the platform's default */
	const char *workload_params;
	/* The replay workload's model (fabric/replay.h, tool/twin.h makes one), or NULL. */
	const struct fabric_replay *replay;
	uint64_t seed;
	bool ephemeral;	    /* do not load or save persistent state */
	const char *remote; /* "remote": the server's socket (serve.h) */
};

/*
 * The backend o asks for: its kind if it names one; else "emulated" if it
 * names a platform; else "host" if this machine has a device pciescope
 * knows (a hisi_ptt, hisi_pcie or amd_iommu PMU, a PowerNV PHB; looked
 * for under $PCIESCOPE_SYSFS_ROOT if set), "emulated" if it has none.
 */
const char *backend_kind(const struct backend_options *o);
/* Opens a backend (of backend_kind(o)); on error -errno with the reason in e. */
int backend_open(const struct backend_options *o, struct backend **out, struct error *e);
/*
 * Closes a backend; the emulated one saves the platform's state then, and
 * says (-errno) when it could not: a setting that was not kept is an error.
 */
int backend_close(struct backend *b);
/*
 * The name under which what o's machine keeps between invocations goes
 * (state files, tool/hold.h): the emulated platform's state name, "host"
 * for this machine, "" for a machine that keeps nothing (an ephemeral
 * platform, a remote one: its server's process keeps it).
 */
int backend_state_name(const struct backend_options *o, char *buf, size_t n);
/* Forgets the persistent state of the emulated platform o names (`platform reset`). */
int backend_reset_state(const struct backend_options *o, struct error *e);
/*
 * What --platform and --workload may name on the emulated backend, for a
 * command's suggestions: the built-in platforms (NULL-terminated) and the
 * i-th built-in workload (NULL past the last), so the CLI reaches neither
 * the platform nor the fabric itself.
 */
const char *const *backend_platform_names(void);
const char *backend_workload_name(size_t i);

#endif
