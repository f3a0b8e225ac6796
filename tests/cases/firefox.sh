# firefox: firefox2tsv, the Firefox Profiler's Gecko and processed formats.

# Firefox ESR 153's own profile (firefox_counts: tests/lib.sh) of a page's JavaScript (made with
# MOZ_PROFILER_STARTUP and MOZ_PROFILER_SHUTDOWN; interop
# firefox/gecko-recording makes one afresh): 7 threads of 4 processes.
t_firefox_counts() {
	need node || return
	firefox_counts tests/data/firefox/firefox-esr-153.gecko.json.gz
}

# Each sample's time is its process's meta.startTime plus its own
# milliseconds, on Unix time; each thread a source with its name,
# process, pid and tid; the page's functions where the page has them;
# native addresses in the libraries that held them (their mappings,
# with their build ids).
t_firefox_stream() {
	f=tests/data/firefox/firefox-esr-153.gecko.json.gz
	$bin/firefox2tsv $f >"$out/f.tsv" || { bad "firefox2tsv $f"; return; }
	$bin/tsvvalidate "$out/f.tsv" || bad "an invalid stream"
	awk -F'\t' '$1 == ".source_attributes" && $3 ~ /^firefox\./ {
	    print $2, $3, $4 }' "$out/f.tsv" | sed -n '1,5p;26,30p' >"$out/got"
	cat >"$out/want" <<'EOF2'
1 firefox.thread_name GeckoMain
1 firefox.process_name Parent Process
1 firefox.process_type default
1 firefox.pid 31212
1 firefox.tid 31212
6 firefox.thread_name GeckoMain
6 firefox.process_name file:// Content
6 firefox.process_type tab
6 firefox.pid 31333
6 firefox.tid 31333
EOF2
	same "$out/want" "the threads' sources"
	# the first sample: 1795943974656.0334 ms + 16.076321 ms
	awk -F'\t' '$1 == ".sample_times" { print $3; exit }' "$out/f.tsv" \
	    >"$out/got"
	echo 1795943974672109721 >"$out/want"
	same "$out/want" "the first sample's time"
	$bin/tsvtop -q -s 6 -n 4 "$out/f.tsv" >"$out/got"
	printf 'function\tself\tself%%\ttotal\ttotal%%\tsum%%\n[libxul.so]\t1356\t81.93\t1653\t99.88\t81.93\nspinHot\t120\t7.25\t1443\t87.19\t89.18\n[libc.so.6]\t107\t6.47\t1654\t99.94\t95.65\nspinWarm\t53\t3.20\t54\t3.26\t98.85\n' >"$out/want"
	same "$out/want" "the page's process: its hot functions"
	awk -F'\t' '$1 == ".mappings" && $6 ~ /libxul/ { print $6, $7 }' \
	    "$out/f.tsv" | sort -u >"$out/got"
	echo "/usr/lib/firefox-esr/libxul.so b296d38590cacb90c484b5db4fbabde9bdafea82" >"$out/want"
	same "$out/want" "libxul's mapping, with its build id"
	$bin/tsvtop $f >"$out/got"
	$bin/tsvtop "$out/f.tsv" >"$out/want"
	same "$out/want" "tsvtop of the profile, through the door"
}

# What is no Gecko profile it reads is refused, nothing on stdout: a
# processed profile of a version before 41, a row before its table's
# schema, a stack whose prefix is not a row before it (a cycle), a
# sample of a stack not there. A frame of no name is read, its function
# <?> (the stream's mark for no name) and given back empty.
t_firefox_refusals() {
	cd "$out" || return
	g='{"meta":{"version":24,"interval":1,"startTime":1000},"libs":[],"threads":[{"name":"T","pid":1,"tid":2,'
	printf '{"meta":{"version":27,"preprocessedProfileVersion":40,"startTime":1},"threads":[]}' >processed.json
	printf '%s"samples":{"data":[[0,1]],"schema":{"stack":0,"time":1}},"stackTable":{"schema":{"prefix":0,"frame":1},"data":[[null,0]]},"frameTable":{"schema":{"location":0},"data":[[0]]},"stringTable":["a"]}]}' "$g" >late-schema.json
	printf '%s"samples":{"schema":{"stack":0,"time":1},"data":[[1,1]]},"stackTable":{"schema":{"prefix":0,"frame":1},"data":[[1,0],[0,0]]},"frameTable":{"schema":{"location":0},"data":[[0]]},"stringTable":["a"]}]}' "$g" >cycle.json
	printf '%s"samples":{"schema":{"stack":0,"time":1},"data":[[5,1]]},"stackTable":{"schema":{"prefix":0,"frame":1},"data":[[null,0]]},"frameTable":{"schema":{"location":0},"data":[[0]]},"stringTable":["a"]}]}' "$g" >nostack.json
	for f in processed.json:'processed version 40' \
	    late-schema.json:'before its schema' cycle.json:'not a row before it' \
	    nostack.json:'stack 5 of 1'; do
		$bin/firefox2tsv "${f%%:*}" >x 2>err && bad "${f%%:*}: exit 0"
		grep -qF "${f#*:}" err || bad "${f%%:*}: $(cat err)"
		[ -s x ] && bad "${f%%:*}: output"
	done
	# the same thread well formed: one sample of a at 1001 ms
	sed 's/\[\[5,1\]\]/[[0,1]]/' nostack.json >ok.json
	$bin/firefox2tsv ok.json >ok.tsv || bad "a small profile: $(cat err)"
	awk -F'\t' '$1 == ".sample_times" { print $3 }' ok.tsv >got
	echo 1001000000 >want
	same want "a small profile's sample time"
	# a frame of no name (fuzz_firefox's find): a function of the
	# stream's mark for no name, which tsv2firefox gives back empty
	sed 's/"stringTable":\["a"\]/"stringTable":[""]/' ok.json >anon.json
	$bin/firefox2tsv anon.json >anon.tsv && $bin/tsvvalidate anon.tsv ||
	    bad "anon.json: $(cat err)"
	awk -F'\t' '$1 == "functions" { print $3 }' anon.tsv >got
	$bin/tsv2firefox anon.tsv | node -e 'const p = JSON.parse(require("fs").readFileSync(0, "utf8"))
	    const t = p.shared || p.threads[0]; console.log(JSON.stringify(t.stringArray))' >>got
	printf '%s\n' '<?>' '[""]' >want
	same want "a function of no name: <?> in the stream, empty again"
	cd "$top" || return
}

# processed_judge PROFILE STREAM: each thread of a processed profile as
# node reads its JSON (tests/firefox/processed-counts.js: the samples'
# weights, and each leaf function's own, an address of no symbol by its
# library) is the stream's, source by source (tsvtop); and each sample
# (processed-samples.js).
processed_judge() {
	node tests/firefox/processed-counts.js "$1" | LC_ALL=C sort >"$out/want" ||
	    { bad "node could not read $1"; return; }
	n=$(awk -F'\t' '$1 == "sources"' "$2" | wc -l)
	i=1
	while [ $i -le $n ]; do
		$bin/tsvtop -q -s $i --unit raw --nodefraction 0 -n 100000 "$2" |
		    awk -F'\t' -v s=$i 'NR > 1 { t += $2 }
		    NR > 1 && $2 > 0 { print s "\t" $1 "\t" $2 }
		    END { print s "\ttotal\t" t }'
		i=$((i + 1))
	done | LC_ALL=C sort >"$out/got"
	[ -s "$out/want" ] || bad "node read no threads of $1"
	same "$out/want" "$(basename "$1"): each thread's samples and its functions' own, as node counts them"
	# and sample for sample: thread, time, weight and every frame
	# (tests/firefox/processed-samples.js, of the JSON and the stream)
	node tests/firefox/processed-samples.js "$1" >"$out/want"
	node tests/firefox/processed-samples.js --stream "$2" >"$out/got"
	same "$out/want" "$(basename "$1"): every sample, its time, weight and stack"
}

# The processed format, as the profiler's own fixtures have it (version
# 49: six threads of a native program, unsymbolicated, each with its
# tables and strings; 68: a JavaScript function of a bundle, the tables
# and strings shared, its file through the sources): every thread's
# samples and leaf functions as node counts them; each sample's time on
# Unix time; native frames as addresses in their libraries' mappings
# (with their build ids), for a symbolizer; the function's file and
# line.
t_firefox_processed() {
	need node || return
	d=tests/data/firefox/processed
	for f in unsymbolicated.v49 sourcemap-single.v68 sourcemap-two.v68 \
	    sourcemap-no-map.v68; do
		$bin/firefox2tsv $d/$f.json >"$out/$f.tsv" || { bad "firefox2tsv $f"; continue; }
		$bin/tsvvalidate "$out/$f.tsv" || bad "$f: an invalid stream"
		processed_judge $d/$f.json "$out/$f.tsv"
	done
	# 1726433495880.2869 ms + 240.520375 ms
	awk -F'\t' '$1 == ".sample_times" { print $3; exit }' \
	    "$out/unsymbolicated.v49.tsv" >"$out/got"
	echo 1726433496120807275 >"$out/want"
	same "$out/want" "the first sample's time"
	awk -F'\t' '$1 == ".mappings" { print $6, $7 }' "$out/unsymbolicated.v49.tsv" |
	    head -2 >"$out/got"
	printf '%s\n' '/usr/lib/dyld F635824E318B3F0C842CC369737F2B68' \
	    '/usr/helloworld/a.out F61DA4D57CBB38CA8BDF059C64583452' >"$out/want"
	same "$out/want" "the libraries' mappings, with their code ids"
	awk -F'\t' '$1 == "locations" && $3 == "NA" { n++ } END { print n }' \
	    "$out/unsymbolicated.v49.tsv" >"$out/got"
	echo 15 >"$out/want"
	same "$out/want" "the unsymbolicated frames (15 addresses), of no function"
	awk -F'\t' '$1 == "functions" || $1 == "locations" { print $1, $3, $4, $5, $6, $NF }' \
	    "$out/sourcemap-single.v68.tsv" >"$out/got"
	printf '%s\n' 'functions Ajs Ajs bundle.js 1 1' 'locations 1 1 NA NA 15' >"$out/want"
	same "$out/want" "a JavaScript function's file, line and column"
	$bin/tsvtop $d/unsymbolicated.v49.json >"$out/got"
	$bin/tsvtop "$out/unsymbolicated.v49.tsv" >"$out/want"
	same "$out/want" "tsvtop of the profile, through the door"
}

# Every version from 41 to 70 (tests/firefox/processed-versions.js writes
# the fixtures again in each one's shape, as the format's changelog says:
# tables and strings in each thread or shared, fileName or sources,
# prefix or prefixOffset, time or timeDeltas, a library on the resource
# or the frame) gives one stream, byte for byte, whose threads are the
# original's as node counts them.
t_firefox_processed_versions() {
	need node || return
	for f in unsymbolicated.v49 sourcemap-two.v68; do
		node tests/firefox/processed-versions.js \
		    tests/data/firefox/processed/$f.json "$out/$f" ||
		    { bad "$f: processed-versions.js failed"; continue; }
		for v in $(seq 41 70); do
			(cd "$out/$f/v$v" && $bin/firefox2tsv profile.json >out.tsv) ||
			    bad "$f: version $v refused"
		done
		k=$(md5sum "$out/$f"/v*/out.tsv | cut -c1-32 | sort -u | wc -l)
		[ "$k" = 1 ] || bad "$f: $k different streams of the 30 versions"
		processed_judge tests/data/firefox/processed/$f.json "$out/$f/v70/out.tsv"
	done
}

# What a processed profile cannot be read as is refused, with its place
# and nothing on stdout: a version past the newest this reader knows, a
# stack's prefix not before it, a sample of a stack not there, both time
# and timeDeltas, a table's columns of unequal length, a string in a
# column of numbers.
t_firefox_processed_refusals() {
	cd "$out" || return
	h='{"meta":{"preprocessedProfileVersion":'
	t='"startTime":1000,"interval":1},"libs":[],"shared":{"stringArray":["f"],"stackTable":{"frame":[0,0],"prefix":[null,PREFIX],"length":2},"frameTable":{"func":[0],"address":[-1],"line":[null],"column":[null],"length":1},"funcTable":{"name":[0],"resource":[-1],"lineNumber":[null],"columnNumber":[null],"source":[null],"length":FUNCS},"resourceTable":{"lib":[],"name":[],"length":0}},"threads":[{"name":"T","pid":"1","tid":2,"samples":{"stack":[STACK],TIME,"weight":null,"length":1}}]}'
	mk() { printf '%s%s,%s' "$h" "$1" "$t" | sed -e "s/PREFIX/$2/" \
	    -e "s/STACK/$3/" -e "s/TIME/$4/" -e "s/FUNCS/$5/" >"$6"; }
	mk 65 0 1 '"time":[5]' 1 ok.json
	mk 71 0 1 '"time":[5]' 1 future.json
	mk 65 1 1 '"time":[5]' 1 cycle.json
	mk 65 0 7 '"time":[5]' 1 nostack.json
	mk 65 0 1 '"time":[5],"timeDeltas":[5]' 1 both.json
	sed 's/"name":\[0\]/"name":[0,0]/' ok.json >lengths.json
	mk 65 0 '"1"' '"time":[5]' 1 string.json
	$bin/firefox2tsv ok.json >ok.tsv 2>err || bad "a small processed profile: $(cat err)"
	awk -F'\t' '$1 == ".sample_times" { print $3 }' ok.tsv >got
	echo 1005000000 >want
	same want "a small processed profile's sample time"
	for f in future.json:'processed version 71' \
	    cycle.json:'not a row before it' nostack.json:'stack 7 of 2' \
	    both.json:'both time and timeDeltas' \
	    lengths.json:'funcTable.name has 2 rows, funcTable.resource 1' \
	    string.json:'a column of numbers holds "1"'; do
		$bin/firefox2tsv "${f%%:*}" >x 2>err && bad "${f%%:*}: exit 0"
		grep -qF "${f#*:}" err || bad "${f%%:*}: $(cat err)"
		grep -q "^firefox2tsv: ${f%%:*}" err || bad "${f%%:*}: not named: $(cat err)"
		[ -s x ] && bad "${f%%:*}: output"
	done
	cd "$top" || return
}

# tsv2firefox: R's memory profile, Go's labelled CPU profile, perf's,
# Node's and Firefox's own, written as the processed format: its shape
# is the profiler's own fixture's, moved to version 70
# (tests/firefox/processed-shape.js); each thread's samples and leaf
# functions, as node counts them in the JSON, are the original's
# (tsvtop, in milliseconds where the weights are times); read back by
# firefox2tsv, the same table to the last digit, and every sample's time.
t_firefox_write() {
	need node || return
	gzip -dc tests/data/perf/clock/perf-clock-monotonic.txt.gz |
	    $bin/perf2tsv >"$out/perf.tsv"
	for f in tests/data/rprof/r-4.2/memory-gc-line.out \
	    tests/data/pprof/go-labelled/cpu1.pb.gz "$out/perf.tsv" \
	    tests/data/cpuprofile/sucrase.cpuprofile.gz \
	    tests/data/firefox/firefox-esr-153.gecko.json.gz; do
		b=$(basename "$f")
		$bin/tsv2firefox "$f" >"$out/$b.json" || { bad "tsv2firefox $b"; continue; }
		node tests/firefox/processed-shape.js \
		    tests/data/firefox/processed/sourcemap-single.v68.json \
		    "$out/$b.json" >"$out/shape" || bad "$b: $(head -3 "$out/shape")"
		u=raw
		grep -q '"weightType":"tracing-ms"' "$out/$b.json" && u=ms
		node tests/firefox/processed-counts.js "$out/$b.json" |
		    awk -F'\t' '{ printf "%s\t%s\t%.6f\n", $1, $2, $3 }' |
		    LC_ALL=C sort >"$out/want"
		$bin/tsvcombine "$f" >"$out/s.tsv"
		n=$(awk -F'\t' '$1 == "sources"' "$out/s.tsv" | wc -l)
		i=0 k=0
		while [ $i -lt $n ]; do
			i=$((i + 1))
			$bin/tsvtop -q -s $i --unit $u --nodefraction 0 -n 1000000 \
			    "$out/s.tsv" >"$out/t" 2>/dev/null || continue
			[ "$(wc -l <"$out/t")" -gt 1 ] || continue
			k=$((k + 1))
			awk -F'\t' -v s=$k 'NR > 1 { t += $2 }
			    NR > 1 && $2 > 0 { printf "%s\t%s\t%.6f\n", s, $1, $2 }
			    END { printf "%s\ttotal\t%.6f\n", s, t }' "$out/t"
		done | LC_ALL=C sort >"$out/got"
		same_lines want got "$b: the JSON's threads, as node counts them"
		$bin/firefox2tsv "$out/$b.json" >"$out/back.tsv" ||
		    { bad "$b: firefox2tsv of it"; continue; }
		# (every row, as a set: R's ties go by total, others' by name;
		# sum% with them)
		$bin/tsvtop -q --nodefraction=0 --unit $u "$out/s.tsv" |
		    cut -f 1-5 | sort >"$out/want"
		$bin/tsvtop -q --nodefraction=0 --unit $u "$out/back.tsv" |
		    cut -f 1-5 | sort >"$out/got"
		same_lines want got "$b: read back, its top table"
		awk -F'\t' '$1 == ".sample_times" { print $3 }' "$out/s.tsv" |
		    sort >"$out/want"
		if [ -s "$out/want" ]; then
			awk -F'\t' '$1 == ".sample_times" { print $3 }' \
			    "$out/back.tsv" | sort >"$out/got"
			same_lines want got "$b: read back, every sample's time"
		fi
	done
}

# Weights of tracing-ms (a span's milliseconds) are wall time in exact
# nanoseconds, in both formats: 2.5 ms and 0.1 ms, 2,500,000 and 100,000
# (0.1 is no double: its milliseconds times 10^6, rounded).
t_firefox_tracing_ms() {
	cd "$out" || return
	printf '{"meta":{"version":24,"interval":1,"startTime":1000},"libs":[],"threads":[{"name":"T","pid":1,"tid":2,"samples":{"schema":{"stack":0,"time":1,"weight":2},"weightType":"tracing-ms","data":[[0,1,2.5],[0,2,0.1]]},"stackTable":{"schema":{"prefix":0,"frame":1},"data":[[null,0]]},"frameTable":{"schema":{"location":0},"data":[[0]]},"stringTable":["a"]}]}' >g.json
	printf '{"meta":{"preprocessedProfileVersion":65,"startTime":1000,"interval":1},"libs":[],"shared":{"stringArray":["a"],"stackTable":{"frame":[0],"prefix":[null],"length":1},"frameTable":{"func":[0],"address":[-1],"line":[null],"column":[null],"length":1},"funcTable":{"name":[0],"resource":[-1],"lineNumber":[null],"columnNumber":[null],"source":[null],"length":1},"resourceTable":{"lib":[],"name":[],"length":0}},"threads":[{"name":"T","pid":"1","tid":2,"samples":{"stack":[0,0],"time":[1,2],"weight":[2.5,0.1],"weightType":"tracing-ms","length":2}}]}' >p.json
	for f in g.json p.json; do
		$bin/firefox2tsv $f | awk -F'\t' '$1 == "sample_values" { print $3, $4, $5 }' >got
		printf 'wall nanoseconds 2500000\nwall nanoseconds 100000\n' >want
		same want "$f: tracing-ms weights as nanoseconds"
	done
	cd "$top" || return
}
