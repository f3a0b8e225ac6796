# peek: tsvpeek (go tool pprof -peek judges it in make interop).

# Exact tables: a Go CPU profile (inline calls marked) and R sessions
# (R's samples in seconds, as tsvtop shows them).
t_peek_exact() {
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz |
	    $bin/tsvpeek --table 'sha256|^math\.' >"$out/got"
	same tests/peek/go-cpu.expected "tsvpeek of go.cpu"
	$bin/rprof2tsv tests/data/rprof/r-4.2/append.out |
	    $bin/tsvpeek --table '^(merge|rnorm)$' >"$out/got"
	same tests/peek/r-append.expected "tsvpeek of append.out"
}

# pprof's blocks, the default: each function between its callers and
# callees, character for character as go tool pprof -peek prints them
# from its first separator (make interop's go/peek checks it on four
# profiles and six patterns each).
t_peek_blocks() {
	$bin/tsvpeek 'sha256|^math\.' tests/data/pprof/go-1.19/go.cpu.pb.gz \
	    >"$out/got"
	same tests/peek/go-cpu-blocks.expected "tsvpeek's blocks of go.cpu"
	$bin/tsvpeek -q nomatch tests/data/pprof/go-1.19/go.cpu.pb.gz \
	    >"$out/got" 2>/dev/null
	[ $? = 1 ] && [ ! -s "$out/got" ] ||
	    bad "no match: something printed, or not exit 1"
}

# A function's callers' calls add up to its cum (no recursion), checked
# by awk on the table.
t_peek_sums() {
	$bin/pprof2tsv tests/data/pprof/go-labelled/cpu1.pb.gz |
	    $bin/tsvpeek -q --table --unit=raw '^main\.spin$' >"$out/t"
	awk -F'\t' '$2 == "caller" { c += $4 } $2 == "cum" { cum = $4 }
	    END { exit !(c == cum && cum > 0) }' "$out/t" ||
	    bad "main.spin's callers do not add up to its cum"
}

# No match: said, exit 1; a bad pattern or none: usage, exit 2.
t_peek_errors() {
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz >"$out/p.tsv"
	$bin/tsvpeek -q nomatch "$out/p.tsv" >/dev/null 2>"$out/got"
	echo "exit $?" >>"$out/got"
	printf "tsvpeek: no function matches 'nomatch'\nexit 1\n" >"$out/want"
	same "$out/want" "no match"
	$bin/tsvpeek 'a(' "$out/p.tsv" >/dev/null 2>&1
	test $? -eq 2 || bad "a bad pattern is not a usage error"
	$bin/tsvpeek </dev/null >/dev/null 2>&1
	test $? -eq 2 || bad "no pattern is not a usage error"
	$bin/tsvpeek --table --tree -q "$out/p.tsv" | awk -F'\t' '$2 == "flat"' |
	    wc -l | tr -d ' ' >"$out/got"
	$bin/tsvtop -q "$out/p.tsv" --nodefraction=0 | tail -n +2 | wc -l |
	    tr -d ' ' >"$out/want"
	same "$out/want" "--tree: a row of flat per function of tsvtop"
}

# A diff's blocks, character for character as go tool pprof -peek .
# -diff_base cpu1 cpu2 prints them from its first separator
# (tests/peek/go-labelled-diff.expected is pprof's): calls whose samples
# cancel listed at 0, as pprof lists them.
t_peek_diff() {
	d=tests/data/pprof/go-labelled
	$bin/tsvpeek --diff-base $d/cpu1.pb.gz . $d/cpu2.pb.gz |
	    sed -n '/^-----/,$p' >"$out/got"
	same tests/peek/go-labelled-diff.expected "tsvpeek --diff-base"
}
