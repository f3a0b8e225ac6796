# top: tsvtop.

# tsvtop against the awk recipes (an independent reader of the stream) on
# every corpus profile, for each of its value types, by self and by total,
# and with -m.
t_top_awk_recipes() {
	n=0
	for f in $( (rprof_files; pprof_files) | pick); do
		convert "$f" "$out/t.tsv" || continue
		n=$((n + 1))
		for type in $(awk -F'\t' '$1 == "sample_values" && !($3 in s) {
		    s[$3]; print $3 }' "$out/t.tsv"); do
			awk -v type="$type" -f tests/selftotal.awk "$out/t.tsv" |
			    awk -F'\t' '{ printf "%s\t%.17g\t%.17g\n", $1, $2, $3 }' |
			    sort >"$out/awk.top"
			for c in "" -c; do
				$bin/tsvtop -q --all --unit=raw $c -t "$type" "$out/t.tsv" |
				    awk -F'\t' 'NR > 1 { printf "%s\t%.17g\t%.17g\n",
				    $1, $2, $4 }' | sort >"$out/our.top"
				if cmp -s "$out/awk.top" "$out/our.top"; then ok; else
					bad "tsvtop $c -t $type $f differs from selftotal.awk"
					diff "$out/awk.top" "$out/our.top" | head -5
				fi
			done
		done
		if grep -q '^sample_values	[0-9]*	vsize.small' "$out/t.tsv"; then
			awk -f tests/memtotal.awk "$out/t.tsv" | sort >"$out/awk.mem"
			$bin/tsvtop -q --all -m "$out/t.tsv" | awk -F'\t' 'NR > 1 {
			    print $1 "\t" $7 }' | sort >"$out/our.mem"
			if cmp -s "$out/awk.mem" "$out/our.mem"; then ok; else
				bad "tsvtop -m $f differs from memtotal.awk"
				diff "$out/awk.mem" "$out/our.mem" | head -5
			fi
		fi
	done
	[ $n -gt 0 ] || bad "no profile converted: nothing compared"
}

# Exact output: R's, sorted by self, ties by total then name (as
# summaryRprof); -c, -l, -n, -s, -t, -m.
t_top_exact() {
	for a in "" "-c" "-l -n 5" "-s 2,4 -t vsize.large -n 4" "-s 3 -n 3" \
	    "-m -n 3"; do
		# Rprof files given as they are: as if through rprof2tsv
		$bin/tsvtop $a tests/data/rprof/r-4.2/append.out \
		    tests/data/rprof/r-4.2/memory-line.out >"$out/direct" 2>&1
		$bin/rprof2tsv tests/data/rprof/r-4.2/append.out \
		    tests/data/rprof/r-4.2/memory-line.out |
		    $bin/tsvtop $a >"$out/got" 2>&1
		same "tests/top/append-memory-line${a:+.$(echo "$a" | tr -d ' -')}.expected" \
		    "tsvtop $a"
		same_lines got direct "tsvtop $a of the Rprof files"
	done
}

# Values a double cannot hold (2^53 + 1, 2^62) are summed exactly; a sum
# past 2^63 becomes a double (F12).
t_top_exact_integers() {
	printf 'main;f 9007199254740993\nmain;f 4611686018427387904\nmain;g 1\n' |
	    $bin/folded2tsv >"$out/big.tsv"
	printf 'function\tself\tself%%\ttotal\ttotal%%\tsum%%\nf\t4620693217682128897\t100.00\t4620693217682128897\t100.00\t100.00\ng\t1\t0.00\t1\t0.00\t100.00\nmain\t0\t0.00\t4620693217682128898\t100.00\t100.00\n' \
	    >"$out/want"
	$bin/tsvtop -q --all "$out/big.tsv" >"$out/got"
	same "$out/want" "tsvtop of values past 2^53"
	printf 'main;f 9223372036854775807\nmain;f 9223372036854775807\n' |
	    $bin/folded2tsv | $bin/tsvtop -q | sed -n 2p | cut -f 2 >"$out/got"
	echo 1.8446744073709552e+19 >"$out/want"
	same "$out/want" "tsvtop: a sum past 2^63 is a double"
}

# Diffs as pprof's -diff_base and -base, normalised or not, on Go's CPU
# and heap profiles of one program run twice (make interop checks the
# same against go tool pprof -top). The base as a file, or as a source of
# one stream (-d).
t_top_diff() {
	d=tests/data/pprof/go-labelled
	for k in cpu heap; do
		$bin/pprof2tsv $d/${k}1.pb.gz >"$out/b.tsv"
		$bin/pprof2tsv $d/${k}2.pb.gz >"$out/p.tsv"
		for m in diff-base base; do
			for n in "" --normalize; do
				$bin/tsvtop --$m "$out/b.tsv" $n "$out/p.tsv" -n 12 \
				    >"$out/got"
				same tests/top/go-labelled.$k.$m$n.expected \
				    "tsvtop --$m $n ($k)"
			done
		done
		$bin/tsvcombine "$out/b.tsv" "$out/p.tsv" |
		    $bin/tsvtop -d 1 -n 12 >"$out/got"
		same tests/top/go-labelled.$k.diff-base.expected "tsvtop -d 1 ($k)"
	done
	$bin/tsvtop --normalize "$out/p.tsv" >/dev/null 2>&1
	test $? -eq 2 || bad "--normalize without a base is not a usage error"
}

# pprof's sample key sorts the labels: Go writes them in its map's random
# order, so the same profile with each sample's labels reversed, as a
# base, cancels to nothing (it did not: 160 ms in a fresh run's CI).
t_top_diff_label_order() {
	$bin/pprof2tsv tests/data/pprof/go-labelled/cpu1.pb.gz >"$out/b.tsv"
	awk -F'\t' '$1 == ".sample_labels" { if ($2 != id) flush(); id = $2
		buf[n++] = $0; next }
	    { flush(); print }
	    function flush() { while (n > 0) print buf[--n]; id = "" }
	    END { flush() }' "$out/b.tsv" >"$out/r.tsv"
	cmp -s "$out/b.tsv" "$out/r.tsv" && bad "no sample has two labels"
	$bin/tsvtop --base "$out/b.tsv" "$out/b.tsv" >"$out/want"
	$bin/tsvtop --base "$out/b.tsv" "$out/r.tsv" >"$out/got"
	same "$out/want" "tsvtop --base: labels in another order are one sample"
}

# pprof's labels: tsvtop --tags, and tsvfocus's tag filters (make interop
# checks both against go tool pprof on these profiles and fresh ones).
t_top_tags() {
	d=tests/data/pprof/go-labelled
	for f in cpu1 heap2; do
		$bin/pprof2tsv $d/$f.pb.gz | $bin/tsvtop --tags >"$out/got"
		same tests/top/go-labelled.$f.tags.expected "tsvtop --tags ($f)"
	done
	$bin/pprof2tsv $d/heap2.pb.gz |
	    $bin/tsvfocus --tagfocus=bytes=1kb: --taghide=nothing 2>"$out/err" |
	    $bin/tsvtop -n 5 >"$out/got"
	same tests/top/go-labelled.heap2.tagfocus.expected "--tagfocus=bytes=1kb:"
	printf '%s\n' "tsvfocus: --tagfocus: 'bytes=1kb:' is a range, not a regular expression" \
	    "tsvfocus: --taghide: the taghide expression matched no samples" \
	    >"$out/want"
	cp "$out/err" "$out/got"
	same "$out/want" "tsvfocus's words on its tag filters"
	$bin/pprof2tsv $d/cpu1.pb.gz |
	    $bin/tsvfocus --tagfocus=worker=a --tagshow=worker |
	    $bin/tsvtop --tags >"$out/got"
	same tests/top/go-labelled.cpu1.tagshow.expected "--tagshow"
	$bin/pprof2tsv $d/cpu1.pb.gz | $bin/tsvfocus --tagfocus=worker=nobody \
	    2>/dev/null | $bin/tsvtop >"$out/got"
	printf '# no samples\nfunction\tself\tself%%\ttotal\ttotal%%\tsum%%\n' \
	    >"$out/want"
	same "$out/want" "tsvtop of no samples: an empty table"
}

# Sources that do not add up are never summed without a word (issue 27):
# R's samples of 5 ms and 20 ms are added as time; as counts only with a
# note; counts that do not say how long a sample is stay counts, noted,
# and are refused as time; one type in units of two kinds is refused.
t_top_sources_add_up() {
	r5=tests/data/rprof/r-4.2/plain.out
	r20=tests/data/rprof/wild/AdamRahman__scagnostics2/Rprof.out
	$bin/rprof2tsv $r5 >"$out/r5.tsv"
	$bin/rprof2tsv $r20 >"$out/r20.tsv"
	$bin/folded2tsv tests/data/folded/perf-rust-Yamakaky-dcpu-collapsed-pid.txt \
	    >"$out/folded.tsv"
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz >"$out/go.tsv"
	printf 'main;f 3\n' | $bin/folded2tsv -t cpu/count >"$out/cpucount.tsv"
	{
		$bin/tsvtop -n 2 "$out/r5.tsv" "$out/r20.tsv"
		$bin/tsvtop -n 2 --unit=raw "$out/r5.tsv" "$out/r20.tsv"
		$bin/tsvtop -n 2 --unit=ms "$out/r5.tsv" "$out/go.tsv" -t samples
		$bin/tsvtop -n 2 "$out/r5.tsv" "$out/folded.tsv"
		$bin/tsvtop -n 2 --unit=s "$out/r5.tsv" "$out/folded.tsv"
		echo "exit $?"
		$bin/tsvtop -t cpu "$out/go.tsv" "$out/cpucount.tsv"
		echo "exit $?"
	} >"$out/got" 2>&1
	sed "s|$out/|OUT/|g" "$out/got" >"$out/got.s" && mv "$out/got.s" "$out/got"
	same tests/top/sources-add-up.expected "sources that do not add up"
}

# Two kinds of base are refused, as pprof refuses -base with -diff_base
# (audit A10); the same option again is the last one, as Go's flags take
# it.
t_top_one_base() {
	$bin/rprof2tsv "$R_MEM" >"$out/s.tsv"
	for pair in "--diff-base $out/s.tsv --base $out/s.tsv" \
	    "--base $out/s.tsv --diff-base $out/s.tsv" \
	    "-d 1 --base $out/s.tsv" "--diff-base $out/s.tsv -d 1"; do
		# shellcheck disable=SC2086
		$bin/tsvtop $pair "$out/s.tsv" >/dev/null 2>"$out/err"
		rc=$?
		[ $rc = 2 ] || bad "tsvtop $pair: exit $rc"
		grep -q 'one base only' "$out/err" || bad "tsvtop $pair: $(head -1 "$out/err")"
	done
	$bin/tsvtop --diff-base "$out/s.tsv" --diff-base "$out/s.tsv" "$out/s.tsv" \
	    >/dev/null || bad "tsvtop --diff-base F --diff-base F: exit $?"
}

# After tsvfocus, the percentages are of the total before the filters, as
# pprof's (issue 54): go tool pprof -top -focus=main -hide=^runtime gives
# crypto/sha256.block 29.41%, main.sortLoop 6.15% flat and 25.40% cum,
# 61.50% of 3740ms shown; with -relative_percentages 32.54%, 6.80%,
# 28.11%, 68.05% of 3380ms. A second tsvfocus keeps the first total.
t_top_filtered_percentages() {
	f=tests/data/pprof/go-1.19/go.cpu.pb.gz
	{
		$bin/tsvfocus -f main -H ^runtime "$f" | $bin/tsvtop -n 4
		$bin/tsvfocus -f main -H ^runtime "$f" | $bin/tsvtop -n 4 --relative
		$bin/tsvfocus -f main "$f" | $bin/tsvfocus -H ^runtime |
		    $bin/tsvtop -n 4 -q
		# pprof -peek=sortLoop: 6.15% 25.40%; relative 6.80% 28.11%
		$bin/tsvfocus -f main -H ^runtime "$f" >"$out/kept"
		$bin/tsvpeek sortLoop "$out/kept"
		$bin/tsvpeek --relative sortLoop "$out/kept"
		# pprof -dot: "Showing nodes accounting for 3.32s, 88.77% of
		# 3.74s total"; relative 98.22% of 3.38s
		$bin/tsvgraph "$out/kept" | grep -o 'Showing nodes[^\]*'
		$bin/tsvgraph --relative "$out/kept" |
		    grep -o 'Showing nodes[^\]*'
	} >"$out/got" 2>&1
	same tests/top/filtered-percentages.expected "percentages after filters"
}
