// SPDX-License-Identifier: GPL-2.0-only
/*
 * defaults - the sanitizers' settings, linked into the SANITIZE=1 and FUZZ=1
 * builds only (rtwhy, the unit tests, the fuzz targets).
 *
 * LeakSanitizer fails a program that leaks; one leak is not ours and cannot
 * be avoided: libtraceevent 1.7.1 leaks 2 bytes in tep_parse_event() for the
 * print format of kvm:kvm_inj_exception (its empty
 * __print_symbolic(REC->error_code, { })), and a trace.dat holds the formats
 * of every event of the recording kernel, so libtracecmd parses it whenever
 * rtwhy analyze opens one. Only leaks allocated under tep_parse_event() are
 * suppressed, silently (the tests count the lines on stderr). Live runs
 * parse only the systems they trace and leak nothing. The other: libtracecmd
 * 1.3.1's tracecmd_output_set_kallsyms() strdup()s the path, and
 * tracecmd_output_close() never frees it (31 bytes per trace.dat written by
 * --save-trace=FILE.dat; the handle is opaque, so rtwhy cannot free it).
 *
 * AddressSanitizer aborts on a malloc() larger than it supports; a normal
 * build gets NULL and must handle it. A damaged trace.dat makes libtracecmd
 * ask for such sizes (test_robust_analyze.c): the sanitizer builds return
 * NULL too, so they test what users run.
 */

const char *__lsan_default_suppressions(void);
const char *__lsan_default_options(void);
const char *__asan_default_options(void);

const char *__lsan_default_suppressions(void)
{
	return "leak:tep_parse_event\nleak:tracecmd_output_set_kallsyms\n";
}

const char *__lsan_default_options(void)
{
	return "print_suppressions=0";
}

const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}
