# report: tsvreport (Chromium drives the page in make interop).

report_page() {
	$bin/rprof2tsv "$R_MEM" >"$out/p.tsv"
	$bin/tsvreport "$@" "$out/p.tsv" >"$out/r.html" ||
	    bad "tsvreport $* failed"
}

# The page's tables are exactly what tsvtop, tsvpeek --tree and tsvlist
# write, # lines and all.
t_report_tables() {
	report_page -m --source-path tests/data/rprof/r-4.2
	awk -v id=top-data -f tests/report/json-part.awk "$out/r.html" >"$out/got"
	$bin/tsvtop -m "$out/p.tsv" >"$out/want"
	same_lines want got "the page's top table"
	awk -v id=top-all-data -f tests/report/json-part.awk "$out/r.html" >"$out/got"
	$bin/tsvtop -m --nodefraction=0 "$out/p.tsv" >"$out/want"
	same_lines want got "the page's whole top table (no node fraction)"
	awk -v id=peek-data -f tests/report/json-part.awk "$out/r.html" >"$out/got"
	$bin/tsvpeek --table --tree "$out/p.tsv" >"$out/want"
	same_lines want got "the page's callers and callees"
	awk -v id=list-data -f tests/report/json-part.awk "$out/r.html" >"$out/got"
	$bin/tsvlist -m --source-path tests/data/rprof/r-4.2 . "$out/p.tsv" \
	    >"$out/want"
	same_lines want got "the page's source"
}

# One file, nothing fetched: no address but SVG's namespace, no src or
# href; both pictures inline, each well-formed XML with as many frames as
# tsvflame draws.
t_report_self_contained() {
	need xmllint || return
	report_page
	grep -o "https\\?://[^\"' ]*" "$out/r.html" | sort -u >"$out/got"
	# (namespaces: SVG's, XLink's in Graphviz's call graph, XHTML's of
	# the canvas the labels are measured on)
	printf '%s\n' http://www.w3.org/1999/xhtml http://www.w3.org/1999/xlink \
	    http://www.w3.org/2000/svg >"$out/want"
	same_lines want got "addresses in the page"
	! grep -q ' src=\| href=' "$out/r.html" || bad "the page loads something"
	for v in graph chart callgraph; do
		awk -v v=$v '$0 ~ "^<section class=\"view\" id=\"v-" v "\"" { on = 1; next }
		    on && /^<\/section>$/ { on = 0 } on' "$out/r.html" >"$out/$v.svg"
		xmllint --noout "$out/$v.svg" || bad "the $v is not XML"
	done
	test "$(grep -c '<g class="f"' "$out/graph.svg")" -eq \
	    "$($bin/tsvflame "$out/p.tsv" | grep -c '<g class="f"')" ||
	    bad "the page's graph has other frames than tsvflame's"
	test "$(grep -c '<g class="f"' "$out/chart.svg")" -eq \
	    "$($bin/tsvflame --chart "$out/p.tsv" | grep -c '<g class="f"')" ||
	    bad "the page's chart has other frames than tsvflame --chart's"
	grep -q 'id="g-frames"' "$out/graph.svg" &&
	    grep -q 'id="c-frames"' "$out/chart.svg" ||
	    bad "the pictures' ids are not apart"
	# the call graph: tsvgraph's, laid out by dot (a box a node, nodelet
	# and the legend)
	need dot || return
	test "$(grep -c 'class="node"' "$out/callgraph.svg")" -eq \
	    "$($bin/tsvgraph -T 'Call graph' "$out/p.tsv" | dot -Tsvg |
	    grep -c 'class="node"')" ||
	    bad "the page's call graph has other boxes than tsvgraph's"
}

# A profile with no sample still makes a page, which says why there is no
# picture; bad usage is 2.
t_report_empty() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/line.out |
	    $bin/tsvfocus -f nomatchatall >"$out/e.tsv" 2>/dev/null
	$bin/tsvreport "$out/e.tsv" >"$out/r.html" || bad "exit $? on no samples"
	grep -q 'No flame graph: no samples to draw' "$out/r.html" ||
	    bad "the page does not say why there is no graph"
	$bin/tsvreport -w 5 "$out/e.tsv" >/dev/null 2>&1
	test $? -eq 2 || bad "-w 5: not a usage error"
	$bin/tsvreport -o "$out/x.html" /nonexistent 2>/dev/null
	test $? -eq 1 && ! test -e "$out/x.html" || bad "a missing input: not 1, or a file left"
}

# The page's style and scripts are lib/views/report/report.css and
# its .js files as they are in the tree (tools/embed.awk).
t_report_assets_are_files() {
	$bin/rprof2tsv "$R_MEM" | $bin/tsvreport >"$out/page" || bad "tsvreport failed"
	awk '/^<style>$/ { n++; if (n == 1) { on = 1; next } }
	    /^<\/style>$/ { on = 0 } on' "$out/page" >"$out/got"
	[ -s "$out/got" ] || bad "no style in the page"
	same lib/views/report/report.css "the page's style"
	# its scripts: the page's, then the refine controls' (page.c's
	# refine_js_all)
	awk '/^<script>$/ { on = 1; n++; next } /^<\/script>$/ { on = 0 }
	    on { print > (OUT "." n) }' OUT="$out/script" "$out/page"
	n=1
	for f in report.js wasi.js refineruns.js graphlayout.js refine.js; do
		mv "$out/script.$n" "$out/got" 2>/dev/null ||
		    { bad "no script $n ($f) in the page"; n=$((n + 1)); continue; }
		same lib/views/report/$f "the page's $f"
		n=$((n + 1))
	done
}

# A page or picture made to be sent says nothing of where it was made:
# titles from the input's base name, given as an absolute path into a
# directory of a telling name; with --trim-path, no file name keeps the
# trimmed directory (Go's labelled profile was built in /work/main: its
# files are /work/main/tests/...).
t_report_no_local_path() {
	d=$out/made-here-7f3a
	mkdir -p "$d"
	cp tests/data/pprof/go-labelled/cpu1.pb.gz "$d/"
	f=$d/cpu1.pb.gz
	$bin/tsvreport --trim-path /work/main "$f" >"$out/p.html" ||
	    bad "tsvreport of $f"
	$bin/tsvflame "$f" >"$out/f.svg" || bad "tsvflame of $f"
	$bin/tsvflame -C "$f" >"$out/c.svg" || bad "tsvflame -C of $f"
	$bin/tsvgraph "$f" >"$out/g.dot" || bad "tsvgraph of $f"
	for o in p.html f.svg c.svg g.dot; do
		n=$(grep -c 'made-here-7f3a' "$out/$o")
		[ "$n" = 0 ] || bad "$o holds the input's directory $n times"
	done
	n=$(grep -c '/work/main' "$out/p.html")
	[ "$n" = 0 ] || bad "the page holds the trimmed /work/main $n times"
	# nor in what it holds gzip'd: the other types' views, the stacks
	# the refine controls read
	sed -n 's/^<script type="application\/octet-stream"[^>]*>\([^<]*\)<\/script>$/\1/p' \
	    "$out/p.html" >"$out/gz.b64"
	[ "$(wc -l <"$out/gz.b64")" -ge 3 ] ||
	    bad "the page holds $(wc -l <"$out/gz.b64") gzip'd parts, not 3 or more"
	while read -r b; do
		printf '%s' "$b" | base64 -d | gzip -dc ||
		    bad "a gzip'd part does not inflate"
	done <"$out/gz.b64" >"$out/inflated"
	n=$(grep -c 'made-here-7f3a\|/work/main' "$out/inflated")
	[ "$n" = 0 ] || bad "the page's gzip'd parts hold a local path $n times"
	grep -q 'tests/interop/labelled/main.go' "$out/inflated" ||
	    bad "the gzip'd parts lost the trimmed file names"
	grep -q '<title>cpu1.pb.gz</title>' "$out/p.html" ||
	    bad "the page's title is not the input's base name"
	grep -q 'tests/interop/labelled/main.go' "$out/p.html" ||
	    bad "the page lost the trimmed file names"
}

# A diff page (--diff-base): its tables are tsvtop's and tsvpeek's with
# the same base (tsvpeek's blocks of it are pprof's: peek/diff); its call
# graph is tsvgraph's (pprof's: graph/diff), laid out; its flame graph
# colours each function by its change, in the table's unit; no flame
# chart.
t_report_diff() {
	d=tests/data/pprof/go-labelled
	$bin/tsvreport --diff-base $d/cpu1.pb.gz $d/cpu2.pb.gz >"$out/r.html" ||
	    { bad "tsvreport --diff-base"; return; }
	awk -v id=top-data -f tests/report/json-part.awk "$out/r.html" >"$out/got"
	$bin/tsvtop --diff-base $d/cpu1.pb.gz $d/cpu2.pb.gz >"$out/want"
	same_lines want got "the diff page's top table"
	awk -v id=peek-data -f tests/report/json-part.awk "$out/r.html" >"$out/got"
	$bin/tsvpeek --table --tree --diff-base $d/cpu1.pb.gz $d/cpu2.pb.gz \
	    >"$out/want"
	same_lines want got "the diff page's callers and callees"
	grep -q 'total 760 ms, base 750 ms;' "$out/r.html" ||
	    bad "the flame graph's totals are not the profile's and the base's, in ms"
	grep -A3 '<title>main.workB$' "$out/r.html" | grep -q '^base 140 ms, change +321.43%' ||
	    bad "main.workB's box does not say its base and change"
	grep -q 'No flame chart: a diff has no order in time' "$out/r.html" ||
	    bad "the chart's tab does not say why a diff has none"
	if command -v dot >/dev/null 2>&1; then
		grep -q '>0 of &#45;410ms (54.67%)<' "$out/r.html" ||
		    bad "the call graph has not main.workA's loss as pprof's"
	fi
	# one unit on the page (issue 54): a base of 750 ms under a profile
	# of 3.74 s, the table in ms, the flame graph too (it said 3.74s)
	$bin/tsvreport --diff-base $d/cpu1.pb.gz \
	    tests/data/pprof/go-1.19/go.cpu.pb.gz >"$out/r2.html"
	grep -q 'values in ms' "$out/r2.html" || bad "the table is not in ms"
	grep -q 'total 3740 ms, base 750 ms;' "$out/r2.html" ||
	    bad "the flame graph: $(grep -o 'total [^;]*;' "$out/r2.html" | head -1)"
}

# The sample type switch (pprof -http's sample menu): a Go heap profile's
# page offers its four types, the one shown first pprof's default; each
# other type's views, inflated (gzip in base64, as the page's script
# inflates them: what the switch shows first, then the other tables), are
# tsvtop's and tsvpeek's tables of that type and
# tsvflame's total of it; the page stays under twice the size of the
# rest of it, and R's page and a diff's have no switch.
t_report_types() {
	h=tests/data/pprof/go-1.19/go.heap.pb.gz
	$bin/tsvreport $h >"$out/r.html" || { bad "tsvreport"; return; }
	grep -o '<select id="type".*</select>' "$out/r.html" |
	    grep -o '<option[^>]*>[^<]*' | sed 's/.*>//' >"$out/got"
	printf '%s\n' alloc_space alloc_objects inuse_objects inuse_space \
	    >"$out/want"
	same_lines want got "the switch's types"
	for t in alloc_objects inuse_objects inuse_space; do
		for k in views data; do
			grep -o "<script type=\"application/octet-stream\" class=\"alt\" data-type=\"$t\" data-part=\"$k\">[^<]*" \
			    "$out/r.html" | sed 's/.*">//' | base64 -d | gzip -dc \
			    >"$out/$t.$k.json" ||
			    { bad "$t's $k: not gzip in base64"; continue 2; }
		done
		awk -v key=top -f tests/report/json-part.awk "$out/$t.views.json" >"$out/got"
		$bin/tsvtop -t $t $h >"$out/want"
		same_lines want got "$t's top table"
		awk -v key=all -f tests/report/json-part.awk "$out/$t.data.json" >"$out/got"
		$bin/tsvtop -t $t --nodefraction=0 $h >"$out/want"
		same_lines want got "$t's whole top table"
		awk -v key=peek -f tests/report/json-part.awk "$out/$t.data.json" >"$out/got"
		$bin/tsvpeek --table --tree -t $t $h >"$out/want"
		same_lines want got "$t's callers and callees"
		awk -v key=graph -f tests/report/json-part.awk "$out/$t.views.json" |
		    grep -o 'total [^;]*;' >"$out/got"
		$bin/tsvflame -t $t $h | grep -o 'total [^;]*;' >"$out/want"
		same_lines want got "$t's flame graph total"
	done
	grep -v '^<script type="application/octet-stream" class="alt"' \
	    "$out/r.html" | wc -c >"$out/one"
	[ "$(wc -c <"$out/r.html")" -le $((2 * $(cat "$out/one"))) ] ||
	    bad "the page with its switch is more than twice one type's"
	report_page
	! grep -q '<select id="type"' "$out/r.html" || bad "R's page has a switch"
	d=tests/data/pprof/go-labelled
	$bin/tsvreport --diff-base $d/heap1.pb.gz $d/heap2.pb.gz |
	    grep -q '<select id="type"' && bad "a diff page has a switch"
	return 0
}

# Every sample type on the page of a small profile (issue 54): the pages
# of the test data's heap profiles of kilobytes offer all their types
# (heap1.pb.gz left inuse_objects out: "twice its size"); --max-extra
# bounds what they may add, and the page says which it left out.
t_report_every_type() {
	for h in tests/data/pprof/go-labelled/heap1.pb.gz \
	    tests/data/pprof/go-labelled/heap2.pb.gz \
	    tests/data/pprof/pprofutils/heapage.in.pprof \
	    tests/data/pprof/google-pprof/profile/testdata/gobench.heap; do
		$bin/tsvreport "$h" >"$out/r.html" || { bad "tsvreport $h"; continue; }
		grep -o '<select id="type".*</select>' "$out/r.html" |
		    grep -o '<option[^>]*>[^<]*' | sed 's/.*>//' | sort >"$out/got"
		$bin/pprof2tsv "$h" | awk -F'\t' '$1 == "sample_values" { print $3 }' |
		    sort -u >"$out/want"
		same_lines want got "the types of $h's page"
		grep -q 'left out' "$out/r.html" && bad "$h: a type left out"
	done
	$bin/tsvreport --max-extra=1k tests/data/pprof/go-labelled/heap1.pb.gz |
	    grep -q 'types\? left out: the page would pass [0-9]* kB (tsvreport --max-extra keeps them)' ||
	    bad "--max-extra=1k: no type said left out"
	$bin/tsvreport --max-extra=x "$h" >/dev/null 2>"$out/err"
	[ $? = 2 ] || bad "--max-extra=x: not a usage error"
	# a stream past the bound (50,000 samples, each its own label) is
	# left out of the page, said, its compression stopped there
	{ plain_head labels
	awk 'BEGIN { OFS = "\t"; srand(7)
	    print "functions", 1, "main", "main", "", 0; print "locations", 1, 1, 1
	    for (i = 1; i <= 50000; i++) { print "samples", i, 1
		print "sample_values", i, "samples", "count", 1
		print "sample_locations", i, 1, 1
		print ".sample_labels", i, "id", int(rand() * 1e12), "NA", "NA" } }'
	} >"$out/many.tsv"
	$bin/tsvreport --max-extra=1k "$out/many.tsv" >"$out/r.html" &&
	    grep -q 'the stream would pass [0-9]* kB: tsvfocus, then tsvreport (or --max-extra)' \
	    "$out/r.html" || bad "a stream past --max-extra: not said left out"
	$bin/tsvreport "$out/many.tsv" | grep -q 'the stream would pass' &&
	    bad "a stream within the bound left out"
	return 0
}
