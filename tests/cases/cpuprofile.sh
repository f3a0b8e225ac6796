# cpuprofile: cpuprofile2tsv, Chrome's and V8's CPU profiles.

# The functions of speedscope's sample profiles (Chrome 65's, and node
# 10's older tree), their lines and columns as speedscope's importer makes
# them 1-based (its test snapshots' frame keys "name:file:line:col"). The
# older tree has no columns: speedscope takes 0 for them (column 1), the
# stream keeps 0, not known; only lines are compared there.
t_cpuprofile_lines() {
	snap=tests/data/cpuprofile/importer/chrome.test.ts.snap.excerpt
	for t in "importFromChromeCPUProfile simple.cpuprofile" \
	    "importFromV8Profiler Node 10 example-old-format.cpuprofile"; do
		f=tests/data/cpuprofile/${t##* }
		title=${t% *}
		cols=1
		case $f in *old*) cols=0 ;; esac
		awk -v t="$title" -v cols=$cols '
		    index($0, "exports[`" t " 1`]") == 1 { on = 1 }
		    on && /"key":/ { k = $0; sub(/^[^"]*"key": "/, "", k)
			sub(/",$/, "", k); n = split(k, p, ":")
			print p[1] "\t" p[n - 1] (cols ? "\t" p[n] : "") }
		    on && /^`;$/ { on = 0 }' "$snap" | LC_ALL=C sort -u \
		    >"$out/want"
		[ -s "$out/want" ] || bad "no frames in $snap for $title"
		$bin/cpuprofile2tsv "$f" | awk -F'\t' -v cols=$cols '
		    $1 == "functions" { fn[$2] = $3 }
		    $1 == "locations" && $3 != "NA" && fn[$3] != "(root)" {
			print fn[$3] "\t" $4 (cols ? "\t" $9 : "") }' | LC_ALL=C sort -u \
		    >"$out/got"
		same "$out/want" "lines and columns of $f"
	done
}

# The whole stream of each small profile, exactly (its counts are what
# V8's nodes say, checked against node's own reading by make interop's
# node/cpuprofile-totals); the large one's table.
t_cpuprofile_streams() {
	for b in simple example-old-format; do
		$bin/cpuprofile2tsv tests/data/cpuprofile/$b.cpuprofile \
		    >"$out/got"
		same tests/cpuprofile/$b.expected "cpuprofile2tsv of $b"
	done
	$bin/tsvtop -q --all --unit=raw tests/data/cpuprofile/sucrase.cpuprofile.gz \
	    >"$out/got"
	same tests/cpuprofile/sucrase.top.expected "tsvtop of sucrase"
}

# A sample's time is the profile's startTime plus its timeDeltas so far
# (microseconds, written as nanoseconds), as awk adds them up.
t_cpuprofile_times() {
	f=tests/data/cpuprofile/sucrase.cpuprofile.gz
	gzip -dc "$f" | awk '
	    { t = $0 }
	    END { s = t; sub(/.*"startTime": *\[?/, "", s); sub(/[^0-9].*/, "", s)
		d = t; sub(/.*"timeDeltas": *\[/, "", d); sub(/\].*/, "", d)
		n = split(d, v, ","); at = s
		for (i = 1; i <= n; i++) { at += v[i]; printf "%d\t%.0f\n", i, at * 1000 } }' \
	    >"$out/want"
	$bin/cpuprofile2tsv "$f" | awk -F'\t' '$1 == ".sample_times" {
	    print $2 "\t" $3 }' >"$out/got"
	same "$out/want" "sample times of $f"
}

# Each kind of damage: the exact message, exit 1, nothing written.
t_cpuprofile_hostile() {
	cd "$out" || return
	n='"callFrame":{"functionName":"f","scriptId":"1","url":"a.js","lineNumber":0,"columnNumber":0}'
	one() { printf '{"nodes":[{"id":1,%s,"children":[%s]},{"id":2,%s%s}],"startTime":0,"endTime":10,"samples":[%s],"timeDeltas":[%s]}' \
	    "$n" "$1" "$n" "$2" "$3" "$4" >"$5"; }
	one 2 ',"children":[1]' 2 1 cycle
	one 2 '' 2,2 1 lengths
	one 2 '' 2,2 1,-5 negative
	one 2 '' 7 1 sample-id
	one 9 '' 2 1 child-id
	one 2 ',"parent":2' 2 1 two-parents
	printf '{"nodes":[{"id":1,%s},{"id":1,%s}]}' "$n" "$n" >dup-id
	printf '{"nodes":[{"id":1,%s,"children":[2]},{"id":2,%s}],"samples":[2],"timeDel' \
	    "$n" "$n" >cut
	{ printf '{"nodes":[{"id":1,"callFrame":{"functionName":"'
	  head -c 17000000 /dev/zero | tr '\0' x; printf '"}}]}'; } >long-name
	{ printf '{"head":'; i=0; while [ $i -lt 300 ]; do i=$((i + 1))
	  printf '{"id":%d,"functionName":"f","children":[' $i; done; } >deep
	printf '{"nodes":[],"samples":[],"timeDeltas":[]}' >no-nodes
	for f in cycle lengths negative sample-id child-id two-parents dup-id \
	    cut long-name deep no-nodes; do
		$bin/cpuprofile2tsv "$f" >o 2>err
		echo "$f: exit $? $(wc -c <o | tr -d ' ') bytes: $(cat err)"
	done >got
	cd "$top" || return
	same tests/cpuprofile/hostile.expected "cpuprofile2tsv of damaged files"
}

# A .cpuprofile is read where a stream is, old format too: tsvtop of the
# file gives tsvtop of cpuprofile2tsv's stream.
t_cpuprofile_door() {
	for f in tests/data/cpuprofile/*.cpuprofile*; do
		$bin/cpuprofile2tsv "$f" | $bin/tsvtop >"$out/want"
		$bin/tsvtop "$f" >"$out/got"
		same "$out/want" "tsvtop of $f"
	done
}

# Node in its own terms (issue 53): each sample weighs the time to the
# next one, from the file's own timeDeltas, as speedscope weighs it (the
# last: nothing), so tsvtop shows milliseconds as DevTools and speedscope
# do; V8's negative deltas (a sample stamped before the one before it)
# are read, the samples put in time order as DevTools sorts them, not
# refused; anonymous functions are told apart by file and line, as
# speedscope names them. The expectations are read from the JSON by awk.
t_cpuprofile_own_terms() {
	cd "$out" || return
	# four samples at 10, 30, 25 and 60 us: in order 10, 25, 30, 60
	printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"children":[2,3,4]},{"id":2,"callFrame":{"functionName":"","scriptId":"1","url":"file:///srv/app/a.js","lineNumber":11,"columnNumber":4}},{"id":3,"callFrame":{"functionName":"","scriptId":"1","url":"file:///srv/app/b.js","lineNumber":2,"columnNumber":0}},{"id":4,"callFrame":{"functionName":"","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1}}],"startTime":0,"endTime":70,"samples":[2,3,4,2],"timeDeltas":[10,20,-5,35]}' >neg.cpuprofile
	$bin/cpuprofile2tsv neg.cpuprofile >neg.tsv || bad "cpuprofile2tsv of a negative delta"
	awk -F'\t' '$1 == ".sample_times" { printf "%s ", $3 } END { print "" }' neg.tsv >got
	echo "10000 25000 30000 60000 " >want
	same want "the samples' times, in order"
	$bin/tsvtop -q --unit=raw neg.tsv >got
	# 10->25: a.js:12 15; 25->30: anonymous 5; 30->60: b.js:3 30; 60: 0
	printf 'function\tself\tself%%\ttotal\ttotal%%\tsum%%\n(anonymous b.js:3)\t30000\t60.00\t30000\t60.00\t60.00\n(anonymous a.js:12)\t15000\t30.00\t15000\t30.00\t90.00\n(anonymous)\t5000\t10.00\t5000\t10.00\t100.00\n' >want
	same want "the time each function stands for"
	cd "$top" || return
	$bin/tsvtop tests/data/cpuprofile/sucrase.cpuprofile.gz | sed -n 1p >"$out/got"
	echo '# type: wall (nanoseconds), of 1 source; values in ms' >"$out/want"
	same "$out/want" "a .cpuprofile's default: its time, in ms"
}

# Chrome's trace events (issue 57): one page's work recorded by headless
# Chromium at once as the Profiler domain's profile and as a trace
# (tests/interop/trace-record.js; interop chromium/trace-recording records
# one afresh). The trace holds that profile ("Inspector") in Profile and
# ProfileChunk events, beside the trace's own ("Internal"): read from the
# gzipped trace, the Inspector profile is the .cpuprofile's, sample for
# sample and row for row, its functions numbered alike (trace_same,
# tests/lib.sh).
t_cpuprofile_trace_same() {
	d=tests/data/cpuprofile/chromium-trace
	trace_same $d/page.trace.json.gz $d/page.cpuprofile || return
	grep '^\.source_attributes	[0-9]*	trace\.' "$out/trace.tsv" >"$out/got"
	printf '.source_attributes\t1\ttrace.pid\t9627\n.source_attributes\t1\ttrace.tid\t9627\n.source_attributes\t1\ttrace.profile_id\t0x1\n.source_attributes\t1\ttrace.profile_source\tInspector\n.source_attributes\t2\ttrace.pid\t9627\n.source_attributes\t2\ttrace.tid\t9627\n.source_attributes\t2\ttrace.profile_id\t0x2\n.source_attributes\t2\ttrace.profile_source\tInternal\n' >"$out/want"
	same "$out/want" "each profile a source, with its pid, tid and id"
	$bin/tsvtop $d/page.trace.json.gz >"$out/got"
	$bin/tsvtop "$out/trace.tsv" >"$out/want"
	same "$out/want" "tsvtop of the trace, through the door"
}

# The hits of each function of the trace's Inspector profile, counted by
# node from the JSON as DevTools counts a node's hits, are tsvtop's self
# samples (trace_hits, tests/lib.sh).
t_cpuprofile_trace_hits() {
	need node zcat || return
	trace_hits tests/data/cpuprofile/chromium-trace/page.trace.json.gz
}

# A trace DevTools saved says when recording began (metadata.startTime,
# Date's ISO text): that moment is put at the trace's first event, every
# sample moved by the same offset from V8's clock, computed by node from
# the JSON (the trace is chromium's, the metadata DevTools' shape from
# its SaveFileFormatter). A startTime that is not an ISO moment places
# nothing: V8's clock stays, said.
t_cpuprofile_trace_clock() {
	need node zcat || return
	cd "$out" || return
	zcat "$top/tests/data/cpuprofile/chromium-trace/page.trace.json.gz" |
	    sed '1s/^{"traceEvents":/{"metadata":{"source":"DevTools","startTime":"2026-11-29T12:00:00.123Z","dataOrigin":"TraceEvents"},"traceEvents":/' \
	    >dt.json
	$bin/cpuprofile2tsv dt.json >dt.tsv || bad "cpuprofile2tsv of DevTools' trace"
	$bin/cpuprofile2tsv "$top/tests/data/cpuprofile/chromium-trace/page.trace.json.gz" \
	    >v8.tsv || bad "cpuprofile2tsv of the trace"
	awk -F'\t' '$1 == ".sample_times" { print $3 }' v8.tsv >v8.times
	node -e '
	    const fs = require("fs");
	    const t = JSON.parse(fs.readFileSync("dt.json"));
	    let first = Infinity;
	    for (const e of t.traceEvents)
		if (e.ph !== "M" && typeof e.ts === "number" && e.ts < first)
		    first = e.ts;
	    const off = BigInt(Date.parse(t.metadata.startTime)) * 1000000n -
		BigInt(Math.round(first * 1000));
	    for (const l of fs.readFileSync("v8.times", "utf8").split("\n"))
		if (l !== "") console.log(String(BigInt(l) + off));' >want
	awk -F'\t' '$1 == ".sample_times" { print $3 }' dt.tsv >got
	same want "every sample at startTime plus its time from the first event"
	grep -c '	cpuprofile.clock_from	the trace.s metadata.startTime' dt.tsv >got
	echo 2 >want
	same want "each profile says what placed it"
	grep -c '	clock	' dt.tsv >got
	echo 0 >want
	same want "no profile left on V8's clock"
	$bin/tsvfocus --from 2026-11-29T12:00:00Z --to 2026-11-29T12:01:00Z \
	    dt.json | $bin/tsvtop -q -n 1 --unit raw -t samples >got
	$bin/tsvtop -q -n 1 --unit raw -t samples dt.json >want
	same want "a window about the recording keeps it"
	sed 's/"startTime":"2026-11-29T12:00:00.123Z"/"startTime":"1234"/' dt.json >num.json
	$bin/cpuprofile2tsv num.json | grep -c '	clock	v8$' >got
	echo 2 >want
	same want "a startTime that is no moment: V8's clock, said"
	cd "$top" || return
}

# A chunk before its Profile event, keys in any order, a chunk's nodes
# naming their parent in an earlier chunk: the samples at 110, 130 and 160
# us (startTime 100, deltas 10, 20, 30), each weighing the time to the
# next. A trace with no CPU profile is refused, nothing on stdout.
t_cpuprofile_trace_order() {
	cd "$out" || return
	cat >t.json <<'JSON'
[{"args":{"data":{"cpuProfile":{"nodes":[{"callFrame":{"functionName":"(root)","scriptId":0},"id":1},{"callFrame":{"functionName":"a","url":"a.js","lineNumber":4,"columnNumber":2,"scriptId":1},"id":2,"parent":1}],"samples":[2,2]},"timeDeltas":[10,20]}},"cat":"disabled-by-default-v8.cpu_profiler","id":"0x1","name":"ProfileChunk","ph":"P","pid":1,"tid":9,"ts":120},
{"pid":1,"id":"0x1","name":"Profile","tid":7,"ph":"P","ts":100,"args":{"data":{"startTime":100}}},
{"name":"X","ph":"X","ts":1,"dur":5,"pid":1,"tid":7,"args":{"data":{"cpuProfile":{"samples":[5]}}}},
{"pid":1,"id":"0x1","name":"ProfileChunk","ph":"P","args":{"data":{"endTime":200,"timeDeltas":[30],"cpuProfile":{"samples":[3],"nodes":[{"id":3,"parent":2,"callFrame":{"functionName":"b","url":"b.js","lineNumber":0,"scriptId":2}}]}}}}]
JSON
	$bin/cpuprofile2tsv t.json >t.tsv || bad "cpuprofile2tsv of a trace out of order"
	awk -F'\t' '$1 == ".sample_times" { printf "%s ", $3 } END { print "" }' t.tsv >got
	echo "110000 130000 160000 " >want
	same want "the samples' times"
	$bin/tsvtop -q -t wall --unit raw t.tsv >got
	printf 'function\tself\tself%%\ttotal\ttotal%%\tsum%%\na\t50000\t100.00\t50000\t100.00\t100.00\n' >want
	same want "each sample the time to the next"
	grep '^\.source_attributes	1	trace\.tid' t.tsv >got
	printf '.source_attributes\t1\ttrace.tid\t7\n' >want
	same want "the Profile event's thread, not its chunks'"
	# without its endTime (a recording cut short): it ends at its last
	# sample, 160 us, 60 us after its start
	sed 's/"endTime":200,//' t.json >cut.json
	$bin/cpuprofile2tsv cut.json | grep 'pprof\.duration_nanos' >got
	printf '.source_attributes\t1\tpprof.duration_nanos\t60000\n' >want
	same want "a trace cut short: its duration to its last sample"
	printf '{"traceEvents":[{"name":"X","ph":"X","ts":1,"dur":2,"pid":1,"tid":1}]}' >none.json
	$bin/cpuprofile2tsv none.json >none.out 2>none.err
	[ $? = 1 ] || bad "a trace with no CPU profile: not exit 1"
	[ ! -s none.out ] || bad "a trace with no CPU profile: output"
	grep -q 'none.json: a Chrome trace with no CPU profile' none.err ||
	    bad "a trace with no CPU profile: $(cat none.err)"
	cd "$top" || return
}
