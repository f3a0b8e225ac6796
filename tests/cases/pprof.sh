# pprof: pprof2tsv and tsv2pprof (google/pprof judges both in make
# interop).

# Every legacy profile gives its exact stream, or, as google/pprof does,
# refuses (tests/pprof/refusals.expected); so does the empty file.
t_pprof_legacy() {
	(cd tests/data/pprof && tail -n +2 KINDS.tsv |
	    while IFS="$(printf '\t')" read -r rel kind; do
		case $kind in protobuf*) continue ;; esac
		"$bin/pprof2tsv" "$rel" 2>"$out/err" >"$out/legacy.tsv"; rc=$?
		want=$top/tests/pprof/legacy/$(echo "$rel" | tr / _).tsv
		if [ ! -f "$want" ]; then
			printf '%s\t%s (exit %s)\n' "$rel" "$(cat "$out/err")" $rc
		elif [ $rc != 0 ] || ! cmp -s "$out/legacy.tsv" "$want" ||
		    ! "$bin/tsvvalidate" "$out/legacy.tsv"; then
			echo "$rel: not $want" >&3
		fi
	done) >"$out/got" 3>"$out/legacy.failed"
	while read -r line; do
		bad "pprof2tsv of the legacy $line"
	done <"$out/legacy.failed"
	same tests/pprof/refusals.expected "pprof2tsv refusals"
}

# A legacy profile gzip-compressed reads as the plain one.
t_pprof_legacy_gzip() {
	for rel in profile/testdata/cppbench.heap profile/testdata/java.cpu; do
		lf=tests/data/pprof/google-pprof/$rel
		gzip -c "$lf" | $bin/pprof2tsv >"$out/gz.tsv" &&
		    $bin/pprof2tsv <"$lf" | cmp -s - "$out/gz.tsv" ||
		    bad "pprof2tsv of the legacy $rel, gzip-compressed"
	done
}

# A gzip file is read whole at the size its trailer gives (a hint): two
# members, whose last trailer gives less, and zeros or garbage after the
# member, whose trailer gives nothing or nonsense, read the same.
t_pprof_gzip_size_hint() {
	pf=tests/data/pprof/go-1.19/go.cpu.pb.gz
	$bin/pprof2tsv "$pf" >"$out/want" 2>&1
	gzip -dc "$pf" >"$out/p.pb"
	n=$(wc -c <"$out/p.pb")
	(head -c $((n / 2)) "$out/p.pb" | gzip -c
	    tail -c +$((n / 2 + 1)) "$out/p.pb" | gzip -c) >"$out/p2.gz"
	(cat "$pf"; head -c 100 /dev/zero) >"$out/pz.gz"
	(cat "$pf"; printf 'garbage\377\377') >"$out/pg.gz"
	for g in p2 pz pg; do
		$bin/pprof2tsv "$out/$g.gz" 2>/dev/null | sed "s|$out/$g.gz|$pf|" \
		    >"$out/got"
		same "$out/want" "pprof2tsv of a gzip file ($g): its size from the trailer"
	done
}

# Every protobuf profile converts and validates, and so does its round
# trip through tsv2pprof.
t_pprof_protobuf() {
	for rel in $(protobuf_files | pick); do
		$bin/pprof2tsv "tests/data/pprof/$rel" | $bin/tsvvalidate ||
		    bad "pprof2tsv $rel does not validate"
		$bin/pprof2tsv "tests/data/pprof/$rel" | $bin/tsv2pprof -u |
		    $bin/pprof2tsv | $bin/tsvvalidate || bad "tsv2pprof of $rel"
	done
}

# One exact stream: a heap profile with labels.
t_pprof_heapage() {
	(cd tests/data/pprof && "$bin/pprof2tsv" pprofutils/heapage.in.pprof
	    echo "exit $?") >"$out/got"
	same tests/pprof/heapage.expected "pprof2tsv heapage.in.pprof"
}

# F7/W1/W2: a negative start_line kept, an empty sample type, unit or label
# key written <?> and given back empty (the same stream again after
# tsv2pprof).
t_pprof_audit_inputs() {
	for a in startline-neg emptytype labelkey0 nosamples bigval53; do
		af=tests/data/audit/pprof-$a.pb
		# (tsv2pprof writes the locations samples use: none in nosamples)
		keep=.; [ $a = nosamples ] && keep='^[#.]'
		$bin/pprof2tsv <"$af" >"$out/audit.tsv" &&
		    $bin/tsvvalidate "$out/audit.tsv" &&
		    $bin/tsv2pprof -u "$out/audit.tsv" | $bin/pprof2tsv |
		    grep "$keep" >"$out/back.tsv" &&
		    grep "$keep" "$out/audit.tsv" | cmp -s - "$out/back.tsv" ||
		    bad "pprof2tsv | tsv2pprof of $af"
		case $a in
		startline-neg) want='^functions	[0-9]*	.*	-1$' ;;
		emptytype) want='^sample_values	1	<?>	count	' ;;
		labelkey0) want='^\.sample_labels	1	<?>	' ;;
		nosamples) want='^\.source_attributes	1	pprof\.sample_unit	count$' ;;
		bigval53) want='^sample_values	1	samples	count	9007199254740993$' ;;
		esac
		grep -q "$want" "$out/audit.tsv" || bad "$af: no $want"
	done
}

# Values past 2^53 are kept exactly by every program that writes them, and
# tsv2pprof sums them exactly (F12).
t_pprof_exact_integers() {
	printf 'main;f 9007199254740993\nmain;f 4611686018427387904\nmain;g 1\n' |
	    $bin/folded2tsv >"$out/big.tsv"
	grep '^sample_values' "$out/big.tsv" | cut -f 5 >"$out/want"
	for p in tsvcombine "tsvfocus -f main" "tsv2pprof -n"; do
		case $p in tsv2pprof*) $bin/$p "$out/big.tsv" | $bin/pprof2tsv ;;
		*) $bin/$p "$out/big.tsv" ;; esac | grep '^sample_values' |
		    cut -f 5 >"$out/got"
		same "$out/want" "$p keeps values past 2^53"
	done
	$bin/tsv2pprof "$out/big.tsv" | $bin/pprof2tsv | grep '^sample_values' |
	    cut -f 5 >"$out/got"
	printf '4620693217682128897\n1\n' >"$out/want"
	same "$out/want" "tsv2pprof sums values past 2^53 exactly"
}

# gzip's fastest level by default, as Go writes (XFL 04), -9 its best (XFL
# 02, no larger); the same profile either way.
t_pprof_gzip_levels() {
	pf=tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu
	$bin/pprof2tsv "$pf" | $bin/tsv2pprof >"$out/l1.pb.gz"
	$bin/pprof2tsv "$pf" | $bin/tsv2pprof -9 >"$out/l9.pb.gz"
	[ "$(od -A n -t x1 -j 8 -N 1 "$out/l1.pb.gz")" = " 04" ] &&
	    [ "$(od -A n -t x1 -j 8 -N 1 "$out/l9.pb.gz")" = " 02" ] &&
	    [ "$(wc -c <"$out/l9.pb.gz")" -le "$(wc -c <"$out/l1.pb.gz")" ] &&
	    $bin/pprof2tsv <"$out/l1.pb.gz" >"$out/l1.tsv" &&
	    $bin/pprof2tsv <"$out/l9.pb.gz" | cmp -s - "$out/l1.tsv" ||
	    bad "tsv2pprof's compression levels"
}

# tsv2pprof -o writes a file pprof2tsv reads.
t_pprof_output_file() {
	$bin/rprof2tsv "$R_MEM" | $bin/tsv2pprof -o "$out/p.pb.gz" &&
	    $bin/pprof2tsv "$out/p.pb.gz" | $bin/tsvvalidate || bad "tsv2pprof -o"
}

# tsv2pprof -n spools its samples; a type first found after some of them
# (an R memory profile then a Go heap profile, and the other way round) is
# 0 in the samples before, as when aggregating: each type's totals are
# those of the aggregated profile.
t_pprof_type_found_late() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/memory.out >"$out/mem.tsv"
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.heap.pb.gz >"$out/heap.tsv"
	for order in "mem heap" "heap mem"; do
		set -- $order
		$bin/tsvcombine "$out/$1.tsv" "$out/$2.tsv" >"$out/mixed.tsv"
		$bin/tsv2pprof "$out/mixed.tsv" | $bin/pprof2tsv >"$out/agg.tsv"
		$bin/tsv2pprof -n "$out/mixed.tsv" | $bin/pprof2tsv >"$out/each.tsv"
		good=1
		for t in samples time alloc_space inuse_space vsize.large; do
			$bin/tsvtop -t $t "$out/agg.tsv" >"$out/want" || good=0
			$bin/tsvtop -t $t "$out/each.tsv" >"$out/got" || good=0
			cmp -s "$out/want" "$out/got" || good=0
		done
		[ $good = 1 ] && [ "$(grep -c '^samples' "$out/each.tsv")" = \
		    "$(grep -c '^samples' "$out/mixed.tsv")" ] ||
		    bad "tsv2pprof -n of $order: a type found late"
	done
}

# The legacy parsers refuse what the stream cannot hold, as the protobuf
# path does (audit F6: a Java line number of 2^32 made an invalid stream).
t_pprof_legacy_limits() {
	f=tests/data/audit-2026-11-25/F6-java-contention-bigline.txt
	$bin/pprof2tsv "$f" >"$out/o" 2>"$out/got"
	echo "exit $?" >>"$out/got"
	printf '%s\n' "pprof2tsv: $f: legacy Java contention profile (text): location 8: line 4294967296 out of range (the stream's lines are 32-bit integers)" \
	    'exit 1' >"$out/want"
	same "$out/want" "pprof2tsv of a Java line past 2^31"
	[ ! -s "$out/o" ] || bad "pprof2tsv wrote a stream it refused"
}

# A legacy heap record of no size ("0: 0 [0: 0]"): google/pprof's parser
# gives it a bytes label of 0 (checked with its profile.Parse: bytes:[0]),
# and so does the stream. (profile.proto cannot hold a number label of 0
# without a unit: google/pprof's own Write and Parse drop it, and so does
# tsv2pprof's; the stream is where it is kept.)
t_pprof_legacy_zero_bytes() {
	h=tests/data/pprof/google-pprof/profile/testdata/gobench.heap
	{ head -n 1 "$h"
	  printf '0: 0 [0: 0] @ 0x420cb9 0x420c5d\n'
	  tail -n +2 "$h"; } >"$out/h0.heap"
	$bin/pprof2tsv "$out/h0.heap" | awk -F'\t' '$1 == ".sample_labels" &&
	    $2 == 1' >"$out/got"
	printf '.sample_labels\t1\tbytes\tNA\t0\tNA\n' >"$out/want"
	same "$out/want" "the bytes label of a record of no size"
}

# No value loses its fraction in the writers (issue 53): py-spy's seconds,
# pyinstrument's evented seconds and dotnet-trace's evented milliseconds
# (tests/data/speedscope/fractions, shaped as they write them) are
# written by tsv2pprof (aggregated and -n) and tsv2otlp in nanoseconds,
# their totals as protoc reads them equal to the JSON's own, read by
# Python, to the nanosecond (they were 0, or whole seconds); a fraction of
# a count, which no finer unit holds, is refused.
t_pprof_fractions_kept() {
	need protoc python3 || return
	for f in pyspy-seconds:1e9 pyinstrument-seconds:1e9 dotnet-ms:1e6; do
		file=tests/data/speedscope/fractions/${f%:*}.speedscope.json
		want=$(python3 tests/speedscope/totals.py "$file" "${f#*:}")
		for w in "tsv2pprof" "tsv2pprof -n"; do
			got=$($bin/$w "$file" | gzip -dc |
			    protoc --proto_path=proto proto/profile.proto \
			    --decode=perftools.profiles.Profile | awk '
			    /^string_table:/ { s[n++] = $2 }
			    /^sample_type/ { st = 1 } st && /unit:/ { u = $2; st = 0 }
			    /^  value:/ { t += $2 }
			    END { printf "%.0f %s\n", t, s[u] }')
			[ "$got" = "$want \"nanoseconds\"" ] ||
			    bad "$w $file: $got, not $want nanoseconds"
		done
		got=$($bin/tsv2otlp "$file" | protoc --proto_path=proto \
		    proto/otlp.proto \
		    --decode=opentelemetry.proto.profiles.v1development.ProfilesData |
		    awk '/^ *values:/ { t += $2 } /^ *string_table:/ { s = s " " $2 }
		    END { printf "%.0f %d\n", t, (index(s, "\"nanoseconds\"") > 0) }')
		[ "$got" = "$want 1" ] || bad "tsv2otlp $file: $got, not $want"
	done
	printf '{"shared":{"frames":[{"name":"a"}]},"profiles":[{"type":"sampled","name":"p","unit":"none","startValue":0,"endValue":2,"samples":[[0],[0]],"weights":[1,0.5]}]}' >"$out/half.json"
	for w in tsv2pprof tsv2otlp; do
		$bin/$w "$out/half.json" >"$out/x" 2>"$out/err"
		rc=$?
		[ $rc = 1 ] && [ ! -s "$out/x" ] &&
		    grep -qF 'sample 2: its samples value 0.5 count has a fraction' "$out/err" ||
		    bad "$w of half a count: exit $rc, $(cat "$out/err")"
	done
}
