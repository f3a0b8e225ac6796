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

# A stream of one sample per file name given, each a function "fN" at
# line 1 of its file: what a hostile profile can name.
naming_stream() {
	plain_head
	awk -v OFS='\t' '{ print "functions", NR, "f" NR, "f" NR, $0, 1
	      print "locations", NR, NR, 1
	      print "samples", NR, 1
	      print "sample_values", NR, "samples", "count", 1
	      print "sample_locations", NR, 1, NR }'
}

# What a profile names is read only when it is a regular file under the
# source path, after symlinks and "..": not an absolute path elsewhere,
# not a parent's file, not a symlink out, not a device, FIFO or /proc
# file, not past 64 MB; each refusal said with its reason; the page and
# the listing hold none of their text. --any-source-file reads what pprof
# reads.
t_list_source_confined() {
	mkdir -p "$out/proj/src" "$out/outside"
	echo 'SECRET-OUTSIDE' >"$out/outside/secret.txt"
	echo 'SECRET-PARENT' >"$out/secret.c"
	echo 'INSIDE-LINE' >"$out/proj/src/ok.c"
	ln -s "$out/outside/secret.txt" "$out/proj/src/link.c"
	mkfifo "$out/proj/src/fifo.c"
	truncate -s 65M "$out/proj/src/big.c"
	printf '%s\n' /etc/passwd ../secret.c src/link.c src/fifo.c /dev/zero \
	    /proc/self/environ src/big.c "$out/outside/secret.txt" \
	    src/../../outside/secret.txt src/ok.c "$out/proj/src/ok.c" |
	    naming_stream >"$out/p.tsv"
	(cd "$out/proj" && $bin/tsvlist . "$out/p.tsv" >"$out/got" 2>"$out/err")
	grep -c 'INSIDE-LINE' "$out/got" | grep -qx 2 ||
	    bad "tsvlist: the file inside, twice (relative, absolute): not listed"
	grep -q 'SECRET\|root:' "$out/got" && bad "tsvlist: a file outside read"
	sed "s|$out|OUT|g; s|$(cd / && pwd -P)proc/[0-9]*/|/proc/PID/|" \
	    "$out/err" >"$out/got"
	same tests/list/confined.expected "tsvlist's refusals"
	(cd "$out/proj" && $bin/tsvreport --source-path . "$out/p.tsv" \
	    >"$out/page.html" 2>"$out/err")
	grep -q 'SECRET\|root:' "$out/page.html" && bad "tsvreport: a file outside read"
	grep -q 'INSIDE-LINE' "$out/page.html" || bad "tsvreport: the file inside left out"
	grep -qx 'tsvreport: 9 source files left out of the page, the first: /etc/passwd is outside the source path (.)' \
	    "$out/err" || bad "tsvreport's one message: $(cat "$out/err")"
	# as pprof: any regular file, still no device nor FIFO
	(cd "$out/proj" && $bin/tsvlist --any-source-file . "$out/p.tsv" \
	    >"$out/got" 2>"$out/err")
	grep -c 'SECRET-OUTSIDE' "$out/got" | grep -qx 3 ||
	    bad "--any-source-file: the outside file not read 3 times"
	grep -q 'SECRET-PARENT' "$out/got" || bad "--any-source-file: no parent"
	grep -q 'fifo.c is not a regular file' "$out/err" ||
	    bad "--any-source-file: the FIFO not refused"
}
