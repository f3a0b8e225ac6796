# jfr: jfr2tsv, Java Flight Recorder recordings.

# jfr_judge REC STREAM: what the JDK's own reader (jfr print --json, every
# frame) shows of REC, counted by tests/jfr/jfr-counts.js (each kind's
# count and bytes or duration, in all and by leaf method; every event's
# time) is what STREAM gives (tsvtop of each type; .sample_times); and
# sample for sample (tests/jfr/events.js: each event's time, kind,
# amount, thread and every frame with its line, as node reads the JSON
# and the stream), one list.
jfr_judge() {
	events=$(node -e 'console.log(require("./tests/jfr/print.js").names)')
	jfr print --json --stack-depth 2048 --events "$events" "$1" \
	    >"$out/print.json" || { bad "jfr print $1"; return; }
	node tests/jfr/events.js <"$out/print.json" >"$out/want"
	node tests/jfr/events.js --stream "$2" >"$out/got"
	[ -s "$out/want" ] || bad "no events in jfr print's"
	same_lines want got "$(basename "$1"): every event, sample for sample"
	node tests/jfr/jfr-counts.js <"$out/print.json" >"$out/counts" ||
	    { bad "jfr-counts.js"; return; }
	grep -v '^time' "$out/counts" | LC_ALL=C sort >"$out/want"
	# (each type's total as tsvtop's notes say it: events of no stack
	# count there, in no row)
	for t in $(cut -f 1 "$out/want" | sort -u); do
		$bin/tsvtop -t $t --unit raw --nodefraction 0 -n 1000000 \
		    "$2" | awk -F'\t' -v t=$t '/^# total: / {
			sub(/^# total: /, ""); sub(/[ ,].*/, ""); tot = $0; next }
		    /^#/ || /^function\t/ { next }
		    $2 > 0 { print t "\t" $1 "\t" $2 }
		    END { print t "\ttotal\t" tot }'
	done | LC_ALL=C sort >"$out/got"
	same_lines want got "$(basename "$1"): each kind's events, as jfr print shows them"
	awk -F'\t' '$1 == "time" { print $2 }' "$out/counts" | sort >"$out/want"
	awk -F'\t' '$1 == ".sample_times" { print $3 }' "$2" | sort >"$out/got"
	same_lines want got "$(basename "$1"): every event's time"
}

# A recording of Debian's OpenJDK 17 (tests/data/jfr: Work.java under
# -XX:StartFlightRecording with the profile settings and the TLAB events,
# monitor and park thresholds of 1 ms): execution samples (cpu), the
# allocation samples by their weight in bytes, the TLAB allocations, the
# monitor enters and the parks, by leaf method, in all, and every time,
# as the JDK's jfr print shows them; a recording of two chunks (the same
# recording twice) twice each; the threads and states kept as labels.
t_jfr_judged() {
	need jfr node || return
	f=tests/data/jfr/work.jfr
	$bin/jfr2tsv $f >"$out/w.tsv" || { bad "jfr2tsv $f"; return; }
	$bin/tsvvalidate "$out/w.tsv" || bad "an invalid stream"
	jfr_judge $f "$out/w.tsv"
	cat $f $f >"$out/two.jfr"
	$bin/jfr2tsv "$out/two.jfr" >"$out/two.tsv" || { bad "jfr2tsv of two chunks"; return; }
	jfr_judge "$out/two.jfr" "$out/two.tsv"
	awk -F'\t' '$1 == ".source_attributes" && $3 == "jfr.chunks" { print $4 }' \
	    "$out/two.tsv" >"$out/got"
	echo 2 >"$out/want"
	same "$out/want" "the chunks counted"
	$bin/tsvfocus --tagfocus 'thread=worker' "$out/w.tsv" |
	    $bin/tsvtop -q -t cpu -n 1 | cut -f 1 >"$out/got"
	printf 'function\nWork.spin\n' >"$out/want"
	same "$out/want" "the worker thread's hot method, by its label"
	$bin/tsvtop -q -t cpu --unit raw $f >"$out/got"
	$bin/tsvtop -q -t cpu --unit raw "$out/w.tsv" >"$out/want"
	same "$out/want" "tsvtop of the recording, through the door"
}

# The recordings of the other producers (tests/data/jfr/PROVENANCE.md),
# judged as the JDK's: async-profiler 4.5's own events (wall-clock
# samples by its wall interval, the given one and its default; native
# mallocs; live objects) beside the JDK's it writes, and JDK 25's
# CPU-time samples, by their period, with the samples its sampler lost
# (the sum of its jdk.CPUTimeSamplesLost events) said. A recording whose
# settings name no wall interval (async-profiler's, its "wall" setting's
# name changed to "wail") keeps its wall-clock samples as counts alone,
# and says how many (the sum of their samples, as jfr print shows them).
t_jfr_producers() {
	need jfr node || return
	LC_ALL=C sed 's/\x03\x04wall/\x03\x04wail/' \
	    tests/data/jfr/async-profiler.jfr >"$out/untimed.jfr"
	for x in async-profiler:jfr.wall_interval=20000000 \
	    async-profiler-wall:jfr.wall_interval=50000000 \
	    "$out/untimed":jfr.wall_samples_untimed=UNTIMED \
	    cpu-time:jfr.cpu_time_samples_lost=LOST; do
		f=tests/data/jfr/${x%%:*}.jfr
		case $x in /*) f=${x%%:*}.jfr ;; esac
		$bin/jfr2tsv $f >"$out/p.tsv" || { bad "jfr2tsv $f"; continue; }
		$bin/tsvvalidate "$out/p.tsv" || bad "$f: an invalid stream"
		jfr_judge $f "$out/p.tsv"
		a=${x#*:}
		if [ "${a#*=}" = LOST ]; then
			n=$(jfr print --json --events jdk.CPUTimeSamplesLost $f |
			    node -e 'let n = 0; for (const e of JSON.parse(require("fs").readFileSync(0, "utf8")).recording.events) n += e.values.lostSamples; console.log(n)')
			a=${a%=*}=$n
		fi
		if [ "${a#*=}" = UNTIMED ]; then
			n=$(jfr print --json --events profiler.WallClockSample $f |
			    node -e 'let n = 0; for (const e of JSON.parse(require("fs").readFileSync(0, "utf8")).recording.events) n += e.values.samples; console.log(n)')
			a=${a%=*}=$n
		fi
		awk -F'\t' -v k="${a%=*}" '$1 == ".source_attributes" && $3 == k {
		    print k "=" $4 }' "$out/p.tsv" >"$out/got"
		echo "$a" >"$out/want"
		same "$out/want" "$(basename $f): ${a%=*}"
	done
	# (the last, cpu-time.jfr's)
	awk -F'\t' '$1 == "sample_values" { print $3 }' "$out/p.tsv" |
	    sort | uniq -c | awk '{ print $2, $1 }' >"$out/got"
	printf '%s\n' 'alloc_sample_bytes 291' 'alloc_sample_objects 291' \
	    'cpu 185' 'cpu_time 430' 'cpu_time_samples 430' 'lock_count 1' \
	    'lock_duration 1' >"$out/want"
	same "$out/want" "cpu-time.jfr: the execution and the CPU-time samples apart"
}

# What is no recording it reads is refused, with its place and nothing on
# stdout: a chunk cut short, a header that names metadata past it, JFR
# 1.0, an empty file, an event whose time no int64 of nanoseconds holds
# (the fuzzer's).
t_jfr_refusals() {
	cd "$out" || return
	f=$top/tests/data/jfr/work.jfr
	head -c 5000 "$f" >cut.jfr
	{ head -c 24 "$f"; printf '\177\377\377\377\377\377\377\377'; tail -c +33 "$f"; } >meta.jfr
	{ head -c 4 "$f"; printf '\0\1\0\0'; tail -c +9 "$f"; } >v1.jfr
	printf 'FLR\0' >tiny.jfr
	cp "$top/tests/fuzz/regress/jfr/time-past-int64" time.jfr
	for x in cut.jfr:'chunk cut short: 5000 of its 388799' \
	    time.jfr:"at 9223372025709748678 ticks: past the stream's nanoseconds" \
	    meta.jfr:'a chunk header' v1.jfr:'JFR 1.0' \
	    tiny.jfr:'chunk cut short: 4 of its 68'; do
		$bin/jfr2tsv "${x%%:*}" >o 2>err && bad "${x%%:*}: exit 0"
		grep -qF "${x#*:}" err || bad "${x%%:*}: $(cat err)"
		grep -q "^jfr2tsv: ${x%%:*}" err || bad "${x%%:*}: not named: $(cat err)"
		[ -s o ] && bad "${x%%:*}: output"
	done
	cd "$top" || return
}
