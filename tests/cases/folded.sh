# folded: tsv2folded and folded2tsv.

# Self and total per frame name, from collapsed stacks on standard input.
folded_top() {
	awk '{ v = $NF; s = $0; sub(/ [^ ]*$/, "", s); n = split(s, f, ";")
	    self[f[n]] += v; split("", seen)
	    for (i = 1; i <= n; i++) if (!(f[i] in seen)) {
		seen[f[i]]; total[f[i]] += v } }
	    END { for (k in total) printf "%s\t%.17g\t%.17g\n", k, self[k], total[k] }' |
	    sort
}

# On every corpus profile, tsv2folded | folded2tsv | tsv2folded gives the
# same text, and the folded text's own per-function self and total (awk)
# are tsvtop's.
t_folded_corpus() {
	for f in $( (rprof_files; pprof_files) | pick); do
		$bin/$(converter "$f") "$f" >"$out/t.tsv" 2>/dev/null || continue
		$bin/tsv2folded "$out/t.tsv" >"$out/a.folded" 2>/dev/null ||
		    { bad "tsv2folded $f"; continue; }
		[ -s "$out/a.folded" ] || continue	# no samples or no frames
		$bin/folded2tsv "$out/a.folded" | $bin/tsv2folded >"$out/b.folded"
		cmp -s "$out/a.folded" "$out/b.folded" ||
		    bad "tsv2folded | folded2tsv | tsv2folded of $f"
		# names with ';' or a newline are changed by design: none here
		folded_top <"$out/a.folded" >"$out/f.top"
		$bin/tsvtop -q --all --unit=raw "$out/t.tsv" |
		    awk -F'\t' 'NR > 1 && $4 != 0 {
		    printf "%s\t%.17g\t%.17g\n", $1, $2, $4 }' | sort >"$out/t.top"
		if cmp -s "$out/f.top" "$out/t.top"; then ok; else
			bad "tsv2folded of $f: per-function figures differ from tsvtop's"
			diff "$out/f.top" "$out/t.top" | head -4
		fi
	done
}

# Real collapsed stacks (stackcollapse-perf.pl's) come back sorted, equal
# stacks summed.
t_folded_real_stacks() {
	for f in tests/data/folded/*.txt; do
		$bin/folded2tsv "$f" | tee "$out/f.tsv" | $bin/tsvvalidate ||
		    bad "folded2tsv $f"
		awk '{ v = $NF; s = $0; sub(/ [^ ]*$/, "", s); t[s] += v }
		    END { for (s in t) print s " " t[s] }' "$f" |
		    LC_ALL=C sort >"$out/want"
		$bin/tsv2folded "$out/f.tsv" >"$out/got"
		same "$out/want" "folded2tsv | tsv2folded of $f"
	done
}

# Exact output of each option.
t_folded_options() {
	f=tests/data/rprof/r-4.2/append.out
	for a in "" "-l" "-d 2" "-s 3" "-t samples -s 1,2"; do
		$bin/rprof2tsv "$f" | $bin/tsv2folded $a >"$out/got" 2>&1
		same "tests/folded/append${a:+.$(echo "$a" | tr -d ' ,-')}.expected" \
		    "tsv2folded $a"
	done
}

# The two-valued (differential) form reads back; collapsed stacks are not
# a stream.
t_folded_two_valued() {
	$bin/tsv2folded -d 2 tests/folded/append.d2.expected >/dev/null 2>&1 &&
	    bad "tsv2folded read collapsed stacks as a stream"
	$bin/folded2tsv tests/folded/append.d2.expected | $bin/tsv2folded -d 1 \
	    >"$out/got"
	same tests/folded/append.d2.expected "folded2tsv of the two-valued form"
}

# Exact messages for bad lines.
t_folded_bad_lines() {
	for c in "a;b 1|c" "a;b x" "a;b -1" "1 2|x 3"; do
		printf '%s\n' "$c" | tr '|' '\n' | $bin/folded2tsv >/dev/null \
		    2>"$out/err"
		echo "$c: exit $?: $(cat "$out/err")"
	done >"$out/got"
	same tests/folded/bad.expected "folded2tsv on bad lines"
}

# Values past 2^53 are written and read back exactly (F12).
t_folded_exact_integers() {
	printf 'main;f 9007199254740993\nmain;f 4611686018427387904\nmain;g 1\n' |
	    $bin/folded2tsv >"$out/big.tsv"
	printf 'main;f 4620693217682128897\nmain;g 1\n' >"$out/want"
	$bin/tsv2folded "$out/big.tsv" >"$out/got"
	same "$out/want" "tsv2folded of values past 2^53"
	$bin/tsv2folded "$out/big.tsv" | $bin/folded2tsv | $bin/tsv2folded \
	    >"$out/got"
	same "$out/want" "tsv2folded | folded2tsv | tsv2folded of values past 2^53"
}
