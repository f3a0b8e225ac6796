# speedscope: speedscope2tsv and tsv2speedscope.

# speedscope's own sample files, per profile: each frame's self and total
# weight, and the stacks with their weights, are what speedscope's
# importer makes of them (its test snapshots, file-format.test.ts.snap).
t_speedscope_importer() {
	snap=tests/data/speedscope/importer/file-format.test.ts.snap
	for t in "0.0.1 evented profile (no pretty print) 1:0.0.1-simple-no-pretty-print:1" \
	    "0.0.1 evented profile 1:0.0.1-simple:1" \
	    "0.1.2 sampled profile 1:0.1.2-simple-sampled:1" \
	    "0.6.0 multiple profiles 1:0.6.0-two-sampled:1" \
	    "0.6.0 multiple profiles 2:0.6.0-two-sampled:2"; do
		title=${t%%:*}
		rest=${t#*:}
		f=tests/data/speedscope/${rest%:*}.speedscope.json
		s=${rest#*:}
		awk -v t="importSpeedscopeProfiles $title" '
		    index($0, "exports[`" t "`]") == 1 { on = 1 }
		    on && /"name":/ && !/^  "name"/ { n = $0
			sub(/^[^"]*"name": "/, "", n); sub(/",$/, "", n) }
		    on && /"selfWeight":/ { w = $2; sub(/,$/, "", w) }
		    on && /"totalWeight":/ { v = $2; sub(/,$/, "", v)
			if (v != 0) print n "\t" w "\t" v }
		    on && /^`;$/ { on = 0 }' "$snap" | LC_ALL=C sort >"$out/want"
		[ -s "$out/want" ] || bad "no frames in $snap for $title"
		$bin/tsvtop -q --all --unit=raw -s "$s" "$f" | awk -F'\t' '
		    NR > 1 { print $1 "\t" $2 "\t" $4 }' | LC_ALL=C sort \
		    >"$out/got"
		same "$out/want" "frames of $f, profile $s"
		awk -v t="importSpeedscopeProfiles $title" '
		    index($0, "exports[`" t "`]") == 1 { on = 1 }
		    on && /^  "stacks"/ { st = 1; next }
		    on && st && /^  \]/ { st = 0 }
		    on && st { l = $0; sub(/^ *"/, "", l); sub(/",$/, "", l)
			v = l; sub(/.* /, "", v); sub(/ [^ ]*$/, "", l); w[l] += v }
		    on && /^`;$/ { on = 0 }
		    END { for (l in w) print l " " w[l] }' "$snap" |
		    LC_ALL=C sort >"$out/want"
		$bin/tsv2folded -s "$s" "$f" >"$out/got"
		same "$out/want" "stacks of $f, profile $s"
	done
}

# speedscope2tsv | tsv2speedscope | speedscope2tsv gives the stream back:
# frames, samples, weights, units, times, the file's and profiles' names.
t_speedscope_round_trip() {
	for f in tests/data/speedscope/*.json; do
		$bin/speedscope2tsv "$f" >"$out/a.tsv"
		$bin/tsv2speedscope "$out/a.tsv" | $bin/speedscope2tsv \
		    >"$out/b.tsv" || { bad "round trip of $f"; continue; }
		# the source's URI is the file read
		sed '/^sources/s/\t[^\t]*\tNA$/\tNA/' "$out/a.tsv" >"$out/want"
		sed '/^sources/s/\t[^\t]*\tNA$/\tNA/' "$out/b.tsv" >"$out/got"
		same "$out/want" "speedscope2tsv | tsv2speedscope | speedscope2tsv of $f"
	done
}

# R, pprof, OTLP and perf profiles written for speedscope and read back:
# each function's self and total are the stream's, in the type and unit
# tsvtop shows (R's samples as time). Where samples have times and values
# of time that overlap (threads at once), the profile is sampled.
# The frames are functions, and of a pprof Location its last line only,
# as speedscope imports a pprof profile (issue 53): what is read back is
# tsvtop of the stream without its inlined frames (awk takes them out).
t_speedscope_writer() {
	for t in ns:tests/data/rprof/r-4.2/memory-gc-line.out \
	    raw:tests/data/pprof/go-1.19/go.cpu.pb.gz \
	    raw:tests/data/pprof/go-1.19/go.heap.pb.gz \
	    raw:tests/data/otlp/ebpf-profiler-timestamps.otlp \
	    raw:tests/data/perf/speedscope/forks.linux-perf.txt.gz; do
		f=${t#*:}
		$bin/tsvcombine "$f" | awk -F'\t' -v OFS='\t' '
		    $1 == "#locations" { for (i = 1; i <= NF; i++)
			if ($i == ".inlined") c = i }
		    $1 == "locations" && c && $c == "TRUE" { inl[$2] }
		    $1 == "sample_locations" { if ($4 in inl) next
			$3 = ++d[$2] }
		    { print }' >"$out/noinline.tsv"
		$bin/tsvtop -q --all --unit=${t%%:*} "$out/noinline.tsv" |
		    awk -F'\t' 'NR > 1 && $4 != 0 { print $1 "\t" $2 "\t" $4 }' |
		    LC_ALL=C sort >"$out/want"
		$bin/tsv2speedscope "$f" >"$out/s.json" ||
		    { bad "tsv2speedscope $f"; continue; }
		$bin/tsvtop -q --all --unit=raw "$out/s.json" | awk -F'\t' '
		    NR > 1 && $4 != 0 { print $1 "\t" $2 "\t" $4 }' |
		    LC_ALL=C sort >"$out/got"
		same "$out/want" "tsv2speedscope of $f, read back"
	done
}

# Samples with times and counts (a .cpuprofile's, perf's without periods)
# become spans, as speedscope and DevTools weigh them: a sample lasts to
# the next one's time, the last the mean of the others. awk computes each
# function's self and total from the stream's times.
t_speedscope_evented() {
	for f in tests/data/cpuprofile/sucrase.cpuprofile.gz \
	    tests/data/perf/speedscope/simple-with-pid.linux-perf.txt.gz; do
		# a frame without a function: [its file's base name] or <unknown>
		v8=0
		case $f in *.cpuprofile*) v8=1 ;; esac
		$bin/tsvcombine "$f" | awk -F'\t' -v v8=$v8 '
		    $1 == ".mappings" { b = $6; sub(/.*\//, "", b); mf[$2] = b }
		    $1 == "functions" { fn[$2] = $3 }
		    $1 == "locations" { lf[$2] = $3; lm[$2] = $6 }
		    $1 == "sample_locations" { d[$2] = $3 > d[$2] ? $3 : d[$2]
			st[$2, $3] = $4 }
		    $1 == ".sample_times" { n++; id[n] = $2; t[n] = $3 }
		    $1 == "sample_values" && $3 == "wall" { wv[$2] = $5 }
		    END { pn = 0
			for (i = 1; i <= n; i++) {
			    s = id[i]
			    # a time of its own (a .cpuprofile: to the next
			    # sample, the last nothing), else to the next
			    # sample, the last the mean
			    w = s in wv ? wv[s] : i < n ? t[i + 1] - t[i] : \
				(t[n] - t[1]) / (n - 1)
			    # its stack, root first
			    m = 0
			    for (k = d[s]; k >= 1; k--) {
				l = st[s, k]
				e[++m] = lf[l] != "NA" ? fn[lf[l]] : \
				    lm[l] != "NA" ? "[" mf[lm[l]] "]" : "<unknown>"
			    }
			    # V8: (garbage collector) or (program) alone on
			    # top of the stack before, or where it is open
			    # there already, those above it closed; (idle)
			    # alone nothing, as the import of speedscope shows them
			    if (v8 && m == 1 && (e[1] == "(garbage collector)" ||
				e[1] == "(program)")) {
				x = e[1]
				for (j = pn; j > 0 && pe[j] != x; j--)
				    ;
				m = 0
				for (k = 1; k <= (j > 0 ? j - 1 : pn); k++)
				    e[++m] = pe[k]
				e[++m] = x
			    } else if (v8 && m == 1 && (e[1] == "(idle)" ||
				e[1] == "(root)"))
				m = 0
			    split("", seen)
			    for (k = 1; k <= m; k++) {
				if (k == m) self[e[k]] += w
				if (!(e[k] in seen)) total[e[k]] += w
				seen[e[k]]
			    }
			    pn = m
			    for (k = 1; k <= m; k++)
				pe[k] = e[k]
			}
			for (x in total) printf "%s\t%.0f\t%.0f\n", x, self[x], total[x] }' |
		    LC_ALL=C sort >"$out/want"
		$bin/tsv2speedscope "$f" >"$out/s.json" ||
		    { bad "tsv2speedscope $f"; continue; }
		grep -q '"type":"evented"' "$out/s.json" ||
		    bad "tsv2speedscope $f: not evented"
		$bin/tsvtop -q --all --unit=raw "$out/s.json" | awk -F'\t' '
		    NR > 1 && $4 != 0 { printf "%s\t%.0f\t%.0f\n", $1, $2, $4 }' |
		    LC_ALL=C sort >"$out/got"
		same "$out/want" "tsv2speedscope of $f: spans, read back"
	done
}

# Each kind of damage, speedscope's own invalid files included: the exact
# message, exit 1, nothing written.
t_speedscope_hostile() {
	cd "$out" || return
	h='{"$schema":"https://www.speedscope.app/file-format-schema.json","shared":{"frames":[{"name":"a"},{"name":"b"}]},"profiles":['
	s='"type":"sampled","name":"p","startValue":0,"endValue":2'
	e='"type":"evented","name":"p","unit":"milliseconds","startValue":0,"endValue":9'
	o() { printf '{"type":"%s","frame":%d,"at":%d}' "$@"; }
	printf '%s{%s,"unit":"none","samples":[[0,5]],"weights":[1]}]}' "$h" "$s" >frame-range
	printf '%s{%s,"unit":"none","samples":[[0,1],[0]],"weights":[1]}]}' "$h" "$s" >lengths
	printf '%s{%s,"unit":"furlongs","samples":[[0,1]],"weights":[1]}]}' "$h" "$s" >unit
	printf '%s{%s,"events":[%s,%s,%s]}]}' "$h" "$e" "$(o O 0 1)" "$(o O 1 2)" "$(o C 0 3)" >close-order
	printf '%s{%s,"events":[%s,%s]}]}' "$h" "$e" "$(o O 0 5)" "$(o C 0 3)" >time-order
	printf '%s{%s,"events":[%s]}]}' "$h" "$e" "$(o O 0 1)" >left-open
	printf '%s{"type":"flamed","name":"p"}]}' "$h" >type
	printf '%s{%s,"unit":"none","samples":[[0,1]],"weights":[1]' "$h" "$s" >cut
	{ printf '%s{%s,"unit":"none","samples":' "$h" "$s"; i=0
	  while [ $i -lt 600 ]; do i=$((i + 1)); printf '['; done; } >deep
	cp "$top"/tests/data/speedscope/invalid/*.json .
	for f in frame-range lengths unit close-order time-order left-open type \
	    cut deep incomplete-trace.json out-of-order-events.json; do
		$bin/speedscope2tsv "$f" >x 2>err
		echo "$f: exit $? $(wc -c <x | tr -d ' ') bytes: $(cat err)"
	done >got
	cd "$top" || return
	same tests/speedscope/hostile.expected "speedscope2tsv of damaged files"
}

# A speedscope file is read where a stream is.
t_speedscope_door() {
	for f in tests/data/speedscope/*.json; do
		$bin/speedscope2tsv "$f" | $bin/tsvtop >"$out/want"
		$bin/tsvtop "$f" >"$out/got"
		same "$out/want" "tsvtop of $f"
	done
}

# A bad frame line or column is named by its own bytes (audit B1: the
# message read on past the number, past the buffer where the number
# straddled the 256 KiB read chunk; ASan in CI sees any read past it):
# the audit's file and fuzz_speedscope's crash, a line and a column, and
# a number that ends at, and one that crosses, the chunk's end.
t_speedscope_bad_line_named() {
	cd "$out" || return
	a=$top/tests/data/audit-2026-11-29
	cp "$a/speedscope-line-neg.json" "$a/fuzz-speedscope-crash-line.json" .
	tail='},{"name":"b"}]},"profiles":[{"type":"sampled","name":"p","unit":"none","startValue":0,"endValue":1,"samples":[[0]],"weights":[1]}]}'
	printf '{"shared":{"frames":[{"name":"a","col":2.5%s' "$tail" >col
	# the name fills the chunk to k bytes before "-123456789"
	for k in 0 4 9; do
		head='{"shared":{"frames":[{"name":"'
		pad=$((262144 - ${#head} - 9 - k))
		{ printf '%s' "$head"; head -c $pad /dev/zero | tr '\0' a
		  printf '","line":-123456789%s' "$tail"; } >straddle-$k
	done
	for f in speedscope-line-neg.json fuzz-speedscope-crash-line.json col \
	    straddle-0 straddle-4 straddle-9; do
		$bin/speedscope2tsv "$f" >x 2>err
		echo "$f: exit $? $(wc -c <x | tr -d ' ') bytes: $(sed 's/.*frame 0: //' err)"
	done >got
	cat >want <<'EOT'
speedscope-line-neg.json: exit 1 0 bytes: line -5 is not a line or column
fuzz-speedscope-crash-line.json: exit 1 0 bytes: line -5 is not a line or column
col: exit 1 0 bytes: col 2.5 is not a line or column
straddle-0: exit 1 0 bytes: line -123456789 is not a line or column
straddle-4: exit 1 0 bytes: line -123456789 is not a line or column
straddle-9: exit 1 0 bytes: line -123456789 is not a line or column
EOT
	cd "$top" || return
	same "$out/want" "bad lines and columns named"
}

# Evented nesting expands as the square of its depth (audit B7: 1.27 MB
# became 7.6 GB of stream; 8 MB ran past two minutes): the -X bound
# stops the reader itself, not only its writing, so a file 300,000
# frames deep (21 MB) ends at once with -X 1 and -X 4. 60 s is not a
# speed asked of it: the reader that went on past the bound spent some
# 7 minutes.
t_speedscope_expansion_stops() {
	cd "$out" || return
	awk 'BEGIN { n = 300000
	    printf "{\"shared\":{\"frames\":[{\"name\":\"a\"}]},\"profiles\":[{\"type\":\"evented\",\"name\":\"e\",\"unit\":\"none\",\"startValue\":0,\"endValue\":%d,\"events\":[", 2 * n
	    for (i = 0; i < n; i++) printf "{\"type\":\"O\",\"frame\":0,\"at\":%d},", i
	    for (i = 0; i < n; i++) printf "%s{\"type\":\"C\",\"frame\":0,\"at\":%d}", i ? "," : "", n + i
	    print "]}]}" }' >deep.json
	timeout 60 $bin/speedscope2tsv -X 1 deep.json >/dev/null 2>err
	echo "speedscope2tsv -X 1: exit $? $(cat err)" >got
	timeout 60 $bin/tsvtop -X 4 deep.json >/dev/null 2>err
	echo "tsvtop -X 4: exit $? $(cat err)" >>got
	cat >want <<'EOT'
speedscope2tsv -X 1: exit 1 speedscope2tsv: the stream passes 20889028 frames, 1 a byte of the 20889028 bytes read (at least 262144 counted): a profile that repeats a stack without end? -X raises the bound
tsvtop -X 4: exit 1 tsvtop: the stream passes 83556112 frames, 4 a byte of the 20889028 bytes read (at least 262144 counted): a profile that repeats a stack without end? -X raises the bound
EOT
	cd "$top" || return
	same "$out/want" "a deep evented profile past -X"
}
