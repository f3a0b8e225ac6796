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

# --from/--to: the samples taken in the window, by their own times (perf's
# here: awk counts them in the stream), else by their source's span (Go's
# cpu1 ran 0.906 s from 06:46:09.997; heap1 is a moment at 06:46:10.9289).
t_focus_window() {
	f=tests/data/perf/speedscope/forks.linux-perf.txt.gz
	$bin/perf2tsv $f >"$out/p.tsv"
	want=$(awk -F'\t' '$1 == ".sample_times" && $3 >= 203265400000000 &&
	    $3 < 203265450000000 { n++ } END { print n }' "$out/p.tsv")
	$bin/tsvfocus --from 203265.4 --to 203265.45 "$out/p.tsv" >"$out/w.tsv" ||
	    bad "tsvfocus --from --to"
	got=$(grep -c '^samples' "$out/w.tsv")
	[ "$want" -gt 10 ] && [ "$got" = "$want" ] ||
	    bad "the window keeps $got samples, awk counts $want"
	$bin/tsvvalidate "$out/w.tsv" || bad "the window's stream is invalid"
	G=tests/data/pprof/go-labelled
	for w in "--to 2026-11-25T06:46:10.5Z:1" "--from 2026-11-25T06:46:10.91Z:2" \
	    "--from 2026-11-25T06:46:10.9Z:12" \
	    "--from 2026-11-25T06:46:10.91Z --to 2026-11-25T06:46:10.9288Z:" \
	    "--from 2026-11-25T06:46:10.9288Z --to 2026-11-25T06:46:10.9289Z:2"; do
		$bin/tsvfocus ${w%:*} $G/cpu1.pb.gz $G/heap1.pb.gz 2>"$out/err" |
		    awk -F'\t' '$1 == "samples" { print $3 }' | sort -u |
		    tr -d '\n' >"$out/got"
		[ "$(cat "$out/got")" = "${w##*:}" ] ||
		    bad "tsvfocus ${w%:*}: samples of sources '$(cat "$out/got")', not '${w##*:}'"
		[ -n "${w##*:}" ] || grep -qF 'tsvfocus: --from/--to: no sample was taken in the window' "$out/err" ||
		    bad "tsvfocus ${w%:*}: no word of an empty window"
	done
	for a in "--from now" "--to 2026-13-01" "--from 5 --to 5"; do
		$bin/tsvfocus $a $G/cpu1.pb.gz >/dev/null 2>&1
		[ $? = 2 ] || bad "tsvfocus $a: not exit 2"
	done
}

# --tagroot/--tagleaf: label values as frames, as pprof's -tagroot and
# -tagleaf make them (the expected stacks are go tool pprof -traces's with
# the options: make interop's go/tagroot checks every such stack): Go's
# cpu1 with its worker and size labels at the leaf, the numeric bytes
# label (none there: an empty frame, <unknown>) at the root.
t_focus_tagframes() {
	$bin/tsvfocus --tagleaf worker,size --tagroot bytes \
	    tests/data/pprof/go-labelled/cpu1.pb.gz 2>"$out/err" |
	    $bin/tsv2folded | sort >"$out/got"
	same tests/focus/tagframes.expected "tsvfocus --tagleaf --tagroot"
	grep -qF 'tsvfocus: --tagroot: no sample has a label of these keys' "$out/err" ||
	    bad "--tagroot of a key no sample has: not said"
	$bin/tsvfocus --tagroot bytes tests/data/pprof/go-labelled/heap1.pb.gz |
	    $bin/tsvvalidate || bad "--tagroot on numeric labels: invalid stream"
}
