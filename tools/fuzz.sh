#!/bin/sh
# fuzz.sh SECONDS [TARGET ...]: runs each libFuzzer target for SECONDS,
# seeded from the test data, continuing its corpus in build/fuzz.
# Exits 1 when a target finds a crash, a leak or a hang (an input over
# 30 s: fuzz_analysis's deepest inputs take 3 s with its sanitizers, more
# on a busy machine) (kept as
# build/fuzz/TARGET-crash-* to add to tests/fuzz/regress/).
# With FUZZ_RUNS=N set, each target instead runs N inputs from seed 1 on
# a fresh corpus: the same inputs on every machine, so CI can gate on it
# without passing or failing by luck.
cd "$(dirname "$0")/.." || exit 2
secs=${1:-60}
shift
targets=${*:-fuzz_stream fuzz_rprof fuzz_pprof fuzz_folded fuzz_gzip fuzz_analysis fuzz_otlp fuzz_json fuzz_perf fuzz_cpuprofile fuzz_speedscope fuzz_firefox fuzz_symbolize fuzz_jfr}
dir=build/fuzz
status=0
for t in $targets; do
	case $t in
	fuzz_stream) seeds="tests/validate tests/fuzz/regress/stream tests/fuzz/seeds/stream" ;;
	fuzz_rprof) seeds="tests/data/rprof tests/fuzz/regress/rprof tests/fuzz/seeds/rprof" ;;
	fuzz_pprof) seeds="tests/data/pprof tests/fuzz/regress/pprof tests/fuzz/seeds/pprof" ;;
	fuzz_folded) seeds="tests/data/folded tests/folded tests/fuzz/regress/folded tests/fuzz/seeds/folded" ;;
	fuzz_gzip) seeds="tests/data/pprof tests/data/rprof/r-4.2" ;;
	fuzz_analysis) seeds="tests/fuzz/regress/analysis tests/fuzz/seeds/analysis" ;;
	fuzz_otlp) seeds="tests/data/otlp tests/fuzz/regress/otlp tests/fuzz/seeds/otlp" ;;
	fuzz_json) seeds="tests/fuzz/regress/json tests/fuzz/seeds/json" ;;
	fuzz_perf) seeds="tests/data/perf tests/fuzz/regress/perf" ;;
	fuzz_cpuprofile) seeds="tests/data/cpuprofile tests/data/cpuprofile/chromium-trace tests/fuzz/regress/cpuprofile" ;;
	fuzz_speedscope) seeds="tests/data/speedscope tests/fuzz/regress/speedscope" ;;
	fuzz_firefox) seeds="tests/data/firefox tests/fuzz/regress/firefox tests/fuzz/seeds/firefox" ;;
	fuzz_symbolize) seeds="tests/data/symbolize tests/fuzz/regress/symbolize tests/fuzz/seeds/symbolize" ;;
	fuzz_jfr) seeds="tests/fuzz/regress/jfr tests/fuzz/seeds/jfr" ;;
	esac
	# every audit's inputs too (tests/data/audit-*), for every target:
	# what broke one reader is the first thing to try on the others
	seeds="$seeds $(ls -d tests/data/audit tests/data/audit-* 2>/dev/null)"
	# only the seed folders there are (git keeps no empty folder)
	seeds=$(for d in $seeds; do [ -d "$d" ] && echo "$d"; done)
	if [ -n "${FUZZ_RUNS:-}" ]; then
		rm -rf "$dir/corpus-$t"
		runs=$FUZZ_RUNS
		# fuzz_analysis runs a dozen programs' passes per input, ~110
		# ms each: a third of the inputs keeps CI's gate under 2 min
		[ $t = fuzz_analysis ] && runs=$(( (runs + 2) / 3 ))
		limit="-runs=$runs -seed=1"
	else
		limit="-max_total_time=$secs"
	fi
	mkdir -p "$dir/corpus-$t"
	# stream seeds: also the streams of some real profiles
	if [ $t = fuzz_stream ] && [ ! -e "$dir/corpus-$t/.seeded" ]; then
		build/bin/rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out \
		    >"$dir/corpus-$t/rprof.tsv" 2>/dev/null
		build/bin/pprof2tsv tests/data/pprof/pprofutils/heapage.in.pprof \
		    >"$dir/corpus-$t/pprof.tsv" 2>/dev/null
		touch "$dir/corpus-$t/.seeded"
	fi
	dict=
	[ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
	echo "== $t: $limit"
	# a recording's metadata alone is some 100 kB
	maxlen=65536
	[ $t = fuzz_jfr ] && maxlen=262144
	"$dir/$t" $limit $dict -timeout=30 -rss_limit_mb=2048 \
	    -max_len=$maxlen -print_final_stats=1 -artifact_prefix="$dir/$t-" \
	    "$dir/corpus-$t" $seeds 2>"$dir/$t.log"
	rc=$?
	grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|Done)' \
	    "$dir/$t.log"
	if [ $rc != 0 ]; then
		status=1
		echo "$t: FINDING (exit $rc):"
		grep -E 'ERROR|SUMMARY|Test unit written' "$dir/$t.log" | head -5
	fi
done
exit $status
