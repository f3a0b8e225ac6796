# tsvsymbolize against elfutils' debuginfod (issue 59): binaries fetched
# by build ID, only when asked.

# A private debuginfod server on the loopback serving the test program
# (tests/data/symbolize/inl): a stream whose mapping names a file that is
# not here, with inl's build ID, gets inl's frames with --debuginfod (as
# eu-addr2line gives them there), and is left as it was without it, the
# server named in $DEBUGINFOD_URLS or not (nothing is asked: the server's
# log shows no request).
t_symbolize_debuginfod() {
	need debuginfod eu-readelf eu-addr2line || return
	mkdir -p "$out/bin" "$out/cache"
	cp tests/data/symbolize/inl "$out/bin/"
	bid=$(eu-readelf -n tests/data/symbolize/inl | awk '/Build ID/ { print $3 }')
	port=$((20000 + $$ % 20000))
	debuginfod -F "$out/bin" -p $port -d "$out/db.sqlite" -t 0 -g 0 -v \
	    >"$out/server.log" 2>&1 &
	pid=$!
	url=http://127.0.0.1:$port
	i=0
	until [ -s "$out/cache/probe" ] || [ $i -ge 50 ]; do
		sleep 0.2
		curl -sf -o "$out/cache/probe" "$url/buildid/$bid/executable" 2>/dev/null
		i=$((i + 1))
	done
	[ -s "$out/cache/probe" ] || { bad "no debuginfod on $url"; kill $pid; return; }
	rm -f "$out/cache/probe"
	{
	stream_head
	printf '.mappings\t1\t0x0\t0x0\t0x0\t/nowhere/inl\t%s\tFALSE\tFALSE\tFALSE\tFALSE\n' "$bid"
	printf 'locations\t1\tNA\tNA\t0x11e9\t1\tFALSE\tFALSE\t0\n'
	printf 'samples\t1\t1\nsample_values\t1\tsamples\tcount\t1\nsample_locations\t1\t1\t1\n'
	} >"$out/s.tsv"
	n0=$(grep -c 'buildid' "$out/server.log")
	DEBUGINFOD_URLS=$url DEBUGINFOD_CACHE_PATH=$out/cache \
	    $bin/tsvsymbolize "$out/s.tsv" >"$out/off.tsv" 2>"$out/off.err" ||
	    bad "tsvsymbolize without --debuginfod"
	grep -q "no such file, nor one of build ID $bid" "$out/off.err" ||
	    bad "without --debuginfod: $(cat "$out/off.err")"
	[ "$(grep -c 'buildid' "$out/server.log")" = "$n0" ] ||
	    bad "the server was asked without --debuginfod"
	DEBUGINFOD_URLS=$url DEBUGINFOD_CACHE_PATH=$out/cache \
	    $bin/tsvsymbolize --debuginfod "$out/s.tsv" >"$out/on.tsv" 2>"$out/on.err" ||
	    bad "tsvsymbolize --debuginfod"
	[ ! -s "$out/on.err" ] || bad "said: $(cat "$out/on.err")"
	awk -F'\t' '$1 == "functions" { f[$2] = $3 }
	    $1 == "locations" { print f[$3] }' "$out/on.tsv" >"$out/got"
	eu-addr2line -f -i -e tests/data/symbolize/inl 0x11e9 |
	    awk 'NR % 2 == 1 { print $1 }' >"$out/want"
	same "$out/want" "the frames of the binary debuginfod gave"
	kill $pid 2>/dev/null
	wait $pid 2>/dev/null
}
