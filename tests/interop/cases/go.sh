# go: google/pprof as the judge. Its parser (tests/pprof-oracle) must print
# the same profile for every protobuf profile and its round trip, and
# `go tool pprof` must count what the stream counts.

# Every protobuf profile: the same to google/pprof after the round trip,
# aggregated (default) and not (-n).
t_go_round_trip() {
	go_oracle || return
	for rel in $(protobuf_files); do
		f=tests/data/pprof/$rel
		"$oracle" "$f" >"$out/orig.txt" || { bad "oracle on $rel"; continue; }
		for opt in "" -n; do
			$bin/pprof2tsv "$f" | $bin/tsv2pprof $opt >"$out/back.pb.gz" &&
			    "$oracle" "$out/back.pb.gz" >"$out/back.txt" &&
			    cmp -s "$out/orig.txt" "$out/back.txt" ||
			    bad "pprof round trip $opt of $rel"
		done
	done
}

# Every Rprof file: google/pprof reads tsv2pprof's profile, and
# `go tool pprof -top -sample_index=samples` gives each function the
# stream's self (flat) and total (cum) sample counts.
t_go_rprof_top() {
	go_oracle || return
	for f in $(rprof_files); do
		$bin/rprof2tsv "$f" 2>/dev/null >"$out/r.tsv"
		$bin/tsv2pprof "$out/r.tsv" >"$out/r.pb.gz"
		if ! "$oracle" "$out/r.pb.gz" >/dev/null; then
			bad "google/pprof cannot read tsv2pprof's profile of $f"; continue
		fi
		awk -v pprof=1 -f tests/selftotal.awk "$out/r.tsv" | sort >"$out/ours.top"
		go tool pprof -top -sample_index=samples -nodecount=1000000 \
		    -nodefraction=0 -edgefraction=0 "$out/r.pb.gz" 2>/dev/null |
		    awk '/^ *flat/ { on = 1; next }
			on { name = $0
			     for (i = 0; i < 5; i++) sub(/^ *[^ ]+ +/, "", name)
			     print name "\t" $1 "\t" $4 }' | sort >"$out/go.top"
		if cmp -s "$out/ours.top" "$out/go.top"; then ok; else
			bad "go tool pprof -top of $f differs from the stream's counts"
			diff "$out/ours.top" "$out/go.top" | head -4
		fi
	done
}

# tsvcombine: an Rprof and a pprof stream combined; the pprof input comes
# back, by its source_id, as the same profile to google/pprof.
t_go_combine_by_source() {
	go_oracle || return
	for rel in go-1.19/go.cpu.pb.gz pprofutils/heapage.in.pprof \
	    google-pprof/internal/proftest/testdata/large.cpu; do
		f=tests/data/pprof/$rel
		$bin/rprof2tsv "$R_MEM" >"$out/ca.tsv"
		$bin/pprof2tsv "$f" >"$out/cb.tsv"
		"$oracle" "$f" >"$out/orig.txt"
		$bin/tsvcombine "$out/ca.tsv" "$out/cb.tsv" |
		    awk -v s=2 -f tests/bysource.awk | $bin/tsv2pprof >"$out/back.pb.gz"
		"$oracle" "$out/back.pb.gz" | cmp -s - "$out/orig.txt" ||
		    bad "$rel back from tsvcombine by its source"
	done
}

# tsvtop: every protobuf profile, every sample type: the flat and cum of
# `go tool pprof -top -symbolize=none` are tsvtop's self and total (in the
# type's unit: pprof's -unit; its "(inline)" labels left out).
t_go_top() {
	go_oracle || return
	for rel in $(protobuf_files); do
		f=tests/data/pprof/$rel
		$bin/pprof2tsv "$f" >"$out/t.tsv" || { bad "pprof2tsv $rel"; continue; }
		awk -F'\t' '$1 == "sample_values" && !($3 in s) { s[$3]
		    print $3 "\t" $4 }' "$out/t.tsv" >"$out/types"
		i=0
		while IFS="$(printf '\t')" read -r type unit; do
			case $unit in nanoseconds) u=-unit=ns ;; microseconds) u=-unit=us ;;
			milliseconds) u=-unit=ms ;; seconds) u=-unit=s ;; bytes) u=-unit=B ;;
			*) u= ;; esac
			$bin/tsvtop -q --all --unit=raw -t "$type" "$out/t.tsv" |
			    awk -F'\t' '
			    NR > 1 && ($2 != 0 || $4 != 0) {
				printf "%s\t%.17g\t%.17g\n", $1, $2, $4 }' |
			    sort >"$out/ours.top"
			go tool pprof -top -symbolize=none -sample_index=$i \
			    -nodecount=1000000 -nodefraction=0 -edgefraction=0 $u "$f" \
			    2>/dev/null | awk '/^ *flat/ { on = 1; next }
			    on { name = $0
				 for (k = 0; k < 5; k++) sub(/^ *[^ ]+ +/, "", name)
				 sub(/ \((partial-)?inline\)$/, "", name)
				 a = $1; b = $4
				 sub(/[^0-9.]+$/, "", a); sub(/[^0-9.]+$/, "", b)
				 printf "%s\t%.17g\t%.17g\n", name, a, b }' |
			    sort >"$out/go.top"
			cmp -s "$out/ours.top" "$out/go.top" ||
			    bad "tsvtop -t $type $rel differs from go tool pprof -top"
			i=$((i + 1))
		done <"$out/types"
	done
}

# tsvfocus: the samples google/pprof keeps with the same filters
# (`go tool pprof -proto`), all-zero samples aside (pprof drops them), on
# CPU, heap, labelled and R profiles.
t_go_focus() {
	go_oracle || return
	blocks='/^\[/ { keep = $0 !~ /^\[0( 0)*\]/ } /^\[/ || /^ / { if (keep) print }'
	for rel in go-1.19/go.cpu.pb.gz go-1.19/go.heap.pb.gz \
	    google-pprof/internal/proftest/testdata/large.cpu \
	    pprofutils/labelframes.in.pprof r-prof-profile/1.out.prof.pb.gz; do
		f=tests/data/pprof/$rel
		for pair in "-f sha256|-focus=sha256" "-i runtime|-ignore=runtime" \
		    "-H runtime|-hide=runtime" "-r main|-show_from=main" \
		    "-H libR|-hide=libR" "-r \.go$|-show_from=\.go$" \
		    "-f fmt -i Fprintf -H ^runtime -r main|-focus=fmt -ignore=Fprintf -hide=^runtime -show_from=main"; do
			ours=${pair%%|*}; theirs=${pair#*|}
			go tool pprof -proto $theirs "$f" 2>/dev/null >"$out/go.pb.gz"
			"$oracle" "$out/go.pb.gz" | awk "$blocks" >"$out/go.txt"
			$bin/pprof2tsv "$f" | $bin/tsvfocus $ours | $bin/tsv2pprof \
			    >"$out/our.pb.gz"
			"$oracle" "$out/our.pb.gz" | awk "$blocks" >"$out/our.txt"
			[ -s "$out/go.pb.gz" ] && cmp -s "$out/go.txt" "$out/our.txt" ||
			    bad "tsvfocus $ours of $rel differs from pprof $theirs"
		done
	done
}

# The legacy formats: every legacy file of tests/data, its CPU profiles in
# the other word sizes and byte orders, and the text profiles Go writes
# with debug=1 now, is to pprof2tsv | tsv2pprof (aggregated and -n) what
# google/pprof makes of it, as profile.proto holds it (-reparse); what
# google/pprof refuses, pprof2tsv refuses. google/pprof's TestParse golden
# texts match too (Debian's google/pprof prints no column: the golden's
# ":column" is taken out).
t_go_legacy() {
	go_oracle || return
	gl=$out/golegacy
	mkdir -p "$gl"
	go build -o "$out/golegacy-bin" ./tests/interop/golegacy &&
	    "$out/golegacy-bin" "$gl" || bad "Go could not write its debug=1 profiles"
	# the CPU profiles (64-bit little-endian words) also in 32-bit words
	# and in big-endian order
	go build -o "$out/cpuwords" ./tests/interop/cpuwords || bad "building cpuwords"
	for f in cppbench.cpu gobench.cpu go.crc32.cpu; do
		for form in "4 le" "4 be" "8 be"; do
			set -- $form
			"$out/cpuwords" tests/data/pprof/google-pprof/profile/testdata/$f \
			    "$gl/$f.$1$2" $1 $2 || bad "cpuwords $f $form"
		done
	done
	{ tail -n +2 tests/data/pprof/KINDS.tsv | awk -F'\t' '$2 ~ /^legacy/ {
	    print "tests/data/pprof/" $1 }'; ls "$gl"/*.txt "$gl"/*.cpu.*; } >"$out/files"
	while read -r f; do
		if ! "$oracle" -reparse "$f" >"$out/orig.txt" 2>/dev/null; then
			if $bin/pprof2tsv "$f" >/dev/null 2>"$out/err"; then
				bad "pprof2tsv accepts $f, which google/pprof refuses"
			elif [ $? != 1 ] || [ ! -s "$out/err" ]; then
				bad "pprof2tsv's refusal of $f"; fi
			continue
		fi
		for opt in "" -n; do
			$bin/pprof2tsv "$f" | $bin/tsv2pprof $opt >"$out/back.pb.gz" &&
			    "$oracle" "$out/back.pb.gz" >"$out/back.txt" &&
			    cmp -s "$out/orig.txt" "$out/back.txt" ||
			    bad "legacy round trip $opt of $f"
		done
	done <"$out/files"
	for g in tests/data/pprof/golden/*.string; do
		f=tests/data/pprof/google-pprof/profile/testdata/$(basename "$g" .string)
		col='s/(:-?[0-9]+):-?[0-9]+ s=/\1 s=/'
		$bin/pprof2tsv "$f" | $bin/tsv2pprof -n >"$out/back.pb.gz"
		"$oracle" -string "$out/back.pb.gz" | sed -E "$col" >"$out/back.txt"
		sed -E "$col" "$g" | cmp -s - "$out/back.txt" ||
		    bad "pprof2tsv | tsv2pprof -n of $f differs from $g"
	done
}

# The audit's pprof oddities google/pprof reads (a start_line of -1, an
# empty sample type, an empty label key, sample types but no samples, a
# value of 2^53 + 1, which a double cannot hold) and a line of -1 (as
# Julia's PProf.jl writes) are the same profile to it after the round
# trip.
t_go_oddities() {
	go_oracle || return
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz |
	    awk -F'\t' -v OFS='\t' '$1 == "locations" && $2 == 3 { $4 = -1 } { print }' |
	    $bin/tsv2pprof >"$out/negline.pb.gz"
	for f in tests/data/audit/pprof-startline-neg.pb tests/data/audit/pprof-emptytype.pb \
	    tests/data/audit/pprof-labelkey0.pb tests/data/audit/pprof-nosamples.pb \
	    tests/data/audit/pprof-bigval53.pb "$out/negline.pb.gz"; do
		"$oracle" "$f" >"$out/orig.txt"
		$bin/pprof2tsv "$f" | $bin/tsv2pprof >"$out/back.pb.gz"
		"$oracle" "$out/back.pb.gz" | cmp -s - "$out/orig.txt" &&
		    grep -q 'line=-1\|start=-1\|sample_type "" \|label ""\|^sample_type\|9007199254740993' \
		    "$out/orig.txt" ||
		    bad "google/pprof sees $f differently after the round trip"
	done
}

# tsv2pprof -n spools its samples: a type first found after some of them
# (an R memory profile then a Go heap profile, and the other way round) is
# 0 in the samples before. google/pprof reads the profile, and its -top of
# every type is that of the aggregated profile.
t_go_type_found_late() {
	go_oracle || return
	$bin/rprof2tsv tests/data/rprof/r-4.2/memory.out >"$out/mem.tsv"
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.heap.pb.gz >"$out/heap.tsv"
	for order in "mem heap" "heap mem"; do
		set -- $order
		$bin/tsvcombine "$out/$1.tsv" "$out/$2.tsv" >"$out/mixed.tsv"
		$bin/tsv2pprof "$out/mixed.tsv" >"$out/agg.pb.gz"
		$bin/tsv2pprof -n "$out/mixed.tsv" >"$out/each.pb.gz"
		good=1
		for t in samples time vsize.large alloc_space inuse_space; do
			for p in agg each; do
				go tool pprof -top -sample_index=$t -nodecount=1000000 \
				    -nodefraction=0 -edgefraction=0 "$out/$p.pb.gz" \
				    2>/dev/null | sed 1,3d >"$out/$p.top"
			done
			[ -s "$out/agg.top" ] && cmp -s "$out/agg.top" "$out/each.top" ||
			    good=0
		done
		[ $good = 1 ] ||
		    bad "google/pprof: tsv2pprof -n of $order differs from the aggregate"
	done
}

# gzip output, written a member per buffer by libdeflate: google/pprof
# reads tsv2pprof's profile of large.cpu (ten members) as the original, at
# both levels.
t_go_gzip_members() {
	go_oracle || return
	f=tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu
	"$oracle" "$f" >"$out/orig.txt"
	for lv in "" -9; do
		$bin/pprof2tsv "$f" | $bin/tsv2pprof $lv >"$out/l.pb.gz"
		"$oracle" "$out/l.pb.gz" | cmp -s - "$out/orig.txt" ||
		    bad "google/pprof reads tsv2pprof $lv's gzip differently"
	done
}

# lib/re/re.c against Go's regexp (tests/re/goregexp): whether a pattern
# compiles, MatchString and FindStringSubmatch. The pinned answers that
# make check compares with (tests/re/go.txt, by tools/re-golden.sh) must
# still be Go's; and on 100,000 patterns of seeds make check has not seen
# (20 x 5000; Unicode scripts, (?i) and negated classes among them), five
# texts each, re.c must answer as Go does.
t_go_regexp() {
	go_oracle || return
	re_probe=$top/build/tests/re_probe
	[ -x "$re_probe" ] || { bad "build/tests/re_probe not built"; return; }
	go build -o "$out/goregexp" ./tests/re/goregexp || { bad "building goregexp"; return; }
	"$out/goregexp" <tests/re/cases.txt >"$out/pinned.out"
	cmp -s "$out/pinned.out" tests/re/go.txt ||
	    bad "tests/re/go.txt is not what Go prints now: run tools/re-golden.sh"
	seed=4
	while [ $seed -le 23 ]; do
		awk -v seed=$seed -v n=5000 -f tests/re/random.awk
		seed=$((seed + 1))
	done >"$out/cases"
	"$out/goregexp" <"$out/cases" >"$out/go.out"
	"$re_probe" <"$out/cases" >"$out/re.out"
	[ "$(grep -c '^p' "$out/go.out")" = 100000 ] ||
	    bad "goregexp answered $(grep -c '^p' "$out/go.out") patterns, not 100000"
	if ! cmp -s "$out/go.out" "$out/re.out"; then
		bad "re.c and Go's regexp differ"
		diff "$out/go.out" "$out/re.out" | head -5
	fi
}

# tsvfocus's patterns are Go's, matched as pprof matches them: on the
# audit's names (F3), each pattern keeps the samples go tool pprof -proto
# keeps with it, as focus and as ignore; an empty pattern filters nothing.
t_go_focus_syntax() {
	go_oracle || return
	f=tests/data/audit-2026-11-25/F3-focus-dialect.tsv
	$bin/tsv2pprof -n "$f" >"$out/p.pb.gz"
	# (pprof's driver gives a profile without mappings an empty one)
	blocks='/^\[/ { keep = $0 !~ /^\[0( 0)*\]/ } { sub(/ map\[.*\]$/, "") }
	    /^\[/ || /^ / { if (keep) print }'
	while IFS= read -r re; do
		for pair in "-f|-focus" "-i|-ignore"; do
			ours=${pair%%|*}; theirs=${pair#*|}
			go tool pprof -proto "$theirs=$re" "$out/p.pb.gz" 2>/dev/null \
			    >"$out/go.pb.gz"
			"$oracle" "$out/go.pb.gz" | awk "$blocks" >"$out/go.txt"
			$bin/pprof2tsv "$out/p.pb.gz" | $bin/tsvfocus $ours "$re" \
			    2>/dev/null | $bin/tsv2pprof -n >"$out/our.pb.gz"
			"$oracle" "$out/our.pb.gz" | awk "$blocks" >"$out/our.txt"
			cmp -s "$out/go.txt" "$out/our.txt" ||
			    bad "tsvfocus $ours '$re' differs from pprof $theirs"
		done
	done <<'EOT'
\d
Boar\d
^.$
^[^a]$
line.break
\n
\pL\pL
\x2e
\Qx.y\E
(?i)casemain
(?i)CASE|tail
^main$
main$
^(f|g)
a|b|c
\bmain\b
[[:upper:]]
(?s)line.break
.

EOT
}

# The legacy parsers value by value against google/pprof, on mutants of
# every legacy file of tests/data (tests/interop/legacymut, seed 1: 25 of
# each, numbers swapped for extreme ones, lines deleted, repeated, cut,
# swapped; words overwritten): what google/pprof reads, pprof2tsv gives
# back as the same profile; what it refuses, pprof2tsv refuses; where
# pprof2tsv refuses what google/pprof reads, it is one of its deliberate
# refusals: a name with a NUL (the stream cannot hold it), a line past 32
# bits, a memory map number past 64 bits, a value that overflows 64 bits
# once scaled (google/pprof drops the mapping or wraps the number without
# a word), frames past the end of a CPU profile (google/pprof reads
# zeros). LEGACY_SEED=n tries other mutants.
t_go_legacy_mutants() {
	go_oracle || return
	go build -o "$out/legacymut" ./tests/interop/legacymut || { bad "building legacymut"; return; }
	mkdir -p "$out/m"
	"$out/legacymut" "${LEGACY_SEED:-1}" 25 "$out/m" $(tail -n +2 tests/data/pprof/KINDS.tsv |
	    awk -F'\t' '$2 ~ /^legacy/ { print "tests/data/pprof/" $1 }' | sort -u) ||
	    { bad "legacymut"; return; }
	deliberate='overflows|a name has a NUL byte|out of range \(the stream|memory map line with a number of more than 64 bits|times the period .* over|run past the end of the data|is not a 64-bit number of'
	n=0 same=0 refused=0 deliberate_n=0
	for f in "$out"/m/*; do
		n=$((n + 1))
		if ! "$oracle" -reparse "$f" >"$out/o1" 2>/dev/null; then
			if $bin/pprof2tsv "$f" >/dev/null 2>&1; then
				bad "pprof2tsv reads ${f##*/}, which google/pprof refuses"
			else
				refused=$((refused + 1))
			fi
			continue
		fi
		if ! $bin/pprof2tsv "$f" >"$out/s.tsv" 2>"$out/err"; then
			if grep -Eq "$deliberate" "$out/err"; then
				deliberate_n=$((deliberate_n + 1))
			else
				bad "pprof2tsv refuses ${f##*/}: $(head -c 200 "$out/err")"
			fi
			continue
		fi
		$bin/tsv2pprof -n "$out/s.tsv" >"$out/b.pb.gz" &&
		    "$oracle" "$out/b.pb.gz" >"$out/o2" && cmp -s "$out/o1" "$out/o2" ||
		    { bad "${f##*/}: google/pprof reads it otherwise"; continue; }
		same=$((same + 1))
	done
	echo "$n mutants: $same the same profile, $refused refused by both," \
	    "$deliberate_n refused by pprof2tsv only, deliberately"
	[ $same -gt $((n / 2)) ] || bad "only $same of $n mutants compared"
}

# Without options, tsvtop is go tool pprof -top: the same type (the
# profile's default, else its last), the same rows (those pprof's
# nodefraction of 0.005 keeps), their flat and cum in the unit pprof
# chooses for the report, on every protobuf profile of tests/data.
t_go_top_default() {
	go_oracle || return
	for rel in $(protobuf_files); do
		f=tests/data/pprof/$rel
		$bin/pprof2tsv "$f" | $bin/tsvtop -q | our_top_rows >"$out/ours.top"
		go tool pprof -top -symbolize=none "$f" 2>/dev/null | go_top_rows \
		    >"$out/go.top"
		go tool pprof -top -symbolize=none "$f" 2>/dev/null |
		    sed -n 's/^Type: //p' >"$out/go.type"
		$bin/pprof2tsv "$f" | $bin/tsvtop | sed -n 's/^# type: \(.*\) (.*/\1/p' \
		    >"$out/our.type"
		if ! cmp -s "$out/go.type" "$out/our.type"; then
			bad "$rel: tsvtop shows $(cat "$out/our.type"), go tool pprof -top $(cat "$out/go.type")"
		elif ! cmp -s "$out/ours.top" "$out/go.top"; then
			bad "tsvtop of $rel differs from go tool pprof -top"
			diff "$out/ours.top" "$out/go.top" | head -4
		fi
	done
}

# A diff is pprof's: --diff-base and --base (with --normalize or not)
# give go tool pprof -top -diff_base / -base's rows and total, on CPU and
# heap profiles of one program run twice: those of tests/data and fresh
# ones.
peek_blocks_sorted() {
	awk '/^-----/ { n++ } { print n "\t" $0 }' | LC_ALL=C sort
}
t_go_diff() {
	go_oracle && labelled_profiles || return
	for dir in tests/data/pprof/go-labelled "$labelled"; do
	for k in cpu heap; do
		for f in 1 2; do
			$bin/pprof2tsv "$dir/$k$f.pb.gz" >"$out/$k$f.tsv"
		done
		for mode in diff_base base; do
			for norm in "" normalize; do
				what="$dir: $k -$mode${norm:+ -$norm}"
				$bin/tsvtop --$(echo $mode | tr _ -) "$out/${k}1.tsv" \
				    ${norm:+--$norm} "$out/${k}2.tsv" >"$out/ours"
				our_top_rows <"$out/ours" >"$out/ours.top"
				go tool pprof -top -symbolize=none -$mode \
				    "$dir/${k}1.pb.gz" ${norm:+-$norm} \
				    "$dir/${k}2.pb.gz" 2>/dev/null >"$out/go"
				go_top_rows <"$out/go" >"$out/go.top"
				sed -n 's/^# total: \([^;]*\) \([a-zA-Z]*\).*/\1\2/p' \
				    "$out/ours" >"$out/ours.total"
				sed -n 's/.* of \([^ ]*\) total$/\1/p' "$out/go" \
				    >"$out/go.total"
				test -s "$out/go.top" || bad "$what: no rows from pprof"
				if ! cmp -s "$out/ours.top" "$out/go.top"; then
					bad "$what: rows differ from go tool pprof's"
					diff "$out/ours.top" "$out/go.top" | head -4
				fi
				cmp -s "$out/ours.total" "$out/go.total" ||
				    bad "$what: total $(cat "$out/ours.total"), pprof's $(cat "$out/go.total")"
			done
		done
	done
	done
}

# pprof's labels: tsvtop --tags is go tool pprof -tags (each figure as
# pprof prints it, from our exact sums), and tsvfocus's --tagfocus,
# --tagignore, --tagshow and --taghide keep what pprof keeps, on Go's
# pprof.Do labels and its heap profiles' numeric "bytes" labels.
t_go_tags() {
	go_oracle && labelled_profiles || return
	for dir in tests/data/pprof/go-labelled "$labelled"; do
	for f in cpu1 cpu2 heap1 heap2; do
		case $f in cpu*) u=ns ;; *) u=B ;; esac
		$bin/pprof2tsv "$dir/$f.pb.gz" >"$out/$f.tsv"
		for opt in "" "--tagshow=worker" "--taghide=size" \
		    "--tagfocus=worker=b" "--tagfocus=bytes=40kb"; do
			what="$dir/$f${opt:+ $opt}"
			$bin/tsvfocus $opt "$out/$f.tsv" 2>/dev/null |
			    $bin/tsvtop --tags -q --unit=raw | pprof_tags "$u" \
			    >"$out/ours"
			go tool pprof -tags -symbolize=none $(echo "$opt" | sed 's/^--/-/') \
			    "$dir/$f.pb.gz" 2>/dev/null | awk 'NF' |
			    sed 's/^ *//; s/  */ /g' >"$out/go"
			if ! cmp -s "$out/ours" "$out/go"; then
				bad "$what: --tags differs from go tool pprof -tags"
				diff "$out/ours" "$out/go" | head -6
			fi
		done
		for opt in --tagfocus=worker=a --tagfocus=a --tagignore=size=big \
		    --tagfocus=worker=a,b --tagfocus=worker:a,size \
		    --tagfocus=bytes=40kb --tagfocus=1kb: --tagfocus=:1kb \
		    --tagfocus=bytes=64b:8kb --tagignore=bytes=:100 \
		    --tagfocus=nothing; do
			what="$dir/$f $opt"
			$bin/tsvfocus $opt "$out/$f.tsv" 2>"$out/err" |
			    $bin/tsvtop -q --all --unit=$u | our_top_rows |
			    awk -F'\t' '$2 != 0 || $3 != 0' | sort >"$out/ours"
			go tool pprof -top -nodefraction=0 -unit=$u -symbolize=none \
			    $(echo "$opt" | sed 's/^--/-/') "$dir/$f.pb.gz" \
			    2>"$out/goerr" | go_top_rows | sort >"$out/go"
			if ! cmp -s "$out/ours" "$out/go"; then
				bad "$what: tsvfocus keeps other samples than go tool pprof"
				diff "$out/ours" "$out/go" | head -4
			fi
			if grep -q 'matched no samples' "$out/goerr"; then
				grep -q 'matched no samples' "$out/err" ||
				    bad "$what: pprof says its filter matched nothing; tsvfocus not"
			fi
		done
	done
	done
}

# pprof's -tagroot and -tagleaf: tsvfocus's label frames, written as
# pprof, are what go tool pprof draws with the option, trace for trace
# and row for row (-traces, -top), on Go's string and numeric labels and
# pprofutils' labelled profile; a key no sample has is said.
t_go_tagroot() {
	go_oracle && labelled_profiles || return
	for f in tests/data/pprof/go-labelled/cpu1.pb.gz \
	    tests/data/pprof/go-labelled/heap2.pb.gz "$labelled/cpu2.pb.gz" \
	    "$labelled/heap1.pb.gz" tests/data/pprof/pprofutils/labelframes.in.pprof; do
	for opt in tagroot=worker tagleaf=bytes tagroot=bytes,worker \
	    tagleaf=size,worker tagroot=worker,size tagleaf=key1,key2 \
	    tagroot=nokey; do
		k=${opt%%=*} v=${opt#*=}
		$bin/tsvfocus --$k $v "$f" 2>"$out/err" |
		    $bin/tsv2pprof >"$out/ours.pb.gz" || bad "$f --$opt"
		for cmd in -traces -top; do
			go tool pprof $cmd -symbolize=none "$out/ours.pb.gz" \
			    2>/dev/null | grep -v '^File\|^Time\|^Build\|^Type' \
			    >"$out/ours"
			go tool pprof $cmd -symbolize=none -$opt "$f" \
			    2>"$out/goerr" |
			    grep -v '^File\|^Time\|^Build\|^Type' >"$out/go"
			[ -s "$out/go" ] && cmp -s "$out/ours" "$out/go" || {
				bad "$f --$opt: $cmd differs from go tool pprof -$opt"
				diff "$out/ours" "$out/go" | head -4
			}
		done
		if grep -q 'No matches for' "$out/goerr"; then
			grep -q 'no sample has a label of these keys' "$out/err" ||
			    bad "$f --$opt: pprof says no label matched; tsvfocus not"
		fi
	done
	done
}

# OTLP: every pprof profile of tests/data (protobuf and legacy) through
# tsv2otlp and otlp2tsv is the same profile to google/pprof as without;
# the eBPF profiler's payload, through tsv2pprof, gives go tool pprof -top
# the per-function totals awk reads from protoc's text of it.
t_go_otlp() {
	go_oracle || return
	need protoc || return
	tail -n +2 tests/data/pprof/KINDS.tsv | cut -f 1 |
	while read -r rel; do
		f=tests/data/pprof/$rel
		convert "$f" "$out/p.tsv" || continue
		$bin/tsv2pprof "$out/p.tsv" >"$out/a.pb.gz"
		$bin/tsv2otlp "$out/p.tsv" | $bin/otlp2tsv | $bin/tsv2pprof \
		    >"$out/b.pb.gz" || { bad "$rel: the round trip failed"; continue; }
		"$oracle" "$out/a.pb.gz" >"$out/a.txt" 2>&1
		"$oracle" "$out/b.pb.gz" >"$out/b.txt" 2>&1
		cmp -s "$out/a.txt" "$out/b.txt" ||
		    bad "$rel: google/pprof reads another profile after OTLP"
	done
	f=tests/data/otlp/ebpf-profiler-timestamps.otlp
	protoc --proto_path=proto proto/otlp.proto \
	    --decode=opentelemetry.proto.profiles.v1development.ProfilesData \
	    <"$f" | awk -f tests/otlp/totals.awk | LC_ALL=C sort >"$out/want"
	$bin/otlp2tsv "$f" | $bin/tsv2pprof >"$out/e.pb.gz"
	go tool pprof -top -nodefraction=0 -symbolize=none "$out/e.pb.gz" \
	    2>/dev/null | go_top_rows | LC_ALL=C sort >"$out/got"
	same "$out/want" "go tool pprof -top of the eBPF payload against awk's totals"
}

# tsvpeek is go tool pprof -peek: for CPU profiles of tests/data and
# patterns that match one, several or many functions, the same functions,
# callers, callees, values (raw, in the profile's unit) and inline marks,
# in the same order.
t_go_peek() {
	go_oracle || return
	for rel in go-1.19/go.cpu.pb.gz go-labelled/cpu1.pb.gz \
	    google-pprof/internal/report/testdata/sample.cpu \
	    google-pprof/internal/proftest/testdata/large.cpu; do
		f=tests/data/pprof/$rel
		$bin/pprof2tsv "$f" >"$out/p.tsv"
		for re in 'sha256' '^main\.' 'runtime\.(mallocgc|gcBgMarkWorker)$' \
		    'Sin|sin' '.' 'nomatchatall'; do
			go tool pprof -peek "$re" -unit=ns -symbolize=none "$f" \
			    2>/dev/null | go_peek_rows >"$out/go"
			$bin/tsvpeek -q --table --unit=raw "$re" "$out/p.tsv" \
			    2>/dev/null | awk -F'\t' 'NR > 1 { print $1 "\t" $2 \
			    "\t" $3 "\t" $4 "\t" $6 }' >"$out/ours"
			if ! cmp -s "$out/go" "$out/ours"; then
				bad "$rel -peek '$re': tsvpeek differs from go tool pprof"
				diff "$out/ours" "$out/go" | head -4
			fi
			# the blocks as pprof prints them, character for
			# character from the first separator
			go tool pprof -peek "$re" -symbolize=none "$f" \
			    2>/dev/null | sed -n '/^-----/,$p' >"$out/go"
			$bin/tsvpeek "$re" "$f" 2>/dev/null |
			    sed -n '/^-----/,$p' >"$out/ours"
			if ! cmp -s "$out/go" "$out/ours"; then
				bad "$rel -peek '$re': tsvpeek's blocks differ from go tool pprof's"
				diff "$out/ours" "$out/go" | head -4
			fi
		done
	done
}

# tsvgraph is go tool pprof -dot, node for node and edge for edge (its
# figure, inline, and dotted residual edges across the nodes dropped),
# with pprof's legend (nodes and edges dropped, "Showing top N nodes out
# of M", which counts each node's label nodelets as pprof's choice does):
# by pprof's defaults and with nothing pruned, on every profile of the
# test data pprof draws and on fresh labelled Go profiles.
t_go_graph() {
	go_oracle && labelled_profiles || return
	n=0
	for f in $(find tests/data/pprof -type f ! -name '*.md' ! -name '*.tsv' \
	    ! -name '*.txt' | sort) "$labelled"/*.pb.gz; do
		go tool pprof -dot -symbolize=none "$f" >"$out/go.dot" \
		    2>/dev/null && [ -s "$out/go.dot" ] || continue
		n=$((n + 1))
		$bin/tsvgraph "$f" >"$out/our.dot" || bad "tsvgraph $f"
		dot_graph_rows <"$out/go.dot" >"$out/go"
		dot_graph_rows <"$out/our.dot" >"$out/ours"
		cmp -s "$out/go" "$out/ours" || {
			bad "$f: tsvgraph differs from go tool pprof -dot"
			diff "$out/ours" "$out/go" | head -4
		}
		grep -o 'Showing nodes accounting for [^"]*' "$out/go.dot" |
		    sed 's/\\l\\lSee .*//; s/\\l$//' >"$out/go"
		grep -o 'Showing nodes accounting for [^"]*' "$out/our.dot" |
		    sed 's/\\l$//' >"$out/ours"
		cmp -s "$out/go" "$out/ours" ||
		    bad "$f: legend $(cat "$out/ours") against pprof's $(cat "$out/go")"
		go tool pprof -dot -nodefraction=0 -edgefraction=0 \
		    -nodecount=1000000 -symbolize=none "$f" 2>/dev/null |
		    dot_graph_rows >"$out/go"
		$bin/tsvgraph --all "$f" | dot_graph_rows >"$out/ours"
		cmp -s "$out/go" "$out/ours" || {
			bad "$f: tsvgraph --all differs from go tool pprof -dot"
			diff "$out/ours" "$out/go" | head -4
		}
		# the boxes' names as pprof shortens and breaks them
		for d in go.dot our.dot; do
			grep -o '^N[0-9]* \[label="[^"]*' "$out/$d" |
			    sed 's/^N[0-9]* \[label="//; s/\\n[-0-9.]*[a-zA-Z]* (.*//; s/\\n0$//; s/\\n[-0-9.]*[a-zA-Z]*$//' |
			    LC_ALL=C sort >"$out/$d.names"
		done
		cmp -s "$out/go.dot.names" "$out/our.dot.names" ||
		    bad "$f: boxes named otherwise than pprof's: $(diff "$out/our.dot.names" "$out/go.dot.names" | head -n 3)"
	done
	[ $n -gt 40 ] || bad "pprof drew only $n profiles"
}

# Diffs as pprof draws them: tsvgraph --diff-base and --base are go tool
# pprof -dot -diff_base and -base, node for node, edge for edge and
# legend for legend (but for the calls pprof draws into a box named N0:
# into a function whose values cancel, which pprof leaves out of its
# nodes and tsvgraph leaves out with its calls), and tsvpeek's blocks
# are pprof -peek's: on the fresh labelled profiles both ways, and on
# two halves of large.cpu and of a Go heap profile (odd and even
# samples), by pprof's defaults and with fewer nodes. pprof itself draws
# some diffs differently from run to run (the order of its maps in sums
# of edges whose weights tie in size: a fresh pair of labelled profiles
# drew a residual edge in 5 of 6 runs): tsvgraph's graph must be one of
# those pprof draws, in up to five runs of it. And pprof keeps a
# residual edge or removes it as redundant by where it sorts among its
# node's in-edges, and its sort finds a gain and a loss of one size
# (20ms, -20ms) neither before the other: such an edge, drawn by one and
# not the other, is not judged (tie_residuals).
tie_residuals() {
	# $1, $2: rows; the rows of either not in the other, but residual
	# edges into a node that has an edge of the opposite weight
	LC_ALL=C sort "$1" >"$1.s"
	LC_ALL=C sort "$2" >"$2.s"
	LC_ALL=C comm -3 "$1.s" "$2.s" | sed 's/^	//' | awk -F'\t' \
	    -v a="$1" -v b="$2" '
	    BEGIN {
		while ((getline l <a) > 0) { split(l, f, "\t")
			if (f[1] == "edge") w[f[3] "\t" f[4]] = 1 }
		while ((getline l <b) > 0) { split(l, f, "\t")
			if (f[1] == "edge") w[f[3] "\t" f[4]] = 1 }
	    }
	    !($1 == "edge" && $5 ~ /residual/ && (($3 "\t" (-$4)) in w))'
}
halves() {
	$bin/pprof2tsv "$1" | awk -F'\t' -v par="$2" \
	    '($1 ~ /^\.?sample/ && $2 ~ /^[0-9]+$/ && $2 % 2 == par) { next }
	    { print }' | $bin/tsv2pprof
}
peek_blocks_sorted() {
	awk '/^-----/ { n++ } { print n "\t" $0 }' | LC_ALL=C sort
}
t_go_diff() {
	go_oracle && labelled_profiles || return
	for f in google-pprof/internal/proftest/testdata/large.cpu \
	    go-1.19/go.heap.pb.gz; do
		n=${f##*/}
		halves tests/data/pprof/$f 0 >"$out/$n.0.pb"
		halves tests/data/pprof/$f 1 >"$out/$n.1.pb"
	done
	for pair in "$labelled/cpu1.pb.gz $labelled/cpu2.pb.gz" \
	    "$labelled/cpu2.pb.gz $labelled/cpu1.pb.gz" \
	    "$labelled/heap1.pb.gz $labelled/heap2.pb.gz" \
	    "$out/large.cpu.0.pb $out/large.cpu.1.pb" \
	    "$out/go.heap.pb.gz.0.pb $out/go.heap.pb.gz.1.pb"; do
		set -- $pair
		for m in diff_base base; do
			for o in -nodecount=80 -nodecount=20; do
				$bin/tsvgraph -$o --$(echo $m | tr _ -) "$1" "$2" \
				    >"$out/our.dot" || bad "tsvgraph --$m $1 $2"
				{ grep -o 'Showing nodes accounting for [^"]*' \
				    "$out/our.dot" | sed 's/\\l$//'
				  dot_graph_rows <"$out/our.dot"; } >"$out/ours"
				for run in 1 2 3 4 5; do
					go tool pprof -dot $o -$m "$1" -symbolize=none \
					    "$2" 2>/dev/null >"$out/go.dot"
					{ grep -o 'Showing nodes accounting for [^"]*' \
					    "$out/go.dot" | sed 's/\\l\\lSee .*//; s/\\l$//'
					  dot_graph_rows <"$out/go.dot" | awk -F'\t' \
					    '!($1 == "edge" && ($2 == "" || $3 == ""))'
					} >"$out/go"
					cmp -s "$out/go" "$out/ours" && break
				done
				[ "$(wc -l <"$out/go")" -gt 5 ] ||
				    bad "pprof drew no diff of ${1##*/} ${2##*/}"
				cmp -s "$out/go" "$out/ours" ||
				    [ -z "$(tie_residuals "$out/go" "$out/ours")" ] || {
					bad "tsvgraph $o --$m ${1##*/} ${2##*/} differs from pprof -dot"
					diff "$out/ours" "$out/go" | head -4
				}
			done
		done
	done
	# pprof orders the calls of a block by their weights' sizes, but a
	# gain and a loss of one size (20ms, -20ms) in its maps' order, which
	# changes from run to run: each block's lines are compared as a set
	set -- "$labelled/cpu1.pb.gz" "$labelled/cpu2.pb.gz"
	for re in . '^main\.' 'runtime\.(mallocgc|gcBgMarkWorker)$'; do
		go tool pprof -peek "$re" -diff_base "$1" -symbolize=none "$2" \
		    2>/dev/null | sed -n '/^-----/,$p' | peek_blocks_sorted >"$out/go"
		$bin/tsvpeek --diff-base "$1" "$re" "$2" | sed -n '/^-----/,$p' |
		    peek_blocks_sorted >"$out/ours"
		cmp -s "$out/go" "$out/ours" || {
			bad "tsvpeek --diff-base '$re' differs from pprof -peek"
			diff "$out/ours" "$out/go" | head -4
		}
	done
}

# tsvlist is go tool pprof -list: the same routines, lines, flat, cum and
# text, with pprof's search for the files (-source_path, -trim_path, and
# its guess from the search directory's name); where pprof cannot read a
# file, tsvlist lists the lines without their text. With a source path,
# pprof reads absolute names anywhere, tsvlist only those under it: Go's
# own sources (GOROOT) pprof lists are taken as left out there. Without
# one, tsvlist --any-source-file reads what pprof reads.
t_go_list() {
	go_oracle && labelled_profiles || return
	gosrc=$(go env GOROOT)/src
	goroot=$(cd "$(go env GOROOT)" && pwd -P)
	set -- "go-1.19/go.cpu.pb.gz|$gosrc|" \
	    "go-labelled/cpu1.pb.gz|tests/interop/labelled|" \
	    "go-labelled/cpu1.pb.gz||" \
	    "$labelled/cpu2.pb.gz|$top|$top" \
	    "google-pprof/internal/proftest/testdata/large.cpu||"
	for arg; do
		f=${arg%%|*}; rest=${arg#*|}; sp=${rest%%|*}; tp=${rest#*|}
		case $f in /*) ;; *) f=tests/data/pprof/$f ;; esac
		$bin/pprof2tsv "$f" >"$out/p.tsv"
		for re in '^main\.' 'runtime\.mallocgc$' 'sha256' 'Sin|sin' \
		    'nomatchatall'; do
			go tool pprof -list "$re" -unit=ns -symbolize=none \
			    ${sp:+-source_path="$sp"} ${tp:+-trim_path="$tp"} \
			    "$f" 2>/dev/null | go_list_rows | awk -F'\t' \
			    -v root="$goroot" -v sp="$sp" '
			    sp != "" && root != "" && index(sp, root) != 1 &&
			    index($2, root "/") == 1 {
				if (!seen[$1 "\t" $2]++) print $1 "\t" $2 "\tmissing"
				next }
			    { print }' >"$out/go"
			$bin/tsvlist -q --unit=raw ${sp:+--source-path="$sp"} \
			    ${tp:+--trim-path="$tp"} \
			    $([ -n "$sp" ] || echo --any-source-file) \
			    "$re" "$out/p.tsv" \
			    2>/dev/null | awk -F'\t' '
			    function flush(  i) {
				if (n && !text) print key "\tmissing"
				else for (i = 1; i <= n; i++) print row[i]
				n = 0; text = 0 }
			    NR == 1 { next }
			    $1 "\t" $2 != key { flush(); key = $1 "\t" $2 }
			    { row[++n] = $0; if ($6 != "") text = 1 }
			    END { flush() }' >"$out/ours"
			if ! cmp -s "$out/go" "$out/ours"; then
				bad "${f##*/} -list '$re' (${sp:-.}): tsvlist differs from go tool pprof"
				diff "$out/ours" "$out/go" | head -4
			else
				n=$((${n:-0} + $(wc -l <"$out/go")))
			fi
		done
	done
	echo "${n:-0} lines the same"
	[ "${n:-0}" -gt 100 ] || bad "only ${n:-0} lines compared"
}

# What tests/data/REFUSED.tsv lists, which the corpus cases skip, google/pprof
# refuses too; and pprof2tsv refuses it with a message.
t_go_refused_as_pprof() {
	need go || return
	go_env
	refused_files | while read -r f; do
		go tool pprof -raw "$f" >/dev/null 2>&1 &&
		    bad "$f: google/pprof reads it (tests/data/REFUSED.tsv)"
		$bin/pprof2tsv "$f" >/dev/null 2>"$out/err"
		[ $? = 1 ] && [ -s "$out/err" ] || bad "$f: pprof2tsv does not refuse it"
	done
}

# Fractions kept (issue 53): py-spy, pyinstrument and dotnet-trace shaped
# speedscope files through tsv2pprof; `go tool pprof -top -unit=ns` gives
# the total Python sums from their JSON, to the nanosecond.
t_go_fractions_total() {
	need python3 go || return
	for f in pyspy-seconds:1e9 pyinstrument-seconds:1e9 dotnet-ms:1e6; do
		file=tests/data/speedscope/fractions/${f%:*}.speedscope.json
		want=$(python3 tests/speedscope/totals.py "$file" "${f#*:}")
		$bin/tsv2pprof "$file" >"$out/p.pb.gz"
		got=$(go tool pprof -top -unit=ns "$out/p.pb.gz" 2>/dev/null |
		    sed -n 's/^Showing nodes accounting for .* of \([0-9]*\)ns total$/\1/p')
		[ "$got" = "$want" ] ||
		    bad "go tool pprof's total of $file: '$got', not $want ns"
	done
}

# After any filter, the percentages are pprof's: of the total before the
# filters (issue 54), which tsvfocus leaves in the stream
# (focus.total.TYPE): `tsvfocus FILTERS | tsvtop` gives each function
# the flat% and cum% `go tool pprof -top FILTERS` gives it (as pprof
# prints a percentage: 100%, two decimals, two digits under 1%), tsvgraph
# pprof's -dot (nodes, edges, legend), tsvpeek its -peek blocks, on Go's
# CPU, heap and labelled profiles, R's (through tsv2pprof) and perf's.
t_go_filtered_percentages() {
	need go || return
	$bin/rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out |
	    $bin/tsv2pprof >"$out/r.pb.gz"
	$bin/tsv2pprof tests/data/perf/clock/perf-clock-monotonic.txt.gz >"$out/perf.pb.gz"
	n=0
	for f in tests/data/pprof/go-1.19/go.cpu.pb.gz \
	    tests/data/pprof/go-1.19/go.heap.pb.gz \
	    tests/data/pprof/go-labelled/cpu1.pb.gz "$out/r.pb.gz" \
	    "$out/perf.pb.gz"; do
		for pair in "-f main|-focus=main" "-i runtime|-ignore=runtime" \
		    "-H ^runtime|-hide=^runtime" "-S sha256|-show=sha256" \
		    "-r main|-show_from=main" "-f sha256 -H ^runtime|-focus=sha256 -hide=^runtime" \
		    "--tagfocus=worker=a|-tagfocus=worker=a" \
		    "--tagignore=worker=a|-tagignore=worker=a" \
		    "-f spin_hot|-focus=spin_hot" "-S spin|-show=spin" \
		    "-f df_work|-focus=df_work" "-H work|-hide=work"; do
			ours=${pair%%|*}; theirs=${pair#*|}
			go tool pprof -symbolize=none -top -nodecount=1000000 \
			    $theirs "$f" 2>/dev/null | awk '/^ *flat/ { on = 1; next }
			    on { n = $0; for (i = 0; i < 5; i++)
				sub(/^ *[^ ]+ +/, "", n)
				sub(/ \((partial-)?inline\)$/, "", n)
				print n "\t" $2 "\t" $5 }' | LC_ALL=C sort >"$out/want"
			[ -s "$out/want" ] || continue	# nothing matched
			n=$((n + 1))
			# raw values, so that our rounding to two decimals
			# does not meet pprof's two digits
			$bin/tsvfocus $ours "$f" >"$out/kept" 2>/dev/null
			$bin/tsvtop --unit raw "$out/kept" 2>/dev/null | awk -F'\t' '
			    function pc(v) {
				v = v * 100 / all
				if (v >= 99.95 && v <= 100.05) return "100%"
				if (v >= 1) return sprintf("%.2f%%", v)
				return sprintf("%.2g%%", v) }
			    /^# total:/ { sub(/.* of /, ""); all = $0 + 0; next }
			    /^#/ || $1 == "function" { next }
			    { print $1 "\t" pc($2) "\t" pc($4) }' |
			    LC_ALL=C sort >"$out/got"
			cmp -s "$out/want" "$out/got" ||
			    bad "tsvfocus $ours | tsvtop of $f: not pprof's $theirs: $(diff "$out/want" "$out/got" | head -4 | tr '\n' ' ')"
			# -dot: nodes, edges and legend; -peek: its blocks
			go tool pprof -symbolize=none -dot $theirs "$f" \
			    2>/dev/null >"$out/go.dot"
			$bin/tsvgraph "$out/kept" >"$out/our.dot" 2>/dev/null
			for d in go our; do
				{ dot_graph_rows <"$out/$d.dot"
				grep -o 'Showing nodes accounting for [^"]*' \
				    "$out/$d.dot" | sed 's/\\lSee .*//'
				} >"$out/$d.rows"
			done
			cmp -s "$out/go.rows" "$out/our.rows" ||
			    bad "tsvfocus $ours | tsvgraph of $f: not pprof's -dot $theirs: $(diff "$out/go.rows" "$out/our.rows" | head -4 | tr '\n' ' ')"
			go tool pprof -symbolize=none -peek=. $theirs "$f" \
			    2>/dev/null | sed -n '/^-----/,$p' >"$out/go.peek"
			$bin/tsvpeek . "$out/kept" 2>/dev/null |
			    sed -n '/^-----/,$p' >"$out/our.peek"
			cmp -s "$out/go.peek" "$out/our.peek" ||
			    bad "tsvfocus $ours | tsvpeek . of $f: not pprof's -peek $theirs: $(diff "$out/go.peek" "$out/our.peek" | head -4 | tr '\n' ' ')"
		done
	done
	[ $n -ge 25 ] || bad "only $n filters matched"
}

# pprof takes a profile's first mapping for its main binary (File:): what
# tsv2pprof writes of perf's stacks names the program, not the kernel or
# a library perf met first (issue 54).
t_go_perf_main_binary() {
	need go || return
	d=tests/data/perf/flamegraph
	for pair in perf-rust-Yamakaky-dcpu:emulator perf-dd-stacks-01:dd \
	    perf-iperf-stacks-pidtid-01:iperf perf-funcab-cmd-01:func_ab; do
		$bin/tsv2pprof "$d/${pair%%:*}.txt.gz" >"$out/p.pb.gz" ||
		    { bad "tsv2pprof ${pair%%:*}"; continue; }
		got=$(go tool pprof -top -symbolize=none "$out/p.pb.gz" 2>/dev/null |
		    sed -n 's/^File: //p')
		[ "$got" = "${pair#*:}" ] || bad "${pair%%:*}: File: $got, not ${pair#*:}"
	done
}

# pprof's inline mark (issue 54): tsvtop's inline column is what
# go tool pprof -top prints after a name, "(inline)" where every call
# into the function is inline, "(partial-inline)" where some are, row
# for row, on every pprof file of the tests that has inlined frames.
t_go_inline_marks() {
	need go || return
	n=0
	for f in $(pprof_files); do
		$bin/tsvtop -q --unit=raw "$f" >"$out/ours" 2>/dev/null || continue
		head -1 "$out/ours" | grep -q '	inline$' || continue
		go tool pprof -top -nodecount=1000000 -symbolize=none "$f" \
		    2>/dev/null | awk '/^ *flat/ { on = 1; next }
		    on { m = ""; if ($NF == "(inline)") m = "inline"
			else if ($NF == "(partial-inline)") m = "partial-inline"
			n = $0; for (i = 0; i < 5; i++) sub(/^ *[^ ]+ +/, "", n)
			sub(/ \((partial-)?inline\)$/, "", n)
			print n "\t" m }' | LC_ALL=C sort >"$out/want"
		[ -s "$out/want" ] || continue
		awk -F'\t' 'NR > 1 { print $1 "\t" $NF }' "$out/ours" |
		    LC_ALL=C sort >"$out/got"
		n=$((n + 1))
		cmp -s "$out/want" "$out/got" ||
		    bad "$f: marks not pprof's: $(diff "$out/want" "$out/got" | head -4 | tr '\n' ' ')"
	done
	echo "$n profiles with inlined frames compared"
	[ $n -ge 5 ] || bad "only $n profiles with inlined frames"
}

# tsvsymbolize (issue 59): a Go program's CPU profile, stripped of its
# symbols (tests/interop/gosym: its locations' lines and functions taken
# out with google/pprof's profile package), symbolized from the program's
# binary, is the profile the Go runtime symbolized itself: the same
# tsvtop, by function and by line (inlined frames included: DWARF's
# inlined subroutines, where Go writes no .debug_aranges), and the same
# go tool pprof -top. (go tool pprof -symbolize=local of the stripped
# profile is no judge here: Debian's Go 1.19 gives no inlined frame there
# and names runtime.main "runtime.main" followed by digits.)
t_go_symbolize() {
	go_oracle || return
	go build -o "$out/gosym" ./tests/interop/gosym || { bad "building gosym"; return; }
	"$out/gosym" run "$out/cpu.pb.gz" 2>/dev/null &&
	    "$out/gosym" strip "$out/cpu.pb.gz" "$out/stripped.pb.gz" ||
	    { bad "gosym"; return; }
	$bin/tsvsymbolize "$out/stripped.pb.gz" >"$out/sym.tsv" 2>"$out/err" ||
	    bad "tsvsymbolize"
	[ ! -s "$out/err" ] || bad "said: $(cat "$out/err")"
	for opt in "" -l; do
		$bin/tsvtop $opt "$out/cpu.pb.gz" >"$out/want"
		$bin/tsvtop $opt "$out/sym.tsv" >"$out/got"
		cmp -s "$out/want" "$out/got" ||
		    bad "tsvtop $opt: $(diff "$out/want" "$out/got" | head -6)"
	done
	grep -q 'main\.step.*inline$' "$out/got" || bad "no inlined main.step"
	$bin/tsv2pprof "$out/sym.tsv" >"$out/sym.pb.gz"
	for f in cpu sym; do
		go tool pprof -top "$out/$f.pb.gz" 2>/dev/null |
		    sed -n '/^ *flat/,$p' >"$out/$f.top"
	done
	[ -s "$out/cpu.top" ] && cmp -s "$out/cpu.top" "$out/sym.top" ||
	    bad "go tool pprof -top: $(diff "$out/cpu.top" "$out/sym.top" | head -6)"
}
