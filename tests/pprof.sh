# pprof.sh: sourced by interop.sh (its ok, bad, install and $out). The pprof
# filters judged by google/pprof: its parser (in tests/pprof-oracle) must
# print the same profile for every protobuf profile and its round trip, and
# `go tool pprof -top` must count what the stream counts.
command -v go >/dev/null 2>&1 || install golang-go
[ -d /usr/share/gocode/src/github.com/google/pprof/profile ] ||
    install golang-github-google-pprof-dev
oracle=$out/pprof-oracle
GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE=$out/gocache \
    go build -o "$oracle" ./tests/pprof-oracle || bad "building the oracle"

# 1. Every protobuf profile: the same to google/pprof after the round trip,
#    aggregated (default) and not (-n).
tail -n +2 tests/data/pprof/KINDS.tsv | while IFS="$(printf '\t')" read -r rel kind; do
	case $kind in protobuf*) ;; *) continue ;; esac
	f=tests/data/pprof/$rel
	"$oracle" "$f" >"$out/orig.txt" || { echo "FAIL: oracle on $rel"; continue; }
	for opt in "" -n; do
		./pprof2tsv "$f" | ./tsv2pprof $opt >"$out/back.pb.gz" &&
		    "$oracle" "$out/back.pb.gz" >"$out/back.txt" &&
		    cmp -s "$out/orig.txt" "$out/back.txt" &&
		    echo "ok" || echo "FAIL: pprof round trip $opt of $rel"
	done
done >"$out/pprof.results"
while read -r line; do
	case $line in ok) ok ;; *) bad "${line#FAIL: }" ;; esac
done <"$out/pprof.results"

# 2. Every Rprof file: google/pprof reads tsv2pprof's profile, and
#    `go tool pprof -top -sample_index=samples` gives each function the
#    stream's self (flat) and total (cum) sample counts.
for f in $(find tests/data/rprof -type f \( -name '*.out' -o -name '*.prof' \) | sort); do
	./rprof2tsv "$f" 2>/dev/null >"$out/r.tsv"
	./tsv2pprof "$out/r.tsv" >"$out/r.pb.gz"
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

# 3. pprof CPU profiles to Rprof: summaryRprof reads what tsv2rprof writes
#    and finds the stream's per-function sample counts.
for rel in go-1.19/go.cpu.pb.gz google-pprof/internal/report/testdata/sample.cpu \
    r-prof-profile/1.out.prof.pb.gz pprofutils/labelframes.in.pprof; do
	f=tests/data/pprof/$rel
	./pprof2tsv "$f" >"$out/p.tsv"
	./tsv2rprof "$out/p.tsv" >"$out/p.out" || { bad "tsv2rprof of $rel"; continue; }
	awk -v rnames=1 -f tests/selftotal.awk "$out/p.tsv" >"$out/st"
	cut -f 1,2 "$out/st" | awk -F'\t' '$2 > 0' >"$out/all.self"
	cut -f 1,3 "$out/st" >"$out/all.total"
	for kind in self total; do
		Rscript tests/interop/summary.R "$out/p.out" $kind >"$out/raw.$kind"
		compare $kind "pprof2tsv $rel | tsv2rprof"
	done
done

# 4. tsvcombine: an Rprof and a pprof stream combined; the pprof input comes
#    back, by its source_id, as the same profile to google/pprof.
for rel in go-1.19/go.cpu.pb.gz pprofutils/heapage.in.pprof \
    google-pprof/internal/proftest/testdata/large.cpu; do
	f=tests/data/pprof/$rel
	./rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out >"$out/ca.tsv"
	./pprof2tsv "$f" >"$out/cb.tsv"
	"$oracle" "$f" >"$out/orig.txt"
	./tsvcombine "$out/ca.tsv" "$out/cb.tsv" |
	    awk -v s=2 -f tests/bysource.awk | ./tsv2pprof >"$out/back.pb.gz"
	if "$oracle" "$out/back.pb.gz" | cmp -s - "$out/orig.txt"; then ok; else
		bad "$rel back from tsvcombine by its source"; fi
done


# 5. tsvtop: every protobuf profile, every sample type: the flat and cum of
#    `go tool pprof -top -symbolize=none` are tsvtop's self and total (in
#    the type's unit: pprof's -unit; its "(inline)" labels left out).
tail -n +2 tests/data/pprof/KINDS.tsv | while IFS="$(printf '\t')" read -r rel kind; do
	case $kind in protobuf*) ;; *) continue ;; esac
	f=tests/data/pprof/$rel
	./pprof2tsv "$f" >"$out/t.tsv" || { echo "FAIL: pprof2tsv $rel"; continue; }
	awk -F'\t' '$1 == "sample_values" && !($3 in s) { s[$3]
	    print $3 "\t" $4 }' "$out/t.tsv" >"$out/types"
	i=0
	while IFS="$(printf '\t')" read -r type unit; do
		case $unit in nanoseconds) u=-unit=ns ;; microseconds) u=-unit=us ;;
		milliseconds) u=-unit=ms ;; seconds) u=-unit=s ;; bytes) u=-unit=B ;;
		*) u= ;; esac
		./tsvtop -t "$type" "$out/t.tsv" | awk -F'\t' '
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
		if cmp -s "$out/ours.top" "$out/go.top"; then echo ok; else
			echo "FAIL: tsvtop -t $type $rel differs from go tool pprof -top"
		fi
		i=$((i + 1))
	done <"$out/types"
done >"$out/top.results"
while read -r line; do
	case $line in ok) ok ;; *) bad "${line#FAIL: }" ;; esac
done <"$out/top.results"

# 6. tsvfocus: the samples google/pprof keeps with the same filters
#    (`go tool pprof -proto`), all-zero samples aside (pprof drops them),
#    on CPU, heap, labelled and R profiles.
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
		./pprof2tsv "$f" | ./tsvfocus $ours | ./tsv2pprof >"$out/our.pb.gz"
		"$oracle" "$out/our.pb.gz" | awk "$blocks" >"$out/our.txt"
		if [ -s "$out/go.pb.gz" ] && cmp -s "$out/go.txt" "$out/our.txt"; then ok
		else bad "tsvfocus $ours of $rel differs from pprof $theirs"; fi
	done
done

# 7. The legacy formats: every legacy file of tests/data, its CPU profiles
#    in the other word sizes and byte orders, and the text profiles Go
#    writes with debug=1 now, is to pprof2tsv | tsv2pprof
#    (aggregated and -n) what google/pprof makes of it, as profile.proto
#    holds it (-reparse); what google/pprof refuses, pprof2tsv refuses.
#    google/pprof's TestParse golden texts match too (Debian's google/pprof
#    prints no column: the golden's ":column" is taken out).
gl=$out/golegacy
mkdir -p "$gl"
GO111MODULE=off GOCACHE=$out/gocache go build -o "$out/golegacy-bin" \
    ./tests/interop/golegacy && "$out/golegacy-bin" "$gl" ||
    bad "Go could not write its debug=1 profiles"
# the CPU profiles (64-bit little-endian words) also in 32-bit words and
# in big-endian order
GO111MODULE=off GOCACHE=$out/gocache go build -o "$out/cpuwords" \
    ./tests/interop/cpuwords || bad "building cpuwords"
for f in cppbench.cpu gobench.cpu go.crc32.cpu; do
	for form in "4 le" "4 be" "8 be"; do
		set -- $form
		"$out/cpuwords" tests/data/pprof/google-pprof/profile/testdata/$f \
		    "$gl/$f.$1$2" $1 $2 || bad "cpuwords $f $form"
	done
done
{ tail -n +2 tests/data/pprof/KINDS.tsv | awk -F'\t' '$2 ~ /^legacy/ {
    print "tests/data/pprof/" $1 }'; ls "$gl"/*.txt "$gl"/*.cpu.*; } |
    while read -r f; do
	if ! "$oracle" -reparse "$f" >"$out/orig.txt" 2>/dev/null; then
		if ./pprof2tsv "$f" >/dev/null 2>"$out/err"; then
			echo "FAIL: pprof2tsv accepts $f, which google/pprof refuses"
		elif [ $? = 1 ] && [ -s "$out/err" ]; then echo ok
		else echo "FAIL: pprof2tsv's refusal of $f"; fi
		continue
	fi
	for opt in "" -n; do
		./pprof2tsv "$f" | ./tsv2pprof $opt >"$out/back.pb.gz" &&
		    "$oracle" "$out/back.pb.gz" >"$out/back.txt" &&
		    cmp -s "$out/orig.txt" "$out/back.txt" &&
		    echo ok || echo "FAIL: legacy round trip $opt of $f"
	done
done >"$out/legacy.results"
for g in tests/data/pprof/golden/*.string; do
	f=tests/data/pprof/google-pprof/profile/testdata/$(basename "$g" .string)
	col='s/(:-?[0-9]+):-?[0-9]+ s=/\1 s=/'
	./pprof2tsv "$f" | ./tsv2pprof -n >"$out/back.pb.gz"
	"$oracle" -string "$out/back.pb.gz" | sed -E "$col" >"$out/back.txt"
	if sed -E "$col" "$g" | cmp -s - "$out/back.txt"; then echo ok
	else echo "FAIL: pprof2tsv | tsv2pprof -n of $f differs from $g"; fi
done >>"$out/legacy.results"
while read -r line; do
	case $line in ok) ok ;; *) bad "${line#FAIL: }" ;; esac
done <"$out/legacy.results"

# 8. The audit's pprof oddities google/pprof reads (a start_line of -1, an
#    empty sample type, an empty label key, sample types but no samples,
#    a value of 2^53 + 1, which a double cannot hold) and a line of -1 (as
#    Julia's PProf.jl writes) are the same profile to it after the round
#    trip.
./pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz |
    awk -F'\t' -v OFS='\t' '$1 == "locations" && $2 == 3 { $4 = -1 } { print }' |
    ./tsv2pprof >"$out/negline.pb.gz"
for f in tests/data/audit/pprof-startline-neg.pb tests/data/audit/pprof-emptytype.pb \
    tests/data/audit/pprof-labelkey0.pb tests/data/audit/pprof-nosamples.pb \
    tests/data/audit/pprof-bigval53.pb "$out/negline.pb.gz"; do
	"$oracle" "$f" >"$out/orig.txt"
	./pprof2tsv "$f" | ./tsv2pprof >"$out/back.pb.gz"
	if "$oracle" "$out/back.pb.gz" | cmp -s - "$out/orig.txt" &&
	    grep -q 'line=-1\|start=-1\|sample_type "" \|label ""\|^sample_type\|9007199254740993' "$out/orig.txt"
	then ok; else bad "google/pprof sees $f differently after the round trip"; fi
done

# 9. tsv2pprof -n spools its samples: a type first found after some of
#    them (an R memory profile then a Go heap profile, and the other way
#    round) is 0 in the samples before. google/pprof reads the profile,
#    and its -top of every type is that of the aggregated profile.
./rprof2tsv tests/data/rprof/r-4.2/memory.out >"$out/mem.tsv"
./pprof2tsv tests/data/pprof/go-1.19/go.heap.pb.gz >"$out/heap.tsv"
for order in "mem heap" "heap mem"; do
	set -- $order
	./tsvcombine "$out/$1.tsv" "$out/$2.tsv" >"$out/mixed.tsv"
	./tsv2pprof "$out/mixed.tsv" >"$out/agg.pb.gz"
	./tsv2pprof -n "$out/mixed.tsv" >"$out/each.pb.gz"
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
	if [ $good = 1 ]; then ok
	else bad "google/pprof: tsv2pprof -n of $order differs from the aggregate"; fi
done
