# door: every program that reads a stream reads every format a converter
# reads, as if the file were piped through its converter (lib/door); a
# file nothing reads is named, with what reads it when something does.

# The programs that read streams, as door/as-piped runs them.
door_programs() {
	printf '%s\n' "tsvtop" "tsvtop -l -m" "tsvpeek --tree" "tsvgraph" \
	    "tsvlist ." "tsvflame" "tsvflame -C" "tsv2folded" "tsvfocus -f ." \
	    "tsv2pprof -u" "tsv2otlp" "tsv2rprof" "tsvcombine" "tsvreport" \
	    "tsvvalidate" "tsv2sql" "tsvtop --tags"
}

# One file of each format and variant.
door_files() {
	printf '%s\n' tests/data/rprof/r-4.2/memory-gc-line.out \
	    tests/data/rprof/r-4.2/append.out tests/data/rprof/r-4.2/line.out \
	    tests/data/pprof/go-1.19/go.cpu.pb.gz \
	    tests/data/pprof/go-1.19/go.heap.pb.gz \
	    tests/data/pprof/pprofutils/labelframes.in.pprof \
	    tests/data/pprof/google-pprof/profile/testdata/cppbench.heap \
	    tests/data/pprof/google-pprof/profile/testdata/cppbench.cpu \
	    tests/data/pprof/google-pprof/profile/testdata/java.contention \
	    tests/data/otlp/ebpf-profiler-timestamps.otlp \
	    tests/data/otlp/pyroscope/otel-ebpf-profile.pb.json.gz \
	    tests/data/folded/perf-java-stacks-01-collapsed-all.txt \
	    tests/data/folded/austin/mp.austin.gz
}

# The converter of a file, as a user would pipe it.
door_converter() {
	case $1 in
	*.out|*.prof) echo rprof2tsv ;;
	*/otlp/*) echo otlp2tsv ;;
	*/folded/*) echo folded2tsv ;;
	*) echo pprof2tsv ;;
	esac
}

# Every program's output (and message) from the file itself equals its
# output from the converter's stream, for a file of every format; tsvtop's
# for every file of tests/data.
t_door_as_piped() {
	n=0
	# (under valgrind, SUBSET, two files: the door's paths are one for
	# every format, the readers' are the readers' cases')
	for f in $(door_files | pick); do
		c=$(door_converter "$f")
		$bin/$c "$f" >"$out/s.tsv" 2>/dev/null || { bad "$c $f"; continue; }
		door_programs | while read -r p; do
			$bin/$p "$f" >"$out/direct" 2>&1
			echo "exit $?" >>"$out/direct"
			$bin/$p "$out/s.tsv" >"$out/p" 2>&1
			echo "exit $?" >>"$out/p"
			sed "s|$out/s.tsv|$f|g" "$out/p" >"$out/piped"
			# what the converter warns, the program warns in its
			# name; the rest is the same
			sed -i "/cut off by the end of a line/d" "$out/direct"
			cmp -s "$out/piped" "$out/direct" ||
			    bad "$p $f: not as through $c"
		done
		n=$((n + 1))
	done
	[ $n -gt 10 ] || [ -n "${SUBSET:-}" ] || bad "only $n files compared"
	for f in $( (rprof_files; pprof_files | grep -v -e REFUSED -e '\.md$') | pick); do
		c=$(converter "$f")
		$bin/$c "$f" >"$out/s.tsv" 2>/dev/null || continue
		$bin/tsvtop "$f" >"$out/direct" 2>/dev/null ||
		    bad "tsvtop $f: exit $?"
		$bin/tsvtop "$out/s.tsv" 2>/dev/null >"$out/piped"
		cmp -s "$out/piped" "$out/direct" || bad "tsvtop $f"
	done
}

# The same from standard input: a pipe, gzip or zstd, read once (by the
# analyses) or copied to be read twice (tsvcombine, tsvflame).
t_door_stdin() {
	f=tests/data/pprof/go-1.19/go.cpu.pb.gz
	$bin/pprof2tsv <"$f" >"$out/s.tsv"
	for p in tsvtop "tsvcombine -" tsvflame tsvvalidate "tsv2pprof -u"; do
		$bin/$p <"$out/s.tsv" >"$out/want" 2>&1
		cat "$f" | $bin/$p >"$out/got" 2>&1
		same_lines want got "$p, gzip on a pipe"
		if need zstd; then
			gzip -dc "$f" | zstd -q | $bin/$p >"$out/got" 2>&1
			same_lines want got "$p, zstd on a pipe"
		fi
	done
	# a diff's base, pprof's -diff_base: a profile too
	b=tests/data/pprof/go-1.19/go.heap.pb.gz
	$bin/pprof2tsv "$b" >"$out/b.tsv"
	$bin/tsvtop --diff-base "$out/b.tsv" "$out/s.tsv" 2>&1 |
	    sed "s|$out/b.tsv|$b|; s|$out/s.tsv|$f|" >"$out/want"
	$bin/tsvtop --diff-base "$b" "$f" >"$out/got" 2>&1
	same_lines want got "tsvtop --diff-base of two profiles"
	# several files of several formats combined
	r=tests/data/rprof/r-4.2/memory.out
	$bin/rprof2tsv "$r" >"$out/r.tsv"
	$bin/tsvcombine "$out/r.tsv" "$out/s.tsv" | $bin/tsvtop -s 2 >"$out/want"
	$bin/tsvtop -s 2 "$r" "$f" >"$out/got"
	same_lines want got "an Rprof file and a pprof profile combined"
}

# What a file is, when nothing reads it, said by every reader: no line
# number, no talk of streams; converters point to each other, never in a
# circle.
t_door_names() {
	d=$out/files
	mkdir -p "$d"
	printf '\211PNG\r\n\032\n\000\000\000\rIHDR' >"$d/x.png"
	printf '<!DOCTYPE html>\n<html><body>flame</body></html>\n' >"$d/x.html"
	printf '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>\n' \
	    >"$d/x.svg"
	printf 'PERFILE2\150\000\000\000\000\000\000\000' >"$d/perf.data"
	printf 'FLR\000\000\002\000\001' >"$d/x.jfr"
	printf '\177ELF\002\001\001\000' >"$d/x.elf"
	printf 'PK\003\004\024\000' >"$d/x.zip"
	printf '%%PDF-1.7\n' >"$d/x.pdf"
	printf '{"traceEvents":[{"ph":"X","ts":1}]}\n' >"$d/trace.json"
	printf 'perf 123 [000] 1.000001: 1 cycles:\n\tffffffff81000000 f+0x1 ([kernel.kallsyms])\n\n' \
	    >"$d/perf.txt"
	: >"$d/empty"
	$bin/tsv2otlp tests/data/rprof/r-4.2/plain.out >"$d/x.otlp"
	$bin/tsv2otlp -j tests/data/rprof/r-4.2/plain.out >"$d/x.json"
	cp tests/data/pprof/go-1.19/go.cpu.pb.gz "$d/x.pb.gz"
	cp tests/data/rprof/r-4.2/plain.out "$d/x.out"
	cp tests/data/folded/perf-java-stacks-01-collapsed-all.txt "$d/x.folded"
	$bin/rprof2tsv "$d/x.out" >"$d/x.tsv"
	for f in x.png x.html x.svg perf.data x.jfr x.elf x.zip x.pdf \
	    trace.json perf.txt; do
		(cd "$d" && $bin/tsvtop "$f" 2>&1 >/dev/null; echo "exit $?")
	done >"$out/got"
	for c in rprof2tsv pprof2tsv otlp2tsv folded2tsv; do
		for f in x.out x.pb.gz x.otlp x.json x.folded x.tsv x.png; do
			(cd "$d" && $bin/$c "$f" 2>&1 >/dev/null) | grep . ||
			    echo "$c $f: read"
		done
	done >>"$out/got"
	same tests/door/names.expected "what files are"
}

# Sniffing reads on until it can decide, as the converters do (audit B6):
# a folded file whose first line is 4,745 bytes (90 Java frames) or
# 100 KB, perf script text after 5 KB or 140 KB of header: every stream
# program reads each as its converter does.
t_door_sniff_reads_on() {
	a=tests/data/audit-2026-11-29
	cp "$a/folded-first-line-4745.folded" "$a/perf-5k-header.txt" "$out/"
	awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%sframe_with_a_long_name_number_%d", i ? ";" : "", i; print " 7"; print "main;f 3" }' \
	    >"$out/deep.folded"
	{ i=0; while [ $i -lt 2000 ]; do
		echo "# cpu pmu capabilities: branches=32, max_precise=3, pmu_name=skylake $i"
		i=$((i + 1)); done
	  sed -n '/^[^#]/,$p' "$a/perf-5k-header.txt"; } >"$out/long-header.perf"
	for f in folded-first-line-4745.folded deep.folded; do
		$bin/folded2tsv "$out/$f" | $bin/tsvtop >"$out/want" ||
		    bad "folded2tsv $f"
		$bin/tsvtop "$out/$f" >"$out/got" || bad "tsvtop $f"
		same "$out/want" "tsvtop of $f"
		$bin/tsvvalidate "$out/$f" >/dev/null || bad "tsvvalidate $f"
	done
	for f in perf-5k-header.txt long-header.perf; do
		$bin/perf2tsv "$out/$f" | $bin/tsvtop >"$out/want" ||
		    bad "perf2tsv $f"
		$bin/tsvtop "$out/$f" >"$out/got" || bad "tsvtop $f"
		same "$out/want" "tsvtop of $f"
		$bin/tsvcombine "$out/$f" >/dev/null || bad "tsvcombine $f"
	done
}

# Every dedicated reader names the format it was given and the way out,
# as the sniffer does (issue 53: perf2tsv called perf.data "NUL byte in
# line", cpuprofile2tsv a DevTools trace "no nodes"): perf.data, a
# DevTools trace, the Firefox Profiler's Gecko and processed formats, a
# .nettrace and a JFR recording, to each converter and to tsvtop.
t_door_wrong_file_named() {
	cd "$out" || return
	printf 'PERFILE2\0\0\0\0\0\0\0\0binary' >perf.data
	printf '{"traceEvents":[{"ph":"X","ts":1,"name":"a","pid":1,"tid":1}]}' >trace.json
	printf '{"meta":{"version":24,"interval":1,"startTime":1},"threads":[],"libs":[]}' >gecko.json
	printf '{"meta":{"version":27,"preprocessedProfileVersion":47},"threads":[],"shared":{"stringArray":[]}}' >processed.json
	printf 'Nettrace\0\0\0\024!FastSerialization.1' >t.nettrace
	printf 'FLR\0\0\2\0\0' >r.jfr
	for p in perf2tsv cpuprofile2tsv speedscope2tsv otlp2tsv pprof2tsv \
	    rprof2tsv folded2tsv tsvtop; do
		for f in perf.data:'perf script -i FILE' \
		    trace.json:'a Chrome trace' gecko.json:'a Firefox Profiler' \
		    processed.json:'a Firefox Profiler' \
		    t.nettrace:'dotnet-trace convert' r.jfr:'Java Flight Recorder'; do
			$bin/$p "${f%%:*}" >x 2>err && bad "$p ${f%%:*}: exit 0"
			grep -qF "${f#*:}" err ||
			    bad "$p ${f%%:*}: $(cat err)"
			[ -s x ] && bad "$p ${f%%:*}: output"
		done
	done
	cd "$top" || return
}

# tsv2sql's own SQLite database given to a stream program is read from
# its file whole, as sql2tsv writes it (issue 54); on a pipe, or to a
# converter, it is named and sql2tsv with it.
t_door_sqlite_database() {
	$bin/rprof2tsv "$R_MEM" >"$out/r.tsv"
	$bin/tsv2sql -b "$out/p.db" "$out/r.tsv" tests/data/pprof/go-1.19/go.cpu.pb.gz ||
	    { bad "tsv2sql"; return; }
	$bin/sql2tsv "$out/p.db" | $bin/tsvtop -s 1 >"$out/want"
	$bin/tsvtop -s 1 "$out/p.db" >"$out/got" 2>&1 || bad "tsvtop p.db: exit $?"
	same_lines want got "tsvtop of tsv2sql's database"
	$bin/sql2tsv "$out/p.db" | $bin/tsvcombine - >"$out/want"
	$bin/tsvcombine "$out/p.db" >"$out/got" 2>&1
	same_lines want got "tsvcombine of tsv2sql's database"
	$bin/tsvtop <"$out/p.db" >"$out/x" 2>"$out/err" && bad "from a pipe: exit 0"
	grep -q 'an SQLite database.*sql2tsv FILE' "$out/err" ||
	    bad "from a pipe: $(cat "$out/err")"
	$bin/pprof2tsv "$out/p.db" >"$out/x" 2>"$out/err" && bad "pprof2tsv: exit 0"
	grep -q 'an SQLite database' "$out/err" || bad "pprof2tsv: $(cat "$out/err")"
	[ -s "$out/x" ] && bad "pprof2tsv: output"
	return 0
}
