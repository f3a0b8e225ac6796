# hostile: broken and hostile input for every program: each case gives
# one message and exit 1, never a crash nor silent output. The exact
# messages are in tests/hostile/expected.txt.

t_hostile_catalogue() {
	need zstd || return
	h=$out/hostile
	mkdir -p "$h"
	r=tests/data/rprof/r-4.2/memory-gc-line.out
	pp=tests/data/pprof/go-1.19/go.cpu.pb.gz
	$bin/rprof2tsv "$r" >"$h/stream.tsv"
	# inputs: NAME.rprof for rprof2tsv, NAME.pprof for pprof2tsv, NAME.tsv for
	# the four stream readers
	for k in rprof pprof tsv; do
		: >"$h/empty.$k"
		printf '\001\002\003\377\376garbage\000\200\201\n\033[0m\n' >"$h/garbage.$k"
	done
	gzip -c "$r" >"$h/full-r.gz"
	head -c $(($(wc -c <"$h/full-r.gz") / 2)) "$h/full-r.gz" >"$h/truncated-gzip.rprof"
	head -c 3000 "$pp" >"$h/truncated-gzip.pprof"
	# a gzip member whose CRC does not match its data
	gzip -c "$r" >"$h/bad-crc.rprof"
	n=$(wc -c <"$h/bad-crc.rprof")
	printf '\377' | dd of="$h/bad-crc.rprof" bs=1 seek=$((n - 8)) conv=notrunc 2>/dev/null
	gzip -c "$h/stream.tsv" >"$h/full.gz"
	head -c $(($(wc -c <"$h/full.gz") / 2)) "$h/full.gz" >"$h/truncated-gzip.tsv"
	# 64 MB of zeros in 64 KB (gzip) or 2 KB (zstd), after the first line
	# of the format: the decompressed bytes are the first thing wrong
	for k in rprof pprof tsv; do
		case $k in
		rprof) head1='sample.interval=20000' ;;
		pprof) head1='' ;;
		tsv) head1=$(printf '#meta\tkey\tvalue') ;;
		esac
		{ [ -n "$head1" ] && printf '%s\n' "$head1"; head -c 67108864 /dev/zero; } |
		    gzip -9 -c >"$h/gzip-bomb.$k"
		{ [ -n "$head1" ] && printf '%s\n' "$head1"; head -c 67108864 /dev/zero; } |
		    zstd -q -19 -c >"$h/zstd-bomb.$k"
	done
	# zstd cut short; zstd followed by bytes that are no frame (zstd -d
	# refuses both)
	zstd -q -c "$r" >"$h/full-r.zst"
	head -c $(($(wc -c <"$h/full-r.zst") / 2)) "$h/full-r.zst" >"$h/truncated-zstd.rprof"
	{ cat "$h/full-r.zst"; echo trailing; } >"$h/zstd-trailing.rprof"
	printf 'sample.interval=20000\n"f" \000"g" \n' >"$h/nul.rprof"
	# a profile of "" and one sample with packed location ids: varints cut
	# short (after one byte, after two), eleven bytes long, and ids of two and
	# three bytes (no such location)
	printf '\062\000\022\003\012\001\200' >"$h/packed-varint-cut.pprof"
	printf '\062\000\022\004\012\002\310\201' >"$h/packed-varint-cut-2nd.pprof"
	printf '\062\000\022\015\012\013\377\377\377\377\377\377\377\377\377\377\001' \
	    >"$h/packed-varint-long.pprof"
	printf '\062\000\022\004\012\002\310\001' >"$h/packed-id-200.pprof"
	printf '\062\000\022\005\012\003\240\234\001' >"$h/packed-id-20000.pprof"
	# numbers no pprof value holds (audit F2): a value of 1e19, two of 9e18
	# on one stack, durations past 2^63, an interval of 1e16 microseconds; a
	# memory figure whose bytes pass 2^64 (F11)
	cp tests/data/audit/value-overflow.tsv "$h/value-overflow.tsv"
	sed 's/\t1e19$/\t9e18/; s/^sample_values\t2\tsamples\tcount\t1$/sample_values\t2\tsamples\tcount\t9e18/' \
	    tests/data/audit/value-overflow.tsv >"$h/aggregate-overflow.tsv"
	cp tests/data/audit/duration-overflow.tsv "$h/duration-overflow.tsv"
	$bin/rprof2tsv tests/data/audit/huge-interval.out >"$h/huge-interval.tsv"
	cp tests/data/audit/memory-wrap.out "$h/memory-wrap.rprof"
	# names Rprof text cannot hold (F13): a newline (from a pprof profile), a
	# quote before a space
	$bin/pprof2tsv tests/data/audit/pprof-newline-name.pb >"$h/newline-name.tsv"
	sed 's/^functions\t1\t[^\t]*\t/functions\t1\ta" b\t/' "$h/stream.tsv" >"$h/quote-space-name.tsv"
	# streams only the validator refused (F9): every reader says the same
	for a in dup-type label-both label-neither; do
		cp tests/data/audit/$a.tsv "$h/$a.tsv"
	done
	# two sample types of one name; samples without sample types (audit F7)
	cp tests/data/audit/pprof-dup-type.pb "$h/dup-type.pprof"
	cp tests/data/audit/pprof-notypes.pb "$h/notypes.pprof"
	# legacy formats: a gperftools CPU header cut short (64-bit words); a
	# sample whose frames run past the end; a count that overflows; stack
	# lines without addresses; an overflowing heap count; a memory map line
	# whose address is over 64 bits; a thread profile with no end; a text
	# line longer than google/pprof reads
	w64() { for x; do printf "$(printf '\\%03o' $((x & 255)) $((x >> 8 & 255)) \
	    $((x >> 16 & 255)) $((x >> 24 & 255)))\0\0\0\0"; done; }
	w64 0 3 >"$h/legacy-cpu-header-cut.pprof"
	w64 0 3 0 10000 0 1 5 4096 >"$h/legacy-cpu-past-end.pprof"
	{ w64 0 3 0 10000 0; printf '\377\377\377\377\377\377\377\177'; w64 1 4096; } \
	    >"$h/legacy-cpu-count-overflow.pprof"
	printf 'heap profile: 1: 2 [3: 4] @ heap/1048576\n1: 2 [3: 4]\n' \
	    >"$h/legacy-heap-no-address.pprof"
	printf 'goroutine profile: total 1\n1 @\n' >"$h/legacy-count-no-address.pprof"
	printf 'heap profile: 1: 2 [3: 4] @ heap/1048576\n99999999999999999999: 2 [3: 4] @ 0x1\n' \
	    >"$h/legacy-heap-count-overflow.pprof"
	printf 'goroutine profile: total 1\n1 @ 0x401000\n--- Memory map: ---\n%s\n' \
	    '00400000-1ffffffffffffffff r-xp 00000000 08:01 1 /bin/x' >"$h/legacy-maps-bad.pprof"
	printf -- '--- threadz 1 ---\n--- Thread 1 (name: a/1) stack: ---\n  0x401000 f\n' \
	    >"$h/legacy-thread-no-end.pprof"
	# a NUL byte in a memory map's file name (fuzz_pprof's first finding once
	# it checked its streams): google/pprof keeps it, the stream cannot
	printf 'goroutine profile: total 1\n1 @ 0x401000\n--- Memory map: ---\n%s\000x\n' \
	    '00400000-00500000 r-xp 00000000 08:01 1 /bin/x' >"$h/legacy-maps-nul.pprof"
	{ printf 'heap profile: 1: 2 [3: 4] @ heap/1048576\n# '
	  head -c 70000 /dev/zero | tr '\0' x; echo; } >"$h/legacy-long-line.pprof"
	(head -n 9 "$h/stream.tsv"; printf 'sources\t1\tr\000prof\tNA\tNA\n') >"$h/nul.tsv"
	printf 'sample.interval=20000\n#File 4294967296: a.R\n' >"$h/id-past-32-bits.rprof"
	printf 'line profiling: sample.interval=20000\n#File 1: a.R\n1#2147483648 "f" \n' \
	    >"$h/line-past-31-bits.rprof"
	sed 's/^functions\t1\t/functions\t2147483648\t/' "$h/stream.tsv" >"$h/id-past-32-bits.tsv"
	sed 's/^sample_locations\t1\t2\t/sample_locations\t1\t-2\t/' "$h/stream.tsv" >"$h/negative-depth.tsv"
	sed 's/^sample_locations\t1\t2\t/sample_locations\t1\tNA\t/' "$h/stream.tsv" >"$h/missing-depth.tsv"
	# a depth near the 32-bit limit must not make anything allocate for it
	sed 's/^sample_locations\t1\t2\t/sample_locations\t1\t2000000000\t/' "$h/stream.tsv" >"$h/huge-depth.tsv"
	sed 's/^sample_locations\t1\t2\t/sample_locations\t1\t1\t/' "$h/stream.tsv" >"$h/repeated-depth.tsv"
	sed 's/^sample_locations\t1\t2\t2$/sample_locations\t1\t2\t9999/' "$h/stream.tsv" >"$h/missing-location.tsv"
	sed 's/^samples\t1\t1$/samples\t1\t7/' "$h/stream.tsv" >"$h/missing-source.tsv"
	(cat "$h/stream.tsv"; printf '#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line\n') \
	    >"$h/duplicate-header.tsv"
	sed 's/$/\r/' "$h/stream.tsv" >"$h/crlf.tsv"
	head -c 40000 "$h/stream.tsv" >"$h/cut-mid-line.tsv"
	tail -c 1 "$h/cut-mid-line.tsv" | grep -q . || bad "cut-mid-line.tsv ends a line"

	# run PROGRAM ARGS...: one line "PROGRAM ARGS: exit N: stderr" (paths
	# shortened to the case's name)
	run() {
		"$@" >"$h/stdout" 2>"$h/stderr"
		rc=$?
		if [ $rc = 0 ] || [ $rc -ge 2 ]; then :; fi
		printf '%s: exit %s: %s\n' "$*" $rc "$(tr '\n' '|' <"$h/stderr")" |
		    sed -e "s|$h/||g" -e "s|$bin/|./|g"
	}
	{
		for f in "$h"/*.rprof; do
			case $f in *-bomb*) run $bin/rprof2tsv -Z 1M "$f" ;;
			*) run $bin/rprof2tsv "$f" ;; esac
		done
		for f in "$h"/*.pprof; do
			case $f in *-bomb*) run $bin/pprof2tsv -Z 1M "$f" ;;
			*) run $bin/pprof2tsv "$f" ;; esac
		done
		for p in tsvvalidate tsv2rprof "tsv2pprof -u" tsvcombine; do
			for f in "$h"/*.tsv; do
				[ "${f##*/}" = stream.tsv ] && continue
				case $f in *-bomb*) run $bin/$p -Z 1M "$f" ;;
				*) run $bin/$p "$f" ;; esac
			done
		done
		# a line of 100 MB (not under valgrind, as the 16 MiB ones)
		for p in $([ -z "${SUBSET:-}" ] && echo rprof2tsv tsvvalidate tsv2rprof \
		    tsv2pprof); do
			[ $p = tsv2pprof ] && p="tsv2pprof -u"
			head -c 100000000 /dev/zero | tr '\0' 'x' >"$h/long"
			run $bin/$p "$h/long"
		done
		rm -f "$h/long"
		# a function name on a line of exactly the longest a line may be
		# (16 MiB, LF aside) is read by every reader; one byte more is
		# refused by all of them alike, never "out of memory"
		# (not under valgrind, SUBSET set: four programs on 16 MiB lines take
		# minutes there; the sanitizer run has them)
		for n in $([ -z "${SUBSET:-}" ] && echo 16777216 16777217); do
			awk -v n=$n 'NR == 5 {
				print; pre = "functions\t1\t"; post = "\tf\t\t0"
				name = "n"; while (length(name) * 2 < n)
					name = name name
				print pre substr(name, 1, n - length(pre post)) post
				next }
			    /^functions\t1\t/ { next } { print }' "$h/stream.tsv" \
			    >"$h/line-$n.tsv"
			for p in tsvvalidate tsv2rprof "tsv2pprof -u" tsvcombine; do
				run $bin/$p "$h/line-$n.tsv"
			done
			rm -f "$h/line-$n.tsv"
		done
		# F10: with standard error closed, warnings never land in the -o file
		# (the program itself: valgrind does not start without a stderr)
		$top/build/bin/tsv2rprof -o "$h/closed-stderr.out" tests/rprof/count-fraction.tsv 2>&-
		printf 'tsv2rprof 2>&-: exit %s, warnings in the output: %s\n' $? \
		    "$(grep -c 'tsv2rprof:' "$h/closed-stderr.out")"
		# F5: a fatal signal leaves no temporary file, beside -o or in TMPDIR
		mkdir -p "$h/tmp"
		for sig in INT TERM HUP; do
			sleep 3 | TMPDIR="$h/tmp" timeout -s $sig 1 $bin/tsvcombine \
			    -o "$h/sig.tsv" - "$h/stream.tsv" 2>/dev/null
			printf 'tsvcombine killed by SIG%s: files left: %s\n' $sig \
			    "$(ls "$h/tmp" "$h" | grep -c 'sig.tsv\|profstream\.')"
		done
		# the wrong kind of input names the program that reads it
		fo=tests/data/folded/perf-java-stacks-01-collapsed-all.txt
		for p in "rprof2tsv $pp" "rprof2tsv $h/stream.tsv" "rprof2tsv $fo" \
		    "pprof2tsv $r" "pprof2tsv $h/stream.tsv" "pprof2tsv $fo" \
		    "tsvvalidate $pp" "tsvvalidate $r" "tsvtop $fo" \
		    "folded2tsv $pp" "folded2tsv $r" "folded2tsv $h/stream.tsv"; do
			run $bin/$p
		done
		# - alone is standard input; any other name, even one that begins
		# with -, is a file and its source_uri
		cp "$r" "$h/-dash.out"
		cp "$pp" "$h/-dash.pb.gz"
		(cd "$h" && for p in "rprof2tsv -- -dash.out" "rprof2tsv ./-dash.out" \
		    "pprof2tsv -- -dash.pb.gz" "pprof2tsv ./-dash.pb.gz"; do
			printf '%s: source_uri %s\n' "$p" "$($bin/$p |
			    awk -F'\t' '$1 == "sources" { print $4 }')"
		done)
		# write errors, and no partial file with -o
		for p in "rprof2tsv $r" "pprof2tsv $pp" "tsv2rprof $h/stream.tsv" \
		    "tsv2pprof -u $h/stream.tsv" "tsvcombine $h/stream.tsv" \
		    "tsvvalidate -m 1 $h/garbage.tsv"; do
			[ -w /dev/full ] || continue
			$bin/$p >/dev/full 2>"$h/stderr"
			printf '%s >/dev/full: exit %s: %s\n' "${p%% *}" $? \
			    "$(tr '\n' '|' <"$h/stderr")" | sed "s|$h/||g"
		done
		for p in "rprof2tsv $h/garbage.rprof" "pprof2tsv $h/garbage.pprof" \
		    "tsv2rprof $h/garbage.tsv" "tsv2pprof $h/garbage.tsv" \
		    "tsvcombine $h/garbage.tsv"; do
			$bin/${p%% *} -o "$h/partial" ${p#* } 2>/dev/null
			printf '%s -o: exit %s, files left: %s\n' "${p%% *}" $? \
			    "$(ls "$h" | grep -c '^partial')"
		done
	} >"$out/got"
	if [ -n "${SUBSET:-}" ]; then
		grep -v '^\./[a-z2 -]* \(line-1677721[67]\.tsv\|long\):' \
		    tests/hostile/expected.txt >"$out/expected"
		same "$out/expected" "hostile input"
	else
		same tests/hostile/expected.txt "hostile input"
	fi
	# whatever the message, never a crash: no exit status above 2
	if awk -F': exit ' '{ split($2, a, ":"); if (a[1] + 0 > 2) bad = 1 } END { exit bad }' \
	    "$out/got"; then ok; else bad "a program crashed on hostile input"; fi
}

# Numbers a writer cannot hold (audit 2026-11-26, A3; its inputs in
# tests/hostile/ranges): 1e308, -1e300 and a sum past 2^63 refused by
# tsv2otlp as by tsv2pprof, with the sample, type and value, one check for
# both (model/hold.h); never written as INT64_MAX. Lines and start lines
# past the stream's 32-bit ints (A4) refused by otlp2tsv, as by pprof2tsv.
t_hostile_ranges() {
	need protoc || return
	d=tests/hostile/ranges
	for f in tsv2otlp-1e308 tsv2otlp-minus-1e300 tsv2otlp-sum-overflow; do
		for p in tsv2otlp tsv2pprof; do
			$bin/$p "$d/$f.tsv" >"$out/o" 2>"$out/err"
			echo "$p $f: exit $? $(wc -c <"$out/o" | tr -d ' ') bytes: $(cat "$out/err")"
		done
	done >"$out/got"
	for f in otlp-line-2p31 otlp-start-line-2p63; do
		protoc --proto_path=proto proto/otlp.proto \
		    --encode=opentelemetry.proto.profiles.v1development.ProfilesData \
		    <"$d/$f.txt" >"$out/$f.otlp"
		(cd "$out" && $bin/otlp2tsv "$f.otlp" >o 2>err
		 echo "otlp2tsv $f: exit $? $(wc -c <o | tr -d ' ') bytes: $(cat err)")
	done >>"$out/got"
	same tests/hostile/ranges.expected "numbers past what a writer or the stream holds"
}

# A small profile that repeats a deep stack (audit 2026-11-26, A5: 1 MB
# became 32 GB): a pprof Location of 300 inlined lines, a sample of it
# 10,000 times, 3 million frames from 13 KB. The stream is bounded by -X
# frames a byte read (256, at least 256 KiB counted): the default takes
# it; -X 1 stops with the bound named, for a converter (its -o file never
# appears) and for a program that reads the file directly; -X 0 takes it.
t_hostile_expansion() {
	need protoc || return
	awk 'BEGIN { print "string_table: \"\""
	    print "string_table: \"samples\""; print "string_table: \"count\""
	    print "sample_type { type: 1 unit: 2 }"
	    for (i = 1; i <= 300; i++) {
		print "string_table: \"f" i "\""
		print "function { id: " i " name: " i + 2 " }" }
	    printf "location { id: 1"
	    for (i = 1; i <= 300; i++) printf " line { function_id: %d line: %d }", i, i
	    print " }"
	    printf "sample { value: 1"
	    for (i = 1; i <= 10000; i++) printf " location_id: 1"
	    print " }" }' | protoc --proto_path=proto proto/profile.proto \
	    --encode=perftools.profiles.Profile >"$out/amp.pb"
	cd "$out" || return
	$bin/pprof2tsv amp.pb | grep -c '^sample_locations' >got
	$bin/pprof2tsv -X 1 -o amp.tsv amp.pb 2>>got
	echo "exit $?, $(ls amp.tsv 2>/dev/null | wc -l) file" >>got
	$bin/tsvtop -X 1 amp.pb >/dev/null 2>>got
	echo "exit $?" >>got
	$bin/tsvtop -q -X 0 amp.pb | head -2 >>got
	cd "$top" || return
	same tests/hostile/expansion.expected "the bound of expansion"
}
