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
