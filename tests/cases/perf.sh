# perf: perf2tsv, and tsv2folded --perf against FlameGraph's
# stackcollapse-perf.pl.

# FlameGraph's own tests: each perf script file, collapsed by
# stackcollapse-perf.pl with each option (its test/results), is what
# perf2tsv | tsv2folded --perf gives. The stored results of the Java
# processes with --pid or --tid keep the "L" of class names: they predate
# the script's tidying of every process named /^java/ ("java-123" too), and
# the script itself strips it now. Those frames are taken without it.
t_perf_stackcollapse() {
	d=tests/data/perf/flamegraph
	n=0
	for f in $(ls "$d"/*.txt.gz | pick); do
		b=$(basename "$f" .txt.gz)
		for o in pid tid kernel jit all addrs; do
			r=$d/results/$b-collapsed-$o.txt.gz
			[ -e "$r" ] || { bad "no result $r"; continue; }
			case $b-$o in
			perf-java-*-[pt]id | perf-vertx-*-[pt]id)
				gzip -dc "$r" | awk '!/^java-/ { print; next }
				    { c = $NF
				    s = substr($0, 1, length($0) - length(c) - 1)
				    n = split(s, f, ";"); t = f[1]
				    for (i = 2; i <= n; i++) {
					if (f[i] ~ /^L/ && f[i] ~ /\//)
						f[i] = substr(f[i], 2)
					t = t ";" f[i] }
				    print t " " c }' | LC_ALL=C sort ;;
			*) gzip -dc "$r" ;;
			esac >"$out/want"
			$bin/perf2tsv "$f" 2>/dev/null |
			    $bin/tsv2folded --perf --$o >"$out/got" ||
			    { bad "perf2tsv | tsv2folded --perf --$o of $b"; continue; }
			n=$((n + 1))
			same "$out/want" "$b --$o"
		done
	done
	[ $n = 78 ] || [ -n "${SUBSET:-}" ] || bad "$n of 78 FlameGraph results compared"
}

# speedscope's perf script files (perf versions and options of its own
# tests), collapsed: stackcollapse-perf.pl's output, made once by
# FlameGraph 41fee1f's script and kept in tests/perf. (simple and
# one-sample hold one sample without its blank line: the script gives
# nothing, perf2tsv refuses them; t_perf_hostile.)
t_perf_speedscope_files() {
	for b in forks rust-mangled simple-with-header simple-with-pid \
	    system-wide; do
		f=tests/data/perf/speedscope/$b.linux-perf.txt.gz
		for o in "" --tid; do
			$bin/perf2tsv "$f" | tee "$out/t.tsv" |
			    $bin/tsv2folded --perf $o >"$out/got" ||
			    bad "perf2tsv | tsv2folded --perf $o of $b"
			same "tests/perf/$b${o:+.tid}.expected" "$b $o"
			$bin/tsvvalidate "$out/t.tsv" || bad "tsvvalidate of $b"
		done
	done
}

# Every sample's time, command, pid and tid as awk reads them from the
# sample's first line.
t_perf_times_labels() {
	for f in tests/data/perf/speedscope/*.txt.gz \
	    tests/data/perf/flamegraph/perf-iperf-stacks-pidtid-01.txt.gz; do
		gzip -dc "$f" | awk '
		    /^#/ { next }
		    /^[^ \t]/ && !in_sample { in_sample = 1
			# comm may hold blanks: the fields are found from the end
			for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) break
			t = $i; sub(/:$/, "", t); split(t, p, ".")
			f = substr(p[2] "000000000", 1, 9)
			j = i - 1; if ($j ~ /^\[[0-9]+\]$/) j--
			pt = $j; comm = $1
			for (k = 2; k < j; k++) comm = comm " " $k
			if (pt ~ /\//) { split(pt, q, "/"); pid = q[1]; tid = q[2] }
			else { pid = ""; tid = pt }
			line = comm "\t" pid "\t" tid "\t" p[1] f; next }
		    /^[ \t]*$/ { if (in_sample) print line; in_sample = 0 }' \
		    | sed 's/^\([^\t]*\t[^\t]*\t[^\t]*\t\)0*\([0-9]\)/\1\2/' \
		    >"$out/want"
		$bin/perf2tsv "$f" 2>/dev/null | awk -F'\t' '
		    $1 == "samples" { n[++k] = $2 }
		    $1 == ".sample_labels" && $3 == "comm" { c[$2] = $4 }
		    $1 == ".sample_labels" && $3 == "pid" { p[$2] = $5 }
		    $1 == ".sample_labels" && $3 == "tid" { t[$2] = $5 }
		    $1 == ".sample_times" { w[$2] = $3 }
		    END { for (i = 1; i <= k; i++) { s = n[i]
			print c[s] "\t" p[s] "\t" t[s] "\t" w[s] } }' >"$out/got"
		same "$out/want" "times and labels of $f"
	done
}

# Each kind of damage: the exact message, exit 1, nothing on standard
# output; a last sample cut short is left out with a warning.
t_perf_hostile() {
	cd "$out" || return
	printf 'a 1 1.0: cpu-clock:\n\t1 f (x)\n' >cut-only
	printf 'a 1 1.0: cpu-clock:\n\t1 f (x)\n\na 1 2.0: cpu-clock:\n\t1 g (x)\n' >cut-last
	printf '\t1 f (x)\n\n' >frame-first
	printf 'a 1 1.0: cpu-clock:\n\t1 f\n\n' >no-dso
	printf '# only a header\n' >no-sample
	printf 'a 1 1.0: cpu-clock:\n\t1 f\000 (x)\n\n' >nul
	printf 'a 1 1.0: cpu-clock:\n\t1 f (x\n\n' >open-paren
	cp "$top/tests/data/perf/speedscope/simple.linux-perf.txt.gz" simple.gz
	for f in cut-only cut-last frame-first no-dso no-sample nul open-paren \
	    simple.gz; do
		$bin/perf2tsv "$f" >out 2>err
		echo "$f: exit $? $(wc -c <out | tr -d ' ') bytes: $(cat err)"
	done >got
	cd "$top" || return
	same tests/perf/hostile.expected "perf2tsv of damaged files"
}

# perf script output is read where a stream is: tsvtop of the file gives
# tsvtop of perf2tsv's stream.
t_perf_door() {
	f=tests/data/perf/speedscope/system-wide.linux-perf.txt.gz
	$bin/perf2tsv "$f" | $bin/tsvtop >"$out/want"
	$bin/tsvtop "$f" >"$out/got"
	same "$out/want" "tsvtop of $f"
}

# perf script without symbols (-F ip,dso, a stripped binary) is read
# (issue 53: "a frame without its (file)"): each frame its address in
# its file's mapping, no function, the addresses those awk reads from
# the text, which are those of the same recording with symbols; event
# modifiers are the source's attribute perf.event_modifiers and the
# event alone the type, so two runs of one event combine.
t_perf_no_symbols_and_modifiers() {
	d=tests/data/perf/clock
	for f in perf-no-symbols perf-clock-monotonic; do
		gzip -dc "$d/$f.txt.gz" | awk '
		    /^[^ \t#]/ { if (s != "") print s; s = "" }
		    /^[ \t]/ { s = s " " $1 }
		    END { if (s != "") print s }' >"$out/$f.want"
	done
	same_lines perf-clock-monotonic.want perf-no-symbols.want \
	    "the two recordings' texts (their addresses)"
	$bin/perf2tsv "$d/perf-no-symbols.txt.gz" >"$out/n.tsv" ||
	    bad "perf2tsv of perf script -F ip,dso"
	awk -F'\t' '$1 == "locations" { a[$2] = $5; if ($3 != "NA") fn++
		if ($6 == "NA") nomap++ }
	    $1 == "sample_locations" { if ($2 != s && s != "") { print t; t = "" }
		s = $2; t = t " " substr(a[$4], 3) }
	    END { print t; if (fn + nomap > 0) print "functions or no mapping:", fn + nomap }' \
	    "$out/n.tsv" | sed 's/ 0*\([0-9a-f]\)/ \1/g' >"$out/got"
	same "$out/perf-no-symbols.want" "the addresses read without symbols"
	$bin/perf2tsv "$d/perf-two-events.txt.gz" >"$out/two.tsv"
	grep '^\.source_attributes	1	perf.event_modifiers	' "$out/two.tsv" |
	    cut -f 4 >"$out/got"
	printf 'cpu-clock:u\ntask-clock:k\n' >"$out/want"
	same "$out/want" "the events' modifiers"
	awk -F'\t' '$1 == "sample_values" { print $3 }' "$out/two.tsv" |
	    sort -u >"$out/got"
	printf 'cpu-clock\ntask-clock\n' >"$out/want"
	same "$out/want" "the events as the types"
	$bin/tsvcombine "$d/perf-clock-monotonic.txt.gz" "$d/perf-two-events.txt.gz" |
	    awk -F'\t' '$1 == "sample_values" { print $3 }' | sort -u |
	    tr '\n' ' ' >"$out/got"
	printf 'cpu-clock task-clock ' >"$out/want"
	same "$out/want" "cpu-clock:ppp and cpu-clock:u are one type"
}
