# v1: format 1.0, written by -1 where it can hold the data, read
# everywhere.

t_v1_write() {
	p=tests/data/rprof/r-4.2/plain.out
	$bin/rprof2tsv -1 "$p" >"$out/v1.tsv"
	[ "$(sed -n 2p "$out/v1.tsv")" = "$(printf 'meta\tversion\t1.0')" ] &&
	    $bin/tsvvalidate "$out/v1.tsv" || bad "rprof2tsv -1"
	$bin/tsv2rprof -i 5000 "$out/v1.tsv" | cmp -s - "$p" ||
	    bad "tsv2rprof of a 1.0 stream"
	$bin/tsvcombine "$out/v1.tsv" >"$out/v1to2.tsv" &&
	    $bin/tsvvalidate "$out/v1to2.tsv" &&
	    [ "$(grep -c '^samples' "$out/v1to2.tsv")" = \
	    "$(grep -vc -e '^sample.interval' "$p")" ] || bad "1.0 to 2.0"
	$bin/tsv2pprof -u "$out/v1.tsv" | $bin/pprof2tsv | $bin/tsvvalidate ||
	    bad "tsv2pprof of a 1.0 stream"
}

t_v1_read() {
	$bin/tsvvalidate tests/validate/ok-v1.tsv &&
	    $bin/tsv2rprof tests/validate/ok-v1.tsv |
	    cmp -s - tests/rprof/ok-v1.expected.out || bad "tsv2rprof of ok-v1.tsv"
}

# What 1.0 cannot hold is refused.
t_v1_cannot_hold() {
	for v in "rprof2tsv -1 tests/data/rprof/r-4.2/memory.out" \
	    "rprof2tsv -1 tests/data/rprof/r-4.2/append.out" \
	    "pprof2tsv -1 tests/data/pprof/go-1.19/go.cpu.pb.gz"; do
		if $bin/$v >/dev/null 2>"$out/err"; then bad "$v was accepted"
		elif ! grep -q 'format 1.0 cannot hold' "$out/err"; then
			bad "$v: $(cat "$out/err")"; fi
	done
}

# A 1.0 row of value n is n samples: held once when the stream is out of
# order (its locations after its samples), not n times (a fuzzer's find:
# 2 GB for a 335-byte stream), in 200 MB of address space (not under a
# sanitizer or valgrind, which need more).
t_v1_large_count() {
	[ -z "${BIN:-}" ] && [ -z "${ASAN_OPTIONS:-}" ] || return 0
	printf '#meta\tkey\tvalue\nmeta\tversion\t1.0\n#sample_types\ttype\tunit
sample_types\tsamples\tcount\n#samples\tvalue\tlocations
samples\t5000000\t1,2\nsamples\t2\t2
#locations\tlocation_id\tfunction_id\tline\nlocations\t1\t1\tNA
locations\t2\t2\tNA\n#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line
functions\t1\tf\tf\t\t0\nfunctions\t2\tmain\tmain\t\t0\n' >"$out/v1n.tsv"
	(ulimit -v 200000; $bin/tsvtop -q "$out/v1n.tsv") >"$out/got" 2>&1
	printf 'function\tself\tself%%\ttotal\ttotal%%\tsum%%
f\t5000000\t100.00\t5000000\t100.00\t100.00
main\t2\t0.00\t5000002\t100.00\t100.00\n' | cmp -s - "$out/got" ||
	    bad "a 1.0 row of value 5000000, out of order: $(head -c 200 "$out/got")"
}
