# json: lib/formats/json, the reader of every JSON format, reads what
# Python's json module reads (strict: RFC 8259, no NaN, no control
# character in a string) and refuses what it refuses, on the texts of
# tests/json (numbers, escapes, UTF-8, nesting, values one after
# another, and each way a text is not JSON), whatever pieces the text
# comes in: tests/unit/json_probe feeds it at once and 1, 2, 3, 5, 7 and
# 64 bytes at a time, and says when the events differ.
t_json_python() {
	need python3 || return
	probe=$top/build/tests/json_probe
	[ -x "$probe" ] || { bad "build/tests/json_probe not built (make check builds it)"; return; }
	n=0
	for f in tests/json/*.json; do
		n=$((n + 1))
		"$probe" "$f" >"$out/got" 2>&1
		python3 tests/json/events.py "$f" >"$out/want"
		if [ "$(tail -n 1 "$out/want")" = ERROR ]; then
			[ "$(tail -n 1 "$out/got")" = ERROR ] ||
			    bad "$f: Python refuses it, the reader did not: $(tail -n 1 "$out/got")"
		else
			cmp -s "$out/want" "$out/got" ||
			    bad "$f: not what Python reads: $(diff "$out/want" "$out/got" | head -4 | tr '\n' ' ')"
		fi
	done
	[ $n -ge 39 ] || bad "only $n texts"
}

# JSON as RFC 8259 and the producers write it (audit B9): UTF-8's byte
# order mark read as UTF-16's is (the same stream as the UTF-16 twin but
# for its name); a key twice in an object of a profile refused (JSON
# leaves it to the reader) in speedscope, .cpuprofile and OTLP/JSON;
# speedscope's [[0]] read as speedscope reads it (frames[[0]] is
# frames[0] in JavaScript), never an empty stack; one file:line prefix.
t_json_as_producers_write_it() {
	a=tests/data/audit-2026-11-29
	for f in cpuprofile-utf8-bom cpuprofile-utf16le; do
		$bin/cpuprofile2tsv "$a/$f.cpuprofile" | grep -v '^sources' \
		    >"$out/$f.tsv" || bad "cpuprofile2tsv $f"
	done
	same_lines cpuprofile-utf16le.tsv cpuprofile-utf8-bom.tsv \
	    "a .cpuprofile with UTF-8's mark"
	$bin/tsv2folded "$a/speedscope-nested-stack.json" >"$out/got"
	echo 'a 3' >"$out/want"
	same "$out/want" "speedscope's [[0]]"
	cd "$out" || return
	printf '{"shared":{"frames":[{"name":"a"}]},"profiles":[{"type":"sampled","name":"p","unit":"none","startValue":0,"endValue":2,"samples":[[0]],"samples":[[0]],"weights":[1]}]}' >twice.speedscope.json
	printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":""}}],"samples":[1],"samples":[1],"timeDeltas":[1]}' >twice.cpuprofile
	printf '{"resourceProfiles":[],"resource_profiles":[]}\n' >twice.otlp.json
	printf '{"shared":{"frames":[{"name":"a"}]},"profiles":[{"type":"sampled","name":"p","unit":"none","startValue":0,"endValue":2,"samples":[[[0,0]]],"weights":[1]}]}' >two.speedscope.json
	for c in "speedscope2tsv twice.speedscope.json" \
	    "cpuprofile2tsv twice.cpuprofile" "otlp2tsv twice.otlp.json" \
	    "speedscope2tsv two.speedscope.json" \
	    "otlp2tsv $top/$a/otlpjson-time-2p64.json"; do
		$bin/$c >x 2>err
		echo "$c: exit $? $(wc -c <x | tr -d ' ') bytes: $(cat err)"
	done | sed "s|$top/||g" >got
	cat >want <<'EOT'
speedscope2tsv twice.speedscope.json: exit 1 0 bytes: speedscope2tsv: twice.speedscope.json:1: the key "samples" twice in one object
cpuprofile2tsv twice.cpuprofile: exit 1 0 bytes: cpuprofile2tsv: twice.cpuprofile:1: the key "samples" twice in one object
otlp2tsv twice.otlp.json: exit 1 0 bytes: otlp2tsv: twice.otlp.json:1: the key "resource_profiles" twice in one object
speedscope2tsv two.speedscope.json: exit 1 0 bytes: speedscope2tsv: two.speedscope.json:1: a sample's frame index a list of 2 numbers (speedscope reads one: [[32]] as 32)
otlp2tsv tests/data/audit-2026-11-29/otlpjson-time-2p64.json: exit 1 0 bytes: otlp2tsv: tests/data/audit-2026-11-29/otlpjson-time-2p64.json:1: not valid OTLP Profiles: Profile.time_unix_nano 18446744073709551615: past the stream's times (2^63 - 1 ns, the year 2262)
EOT
	cd "$top" || return
	same "$out/want" "keys twice, lists in lists, one prefix"
}
