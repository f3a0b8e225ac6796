# validate: tsvvalidate and the stream reader under it.

# Every stream in tests/validate has its exact messages and exit status in
# NAME.expected.
t_validate_golden() {
	for f in tests/validate/*.tsv; do
		name=$(basename "$f" .tsv)
		(cd tests/validate && "$bin/tsvvalidate" "$name.tsv" 2>&1 >/dev/null
		    echo "exit $?") >"$out/got"
		same "tests/validate/$name.expected" "tsvvalidate $name"
	done
}

# The reader finds tabs, escapes and CRs eight bytes at a time: an escape
# or a CR at each offset of a 21-byte field is found.
t_validate_escape_offsets() {
	$bin/rprof2tsv tests/data/rprof/r-4.2/plain.out >"$out/plain.tsv"
	for k in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		a=$(printf '%*s' $k '' | tr ' ' a)
		b=$(printf '%*s' $((20 - k)) '' | tr ' ' b)
		awk -F'\t' -v OFS='\t' -v n="$a\\\\t$b" '$1 == "functions" &&
		    $2 == 1 { $3 = n; $4 = n } { print }' "$out/plain.tsv" \
		    >"$out/esc.tsv"
		[ "$($bin/tsvcombine "$out/esc.tsv" | awk -F'\t' '
		    $1 == "functions" && $2 == 1 { print $3 }')" = "$a\\t$b" ] ||
		    bad "an escape at offset $k"
		awk -F'\t' -v OFS='\t' -v n="$a$(printf '\r')$b" '
		    $1 == "functions" && $2 == 1 { $3 = n } { print }' \
		    "$out/plain.tsv" >"$out/esc.tsv"
		$bin/tsvvalidate "$out/esc.tsv" 2>&1 | grep -q "CR in line" ||
		    bad "a CR at offset $k"
	done
}

# Plain rows are read in one pass, the others (escapes, NA, extension
# columns in another order) by the general path: both read the same. An
# escaped first character ("\a" is "a"; not t, n or r) sends every row to
# the general path; swapping .is_folded and .inlined sends locations.
t_validate_two_paths() {
	for f in tests/data/pprof/pprofutils/labelframes.in.pprof "$R_MEM"; do
		$bin/$(converter "$f") "$f" >"$out/plain.tsv"
		$bin/tsvcombine "$out/plain.tsv" >"$out/want.tsv" ||
		    bad "tsvcombine $f"
		awk -F'\t' -v OFS='\t' 'NR > 2 && $1 !~ /^#/ {
		    for (i = 2; i <= NF; i++) if ($i ~ /^[A-Za-z0-9]/ &&
		    $i !~ /^[tnr]/ && $i != "NA") $i = "\\" $i } { print }' \
		    "$out/plain.tsv" >"$out/general.tsv"
		$bin/tsvcombine "$out/general.tsv" | cmp -s - "$out/want.tsv" ||
		    bad "escaped fields of $f read otherwise"
		awk -F'\t' -v OFS='\t' '($1 == "#locations" ||
		    $1 == "locations") && NF >= 9 { t = $7; $7 = $8; $8 = t }
		    { print }' "$out/plain.tsv" >"$out/general.tsv"
		$bin/tsvcombine "$out/general.tsv" | cmp -s - "$out/want.tsv" ||
		    bad "columns of $f in another order read otherwise"
	done
}

# Every row a converter writes is one the readers take (audit B5): a
# function name of 10 MB (a row of 20 MB with its system name: past a
# stream's line of 16 MB) in a .cpuprofile, in perf
# script's text and in a folded line is refused by the converter, naming
# the input (and its line where it reads by lines), with nothing
# written; a program reading the file directly says the same.
t_validate_rows_fit_a_line() {
	cd "$out" || return
	long() { head -c 10485760 /dev/zero | tr '\0' a; }
	{ printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"children":[2]},{"id":2,"callFrame":{"functionName":"'
	  long; printf '","scriptId":"1","url":"u.js","lineNumber":1,"columnNumber":1}}],"startTime":0,"endTime":10,"samples":[2,2],"timeDeltas":[1,1]}'; } >big.cpuprofile
	{ printf 'prog 1234/1234 [000] 12345.678901:     250000 cpu-clock:\n\t    ffff '
	  long; printf '+0x1 (/x)\n\n'; } >big.perf
	{ printf 'main;'; long; printf ' 5\n'; } >big.folded
	for c in "cpuprofile2tsv big.cpuprofile" "perf2tsv big.perf" \
	    "folded2tsv big.folded" "tsvtop big.cpuprofile" "tsvvalidate big.perf"; do
		$bin/$c >x 2>err
		echo "$c: exit $? $(wc -c <x | tr -d ' ') bytes: $(cat err)"
	done >got
	cat >want <<'EOT'
cpuprofile2tsv big.cpuprofile: exit 1 0 bytes: cpuprofile2tsv: big.cpuprofile: a row of functions of 20971524 bytes or more, past the 16777216 bytes a line of the stream holds (a name of 10485760 bytes)
perf2tsv big.perf: exit 1 0 bytes: perf2tsv: big.perf:2: a row of functions of 20971520 bytes or more, past the 16777216 bytes a line of the stream holds (a name of 10485760 bytes)
folded2tsv big.folded: exit 1 0 bytes: folded2tsv: big.folded:1: a row of functions of 20971520 bytes or more, past the 16777216 bytes a line of the stream holds (a name of 10485760 bytes)
tsvtop big.cpuprofile: exit 1 0 bytes: tsvtop: big.cpuprofile: a row of functions of 20971524 bytes or more, past the 16777216 bytes a line of the stream holds (a name of 10485760 bytes)
tsvvalidate big.perf: exit 1 0 bytes: tsvvalidate: big.perf:2: a row of functions of 20971520 bytes or more, past the 16777216 bytes a line of the stream holds (a name of 10485760 bytes)
EOT
	cd "$top" || return
	same "$out/want" "rows past a line refused"
}

# Samples sealed behind the window (the validator's memory flat with
# samples, issue 55) are still judged whole: a row at the end for the
# first of 20,000 samples finds its type twice, its depth twice, its id
# defined; a new type or the next depth is valid.
t_validate_sealed_samples() {
	{ echo 'sample.interval=20000'; yes '"f" "g" "h" ' | head -n 20000; } |
	    $bin/rprof2tsv >"$out/s.tsv"
	i=0
	for extra in 'sample_values	1	x	count	5' \
	    'sample_values	1	samples	count	1' 'sample_locations	1	1	1' \
	    'samples	2	1' 'sample_locations	19000	4	1'; do
		i=$((i + 1))
		{ cat "$out/s.tsv"; printf '%s\n' "$extra"; } >"$out/t$i.tsv"
		(cd "$out" && $bin/tsvvalidate "t$i.tsv"; echo "exit $?") 2>&1
	done >"$out/got"
	cat >"$out/want" <<'EOT'
exit 0
tsvvalidate: t2.tsv:100021: sample_values.type: sample 1 has type 'samples' twice
exit 1
tsvvalidate: t3.tsv:21: samples.sample_id: sample 1: its depths are not 1..3 (4 rows)
exit 1
tsvvalidate: t4.tsv:100021: samples.sample_id: duplicate id 2 (first at line 26)
exit 1
exit 0
EOT
	same_lines want got "rows for sealed samples"
	# a file that cannot be written (a size limit, a full disk): the
	# samples stay in memory, the answer the same
	(cd "$out" && ulimit -f 8 && trap '' XFSZ &&
	    $bin/tsvvalidate t2.tsv; echo "exit $?") >"$out/got" 2>&1
	sed -n 2,3p "$out/want" >"$out/want2"
	same_lines want2 got "with no file to seal to"
}
