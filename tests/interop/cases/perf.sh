# perf: a profile recorded now by Linux perf (perf record -g, where the
# kernel allows it), converted by perf2tsv: each function's self share is
# what perf report says of the same recording.

t_perf_record() {
	need perf cc || return
	cc -O1 -g -fno-omit-frame-pointer -o "$out/work" \
	    tests/interop/perfwork.c || { bad "cc perfwork.c"; return; }
	if ! perf record -q -g -F 1999 -o "$out/p.data" "$out/work" \
	    >/dev/null 2>"$out/err"; then
		echo "perf record (not allowed here: $(head -1 "$out/err"))" \
		    >>"$out/.missing"
		return
	fi
	perf script -i "$out/p.data" >"$out/s.txt" 2>/dev/null ||
	    { bad "perf script"; return; }
	# perf report's overhead of each user symbol, by period
	perf report -i "$out/p.data" --stdio --no-children --sort sym -g none \
	    2>/dev/null | awk '$2 == "[.]" && $3 ~ /^spin_/ {
	    sub(/%$/, "", $1); print $3 "\t" $1 }' | LC_ALL=C sort >"$out/want"
	[ -s "$out/want" ] || { bad "perf report: no spin_ symbols"; return; }
	$bin/perf2tsv "$out/s.txt" | $bin/tsvtop -q --all | awk -F'\t' '
	    $1 ~ /^spin_/ { print $1 "\t" $3 }' | LC_ALL=C sort >"$out/got"
	same "$out/want" "self% of perf record's profile, as perf report says"
	$bin/perf2tsv "$out/s.txt" | $bin/tsvtop -q | awk -F'\t' '
	    NR == 2 { print $1 }' >"$out/got"
	[ "$(cat "$out/got")" = spin_hot ] ||
	    bad "perf record: the top function is $(cat "$out/got")"
}
