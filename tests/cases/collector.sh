# collector: the files the OpenTelemetry Collector writes and reads:
# OTLP/JSON (a document, or a message a line), the file exporter's framed
# messages (each after its length in 4 bytes, protobuf or JSON, zstd or
# not), and zstd files. protoc judges here; protobufjs in make interop.

OTLP_PROTO="--proto_path=proto proto/otlp.proto"
OTLP_MSG=opentelemetry.proto.profiles.v1development.ProfilesData

# The 4 bytes of n, big-endian, as the file exporter writes a length.
be32() {
	printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($1 >> 24 & 255)) \
	    $(($1 >> 16 & 255)) $(($1 >> 8 & 255)) $(($1 & 255)))"
}

# The file at $1 framed: its length, then it.
framed() {
	be32 "$(wc -c <"$1")"
	cat "$1"
}

# The stream of a JSON input without what says it was JSON and where it
# came from: what its protobuf twin's gives.
unjson() {
	grep -v '	otlp\.encoding	json$' | awk -F'\t' -v OFS='\t' \
	    '$1 == "sources" { $4 = "X" } { print }'
}

# Pyroscope's capture of the eBPF profiler, in both encodings: the JSON
# and its protobuf twin give the same stream, but for the source uri and
# the encoding each JSON source notes.
t_collector_json_twins() {
	d=tests/data/otlp/pyroscope
	$bin/otlp2tsv $d/otel-ebpf-profile.pb.bin | unjson >"$out/bin" ||
	    bad "otlp2tsv of the protobuf"
	$bin/otlp2tsv $d/otel-ebpf-profile.pb.json.gz >"$out/json.tsv" ||
	    bad "otlp2tsv of the JSON"
	unjson <"$out/json.tsv" >"$out/json"
	same_lines bin json "the JSON twin's stream"
	n=$(grep -c '^sources' "$out/json.tsv")
	[ "$n" -gt 1 ] || bad "no sources read"
	[ "$(grep -c '	otlp\.encoding	json$' "$out/json.tsv")" = "$n" ] ||
	    bad "not every source notes its JSON"
	$bin/tsvvalidate "$out/json.tsv" || bad "not valid"
}

# Every profile of tests/data, written as OTLP/JSON and read back, gives
# the stream its protobuf gives.
t_collector_json_round_trip() {
	for f in $(protobuf_files | sed 's|^|tests/data/pprof/|' | pick) \
	    tests/data/rprof/r-4.2/memory-gc-line.out \
	    tests/data/rprof/r-4.2/append.out \
	    tests/data/otlp/ebpf-profiler-timestamps.otlp \
	    tests/data/folded/austin/mp.austin.gz; do
		$bin/tsv2otlp "$f" >"$out/p.otlp" 2>"$out/err" || {
			refused "$f" || bad "$f: tsv2otlp: $(cat "$out/err")"
			continue; }
		$bin/tsv2otlp -j "$f" >"$out/p.json" ||
		    { bad "$f: tsv2otlp -j"; continue; }
		[ "$(wc -l <"$out/p.json")" = 1 ] || bad "$f: not one line"
		$bin/otlp2tsv "$out/p.otlp" | unjson >"$out/want"
		$bin/otlp2tsv "$out/p.json" | unjson >"$out/got" ||
		    bad "$f: otlp2tsv of its JSON"
		same_lines want got "$f: its JSON read back"
	done
}

# A message written here (tests/otlp/good/v110.txt: values and times, a
# label with its unit, a link, an inlined frame, a build id, frame types)
# as JSON: read back, the exact stream of its protobuf.
t_collector_json_v110() {
	need protoc || return
	grep -v '^#' tests/otlp/good/v110.txt |
	    protoc $OTLP_PROTO --encode=$OTLP_MSG >"$out/v110.otlp"
	$bin/otlp2tsv "$out/v110.otlp" | $bin/tsv2otlp -j >"$out/v110.json"
	(cd "$out" && $bin/otlp2tsv v110.json) | unjson >"$out/got"
	unjson <tests/otlp/good/v110.tsv >"$out/want"
	same "$out/want" "the v1.10 message's JSON read back"
	grep -q '"traceId":"[0-9a-f]*"' "$out/v110.json" ||
	    bad "trace ids not in hex"
	grep -q '"timeUnixNano":"[0-9]*"' "$out/v110.json" ||
	    bad "64-bit integers not as strings"
}

# The keys as the .proto spells them (snake_case) and 64-bit numbers as
# JSON numbers read as their lowerCamelCase and string forms do (pdata
# reads both); unknown keys and null are left out.
t_collector_json_spellings() {
	$bin/tsv2otlp -j tests/data/rprof/r-4.2/memory.out >"$out/a.json"
	sed 's/"stackIndex"/"stack_index"/g; s/"stringTable"/"string_table"/g;
	    s/"values":\["\([0-9]*\)"\]/"values":[\1]/g;
	    s/{"resourceProfiles"/{"unknownKey":{"a":[1,{"b":null}]},"resourceProfiles"/' \
	    "$out/a.json" >"$out/b.json"
	cmp -s "$out/a.json" "$out/b.json" && bad "sed changed nothing"
	$bin/otlp2tsv "$out/a.json" | unjson >"$out/want"
	$bin/otlp2tsv "$out/b.json" | unjson >"$out/got"
	same_lines want got "other spellings"
}

# Several messages: one a line (the file exporter's default), and framed
# (format: proto), each message's profiles sources in turn, as when the
# messages are files of their own.
t_collector_messages() {
	a=tests/data/rprof/r-4.2/memory.out b=tests/data/pprof/go-1.19/go.cpu.pb.gz
	$bin/tsv2otlp "$a" >"$out/a.otlp"
	$bin/tsv2otlp "$b" >"$out/b.otlp"
	$bin/tsv2otlp -j "$a" >"$out/a.json"
	$bin/tsv2otlp -j "$b" >"$out/b.json"
	(cd "$out" && $bin/otlp2tsv a.otlp b.otlp) | unjson >"$out/want"
	cat "$out/a.json" "$out/b.json" >"$out/two.json"
	$bin/otlp2tsv "$out/two.json" | unjson >"$out/got"
	same_lines want got "two lines of JSON"
	{ framed "$out/a.otlp"; framed "$out/b.otlp"; } >"$out/framed"
	$bin/tsv2otlp -F "$a" >"$out/a.framed"
	framed "$out/a.otlp" | cmp -s - "$out/a.framed" ||
	    bad "tsv2otlp -F is not the message after its length"
	$bin/otlp2tsv "$out/framed" | unjson >"$out/got"
	same_lines want got "two framed messages"
	# the exporter's compression: each message zstd (proto or JSON), or
	# the whole file
	need zstd || return
	zstd -q -c "$out/a.otlp" >"$out/a.zst"
	zstd -q -c "$out/b.json" >"$out/b.zst"
	{ framed "$out/a.zst"; framed "$out/b.zst"; } >"$out/framed.zst"
	$bin/otlp2tsv "$out/framed.zst" | unjson >"$out/got"
	same_lines want got "framed messages, each zstd (proto, JSON)"
	zstd -q -c "$out/framed" >"$out/framed.all.zst"
	$bin/otlp2tsv "$out/framed.all.zst" | unjson >"$out/got"
	same_lines want got "a framed file, zstd whole"
	zstd -q -c "$out/two.json" | $bin/otlp2tsv | unjson >"$out/got"
	same_lines want got "JSON lines, zstd whole, on standard input"
}

# Every program reads them as otlp2tsv does.
t_collector_door() {
	a=tests/data/rprof/r-4.2/memory.out
	$bin/tsv2otlp -j "$a" >"$out/a.json"
	$bin/tsv2otlp -F "$a" >"$out/a.framed"
	for f in a.json a.framed; do
		$bin/otlp2tsv "$out/$f" | $bin/tsvtop >"$out/want"
		$bin/tsvtop "$out/$f" >"$out/got" || bad "tsvtop $f"
		same_lines want got "tsvtop of $f"
		$bin/tsvvalidate "$out/$f" || bad "tsvvalidate $f"
	done
}

# Hostile JSON: each refused with its line and a reason, exit 1, and no
# output file left (tests/collector/hostile.expected).
t_collector_json_hostile() {
	h=$out/h
	mkdir -p "$h"
	ok='{"resourceProfiles":[],"dictionary":{"stringTable":["",'
	awk 'BEGIN { printf "{\"resourceProfiles\":"; for (i = 0; i < 100000; i++)
	    printf "["; print "" }' >"$h/deep.json"
	awk 'BEGIN { printf "{\"a\":"; for (i = 0; i < 600; i++) printf "{\"a\":";
	    print "1" }' >"$h/deep-unknown.json"
	printf '%s"a\\u0000b"]}}\n' "$ok" >"$h/nul.json"
	printf '%s"a\377b"]}}\n' "$ok" >"$h/not-utf8.json"
	printf '{"resourceProfiles":[{"scopeProfiles":[{"profiles":[{"timeUnixNano":"99999999999999999999"}]}]}]}\n' \
	    >"$h/huge-number.json"
	printf '{"resourceProfiles":[{"scopeProfiles":[{"profiles":[{"samples":[{"stackIndex":1e99}]}]}]}]}\n' \
	    >"$h/not-integer.json"
	printf '{"resourceProfiles":[]}\n{"resourceProfiles":[{"scopeProfi\n' \
	    >"$h/cut-line.json"
	printf '{"resourceProfiles":[]}\n{"resourceProfiles":[]}\n{"resourceProfiles":[}\n' \
	    >"$h/bad-third-line.json"
	printf '{"speed":"scope","nothing":[1,2]}\n' >"$h/not-otlp.json"
	printf '{"resourceProfiles":[{"scopeProfiles":[{"profiles":[{"samples":[{"locationsStartIndex":0}]}]}]}]}\n' \
	    >"$h/old-layout.json"
	printf '{"resourceProfiles":[{"scopeProfiles":[{"profiles":[{"profileId":"xyz"}]}]}]}\n' \
	    >"$h/bad-hex.json"
	printf '{"resourceProfiles":{"a":1}}\n' >"$h/object-not-list.json"
	awk 'BEGIN { printf "%s\"", "{\"resourceProfiles\":[],\"dictionary\":{\"stringTable\":[";
	    for (i = 0; i < 17 * 1024; i++) printf "%1024s", "x"; print "\"]}}" }' \
	    >"$h/long-string.json"
	for f in "$h"/*.json; do
		(cd "$h" && $bin/otlp2tsv -o out.tsv "${f##*/}" 2>"$h/err")
		rc=$?
		printf '%s: exit %s: %s\n' "${f##*/}" $rc "$(cat "$h/err")"
		[ -e "$h/out.tsv" ] && bad "${f##*/}: output left"
		rm -f "$h/out.tsv"
	done >"$out/got"
	same tests/collector/hostile.expected "hostile JSON"
}
