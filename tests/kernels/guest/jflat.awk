# SPDX-License-Identifier: GPL-2.0-only
# JSON -> one "path=value" line per scalar (busybox awk: the guests have no python):
#   {"a": {"b": [1, "x"]}}  ->  a.b.0=1  a.b.1=x      (strings unquoted, null as null)
# Usage: awk -f jflat.awk FILE.json
# Line by line, the nesting kept from one line to the next: busybox's substr() walks its
# string from the start, so reading the whole file as one string took minutes for the
# 1.4 MB of an --explain run's 960 spikes (strings and a key's colon never span lines in
# rtwhy's JSON).
BEGIN { depth = 0 }
{
	buf = $0; n = length(buf); i = 1
	while (i <= n) {
		c = substr(buf, i, 1)
		if (c == "{" || c == "[") {
			depth++; type[depth] = c; idx[depth] = 0; key[depth] = ""
			i++; continue
		}
		if (c == "}" || c == "]") { depth--; done_value(); i++; continue }
		if (c == ",") { if (type[depth] == "[") idx[depth]++; i++; continue }
		if (c == "\"") {
			s = ""; i++
			while (i <= n) {
				c = substr(buf, i, 1)
				if (c == "\\") {
					d = substr(buf, i + 1, 1)
					s = s (d == "n" ? "\n" : d == "t" ? "\t" : d); i += 2; continue
				}
				if (c == "\"") break
				s = s c; i++
			}
			i++
			# a key when a colon follows
			j = i
			while (substr(buf, j, 1) ~ /[ \t\n\r]/) j++
			if (type[depth] == "{" && substr(buf, j, 1) == ":") { key[depth] = s; i = j + 1; continue }
			emit(s); continue
		}
		if (c ~ /[-0-9tfn]/) {
			s = ""
			while (i <= n && substr(buf, i, 1) ~ /[-+0-9.eEtruefalsn]/) { s = s substr(buf, i, 1); i++ }
			emit(s); continue
		}
		i++
	}
}
function path(   p, d) {
	p = ""
	for (d = 1; d <= depth; d++)
		p = p (d > 1 ? "." : "") (type[d] == "[" ? idx[d] : key[d])
	return p
}
function emit(v) { gsub(/\n/, " ", v); print path() "=" v }
function done_value() { }
