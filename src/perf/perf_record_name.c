// SPDX-License-Identifier: GPL-2.0-only
/* Record type names, perf's spelling (they appear in error messages). */
#include <linux/perf_event.h>
#include <stddef.h>

#include <pciescope/perf/perf_data.h>

static const char *const kernel_names[] = {
    [PERF_RECORD_MMAP] = "MMAP",
    [PERF_RECORD_LOST] = "LOST",
    [PERF_RECORD_COMM] = "COMM",
    [PERF_RECORD_EXIT] = "EXIT",
    [PERF_RECORD_THROTTLE] = "THROTTLE",
    [PERF_RECORD_UNTHROTTLE] = "UNTHROTTLE",
    [PERF_RECORD_FORK] = "FORK",
    [PERF_RECORD_READ] = "READ",
    [PERF_RECORD_SAMPLE] = "SAMPLE",
    [PERF_RECORD_MMAP2] = "MMAP2",
    [PERF_RECORD_AUX] = "AUX",
    [PERF_RECORD_ITRACE_START] = "ITRACE_START",
    [PERF_RECORD_LOST_SAMPLES] = "LOST_SAMPLES",
    [PERF_RECORD_SWITCH] = "SWITCH",
    [PERF_RECORD_SWITCH_CPU_WIDE] = "SWITCH_CPU_WIDE",
    [PERF_RECORD_NAMESPACES] = "NAMESPACES",
    [PERF_RECORD_KSYMBOL] = "KSYMBOL",
    [PERF_RECORD_BPF_EVENT] = "BPF_EVENT",
    [PERF_RECORD_CGROUP] = "CGROUP",
    [PERF_RECORD_TEXT_POKE] = "TEXT_POKE",
    [PERF_RECORD_AUX_OUTPUT_HW_ID] = "AUX_OUTPUT_HW_ID",
};

static const char *const user_names[] = {
    [PERF_REC_HEADER_ATTR - 64] = "ATTR",
    [PERF_REC_HEADER_EVENT_TYPE - 64] = "EVENT_TYPE",
    [PERF_REC_HEADER_TRACING_DATA - 64] = "TRACING_DATA",
    [PERF_REC_HEADER_BUILD_ID - 64] = "BUILD_ID",
    [PERF_REC_FINISHED_ROUND - 64] = "FINISHED_ROUND",
    [PERF_REC_ID_INDEX - 64] = "ID_INDEX",
    [PERF_REC_AUXTRACE_INFO - 64] = "AUXTRACE_INFO",
    [PERF_REC_AUXTRACE - 64] = "AUXTRACE",
    [PERF_REC_AUXTRACE_ERROR - 64] = "AUXTRACE_ERROR",
    [73 - 64] = "THREAD_MAP",
    [74 - 64] = "CPU_MAP",
    [75 - 64] = "STAT_CONFIG",
    [76 - 64] = "STAT",
    [77 - 64] = "STAT_ROUND",
    [PERF_REC_EVENT_UPDATE - 64] = "EVENT_UPDATE",
    [PERF_REC_TIME_CONV - 64] = "TIME_CONV",
    [PERF_REC_HEADER_FEATURE - 64] = "FEATURE",
    [PERF_REC_COMPRESSED - 64] = "COMPRESSED",
    [PERF_REC_FINISHED_INIT - 64] = "FINISHED_INIT",
};

const char *perf_record_name(uint32_t type)
{
	const char *n = NULL;

	if (type < sizeof(kernel_names) / sizeof(kernel_names[0]))
		n = kernel_names[type];
	else if (type >= 64 && type - 64 < sizeof(user_names) / sizeof(user_names[0]))
		n = user_names[type - 64];
	return n ? n : "unknown";
}
