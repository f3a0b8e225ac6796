# otlp: otlp2tsv and tsv2otlp (protoc and awk judge here; google/pprof and
# a JavaScript protobuf decoder in make interop).

OTLP_PROTO="--proto_path=proto proto/otlp.proto"
OTLP_MSG=opentelemetry.proto.profiles.v1development.ProfilesData

# protoc's text of an OTLP message on stdin
otlp_text() {
	protoc $OTLP_PROTO --decode=$OTLP_MSG
}

# The eBPF profiler's real payload (the v1.8 layout) gives its exact,
# valid stream.
t_otlp_ebpf_profiler() {
	f=tests/data/otlp/ebpf-profiler-timestamps.otlp
	(cd tests/data/otlp && $bin/otlp2tsv ebpf-profiler-timestamps.otlp) \
	    >"$out/got" || bad "otlp2tsv $f"
	$bin/tsvvalidate "$out/got" || bad "not valid"
	gzip -dc tests/otlp/ebpf-profiler.tsv.gz >"$out/want"
	same "$out/want" "otlp2tsv of the eBPF profiler's payload"
}

# Per function, otlp2tsv | tsvtop equals a reading of protoc's text of the
# payload by awk alone (tests/otlp/totals.awk).
t_otlp_independent_totals() {
	need protoc || return
	for f in tests/data/otlp/ebpf-profiler-timestamps.otlp \
	    "$out/v110.otlp"; do
		case $f in "$out"/*) grep -v '^#' tests/otlp/good/v110.txt |
		    protoc $OTLP_PROTO --encode=$OTLP_MSG >"$f" ;; esac
		otlp_text <"$f" | awk -f tests/otlp/totals.awk |
		    LC_ALL=C sort >"$out/want"
		$bin/otlp2tsv "$f" | $bin/tsvtop -q --all --unit=raw |
		    awk -F'\t' 'NR > 1 { print $1 "\t" $2 "\t" $4 }' |
		    LC_ALL=C sort >"$out/got"
		test -s "$out/want" || bad "$f: awk read nothing"
		same "$out/want" "$f: per-function totals against awk's"
	done
}

# A v1.10 message written here (text in tests/otlp/good) gives its exact
# stream: values and timestamps one raw sample each, an int attribute
# with its unit, a link as trace_id and span_id, an inlined frame, a GNU
# build id, the frame types.
t_otlp_v110() {
	need protoc || return
	grep -v '^#' tests/otlp/good/v110.txt |
	    protoc $OTLP_PROTO --encode=$OTLP_MSG >"$out/v110.otlp"
	(cd "$out" && $bin/otlp2tsv v110.otlp) >"$out/got"
	same tests/otlp/good/v110.tsv "otlp2tsv of v110.txt"
}

# What cannot be the layout is refused with its message and exit 1.
t_otlp_refusals() {
	need protoc || return
	for f in tests/otlp/bad/*.txt; do
		protoc $OTLP_PROTO --encode=$OTLP_MSG <"$f" >"$out/bad.otlp"
		(cd "$out" && $bin/otlp2tsv bad.otlp >/dev/null 2>"$out/err"
		    echo "$(basename "$f"): exit $?: $(cat "$out/err")")
	done >"$out/got"
	for f in tests/data/pprof/go-1.19/go.cpu.pb.gz \
	    tests/data/rprof/r-4.2/plain.out; do
		$bin/otlp2tsv "$f" >/dev/null 2>"$out/err"
		echo "$f: exit $?: $(cat "$out/err")"
	done >>"$out/got"
	same tests/otlp/refusals.expected "otlp2tsv's refusals"
}

# Every Rprof file: rprof2tsv | tsv2otlp | otlp2tsv | tsv2rprof gives what
# rprof2tsv | tsv2rprof gives (the file's bytes where it can).
t_otlp_rprof_round_trip() {
	find tests/data/rprof -name '*.out' -o -name '*.prof' | sort | pick |
	while read -r f; do
		convert "$f" "$out/r.tsv" || continue
		$bin/tsv2rprof "$out/r.tsv" >"$out/want" ||
		    { bad "$f: tsv2rprof"; continue; }
		$bin/tsv2otlp "$out/r.tsv" | $bin/otlp2tsv | $bin/tsv2rprof \
		    >"$out/got" || bad "$f: the round trip failed"
		cmp -s "$out/want" "$out/got" || bad "$f: other bytes back"
	done
}

# Every pprof profile of tests/data: through OTLP and back, each type's
# stacks and values and the labels are those of pprof2tsv (google/pprof
# judges the profiles themselves in make interop).
t_otlp_pprof_round_trip() {
	# (one profile in twelve under valgrind, SUBSET: all of them took 5
	# of its minutes; the sanitizer run has them all)
	tail -n +2 tests/data/pprof/KINDS.tsv | cut -f 1 | pick |
	while read -r rel; do
		f=tests/data/pprof/$rel
		convert "$f" "$out/p.tsv" || continue
		$bin/tsv2otlp "$out/p.tsv" | $bin/otlp2tsv >"$out/back.tsv" ||
		    { bad "$rel: the round trip failed"; continue; }
		$bin/tsvvalidate "$out/back.tsv" || bad "$rel: not valid back"
		for t in $(awk -F'\t' '$1 == "sample_values" { print $3 }' \
		    "$out/p.tsv" | sort -u); do
			$bin/tsv2folded -t "$t" "$out/p.tsv" >"$out/want"
			$bin/tsv2folded -t "$t" "$out/back.tsv" >"$out/got"
			cmp -s "$out/want" "$out/got" ||
			    bad "$rel: type $t differs after the round trip"
		done
		$bin/tsvtop --tags -q --unit=raw "$out/p.tsv" >"$out/want"
		$bin/tsvtop --tags -q --unit=raw "$out/back.tsv" >"$out/got"
		cmp -s "$out/want" "$out/got" || bad "$rel: labels differ"
	done
}

# tsv2otlp's Samples, as protoc reads them (tests/otlp/values.tsv, written
# here): untimed ones of a stack merged, their values summed; timed ones
# one Sample with a value and a time each; a type that came late 0
# before; 30.5 rounded; an Rprof source's samples kept one each; a
# source without samples an empty Profile.
t_otlp_merge_values() {
	need protoc || return
	$bin/tsv2otlp tests/otlp/values.tsv | otlp_text >"$out/got" ||
	    bad "tsv2otlp or protoc failed"
	same tests/otlp/values.txt "protoc's text of tsv2otlp's message"
}

# Everything tsv2otlp writes decodes with protoc against proto/otlp.proto
# and keeps the layout's rules, as awk checks them on protoc's text
# (tests/otlp/rules.awk); the rules checker can fail.
t_otlp_rules() {
	need protoc || return
	{ ls tests/data/rprof/r-4.2/*.out tests/data/pprof/go-1.19/*.gz \
	    tests/data/pprof/go-labelled/*.gz tests/data/otlp/*.otlp; } |
	while read -r f; do
		case $f in
		*.out) $bin/rprof2tsv "$f" ;;
		*.otlp) $bin/otlp2tsv "$f" ;;
		*) $bin/pprof2tsv "$f" ;;
		esac | $bin/tsv2otlp >"$out/m.otlp" || bad "$f: tsv2otlp"
		otlp_text <"$out/m.otlp" >"$out/m.txt" ||
		    { bad "$f: protoc cannot decode what tsv2otlp wrote"; continue; }
		awk -f tests/otlp/rules.awk "$out/m.txt" >"$out/broken"
		test -s "$out/broken" && bad "$f: $(head -3 "$out/broken")"
	done
	protoc $OTLP_PROTO --encode=$OTLP_MSG <tests/otlp/bad/stack-index.txt |
	    otlp_text | awk -f tests/otlp/rules.awk | grep -q 'out of stack_table' ||
	    bad "rules.awk misses an index out of its table"
}

# Times past what the stream holds are refused, never wrapped or
# saturated (audit B8): OTLP timestamps and a Profile's time of 2^64 - 1,
# in JSON and in the protobuf tsv2otlp makes of a stream that holds them
# as text; a Collector file whose frame length lies says where.
t_otlp_times_past_2p63() {
	a=tests/data/audit-2026-11-29
	for f in otlpjson-timestamp-2p64.json otlpjson-time-2p64.json \
	    otlp-framed-length-lies.bin; do
		$bin/otlp2tsv "$a/$f" >"$out/x" 2>"$out/err"
		echo "$f: exit $? $(wc -c <"$out/x" | tr -d ' ') bytes: $(sed "s|^otlp2tsv: $a/||" "$out/err")"
	done >"$out/got"
	cat >"$out/want" <<'EOT'
otlpjson-timestamp-2p64.json: exit 1 0 bytes: otlpjson-timestamp-2p64.json:1: not valid OTLP Profiles: Sample.timestamps_unix_nano 18446744073709551615: past the stream's times (2^63 - 1 ns, the year 2262)
otlpjson-time-2p64.json: exit 1 0 bytes: otlpjson-time-2p64.json:1: not valid OTLP Profiles: Profile.time_unix_nano 18446744073709551615: past the stream's times (2^63 - 1 ns, the year 2262)
otlp-framed-length-lies.bin: exit 1 0 bytes: otlp-framed-length-lies.bin: not OTLP Profiles: the Collector's framed messages, but the one at byte 0 says it is 25219 bytes long, and 25119 bytes follow (cut short?)
EOT
	same "$out/want" "OTLP times past 2^63 and a lying frame"
	# the stream that holds such a time as text: tsv2pprof refuses it
	sed 's/^\(\.source_attributes\t1\tpprof.time_nanos\t\).*/\118446744073709551615/' \
	    tests/otlp/good/v110.tsv >"$out/t.tsv"
	grep -q 'pprof.time_nanos	18446744073709551615' "$out/t.tsv" ||
	    bad "no pprof.time_nanos in v110.tsv to change"
	$bin/tsv2pprof "$out/t.tsv" >"$out/x" 2>"$out/err"
	rc=$?
	[ $rc = 1 ] && grep -qF "pprof.time_nanos '18446744073709551615'" "$out/err" ||
	    bad "tsv2pprof of a time past 2^63: exit $rc, $(cat "$out/err")"
}

# OTLP/JSON of every layout whose protobuf is read (issue 53): the JSON
# twin of the eBPF profiler's v1.8 capture (its keys sample, line,
# commentStrindices; written by tools/otlp-json-twin.js with protobufjs
# from tests/otlp/v18.proto) gives the protobuf twin's stream, functions
# and lines included, but for its name and encoding; the Collector's
# JSON of v1.9's time (aggregationTemporality in its ValueTypes) is read
# as without it.
t_otlp_json_layouts() {
	d=tests/data/otlp
	$bin/otlp2tsv $d/ebpf-profiler-timestamps.otlp |
	    grep -v '^sources' >"$out/pb.tsv"
	$bin/otlp2tsv $d/ebpf-profiler-timestamps.v18.json.gz |
	    grep -v '^sources\|^\.source_attributes	[0-9]*	otlp.encoding	' \
	    >"$out/json.tsv"
	same_lines pb.tsv json.tsv "v1.8's JSON twin"
	[ "$(grep -c '^locations	[0-9]*	NA' "$out/json.tsv")" = \
	    "$(grep -c '^locations	[0-9]*	NA' "$out/pb.tsv")" ] ||
	    bad "v1.8's JSON: locations without their functions"
	gzip -dc $d/pyroscope/otel-ebpf-profile.pb.json.gz >"$out/v110.json"
	sed 's/"sampleType":{/"sampleType":{"aggregationTemporality":2,/g' \
	    "$out/v110.json" >"$out/v19.json"
	grep -q aggregationTemporality "$out/v19.json" ||
	    bad "no sampleType to give aggregationTemporality"
	$bin/otlp2tsv "$out/v110.json" | grep -v '^sources' >"$out/a.tsv"
	$bin/otlp2tsv "$out/v19.json" | grep -v '^sources' >"$out/b.tsv"
	same_lines a.tsv b.tsv "the Collector's JSON of v1.9's time"
}
