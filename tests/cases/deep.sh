# deep: no recursion over stacks anywhere (audit F4: tsv2folded's was).
# A stream whose one sample is 1,000,000 frames deep (100,000 under
# valgrind) goes through every program that reads streams, and each
# converter reads such a stack in its own format.

deep_stream() {	# n: the sample's depth, two functions alternating
	printf '#meta\tkey\tvalue\nmeta\tversion\t2.0\n#sources\tsource_id\tsource_type\tsource_uri\tsource_timestamp\nsources\t1\tx\tNA\tNA\n'
	printf '#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line\nfunctions\t1\tf\tf\t\t0\nfunctions\t2\tg\tg\t\t0\n'
	printf '#locations\tlocation_id\tfunction_id\tline\nlocations\t1\t1\t0\nlocations\t2\t2\t0\n#samples\tsample_id\tsource_id\nsamples\t1\t1\n'
	printf '#sample_values\tsample_id\ttype\tunit\tvalue\nsample_values\t1\tsamples\tcount\t1\n#sample_locations\tsample_id\tdepth\tlocation_id\n'
	awk -v n="$1" 'BEGIN { for (d = 1; d <= n; d++)
	    printf "sample_locations\t1\t%d\t%d\n", d, 1 + d % 2 }'
}

deep_n() { [ "${SUBSET:-1}" -gt 1 ] && echo 100000 || echo 1000000; }

t_deep_stream_readers() {
	n=$(deep_n)
	deep_stream "$n" >"$out/deep.tsv"
	for p in tsvvalidate tsvcombine tsvtop "tsvtop -l" tsv2folded tsvflame \
	    "tsvfocus -f f" "tsvfocus -r g" "tsvfocus -H f" tsv2rprof tsv2pprof \
	    "tsv2pprof -n" tsv2sql; do
		$bin/$p "$out/deep.tsv" >"$out/o" 2>"$out/err" ||
		    bad "$p on a stack $n deep: exit $?: $(head -c 200 "$out/err")"
	done
	printf 'function\tself\tself%%\ttotal\ttotal%%\tsum%%\ng\t1\t100.00\t1\t100.00\t100.00\nf\t0\t0.00\t1\t100.00\t100.00\n' \
	    >"$out/want"
	$bin/tsvtop -q "$out/deep.tsv" >"$out/got"
	same "$out/want" "tsvtop of a stack $n deep"
	$bin/tsv2folded "$out/deep.tsv" | awk '{ print length($0) }' >"$out/got"
	echo $((2 * n + 1)) >"$out/want"	# "g;f;...;g 1"
	same "$out/want" "the length of tsv2folded's line for a stack $n deep"
}

t_deep_converters() {
	n=$(deep_n)
	deep_stream "$n" >"$out/deep.tsv"
	$bin/tsv2folded "$out/deep.tsv" >"$out/deep.folded"
	$bin/folded2tsv "$out/deep.folded" | $bin/tsv2folded | cmp -s - "$out/deep.folded" ||
	    bad "folded2tsv of a stack $n deep"
	$bin/tsv2rprof "$out/deep.tsv" >"$out/deep.out"
	$bin/rprof2tsv "$out/deep.out" | $bin/tsv2rprof | cmp -s - "$out/deep.out" ||
	    bad "rprof2tsv of a stack $n deep"
	$bin/tsv2pprof "$out/deep.tsv" >"$out/deep.pb.gz"
	$bin/pprof2tsv "$out/deep.pb.gz" | $bin/tsvtop >"$out/got"
	$bin/tsvtop "$out/deep.tsv" >"$out/want"
	same "$out/want" "pprof2tsv of a stack $n deep"
}
