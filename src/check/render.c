// SPDX-License-Identifier: GPL-2.0-only
/*
 * check/render - aligned text lines with wrapped why/do, and JSON.
 */
#include <string.h>

#include "rtwhy/check/render.h"
#include "rtwhy/json.h"
#include "rtwhy/wrap.h"

#define CHECK_RENDER_INDENT 27 /* the value column */
#define CHECK_RENDER_WIDTH  100

/* "<indent>why: text" wrapped at 100 columns under the value column. */
static void check_render_wrap(FILE *out, const char *label, const char *text)
{
	const int width = CHECK_RENDER_WIDTH - CHECK_RENDER_INDENT - 5;
	const char *line;
	size_t len;

	for (; (len = wrap_line(text, width, true, &line)); text = line + len) {
		fprintf(out, "%*s%-5s%.*s\n", CHECK_RENDER_INDENT, "", label, (int)len, line);
		label = "";
	}
}

void check_render_text(const struct check_gather_facts *f, const struct check_judge_report *r,
		       FILE *out)
{
	char cpus[32];
	size_t i;

	if (f->nr_cpus > 0)
		snprintf(cpus, sizeof(cpus), "%d CPU%s", f->nr_cpus, f->nr_cpus == 1 ? "" : "s");
	else
		snprintf(cpus, sizeof(cpus), "CPUs unknown");
	fprintf(out, "Kernel %s%s%s, %s; config: %s\n\n",
		f->release[0] ? f->release : "(release unreadable)", f->version[0] ? " " : "",
		f->version, cpus, f->kconfig ? f->kconfig_src : "none found");
	fprintf(out, "%-16s  %-7s  %s\n", "CHECK", "STATUS", "VALUE");
	for (i = 0; i < r->n; i++) {
		const struct check_judge_result *res = &r->res[i];

		fprintf(out, "%-16s  %-7s  %s\n", res->name, check_judge_status_name(res->status),
			res->text);
		if (res->status == CHECK_JUDGE_OK)
			continue;
		check_render_wrap(out, "why:", res->why);
		if (res->hint[0])
			check_render_wrap(out, "do:", res->hint);
	}
	fprintf(out, "\nVerdict: %s.\n", r->verdict);
}

int check_render_json(const struct check_gather_facts *f, const struct check_judge_report *r,
		      FILE *out)
{
	struct json j;
	size_t i;

	json_start(&j, out);
	json_object(&j, "kernel");
	json_string(&j, "release", f->release);
	json_string(&j, "version", f->version);
	json_string(&j, "config", f->kconfig ? f->kconfig_src : "");
	json_int(&j, "cpus", f->nr_cpus);
	json_end(&j);
	json_array(&j, "checks");
	for (i = 0; i < r->n; i++) {
		const struct check_judge_result *res = &r->res[i];

		json_object(&j, NULL);
		json_string(&j, "name", res->name);
		json_string(&j, "value", res->text);
		json_string(&j, "status", check_judge_status_name(res->status));
		json_string(&j, "why", res->why);
		json_string(&j, "hint", res->hint);
		json_end(&j);
	}
	json_end(&j);
	json_string(&j, "verdict", r->verdict);
	return json_finish(&j);
}
