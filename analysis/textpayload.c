// SPDX-License-Identifier: GPL-2.0-only
/*
 * textpayload - the payload of an ftrace text event line, after its name:
 * the kernel's print format (key=value, a value runs to the space before the
 * next "key="), trace-cmd's plugin format ("bash:2638 [120] R ==> ...") or
 * trace-cmd's raw format, into the event's union. By hand, like textread.
 */
#include <errno.h>
#include <string.h>

#include "analysis/textpayload.h"
#include "analysis/textscan.h"
#include "analysis/util.h"

struct textpayload_kv {
	const char *key;
	size_t klen;
	const char *val;
	const char *vend;
};

#define TEXTPAYLOAD_KEY(kv, lit) \
	((kv)->klen == sizeof(lit) - 1 && !memcmp((kv)->key, lit, sizeof(lit) - 1))

/* The next "key=value" at *@pp; a value runs to the space before the next "key=". */
static bool textpayload_kv_next(const char **pp, const char *e, struct textpayload_kv *kv)
{
	const char *p = textscan_skip_spaces(*pp, e), *q = p;

	while (q < e && textscan_ident(*q))
		q++;
	if (q == p || q >= e || *q != '=')
		return false;
	kv->key = p;
	kv->klen = (size_t)(q - p);
	kv->val = ++q;
	for (;;) {
		const char *sp = memchr(q, ' ', (size_t)(e - q)), *r;

		if (!sp) {
			kv->vend = e;
			break;
		}
		for (r = sp + 1; r < e && textscan_ident(*r); r++)
			;
		if (r > sp + 1 && r < e && *r == '=') {
			kv->vend = sp;
			break;
		}
		q = sp + 1;
	}
	*pp = kv->vend;
	return true;
}

/* sched_switch prev_state: letters as the kernel (or trace-cmd's plugin) prints them, or raw. */
static uint32_t textpayload_state(const char *p, const char *e, bool plugin)
{
	const char *letters = plugin ? "SDTtZXxW" : "SDTtXZPI";
	uint32_t state = 0;
	int64_t raw;

	if (p < e && textscan_digit(*p))
		return textscan_sdec(p, e, &raw) ? (uint32_t)raw : 0;
	for (; p < e && *p != ' '; p++) {
		const char *l = *p ? strchr(letters, *p) : NULL;

		if (*p == '+')
			state |= RTW_STATE_PREEMPTED;
		else if (l)
			state |= 1u << (l - letters);
	}
	return state;
}

static bool textpayload_comm_pid(const char *s, const char *e, char sep, char *comm, int32_t *pid)
{
	const char *d = textscan_pid_after(s, e, sep, pid);

	if (!d)
		return false;
	textscan_copy(comm, RTW_COMM_LEN, s, d);
	return true;
}

/* "[120]" */
static bool textpayload_bracket_num(const char *s, const char *e, int32_t *v)
{
	int64_t x;

	if (e - s < 3 || s[0] != '[' || e[-1] != ']' || textscan_sdec(s + 1, e - 1, &x) != e - 1)
		return false;
	*v = (int32_t)x;
	return true;
}

/* trace-cmd's sched_switch plugin: "bash:2638 [120] R ==> cyclictest:2642 [120]" */
static int textpayload_switch_plugin(struct rtw_event *ev, const char *p, const char *e)
{
	const char *arrow = memmem(p, (size_t)(e - p), " ==> ", 5), *t, *c;

	if (!arrow)
		return -EINVAL;
	/* left: comm:pid [prio] STATE */
	c = textscan_rskip_spaces(p, arrow);
	t = textscan_token_start(p, c);
	ev->u.sw.prev_state = textpayload_state(t, c, true);
	c = textscan_rskip_spaces(p, t);
	t = textscan_token_start(p, c);
	if (!textpayload_bracket_num(t, c, &ev->u.sw.prev_prio))
		return -EINVAL;
	c = textscan_rskip_spaces(p, t);
	if (!textpayload_comm_pid(p, c, ':', ev->u.sw.prev_comm, &ev->u.sw.prev_pid))
		return -EINVAL;
	/* right: comm:pid [prio] */
	p = arrow + 5;
	c = textscan_rskip_spaces(p, e);
	t = textscan_token_start(p, c);
	if (!textpayload_bracket_num(t, c, &ev->u.sw.next_prio))
		return -EINVAL;
	c = textscan_rskip_spaces(p, t);
	if (!textpayload_comm_pid(p, c, ':', ev->u.sw.next_comm, &ev->u.sw.next_pid))
		return -EINVAL;
	return 0;
}

static int textpayload_switch(struct rtw_event *ev, const char *p, const char *e)
{
	enum { PC = 1, PP = 2, PR = 4, NC = 8, NP = 16, NR = 32, ALL = 63 };
	unsigned int seen = 0;
	struct textpayload_kv kv;
	int64_t v;

	if (!textscan_is(p, e, "prev_comm="))
		return textpayload_switch_plugin(ev, p, e);
	while (textpayload_kv_next(&p, e, &kv)) {
		if (TEXTPAYLOAD_KEY(&kv, "prev_comm")) {
			textscan_copy(ev->u.sw.prev_comm, RTW_COMM_LEN, kv.val, kv.vend);
			seen |= PC;
		} else if (TEXTPAYLOAD_KEY(&kv, "next_comm")) {
			textscan_copy(ev->u.sw.next_comm, RTW_COMM_LEN, kv.val, kv.vend);
			seen |= NC;
		} else if (TEXTPAYLOAD_KEY(&kv, "prev_state")) {
			ev->u.sw.prev_state = textpayload_state(kv.val, kv.vend, false);
		} else if (textscan_num_value(kv.val, kv.vend, &v)) {
			if (TEXTPAYLOAD_KEY(&kv, "prev_pid")) {
				ev->u.sw.prev_pid = (int32_t)v;
				seen |= PP;
			} else if (TEXTPAYLOAD_KEY(&kv, "prev_prio")) {
				ev->u.sw.prev_prio = (int32_t)v;
				seen |= PR;
			} else if (TEXTPAYLOAD_KEY(&kv, "next_pid")) {
				ev->u.sw.next_pid = (int32_t)v;
				seen |= NP;
			} else if (TEXTPAYLOAD_KEY(&kv, "next_prio")) {
				ev->u.sw.next_prio = (int32_t)v;
				seen |= NR;
			}
		}
	}
	return seen == ALL ? 0 : -EINVAL;
}

/* trace-cmd's wakeup plugin: "cyclictest:2642 [120] CPU:000" (old: "... success=1 CPU:000") */
static int textpayload_wake_plugin(struct rtw_event *ev, const char *p, const char *e)
{
	const char *c = textscan_rskip_spaces(p, e), *t = textscan_token_start(p, c);
	uint64_t cpu = 0;

	if (!textscan_is(t, c, "CPU:") || textscan_dec(t + 4, c, &cpu) != c)
		return -EINVAL;
	ev->u.wake.target_cpu = (int32_t)cpu;
	c = textscan_rskip_spaces(p, t);
	t = textscan_token_start(p, c);
	if (textscan_is(t, c, "success=")) {
		c = textscan_rskip_spaces(p, t);
		t = textscan_token_start(p, c);
	}
	if (!textpayload_bracket_num(t, c, &ev->u.wake.prio))
		return -EINVAL;
	c = textscan_rskip_spaces(p, t);
	return textpayload_comm_pid(p, c, ':', ev->u.wake.comm, &ev->u.wake.pid) ? 0 : -EINVAL;
}

static int textpayload_wake(struct rtw_event *ev, const char *p, const char *e)
{
	unsigned int seen = 0;
	struct textpayload_kv kv;
	int64_t v;

	ev->u.wake.target_cpu = -1;
	if (!textscan_is(p, e, "comm="))
		return textpayload_wake_plugin(ev, p, e);
	while (textpayload_kv_next(&p, e, &kv)) {
		if (TEXTPAYLOAD_KEY(&kv, "comm")) {
			textscan_copy(ev->u.wake.comm, RTW_COMM_LEN, kv.val, kv.vend);
		} else if (textscan_num_value(kv.val, kv.vend, &v)) {
			if (TEXTPAYLOAD_KEY(&kv, "pid")) {
				ev->u.wake.pid = (int32_t)v;
				seen |= 1;
			} else if (TEXTPAYLOAD_KEY(&kv, "prio")) {
				ev->u.wake.prio = (int32_t)v;
				seen |= 2;
			} else if (TEXTPAYLOAD_KEY(&kv, "target_cpu")) {
				ev->u.wake.target_cpu = (int32_t)v;
			}
		}
	}
	return seen == 3 ? 0 : -EINVAL;
}

static int textpayload_migrate(struct rtw_event *ev, const char *p, const char *e)
{
	unsigned int seen = 0;
	struct textpayload_kv kv;
	int64_t v;

	ev->u.mig.orig_cpu = -1;
	ev->u.mig.prio = 120;
	while (textpayload_kv_next(&p, e, &kv)) {
		if (TEXTPAYLOAD_KEY(&kv, "comm")) {
			textscan_copy(ev->u.mig.comm, RTW_COMM_LEN, kv.val, kv.vend);
		} else if (textscan_num_value(kv.val, kv.vend, &v)) {
			if (TEXTPAYLOAD_KEY(&kv, "pid")) {
				ev->u.mig.pid = (int32_t)v;
				seen |= 1;
			} else if (TEXTPAYLOAD_KEY(&kv, "prio")) {
				ev->u.mig.prio = (int32_t)v;
			} else if (TEXTPAYLOAD_KEY(&kv, "orig_cpu")) {
				ev->u.mig.orig_cpu = (int32_t)v;
			} else if (TEXTPAYLOAD_KEY(&kv, "dest_cpu")) {
				ev->u.mig.dest_cpu = (int32_t)v;
				seen |= 2;
			}
		}
	}
	return seen == 3 ? 0 : -EINVAL;
}

static int textpayload_irq(struct rtw_event *ev, const char *p, const char *e)
{
	bool irq = false;
	struct textpayload_kv kv;
	int64_t v;

	while (textpayload_kv_next(&p, e, &kv)) {
		if (TEXTPAYLOAD_KEY(&kv, "irq") && textscan_num_value(kv.val, kv.vend, &v)) {
			ev->u.irq.irq = (int32_t)v;
			irq = true;
		} else if (TEXTPAYLOAD_KEY(&kv, "name")) {
			textscan_copy(ev->u.irq.name, RTW_NAME_LEN, kv.val, kv.vend);
		} else if (TEXTPAYLOAD_KEY(&kv, "ret")) {
			if (textscan_num_value(kv.val, kv.vend, &v))
				ev->u.irq.ret = (int32_t)v;
			else
				ev->u.irq.ret = textscan_is(kv.val, kv.vend, "handled");
		}
	}
	return irq ? 0 : -EINVAL;
}

/* The one number a few events carry: "vec=4 [action=BLOCK]", "vector=236", "cpu=1". */
static int textpayload_one_num(const char *p, const char *e, const char *key, int32_t *out,
			       bool required)
{
	size_t klen = strlen(key);
	struct textpayload_kv kv;
	int64_t v;

	while (textpayload_kv_next(&p, e, &kv)) {
		if (kv.klen == klen && !memcmp(kv.key, key, klen) &&
		    textscan_num_value(kv.val, kv.vend, &v)) {
			*out = (int32_t)v;
			return 0;
		}
	}
	*out = -1;
	return required ? -EINVAL : 0;
}

static int textpayload_hrtimer(struct rtw_event *ev, const char *p, const char *e)
{
	bool function = false;
	struct textpayload_kv kv;
	int64_t v;

	while (textpayload_kv_next(&p, e, &kv)) {
		if (TEXTPAYLOAD_KEY(&kv, "hrtimer")) {
			if (!textscan_hex(kv.val, kv.vend, &ev->u.hrt.timer))
				return -EINVAL;
		} else if (TEXTPAYLOAD_KEY(&kv, "function")) {
			const char *f = kv.val; /* "tick_nohz_handler/0x0", "fn+0x0/0x20" */

			while (f < kv.vend && *f != '/' && *f != '+' && *f != ' ')
				f++;
			textscan_copy(ev->u.hrt.function, RTW_NAME_LEN, kv.val, f);
			function = f > kv.val;
		} else if (TEXTPAYLOAD_KEY(&kv, "now") && textscan_num_value(kv.val, kv.vend, &v)) {
			ev->u.hrt.now_ns = (uint64_t)v;
		}
	}
	return function || ev->kind == RTW_EV_HRTIMER_EXIT ? 0 : -EINVAL;
}

/*
 * timer_expire_entry: "timer=00000000a1b2c3d4 function=process_timeout now=4294892345
 * baseclk=4294892345", timer_expire_exit: "timer=..."; csd_function_entry: "func=do_sync_core,
 * csd=000000002a4c1b5e", csd_function_exit the same.
 */
static int textpayload_callback(struct rtw_event *ev, const char *p, const char *e)
{
	bool timer = ev->kind == RTW_EV_TIMER_ENTRY || ev->kind == RTW_EV_TIMER_EXIT;
	bool entry = ev->kind == RTW_EV_TIMER_ENTRY || ev->kind == RTW_EV_CSD_ENTRY;
	bool function = false, id = false;
	struct textpayload_kv kv;

	while (textpayload_kv_next(&p, e, &kv)) {
		if (timer ? TEXTPAYLOAD_KEY(&kv, "timer") : TEXTPAYLOAD_KEY(&kv, "csd")) {
			id = textscan_hex(kv.val, kv.vend, &ev->u.cb.id) != NULL;
		} else if (timer ? TEXTPAYLOAD_KEY(&kv, "function")
				 : TEXTPAYLOAD_KEY(&kv, "func")) {
			const char *f = kv.val; /* "process_timeout", "fn+0x0/0x20", "fn," */

			while (f < kv.vend && *f != '/' && *f != '+' && *f != ' ' && *f != ',')
				f++;
			textscan_copy(ev->u.cb.function, RTW_NAME_LEN, kv.val, f);
			function = f > kv.val;
		}
	}
	return id && (function || !entry) ? 0 : -EINVAL;
}

/* "ABS|HARD", "REL", or trace-cmd's raw "0x9" */
static uint32_t textpayload_hrtimer_mode(const char *p, const char *e)
{
	static const struct {
		const char *name;
		uint32_t bit;
	} bits[] = { { "ABS", 0 },
		     { "REL", RTW_HRTIMER_REL },
		     { "PINNED", RTW_HRTIMER_PINNED },
		     { "SOFT", RTW_HRTIMER_SOFT },
		     { "HARD", RTW_HRTIMER_HARD } };
	uint32_t mode = 0;
	uint64_t v = 0;
	size_t i;

	if (p < e && textscan_digit(*p))
		return (e - p > 2 && p[1] == 'x' ? textscan_hex(p, e, &v) : textscan_dec(p, e, &v))
			       ? (uint32_t)v
			       : 0;
	while (p < e) {
		const char *q = p;

		while (q < e && *q != '|' && *q != ' ')
			q++;
		for (i = 0; i < ARRAY_SIZE(bits); i++)
			if ((size_t)(q - p) == strlen(bits[i].name) &&
			    !memcmp(p, bits[i].name, q - p))
				mode |= bits[i].bit;
		if (q == e || *q == ' ')
			break;
		p = q + 1;
	}
	return mode;
}

/* "CLOCK_MONOTONIC" or a number */
static int32_t textpayload_clockid(const char *p, const char *e)
{
	static const struct {
		const char *name;
		int32_t id;
	} clocks[] = { { "CLOCK_REALTIME", 0 },
		       { "CLOCK_MONOTONIC", 1 },
		       { "CLOCK_BOOTTIME", 7 },
		       { "CLOCK_TAI", 11 } };
	int64_t v;
	size_t i;

	if (textscan_num_value(p, e, &v))
		return (int32_t)v;
	for (i = 0; i < ARRAY_SIZE(clocks); i++)
		if ((size_t)(e - p) == strlen(clocks[i].name) && !memcmp(p, clocks[i].name, e - p))
			return clocks[i].id;
	return -1;
}

/* hrtimer_start "hrtimer=.. function=.. expires=N softexpires=N mode=ABS|HARD" and
 * hrtimer_init / hrtimer_setup "hrtimer=.. clockid=CLOCK_MONOTONIC mode=REL" */
static int textpayload_hrtimer_arm(struct rtw_event *ev, const char *p, const char *e)
{
	unsigned int seen = 0;
	struct textpayload_kv kv;
	int64_t v;

	ev->u.hrt.clockid = -1;
	while (textpayload_kv_next(&p, e, &kv)) {
		if (TEXTPAYLOAD_KEY(&kv, "hrtimer")) {
			if (!textscan_hex(kv.val, kv.vend, &ev->u.hrt.timer))
				return -EINVAL;
			seen |= 1;
		} else if (TEXTPAYLOAD_KEY(&kv, "function")) {
			const char *f = kv.val;

			while (f < kv.vend && *f != '/' && *f != '+' && *f != ' ')
				f++;
			textscan_copy(ev->u.hrt.function, RTW_NAME_LEN, kv.val, f);
		} else if (TEXTPAYLOAD_KEY(&kv, "expires") &&
			   textscan_num_value(kv.val, kv.vend, &v)) {
			ev->u.hrt.expires_ns = (uint64_t)v;
			seen |= 2;
		} else if (TEXTPAYLOAD_KEY(&kv, "softexpires") &&
			   textscan_num_value(kv.val, kv.vend, &v)) {
			ev->u.hrt.softexpires_ns = (uint64_t)v;
			seen |= 4;
		} else if (TEXTPAYLOAD_KEY(&kv, "mode")) {
			ev->u.hrt.mode = textpayload_hrtimer_mode(kv.val, kv.vend);
		} else if (TEXTPAYLOAD_KEY(&kv, "clockid")) {
			ev->u.hrt.clockid = textpayload_clockid(kv.val, kv.vend);
		}
	}
	if (ev->kind == RTW_EV_HRTIMER_INIT)
		return seen & 1 ? 0 : -EINVAL;
	if ((seen & 3) != 3)
		return -EINVAL;
	if (!(seen & 4)) /* older trace-cmd plugins print expires only */
		ev->u.hrt.softexpires_ns = ev->u.hrt.expires_ns;
	return 0;
}

/* "perf_event_nmi_handler() delta_ns: 1234 handled: 1" */
static int textpayload_nmi(struct rtw_event *ev, const char *p, const char *e)
{
	const char *d = memmem(p, (size_t)(e - p), "delta_ns: ", 10);
	uint64_t v;

	memcpy(ev->u.vec.name, "nmi", 4);
	ev->u.vec.vector = -1;
	if (!d || !textscan_dec(d + 10, e, &v))
		return -EINVAL;
	ev->u.vec.delta_ns = v;
	return 0;
}

/* Kernel: the payload is the text. trace-cmd: "tracing_mark_write: TEXT", raw "ip=.. buf=TEXT". */
static void textpayload_marker(struct rtw_event *ev, const char *p, const char *e, bool print_event)
{
	if (print_event) {
		const char *t = p;

		if (textscan_is(p, e, "ip=")) {
			const char *b = memmem(p, (size_t)(e - p), " buf=", 5);

			p = b ? b + 5 : e;
		} else {
			while (t < e && *t != ' ' && *t != ':')
				t++;
			if (t < e && *t == ':' && t + 1 < e && t[1] == ' ')
				p = t + 2;
		}
	}
	textscan_copy(ev->u.marker.text, RTW_MARKER_LEN, p, e);
}

/* "comm=pilock pid=4919 oldprio=89 newprio=9" */
static int textpayload_pi(struct rtw_event *ev, const char *p, const char *e)
{
	unsigned int seen = 0;
	struct textpayload_kv kv;
	int64_t v;

	while (textpayload_kv_next(&p, e, &kv)) {
		if (TEXTPAYLOAD_KEY(&kv, "comm")) {
			textscan_copy(ev->u.pi.comm, RTW_COMM_LEN, kv.val, kv.vend);
		} else if (textscan_num_value(kv.val, kv.vend, &v)) {
			if (TEXTPAYLOAD_KEY(&kv, "pid")) {
				ev->u.pi.pid = (int32_t)v;
				seen |= 1;
			} else if (TEXTPAYLOAD_KEY(&kv, "oldprio")) {
				ev->u.pi.oldprio = (int32_t)v;
				seen |= 2;
			} else if (TEXTPAYLOAD_KEY(&kv, "newprio")) {
				ev->u.pi.newprio = (int32_t)v;
				seen |= 4;
			}
		}
	}
	return seen == 7 ? 0 : -EINVAL;
}

/* "sig=19 errno=0 code=0 comm=rtwhy pid=4242 grp=1 res=0" */
static int textpayload_signal(struct rtw_event *ev, const char *p, const char *e)
{
	unsigned int seen = 0;
	struct textpayload_kv kv;
	int64_t v;

	while (textpayload_kv_next(&p, e, &kv)) {
		if (TEXTPAYLOAD_KEY(&kv, "comm")) {
			textscan_copy(ev->u.sig.comm, RTW_COMM_LEN, kv.val, kv.vend);
		} else if (textscan_num_value(kv.val, kv.vend, &v)) {
			if (TEXTPAYLOAD_KEY(&kv, "sig")) {
				ev->u.sig.sig = (int32_t)v;
				seen |= 1;
			} else if (TEXTPAYLOAD_KEY(&kv, "pid")) {
				ev->u.sig.pid = (int32_t)v;
				seen |= 2;
			} else if (TEXTPAYLOAD_KEY(&kv, "grp")) {
				ev->u.sig.group = (int32_t)v;
			} else if (TEXTPAYLOAD_KEY(&kv, "res")) {
				ev->u.sig.result = (int32_t)v;
			}
		}
	}
	return seen == 3 ? 0 : -EINVAL;
}

/* The signed number after "@key: " (padded: "%3d") in [p, e); false when absent. */
static bool textpayload_colon_num(const char *p, const char *e, const char *key, int32_t *out)
{
	size_t kl = strlen(key);
	const char *k = memmem(p, (size_t)(e - p), key, kl);
	int64_t v;

	if (!k || (k > p && textscan_ident(k[-1])))
		return false;
	k = textscan_skip_spaces(k + kl, e);
	if (!textscan_sdec(k, e, &v))
		return false;
	*out = (int32_t)v;
	return true;
}

/*
 * cpuhp_enter, cpuhp_multi_enter: "cpu: 0001 target:   0 step: 125 (takedown_cpu)";
 * cpuhp_exit: " cpu: 0001  state: 124 step: 125 ret: 0"
 */
static int textpayload_cpuhp(struct rtw_event *ev, const char *p, const char *e)
{
	const char *f;

	if (!textpayload_colon_num(p, e, "cpu:", &ev->u.hp.cpu) ||
	    !textpayload_colon_num(p, e, "step:", &ev->u.hp.step))
		return -EINVAL;
	if (ev->kind == RTW_EV_CPUHP_EXIT) {
		if (!textpayload_colon_num(p, e, "state:", &ev->u.hp.target) ||
		    !textpayload_colon_num(p, e, "ret:", &ev->u.hp.ret))
			return -EINVAL;
		return 0;
	}
	if (!textpayload_colon_num(p, e, "target:", &ev->u.hp.target))
		return -EINVAL;
	f = memchr(p, '(', (size_t)(e - p));
	if (f) {
		const char *fe = memchr(f, ')', (size_t)(e - f));

		textscan_copy(ev->u.hp.fun, RTW_NAME_LEN, f + 1, fe ? fe : e);
	}
	return 0;
}

int textpayload_parse(struct rtw_event *ev, const char *vector, bool print, const char *p,
		      const char *e)
{
	switch (ev->kind) {
	case RTW_EV_SWITCH:
		return textpayload_switch(ev, p, e);
	case RTW_EV_WAKING:
	case RTW_EV_WAKEUP:
		return textpayload_wake(ev, p, e);
	case RTW_EV_MIGRATE:
		return textpayload_migrate(ev, p, e);
	case RTW_EV_IRQ_ENTRY:
	case RTW_EV_IRQ_EXIT:
		return textpayload_irq(ev, p, e);
	case RTW_EV_SOFTIRQ_ENTRY:
	case RTW_EV_SOFTIRQ_EXIT:
	case RTW_EV_SOFTIRQ_RAISE:
		return textpayload_one_num(p, e, "vec", &ev->u.softirq.vec, true);
	case RTW_EV_HRTIMER_ENTRY:
	case RTW_EV_HRTIMER_EXIT:
		return textpayload_hrtimer(ev, p, e);
	case RTW_EV_HRTIMER_START:
	case RTW_EV_HRTIMER_INIT:
		return textpayload_hrtimer_arm(ev, p, e);
	case RTW_EV_TIMER_ENTRY:
	case RTW_EV_TIMER_EXIT:
	case RTW_EV_CSD_ENTRY:
	case RTW_EV_CSD_EXIT:
		return textpayload_callback(ev, p, e);
	case RTW_EV_VECTOR_ENTRY:
	case RTW_EV_VECTOR_EXIT:
		memcpy(ev->u.vec.name, vector, RTW_NAME_LEN);
		return textpayload_one_num(p, e, "vector", &ev->u.vec.vector, false);
	case RTW_EV_NMI:
		return textpayload_nmi(ev, p, e);
	case RTW_EV_IPI:
		return textpayload_one_num(p, e, "cpu", &ev->u.vec.vector, false);
	case RTW_EV_MARKER:
		textpayload_marker(ev, p, e, print);
		return 0;
	case RTW_EV_PI_SETPRIO:
		return textpayload_pi(ev, p, e);
	case RTW_EV_STACK: /* trace-cmd's "kernel_stack: <stack trace >": the frames follow */
		return 0;
	case RTW_EV_SIGNAL:
		return textpayload_signal(ev, p, e);
	case RTW_EV_CPUHP_ENTER:
	case RTW_EV_CPUHP_EXIT:
		return textpayload_cpuhp(ev, p, e);
	default:
		return 0;
	}
}
