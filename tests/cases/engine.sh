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
