# regress: the fuzzers' regression inputs (tests/fuzz/regress).

# A reader's stream must be valid, and the writers must take it (the Rprof
# writer not on pprof's: a count of 788 million is 788 million lines);
# what tsv2otlp writes, otlp2tsv reads (a V8 time before 1970 was written
# as 2^64 less it).
# A folder per fuzzer, named by its format (json: OTLP/JSON's).
t_regress_readers() {
	for k in rprof pprof folded otlp json perf cpuprofile speedscope \
	    firefox jfr; do
		c=${k}2tsv
		[ $k = json ] && c=otlp2tsv
		for f in tests/fuzz/regress/$k/*; do
			[ -f "$f" ] || continue
			$bin/$c "$f" >"$out/reg.tsv" 2>/dev/null
			rc=$?
			[ $rc -le 1 ] || bad "$c on $f: exit $rc"
			[ $rc = 0 ] || continue
			$bin/tsvvalidate "$out/reg.tsv" ||
			    bad "$c on $f wrote an invalid stream"
			for p in "tsv2pprof -u" tsvcombine \
			    $([ $k != pprof ] && echo tsv2rprof); do
				$bin/$p "$out/reg.tsv" >/dev/null 2>&1
				[ $? -le 1 ] || bad "$p on $c of $f"
			done
			$bin/tsv2otlp "$out/reg.tsv" >"$out/reg.otlp" 2>/dev/null &&
			    { $bin/otlp2tsv "$out/reg.otlp" >/dev/null ||
			    bad "otlp2tsv refused tsv2otlp's of $c of $f"; }
		done
	done
}

# Streams: every reader ends with a result or a message; a valid one
# tsv2otlp writes, otlp2tsv reads back to a valid stream (a type in two
# units of one source was joined into samples that held it twice).
t_regress_streams() {
	for f in tests/fuzz/regress/stream/*; do
		[ -f "$f" ] || continue
		for p in tsvvalidate tsv2rprof "tsv2pprof -u" tsvcombine; do
			$bin/$p "$f" >/dev/null 2>&1
			[ $? -le 1 ] || bad "$p on $f"
		done
		$bin/tsvvalidate "$f" >/dev/null 2>&1 || continue
		$bin/tsv2otlp "$f" >"$out/reg.otlp" 2>/dev/null || continue
		$bin/otlp2tsv "$out/reg.otlp" >"$out/reg.tsv" 2>"$out/err" ||
		    { bad "otlp2tsv refused tsv2otlp's of $f: $(cat "$out/err")"; continue; }
		$bin/tsvvalidate "$out/reg.tsv" >/dev/null 2>&1 ||
		    bad "otlp2tsv of tsv2otlp's of $f: an invalid stream"
	done
}
