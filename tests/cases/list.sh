# list: tsvlist (go tool pprof -list and summaryRprof judge it in make
# interop).

# An R line profile's listing, its source beside it, exactly.
t_list_r_exact() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/line.out | $bin/tsvlist \
	    --source-path tests/data/rprof/r-4.2 . >"$out/got"
	same tests/list/r-line.expected "tsvlist of line.out"
}

# -m: each line's memory (summaryRprof's mem.total, MB), which tsvtop -l
# -m gives each line too.
t_list_r_memory() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/memory-line.out >"$out/p.tsv"
	$bin/tsvlist -q -m --source-path tests/data/rprof/r-4.2 'df_work' \
	    "$out/p.tsv" >"$out/got"
	same tests/list/r-memory.expected "tsvlist -m of memory-line.out"
	awk -F'\t' 'NR > 1 && $5 != "." { print $3 "\t" $6 }' "$out/got" \
	    >"$out/a"
	$bin/tsvtop -q -l -m "$out/p.tsv" | awk -F'\t' '$1 == "df_work" {
		print $3 "\t" ($9 == "0.0" ? "." : $9) }' | sort -n >"$out/b"
	same_lines a b "mem_total against tsvtop -l -m's"
}

# pprof's search for a Go profile's files: the search directory's name
# found in the absolute path the profile has, the rest looked for under it.
t_list_go_source_path() {
	$bin/pprof2tsv tests/data/pprof/go-labelled/cpu1.pb.gz | $bin/tsvlist \
	    -q --source-path tests/interop/labelled '^main\.spin$' >"$out/got"
	same tests/list/go-spin.expected "tsvlist of main.spin"
}

# A file not found is named on stderr; its lines with values are still
# listed, without text, and the listing ends well.
t_list_missing_file() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/line.out >"$out/p.tsv"
	(cd "$out" && $bin/tsvlist -q --source-path /nonexistent 'num_work' \
	    p.tsv >got 2>err) || bad "exit $? with a file missing"
	printf 'function\tfile\tline\tflat\tcum\tsource\nnum_work\tworkload.R\t4\t0.225\t0.225\t\n' \
	    >"$out/want"
	same "$out/want" "the lines of a missing file"
	grep -q '^tsvlist: source file workload.R: not found under /nonexistent' \
	    "$out/err" || bad "stderr does not name the file: $(cat "$out/err")"
}

# Usage: a pattern is needed and must parse (2); none matching is 1.
t_list_errors() {
	f=tests/data/rprof/r-4.2/line.out
	$bin/rprof2tsv $f >"$out/p.tsv"
	$bin/tsvlist <"$out/p.tsv" >/dev/null 2>&1
	test $? -eq 2 || bad "no pattern: not exit 2"
	$bin/tsvlist '(' "$out/p.tsv" >/dev/null 2>"$out/err"
	test $? -eq 2 || bad "a bad pattern: not exit 2"
	$bin/tsvlist 'nomatchatall' "$out/p.tsv" >/dev/null 2>"$out/err"
	test $? -eq 1 || bad "no match: not exit 1"
	grep -q "no function matches 'nomatchatall'" "$out/err" ||
	    bad "no match: $(cat "$out/err")"
}
