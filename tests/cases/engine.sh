# engine: the report page's engine (make wasm: the analysis programs as
# one WebAssembly module, run by lib/views/report/wasi.js, the page's own
# runner, here under node) gives what the programs give, byte for byte.

# engine_same STREAM PIPELINE: PIPELINE (programs and their arguments,
# shell-quoted, stages joined by " | ") run natively and in the engine on
# STREAM: the same output, the same errors, the same exit status.
engine_same() {
	s=$1 line=$2
	staged=$(printf '%s\n' "$line" | sed 's/ | / -- /g')
	native_pipeline "$staged" <"$s" >"$out/native" 2>"$out/native.err"
	ns=$?
	eval "node \"\$top/tests/engine.js\" \"\$top/build/wasm/engine.wasm\" $staged" \
	    <"$s" >"$out/engine" 2>"$out/engine.err"
	es=$?
	cmp -s "$out/native" "$out/engine" ||
	    { bad "$(basename "$s"): $line: the engine's output differs"
	    diff "$out/native" "$out/engine" | head -5; }
	cmp -s "$out/native.err" "$out/engine.err" ||
	    bad "$(basename "$s"): $line: errors: $(head -c 200 "$out/native.err") / $(head -c 200 "$out/engine.err")"
	[ "$ns" = "$es" ] || bad "$(basename "$s"): $line: exit $ns natively, $es in the engine"
}

# The profiles the page is made of most: R's memory profile, Go's CPU
# profile, perf's, Node's; each view the page shows, plain and after a
# refine (tsvfocus's filters, a window, tag filters), in the page's units.
t_engine_views() {
	need node || return
	[ -f "$top/build/wasm/engine.wasm" ] || { bad "no build/wasm/engine.wasm (make wasm)"; return; }
	$bin/rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out >"$out/r.tsv"
	$bin/pprof2tsv tests/data/pprof/go-labelled/cpu1.pb.gz >"$out/go.tsv"
	gzip -dc tests/data/perf/clock/perf-clock-monotonic.txt.gz | $bin/perf2tsv >"$out/perf.tsv"
	$bin/cpuprofile2tsv tests/data/cpuprofile/sucrase.cpuprofile.gz >"$out/node.tsv"
	for f in r go perf node; do
		pick <<'EOL' | while IFS= read -r line; do engine_same "$out/$f.tsv" "$line"; done
tsvtop
tsvtop -c -n 15 --unit ms
tsvtop -l --all
tsvtop --relative
tsvpeek '.'
tsvpeek --tree 'work|spin|parse|sort'
tsvgraph
tsvgraph --nodefraction 0.01
tsvflame
tsvflame -C
tsvfocus -f 'main|merge|work|spin|parse' | tsvtop
tsvfocus -H '^runtime\.|sort|\(' | tsvgraph
tsvfocus -i 'gc|GC|garbage' | tsvflame
tsvfocus -S 'work|spin' | tsvpeek '.'
tsvfocus --tagfocus 'worker=a' | tsvtop
tsvfocus --from 2026-11-29T00:00:00Z | tsvtop
tsvfocus -f '[' | tsvtop
tsvtop -t nosuchtype
EOL
	done
}

# page_same TAG TYPE FIRST: each view the page's refine controls made for
# TAG (tests/page-engine.js, in $out/pe) is what tsvfocus's output
# ($out/TAG.tsv) gives the programs run here with the options a page made
# with $popts (-m, --unit) asks for, TYPE shown (FIRST: the page's first
# type, the chart's).
page_same() {
	tag=$1 t="-t $2" unit= m=
	[ "$2" = - ] && t=
	case " $popts " in *" -m "*) m=-m ;; esac
	case " $popts " in *" --unit "*) unit="--unit $(printf '%s\n' "$popts" |
	    sed 's/.*--unit \([^ ]*\).*/\1/')" ;; esac
	s=$out/$tag.tsv
	$bin/tsvtop $m $unit $t "$s" >"$out/want.top"
	$bin/tsvtop --nodefraction=0 $m $unit $t "$s" >"$out/want.all"
	$bin/tsvpeek --table --tree $unit $t "$s" >"$out/want.peek"
	$bin/tsvflame -w 1200 -T 'Flame graph' --id-prefix r- $t "$s" \
	    >"$out/want.graph" 2>/dev/null
	$bin/tsvflame -C -t "$3" -w 1200 -T 'Flame chart' --id-prefix rc- "$s" \
	    >"$out/want.chart" 2>/dev/null
	$bin/tsvgraph -T 'Call graph' $unit $t "$s" >"$out/want.callgraph"
	for v in top all peek graph chart callgraph; do
		cmp -s "$out/want.$v" "$out/pe/$tag.$v" ||
		    { bad "$name $tag: the page's refined $v is not the programs'"
		    diff "$out/want.$v" "$out/pe/$tag.$v" | head -4; }
	done
}

# page_case NAME FILE "TSVREPORT OPTIONS"; then lines "tag<tab>type<tab>the
# refine menu's fields as JSON<tab>tsvfocus's options" (type -: the page's
# first): a page of FILE refined by
# its own arguments, stream and engine under node (page-engine.js) gives,
# in every view, what tsvfocus with those options on FILE, then the
# programs, give here.
page_case() {
	name=$1 f=$2 popts=$3
	mkdir -p "$out/pe"
	eval "\$bin/tsvreport $popts -o \"\$out/\$name.html\" \"\$f\"" ||
	    { bad "$name: tsvreport $popts failed"; return; }
	first=$(sed -n 's/.*<option selected>\([^<]*\)<\/option>.*/\1/p' "$out/$name.html")
	[ -n "$first" ] || first=$($bin/tsvtop "$f" | sed -n '1s/^# type: \([^ ]*\).*/\1/p')
	specs=$(cat)
	printf '%s\n' "$specs" | cut -f 1-3 |
	    node tests/page-engine.js "$out/$name.html" "$out/pe" ||
	    { bad "$name: page-engine.js failed"; return; }
	tab=$(printf '\t')
	printf '%s\n' "$specs" | while IFS=$tab read -r tag type spec opts; do
		src=
		case " $popts " in *" -s "*) src="-s $(printf '%s\n' "$popts" |
		    sed 's/.*-s \([^ ]*\).*/\1/')" ;; esac
		eval "\$bin/tsvfocus $src $opts \"\$f\"" >"$out/$tag.tsv" \
		    2>"$out/$tag.focus.err"
		# (what tsvfocus says: the page's run says the same)
		cmp -s "$out/$tag.focus.err" "$out/pe/$tag.err" ||
		    bad "$name $tag: errors: $(cat "$out/$tag.focus.err") / $(cat "$out/pe/$tag.err")"
		page_same "$tag" "$type" "$first"
	done
}

# The page's refine controls, as the page runs them (its own arguments,
# stream and engine, by its own refineruns.js and wasi.js, under node):
# R's memory profile (a page made with -m), Go's labelled CPU profile
# (labels; RE2; show from), its heap profile (numeric labels, a type
# chosen from the menu, --unit), perf's (-s), Node's.
t_engine_page() {
	need node || return
	page_case r tests/data/rprof/r-4.2/memory-gc-line.out '-m' <<'EOT'
r1	-	{"focus":"^df_work$"}	-f '^df_work$'
r2	-	{"hide":"^(FUN|lapply)$","ignore":"gc"}	-H '^(FUN|lapply)$' -i gc
EOT
	page_case go tests/data/pprof/go-labelled/cpu1.pb.gz '' <<'EOT'
go1	-	{"focus":"main\\.workA"}	-f 'main\.workA'
go2	-	{"tagfocus":"worker=b","show":"^main\\."}	--tagfocus worker=b -S '^main\.'
go3	-	{"focus":"(?i)MAIN\\.WORK[[:upper:]]\\z"}	-f '(?i)MAIN\.WORK[[:upper:]]\z'
go4	-	{"showfrom":"main\\.main\\.func2$","hide":"Preempt"}	-r 'main\.main\.func2$' -H Preempt
EOT
	page_case heap tests/data/pprof/go-labelled/heap2.pb.gz '--unit kB' <<'EOT'
h1	-	{"tagfocus":"bytes=40kb:"}	--tagfocus bytes=40kb:
h2	inuse_space	{"tagignore":"bytes=64","focus":"main\\."}	--tagignore bytes=64 -f 'main\.'
EOT
	gzip -dc tests/data/perf/clock/perf-clock-monotonic.txt.gz | $bin/perf2tsv >"$out/perf.tsv"
	page_case perf "$out/perf.tsv" '-s 1' <<'EOT'
p1	-	{"ignore":"\\[kernel"}	-i '\[kernel'
EOT
	page_case node tests/data/cpuprofile/sucrase.cpuprofile.gz '' <<'EOT'
n1	-	{"focus":"parse","tagignore":"x=y"}	-f parse --tagignore x=y
EOT
}
