// SPDX-License-Identifier: GPL-2.0-only
/* irqs/render: the text report and the JSON of the fake sysroots. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtwhy/irqs/render.h"
#include "analysis/util.h"
#include "unit.h"

static int irqrt_load(const char *name, struct irqs_gather_table *t)
{
	char root[512];

	memset(t, 0, sizeof(*t));
	snprintf(root, sizeof(root), "%s/%s", unit_fixtures(), name);
	return irqs_gather_load(root, t);
}

/* The text (or JSON) report of @t, judged now: malloc'd. */
static char *irqrt_print(const struct irqs_gather_table *t, bool json)
{
	struct irqs_judge v;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CU_ASSERT_EQUAL(irqs_judge_run(t, &v), 0);
	if (json) {
		CU_ASSERT_EQUAL(irqs_render_json(t, &v, f), 0);
	} else {
		irqs_render_text(t, &v, f);
	}
	fclose(f);
	irqs_judge_free(&v);
	return buf;
}

static void test_print_and_json(void)
{
	struct irqs_gather_table t;
	char *text, *json;

	CU_ASSERT_EQUAL_FATAL(irqrt_load("sysroot-unthreaded", &t), 0);
	text = irqrt_print(&t, false);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "forced threading: no"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "irq/24-ACPI:Ged"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "fifo 50"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Verdict: 4 of 6 device IRQs not threaded"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "boot with threadirqs"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "echo 0 > /proc/irq/36/smp_affinity_list"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Per-CPU vectors"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Local timer interrupts"));
	CU_ASSERT_PTR_NULL(strstr(text, "SEEN")); /* no --observe */
	free(text);
	json = irqrt_print(&t, true);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"forced_threading\": false"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"all_threaded\": false"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"observe\": null"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"irq\": 36,\n      \"name\": \"virtio1-req.0\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"thread\": {\n        \"pid\": 50,\n        "
					    "\"comm\": \"irq/24-ACPI:Ged\",\n        \"policy\": "
					    "\"fifo\",\n        \"prio\": 50,\n        \"cpus\": "
					    "[\n          0\n        ]\n      }"));
	/* CPU sets as arrays; "none" and "not observed" as null */
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"affinity\": [\n        0,\n        1\n      ],\n"
					    "      \"effective_affinity\": [\n        0\n      ]"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(json, "\"hardirq_cpus\": null,\n      \"seen_hardirq\": null"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"unreadable\": []"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"rtwhy_version\": \""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"thread\": null"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"observed\": null"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"counts\": [\n        0,\n        31137\n      ]"));
	free(json);
	irqs_gather_observe_done(&t, NULL, NULL, NSEC_PER_SEC);
	json = irqrt_print(&t, true);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"observed\": \"unseen\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"window_s\": 1.000"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"signal\": null")); /* not cut short */
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"hardirq_cpus\": [],\n      \"seen_hardirq\": 0"));
	free(json);
	text = irqrt_print(&t, false);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "SEEN"));
	free(text);
	irqs_gather_free(&t);

	CU_ASSERT_EQUAL_FATAL(irqrt_load("sysroot-rt", &t), 0);
	text = irqrt_print(&t, false);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "Verdict: all 5 device IRQs are threaded"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "(secondary handler)"));
	CU_ASSERT_PTR_NULL(strstr(text, "boot with threadirqs"));
	free(text);
	json = irqrt_print(&t, true);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"all_threaded\": true"));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"name\": \"ehci_hcd:usb1, snd hda intel\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"kind\": \"timer\""));
	free(json);
	irqs_gather_free(&t);

	CU_ASSERT_EQUAL_FATAL(irqrt_load("sysroot-missing", &t), 0);
	json = irqrt_print(&t, true);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"affinity\": null"));		   /* unreadable */
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"irq\": 7,\n      \"name\": null")); /* unused */
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"unreadable\": [\n    \"/proc/irq/N ("));
	free(json);
	irqs_gather_free(&t);
}

static CU_TestInfo irqs_render_tests[] = {
	{ "print_and_json", test_print_and_json },
	CU_TEST_INFO_NULL,
};

UNIT_SUITE("irqs_render", NULL, NULL, irqs_render_tests);
