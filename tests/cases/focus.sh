# focus: tsvfocus.

# Exact streams for each filter on a stream with an inlined run
# (google/pprof itself judges them in make interop), each valid.
t_focus_exact() {
	for a in tests/focus/*.args; do
		$bin/tsvfocus $(cat "$a") tests/focus/inlined.tsv >"$out/got" 2>&1
		same "${a%.args}.expected" "tsvfocus $(cat "$a")"
		$bin/tsvfocus $(cat "$a") tests/focus/inlined.tsv |
		    $bin/tsvvalidate ||
		    bad "tsvfocus $(cat "$a") wrote an invalid stream"
	done
}

# A stream on standard input gives what the file gives.
t_focus_stdin() {
	$bin/tsvfocus -f inl <tests/focus/inlined.tsv >"$out/got" 2>&1
	same tests/focus/inlined.2.expected "tsvfocus -f inl on standard input"
}

# A bad regular expression is a usage error.
t_focus_bad_regex() {
	$bin/tsvfocus -f '(' tests/focus/inlined.tsv >/dev/null 2>&1
	[ $? = 2 ] || bad "tsvfocus -f '(' is not a usage error"
}

# A function's subtree has its total as the whole.
t_focus_subtree_total() {
	$bin/rprof2tsv "$R_MEM" >"$out/m.tsv"
	$bin/tsvfocus -f 'df_work' "$out/m.tsv" | $bin/tsvtop -q -c >"$out/got"
	$bin/tsvtop -q "$out/m.tsv" | awk -F'\t' '$1 == "df_work" { print $4 }' \
	    >"$out/want"
	[ "$(awk -F'\t' '$1 == "df_work" { print $4 }' "$out/got")" = \
	    "$(cat "$out/want")" ] &&
	    [ "$(awk -F'\t' 'NR == 2 { print $4 }' "$out/got")" = \
	    "$(cat "$out/want")" ] ||
	    bad "tsvfocus -f df_work: the total is not df_work's total"
}

# --from/--to: the samples taken in the window, by their own times (perf's
# here: awk counts them in the stream), else by their source's span (Go's
# cpu1 ran 0.906 s from 06:46:09.997; heap1 is a moment at 06:46:10.9289).
t_focus_window() {
	# perf's times placed on Unix time by its reference (focus/clocks)
	f=tests/data/perf/clock/perf-clock-monotonic.txt.gz
	$bin/perf2tsv $f >"$out/p.tsv"
	want=$(awk -F'\t' '$1 == ".sample_times" && $3 >= 1795930066950000000 &&
	    $3 < 1795930067050000000 { n++ } END { print n }' "$out/p.tsv")
	$bin/tsvfocus --from 1795930066.95 --to 1795930067.05 "$out/p.tsv" \
	    >"$out/w.tsv" || bad "tsvfocus --from --to"
	got=$(grep -c '^samples' "$out/w.tsv")
	[ "$want" -gt 10 ] && [ "$got" = "$want" ] ||
	    bad "the window keeps $got samples, awk counts $want"
	$bin/tsvvalidate "$out/w.tsv" || bad "the window's stream is invalid"
	G=tests/data/pprof/go-labelled
	for w in "--to 2026-11-25T06:46:10.5Z:1" "--from 2026-11-25T06:46:10.91Z:2" \
	    "--from 2026-11-25T06:46:10.9Z:12" \
	    "--from 2026-11-25T06:46:10.91Z --to 2026-11-25T06:46:10.9288Z:" \
	    "--from 2026-11-25T06:46:10.9288Z --to 2026-11-25T06:46:10.9289Z:2"; do
		$bin/tsvfocus ${w%:*} $G/cpu1.pb.gz $G/heap1.pb.gz 2>"$out/err" |
		    awk -F'\t' '$1 == "samples" { print $3 }' | sort -u |
		    tr -d '\n' >"$out/got"
		[ "$(cat "$out/got")" = "${w##*:}" ] ||
		    bad "tsvfocus ${w%:*}: samples of sources '$(cat "$out/got")', not '${w##*:}'"
		[ -n "${w##*:}" ] || grep -qF 'tsvfocus: --from/--to: no sample was taken in the window' "$out/err" ||
		    bad "tsvfocus ${w%:*}: no word of an empty window"
	done
	for a in "--from now" "--to 2026-13-01" "--from 5 --to 5"; do
		$bin/tsvfocus $a $G/cpu1.pb.gz >/dev/null 2>&1
		[ $? = 2 ] || bad "tsvfocus $a: not exit 2"
	done
}

# --tagroot/--tagleaf: label values as frames, as pprof's -tagroot and
# -tagleaf make them (the expected stacks are go tool pprof -traces's with
# the options: make interop's go/tagroot checks every such stack): Go's
# cpu1 with its worker and size labels at the leaf, the numeric bytes
# label (none there: an empty frame, <unknown>) at the root.
t_focus_tagframes() {
	$bin/tsvfocus --tagleaf worker,size --tagroot bytes \
	    tests/data/pprof/go-labelled/cpu1.pb.gz 2>"$out/err" |
	    $bin/tsv2folded | sort >"$out/got"
	same tests/focus/tagframes.expected "tsvfocus --tagleaf --tagroot"
	grep -qF 'tsvfocus: --tagroot: no sample has a label of these keys' "$out/err" ||
	    bad "--tagroot of a key no sample has: not said"
	$bin/tsvfocus --tagroot bytes tests/data/pprof/go-labelled/heap1.pb.gz |
	    $bin/tsvvalidate || bad "--tagroot on numeric labels: invalid stream"
}

# Every time says its clock (issue 53; profile-tsv(5), .sample_times):
# perf's times are placed on Unix time by the header's reference time
# (perf record -k), as Python computes it from the header; without one
# they stay perf's, the source marked clock=perf; Node's by the name
# node --cpu-prof gave the file (its local time at the end, to the
# second; TZ=UTC here), else marked clock=v8. A window never takes a
# clock of its own for Unix time: tsvfocus and sql2tsv leave such a
# source out and say so, naming it.
t_focus_clocks() {
	need python3 sqlite3 || return
	d=tests/data/perf/clock
	$bin/perf2tsv "$d/perf-clock-monotonic.txt.gz" >"$out/mono.tsv"
	awk -F'\t' '$1 == ".sample_times" { print $3; exit }' "$out/mono.tsv" >"$out/got"
	gzip -dc "$d/perf-clock-monotonic.txt.gz" | python3 -c '
import re, sys
from decimal import Decimal
t = sys.stdin.read()
m = re.search(r"^# reference time: .* = ([0-9.]+) \(TOD\) = ([0-9.]+) \(", t, re.M)
s = re.search(r"^\S+\s+\d+\s+([0-9]+\.[0-9]+):", t, re.M)
print(int((Decimal(s.group(1)) - Decimal(m.group(2)) + Decimal(m.group(1))) * 10**9))' >"$out/want"
	same "$out/want" "perf's first time on Unix time by its reference"
	grep -q '^\.source_attributes	1	clock	' "$out/mono.tsv" &&
	    bad "a perf source with a reference time marked with a clock"
	$bin/perf2tsv "$d/perf-no-reference.txt.gz" >"$out/plain.tsv"
	grep -qx '.source_attributes	1	clock	perf' "$out/plain.tsv" ||
	    bad "perf without a reference time not marked clock=perf"
	n=tests/data/cpuprofile/node/CPU.20261129.052704.7460.0.001.cpuprofile.gz
	TZ=UTC $bin/cpuprofile2tsv "$n" >"$out/node.tsv"
	# the last sample is at the end, 05:27:04 UTC, less what V8's
	# clock puts between it and endTime
	gzip -dc "$n" | python3 -c '
import json, sys, calendar
p = json.load(sys.stdin)
last = p["startTime"] + sum(p["timeDeltas"])
print((calendar.timegm((2026, 11, 29, 5, 27, 4)) * 10**6 - p["endTime"] + last) * 1000)' >"$out/want"
	awk -F'\t' '$1 == ".sample_times" { t = $3 } END { print t }' "$out/node.tsv" >"$out/got"
	same "$out/want" "Node's last time on Unix time by the file's name"
	gzip -dc "$n" >"$out/renamed.cpuprofile"
	$bin/cpuprofile2tsv "$out/renamed.cpuprofile" | grep -qx '.source_attributes	1	clock	v8' ||
	    bad "a .cpuprofile without node's name not marked clock=v8"
	# windows: the sources on their own clocks left out, named
	$bin/tsvcombine "$out/plain.tsv" "$out/mono.tsv" "$out/renamed.cpuprofile" >"$out/all.tsv"
	$bin/tsvfocus --from 2026-11-29T05:27:00Z --to 2026-11-29T05:29:00Z \
	    "$out/all.tsv" 2>"$out/err" | grep -c '^samples' >"$out/got"
	grep -c '^samples' "$out/mono.tsv" >"$out/want"
	same "$out/want" "tsvfocus's window: the reference's samples only"
	cat >"$out/want" <<EOT
tsvfocus: --from/--to: source 1 ($d/perf-no-reference.txt.gz) is left out: its times are on perf's clock, not Unix time
tsvfocus: --from/--to: source 3 ($out/renamed.cpuprofile) is left out: its times are on v8's clock, not Unix time
EOT
	cp "$out/err" "$out/got"
	same "$out/want" "tsvfocus names the sources it left out"
	$bin/tsv2sql -b "$out/all.db" "$out/all.tsv"
	$bin/sql2tsv --from 2026-11-29T05:27:00Z --to 2026-11-29T05:29:00Z \
	    "$out/all.db" 2>"$out/err" | grep -c '^samples' >"$out/got"
	grep -c '^samples' "$out/mono.tsv" >"$out/want"
	same "$out/want" "sql2tsv's window: the reference's samples only"
	grep -c 'is left out: its times are on' "$out/err" >"$out/got"
	echo 2 >"$out/want"
	same "$out/want" "sql2tsv names the sources it left out"
}
