# focus: tsvfocus.

# Exact streams for each filter on a stream with an inlined run
# (google/pprof itself judges them in make interop), each valid.
t_focus_exact() {
	for a in tests/focus/*.args; do
		$bin/tsvfocus $(cat "$a") tests/focus/inlined.tsv >"$out/got" 2>&1
		same "${a%.args}.expected" "tsvfocus $(cat "$a")"
		$bin/tsvfocus $(cat "$a") tests/focus/inlined.tsv |
		    $bin/tsvvalidate ||
		    bad "tsvfocus $(cat "$a") wrote an invalid stream"
	done
}

# A stream on standard input gives what the file gives.
t_focus_stdin() {
	$bin/tsvfocus -f inl <tests/focus/inlined.tsv >"$out/got" 2>&1
	same tests/focus/inlined.2.expected "tsvfocus -f inl on standard input"
}

# A bad regular expression is a usage error.
t_focus_bad_regex() {
	$bin/tsvfocus -f '(' tests/focus/inlined.tsv >/dev/null 2>&1
	[ $? = 2 ] || bad "tsvfocus -f '(' is not a usage error"
}

# A function's subtree has its total as the whole.
t_focus_subtree_total() {
	$bin/rprof2tsv "$R_MEM" >"$out/m.tsv"
	$bin/tsvfocus -f 'df_work' "$out/m.tsv" | $bin/tsvtop -q -c >"$out/got"
	$bin/tsvtop -q "$out/m.tsv" | awk -F'\t' '$1 == "df_work" { print $4 }' \
	    >"$out/want"
	[ "$(awk -F'\t' '$1 == "df_work" { print $4 }' "$out/got")" = \
	    "$(cat "$out/want")" ] &&
	    [ "$(awk -F'\t' 'NR == 2 { print $4 }' "$out/got")" = \
	    "$(cat "$out/want")" ] ||
	    bad "tsvfocus -f df_work: the total is not df_work's total"
}
