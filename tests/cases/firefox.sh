# firefox: firefox2tsv, the Firefox Profiler's Gecko format.

# Firefox ESR 153's own profile (firefox_counts: tests/lib.sh) of a page's JavaScript (made with
# MOZ_PROFILER_STARTUP and MOZ_PROFILER_SHUTDOWN; interop
# firefox/gecko-recording makes one afresh): 7 threads of 4 processes.
t_firefox_counts() {
	need node || return
	firefox_counts tests/data/firefox/firefox-esr-153.gecko.json.gz
}

# Each sample's time is its process's meta.startTime plus its own
# milliseconds, on Unix time; each thread a source with its name,
# process, pid and tid; the page's functions where the page has them;
# native addresses in the libraries that held them (their mappings,
# with their build ids).
t_firefox_stream() {
	f=tests/data/firefox/firefox-esr-153.gecko.json.gz
	$bin/firefox2tsv $f >"$out/f.tsv" || { bad "firefox2tsv $f"; return; }
	$bin/tsvvalidate "$out/f.tsv" || bad "an invalid stream"
	awk -F'\t' '$1 == ".source_attributes" && $3 ~ /^firefox\./ {
	    print $2, $3, $4 }' "$out/f.tsv" | sed -n '1,5p;26,30p' >"$out/got"
	cat >"$out/want" <<'EOF2'
1 firefox.thread_name GeckoMain
1 firefox.process_name Parent Process
1 firefox.process_type default
1 firefox.pid 31212
1 firefox.tid 31212
6 firefox.thread_name GeckoMain
6 firefox.process_name file:// Content
6 firefox.process_type tab
6 firefox.pid 31333
6 firefox.tid 31333
EOF2
	same "$out/want" "the threads' sources"
	# the first sample: 1795943974656.0334 ms + 16.076321 ms
	awk -F'\t' '$1 == ".sample_times" { print $3; exit }' "$out/f.tsv" \
	    >"$out/got"
	echo 1795943974672109721 >"$out/want"
	same "$out/want" "the first sample's time"
	$bin/tsvtop -q -s 6 -n 4 "$out/f.tsv" >"$out/got"
	printf 'function\tself\tself%%\ttotal\ttotal%%\tsum%%\n[libxul.so]\t1356\t81.93\t1653\t99.88\t81.93\nspinHot\t120\t7.25\t1443\t87.19\t89.18\n[libc.so.6]\t107\t6.47\t1654\t99.94\t95.65\nspinWarm\t53\t3.20\t54\t3.26\t98.85\n' >"$out/want"
	same "$out/want" "the page's process: its hot functions"
	awk -F'\t' '$1 == ".mappings" && $6 ~ /libxul/ { print $6, $7 }' \
	    "$out/f.tsv" | sort -u >"$out/got"
	echo "/usr/lib/firefox-esr/libxul.so b296d38590cacb90c484b5db4fbabde9bdafea82" >"$out/want"
	same "$out/want" "libxul's mapping, with its build id"
	$bin/tsvtop $f >"$out/got"
	$bin/tsvtop "$out/f.tsv" >"$out/want"
	same "$out/want" "tsvtop of the profile, through the door"
}

# What is no Gecko profile it reads is refused, nothing on stdout: the
# processed format (not yet read), a row before its table's schema, a
# stack whose prefix is not a row before it (a cycle), a sample of a
# stack not there.
t_firefox_refusals() {
	cd "$out" || return
	g='{"meta":{"version":24,"interval":1,"startTime":1000},"libs":[],"threads":[{"name":"T","pid":1,"tid":2,'
	printf '{"meta":{"version":27,"preprocessedProfileVersion":47},"threads":[]}' >processed.json
	printf '%s"samples":{"data":[[0,1]],"schema":{"stack":0,"time":1}},"stackTable":{"schema":{"prefix":0,"frame":1},"data":[[null,0]]},"frameTable":{"schema":{"location":0},"data":[[0]]},"stringTable":["a"]}]}' "$g" >late-schema.json
	printf '%s"samples":{"schema":{"stack":0,"time":1},"data":[[1,1]]},"stackTable":{"schema":{"prefix":0,"frame":1},"data":[[1,0],[0,0]]},"frameTable":{"schema":{"location":0},"data":[[0]]},"stringTable":["a"]}]}' "$g" >cycle.json
	printf '%s"samples":{"schema":{"stack":0,"time":1},"data":[[5,1]]},"stackTable":{"schema":{"prefix":0,"frame":1},"data":[[null,0]]},"frameTable":{"schema":{"location":0},"data":[[0]]},"stringTable":["a"]}]}' "$g" >nostack.json
	for f in processed.json:'processed format' \
	    late-schema.json:'before its schema' cycle.json:'not a row before it' \
	    nostack.json:'stack 5 of 1'; do
		$bin/firefox2tsv "${f%%:*}" >x 2>err && bad "${f%%:*}: exit 0"
		grep -qF "${f#*:}" err || bad "${f%%:*}: $(cat err)"
		[ -s x ] && bad "${f%%:*}: output"
	done
	# the same thread well formed: one sample of a at 1001 ms
	sed 's/\[\[5,1\]\]/[[0,1]]/' nostack.json >ok.json
	$bin/firefox2tsv ok.json >ok.tsv || bad "a small profile: $(cat err)"
	awk -F'\t' '$1 == ".sample_times" { print $3 }' ok.tsv >got
	echo 1001000000 >want
	same want "a small profile's sample time"
	cd "$top" || return
}
