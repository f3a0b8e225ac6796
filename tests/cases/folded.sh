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
	n=0
	for f in $( (rprof_files; pprof_files) | pick); do
		convert "$f" "$out/t.tsv" || continue
		n=$((n + 1))
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
	[ $n -gt 0 ] || bad "no profile converted: nothing compared"
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

# The two-valued (differential) form reads back; collapsed stacks given
# to tsv2folded are read as folded2tsv reads them.
t_folded_two_valued() {
	$bin/tsv2folded -d 2 tests/folded/append.d2.expected >"$out/direct" 2>&1
	$bin/folded2tsv tests/folded/append.d2.expected | $bin/tsv2folded -d 2 \
	    >"$out/piped" 2>&1
	same_lines piped direct "tsv2folded of collapsed stacks, as folded2tsv's"
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

# austin's output (austin-python's test data, real austin 4.0.0 and 3.4.1
# runs): its header lines become source attributes, "file:function:line"
# frames locations of functions with a file, values its mode's microseconds.
t_folded_austin() {
	f=tests/data/folded/austin/repeat.austin.gz
	$bin/folded2tsv "$f" >"$out/s.tsv" || bad "folded2tsv $f"
	$bin/tsvvalidate "$out/s.tsv" || bad "not valid"
	awk -F'\t' '$1 == ".source_attributes" { print $3 "=" $4 }' \
	    "$out/s.tsv" >"$out/got"
	gzip -dc "$f" | sed -n 's/^# \([a-z]*\): /austin.\1=/p' >"$out/want"
	same "$out/want" "austin's header as source attributes"
	grep -q '^sample_values	1	wall	microseconds	' "$out/s.tsv" ||
	    bad "values are not wall/microseconds"
	$bin/tsvtop -q --all --unit=raw -l "$out/s.tsv" >"$out/got"
	same tests/folded/austin-repeat.lines.expected "tsvtop -l of austin"
	# the self of each function, summed by awk from the file itself
	gzip -dc "$f" | awk '!/^#/ && NF {
		v = $NF; sub(/ [^ ]*$/, ""); n = split($0, fr, ";")
		if (split(fr[n], p, ":") >= 3 && p[length(p)] ~ /^[0-9]+$/)
			self[p[length(p) - 1]] += v
		else
			self[fr[n]] += v
	} END { for (k in self) if (self[k]) print k "\t" self[k] }' |
	    sort >"$out/want"
	$bin/tsvtop -q --all --unit=raw "$out/s.tsv" |
	    awk -F'\t' 'NR > 1 && $2 != 0 { print $1 "\t" $2 }' | sort >"$out/got"
	same "$out/want" "self per function, against awk's sums"
	f=tests/data/folded/austin/mp.austin.gz
	$bin/folded2tsv "$f" | $bin/tsvvalidate || bad "$f: not valid"
}

# Lines that are no collapsed stack: an error naming the line, or with -k
# left out and counted, as flamegraph.pl and inferno do.
t_folded_skip_invalid() {
	printf 'a;b 1\nnot a stack\na;c 2\n# a comment\nx;y z\na;b 3\n' \
	    >"$out/in.txt"
	$bin/folded2tsv "$out/in.txt" >/dev/null 2>"$out/got"
	echo "folded2tsv: $out/in.txt:2: no value (a number, 0 or more) at the end of the line (collapsed stacks are 'frame;frame;... value')" >"$out/want"
	same "$out/want" "the first bad line"
	$bin/folded2tsv -k "$out/in.txt" 2>"$out/got" | $bin/tsv2folded >"$out/stacks"
	echo "folded2tsv: $out/in.txt: left out 2 lines that are no collapsed stack (the first: line 2)" >"$out/want"
	same "$out/want" "-k: the count"
	printf 'a;b 4\na;c 2\n' >"$out/want"
	cp "$out/stacks" "$out/got"
	same "$out/want" "-k: the stacks kept"
	printf 'junk\n' | $bin/folded2tsv -k >/dev/null 2>"$out/got"
	test $? -eq 1 || bad "-k with no stack at all is not an error"
	printf '# austin: 3.6.0\n# mode: memory\nP1;T1;f.py:g:3 -512\nP1;T1;f.py:g:3 2048\n' |
	    $bin/folded2tsv | $bin/tsvtop -q --unit=raw >"$out/got"
	grep -q '^g	1536	' "$out/got" || bad "austin's memory mode: frees are negative"
}

# -d --normalize is difffolded.pl -n: the base's values scaled to the
# others' sum, truncated; checked against awk's reading of the two files.
t_folded_diff_normalize() {
	printf 'a;b 30\na;c 7\nd 3\n' >"$out/base.txt"
	printf 'a;b 50\na;c 100\ne 1\n' >"$out/new.txt"
	$bin/folded2tsv "$out/base.txt" "$out/new.txt" |
	    $bin/tsv2folded -d 1 --normalize >"$out/got"
	awk 'FNR == NR { b[$1] += $2; t1 += $2; next }
	    { n[$1] += $2; t2 += $2 }
	    END { for (k in b) if (!(k in n)) n[k] = 0
		  for (k in n) printf "%s %d %d\n", k, int(b[k] * t2 / t1), n[k] }' \
	    "$out/base.txt" "$out/new.txt" | LC_ALL=C sort >"$out/want"
	same "$out/want" "tsv2folded -d 1 --normalize"
	$bin/folded2tsv "$out/base.txt" "$out/new.txt" |
	    $bin/tsvflame -d 1 --normalize >"$out/svg" || bad "tsvflame --normalize"
	grep -q 'base 150' "$out/svg" || bad "tsvflame's root base is not scaled"
	$bin/folded2tsv "$out/new.txt" | $bin/tsv2folded --normalize \
	    >/dev/null 2>&1
	test $? -eq 2 || bad "--normalize without -d is not a usage error"
}

# Collapsed stacks saved as UTF-16 (Windows PowerShell's >), little- or
# big-endian with their byte-order mark, read as the UTF-8 file is, by
# folded2tsv and through the door (speedscope's sample files).
t_folded_utf16() {
	d=tests/data/folded/utf16
	$bin/folded2tsv <$d/simple.txt | $bin/tsv2folded >"$out/want"
	for f in simple-utf16-le.txt simple-utf16-be.txt; do
		$bin/folded2tsv <$d/$f | $bin/tsv2folded >"$out/got"
		same "$out/want" "$f"
		$bin/tsv2folded $d/$f >"$out/got"
		same "$out/want" "tsv2folded $f"
	done
	# a lone surrogate: U+FFFD, as a browser shows it
	printf '\377\376a\000\000\330 \0001\000\n\000' | $bin/folded2tsv |
	    $bin/tsv2folded >"$out/got"
	printf 'a\357\277\275 1\n' >"$out/want"
	same "$out/want" "UTF-16 that is not well formed"
}

# Pyroscope's lines format (folded2tsv --lines, issue 57): a stack a line,
# a sample each; read back as collapsed stacks, the counts are those of
# sort | uniq -c of the lines. Without --lines such a file is refused.
t_folded_lines() {
	printf '%s\n' 'main;work;spin' 'main;io' 'main;work;spin' 'main;work' \
	    'main;work;spin' 'main;io' 'a b;c 12' >"$out/l.txt"
	$bin/folded2tsv --lines "$out/l.txt" >"$out/s.tsv" || { bad "exit $?"; return; }
	$bin/tsvvalidate "$out/s.tsv" || bad "not valid"
	$bin/tsv2folded "$out/s.tsv" | LC_ALL=C sort >"$out/got"
	LC_ALL=C sort "$out/l.txt" | uniq -c |
	    awk '{ n = $1; sub(/^ *[0-9]+ /, ""); print $0 " " n }' |
	    LC_ALL=C sort >"$out/want"
	same_lines want got "the lines counted"
	$bin/folded2tsv "$out/l.txt" >/dev/null 2>&1 && bad "read without --lines"
	return 0
}
