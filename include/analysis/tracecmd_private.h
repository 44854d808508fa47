/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tracecmd_private - the libtracecmd functions rtwhy calls that
 * libtracecmd.so.1 exports (nm -D) but that its public header
 * <trace-cmd.h> (libtracecmd-dev 3.1.6, libtracecmd 1.3.1) does not
 * declare: trace-cmd declares them in its private header
 * (lib/trace-cmd/include/private/trace-cmd-private.h), which is not
 * installed. Declared here, in one place, as that header has them; only
 * what the library exports.
 *
 * The getters are weak, so that a library without them costs the clock
 * and the kernel release of a trace.dat read (then unknown), not the link.
 * The output functions are what trace-cmd record and extract write a
 * trace.dat with.
 */
#ifndef ANALYSIS_TRACECMD_PRIVATE_H
#define ANALYSIS_TRACECMD_PRIVATE_H

#include <stdbool.h>
#include <trace-cmd.h>

extern const char *tracecmd_get_trace_clock(struct tracecmd_input *handle) __attribute__((weak));
extern const char *tracecmd_get_uname(struct tracecmd_input *handle) __attribute__((weak));
extern int tracecmd_cpus(struct tracecmd_input *handle) __attribute__((weak));

/* datread's walk: a CPU's next record, and its cursor put back after it was read again */
struct tep_record *tracecmd_peek_data(struct tracecmd_input *handle, int cpu);
int tracecmd_set_cursor(struct tracecmd_input *handle, int cpu, unsigned long long offset);

/* enum tracecmd_option_id of trace-cmd-private.h: the options rtwhy writes */
#define TRACECMD_PRIV_OPTION_CPUSTAT	2
#define TRACECMD_PRIV_OPTION_TRACECLOCK 4
#define TRACECMD_PRIV_OPTION_UNAME	5

struct tracecmd_output;
struct tracecmd_option;
struct tracecmd_event_list;

struct tracecmd_output *tracecmd_output_create(const char *output_file);
void tracecmd_set_quiet(struct tracecmd_output *handle, bool set_quiet);
void tracecmd_set_out_clock(struct tracecmd_output *handle, const char *clock);
int tracecmd_output_set_trace_dir(struct tracecmd_output *handle, const char *tracing_dir);
int tracecmd_output_set_kallsyms(struct tracecmd_output *handle, const char *kallsyms);
int tracecmd_output_write_headers(struct tracecmd_output *handle, struct tracecmd_event_list *list);
struct tracecmd_option *tracecmd_add_option(struct tracecmd_output *handle, unsigned short id,
					    int size, const void *data);
int tracecmd_write_cmdlines(struct tracecmd_output *handle);
int tracecmd_append_cpu_data(struct tracecmd_output *handle, int cpus, char *const *cpu_data_files);
void tracecmd_output_close(struct tracecmd_output *handle);

#endif
