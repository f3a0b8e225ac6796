# rprof: rprof2tsv and tsv2rprof.

# Each Rprof file converts and validates; those R >= 3.0 wrote (quoted
# names, LF) come back byte for byte.
t_rprof_corpus() {
	for f in $(rprof_files | pick); do
		if ! $bin/rprof2tsv "$f" >"$out/s.tsv" 2>"$out/err"; then
			bad "rprof2tsv $f: $(cat "$out/err")"; continue
		fi
		$bin/tsvvalidate "$out/s.tsv" || bad "tsvvalidate of $f"
		if grep -q '"' "$f" &&
		    [ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] &&
		    [ "${f##*/}" != incomplete.out ]; then
			$bin/tsv2rprof "$out/s.tsv" 2>/dev/null | cmp -s - "$f" ||
			    bad "round trip of $f"
		fi
	done
}

# R on Windows writes CRLF: kept in rprof.line_ending, written back (W3).
t_rprof_crlf() {
	sed 's/$/\r/' "$R_MEM" >"$out/crlf.out"
	if $bin/rprof2tsv "$out/crlf.out" >"$out/crlf.tsv" &&
	    grep -q '^\.source_attributes	1	rprof\.line_ending	crlf$' \
	    "$out/crlf.tsv" &&
	    $bin/tsv2rprof "$out/crlf.tsv" | cmp -s - "$out/crlf.out"; then ok
	else bad "a CRLF Rprof file, back byte for byte"; fi
}

# Exact streams (tests/rprof/NAME.expected of the file NAME.source names).
t_rprof_streams() {
	for exp in tests/rprof/*.expected; do
		name=$(basename "$exp" .expected)
		src=$(cat "tests/rprof/$name.source")
		(cd tests/data/rprof && "$bin/rprof2tsv" "$src" 2>&1; echo "exit $?") \
		    >"$out/got"
		same "$exp" "rprof2tsv $src"
	done
}

# tsv2rprof: streams with an exact expected Rprof text in NAME.rprof.
t_rprof_writes() {
	for f in tests/rprof/*.tsv; do
		$bin/tsv2rprof "$f" >"$out/got" 2>&1
		same "${f%.tsv}.rprof" "tsv2rprof $f"
	done
}

# tsv2rprof: what each line stands for (-t; a time divided by the
# interval), a source without samples refused with no -o file left.
t_rprof_value_type() {
	$bin/tsv2rprof -t cpu -i 20000 tests/rprof/count-fraction.tsv >"$out/got" 2>&1
	same tests/rprof/count-fraction.cpu.rprof "tsv2rprof -t cpu"
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.heap.pb.gz >"$out/heap.tsv"
	$bin/tsv2rprof -o "$out/heap.out" "$out/heap.tsv" 2>"$out/err"
	if [ $? = 1 ] && [ ! -e "$out/heap.out" ] && grep -q \
	    "no 'samples' value .*alloc_objects.*choose one with -t" "$out/err"
	then ok; else bad "tsv2rprof of a heap profile: $(cat "$out/err")"; fi
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz >"$out/cpu.tsv"
	[ "$($bin/tsv2rprof -t cpu "$out/cpu.tsv" | md5sum)" = \
	    "$($bin/tsv2rprof "$out/cpu.tsv" | md5sum)" ] ||
	    bad "tsv2rprof -t cpu of Go's CPU profile differs from its samples"
}

# tsv2rprof -s writes chosen sources; differing headers are warned of.
t_rprof_sources() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/plain.out \
	    tests/data/rprof/r-4.2/memory.out >"$out/two.tsv"
	$bin/tsv2rprof "$out/two.tsv" 2>&1 >/dev/null |
	    grep -q "headers differ (memory profiling)" ||
	    bad "tsv2rprof: no warning of differing headers"
	$bin/tsv2rprof -s 2 "$out/two.tsv" >"$out/got" 2>"$out/err"
	if cmp -s "$out/got" tests/data/rprof/r-4.2/memory.out &&
	    [ ! -s "$out/err" ]; then ok
	else bad "tsv2rprof -s 2 does not give memory.out back alone"; fi
}

# rprof2tsv parses a repeated line once: the same text in a new session
# (whose #File 1 is another file) or after a #File line that makes 1
# another file is other frames (one that repeats what 1 is changes
# nothing), and a cut-off line repeated is counted each time.
t_rprof_repeated_lines() {
	printf 'line profiling: sample.interval=20000\n#File 1: a.R\n1#2 "f" "g" \n1#2 "f" "g" \n"f" "g" "h\n"f" "g" "h\n#File 1: a.R\n1#2 "f" "g" \n#File 1: c.R\n1#2 "f" "g" \nline profiling: sample.interval=20000\n#File 1: b.R\n1#2 "f" "g" \n' \
	    >"$out/repeat.out"
	$bin/rprof2tsv "$out/repeat.out" 2>"$out/err" |
	    awk -F'\t' '$1 == "functions" { f[$2] = $3 "@" $5 }
		$1 == "locations" { l[$2] = f[$3] ":" $4 }
		$1 == "sample_locations" { s[$2] = s[$2] " " l[$4] }
		END { for (i = 1; i in s; i++) print i s[i] }' >"$out/got"
	printf '1 f@a.R:2 g@:0\n2 f@a.R:2 g@:0\n3 f@:0 g@:0\n4 f@:0 g@:0\n5 f@a.R:2 g@:0\n6 f@c.R:2 g@:0\n7 f@b.R:2 g@:0\n' \
	    >"$out/want"
	same "$out/want" "rprof2tsv: a repeated line"
	grep -q "2 frames cut off by the end of a line dropped (lines 5, 6)" \
	    "$out/err" || bad "rprof2tsv: a repeated cut-off line is not counted twice"
}

# Against R's own summaryRprof tables (corpus r-4.2): tsvtop's default on
# an Rprof stream is summaryRprof's: self.time, self.pct, total.time and
# total.pct per function, in seconds rounded as R rounds them. append.out
# is left out: summaryRprof handles only the first header, so the #File
# lines and refs of later sessions come out as function names.
t_rprof_summaryrprof() {
	for f in tests/data/rprof/r-4.2/*.out; do
		base=${f%.out}
		[ "${f##*/}" = append.out ] && continue
		$bin/rprof2tsv "$f" | $bin/tsvtop -q |
		    awk -F'\t' 'NR > 1 { printf "%s\t%.10g\t%.10g\t%.10g\t%.10g\n",
			$1, $2, $3, $4, $5 }' >"$out/ours"
		for kind in self total; do
			# R's table: the row name, then its columns by name
			awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i + 1
				next }
			    { n = $1; gsub(/"/, "", n)
			      printf "%s\t%.10g\t%.10g\t%.10g\t%.10g\n", n,
				$c["self.time"], $c["self.pct"], $c["total.time"],
				$c["total.pct"] }' "$base.by-$kind.tsv" | sort >"$out/r.$kind"
			# by.self has the functions with a self; summaryRprof
			# splits names with spaces apart: those left out of ours,
			# and their words of R's
			awk -F'\t' -v k=$kind '(k == "total" || $2 > 0) && $1 !~ / /' \
			    "$out/ours" | sort >"$out/o.$kind"
			awk -F'\t' 'FNR == NR { if ($1 ~ / /) { n = split($1, w, " ")
			    for (i = 1; i <= n; i++) skip[w[i]] = 1 }; next }
			    !($1 in skip)' "$out/ours" "$out/r.$kind" >"$out/r2.$kind"
			if cmp -s "$out/r2.$kind" "$out/o.$kind"; then ok; else
				bad "by.$kind of $f differs from summaryRprof's"
				diff "$out/r2.$kind" "$out/o.$kind" | head -5
			fi
		done
	done
}

# Memory: summaryRprof(memory = "both")'s mem.total per function, from
# the stream's vsize.small, vsize.large and nodes values.
t_rprof_mem_total() {
	for b in memory memory-line memory-gc-line; do
		f=tests/data/rprof/r-4.2/$b
		$bin/rprof2tsv "$f.out" | $bin/tsvtop -q --all -m |
		    awk -F'\t' 'NR > 1 { print $1 "\t" $7 }' >"$out/all.mem"
		awk -F'\t' '$1 !~ / /' "$out/all.mem" | sort >"$out/o.mem"
		awk -F'\t' 'FNR == NR { if ($1 ~ / /) { n = split($1, w, " ")
		    for (i = 1; i <= n; i++) skip[w[i]] = 1 }; next }
		    FNR == 1 { for (i = 1; i <= NF; i++) if ($i == "mem.total") c = i + 1
		    next }
		    { n = $1; gsub(/"/, "", n); if (!(n in skip)) printf "%s\t%.1f\n", n, $c }' \
		    "$out/all.mem" "$f.by-total.tsv" | sort >"$out/r.mem"
		if cmp -s "$out/r.mem" "$out/o.mem"; then ok; else
			bad "mem.total of $f.out differs from summaryRprof's"
			diff "$out/r.mem" "$out/o.mem" | head -5
		fi
	done
}

# tsv2pprof's alloc_space: the same increments, summed over samples.
t_rprof_alloc_space() {
	for b in memory memory-gc-line; do
		f=tests/data/rprof/r-4.2/$b.out
		want=$($bin/rprof2tsv "$f" | awk -F'\t' '$1 == "samples" { src[$2] = $3 }
		    $1 == "sample_values" && ($3 == "vsize.small" ||
		    $3 == "vsize.large" || $3 == "nodes") { k = src[$2] SUBSEP $3
			if ((k in prev) && $5 > prev[k]) t += $5 - prev[k]; prev[k] = $5 }
		    END { printf "%.0f\n", t }')
		got=$($bin/rprof2tsv "$f" | $bin/tsv2pprof -u | $bin/pprof2tsv |
		    awk -F'\t' '$1 == "sample_values" && $3 == "alloc_space" { t += $5 }
		    END { printf "%.0f\n", t }')
		[ "$want" = "$got" ] && [ "$want" != 0 ] ||
		    bad "alloc_space of $f: $got, not $want"
	done
}

# tsv2pprof opens an R profile on its samples, not its last type.
t_rprof_pprof_default_type() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/memory.out | $bin/tsv2pprof -u |
	    $bin/pprof2tsv |
	    grep -q "^\.source_attributes	1	pprof.default_sample_type	samples$" ||
	    bad "tsv2pprof of an R profile: default_sample_type is not samples"
}

# An empty quoted Rprof name is <?> in the stream and "" again after (F8).
t_rprof_empty_name() {
	af=tests/data/audit/empty-name.out
	if $bin/rprof2tsv "$af" >"$out/audit.tsv" &&
	    $bin/tsvvalidate "$out/audit.tsv" &&
	    grep -q '^functions	1	<?>	<?>	' "$out/audit.tsv" &&
	    $bin/tsv2rprof "$out/audit.tsv" | cmp -s - "$af"; then ok; else
		bad "an empty Rprof name"; fi
}
