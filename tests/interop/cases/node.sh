# node: what tsv2otlp writes, decoded by a second, independent protobuf
# implementation (protobufjs from the npm registry, which tools/deps.sh
# interop installs under build/tests/out/npm), against the project's own
# proto/otlp.proto: the messages decode, keep the layout's rules, and hold
# the samples' values the stream had.

t_node_otlp_decode() {
	need node || return
	[ -d "$top/build/tests/out/npm/node_modules/protobufjs" ] || {
		echo "protobufjs (npm: sh tools/deps.sh interop)" >>"$out/.missing"
		return; }
	for f in tests/data/rprof/r-4.2/memory.out \
	    tests/data/pprof/go-1.19/go.heap.pb.gz \
	    tests/data/pprof/go-labelled/cpu1.pb.gz \
	    tests/data/otlp/ebpf-profiler-timestamps.otlp; do
		case $f in
		*.out) $bin/rprof2tsv "$f" ;;
		*.otlp) $bin/otlp2tsv "$f" ;;
		*) $bin/pprof2tsv "$f" ;;
		esac >"$out/s.tsv"
		$bin/tsv2otlp "$out/s.tsv" >"$out/m.otlp"
		# per type, the sum of the stream's values
		awk -F'\t' '$1 == "sample_values" { s[$3] += $5 }
		    END { for (t in s) printf "%s %.0f\n", t, s[t] }' \
		    "$out/s.tsv" | LC_ALL=C sort >"$out/want"
		NODE_PATH="$top/build/tests/out/npm/node_modules" node \
		    tests/interop/otlp-decode.js proto/otlp.proto "$out/m.otlp" \
		    >"$out/got.raw" 2>"$out/err" ||
		    { bad "$f: protobufjs: $(head -3 "$out/err")"; continue; }
		grep '^BAD' "$out/got.raw" && bad "$f: a rule broken"
		grep -v '^BAD' "$out/got.raw" | LC_ALL=C sort >"$out/got"
		same "$out/want" "$f: the values protobufjs decodes"
	done
	# the checker can fail: an index out of its table
	if command -v protoc >/dev/null 2>&1; then
		protoc --proto_path=proto proto/otlp.proto \
		    --encode=opentelemetry.proto.profiles.v1development.ProfilesData \
		    <tests/otlp/bad/stack-index.txt >"$out/bad.otlp"
		NODE_PATH="$top/build/tests/out/npm/node_modules" node \
		    tests/interop/otlp-decode.js proto/otlp.proto "$out/bad.otlp" |
		    grep -q '^BAD stack_index 5' ||
		    bad "otlp-decode.js misses an index out of its table"
	fi
}

# OTLP/JSON both ways against protobufjs: what tsv2otlp -j writes is, for
# protobufjs, the message tsv2otlp writes as protobuf (protoc prints both
# the same); what protobufjs writes as JSON, otlp2tsv reads as the
# protobuf.
t_node_otlp_json() {
	need node protoc || return
	[ -d "$top/build/tests/out/npm/node_modules/protobufjs" ] || {
		echo "protobufjs (npm: sh tools/deps.sh interop)" >>"$out/.missing"
		return; }
	# OTLP's own string fields, which proto/otlp.proto holds as bytes
	sed 's/repeated bytes string_table/repeated string string_table/;
	    s/bytes key = 1;/string key = 1;/;
	    s/bytes string_value = 1;/string string_value = 1;/' proto/otlp.proto \
	    >"$out/otlp-strings.proto"
	js() { NODE_PATH="$top/build/tests/out/npm/node_modules" node \
	    tests/interop/otlp-json.js "$1" "$out/otlp-strings.proto" "$2" "$3"; }
	dec() { protoc --proto_path=proto proto/otlp.proto \
	    --decode=opentelemetry.proto.profiles.v1development.ProfilesData; }
	grep -v '^#' tests/otlp/good/v110.txt | protoc --proto_path=proto \
	    proto/otlp.proto \
	    --encode=opentelemetry.proto.profiles.v1development.ProfilesData \
	    >"$out/v110.otlp"
	n=0
	for f in tests/data/rprof/r-4.2/memory-gc-line.out \
	    tests/data/pprof/go-1.19/go.cpu.pb.gz \
	    tests/data/pprof/pprofutils/labelframes.in.pprof \
	    tests/data/otlp/ebpf-profiler-timestamps.otlp \
	    tests/data/otlp/pyroscope/otel-ebpf-profile.pb.bin "$out/v110.otlp"; do
		$bin/tsv2otlp "$f" >"$out/m.otlp" || { bad "$f: tsv2otlp"; continue; }
		$bin/tsv2otlp -j "$f" >"$out/m.json" ||
		    { bad "$f: tsv2otlp -j"; continue; }
		js encode "$out/m.json" "$out/js" 2>"$out/err" ||
		    { bad "$f: protobufjs: $(head -3 "$out/err")"; continue; }
		dec <"$out/m.otlp" >"$out/want"
		dec <"$out/js.1" >"$out/got"
		same_lines want got "$f: tsv2otlp -j, as protobufjs reads it"
		js decode "$out/m.otlp" >"$out/js.json" 2>"$out/err" ||
		    { bad "$f: protobufjs: $(head -3 "$out/err")"; continue; }
		$bin/otlp2tsv "$out/m.otlp" >"$out/want"
		$bin/otlp2tsv "$out/js.json" | grep -v '	otlp\.encoding	json$' |
		    sed "s|$out/js.json|$out/m.otlp|" >"$out/got"
		same_lines want got "$f: protobufjs's JSON, as otlp2tsv reads it"
		n=$((n + 1))
	done
	[ $n -ge 5 ] || bad "only $n profiles compared"
}

npm_dir() { echo "$top/build/tests/out/npm/node_modules"; }

# What tsv2speedscope writes, from every format, is valid for speedscope's
# own schema (its npm package's), as ajv (npm) checks it, and keeps the
# rules the schema cannot state (speedscope-schema.js).
t_node_speedscope_schema() {
	need node || return
	schema=$(npm_dir)/speedscope/dist/release/file-format-schema.json
	[ -f "$schema" ] && [ -d "$(npm_dir)/ajv" ] || {
		echo "speedscope and ajv (npm: sh tools/deps.sh interop)" \
		    >>"$out/.missing"
		return; }
	n=0
	for f in tests/data/rprof/r-4.2/memory-gc-line.out \
	    tests/data/pprof/go-1.19/go.cpu.pb.gz \
	    tests/data/pprof/go-1.19/go.heap.pb.gz \
	    tests/data/otlp/ebpf-profiler-timestamps.otlp \
	    tests/data/cpuprofile/sucrase.cpuprofile.gz \
	    tests/data/cpuprofile/example-old-format.cpuprofile \
	    tests/data/perf/speedscope/forks.linux-perf.txt.gz \
	    tests/data/perf/speedscope/simple-with-pid.linux-perf.txt.gz \
	    tests/data/speedscope/*.json tests/data/folded/*.txt; do
		n=$((n + 1))
		$bin/tsv2speedscope "$f" >"$out/$n.json" ||
		    bad "tsv2speedscope $f"
	done
	NODE_PATH=$(npm_dir) node tests/interop/speedscope-schema.js \
	    "$schema" $(i=1; while [ $i -le $n ]; do echo "$out/$i.json";
	    i=$((i + 1)); done) >"$out/got" 2>&1 ||
	    bad "speedscope's schema refuses: $(grep -v ': ok$' "$out/got" | head -3)"
	[ "$(grep -c ': ok$' "$out/got")" = $n ] ||
	    bad "$(grep -c ': ok$' "$out/got") of $n files checked"
	# the checker can fail
	printf '{"shared":{"frames":[]},"profiles":[]}' >"$out/bad.json"
	NODE_PATH=$(npm_dir) node tests/interop/speedscope-schema.js \
	    "$schema" "$out/bad.json" >/dev/null 2>&1 &&
	    bad "speedscope-schema.js takes a file without \$schema"
}

# Each .cpuprofile's samples and time per function (each sample the
# time to the next, as speedscope weighs it, in time order as DevTools
# sorts them; anonymous functions named as speedscope names them), and
# V8's mean interval, as node reads the JSON itself
# (cpuprofile-totals.js), are tsvtop's counts and times (raw
# nanoseconds) and the stream's period.
cpuprofile_judge() {
	node tests/interop/cpuprofile-totals.js "$1" | LC_ALL=C sort \
	    >"$out/want"
	{ $bin/tsvtop -q --all --unit=raw -t samples "$1" | awk -F'\t' '
	    NR > 1 && $4 != 0 { print "n\t" $1 "\t" $2 "\t" $4 }'
	  $bin/tsvtop -q --all --unit=raw -t wall "$1" 2>/dev/null |
	    awk -F'\t' 'NR > 1 && $4 != 0 { print "w\t" $1 "\t" $2 "\t" $4 }'
	  $bin/cpuprofile2tsv "$1" | awk -F'\t' '$3 == "pprof.period" {
	    print "#period " $4 }'; } | LC_ALL=C sort >"$out/got"
	same "$out/want" "$2"
}

t_node_cpuprofile_totals() {
	need node || return
	for f in tests/data/cpuprofile/*.cpuprofile*; do
		cpuprofile_judge "$f" "$f: per function, as node reads it"
	done
}

# A .cpuprofile made now by node --cpu-prof on a script of two loops:
# counts and interval as V8's profile says (self time = a node's samples
# times the mean interval), the hot loop first, the warm one next.
t_node_cpu_prof() {
	need node || return
	node --cpu-prof --cpu-prof-dir="$out/prof" --cpu-prof-interval 500 \
	    tests/interop/cpuwork.js >/dev/null 2>"$out/err" ||
	    { bad "node --cpu-prof: $(head -2 "$out/err")"; return; }
	f=$(ls "$out"/prof/*.cpuprofile | head -1)
	[ -f "$f" ] || { bad "node --cpu-prof wrote no profile"; return; }
	cpuprofile_judge "$f" "node --cpu-prof's profile, as node reads it"
	$bin/tsvtop -q "$f" | awk -F'\t' 'NR > 1 { print $1 }' | head -2 |
	    tr '\n' ' ' >"$out/got"
	[ "$(cat "$out/got")" = "spinHot spinWarm " ] ||
	    bad "node --cpu-prof: the top two are $(cat "$out/got")"
	# the samples shown as a time are samples times V8's mean
	# interval (DevTools' Bottom-Up); the default, wall, is the time to
	# the next sample (cpuprofile_judge)
	$bin/tsvtop -q -t samples --unit=ms "$f" | awk -F'\t' '$1 == "spinHot" {
	    print $2 }' >"$out/got"
	node -e '
	    const p = JSON.parse(require("fs").readFileSync(process.argv[1]));
	    const hot = new Set(p.nodes.filter((n) =>
		n.callFrame.functionName === "spinHot").map((n) => n.id));
	    const k = p.samples.filter((s) => hot.has(s)).length;
	    const ms = k * (p.endTime - p.startTime) / p.samples.length / 1000;
	    console.log(ms);' "$f" >"$out/want"
	# to 0.01 ms: the stream's interval is whole nanoseconds
	awk -v a="$(cat "$out/got")" -v b="$(cat "$out/want")" 'BEGIN {
	    d = a - b; exit !(a != "" && d < 0.01 && d > -0.01) }' ||
	    bad "spinHot's self time: $(cat "$out/got") ms, V8's $(cat "$out/want")"
}

# The JSON twin of the v1.8 capture is what protobufjs makes of it with
# tests/otlp/v18.proto (tools/otlp-json-twin.js), byte for byte: the
# test data is remade, not trusted.
t_node_otlp_json_twin() {
	need node || return
	[ -d "$(npm_dir)/protobufjs" ] || {
		echo "protobufjs (npm: sh tools/deps.sh interop)" >>"$out/.missing"
		return; }
	NODE_PATH=$(npm_dir) node tools/otlp-json-twin.js tests/otlp/v18.proto \
	    tests/data/otlp/ebpf-profiler-timestamps.otlp >"$out/got" ||
	    bad "otlp-json-twin.js failed"
	gzip -dc tests/data/otlp/ebpf-profiler-timestamps.v18.json.gz >"$out/want"
	same "$out/want" "the v1.8 capture's JSON twin, made again"
}
