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
