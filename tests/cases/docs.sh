# docs: the documentation's examples run (issue 56).

# readme_fixture DIR: the files the README's pipelines name, made of the
# test data: Rprof.out is R's memory-gc-line.out, cpu.pb.gz (old, new)
# Go's labelled CPU profiles, profiles.json the eBPF profiler's OTLP/JSON
# (as pyroscope's test data has it), runs.db those profiles stored with
# service.name=api, gecko.json Firefox's; and stand-ins for the
# producers a pipeline starts from (perf, node, py-spy, curl, firefox-esr) and for flamegraph.pl and
# stackcollapse-perf.pl, each giving what the real one would give of the
# test data.
readme_fixture() {
	d=$1 t=$top/tests/data
	mkdir -p "$d/stubs"
	cp "$t/rprof/r-4.2/memory-gc-line.out" "$d/Rprof.out"
	cp "$t/pprof/go-labelled/cpu1.pb.gz" "$d/cpu.pb.gz"
	cp "$t/pprof/go-labelled/cpu1.pb.gz" "$d/old.pb.gz"
	cp "$t/pprof/go-labelled/cpu2.pb.gz" "$d/new.pb.gz"
	cp "$t/pprof/go-1.19/go.heap.pb.gz" "$d/heap.pb.gz"
	cp "$t/pprof/google-pprof/profile/testdata/cppbench.heap" "$d/"
	gzip -dc "$t/otlp/pyroscope/otel-ebpf-profile.pb.json.gz" >"$d/profiles.json"
	zstd -q "$d/profiles.json" -o "$d/otel-profiles.json.zst"
	cp "$t/otlp/ebpf-profiler-timestamps.otlp" "$d/profile.otlp"
	cp "$t/speedscope/0.6.0-two-sampled.speedscope.json" "$d/py.json"
	gzip -dc "$t/folded/austin/mp.austin.gz" >"$d/py.austin"
	gzip -dc "$t/cpuprofile/node/CPU.20261129.052704.7460.0.001.cpuprofile.gz" \
	    >"$d/CPU.20261129.052704.7460.0.001.cpuprofile"
	cp "$t/cpuprofile/chromium-trace/page.trace.json.gz" \
	    "$d/Trace-20261129T090652.json.gz"
	for n in run1 run2 run3 run old before; do
		$bin/rprof2tsv "$t/rprof/r-4.2/memory.out" >"$d/$n.tsv"
	done
	for n in new after; do
		$bin/rprof2tsv "$t/rprof/r-4.2/memory-gc-line.out" >"$d/$n.tsv"
	done
	$bin/otlp2tsv "$d/profiles.json" | awk -F'\t' '{ print }
	    $1 == "sources" { print ".source_attributes\t" $2 "\tservice.name\tapi" }' |
	    $bin/tsv2sql -b "$d/runs.db" || bad "runs.db"
	printf '#!/bin/sh\ncat >/dev/null; echo "<svg/>"\n' >"$d/stubs/flamegraph.pl"
	printf '#!/bin/sh\n[ "$1" = script ] && exec gzip -dc %s\nexit 2\n' \
	    "$t/perf/clock/perf-clock-monotonic.txt.gz" >"$d/stubs/perf"
	# curl: a Go program's profile, or a Collector that takes what is
	# posted
	printf '#!/bin/sh\ncase "$*" in *--data-binary*) exit 0 ;; esac\nexec cat %s\n' \
	    "$t/pprof/go-1.19/go.goroutine.pb.gz" >"$d/stubs/curl"
	printf '#!/bin/sh\nexec perf2tsv | tsv2folded --perf\n' \
	    >"$d/stubs/stackcollapse-perf.pl"
	gzip -dc "$t/firefox/firefox-esr-153.gecko.json.gz" >"$d/gecko.json"
	# firefox-esr: its profile at shutdown, where MOZ_PROFILER_SHUTDOWN says
	printf '#!/bin/sh\nexec gzip -dc %s >"$MOZ_PROFILER_SHUTDOWN"\n' \
	    "$t/firefox/firefox-esr-153.gecko.json.gz" >"$d/stubs/firefox-esr"
	# a Java Flight Recorder recording, and java making one where
	# -XX:StartFlightRecording says
	cp "$t/jfr/work.jfr" "$d/rec.jfr"
	# (async-profiler's agent its recording; JDK 25's CPU-time sampler
	# that JDK's)
	cat >"$d/stubs/java" <<EOF
#!/bin/sh
for a; do
	case \$a in
	-XX:StartFlightRecording*CPUTimeSample*filename=*)
		f=\${a#*filename=}; cp $t/jfr/cpu-time.jfr "\${f%%,*}" ;;
	-XX:StartFlightRecording*filename=*)
		f=\${a#*filename=}; cp $t/jfr/work.jfr "\${f%%,*}" ;;
	-agentpath:*file=*)
		f=\${a#*file=}; cp $t/jfr/async-profiler.jfr "\${f%%,*}" ;;
	esac
done
EOF
	printf '#!/bin/sh\nexit 0\n' >"$d/stubs/node"
	cp "$d/stubs/node" "$d/stubs/py-spy"
	chmod +x "$d/stubs/"*
}

# Every pipeline of the README runs and exits 0 on the test data, each in
# a fresh copy of its files (one writes Rprof.out, which the next reads):
# the lines of its Pipelines section and those above it, with the
# programs of build/bin. Those that need a PostgreSQL server are left to
# make interop; those that need go or dot, where they are missing.
t_docs_readme_pipelines() {
	need zstd || return
	readme_fixture "$out/fixture" || return
	awk '/^Every program that reads a stream also reads any profile/ { on = 1 }
	    /^## Which view/ { on = 0 }
	    on && /^    [a-z]/ { sub(/^    /, ""); print }' README.md >"$out/lines"
	n=0
	while IFS= read -r l; do
		c=$(printf '%s\n' "$l" | sed 's/   *# .*$//')
		case $c in
		*psql*|*dbname=*|*clickhouse*) continue ;;	# a server: make interop
		*'go tool'*) command -v go >/dev/null 2>&1 || continue ;;
		*'dot -T'*) command -v dot >/dev/null 2>&1 || continue ;;
		esac
		rm -rf "$out/run"
		cp -R "$out/fixture" "$out/run"
		(cd "$out/run" && PATH=$bin:$out/run/stubs:$PATH \
		    bash -o pipefail -c "$c") >/dev/null 2>"$out/err" ||
		    bad "README: $c: exit $?: $(head -c 300 "$out/err")"
		n=$((n + 1))
	done <"$out/lines"
	[ $n -ge 40 ] || bad "only $n of the README's pipelines ran"
}

# Every example of the man pages (their EXAMPLES' literal blocks) runs
# and exits 0 on the test data, a page's blocks one after another (one
# may make the file the next reads), as the README's pipelines do; a
# block that is no command (a stream, SQL, R) is not run, nor one that
# needs what make check has not (a profiler run, a database server).
t_docs_man_examples() {
	need zstd || return
	readme_fixture "$out/fixture" || return
	f=$out/fixture
	for i in 1 2 3 4 5 6 7 8 9 10; do
		cp "$top/tests/data/rprof/r-4.2/memory.out" "$f/run$i.out"
	done
	cp "$top/tests/data/rprof/r-4.2/memory-gc-line.out" "$f/run2.out"
	cp "$f/run1.tsv" "$f/a.tsv"
	cp "$f/new.tsv" "$f/b.tsv"
	$bin/rprof2tsv "$f/Rprof.out" >"$f/p.tsv"
	cp -R proto "$f/"
	n=0
	for m in man/*.1 man/*.5; do
		awk '/^\.Sh EXAMPLES/ { on = 1; next } /^\.Sh / { on = 0 }
		    on && /^\.Bd -literal/ { b = 1; k++; next }
		    on && /^\.Ed/ { b = 0; next }
		    on && b { print k "\t" $0 }' "$m" |
		    sed 's/\\e/\\/g; s/\\-/-/g' >"$out/blocks"
		[ -s "$out/blocks" ] || continue
		rm -rf "$out/run"
		cp -R "$f" "$out/run"
		for k in $(cut -f 1 "$out/blocks" | sort -un); do
			awk -F'\t' -v k=$k '$1 == k { sub(/^[^\t]*\t/, ""); print }' \
			    "$out/blocks" >"$out/block"
			case $(head -1 "$out/block") in
			'#meta'*|--*|SELECT*|WITH*) continue ;;
			esac
			if grep -q -e 'perf record' -e 'node --cpu-prof' \
			    -e 'austin -o' -e 'py-spy record' \
			    -e psql -e 'dbname=' -e ' <- ' "$out/block"; then
				continue
			fi
			if grep -q -e protoc "$out/block" &&
			    ! command -v protoc >/dev/null 2>&1; then
				continue
			fi
			(cd "$out/run" && PATH=$bin:$out/run/stubs:$PATH \
			    bash -e -o pipefail "$out/block") >/dev/null 2>"$out/err" ||
			    bad "${m#man/} example $k: exit $?: $(head -c 300 "$out/err")"
			n=$((n + 1))
		done
	done
	echo "$n examples ran"
	[ $n -ge 30 ] || bad "only $n examples ran"
}
