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
t_graph_pruning() {
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz | $bin/tsvgraph \
	    >"$out/g.dot"
	n=$(grep -c '^N[0-9]* \[' "$out/g.dot")
	test "$n" -le 80 || bad "$n boxes, more than 80"
	grep -q 'Showing top 80 nodes out of' "$out/g.dot" ||
	    bad "the legend does not say the nodes were cut to 80"
	grep -q 'Dropped [0-9]* nodes (cum < ' "$out/g.dot" ||
	    bad "the legend does not count the nodes dropped"
}
