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
