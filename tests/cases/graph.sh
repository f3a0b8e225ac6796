# graph: tsvgraph (go tool pprof -dot judges it in make interop; Graphviz
# draws it here).

# An R profile's exact DOT.
t_graph_exact() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/append.out | $bin/tsvgraph \
	    >"$out/got"
	same tests/graph/r-append.dot "tsvgraph of append.out"
}

# Graphviz reads and draws it (an SVG with a box per function), and the
# boxes' plain figures are tsvtop's flat and cum, exactly.
t_graph_graphviz() {
	need dot || return
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz >"$out/p.tsv"
	$bin/tsvgraph --all "$out/p.tsv" >"$out/g.dot"
	dot -Tsvg "$out/g.dot" >"$out/g.svg" 2>"$out/err" ||
	    bad "dot refused tsvgraph's graph: $(head -2 "$out/err")"
	# (the legend is a box too)
	n=$(($(grep -c '<g id="node[0-9]*" class="node"' "$out/g.svg") - 1))
	m=$($bin/tsvtop -q --all "$out/p.tsv" | tail -n +2 | wc -l)
	test "$n" -eq "$m" || bad "$n boxes drawn for $m functions"
	sed -n 's/.* fn="\([^"]*\)" flat="\([^"]*\)" cum="\([^"]*\)".*/\1	\2	\3/p' \
	    "$out/g.dot" | LC_ALL=C sort >"$out/got"
	$bin/tsvtop -q --all --unit=raw "$out/p.tsv" |
	    awk -F'\t' 'NR > 1 { print $1 "\t" $2 "\t" $4 }' | LC_ALL=C sort \
	    >"$out/want"
	same "$out/want" "the boxes' figures against tsvtop's"
}

# pprof's default pruning: 80 functions at most, nodes under 0.005 and
# calls under 0.001 of the total left out and counted in the legend.
# (go.cpu's phase and worker labels are nodelets that pprof's choice
# counts as nodes: 72 boxes, and 32 dotted residual edges across the
# nodes dropped, as go tool pprof -dot draws; make interop's go/graph
# checks every edge.)
t_graph_pruning() {
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz | $bin/tsvgraph \
	    >"$out/g.dot"
	n=$(grep -c '^N[0-9]* \[' "$out/g.dot")
	test "$n" = 72 || bad "$n boxes, not pprof's 72"
	grep -q 'Showing top 72 nodes out of 122' "$out/g.dot" ||
	    bad "the legend does not say the nodes were cut to 72 of 122"
	grep -q 'Dropped 58 nodes (cum <= 0.02s)' "$out/g.dot" ||
	    bad "the legend does not count the nodes dropped"
	n=$(grep -c 'style="dotted"' "$out/g.dot")
	test "$n" = 32 || bad "$n residual edges, not pprof's 32"
}

# Names that are not UTF-8 beside names that are (an encoded surrogate,
# an overlong '/', a code point past U+10FFFF, a stray byte): tsvgraph's
# DOT holds U+FFFD for each, and dot -Tsvg then writes an SVG that
# xmllint parses; every text output of the suite that draws names does
# (tsvflame's SVG, tsvreport's page, tsv2speedscope's JSON).
t_graph_utf8() {
	need dot xmllint || return
	printf '%s\n' 'caf\303\251' 'a\355\240\200b' 'c\300\257d' \
	    'e\364\220\200\200f' 'g\377h' | while IFS= read -r l; do
		printf "$l"'\n'; done | { plain_head; awk -v OFS='\t' '
	    { print "functions", NR, $0, $0, "", 0; print "locations", NR, NR, 0
	      print "samples", NR, 1; print "sample_values", NR, "samples", "count", NR
	      print "sample_locations", NR, 1, NR
	      if (NR > 1) print "sample_locations", NR, 2, 1 }'; } >"$out/p.tsv"
	$bin/tsvvalidate "$out/p.tsv" || { bad "the test's stream"; return; }
	$bin/tsvgraph "$out/p.tsv" >"$out/g.dot" || { bad "tsvgraph"; return; }
	n=$(grep -o "$(printf '\357\277\275')" "$out/g.dot" | wc -l)
	[ "$n" -ge 4 ] || bad "tsvgraph: $n U+FFFD, not one per bad name"
	grep -q "$(printf 'caf\303\251')" "$out/g.dot" || bad "tsvgraph: café lost"
	dot -Tsvg "$out/g.dot" >"$out/g.svg" 2>"$out/err" || bad "dot: $(cat "$out/err")"
	xmllint --noout "$out/g.svg" 2>"$out/err" ||
	    bad "dot's SVG of tsvgraph's DOT: $(head -2 "$out/err")"
	$bin/tsvflame "$out/p.tsv" >"$out/f.svg" && xmllint --noout "$out/f.svg" ||
	    bad "tsvflame's SVG"
	$bin/tsvreport "$out/p.tsv" >"$out/r.html" &&
	    iconv -f UTF-8 -t UTF-8 "$out/r.html" >/dev/null 2>&1 ||
	    bad "tsvreport's page is not UTF-8"
	$bin/tsv2speedscope "$out/p.tsv" >"$out/s.json" &&
	    iconv -f UTF-8 -t UTF-8 "$out/s.json" >/dev/null 2>&1 ||
	    bad "tsv2speedscope's JSON is not UTF-8"
}

# A diff, as go tool pprof -dot -diff_base draws it: the base's samples
# negated, percentages of the base's total, pprof's cuts and choice of
# nodes (a call of no weight, whose samples cancel, counts in pprof's
# entropy as NaN). tests/graph/go-labelled-diff.rows is pprof's own
# graph of the two labelled CPU profiles (go tool pprof -dot -diff_base
# cpu1 cpu2, as dot_graph_rows reads it, its legend first) but for the
# calls pprof draws into a box named N0 (into a function whose values
# cancel, left out of pprof's nodes): tsvgraph leaves those out.
t_graph_diff() {
	d=tests/data/pprof/go-labelled
	$bin/tsvgraph --diff-base $d/cpu1.pb.gz $d/cpu2.pb.gz >"$out/g.dot" ||
	    { bad "tsvgraph --diff-base"; return; }
	{ grep -o 'Showing nodes accounting for [^"]*' "$out/g.dot" |
	    sed 's/\\l$//'; dot_graph_rows <"$out/g.dot"; } >"$out/got"
	same tests/graph/go-labelled-diff.rows "tsvgraph --diff-base"
	# -d: the same, the base a source of the input
	$bin/tsvcombine $d/cpu1.pb.gz $d/cpu2.pb.gz >"$out/both.tsv"
	$bin/tsvgraph -d 1 "$out/both.tsv" | cmp -s - "$out/g.dot" ||
	    bad "tsvgraph -d 1 differs from --diff-base"
	$bin/tsvgraph --diff-base $d/cpu1.pb.gz --base $d/cpu1.pb.gz \
	    $d/cpu2.pb.gz >/dev/null 2>"$out/err"
	[ $? = 2 ] && grep -q 'one base only' "$out/err" ||
	    bad "--diff-base with --base: not refused as usage"
	$bin/tsvgraph -d 7 "$out/both.tsv" >/dev/null 2>"$out/err"
	[ $? = 1 ] && grep -q '^tsvgraph: -d: ' "$out/err" ||
	    bad "-d of a source not there: $(cat "$out/err")"
}
