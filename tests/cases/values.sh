# values: what the programs do with values a double holds but a sum
# cannot (audit F8, F9): every program that sums values refuses Inf, -Inf
# and sums past the largest double, naming the row, the sample and the
# type; the programs that carry values keep them; nothing prints NaN.

A=tests/data/audit-2026-11-25

# Inf, -Inf and an overflowing sum: the same message from every program
# that sums, and exit 1 (tests/values/refused.expected).
t_values_refused() {
	for f in F8-flame-inf F8-flame-sum-overflow F9-top-nan; do
		for p in tsvtop tsv2folded tsvflame tsv2pprof tsv2rprof; do
			(cd $A && "$bin/$p" $f.tsv >/dev/null 2>"$out/err"
			    echo "$p $f: exit $?: $(cat "$out/err")")
		done
	done >"$out/got"
	same tests/values/refused.expected "summing programs on Inf and overflow"
}

# The programs that carry values keep Inf as the stream has it.
t_values_carried() {
	for p in tsvcombine "tsvfocus -f f"; do
		$bin/$p $A/F8-flame-inf.tsv | grep '^sample_values' | cut -f 5 \
		    >"$out/got"
		echo Inf >"$out/want"
		same "$out/want" "$p keeps Inf"
	done
	$bin/tsv2sql $A/F8-flame-inf.tsv | grep -q "9e999" ||
	    bad "tsv2sql does not write Inf as SQLite's 9e999"
}

# A total of 1e-320 (subnormal) is drawn whole, never width="inf"; a
# total that is not positive is refused.
t_values_tiny_total() {
	need xmllint || return
	sed 's/^\(sample_values\t[0-9]*\tsamples\tcount\t\).*/\11e-320/' \
	    $A/F8-flame-inf.tsv >"$out/tiny.tsv"
	$bin/tsvflame "$out/tiny.tsv" >"$out/t.svg" &&
	    xmllint --noout "$out/t.svg" ||
	    bad "tsvflame of a total of 1e-320"
	grep -q 'inf\|nan' "$out/t.svg" && bad "tsvflame wrote inf or nan"
	sed 's/^\(sample_values\t[0-9]*\tsamples\tcount\t\).*/\1-3/' \
	    $A/F8-flame-inf.tsv >"$out/neg.tsv"
	$bin/tsvflame "$out/neg.tsv" >/dev/null 2>"$out/got"
	echo "tsvflame: the values of type 'samples' sum to -3: a flame graph draws what is positive" \
	    >"$out/want"
	same "$out/want" "tsvflame of a negative total"
}

# Zero totals give 0.00, not NaN.
t_values_zero_total() {
	printf 'main;f 0\nmain;g 0\n' | $bin/folded2tsv | $bin/tsvtop --all >"$out/got"
	grep -qi 'nan' "$out/got" && bad "tsvtop printed NaN: $(cat "$out/got")"
	grep -q '^f	0	0.00	0	0.00	0.00$' "$out/got" ||
	    bad "tsvtop of zeros: $(cat "$out/got")"
}

# A figure of 1e308 bytes is written whole (312 digits in PB), as pprof's
# %.2f writes it, in the table, the node fraction's words and --tags
# (fuzz_analysis found it cut past a 64-byte buffer).
t_values_huge_figures() {
	printf 'main;f 1e308\nmain;g 1\n' | $bin/folded2tsv -t alloc/bytes \
	    >"$out/huge.tsv"
	$bin/tsvtop "$out/huge.tsv" >"$out/top" || bad "tsvtop failed"
	grep -q '^# total: 8881784197001252420902727186[0-9]\{265\} PB$' \
	    "$out/top" || bad "the total is not whole"
	grep -q '^f	8881784197001252420902727186[0-9]\{265\}	100\.00	' \
	    "$out/top" || bad "the row is not whole, or its share not 100.00"
	grep -q 'under 44408920985006262381492119072[0-9]*PB' \
	    "$out/top" || bad "the node fraction is not whole"
	grep -q 'inf\|nan' "$out/top" && bad "a share is Inf or NaN"
	$bin/tsvflame "$out/huge.tsv" | grep -q 'inf\|nan' &&
	    bad "tsvflame: a share is Inf or NaN"
	return 0
}
