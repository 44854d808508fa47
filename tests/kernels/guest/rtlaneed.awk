# rtlaneed.awk - of an rtla timerlat -t trace (text), the rtla options none of whose events
# it holds, as rtwhy analyze names them when it says the trace lacks them (analysis/stream.c,
# stream_timerlat_events: -e sched, -e irq, -e timer, -e irq_vectors), "" when it has them all.
# The lab holds rtwhy's word on a trace to the trace's own lines: a trace in which rtla stopped
# at its first activation has none of the scheduler's events, and rtwhy must say so.
/^#/ || / => / { next }
/ sched_switch: | sched_waking: / { s = 1 }
/ irq_handler_entry: | softirq_entry: | softirq_raise: / { i = 1 }
/ hrtimer_expire_entry: | hrtimer_start: / { t = 1 }
/_entry: vector=/ { v = 1 }
END {
	o = ""
	if (!s) o = o " -e sched"
	if (!i) o = o " -e irq"
	if (!t) o = o " -e timer"
	if (!v) o = o " -e irq_vectors"
	print substr(o, 2)
}
