# combine: tsvcombine, and the writers given several streams.

# $out/ca.tsv (R), cb.tsv (Go CPU), cc.tsv (a labelled heap profile), and
# ab.tsv, tsvcombine's of the first two.
mk_three() {
	a=$out/ca.tsv b=$out/cb.tsv c=$out/cc.tsv
	$bin/rprof2tsv "$R_MEM" >"$a"
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz >"$b"
	$bin/pprof2tsv tests/data/pprof/pprofutils/heapage.in.pprof >"$c"
	$bin/tsvcombine "$a" "$b" >"$out/ab.tsv"
}

# A and B combined validate, and A comes back from it by its source, byte
# for byte.
t_combine_two() {
	mk_three
	$bin/tsvvalidate "$out/ab.tsv" || bad "tsvcombine a b"
	awk -v s=1 -f tests/bysource.awk "$out/ab.tsv" | $bin/tsv2rprof |
	    cmp -s - "$R_MEM" ||
	    bad "the Rprof input of tsvcombine, back by its source"
}

# A named pipe among several operands is read once (F3: it hung).
t_combine_named_pipe() {
	mk_three
	mkfifo "$out/pipe" || { bad "mkfifo"; return; }
	(cat "$b" >"$out/pipe" &)
	timeout 20 $bin/tsvcombine "$a" "$out/pipe" | cmp -s - "$out/ab.tsv" ||
	    bad "tsvcombine with a named pipe"
	(cat "$b" >"$out/pipe" &)
	timeout 20 $bin/tsv2pprof -u "$a" "$out/pipe" >"$out/pipe.pb" &&
	    $bin/tsv2pprof -u "$out/ab.tsv" | cmp -s - "$out/pipe.pb" ||
	    bad "tsv2pprof with a named pipe"
}

# a a: twice the samples, the same functions and locations, two sources.
t_combine_same_twice() {
	mk_three
	$bin/tsvcombine "$a" "$a" >"$out/aa.tsv"
	n1=$(grep -c '^samples' "$a")
	n2=$(grep -c '^samples' "$out/aa.tsv")
	[ "$n2" = $((2 * n1)) ] && [ "$(grep -c '^sources' "$out/aa.tsv")" = 2 ] &&
	    [ "$(grep -E '^(functions|locations)' "$a" | sort)" = \
	    "$(grep -E '^(functions|locations)' "$out/aa.tsv" | sort)" ] ||
	    bad "tsvcombine a a"
}

# Associative: a b c = a (b c).
t_combine_associative() {
	mk_three
	$bin/tsvcombine "$b" "$c" >"$out/bc.tsv"
	$bin/tsvcombine "$a" "$b" "$c" >"$out/abc.tsv"
	$bin/tsvcombine "$a" "$out/bc.tsv" | cmp -s - "$out/abc.tsv" &&
	    $bin/tsvvalidate "$out/abc.tsv" || bad "tsvcombine associativity"
}

# Standard input, once, named <stdin> in messages.
t_combine_stdin() {
	mk_three
	$bin/tsvcombine "$a" - <"$b" | cmp -s - "$out/ab.tsv" ||
	    bad "tsvcombine with -"
	$bin/tsvcombine "$a" - <tests/validate/bad-fk-location.tsv >/dev/null \
	    2>"$out/err"
	grep -q '^tsvcombine: <stdin>:17: sample_locations.location_id: location 5 is not defined$' \
	    "$out/err" || bad "tsvcombine naming standard input: $(cat "$out/err")"
	$bin/tsvcombine - - <"$a" >/dev/null 2>&1
	[ $? = 2 ] || bad "tsvcombine - - is not a usage error"
}

# A broken input or an unknown version: refused, naming the file, no -o
# file.
t_combine_refusals() {
	mk_three
	for v in bad-fk-location bad-unknown-version; do
		if $bin/tsvcombine -o "$out/no.tsv" "$a" "tests/validate/$v.tsv" \
		    2>"$out/err"; then bad "tsvcombine accepted $v"
		elif ! grep -q "$v.tsv" "$out/err" || [ -e "$out/no.tsv" ]; then
			bad "tsvcombine refusing $v: $(cat "$out/err")"; fi
	done
}

# An input out of order is read again, whole.
t_combine_out_of_order() {
	mk_reversed
	$bin/tsvcombine "$out/rev.tsv" >"$out/crev.tsv" &&
	    $bin/tsvvalidate "$out/crev.tsv" &&
	    $bin/tsv2rprof "$out/crev.tsv" | cmp -s - "$R_MEM" ||
	    bad "tsvcombine of a stream out of order"
}

# The writers given several streams: combined first, so tsv2rprof gives
# the Rprof files one after the other (R >= 3.0, LF), tsv2pprof the
# profile of tsvcombine's stream; - among them is standard input.
t_combine_writers() {
	mk_three
	r1=tests/data/rprof/r-4.2/gc.out r2=tests/data/rprof/r-4.2/line.out
	$bin/rprof2tsv "$r1" >"$out/r1.tsv"
	$bin/rprof2tsv "$r2" >"$out/r2.tsv"
	cat "$r1" "$r2" "$R_MEM" >"$out/r12.out"
	$bin/tsv2rprof "$out/r1.tsv" "$out/r2.tsv" "$a" 2>/dev/null |
	    cmp -s - "$out/r12.out" || bad "tsv2rprof of three streams"
	$bin/tsv2rprof "$out/r1.tsv" - "$a" <"$out/r2.tsv" 2>/dev/null |
	    cmp -s - "$out/r12.out" ||
	    bad "tsv2rprof of three streams, one on standard input"
	$bin/tsvcombine "$a" "$b" "$c" >"$out/abc.tsv"
	$bin/tsv2pprof -u "$a" "$b" "$c" >"$out/abc.pb"
	$bin/tsv2pprof -u "$out/abc.tsv" | cmp -s - "$out/abc.pb" ||
	    bad "tsv2pprof of three streams"
	$bin/tsv2pprof -u -o "$out/no.pb" "$a" tests/validate/bad-fk-location.tsv \
	    2>"$out/err"
	grep -qx 'tsv2pprof: tests/validate/bad-fk-location.tsv:17: sample_locations.location_id: location 5 is not defined' \
	    "$out/err" && [ ! -e "$out/no.pb" ] ||
	    bad "tsv2pprof refusing its second stream: $(cat "$out/err")"
	$bin/tsv2rprof - "$a" - <"$a" >/dev/null 2>"$out/err"
	[ $? = 2 ] && grep -qx 'tsv2rprof: standard input (-) can be given once' \
	    "$out/err" || bad "tsv2rprof - a -: $(cat "$out/err")"
}

# Everything in the corpus at once.
t_combine_corpus() {
	i=0
	for f in $(rprof_files | pick); do
		i=$((i + 1))
		$bin/rprof2tsv -o "$out/all.r$i.tsv" "$f" 2>/dev/null
	done
	for rel in $(protobuf_files | pick); do
		i=$((i + 1))
		$bin/pprof2tsv -o "$out/all.p$i.tsv" "tests/data/pprof/$rel"
	done
	$bin/tsvcombine "$out"/all.*.tsv >"$out/all.tsv" &&
	    $bin/tsvvalidate "$out/all.tsv" || bad "tsvcombine of the whole corpus"
}

# An input read again (its rows came in an order the streaming could not
# take) loses no header: the headers written since its start went with
# its rows (perf's stream, combined with itself, lost .location_attributes'
# header, and every reader refused what tsvcombine wrote).
t_combine_restart_keeps_headers() {
	$bin/perf2tsv tests/data/perf/clock/perf-no-reference.txt.gz >"$out/p.tsv"
	$bin/tsvcombine "$out/p.tsv" "$out/p.tsv" >"$out/c.tsv" ||
	    bad "tsvcombine of a perf stream twice"
	$bin/tsvvalidate "$out/c.tsv" >/dev/null 2>"$out/err" ||
	    bad "tsvcombine's output refused: $(head -1 "$out/err")"
	n=$(grep -c '^\.location_attributes	' "$out/p.tsv")
	[ "$(grep -c '^\.location_attributes	' "$out/c.tsv")" = "$n" ] ||
	    bad "the location attributes not kept once each"
}
