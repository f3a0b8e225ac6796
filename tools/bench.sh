#!/bin/sh
# bench.sh: builds large inputs from real corpus data and prints one table:
# each program's MB/s and peak memory beside what a user would otherwise
# run on the same input. Not a test: it asserts nothing.
#   BENCH_DIR (default /tmp/profstream-bench), BENCH_MB (default 1024)
set -e
cd "$(dirname "$0")/.."
dir=${BENCH_DIR:-/tmp/profstream-bench}
mb=${BENCH_MB:-1024}
mkdir -p "$dir"
[ -x /usr/bin/time ] || { echo "bench.sh: needs /usr/bin/time (Debian: time)" >&2; exit 1; }

# The Rprof input: every quoted, LF corpus file (each a session), repeated.
rp=$dir/big.out
if [ ! -s "$rp" ] || [ "$(wc -c <"$rp")" -lt $((mb * 1000000)) ]; then
	files=$(find tests/data/rprof -name '*.out' -o -name '*.prof' | sort |
	    while read -r f; do
		grep -q "$(printf '\r')" "$f" || ! grep -q '"' "$f" ||
		    [ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" != 0a ] ||
		    [ "${f##*/}" = incomplete.out ] || echo "$f"
	    done)
	cat $files >"$dir/one.out"
	n=$(( mb * 1048576 / $(wc -c <"$dir/one.out") + 1 ))
	: >"$rp"
	i=0
	while [ $i -lt $n ]; do cat "$dir/one.out"; i=$((i + 1)); done >>"$rp"
fi
# The pprof inputs: large.cpu uncompressed, and a profile 20 times larger:
# 20 copies combined (the same functions and locations, 20 times the
# samples) and written with -n, one pprof sample per sample.
large=tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu
gzip -dc "$large" >"$dir/large.pb"
build/bin/pprof2tsv "$large" >"$dir/large.tsv"
build/bin/tsvcombine $(i=0; while [ $i -lt 20 ]; do echo "$dir/large.tsv"; i=$((i + 1)); done) |
    build/bin/tsv2pprof -n -u >"$dir/large20.pb"
# and 20 copies whose functions are renamed per copy: 20 times the
# functions and locations too (issue 15's measure)
if [ ! -s "$dir/renamed20.pb" ]; then
	i=0
	while [ $i -lt 20 ]; do
		awk -F'\t' -v OFS='\t' -v i=$i '$1 == "functions" { $3 = $3 "_" i
		    $4 = $4 "_" i } { print }' "$dir/large.tsv" >"$dir/renamed.$i.tsv"
		i=$((i + 1))
	done
	build/bin/tsvcombine "$dir"/renamed.*.tsv | build/bin/tsv2pprof -n -u >"$dir/renamed20.pb"
	rm -f "$dir"/renamed.*.tsv
fi
# 16 renamed copies of large.cpu as one stream (issue 30): 16 times the
# distinct stacks, for the memory of tsv2folded and tsvflame beside the
# size of the collapsed text they write
if [ ! -s "$dir/renamed16.tsv" ]; then
	i=0
	while [ $i -lt 16 ]; do
		awk -F'\t' -v OFS='\t' -v i=$i '$1 == "functions" { $3 = $3 "_" i
		    $4 = $4 "_" i } { print }' "$dir/large.tsv" >"$dir/renamed.$i.tsv"
		i=$((i + 1))
	done
	build/bin/tsvcombine "$dir"/renamed.*.tsv >"$dir/renamed16.tsv"
	rm -f "$dir"/renamed.*.tsv
fi
# A stream of about 1 GB, for tsvvalidate: the stream of the first 36% of
# the Rprof input's lines (the stream is about 2.7 times the text).
head -n $(( $(wc -l <"$rp") * 36 / 100 )) "$rp" | build/bin/rprof2tsv >"$dir/1g.tsv"

# run NAME INPUT_BYTES COMMAND...: prints a row; remembers the seconds.
# A small input is run enough times to take about a second (time(1)
# counts in hundredths), and the time divided.
row() {
	name=$1; bytes=$2; shift 2
	reps=$(( 200000000 / (bytes + 1) ))
	[ "$reps" -lt 1 ] && reps=1
	[ "$reps" -gt 50 ] && reps=50
	# a reference that takes minutes (the profile package's readers):
	# once is enough to time
	[ -n "${once:-}" ] && reps=1
	/usr/bin/time -f '%e %M' -o "$dir/t" sh -c \
	    "i=0; while [ \$i -lt $reps ]; do $* || exit 1; i=\$((i + 1)); done" \
	    >/dev/null 2>"$dir/err" ||
	    { echo "$name: failed: $(cat "$dir/err")" >&2; return; }
	read -r secs kb <"$dir/t"
	secs=$(awk -v s="$secs" -v r="$reps" 'BEGIN { printf "%.4f", s / r }')
	last=$secs
	awk -v n="$name" -v b="$bytes" -v s="$secs" -v k="$kb" -v r="${ref:-}" '
	    BEGIN { mbs = s > 0 ? b / 1e6 / s : 0
		    printf "  %-44s %8.1f MB/s %7.3f s %8.1f MB", n, mbs, s, k / 1024
		    if (r != "" && s > 0) printf "   %5.2fx %s", r / s, "of the reference"
		    printf "\n" }'
}
size() { wc -c <"$1"; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr)"
echo "input: $rp ($(size "$rp") bytes, $(wc -l <"$rp") lines)"
echo "  program (input)                                  speed      time       peak   vs"
ref=
row "cat Rprof (reference)" "$(size "$rp")" cat "$rp"
row "wc -l Rprof (reference)" "$(size "$rp")" wc -l "$rp"; ref=$last
row "rprof2tsv" "$(size "$rp")" build/bin/rprof2tsv "$rp"
build/bin/rprof2tsv "$rp" >"$dir/big.tsv"
ref=
row "wc -l stream (reference)" "$(size "$dir/big.tsv")" wc -l "$dir/big.tsv"; ref=$last
row "tsvvalidate (stream)" "$(size "$dir/big.tsv")" build/bin/tsvvalidate "$dir/big.tsv"
row "tsvvalidate (a ~1 GB stream)" "$(size "$dir/1g.tsv")" build/bin/tsvvalidate "$dir/1g.tsv"
# two samples of 500000 frames whose rows alternate (issue 16 F16: was
# quadratic)
awk 'BEGIN { OFS = "\t"; n = 500000
	print "#meta", "key", "value"; print "meta", "version", "2.0"
	print "#sources", "source_id", "source_type", "source_uri", "source_timestamp"
	print "sources", 1, "manual", "NA", "NA"
	print "#functions", "function_id", "name", "system_name", "filename", "start_line"
	print "functions", 1, "f", "f", "", 0
	print "#locations", "location_id", "function_id", "line"
	print "locations", 1, 1, 0
	print "#samples", "sample_id", "source_id"
	print "samples", 1, 1; print "samples", 2, 1
	print "#sample_values", "sample_id", "type", "unit", "value"
	print "sample_values", 1, "samples", "count", 1
	print "sample_values", 2, "samples", "count", 1
	print "#sample_locations", "sample_id", "depth", "location_id"
	for (i = n; i >= 1; i--) { print "sample_locations", 1, i, 1
		print "sample_locations", 2, i, 1 } }' >"$dir/alternate.tsv"
row "tsvvalidate (two deep samples, rows alternating)" "$(size "$dir/alternate.tsv")" \
    build/bin/tsvvalidate "$dir/alternate.tsv"
row "tsv2rprof (stream)" "$(size "$dir/big.tsv")" build/bin/tsv2rprof "$dir/big.tsv"
gzip -1 -c "$dir/big.tsv" >"$dir/big.tsv.gz"
ref=
row "zcat stream.gz (reference)" "$(size "$dir/big.tsv")" gzip -dc "$dir/big.tsv.gz"; ref=$last
row "tsvvalidate (stream.gz, MB of stream)" "$(size "$dir/big.tsv")" build/bin/tsvvalidate "$dir/big.tsv.gz"
if command -v Rscript >/dev/null 2>&1; then
	ref=
	head -c 100000000 "$rp" | awk 'NR == 1 || !/sample.interval/' >"$dir/r100.out"
	row "R summaryRprof (100 MB Rprof, reference)" "$(size "$dir/r100.out")" \
	    Rscript -e "'invisible(summaryRprof(\"$dir/r100.out\"))'"; ref=$last
	row "rprof2tsv | awk self/total (100 MB Rprof)" "$(size "$dir/r100.out")" \
	    "build/bin/rprof2tsv $dir/r100.out | awk -f tests/selftotal.awk"
	row "rprof2tsv | tsvtop (100 MB Rprof)" "$(size "$dir/r100.out")" \
	    "build/bin/rprof2tsv $dir/r100.out | build/bin/tsvtop"
	# the issue's measure: a 36 MB line-profiled file
	f=tests/data/rprof/r-4.2/line.out
	n=$((36000000 / $(size "$f") + 1))
	(head -n 1 "$f"; i=0; while [ $i -lt $n ]; do tail -n +2 "$f"; i=$((i + 1)); done) \
	    >"$dir/line36.out"
	ref=
	row "R summaryRprof (36 MB line profile, reference)" "$(size "$dir/line36.out")" \
	    Rscript -e "'invisible(summaryRprof(\"$dir/line36.out\"))'"; ref=$last
	row "rprof2tsv | tsvtop (36 MB line profile)" "$(size "$dir/line36.out")" \
	    "build/bin/rprof2tsv $dir/line36.out | build/bin/tsvtop"
	# R's door: the 2.0 tables in R, against read.delim of the bytes
	build/bin/rprof2tsv "$dir/line36.out" >"$dir/line36.tsv"
	ref=
	row "R read.delim (its stream, reference)" "$(size "$dir/line36.tsv")" \
	    Rscript tools/bench-read.R delim "$dir/line36.tsv"; ref=$last
	# the R package (issue 41): its tables from the Rprof file, beside
	# read.delim of the stream and the profile package's read_rprof()
	row "R read_rprof (36 MB line profile)" "$(size "$dir/line36.out")" \
	    R_LIBS=build/R Rscript tools/bench-read.R rprof "$dir/line36.out"
	ours=$last
	large_pb=tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu
	if [ -n "${PROFILE_R_LIBS:-}" ]; then
		ref= once=1
		row "R profile::read_rprof (36 MB line profile, reference)" \
		    "$(size "$dir/line36.out")" R_LIBS=$PROFILE_R_LIBS \
		    Rscript tools/bench-read.R profile-rprof "$dir/line36.out"
		awk -v r="$last" -v s="$ours" 'BEGIN { printf "  %-44s %31.2fx of the reference\n", "(R read_rprof above)", r / s }'
		row "R profile::read_pprof (large.cpu, reference)" "$(size "$large_pb")" \
		    R_LIBS=$PROFILE_R_LIBS Rscript tools/bench-read.R profile-pprof "$large_pb"
		ref=$last once=
	else
		echo "  (the profile package's rows: PROFILE_R_LIBS unset)"
	fi
	row "R read_pprof (large.cpu)" "$(size "$large_pb")" \
	    R_LIBS=build/R Rscript tools/bench-read.R pprof "$large_pb"
	ref=
fi
ref=
echo "input: $dir/big.tsv, the stream (MB of stream)"
row "tsvtop (stream)" "$(size "$dir/big.tsv")" build/bin/tsvtop "$dir/big.tsv"
row "tsvtop -l -m (stream)" "$(size "$dir/big.tsv")" build/bin/tsvtop -l -m "$dir/big.tsv"
row "tsvpeek --tree (stream)" "$(size "$dir/big.tsv")" build/bin/tsvpeek --tree -o /dev/null "$dir/big.tsv"
row "tsvgraph (stream)" "$(size "$dir/big.tsv")" build/bin/tsvgraph "$dir/big.tsv"
row "tsvlist . (stream)" "$(size "$dir/big.tsv")" build/bin/tsvlist -o /dev/null . "$dir/big.tsv"
row "tsvreport (stream)" "$(size "$dir/big.tsv")" build/bin/tsvreport -o /dev/null "$dir/big.tsv"
row "tsvfocus -f merge (stream)" "$(size "$dir/big.tsv")" build/bin/tsvfocus -f merge "$dir/big.tsv"
row "tsv2folded (stream)" "$(size "$dir/big.tsv")" build/bin/tsv2folded "$dir/big.tsv"
row "tsvflame (stream)" "$(size "$dir/big.tsv")" build/bin/tsvflame "$dir/big.tsv"
echo "  (tsvflame's SVG of it: $(build/bin/tsvflame "$dir/big.tsv" | wc -c) bytes)"
row "tsvcombine (stream)" "$(size "$dir/big.tsv")" build/bin/tsvcombine "$dir/big.tsv"
r16=$dir/renamed16.tsv
echo "input: $r16 (16 renamed copies of large.cpu; MB of stream; its collapsed text: $(build/bin/tsv2folded "$r16" | wc -c) bytes)"
row "tsv2folded (16 renamed copies)" "$(size "$r16")" build/bin/tsv2folded "$r16"
row "tsvflame (16 renamed copies)" "$(size "$r16")" build/bin/tsvflame "$r16"
row "tsvflame --chart (16 renamed copies)" "$(size "$r16")" build/bin/tsvflame --chart "$r16"
row "tsvreport (16 renamed copies)" "$(size "$r16")" build/bin/tsvreport "$r16"
echo "  (tsvreport's page of it: $(build/bin/tsvreport "$r16" | wc -c) bytes)"
row "tsvtop (16 renamed copies, for scale)" "$(size "$r16")" build/bin/tsvtop "$r16"
# tsvreport's page of large.cpu in headless Chromium, driven over the
# DevTools protocol (issue 39): opening it, and each interaction until
# the frame after it is painted, the median of three runs
if command -v node >/dev/null 2>&1 && command -v chromium >/dev/null 2>&1; then
	build/bin/tsvreport -o "$dir/large.html" \
	    tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu
	echo "input: tsvreport's page of large.cpu ($(size "$dir/large.html") bytes) in headless Chromium"
	for i in 1 2 3; do
		node tests/interop/report-timings.js "$dir/large.html" >"$dir/timings.$i" ||
		    echo "report-timings.js failed" >&2
	done
	paste "$dir/timings.1" "$dir/timings.2" "$dir/timings.3" | awk -F'\t' '
	    $1 == "errors" { if ($2 != "0") print "  page errors: " $2; next }
	    { a = $2 + 0; b = $4 + 0; c = $6 + 0
	      lo = a < b ? (a < c ? a : c) : (b < c ? b : c)
	      hi = a > b ? (a > c ? a : c) : (b > c ? b : c)
	      printf "  %-46s %6d ms\n", $1, a + b + c - lo - hi }'
fi
build/bin/tsv2folded -l "$dir/big.tsv" >"$dir/big.folded"
row "folded2tsv (MB of collapsed stacks)" "$(size "$dir/big.folded")" build/bin/folded2tsv "$dir/big.folded"
# 10,000 sources (issue 28: tsvfocus walked every source for every kept
# sample): a short session of plain.out, 10,000 times, a source each
src=$dir/sources10k.tsv
if [ ! -s "$src" ]; then
	i=0
	while [ $i -lt 10000 ]; do
		head -n 20 tests/data/rprof/r-4.2/plain.out; i=$((i + 1))
	done | build/bin/rprof2tsv >"$src"
fi
echo "input: $src (10,000 sources; MB of stream)"
for p in tsvvalidate tsvcombine tsvtop tsv2folded tsvflame "tsvfocus -f work" \
    tsv2rprof tsv2pprof tsv2sql tsv2otlp "tsvpeek --tree" tsvgraph "tsvlist ." \
    tsvreport; do
	row "$p (10,000 sources)" "$(size "$src")" build/bin/$p "$src"
done
for pb in "$dir/large.pb" "$dir/large20.pb" "$dir/renamed20.pb"; do
	n=$(size "$pb")
	echo "input: $pb ($n bytes uncompressed protobuf)"
	ref=
	if command -v go >/dev/null 2>&1; then
		row "go tool pprof -proto (reference)" "$n" \
		    "go tool pprof -proto $pb"; ref=$last
	fi
	row "pprof2tsv" "$n" build/bin/pprof2tsv "$pb"
	build/bin/pprof2tsv "$pb" >"$dir/p.tsv"
	row "tsv2pprof (MB of protobuf written)" "$n" build/bin/tsv2pprof -u "$dir/p.tsv"
	row "pprof2tsv | tsv2pprof (round trip)" "$n" \
	    "build/bin/pprof2tsv $pb | build/bin/tsv2pprof"
	ref=
	if command -v go >/dev/null 2>&1; then
		row "go tool pprof -top (reference)" "$n" \
		    "go tool pprof -top $pb"; ref=$last
	fi
	row "pprof2tsv | tsvtop" "$n" "build/bin/pprof2tsv $pb | build/bin/tsvtop"
	# the one door: the profile itself, no text between (issue 37)
	row "tsvtop (the profile itself)" "$n" build/bin/tsvtop "$pb"
	ref=
	if command -v go >/dev/null 2>&1; then
		row "go tool pprof -peek . (reference)" "$n" \
		    "go tool pprof -peek . $pb"; ref=$last
	fi
	row "pprof2tsv | tsvpeek --tree" "$n" "build/bin/pprof2tsv $pb | build/bin/tsvpeek --tree"
	ref=
	if command -v go >/dev/null 2>&1; then
		row "go tool pprof -dot (reference)" "$n" \
		    "go tool pprof -dot $pb"; ref=$last
	fi
	row "pprof2tsv | tsvgraph" "$n" "build/bin/pprof2tsv $pb | build/bin/tsvgraph"
	ref=
	if command -v go >/dev/null 2>&1; then
		row "go tool pprof -list . (reference)" "$n" \
		    "go tool pprof -list . $pb"; ref=$last
	fi
	row "pprof2tsv | tsvlist ." "$n" "build/bin/pprof2tsv $pb | build/bin/tsvlist ."
	ref=
	row "tsvflame (its stream to SVG)" "$(size "$dir/p.tsv")" build/bin/tsvflame "$dir/p.tsv"
	# the same profile as OTLP: each way beside pprof's, MB of input
	build/bin/tsv2otlp "$dir/p.tsv" >"$dir/p.otlp"
	no=$(size "$dir/p.otlp")
	echo "  (as OTLP: $no bytes)"
	ref=
	row "otlp2tsv (MB of OTLP read)" "$no" build/bin/otlp2tsv "$dir/p.otlp"
	# its OTLP/JSON twin, MB of the protobuf's content (issue 37)
	build/bin/tsv2otlp -j "$dir/p.tsv" >"$dir/p.json"
	echo "  (as OTLP/JSON: $(size "$dir/p.json") bytes)"
	row "otlp2tsv of its JSON (MB of the protobuf)" "$no" build/bin/otlp2tsv "$dir/p.json"
	row "tsv2otlp -j (MB of stream read)" "$(size "$dir/p.tsv")" build/bin/tsv2otlp -j "$dir/p.tsv"
	row "tsv2otlp (MB of stream read)" "$(size "$dir/p.tsv")" build/bin/tsv2otlp "$dir/p.tsv"
	row "tsv2pprof -u (MB of stream read)" "$(size "$dir/p.tsv")" build/bin/tsv2pprof -u "$dir/p.tsv"
	row "pprof2tsv | tsv2otlp | otlp2tsv | tsv2pprof" "$n" \
	    "build/bin/pprof2tsv $pb | build/bin/tsv2otlp | build/bin/otlp2tsv | build/bin/tsv2pprof"
done

# perf script text, .cpuprofile and speedscope files (issue 38), beside
# what users run today: FlameGraph's stackcollapse-perf.pl (when found, on
# PATH or in $FLAMEGRAPH), speedscope's own import (below), and a
# JSON.parse in node (the floor under any importer) where speedscope's
# takes too long.
pf=$dir/perf200.txt
if [ ! -s "$pf" ]; then
	for f in tests/data/perf/flamegraph/*.txt.gz tests/data/perf/speedscope/*.gz; do
		gzip -dc "$f"; printf '\n\n'
	done >"$dir/perf-one.txt"
	n=$((200000000 / $(size "$dir/perf-one.txt") + 1))
	i=0; while [ $i -lt $n ]; do cat "$dir/perf-one.txt"; i=$((i + 1)); done >"$pf"
fi
n=$(size "$pf")
echo "input: $pf ($n bytes of perf script: FlameGraph's and speedscope's inputs, repeated)"
ref=
sc=$(command -v stackcollapse-perf.pl || echo "${FLAMEGRAPH:-/nonexistent}/stackcollapse-perf.pl")
if [ -f "$sc" ]; then
	row "stackcollapse-perf.pl (reference)" "$n" "perl $sc $pf"; ref=$last
else
	echo "  (no stackcollapse-perf.pl: put FlameGraph's on PATH, or FLAMEGRAPH=its folder)"
fi
row "perf2tsv" "$n" build/bin/perf2tsv "$pf"
row "perf2tsv | tsv2folded --perf" "$n" "build/bin/perf2tsv $pf | build/bin/tsv2folded --perf"
row "tsvtop (the perf script text itself)" "$n" build/bin/tsvtop "$pf"
# speedscope's own import, where node, Chromium and the speedscope npm
# package are (sh tools/deps.sh interop): its page in headless Chromium
# opening the file as its users do (tests/interop/speedscope.js import),
# the milliseconds it reports, less those of opening a one-line profile
# (the page itself); a row as row() prints one, the reference.
npm=build/tests/out/npm/node_modules
speedscope_row() {
	command -v chromium >/dev/null 2>&1 && [ -d "$npm/speedscope" ] || {
		echo "  (no speedscope import to compare: chromium and npm's speedscope, sh tools/deps.sh interop)"
		return 1
	}
	if [ -z "${speedscope_base:-}" ]; then
		printf 'a;b 1\n' >"$dir/one.folded"
		speedscope_base=$(NODE_PATH=$npm node tests/interop/speedscope.js import \
		    "$dir/one.folded" | awk '$1 == "import" { print $2 }')
	fi
	ms=$(NODE_PATH=$npm timeout 900 node tests/interop/speedscope.js import "$2" |
	    awk '$1 == "import" { print $2 }')
	[ -n "$ms" ] || { echo "  $1: speedscope did not import it in 15 minutes"; return 1; }
	last=$(awk -v m="$ms" -v b="$speedscope_base" 'BEGIN { printf "%.4f", (m - b) / 1000 }')
	awk -v n="$1" -v b="$(size "$2")" -v s="$last" 'BEGIN {
	    printf "  %-44s %8.1f MB/s %7.3f s %10s\n", n, b / 1e6 / s, s, "(browser)" }'
}
if command -v node >/dev/null 2>&1; then
	cp=$dir/big.cpuprofile
	cp10=$dir/sucrase10.cpuprofile
	for k in 400 10; do
		f=$cp; [ $k = 10 ] && f=$cp10
		[ -s "$f" ] || node -e '
		    const fs = require("fs"), zlib = require("zlib");
		    const p = JSON.parse(zlib.gunzipSync(fs.readFileSync(process.argv[1])));
		    const s = [], d = [];
		    for (let i = 0; i < +process.argv[3]; i++) {
			for (const x of p.samples) s.push(x);
			for (const x of p.timeDeltas) d.push(x);
		    }
		    p.samples = s; p.timeDeltas = d;
		    p.endTime = p.startTime + d.reduce((a, b) => a + b, 0);
		    fs.writeFileSync(process.argv[2], JSON.stringify(p));' \
		    tests/data/cpuprofile/sucrase.cpuprofile.gz "$f" $k
	done
	parse="node -e 'JSON.parse(require(\"fs\").readFileSync(process.argv[1], \"utf8\"))'"
	# speedscope takes minutes past a few MB of .cpuprofile (16 s for
	# 2.4 MB, 76 s for 7.2 MB here): it is timed on sucrase's samples 10
	# times, the converters on that and on 400 times
	n=$(size "$cp10")
	echo "input: $cp10 ($n bytes: sucrase.cpuprofile's samples 10 times; its stream: $(build/bin/cpuprofile2tsv "$cp10" | wc -c) bytes)"
	ref=
	speedscope_row "speedscope's import (reference)" "$cp10" && ref=$last
	row "cpuprofile2tsv" "$n" build/bin/cpuprofile2tsv "$cp10"
	row "tsvtop (the .cpuprofile itself)" "$n" build/bin/tsvtop "$cp10"
	n=$(size "$cp")
	echo "input: $cp ($n bytes: sucrase.cpuprofile's samples 400 times; its stream: $(build/bin/cpuprofile2tsv "$cp" | wc -c) bytes)"
	ref=
	row "node JSON.parse (reference)" "$n" "$parse $cp"; ref=$last
	row "cpuprofile2tsv" "$n" build/bin/cpuprofile2tsv "$cp"
	row "tsvtop (the .cpuprofile itself)" "$n" build/bin/tsvtop "$cp"
	# the same profile as Chrome's trace events carry it: a Profile
	# event, then ProfileChunk events of 100 samples, the nodes (each
	# naming its parent) in the first, each chunk's ts its last sample's
	# time (speedscope orders the events by it)
	trace_of() {
		[ -s "$2" ] || node -e '
		    const fs = require("fs");
		    const p = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
		    const parent = {};
		    for (const n of p.nodes)
			for (const c of n.children || []) parent[c] = n.id;
		    const nodes = p.nodes.map((n) => { const m = { id: n.id,
			callFrame: n.callFrame }; if (parent[n.id]) m.parent = parent[n.id];
			return m; });
		    const ev = [{ args: { data: { startTime: p.startTime } },
			cat: "disabled-by-default-v8.cpu_profiler", id: "0x1",
			name: "Profile", ph: "P", pid: 1, tid: 1, ts: p.startTime }];
		    let ts = p.startTime;
		    for (let i = 0; i < p.samples.length; i += 100) {
			const d = p.timeDeltas.slice(i, i + 100);
			for (const x of d) ts += x;
			ev.push({ args: { data: { cpuProfile: Object.assign(
			    i ? {} : { nodes }, { samples: p.samples.slice(i, i + 100) }),
			    timeDeltas: d } },
			    cat: "disabled-by-default-v8.cpu_profiler", id: "0x1",
			    name: "ProfileChunk", ph: "P", pid: 1, tid: 2, ts });
		    }
		    fs.writeFileSync(process.argv[2], JSON.stringify({ traceEvents: ev }));' \
		    "$1" "$2"
	}
	tr=$dir/big.trace.json
	tr10=$dir/sucrase10.trace.json
	trace_of "$cp" "$tr"
	trace_of "$cp10" "$tr10"
	n=$(size "$tr10")
	echo "input: $tr10 ($n bytes: sucrase.cpuprofile's samples 10 times as Chrome's trace events, 100 a chunk)"
	ref=
	speedscope_row "speedscope's import (reference)" "$tr10" && ref=$last
	row "cpuprofile2tsv (the trace)" "$n" build/bin/cpuprofile2tsv "$tr10"
	row "tsvtop (the trace itself)" "$n" build/bin/tsvtop "$tr10"
	n=$(size "$tr")
	echo "input: $tr ($n bytes: the same samples as Chrome's trace events, 100 a chunk)"
	ref=
	row "node JSON.parse (reference)" "$n" "$parse $tr"; ref=$last
	row "cpuprofile2tsv (the trace)" "$n" build/bin/cpuprofile2tsv "$tr"
	row "tsvtop (the trace itself)" "$n" build/bin/tsvtop "$tr"
	# one recording, each JSON format that holds it (speedscope's and
	# the processed profile as tsv2speedscope and tsv2firefox write
	# it): the same samples and stream, each reader's time beside
	# speedscope2tsv's (the issue's bar; a format's own MB/s says how
	# dense it is: a .cpuprofile names a node a sample, speedscope's
	# JSON every frame)
	ss10=$dir/sucrase10.speedscope.json
	ff10=$dir/sucrase10.firefox.json
	[ -s "$ss10" ] || build/bin/tsv2speedscope "$cp10" >"$ss10"
	[ -s "$ff10" ] || build/bin/tsv2firefox "$cp10" >"$ff10"
	echo "input: one recording (sucrase.cpuprofile's samples 10 times), each format"
	ref=
	row "speedscope2tsv (speedscope's JSON, reference)" "$(size "$ss10")" \
	    build/bin/speedscope2tsv "$ss10"; ref=$last
	row "cpuprofile2tsv (.cpuprofile)" "$(size "$cp10")" \
	    build/bin/cpuprofile2tsv "$cp10"
	row "cpuprofile2tsv (Chrome's trace)" "$(size "$tr10")" \
	    build/bin/cpuprofile2tsv "$tr10"
	row "firefox2tsv (processed profile)" "$(size "$ff10")" \
	    build/bin/firefox2tsv "$ff10"
	# Firefox ESR's own Gecko profile (the test data's, its markers
	# emptied)
	gk=$dir/firefox.gecko.json
	[ -s "$gk" ] || gzip -dc tests/data/firefox/firefox-esr-153.gecko.json.gz >"$gk"
	n=$(size "$gk")
	echo "input: $gk ($n bytes: Firefox ESR 153's profile, 7 threads, 16,909 samples)"
	ref=
	row "node JSON.parse (reference)" "$n" "$parse $gk"; ref=$last
	row "firefox2tsv" "$n" build/bin/firefox2tsv "$gk"
	row "tsvtop (the Gecko profile itself)" "$n" build/bin/tsvtop "$gk"
	# the processed format (version 70, tables shared): the profiler's
	# fixture of six native threads, its samples repeated to 2 million
	pk=$dir/firefox.processed.json
	if [ ! -s "$pk" ]; then
		node tests/firefox/processed-versions.js \
		    tests/data/firefox/processed/unsymbolicated.v49.json "$dir/pv"
		node -e '
		const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		for (const t of p.threads) {
		  const s = t.samples, n = s.length, k = Math.ceil(2e6 / 42);
		  const st = [], ti = [];
		  for (let r = 0; r < k; r++)
		    for (let i = 0; i < n; i++) { st.push(s.stack[i]); ti.push(s.time[i] + r * 100); }
		  s.stack = st; s.time = ti; s.weight = null; s.length = st.length;
		}
		require("fs").writeFileSync(process.argv[2], JSON.stringify(p));' \
		    "$dir/pv/v69/profile.json" "$pk"
	fi
	n=$(size "$pk")
	echo "input: $pk ($n bytes: a processed profile, 6 threads, 2 million samples)"
	ref=
	row "node JSON.parse (reference)" "$n" "$parse $pk"; ref=$last
	row "firefox2tsv (processed)" "$n" build/bin/firefox2tsv "$pk"
	row "tsv2firefox (MB of the Gecko profile read)" "$(size "$gk")" \
	    build/bin/tsv2firefox "$gk"
	# a Java Flight Recorder recording: the test data's, its chunk 40
	# times (a chunk each)
	jf=$dir/work40.jfr
	if [ ! -s "$jf" ]; then
		for i in $(seq 40); do cat tests/data/jfr/work.jfr; done >"$jf"
	fi
	n=$(size "$jf")
	echo "input: $jf ($n bytes: OpenJDK 17's recording, 40 chunks)"
	ref=
	if command -v jfr >/dev/null 2>&1; then
		# the JDK's reading of every event (0.8 GB of JSON), once
		once=1
		row "jfr print --json" "$n" "jfr print --json $jf"
		once=
		row "jfr summary (reference)" "$n" "jfr summary $jf"; ref=$last
	fi
	# speedscope's own import of it (speedscope 1.25 reads JFR)
	ref0=$ref
	speedscope_row "speedscope's import" "$jf" || :
	ref=$ref0
	row "jfr2tsv" "$n" build/bin/jfr2tsv "$jf"
	row "tsvtop -t cpu (the recording itself)" "$n" build/bin/tsvtop -t cpu "$jf"
	for src in tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu \
	    "$dir/renamed20.pb" tests/data/cpuprofile/sucrase.cpuprofile.gz; do
		build/bin/tsv2speedscope "$src" >"$dir/s.speedscope.json"
		n=$(size "$dir/s.speedscope.json")
		echo "input: tsv2speedscope of $src ($n bytes, $(grep -o '"type":"[a-z]*"' "$dir/s.speedscope.json" | head -1))"
		ref=
		if [ "$src" = "$dir/renamed20.pb" ]; then
			row "node JSON.parse (reference)" "$n" "$parse $dir/s.speedscope.json"; ref=$last
		else
			speedscope_row "speedscope's import (reference)" "$dir/s.speedscope.json" && ref=$last
			row "node JSON.parse" "$n" "$parse $dir/s.speedscope.json"
		fi
		row "speedscope2tsv" "$n" build/bin/speedscope2tsv "$dir/s.speedscope.json"
		row "tsv2speedscope (MB written)" "$n" build/bin/tsv2speedscope "$src"
	done
fi

# A legacy gperftools CPU profile of about 100 MB: cppbench.cpu's samples
# repeated between its header and its end marker and memory map.
cpu=tests/data/pprof/google-pprof/profile/testdata/cppbench.cpu
leg=$dir/legacy100.cpu
if [ ! -s "$leg" ]; then
	eod=$(od -A n -t u8 -v -w8 "$cpu" | awk 'NR > 5 { w[NR - 5] = $1 }
	    END { i = 1; while (i in w) {
		if (w[i] == 0 && w[i + 1] == 1 && w[i + 2] == 0) { print (i + 4) * 8; exit }
		i += 2 + w[i + 1] } }')
	tail -c +41 "$cpu" | head -c $((eod - 40)) >"$dir/legacy.samples"
	n=$((100000000 / (eod - 40) + 1))
	{ head -c 40 "$cpu"
	  i=0; while [ $i -lt $n ]; do cat "$dir/legacy.samples"; i=$((i + 1)); done
	  tail -c +$((eod + 1)) "$cpu"; } >"$leg"
fi
n=$(size "$leg")
echo "input: $leg ($n bytes, a legacy gperftools CPU profile)"
ref=
if command -v go >/dev/null 2>&1; then
	row "go tool pprof -proto (reference)" "$n" "go tool pprof -proto $leg"
	ref=$last
fi
row "pprof2tsv" "$n" build/bin/pprof2tsv "$leg"
row "pprof2tsv | tsv2pprof" "$n" "build/bin/pprof2tsv $leg | build/bin/tsv2pprof"

# tsv2sql: loading a stream into each database, beside the database's own
# bulk load of the same rows from pre-split files (.import, \copy) into
# the same tables. Rows per second, of the stream's data rows.
split_tables() {	# STREAM DIR: a file of rows per table, fields only
	mkdir -p "$2"
	awk -F'\t' -v d="$2" '!/^#/ && $1 != "meta" { t = $1; sub(/^\./, "", t)
	    line = $0; sub(/^[^\t]*\t/, "", line)
	    # the table has the extension columns: neutral values, as tsv2sql
	    if (t == "locations" && NF == 4) line = line "\tNA\tNA\tFALSE\tFALSE\t0"
	    print line > (d "/" t ".tsv") }' "$1"
}
schema_sql() {	# DIALECT: the 2.0 tables, plain, as tsv2sql 0.9 made them
	cat "tools/flat-2.0-$1.sql"
}
# the tables in the order their keys need
tables="sources source_attributes mappings functions locations samples
    sample_values sample_locations sample_labels"
sqlrow() {	# NAME ROWS SECONDS-OF-COMMAND...
	sqlrows "$1" "$2" 1 : "$3"
}
# NAME ROWS REPS SETUP COMMAND: COMMAND timed REPS times, each after SETUP
# and a sync (so that no write of before waits in its fsync), the median
sqlrows() {
	name=$1; rows=$2; reps=$3; setup=$4; cmd=$5
	: >"$dir/ts"
	i=0
	while [ $i -lt "$reps" ]; do
		sh -c "$setup" >/dev/null 2>&1; sync
		/usr/bin/time -f '%e %M' -o "$dir/t" sh -c "$cmd" >/dev/null \
		    2>"$dir/err" ||
		    { echo "$name: failed: $(head -c 300 "$dir/err")" >&2; return; }
		cat "$dir/t" >>"$dir/ts"
		i=$((i + 1))
	done
	read -r secs kb <<EOT
$(sort -n "$dir/ts" | sed -n "$(( (reps + 1) / 2 ))p")
EOT
	last=$secs
	awk -v n="$name" -v r="$rows" -v s="$secs" -v k="$kb" -v ref="${ref:-}" '
	    BEGIN { printf "  %-44s %8.0f rows/s %7.3f s %8.1f MB", n, (s > 0 ? r / s : 0), s, k / 1024
		    if (ref != "" && s > 0) printf "   %5.2fx %s", ref / s, "of the reference"
		    printf "\n" }'
}
for s in "$dir/large.tsv" "$dir/1g.tsv"; do
	[ -s "$s" ] || build/bin/pprof2tsv "$large" >"$dir/large.tsv"
	rows=$(grep -vc '^#\|^meta' "$s")
	echo "input: $s ($rows rows) into SQLite"
	rm -rf "$dir/split"
	split_tables "$s" "$dir/split"
	ref=
	if command -v sqlite3 >/dev/null 2>&1; then
		{ echo "BEGIN;"; echo ".mode tabs"; for t in $tables; do
			[ -f "$dir/split/$t.tsv" ] &&
			    echo ".import $dir/split/$t.tsv $t"; done; echo "COMMIT;"; } \
		    >"$dir/import.sql"
		schema_sql sqlite >"$dir/flat.sql"
		# five times each (the median) where a load takes a second: this
		# machine has runs 1.5 to 2 times slower now and then
		n=$([ "$rows" -lt 5000000 ] && echo 5 || echo 1)
		sqlrows "sqlite3 .import of split files (reference)" "$rows" "$n" \
		    "rm -f $dir/ref.db; sqlite3 $dir/ref.db <$dir/flat.sql" \
		    "sqlite3 $dir/ref.db <$dir/import.sql"; ref=$last
		sqlrows "tsv2sql | sqlite3" "$rows" "$n" "rm -f $dir/our.db" \
		    "build/bin/tsv2sql $s | sqlite3 -bail $dir/our.db"
		sqlrows "tsv2sql -b (libsqlite3)" "$rows" "$n" "rm -f $dir/our.db" \
		    "build/bin/tsv2sql -b $dir/our.db $s"
		# back out: sqlite3 printing the 2.0 tables and views as the
		# reference, sql2tsv writing the stream
		{ echo ".mode tabs"; for t in $tables; do
			echo "SELECT * FROM $t;"; done; } >"$dir/select.sql"
		sqlrows "sqlite3 SELECT * of the 2.0 tables (reference)" "$rows" \
		    "$n" : "sqlite3 $dir/our.db <$dir/select.sql"; ref=$last
		sqlrows "sql2tsv (read back whole)" "$rows" "$n" : \
		    "build/bin/sql2tsv $dir/our.db"
		rm -f "$dir/ref.db" "$dir/our.db"
	fi
	pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	if [ -n "$pgbin" ] && [ "$(id -u)" = 0 ] && command -v runuser >/dev/null; then
		echo "input: $s ($rows rows) into PostgreSQL"
		pg=$(mktemp -d "${TMPDIR:-/tmp}/profstream-pg.XXXXXX")
		chmod 755 "$pg" "$dir" "$dir/split"; chmod 644 "$dir"/split/*.tsv
		chown postgres "$pg"
		runuser -u postgres -- "$pgbin/initdb" -D "$pg/data" -A trust -E UTF8 \
		    --locale=C.UTF-8 >/dev/null 2>&1
		runuser -u postgres -- "$pgbin/pg_ctl" -D "$pg/data" -l "$pg/log" -w \
		    -o "-c listen_addresses='' -k $pg" start >/dev/null 2>&1
		psql_="runuser -u postgres -- $pgbin/psql -h $pg -X -q -v ON_ERROR_STOP=1"
		$psql_ -d postgres -c 'CREATE DATABASE ref' -c 'CREATE DATABASE ours'
		schema_sql postgresql | $psql_ -d ref -f - >/dev/null
		# printf: dash's echo would take \c for "no more output"
		{ echo "BEGIN;"; for t in $tables; do [ -f "$dir/split/$t.tsv" ] &&
			printf '%s\n' "\\copy $t FROM '$dir/split/$t.tsv' WITH (FORMAT text, NULL 'NA')"
		    done; echo "COMMIT;"; } >"$dir/copy.sql"
		ref=
		sqlrow "psql \\copy of split files (reference)" "$rows" \
		    "$psql_ -d ref -f - <$dir/copy.sql"; ref=$last
		sqlrow "tsv2sql -D postgresql | psql" "$rows" \
		    "build/bin/tsv2sql -D postgresql $s | $psql_ -d ours -f -"
		# back out: psql copying the 2.0 tables and views out as the
		# reference, sql2tsv writing the stream
		{ for t in $tables; do
			printf '%s\n' "\\copy (SELECT * FROM $t) TO STDOUT"
		    done; } >"$dir/copyout.sql"
		ref=
		sqlrow "psql \\copy of the 2.0 tables out (reference)" "$rows" \
		    "$psql_ -d ours -f - <$dir/copyout.sql"; ref=$last
		sqlrow "sql2tsv (read back whole)" "$rows" \
		    "build/bin/sql2tsv 'host=$pg dbname=ours user=postgres'"
		runuser -u postgres -- "$pgbin/pg_ctl" -D "$pg/data" -w stop >/dev/null 2>&1
		rm -rf "$pg"
	fi
	rm -rf "$dir/split"
done

# tsvsymbolize (issue 59): the C library's code as a profile of bare
# addresses (every 32nd byte of its .text, a sample each, its mapping at
# 0x10000000: awk's numbers), symbolized from its binary and debug file, inlined
# frames included; beside eu-addr2line -f -i of the same addresses (the
# reference) and go tool pprof -symbolize=local of the same profile as
# pprof, where Go is.
libc=/usr/lib/x86_64-linux-gnu/libc.so.6
if command -v eu-readelf >/dev/null 2>&1 && [ -f "$libc" ]; then
	eu-readelf -S "$libc" | awk '$2 == ".text" { print $4, $6 }' | {
		read -r at len
		awk -v at=$((0x$at)) -v len=$((0x$len)) -v f="$libc" 'BEGIN {
		    printf "#meta\tkey\tvalue\nmeta\tversion\t2.0\n"
		    printf "#sources\tsource_id\tsource_type\tsource_uri\tsource_timestamp\n"
		    printf "#.mappings\tmapping_id\tmemory_start\tmemory_limit\tfile_offset\tfilename\tbuild_id\thas_functions\thas_filenames\thas_line_numbers\thas_inline_frames\n"
		    printf "#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line\n"
		    printf "#locations\tlocation_id\tfunction_id\tline\t.address\t.mapping_id\t.is_folded\t.inlined\t.column\n"
		    printf "#samples\tsample_id\tsource_id\n#sample_values\tsample_id\ttype\tunit\tvalue\n"
		    printf "#sample_locations\tsample_id\tdepth\tlocation_id\n"
		    printf "sources\t1\tpprof\tNA\tNA\n"
		    printf ".mappings\t1\t0x10000000\t0x10200000\t0x0\t%s\t\tFALSE\tFALSE\tFALSE\tFALSE\n", f
		    for (a = at; a < at + len; a += 32) {
			k++
			printf "locations\t%d\tNA\tNA\t0x%x\t1\tFALSE\tFALSE\t0\n", k, 268435456 + a
			printf "samples\t%d\t1\nsample_values\t%d\tsamples\tcount\t1\n", k, k
			printf "sample_locations\t%d\t1\t%d\n", k, k
		    } }' >"$dir/bare.tsv"
		awk -v at=$((0x$at)) -v len=$((0x$len)) 'BEGIN {
		    for (a = at; a < at + len; a += 32) printf "0x%x\n", a }' >"$dir/bare.addrs"
	}
	n=$(size "$dir/bare.tsv")
	echo "input: $dir/bare.tsv ($(wc -l <"$dir/bare.addrs") addresses of $libc, $n bytes)"
	ref=
	if command -v eu-addr2line >/dev/null 2>&1; then
		row "eu-addr2line -f -i (reference)" "$n" \
		    "eu-addr2line -f -i -e $libc <$dir/bare.addrs"; ref=$last
	fi
	row "tsvsymbolize" "$n" build/bin/tsvsymbolize "$dir/bare.tsv"
	if command -v go >/dev/null 2>&1; then
		build/bin/tsv2pprof "$dir/bare.tsv" >"$dir/bare.pb.gz"
		# Debian's go tool pprof names only Go binaries' addresses
		go tool pprof -symbolize=local -proto "$dir/bare.pb.gz" \
		    2>/dev/null >"$dir/gosym.pb.gz"
		if build/bin/pprof2tsv "$dir/gosym.pb.gz" 2>/dev/null |
		    grep -q '^functions'; then
			once=1 row "go tool pprof -symbolize=local -proto" "$n" \
			    "go tool pprof -symbolize=local -proto $dir/bare.pb.gz"
			once=
		else
			echo "  (go tool pprof -symbolize=local names none of them: it reads Go binaries)"
		fi
	fi
fi

# The databases' growth (tools/db-bench.sh): a small R profile added 50
# times, as a fleet adds profiles whose stacks it has seen, and
# large.cpu's stream (every stack new) 3 times; SQLite, one PostgreSQL
# server, and a coordinator with three shards (tsv2sql --shard).
build/bin/rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out >"$dir/r.tsv"
if command -v sqlite3 >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
	sh tools/db-bench.sh "$dir/r.tsv" 50
	sh tools/db-bench.sh "$dir/large.tsv" 3
fi
# ClickHouse, one server and three shards with a coordinator
# (tools/ch-bench.sh): the same two, bytes from its own parts
sh tools/ch-bench.sh "$dir/r.tsv" 50
sh tools/ch-bench.sh "$dir/large.tsv" 3
