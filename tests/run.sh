#!/bin/sh
# run.sh: the golden and corpus tests of the filters, run from a clone with
# the programs built. Prints each failure and "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
top=$(pwd)
# the programs: these, or wrappers (BIN=dir; .ci/run runs them in valgrind)
bin=${BIN:-$top}
out=$top/tests/out
# PART=1 runs sections 1-3, PART=2 sections 4-8, each in its own tests/out;
# PART=all both in turn. Unset, both at once, a core each: their failures,
# then the sum.
case ${PART:-} in
1|2) out=$out/part$PART ;;
'')	rm -rf "$out"
	mkdir -p "$out"
	PART=1 sh tests/run.sh >"$out/part1.log" 2>&1 &
	p1=$!
	PART=2 sh tests/run.sh >"$out/part2.log" 2>&1
	wait $p1
	for k in 1 2; do
		grep -q '^[0-9]* passed, [0-9]* failed$' "$out/part$k.log" ||
		    echo "FAIL: run.sh PART=$k ended before its report"
	done | cat - "$out/part1.log" "$out/part2.log" | awk '
	    /^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3; next }
	    /^FAIL: run.sh PART=/ { f++ }
	    { print }
	    END { printf "%d passed, %d failed\n", p, f; exit f > 0 }'
	exit ;;
esac
rm -rf "$out"
mkdir -p "$out"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The corpus-wide loops of the analysis programs take every SUBSET-th
# file (valgrind.sh sets it: every file under valgrind takes too long).
pick() { awk -v n="${SUBSET:-1}" 'n <= 1 || NR % n == 1'; }

# Compares $out/got with file $1 (the expected output) for test $2.
same() {
	if cmp -s "$out/got" "$1"; then ok; else
		bad "$2: output differs from $1"
		diff "$1" "$out/got" | head -10
	fi
}

if [ "$PART" != 2 ]; then	# sections 1-3: not indented
# 1. tsvvalidate: every stream in tests/validate has its exact messages and
#    exit status in NAME.expected.
for f in tests/validate/*.tsv; do
	name=$(basename "$f" .tsv)
	(cd tests/validate && "$bin/tsvvalidate" "$name.tsv" 2>&1 >/dev/null;
	    echo "exit $?") >"$out/got"
	same "tests/validate/$name.expected" "tsvvalidate $name"
done

# The reader finds tabs, escapes and CRs eight bytes at a time: an escape
# or a CR at each offset of a 21-byte field is found.
$bin/rprof2tsv tests/data/rprof/r-4.2/plain.out >"$out/plain.tsv"
good=1
for k in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	a=$(printf '%*s' $k '' | tr ' ' a)
	b=$(printf '%*s' $((20 - k)) '' | tr ' ' b)
	awk -F'\t' -v OFS='\t' -v n="$a\\\\t$b" '$1 == "functions" && $2 == 1 {
	    $3 = n; $4 = n } { print }' "$out/plain.tsv" >"$out/esc.tsv"
	[ "$($bin/tsvcombine "$out/esc.tsv" | awk -F'\t' '$1 == "functions" &&
	    $2 == 1 { print $3 }')" = "$a\\t$b" ] || good=0
	awk -F'\t' -v OFS='\t' -v n="$a$(printf '\r')$b" '$1 == "functions" &&
	    $2 == 1 { $3 = n } { print }' "$out/plain.tsv" >"$out/esc.tsv"
	$bin/tsvvalidate "$out/esc.tsv" 2>&1 | grep -q "CR in line" || good=0
done
[ $good = 1 ] && ok || bad "an escape or a CR at some offset of a field"

# Plain rows are read in one pass, the others (escapes, NA, extension
# columns in another order) by the general path: both read the same. An
# escaped first character ("\a" is "a"; not t, n or r) sends every row
# to the general path; swapping .is_folded and .inlined sends locations.
good=1
for f in tests/data/pprof/pprofutils/labelframes.in.pprof \
    tests/data/rprof/r-4.2/memory-gc-line.out; do
	case $f in
	*.out) $bin/rprof2tsv "$f" ;;
	*) $bin/pprof2tsv "$f" ;;
	esac >"$out/plain.tsv"
	$bin/tsvcombine "$out/plain.tsv" >"$out/want.tsv" || good=0
	awk -F'\t' -v OFS='\t' 'NR > 2 && $1 !~ /^#/ {
	    for (i = 2; i <= NF; i++) if ($i ~ /^[A-Za-z0-9]/ &&
	    $i !~ /^[tnr]/ && $i != "NA") $i = "\\" $i } { print }' \
	    "$out/plain.tsv" >"$out/general.tsv"
	$bin/tsvcombine "$out/general.tsv" | cmp -s - "$out/want.tsv" ||
	    good=0
	awk -F'\t' -v OFS='\t' '($1 == "#locations" || $1 == "locations") &&
	    NF >= 9 { t = $7; $7 = $8; $8 = t } { print }' "$out/plain.tsv" \
	    >"$out/general.tsv"
	$bin/tsvcombine "$out/general.tsv" | cmp -s - "$out/want.tsv" ||
	    good=0
done
[ $good = 1 ] && ok || bad "the one-pass and the general paths of the reader"

# 2. Rprof files: each converts and validates; those R >= 3.0 wrote
#    (quoted names, LF or CRLF) come back byte for byte; some have an
#    exact expected stream.
for f in $(find tests/data/rprof -type f \( -name '*.out' -o -name '*.prof' \) | sort); do
	if ! $bin/rprof2tsv "$f" >"$out/s.tsv" 2>"$out/err"; then
		bad "rprof2tsv $f: $(cat "$out/err")"; continue
	fi
	ok
	if $bin/tsvvalidate "$out/s.tsv"; then ok; else bad "tsvvalidate of $f"; fi
	if grep -q '"' "$f" &&
	    [ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] &&
	    [ "${f##*/}" != incomplete.out ]; then
		if $bin/tsv2rprof "$out/s.tsv" 2>/dev/null | cmp -s - "$f"; then ok; else
			bad "round trip of $f"; fi
	fi
done
# R on Windows writes CRLF: kept in rprof.line_ending, written back (W3)
sed 's/$/\r/' tests/data/rprof/r-4.2/memory-gc-line.out >"$out/crlf.out"
if $bin/rprof2tsv "$out/crlf.out" >"$out/crlf.tsv" &&
    grep -q '^\.source_attributes	1	rprof\.line_ending	crlf$' "$out/crlf.tsv" &&
    $bin/tsv2rprof "$out/crlf.tsv" | cmp -s - "$out/crlf.out"; then ok; else
	bad "a CRLF Rprof file, back byte for byte"; fi
for exp in tests/rprof/*.expected; do
	name=$(basename "$exp" .expected)
	src=$(cat "tests/rprof/$name.source")
	(cd tests/data/rprof && "$bin/rprof2tsv" "$src" 2>&1; echo "exit $?") \
	    >"$out/got"
	same "$exp" "rprof2tsv $src"
done
# tsv2rprof: streams with an exact expected Rprof text in NAME.rprof
for f in tests/rprof/*.tsv; do
	$bin/tsv2rprof "$f" >"$out/got" 2>&1
	same "${f%.tsv}.rprof" "tsv2rprof $f"
done

# tsv2rprof: what each line stands for (-t; a time divided by the
# interval), a source without samples refused, with no -o file left;
# -s writes chosen sources, and differing headers are warned of
$bin/tsv2rprof -t cpu -i 20000 tests/rprof/count-fraction.tsv >"$out/got" 2>&1
same tests/rprof/count-fraction.cpu.rprof "tsv2rprof -t cpu"
$bin/pprof2tsv tests/data/pprof/go-1.19/go.heap.pb.gz >"$out/heap.tsv"
$bin/tsv2rprof -o "$out/heap.out" "$out/heap.tsv" 2>"$out/err"
if [ $? = 1 ] && [ ! -e "$out/heap.out" ] &&
    grep -q "no 'samples' value .*alloc_objects.*choose one with -t" "$out/err"; then ok
else bad "tsv2rprof of a heap profile: $(cat "$out/err")"; fi
$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz >"$out/cpu.tsv"
if [ "$($bin/tsv2rprof -t cpu "$out/cpu.tsv" | md5sum)" = \
    "$($bin/tsv2rprof "$out/cpu.tsv" | md5sum)" ]; then ok
else bad "tsv2rprof -t cpu of Go's CPU profile differs from its samples"; fi
$bin/rprof2tsv tests/data/rprof/r-4.2/plain.out tests/data/rprof/r-4.2/memory.out \
    >"$out/two.tsv"
$bin/tsv2rprof "$out/two.tsv" 2>&1 >/dev/null | grep -q "headers differ (memory profiling)" &&
    ok || bad "tsv2rprof: no warning of differing headers"
$bin/tsv2rprof -s 2 "$out/two.tsv" >"$out/got" 2>"$out/err"
if cmp -s "$out/got" tests/data/rprof/r-4.2/memory.out && [ ! -s "$out/err" ]; then ok
else bad "tsv2rprof -s 2 does not give memory.out back alone"; fi
# tsv2pprof opens an R profile on its samples, not its last type
$bin/rprof2tsv tests/data/rprof/r-4.2/memory.out | $bin/tsv2pprof -u | $bin/pprof2tsv |
    grep -q "^\.source_attributes	1	pprof.default_sample_type	samples$" &&
    ok || bad "tsv2pprof of an R profile: default_sample_type is not samples"

# rprof2tsv parses a repeated line once: the same text in a new session
# (whose #File 1 is another file) or after a #File line that makes 1
# another file is other frames (one that repeats what 1 is changes
# nothing), and a cut-off line repeated is counted each time.
printf 'line profiling: sample.interval=20000\n#File 1: a.R\n1#2 "f" "g" \n1#2 "f" "g" \n"f" "g" "h\n"f" "g" "h\n#File 1: a.R\n1#2 "f" "g" \n#File 1: c.R\n1#2 "f" "g" \nline profiling: sample.interval=20000\n#File 1: b.R\n1#2 "f" "g" \n' \
    >"$out/repeat.out"
$bin/rprof2tsv "$out/repeat.out" 2>"$out/err" |
    awk -F'\t' '$1 == "functions" { f[$2] = $3 "@" $5 }
	$1 == "locations" { l[$2] = f[$3] ":" $4 }
	$1 == "sample_locations" { s[$2] = s[$2] " " l[$4] }
	END { for (i = 1; i in s; i++) print i s[i] }' >"$out/got"
printf '1 f@a.R:2 g@:0\n2 f@a.R:2 g@:0\n3 f@:0 g@:0\n4 f@:0 g@:0\n5 f@a.R:2 g@:0\n6 f@c.R:2 g@:0\n7 f@b.R:2 g@:0\n' \
    >"$out/want"
same "$out/want" "rprof2tsv: a repeated line"
grep -q "2 frames cut off by the end of a line dropped (lines 5, 6)" "$out/err" &&
    ok || bad "rprof2tsv: a repeated cut-off line is not counted twice"

# 3. Against R's own summaryRprof tables (corpus r-4.2): self and total
#    sample counts per function computed from the stream with awk.
#    append.out is left out: summaryRprof handles only the first header, so
#    the #File lines and refs of later sessions come out as function names.
for f in tests/data/rprof/r-4.2/*.out; do
	base=${f%.out}
	[ "${f##*/}" = append.out ] && continue
	$bin/rprof2tsv "$f" | $bin/tsvtop |
	    awk -F'\t' 'NR > 1 { print $1 "\t" $2 "\t" $4 }' >"$out/ours"
	iv=$(head -n 1 "$f" | sed 's/.*sample.interval=//')
	for kind in self total; do
		# the summaryRprof table's columns are named in its header
		# (which lacks the row-name column); interval of the first header
		awk -F'\t' -v want=$kind.time -v iv="$iv" '
		    NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i + 1; next }
		    { n = $1; gsub(/"/, "", n); k = int($c / (iv / 1e6) + 0.5)
		      if (k > 0) printf "%s\t%d\n", n, k }' \
		    "$base.by-$kind.tsv" | sort >"$out/r.$kind"
		col=2; [ $kind = total ] && col=3
		# summaryRprof splits names with spaces apart: leave out those
		# names from ours, and their words from R's
		awk -F'\t' -v c=$col '$c > 0 && $1 !~ / / { print $1 "\t" $c }' \
		    "$out/ours" | sort >"$out/o.$kind"
		awk -F'\t' 'FNR == NR { if ($1 ~ / /) { n = split($1, w, " ")
		    for (i = 1; i <= n; i++) skip[w[i]] = 1 }; next }
		    !($1 in skip)' "$out/ours" "$out/r.$kind" >"$out/r2.$kind"
		if cmp -s "$out/r2.$kind" "$out/o.$kind"; then ok; else
			bad "$kind counts of $f differ from summaryRprof's"
			diff "$out/r2.$kind" "$out/o.$kind" | head -5
		fi
	done
done

# 3b. Memory: summaryRprof(memory = "both")'s mem.total per function, from
#     the stream's vsize.small, vsize.large and nodes values.
for b in memory memory-line memory-gc-line; do
	f=tests/data/rprof/r-4.2/$b
	$bin/rprof2tsv "$f.out" | $bin/tsvtop -m |
	    awk -F'\t' 'NR > 1 { print $1 "\t" $6 }' >"$out/all.mem"
	awk -F'\t' '$1 !~ / /' "$out/all.mem" | sort >"$out/o.mem"
	awk -F'\t' 'FNR == NR { if ($1 ~ / /) { n = split($1, w, " ")
	    for (i = 1; i <= n; i++) skip[w[i]] = 1 }; next }
	    FNR == 1 { for (i = 1; i <= NF; i++) if ($i == "mem.total") c = i + 1
	    next }
	    { n = $1; gsub(/"/, "", n); if (!(n in skip)) printf "%s\t%.1f\n", n, $c }' \
	    "$out/all.mem" "$f.by-total.tsv" | sort >"$out/r.mem"
	if cmp -s "$out/r.mem" "$out/o.mem"; then ok; else
		bad "mem.total of $f.out differs from summaryRprof's"
		diff "$out/r.mem" "$out/o.mem" | head -5
	fi
done

# 3b'. tsvtop against the awk recipes (an independent reader of the
#      stream) on every corpus profile, for each of its value types, by
#      self and by total, and with -m.
for f in $( (find tests/data/rprof -type f \( -name '*.out' -o -name '*.prof' \) | sort
    find tests/data/pprof -type f | sort) | pick); do
	case $f in *.out|*.prof) conv=rprof2tsv ;; *) conv=pprof2tsv ;; esac
	$bin/$conv "$f" >"$out/t.tsv" 2>/dev/null || continue
	for type in $(awk -F'\t' '$1 == "sample_values" && !($3 in s) { s[$3]
	    print $3 }' "$out/t.tsv"); do
		awk -v type="$type" -f tests/selftotal.awk "$out/t.tsv" |
		    awk -F'\t' '{ printf "%s\t%.17g\t%.17g\n", $1, $2, $3 }' |
		    sort >"$out/awk.top"
		for c in "" -c; do
			$bin/tsvtop $c -t "$type" "$out/t.tsv" |
			    awk -F'\t' 'NR > 1 { printf "%s\t%.17g\t%.17g\n",
			    $1, $2, $4 }' | sort >"$out/our.top"
			if cmp -s "$out/awk.top" "$out/our.top"; then ok; else
				bad "tsvtop $c -t $type $f differs from selftotal.awk"
				diff "$out/awk.top" "$out/our.top" | head -5
			fi
		done
	done
	if grep -q '^sample_values	[0-9]*	vsize.small' "$out/t.tsv"; then
		awk -f tests/memtotal.awk "$out/t.tsv" | sort >"$out/awk.mem"
		$bin/tsvtop -m "$out/t.tsv" | awk -F'\t' 'NR > 1 {
		    print $1 "\t" $6 }' | sort >"$out/our.mem"
		if cmp -s "$out/awk.mem" "$out/our.mem"; then ok; else
			bad "tsvtop -m $f differs from memtotal.awk"
			diff "$out/awk.mem" "$out/our.mem" | head -5
		fi
	fi
done
# exact output: sorted by self, ties by name; -c, -l, -n, -s, -t
for a in "" "-c" "-l -n 5" "-s 2,4 -t vsize.large -n 4" "-s 3 -n 3" "-m -n 3"; do
	$bin/tsvtop $a tests/data/rprof/r-4.2/append.out >/dev/null 2>&1 &&
	    bad "tsvtop read Rprof text"
	$bin/rprof2tsv tests/data/rprof/r-4.2/append.out tests/data/rprof/r-4.2/memory-line.out |
	    $bin/tsvtop $a >"$out/got" 2>&1
	same "tests/top/append-memory-line${a:+.$(echo "$a" | tr -d ' -')}.expected" "tsvtop $a"
done

# 3b''. Collapsed stacks: on every corpus profile, tsv2folded | folded2tsv
#       | tsv2folded gives the same text, and the folded text's own
#       per-function self and total (awk) are tsvtop's; real collapsed
#       stacks (stackcollapse-perf.pl's) come back sorted, equal stacks
#       summed; exact output of each option.
folded_top() {	# self and total per frame name, from collapsed stacks
	awk '{ v = $NF; s = $0; sub(/ [^ ]*$/, "", s); n = split(s, f, ";")
	    self[f[n]] += v; split("", seen)
	    for (i = 1; i <= n; i++) if (!(f[i] in seen)) {
		seen[f[i]]; total[f[i]] += v } }
	    END { for (k in total) printf "%s\t%.17g\t%.17g\n", k, self[k], total[k] }' |
	    sort
}
for f in $( (find tests/data/rprof -type f \( -name '*.out' -o -name '*.prof' \) | sort
    find tests/data/pprof -type f | sort) | pick); do
	case $f in *.out|*.prof) conv=rprof2tsv ;; *) conv=pprof2tsv ;; esac
	$bin/$conv "$f" >"$out/t.tsv" 2>/dev/null || continue
	$bin/tsv2folded "$out/t.tsv" >"$out/a.folded" 2>/dev/null ||
	    { bad "tsv2folded $f"; continue; }
	[ -s "$out/a.folded" ] || continue	# no samples or no frames
	$bin/folded2tsv "$out/a.folded" | $bin/tsv2folded >"$out/b.folded"
	if cmp -s "$out/a.folded" "$out/b.folded"; then ok; else
		bad "tsv2folded | folded2tsv | tsv2folded of $f"; fi
	# names with ';' or a newline are changed by design: none here
	folded_top <"$out/a.folded" >"$out/f.top"
	$bin/tsvtop "$out/t.tsv" | awk -F'\t' 'NR > 1 && $4 != 0 {
	    printf "%s\t%.17g\t%.17g\n", $1, $2, $4 }' | sort >"$out/t.top"
	if cmp -s "$out/f.top" "$out/t.top"; then ok; else
		bad "tsv2folded of $f: per-function figures differ from tsvtop's"
		diff "$out/f.top" "$out/t.top" | head -4
	fi
done
for f in tests/data/folded/*.txt; do
	if $bin/folded2tsv "$f" | tee "$out/f.tsv" | $bin/tsvvalidate; then ok; else
		bad "folded2tsv $f"; fi
	awk '{ v = $NF; s = $0; sub(/ [^ ]*$/, "", s); t[s] += v }
	    END { for (s in t) print s " " t[s] }' "$f" | LC_ALL=C sort >"$out/want"
	$bin/tsv2folded "$out/f.tsv" >"$out/got"
	same "$out/want" "folded2tsv | tsv2folded of $f"
done
f=tests/data/rprof/r-4.2/append.out
for a in "" "-l" "-d 2" "-s 3" "-t samples -s 1,2"; do
	$bin/rprof2tsv "$f" | $bin/tsv2folded $a >"$out/got" 2>&1
	same "tests/folded/append${a:+.$(echo "$a" | tr -d ' ,-')}.expected" "tsv2folded $a"
done
$bin/tsv2folded -d 2 tests/folded/append.d2.expected >/dev/null 2>&1 &&
    bad "tsv2folded read collapsed stacks as a stream"
$bin/folded2tsv tests/folded/append.d2.expected | $bin/tsv2folded -d 1 >"$out/got"
same tests/folded/append.d2.expected "folded2tsv of the two-valued form"
for c in "a;b 1|c" "a;b x" "a;b -1" "1 2|x 3"; do
	printf '%s\n' "$c" | tr '|' '\n' | $bin/folded2tsv >/dev/null 2>"$out/err"
	echo "$c: exit $?: $(cat "$out/err")"
done >"$out/got"
same tests/folded/bad.expected "folded2tsv on bad lines"

# 3d. tsvfocus: exact streams for each filter on a stream with an inlined
#     run (google/pprof itself judges it in make interop), each valid; a
#     stream on standard input, read twice, is spooled; bad regular
#     expressions are usage errors.
for a in tests/focus/*.args; do
	$bin/tsvfocus $(cat "$a") tests/focus/inlined.tsv >"$out/got" 2>&1
	same "${a%.args}.expected" "tsvfocus $(cat "$a")"
	if $bin/tsvfocus $(cat "$a") tests/focus/inlined.tsv | $bin/tsvvalidate; then
		ok; else bad "tsvfocus $(cat "$a") wrote an invalid stream"; fi
done
$bin/tsvfocus -f inl <tests/focus/inlined.tsv >"$out/got" 2>&1
same tests/focus/inlined.2.expected "tsvfocus -f inl on standard input"
$bin/tsvfocus -f '(' tests/focus/inlined.tsv >/dev/null 2>&1
if [ $? = 2 ]; then ok; else bad "tsvfocus -f '(' is not a usage error"; fi
$bin/rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out >"$out/m.tsv"
$bin/tsvfocus -f 'df_work' "$out/m.tsv" | $bin/tsvtop -c >"$out/got"
$bin/tsvtop "$out/m.tsv" | awk -F'\t' '$1 == "df_work" { print $4 }' >"$out/want"
if [ "$(awk -F'\t' '$1 == "df_work" { print $4 }' "$out/got")" = "$(cat "$out/want")" ] &&
    [ "$(awk -F'\t' 'NR == 2 { print $4 }' "$out/got")" = "$(cat "$out/want")" ]; then ok
else bad "tsvfocus -f df_work: the total is not df_work's total"; fi

# 3e. tsvflame: well-formed SVG (xmllint) for every corpus profile; at
#     -m 0 each box's width is its value's share to 0.01 px, the root's
#     value is the sum tsvtop divides by, and each name that never
#     recurses has tsvtop's total; names with <, &, quotes, control and
#     non-UTF-8 bytes come out escaped; one exact SVG.
flame_check() {	# SVG, stream: widths, root and totals against tsvtop
	awk 'BEGIN { RS = "<g class=\"f\" " }
	    NR > 1 { match($0, /data-v="[^"]*"/); v = substr($0, RSTART + 8, RLENGTH - 9)
		match($0, /width="[^"]*"/); w = substr($0, RSTART + 7, RLENGTH - 8)
		match($0, /<title>[^\n]*/); n = substr($0, RSTART + 7, RLENGTH - 7)
		if (NR == 2) { root = v; scale = (1200 - 20) / v; print "root\t" v; next }
		d = w - v * scale; if (d < 0) d = -d
		if (d > 0.01) print "bad width\t" n "\t" w "\t" v * scale
		sum[n] += v }
	    END { for (n in sum) printf "%s\t%.17g\n", n, sum[n] }' "$1" | sort >"$out/svg.sums"
	$bin/tsv2folded "$2" | awk '{ s = $0; sub(/ [^ ]*$/, "", s); n = split(s, f, ";")
	    split("", seen); for (i = 1; i <= n; i++) { if (f[i] in seen) rec[f[i]]; seen[f[i]] } }
	    END { for (r in rec) print r }' >"$out/recursive"
	# the root: every sample's value, empty stacks included (tsvtop's
	# type: samples, else the first)
	awk -F'\t' '$1 == "sample_values" { if (!($3 in v)) t[++n] = $3; v[$3] += $5 }
	    END { k = ("samples" in v) ? "samples" : t[1]
		printf "root\t%.17g\n", v[k] }' "$2" >"$out/top.sums"
	$bin/tsvtop "$2" | awk -F'\t' 'NR > 1 { printf "%s\t%.17g\n", $1, $4 }' \
	    >>"$out/top.sums"
	sort -o "$out/top.sums" "$out/top.sums"
	awk -F'\t' 'FNR == NR { rec[$1]; next } $1 == "bad width" { print; next }
	    !($1 in rec) && $1 !~ /[&<>"\\]/ && $2 != 0' "$out/recursive" "$out/svg.sums" >"$out/a"
	awk -F'\t' 'FNR == NR { rec[$1]; next } !($1 in rec) && $1 !~ /[&<>"\\]/ &&
	    $2 != 0' "$out/recursive" "$out/top.sums" >"$out/b"
	cmp -s "$out/a" "$out/b"
}
for f in $( (find tests/data/rprof/r-4.2 tests/data/rprof/wild -type f -name '*.out' | sort | head -30
    find tests/data/pprof -type f | sort) | pick); do
	case $f in *.out) conv=rprof2tsv ;; *) conv=pprof2tsv ;; esac
	$bin/$conv "$f" >"$out/t.tsv" 2>/dev/null || continue
	grep -q '^sample_values' "$out/t.tsv" || continue
	if $bin/tsvflame -m 0 "$out/t.tsv" >"$out/t.svg" && xmllint --noout "$out/t.svg"; then
		ok; else bad "tsvflame $f: not well-formed SVG"; continue; fi
	if flame_check "$out/t.svg" "$out/t.tsv"; then ok; else
		bad "tsvflame -m 0 $f: widths or totals differ from tsvtop's"
		diff "$out/a" "$out/b" | head -4
	fi
done
$bin/tsvflame -m 0 tests/flame/names.tsv >"$out/got"
same tests/flame/names.svg "tsvflame of names to escape"
if xmllint --noout "$out/got"; then ok; else bad "tsvflame names.tsv is not XML"; fi
for a in -i "-d 1" -L "-w 600 -m 5 -T title" "-t nodes"; do
	$bin/rprof2tsv tests/data/rprof/r-4.2/append.out tests/data/rprof/r-4.2/memory.out |
	    $bin/tsvflame $a >"$out/got" 2>"$out/err" && xmllint --noout "$out/got" ||
	    bad "tsvflame $a: $(cat "$out/err")"
done
# the README's picture is what make doc writes, not edited by hand
$bin/rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out |
    $bin/tsvflame -T 'R workload.R: samples (memory-gc-line.out)' >"$out/got"
same doc/flame.svg "doc/flame.svg (make doc)"
# a big profile stays small: frames narrower than 0.1 px are left out
$bin/pprof2tsv tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu |
    $bin/tsvflame | wc -c | awk '{ exit !($1 < 4000000) }' && ok ||
    bad "tsvflame of large.cpu is more than 4 MB"

# 3f. tsv2sql: SQLite (tests/sql.sh); an invalid stream is refused before
#     any SQL, with the validator's message; a 1.0 stream loads as 2.0.
command -v sqlite3 >/dev/null 2>&1 || sh tools/deps.sh test
dialect=sqlite
db_reset() { rm -f "$out/test.db"; }
db_load() { sqlite3 -bail "$out/test.db" <"$1" >/dev/null; }
db_query() { sqlite3 -separator '|' "$out/test.db" <"$1"; }
. tests/sql.sh
$bin/tsv2sql tests/validate/bad-missing-depth.tsv >"$out/got" 2>"$out/err"
rc=$?
want=$($bin/tsvvalidate tests/validate/bad-missing-depth.tsv 2>&1 | head -n 1 | sed 's/^tsvvalidate: //')
if [ $rc = 1 ] && [ ! -s "$out/got" ] && grep -qF "tsv2sql: $want" "$out/err"
then ok; else bad "tsv2sql of an invalid stream: $(cat "$out/err")"; fi
# tsv2sql(1) shows the queries the tests run, as they are
for q in self-total by-line by-source memory over-time; do
	tr '\n' '\001' <tests/sql/$q.sql >"$out/q1"
	tr '\n' '\001' <man/tsv2sql.1 >"$out/m1"
	grep -qF -e "$(cat "$out/q1")" "$out/m1" && ok || bad "tsv2sql(1) lacks tests/sql/$q.sql"
done
db_reset
$bin/tsv2sql tests/validate/ok-v1.tsv >"$out/v1.sql" && db_load "$out/v1.sql" &&
    [ "$(echo 'SELECT source_type FROM sources;' >"$out/q.sql"; db_query "$out/q.sql")" = manual ] &&
    ok || bad "tsv2sql of a 1.0 stream"

# 3c. tsv2pprof's alloc_space: the same increments, summed over samples.
for b in memory memory-gc-line; do
	f=tests/data/rprof/r-4.2/$b.out
	want=$($bin/rprof2tsv "$f" | awk -F'\t' '$1 == "samples" { src[$2] = $3 }
	    $1 == "sample_values" && ($3 == "vsize.small" || $3 == "vsize.large" ||
	    $3 == "nodes") { k = src[$2] SUBSEP $3
		if ((k in prev) && $5 > prev[k]) t += $5 - prev[k]; prev[k] = $5 }
	    END { printf "%.0f\n", t }')
	got=$($bin/rprof2tsv "$f" | $bin/tsv2pprof -u | $bin/pprof2tsv |
	    awk -F'\t' '$1 == "sample_values" && $3 == "alloc_space" { t += $5 }
	    END { printf "%.0f\n", t }')
	if [ "$want" = "$got" ] && [ "$want" != 0 ]; then ok; else
		bad "alloc_space of $f: $got, not $want"; fi
done

fi	# sections 1-3
if [ "$PART" != 1 ]; then	# sections 4-8: not indented
# 4. Out-of-order streams are read again from the file, and give the same.
f=tests/data/rprof/r-4.2/memory-gc-line.out
$bin/rprof2tsv "$f" >"$out/a.tsv"
(head -n 2 "$out/a.tsv"; tail -n +3 "$out/a.tsv" | grep '^#';
    tail -n +3 "$out/a.tsv" | grep -v '^#' | sort -r) >"$out/rev.tsv"
if $bin/tsvvalidate "$out/rev.tsv" && $bin/tsv2rprof "$out/rev.tsv" | cmp -s - "$f"
then ok; else bad "tsv2rprof of a stream in reverse order"; fi
# a broken reference in any order: the validator's message, naming the
# row (F14: the row's line was lost when the stream was read whole)
b=tests/validate/bad-fk-location.tsv
(head -n 2 "$b"; tail -n +3 "$b" | grep '^#'; tail -n +3 "$b" |
    grep -v '^#' | sort -r) >"$out/rev-fk.tsv"
$bin/tsvvalidate "$out/rev-fk.tsv" 2>&1 | sed 's/^tsvvalidate: //' >"$out/want"
for p in tsvtop tsv2rprof tsv2pprof tsvcombine tsvfocus tsv2folded; do
	$bin/$p "$out/rev-fk.tsv" 2>&1 >/dev/null | sed "s/^$p: //" >"$out/got"
	if grep -q ':12: sample_locations.location_id' "$out/want" &&
	    cmp -s "$out/want" "$out/got"; then ok; else
		bad "$p of a reordered broken stream: $(cat "$out/got")"; fi
done
# from a pipe too: a copy is kept as it is read
if cat "$out/rev.tsv" | $bin/tsv2rprof | cmp -s - "$f"; then ok; else
	bad "tsv2rprof of a stream in reverse order from a pipe"; fi

# 4b. pprof: every protobuf profile converts and validates; every legacy
#     one gives its exact stream (google/pprof's reading of each is checked
#     in make interop) or, as google/pprof does, refuses; so does the
#     empty file, with its exact message; one exact stream.
(cd tests/data/pprof && tail -n +2 KINDS.tsv |
    while IFS="$(printf '\t')" read -r rel kind; do
	case $kind in protobuf*) continue ;; esac
	"$bin/pprof2tsv" "$rel" 2>"$out/err" >"$out/legacy.tsv"; rc=$?
	want=$top/tests/pprof/legacy/$(echo "$rel" | tr / _).tsv
	if [ ! -f "$want" ]; then
		printf '%s\t%s (exit %s)\n' "$rel" "$(cat "$out/err")" $rc
	elif [ $rc = 0 ] && cmp -s "$out/legacy.tsv" "$want" &&
	    "$bin/tsvvalidate" "$out/legacy.tsv"; then
		echo "legacy ok" >&3
	else
		echo "legacy FAIL $rel: not $want" >&3
	fi
done) >"$out/got" 3>"$out/legacy.results"
while read -r word result rest; do
	if [ "$result" = ok ]; then ok; else bad "pprof2tsv of the $rest"; fi
done <"$out/legacy.results"
same tests/pprof/refusals.expected "pprof2tsv refusals"
for rel in profile/testdata/cppbench.heap profile/testdata/java.cpu; do
	lf=tests/data/pprof/google-pprof/$rel
	if gzip -c "$lf" | $bin/pprof2tsv >"$out/gz.tsv" &&
	    $bin/pprof2tsv <"$lf" | cmp -s - "$out/gz.tsv"; then ok; else
		bad "pprof2tsv of the legacy $rel, gzip-compressed"; fi
done
# a gzip file is read whole at the size its trailer gives (a hint): two
# members, whose last trailer gives less, and zeros or garbage after
# the member, whose trailer gives nothing or nonsense, read the same
pf=tests/data/pprof/go-1.19/go.cpu.pb.gz
$bin/pprof2tsv "$pf" >"$out/want" 2>&1
gzip -dc "$pf" >"$out/p.pb"
n=$(wc -c <"$out/p.pb")
(head -c $((n / 2)) "$out/p.pb" | gzip -c; tail -c +$((n / 2 + 1)) "$out/p.pb" |
    gzip -c) >"$out/p2.gz"
(cat "$pf"; head -c 100 /dev/zero) >"$out/pz.gz"
(cat "$pf"; printf 'garbage\377\377') >"$out/pg.gz"
for g in p2 pz pg; do
	$bin/pprof2tsv "$out/$g.gz" 2>/dev/null | sed "s|$out/$g.gz|$pf|" >"$out/got"
	same "$out/want" "pprof2tsv of a gzip file ($g): its size from the trailer"
done
for rel in $(tail -n +2 tests/data/pprof/KINDS.tsv | awk '$2 ~ /^protobuf/ { print $1 }'); do
	if $bin/pprof2tsv "tests/data/pprof/$rel" | $bin/tsvvalidate; then ok; else
		bad "pprof2tsv $rel does not validate"; fi
	if $bin/pprof2tsv "tests/data/pprof/$rel" | $bin/tsv2pprof -u | $bin/pprof2tsv |
	    $bin/tsvvalidate; then ok; else bad "tsv2pprof of $rel"; fi
done
(cd tests/data/pprof && "$bin/pprof2tsv" pprofutils/heapage.in.pprof; echo "exit $?") \
    >"$out/got"
same tests/pprof/heapage.expected "pprof2tsv heapage.in.pprof"
# F7/W1/W2: a negative start_line kept, an empty sample type, unit or
# label key written <?> and given back empty (the same stream again after
# tsv2pprof); two types of one name and samples without types refused
# (in the hostile catalogue)
for a in startline-neg emptytype labelkey0 nosamples bigval53; do
	af=tests/data/audit/pprof-$a.pb
	# (tsv2pprof writes the locations samples use: none in nosamples)
	keep=.; [ $a = nosamples ] && keep='^[#.]'
	if $bin/pprof2tsv <"$af" >"$out/audit.tsv" && $bin/tsvvalidate "$out/audit.tsv" &&
	    $bin/tsv2pprof -u "$out/audit.tsv" | $bin/pprof2tsv | grep "$keep" >"$out/back.tsv" &&
	    grep "$keep" "$out/audit.tsv" | cmp -s - "$out/back.tsv"
	then ok; else bad "pprof2tsv | tsv2pprof of $af"; fi
	case $a in
	startline-neg) want='^functions	[0-9]*	.*	-1$' ;;
	emptytype) want='^sample_values	1	<?>	count	' ;;
	labelkey0) want='^\.sample_labels	1	<?>	' ;;
	nosamples) want='^\.source_attributes	1	pprof\.sample_unit	count$' ;;
	bigval53) want='^sample_values	1	samples	count	9007199254740993$' ;;
	esac
	if grep -q "$want" "$out/audit.tsv"; then ok; else bad "$af: no $want"; fi
done
# F8: an empty quoted Rprof name is <?> in the stream and "" again after
af=tests/data/audit/empty-name.out
if $bin/rprof2tsv "$af" >"$out/audit.tsv" && $bin/tsvvalidate "$out/audit.tsv" &&
    grep -q '^functions	1	<?>	<?>	' "$out/audit.tsv" &&
    $bin/tsv2rprof "$out/audit.tsv" | cmp -s - "$af"; then ok; else
	bad "an empty Rprof name"; fi
# F12: values a double cannot hold (2^53 + 1, 2^62) are read, summed and
# written exactly by every program; a sum past 2^63 becomes a double
printf 'main;f 9007199254740993\nmain;f 4611686018427387904\nmain;g 1\n' \
    >"$out/big.txt"
$bin/folded2tsv "$out/big.txt" >"$out/big.tsv"
printf 'function\tself\tself%%\ttotal\ttotal%%\nf\t4620693217682128897\t100.00\t4620693217682128897\t100.00\ng\t1\t0.00\t1\t0.00\nmain\t0\t0.00\t4620693217682128898\t100.00\n' \
    >"$out/want"
$bin/tsvtop "$out/big.tsv" >"$out/got"
same "$out/want" "tsvtop of values past 2^53"
printf 'main;f 4620693217682128897\nmain;g 1\n' >"$out/want"
$bin/tsv2folded "$out/big.tsv" >"$out/got"
same "$out/want" "tsv2folded of values past 2^53"
$bin/tsv2folded "$out/big.tsv" | $bin/folded2tsv | $bin/tsv2folded >"$out/got"
same "$out/want" "tsv2folded | folded2tsv | tsv2folded of values past 2^53"
grep '^sample_values' "$out/big.tsv" | cut -f 5 >"$out/want"
for p in tsvcombine "tsvfocus -f main" "tsv2pprof -n"; do
	case $p in tsv2pprof*) $bin/$p "$out/big.tsv" | $bin/pprof2tsv ;;
	*) $bin/$p "$out/big.tsv" ;; esac | grep '^sample_values' | cut -f 5 >"$out/got"
	same "$out/want" "$p keeps values past 2^53"
done
$bin/tsv2pprof "$out/big.tsv" | $bin/pprof2tsv | grep '^sample_values' | cut -f 5 >"$out/got"
printf '4620693217682128897\n1\n' >"$out/want"
same "$out/want" "tsv2pprof sums values past 2^53 exactly"
printf 'main;f 9223372036854775807\nmain;f 9223372036854775807\n' | $bin/folded2tsv |
    $bin/tsvtop | sed -n 2p | cut -f 2 >"$out/got"
echo 1.8446744073709552e+19 >"$out/want"
same "$out/want" "tsvtop: a sum past 2^63 is a double"
# gzip's fastest level by default, as Go writes (XFL 04), -9 its best
# (XFL 02, no larger); the same profile either way
pf=tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu
$bin/pprof2tsv "$pf" | $bin/tsv2pprof >"$out/l1.pb.gz"
$bin/pprof2tsv "$pf" | $bin/tsv2pprof -9 >"$out/l9.pb.gz"
if [ "$(od -A n -t x1 -j 8 -N 1 "$out/l1.pb.gz")" = " 04" ] &&
    [ "$(od -A n -t x1 -j 8 -N 1 "$out/l9.pb.gz")" = " 02" ] &&
    [ "$(wc -c <"$out/l9.pb.gz")" -le "$(wc -c <"$out/l1.pb.gz")" ] &&
    $bin/pprof2tsv <"$out/l1.pb.gz" >"$out/l1.tsv" &&
    $bin/pprof2tsv <"$out/l9.pb.gz" | cmp -s - "$out/l1.tsv"; then ok; else
	bad "tsv2pprof's compression levels"; fi
if $bin/rprof2tsv "$f" | $bin/tsv2pprof -o "$out/p.pb.gz" &&
    $bin/pprof2tsv "$out/p.pb.gz" | $bin/tsvvalidate; then ok; else
	bad "tsv2pprof -o"; fi

# 5. gzip input, -o, and write errors.
gzip -c "$f" >"$out/f.gz"
if $bin/rprof2tsv "$out/f.gz" | $bin/tsv2rprof | cmp -s - "$f"; then ok; else
	bad "gzip input"; fi
# F15: after a gzip member, another member is read on (as gzip -d does),
# zeros are padding, anything else is ignored with gzip(1)'s warning (once,
# though an out-of-order stream is read twice); a second member that is
# not gzip or is cut short is an error
(gzip -c "$f"; gzip -c "$f") >"$out/two.gz"
$bin/rprof2tsv <"$out/two.gz" >"$out/got"
cat "$f" "$f" | $bin/rprof2tsv >"$out/want"
same "$out/want" "two gzip members"
(cat "$out/f.gz"; head -c 1000 /dev/zero) >"$out/zeros.gz"
(cat "$out/f.gz"; printf 'garbage') >"$out/garbage.gz"
for g in zeros garbage; do
	if $bin/rprof2tsv <"$out/$g.gz" 2>"$out/err" >"$out/got" &&
	    $bin/rprof2tsv <"$f" | cmp -s - "$out/got"; then ok; else
		bad "gzip followed by $g"; fi
	case $g in zeros) : >"$out/want" ;;
	garbage) echo 'rprof2tsv: <stdin>: decompression OK, trailing garbage ignored' >"$out/want" ;;
	esac
	cp "$out/err" "$out/got"; same "$out/want" "rprof2tsv's warning for gzip followed by $g"
done
gzip -c "$out/rev.tsv" >"$out/rev.gz"; printf 'x' >>"$out/rev.gz"
$bin/tsvtop "$out/rev.gz" 2>"$out/got" >/dev/null
echo "tsvtop: $out/rev.gz: decompression OK, trailing garbage ignored" >"$out/want"
same "$out/want" "tsvtop warns once of trailing garbage, reading twice"
(cat "$out/f.gz"; printf '\037\213garbage') >"$out/bad2.gz"
(cat "$out/f.gz"; printf '\037') >"$out/cut2.gz"
for g in bad2 cut2; do
	$bin/rprof2tsv "$out/$g.gz" >/dev/null 2>"$out/got"; echo "exit $?" >>"$out/got"
	case $g in
	bad2) echo "rprof2tsv: $out/bad2.gz: gzip: unknown compression method" ;;
	cut2) echo "rprof2tsv: $out/cut2.gz: gzip: unexpected end of file (the compressed data is cut short)" ;;
	esac >"$out/want"; echo "exit 1" >>"$out/want"
	same "$out/want" "a bad second gzip member ($g)"
done
if $bin/rprof2tsv -o "$out/o.tsv" "$f" && cmp -s "$out/o.tsv" "$out/a.tsv"
then ok; else bad "rprof2tsv -o"; fi
if $bin/rprof2tsv -o "$out/none.tsv" tests/validate/ok-basic.tsv 2>/dev/null ||
    [ -e "$out/none.tsv" ] || ls "$out" | grep -q 'none.tsv.'; then
	bad "a failed rprof2tsv -o left a file"; else ok; fi
# -o on a device or FIFO writes to it and never replaces it
if $bin/rprof2tsv -o /dev/null "$f" && [ -c /dev/null ]; then ok; else
	bad "rprof2tsv -o /dev/null"; fi
rm -f "$out/fifo"
if mkfifo "$out/fifo" 2>/dev/null; then
	(cat "$out/fifo" >"$out/fromfifo" &)
	$bin/rprof2tsv -o "$out/fifo" "$f"
	sleep 1
	if [ -p "$out/fifo" ] && cmp -s "$out/fromfifo" "$out/a.tsv"; then ok
	else bad "rprof2tsv -o FIFO"; fi
fi
if [ -w /dev/full ]; then
	if $bin/rprof2tsv "$f" >/dev/full 2>"$out/err"; then
		bad "write error not reported"
	elif grep -q 'write error' "$out/err"; then ok; else
		bad "write error: $(cat "$out/err")"; fi
fi

# 6. tsvcombine.
a=$out/ca.tsv b=$out/cb.tsv c=$out/cc.tsv
r=tests/data/rprof/r-4.2/memory-gc-line.out
$bin/rprof2tsv "$r" >"$a"
$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz >"$b"
$bin/pprof2tsv tests/data/pprof/pprofutils/heapage.in.pprof >"$c"
if $bin/tsvcombine "$a" "$b" >"$out/ab.tsv" && $bin/tsvvalidate "$out/ab.tsv"
then ok; else bad "tsvcombine a b"; fi
# each input back by its source: Rprof byte for byte
if awk -v s=1 -f tests/bysource.awk "$out/ab.tsv" | $bin/tsv2rprof | cmp -s - "$r"
then ok; else bad "the Rprof input of tsvcombine, back by its source"; fi
# a named pipe among several operands is read once (F3: it hung)
rm -f "$out/pipe"
if mkfifo "$out/pipe" 2>/dev/null; then
	(cat "$b" >"$out/pipe" &)
	if timeout 20 $bin/tsvcombine "$a" "$out/pipe" | cmp -s - "$out/ab.tsv"
	then ok; else bad "tsvcombine with a named pipe"; fi
	(cat "$b" >"$out/pipe" &)
	if timeout 20 $bin/tsv2pprof -u "$a" "$out/pipe" >"$out/pipe.pb" &&
	    $bin/tsv2pprof -u "$out/ab.tsv" | cmp -s - "$out/pipe.pb"
	then ok; else bad "tsv2pprof with a named pipe"; fi
	rm -f "$out/pipe"
fi
# tsv2pprof -n spools its samples; a type first found after some of them
# (an R memory profile then a Go heap profile, and the other way round)
# is 0 in the samples before, as when aggregating: each type's totals are
# those of the aggregated profile.
./rprof2tsv tests/data/rprof/r-4.2/memory.out >"$out/mem.tsv"
./pprof2tsv tests/data/pprof/go-1.19/go.heap.pb.gz >"$out/heap.tsv"
for order in "mem heap" "heap mem"; do
	set -- $order
	$bin/tsvcombine "$out/$1.tsv" "$out/$2.tsv" >"$out/mixed.tsv"
	$bin/tsv2pprof "$out/mixed.tsv" | $bin/pprof2tsv >"$out/agg.tsv"
	$bin/tsv2pprof -n "$out/mixed.tsv" | $bin/pprof2tsv >"$out/each.tsv"
	good=1
	for t in samples time alloc_space inuse_space vsize.large; do
		$bin/tsvtop -t $t "$out/agg.tsv" >"$out/want" || good=0
		$bin/tsvtop -t $t "$out/each.tsv" >"$out/got" || good=0
		cmp -s "$out/want" "$out/got" || good=0
	done
	if [ $good = 1 ] && [ "$(grep -c '^samples' "$out/each.tsv")" = \
	    "$(grep -c '^samples' "$out/mixed.tsv")" ]; then ok
	else bad "tsv2pprof -n of $order: a type found late"; fi
done
# A valid stream whose disorder shows late (its last sample's location
# comes after it, past 256 KB of output, and past the 1 MB buffers in
# which a thread copies a pipe to a file): every program gives through
# pipes what it gives from and to files (F4: tsvcombine | cat failed,
# having sent part of its output; from a pipe the others refused), leaving
# no temporary file.
late=$out/late.tsv
# (3 MB: past the 1 MB buffers; under valgrind, SUBSET, a tenth of it)
reps="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28"
[ "${SUBSET:-1}" -gt 1 ] && reps="1 2"
(cat "$r"; for i in $reps; do tail -n +2 "$r"; done) | $bin/rprof2tsv >"$late"
n=$(grep -c '^samples' "$late")
l=$(grep -c '^locations' "$late")
printf 'samples\t%d\t1\nsample_values\t%d\tsamples\tcount\t1\n' \
    $((n + 1)) $((n + 1)) >>"$late"
printf 'sample_locations\t%d\t1\t%d\nlocations\t%d\t1\t0\n' \
    $((n + 1)) $((l + 1)) $((l + 1)) >>"$late"
# and one whose last row is for its first sample, handed over long before:
# a file is read again; from a pipe, the samples handed over are handed
# over again from the record kept of them
later=$out/later.tsv
(cat "$late"; printf 'sample_values\t1\tlater\tcount\t7\n') >"$later"
# a sample's first frame after the next sample has begun, another's at
# the end, and a third's count of samples at the end: valid, and read as
# the stream in order is (a missing depth was an error when the next
# sample came; tsv2rprof refused the sample without its count)
gap=$out/gap.tsv
awk '/^sample_locations\t5\t1\t/ { five = $0; next }
    /^sample_locations\t9\t1\t/ { nine = $0; next }
    /^sample_values\t12\tsamples\t/ { twelve = $0; next }
    { print } /^samples\t6\t/ { print five }
    END { print nine; print twelve }' "$late" >"$gap"
# (the streams tsvcombine and tsvfocus write hold the same rows, in
# another order: the definitions after the first row out of order come
# before the samples held)
for p in tsvcombine tsvtop "tsvtop -m" tsv2rprof tsv2pprof tsv2folded tsvflame \
    "tsvfocus -f a"; do
	rows=cat; case $p in tsvcombine|tsvfocus*) rows=sort ;; esac
	$bin/$p "$late" 2>&1 | $rows >"$out/want"
	arg=; [ "$p" = tsvcombine ] && arg=-
	if $bin/$p "$gap" >"$out/got" 2>&1 &&
	    $rows "$out/got" | cmp -s "$out/want" - &&
	    cat "$gap" | $bin/$p $arg | $rows | cmp -s "$out/want" - &&
	    [ $(grep -c . "$gap") = $(grep -c . "$late") ]; then ok
	else bad "$p of a sample whose first frame comes later: $(head -c 200 "$out/got")"; fi
done
mkdir -p "$out/tmp"
for p in tsvcombine tsvtop tsv2rprof tsv2pprof "tsv2pprof -n" tsv2folded \
    tsvflame tsvfocus tsv2sql "tsvtop -t later" "tsv2folded -t later"; do
	arg=; [ "$p" = tsvcombine ] && arg=-
	fs="$late $later"; case $p in *later) fs=$later ;; esac
	for f in $fs; do
		$bin/$p "$f" >"$out/late.file" 2>&1
		if cat "$f" | TMPDIR=$out/tmp $bin/$p $arg | cat >"$out/late.pipe" &&
		    cmp -s "$out/late.file" "$out/late.pipe" &&
		    [ -s "$out/late.file" ] && [ -z "$(ls "$out/tmp")" ]; then ok
		else bad "$p with late disorder through pipes (${f##*/})"; fi
	done
done
if [ "$($bin/tsvtop -t later "$later" | sed -n 2p | cut -f 2,4)" = "$(printf '7\t7')" ]
then ok; else bad "tsvtop of the later value: $($bin/tsvtop -t later "$later")"; fi
# What is kept of a pipe matters only when it is read: with no room for
# it (a 100 KB file size limit), streams in order and out of order go
# through, and a row for a sample handed over long before fails saying
# why. No copy of the stream is kept.
sed '$d' "$late" | sed '$d' | sed '$d' | sed '$d' >"$out/inorder.tsv"
for f in "$out/inorder.tsv" "$late"; do
	$bin/tsvtop "$f" >"$out/want"
	if (trap '' XFSZ; ulimit -f 200; cat "$f" | $bin/tsvtop) \
	    >"$out/got" 2>&1 && cmp -s "$out/want" "$out/got"; then ok
	else bad "tsvtop of a pipe (${f##*/}) with no room: $(head -c 200 "$out/got")"; fi
done
if [ "${SUBSET:-1}" -gt 1 ]; then :	# its record is then too small
elif (trap '' XFSZ; ulimit -f 200; cat "$later" | $bin/tsvtop) >"$out/got" 2>&1
then bad "tsvtop of a late row with no room for the samples handed over: exit 0"
elif grep -q '^tsvtop: <stdin>: keeping the samples handed over in a temporary file: File too large$' \
    "$out/got"; then ok
else bad "tsvtop of a late row with no room for the samples handed over: $(head -c 200 "$out/got")"; fi
# a named pipe, read once too (it hung, opened again)
rm -f "$out/fifo2"
if mkfifo "$out/fifo2" 2>/dev/null; then
	for f in "$out/rev.tsv" "$later"; do
		$bin/tsvtop "$f" >"$out/want"
		(cat "$f" >"$out/fifo2" &)
		if timeout 20 $bin/tsvtop "$out/fifo2" >"$out/got" 2>&1 &&
		    cmp -s "$out/want" "$out/got"; then ok
		else bad "tsvtop of a named pipe (${f##*/}): $(head -c 200 "$out/got")"; fi
	done
	rm -f "$out/fifo2"
fi
# a a: twice the samples, the same functions and locations, two sources
$bin/tsvcombine "$a" "$a" >"$out/aa.tsv"
n1=$(grep -c '^samples' "$a")
n2=$(grep -c '^samples' "$out/aa.tsv")
if [ "$n2" = $((2 * n1)) ] && [ "$(grep -c '^sources' "$out/aa.tsv")" = 2 ] &&
    [ "$(grep -E '^(functions|locations)' "$a" | sort)" = \
      "$(grep -E '^(functions|locations)' "$out/aa.tsv" | sort)" ]
then ok; else bad "tsvcombine a a"; fi
# associative: a b c = a (b c)
$bin/tsvcombine "$b" "$c" >"$out/bc.tsv"
$bin/tsvcombine "$a" "$b" "$c" >"$out/abc.tsv"
if $bin/tsvcombine "$a" "$out/bc.tsv" | cmp -s - "$out/abc.tsv" &&
    $bin/tsvvalidate "$out/abc.tsv"; then ok; else bad "tsvcombine associativity"; fi
# standard input, once
if $bin/tsvcombine "$a" - <"$b" | cmp -s - "$out/ab.tsv"; then ok; else
	bad "tsvcombine with -"; fi
$bin/tsvcombine "$a" - <tests/validate/bad-fk-location.tsv >/dev/null 2>"$out/err"
if grep -q '^tsvcombine: <stdin>:17: sample_locations.location_id: location 5 is not defined$' "$out/err"
then ok; else bad "tsvcombine naming standard input: $(cat "$out/err")"; fi
$bin/tsvcombine - - <"$a" >/dev/null 2>&1
if [ $? = 2 ]; then ok; else bad "tsvcombine - - is not a usage error"; fi
# a broken input or an unknown version: refused, naming the file, no -o file
for v in bad-fk-location bad-unknown-version; do
	if $bin/tsvcombine -o "$out/no.tsv" "$a" "tests/validate/$v.tsv" \
	    2>"$out/err"; then bad "tsvcombine accepted $v"
	elif grep -q "$v.tsv" "$out/err" && [ ! -e "$out/no.tsv" ]; then ok
	else bad "tsvcombine refusing $v: $(cat "$out/err")"; fi
done
# an input out of order is read again, whole
if $bin/tsvcombine "$out/rev.tsv" >"$out/crev.tsv" && $bin/tsvvalidate "$out/crev.tsv" &&
    $bin/tsv2rprof "$out/crev.tsv" | cmp -s - "$r"; then ok; else
	bad "tsvcombine of a stream out of order"; fi
# the writers given several streams: combined first, so tsv2rprof gives
# the Rprof files one after the other (R >= 3.0, LF), tsv2pprof the
# profile of tsvcombine's stream; - among them is standard input
r1=tests/data/rprof/r-4.2/gc.out r2=tests/data/rprof/r-4.2/line.out
$bin/rprof2tsv "$r1" >"$out/r1.tsv"
$bin/rprof2tsv "$r2" >"$out/r2.tsv"
cat "$r1" "$r2" "$r" >"$out/r12.out"
if $bin/tsv2rprof "$out/r1.tsv" "$out/r2.tsv" "$a" 2>/dev/null | cmp -s - "$out/r12.out"
then ok; else bad "tsv2rprof of three streams"; fi
if $bin/tsv2rprof "$out/r1.tsv" - "$a" <"$out/r2.tsv" 2>/dev/null | cmp -s - "$out/r12.out"
then ok; else bad "tsv2rprof of three streams, one on standard input"; fi
$bin/tsv2pprof -u "$a" "$b" "$c" >"$out/abc.pb"
if $bin/tsv2pprof -u "$out/abc.tsv" | cmp -s - "$out/abc.pb"; then ok; else
	bad "tsv2pprof of three streams"; fi
$bin/tsv2pprof -u -o "$out/no.pb" "$a" tests/validate/bad-fk-location.tsv \
    2>"$out/err"
if grep -qx 'tsv2pprof: tests/validate/bad-fk-location.tsv:17: sample_locations.location_id: location 5 is not defined' \
    "$out/err" && [ ! -e "$out/no.pb" ]; then ok; else
	bad "tsv2pprof refusing its second stream: $(cat "$out/err")"; fi
$bin/tsv2rprof - "$a" - <"$a" >/dev/null 2>"$out/err"
if [ $? = 2 ] && grep -qx 'tsv2rprof: standard input (-) can be given once' "$out/err"
then ok; else bad "tsv2rprof - a -: $(cat "$out/err")"; fi

# everything in the corpus at once
i=0
for f in $(find tests/data/rprof -type f \( -name '*.out' -o -name '*.prof' \) | sort); do
	i=$((i + 1)); $bin/rprof2tsv -o "$out/all.r$i.tsv" "$f" 2>/dev/null
done
for rel in $(tail -n +2 tests/data/pprof/KINDS.tsv | awk '$2 ~ /^protobuf/ { print $1 }'); do
	i=$((i + 1)); $bin/pprof2tsv -o "$out/all.p$i.tsv" "tests/data/pprof/$rel"
done
if $bin/tsvcombine "$out"/all.*.tsv >"$out/all.tsv" && $bin/tsvvalidate "$out/all.tsv"
then ok; else bad "tsvcombine of the whole corpus"; fi

# 7. Format 1.0: written by -1 where it can hold the data, read everywhere.
p=tests/data/rprof/r-4.2/plain.out
$bin/rprof2tsv -1 "$p" >"$out/v1.tsv"
if [ "$(sed -n 2p "$out/v1.tsv")" = "$(printf 'meta\tversion\t1.0')" ] &&
    $bin/tsvvalidate "$out/v1.tsv"; then ok; else bad "rprof2tsv -1"; fi
if $bin/tsv2rprof -i 5000 "$out/v1.tsv" | cmp -s - "$p"; then ok; else
	bad "tsv2rprof of a 1.0 stream"; fi
if $bin/tsvcombine "$out/v1.tsv" >"$out/v1to2.tsv" && $bin/tsvvalidate "$out/v1to2.tsv" &&
    [ "$(grep -c '^samples' "$out/v1to2.tsv")" = "$(grep -vc -e '^sample.interval' "$p")" ]
then ok; else bad "1.0 to 2.0"; fi
if $bin/tsv2pprof -u "$out/v1.tsv" | $bin/pprof2tsv | $bin/tsvvalidate; then ok; else
	bad "tsv2pprof of a 1.0 stream"; fi
if $bin/tsvvalidate tests/validate/ok-v1.tsv && $bin/tsv2rprof tests/validate/ok-v1.tsv |
    cmp -s - tests/rprof/ok-v1.expected.out; then ok; else
	bad "tsv2rprof of ok-v1.tsv"; fi
for v in "rprof2tsv -1 tests/data/rprof/r-4.2/memory.out" \
    "rprof2tsv -1 tests/data/rprof/r-4.2/append.out" \
    "pprof2tsv -1 tests/data/pprof/go-1.19/go.cpu.pb.gz"; do
	if $bin/$v >/dev/null 2>"$out/err"; then bad "$v was accepted"
	elif grep -q 'format 1.0 cannot hold' "$out/err"; then ok
	else bad "$v: $(cat "$out/err")"; fi
done
# A 1.0 row of value n is n samples: held once when the stream is out of
# order (its locations after its samples), not n times (a fuzzer's find:
# 2 GB for a 335-byte stream), in 200 MB of address space (not under a
# sanitizer or valgrind, which need more).
printf '#meta\tkey\tvalue\nmeta\tversion\t1.0\n#sample_types\ttype\tunit
sample_types\tsamples\tcount\n#samples\tvalue\tlocations
samples\t5000000\t1,2\nsamples\t2\t2
#locations\tlocation_id\tfunction_id\tline\nlocations\t1\t1\tNA
locations\t2\t2\tNA\n#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line
functions\t1\tf\tf\t\t0\nfunctions\t2\tmain\tmain\t\t0\n' >"$out/v1n.tsv"
if [ -z "${BIN:-}" ] && [ -z "${ASAN_OPTIONS:-}" ]; then
	(ulimit -v 200000; $bin/tsvtop "$out/v1n.tsv") >"$out/got" 2>&1
	printf 'function\tself\tself%%\ttotal\ttotal%%
f\t5000000\t100.00\t5000000\t100.00
main\t2\t0.00\t5000002\t100.00\n' | cmp -s - "$out/got" && ok ||
	    bad "a 1.0 row of value 5000000, out of order: $(head -c 200 "$out/got")"
fi

# 7b. First contact: on a terminal with no file, every reader shows its
#     usage and exits 2 rather than wait; -h, --help, -V and --version.
for p in $(sed -n '/^PROGS = /,/[^\\]$/p' Makefile | sed 's/^PROGS = //; s/\\//'); do
	if command -v script >/dev/null 2>&1; then
		script -qec "$bin/$p >/dev/null; echo exit=\$?" /dev/null </dev/null |
		    tr -d '\r' >"$out/tty"
		if grep -q "^usage: $p " "$out/tty" && grep -q '^exit=2$' "$out/tty"
		then ok; else bad "$p on a terminal: $(tr '\n' ' ' <"$out/tty")"; fi
	fi
	for a in -h --help; do
		$bin/$p $a >"$out/help" 2>&1 && grep -q "^usage: $p " "$out/help" &&
		    grep -q "^See $p(1)\.$" "$out/help" && ok || bad "$p $a"
	done
	for a in -V --version; do
		[ "$($bin/$p $a 2>&1)" = "$p (profstream) $(sed -n 's/^VERSION = //p' Makefile)" ] &&
		    ok || bad "$p $a"
	done
	$bin/$p -? >/dev/null 2>"$out/err"
	[ $? = 2 ] && grep -q "^usage: $p " "$out/err" && ok || bad "$p -?: not a usage error"
done

# 8. Hostile input, and the fuzzers' regression inputs.
. tests/hostile.sh
# a reader's stream must be valid, and the writers must take it (the
# Rprof writer not on pprof's: a count of 788 million is 788 million lines)
for k in rprof pprof folded; do
	for f in tests/fuzz/regress/$k/*; do
		[ -f "$f" ] || continue
		$bin/${k}2tsv "$f" >"$out/reg.tsv" 2>/dev/null
		rc=$?
		if [ $rc -le 1 ]; then ok; else bad "${k}2tsv on $f"; fi
		[ $rc = 0 ] || continue
		if $bin/tsvvalidate "$out/reg.tsv"; then ok; else
			bad "${k}2tsv on $f wrote an invalid stream"; fi
		for p in "tsv2pprof -u" tsvcombine $([ $k != pprof ] && echo tsv2rprof); do
			$bin/$p "$out/reg.tsv" >/dev/null 2>&1
			if [ $? -le 1 ]; then ok; else bad "$p on ${k}2tsv of $f"; fi
		done
	done
done
for f in tests/fuzz/regress/stream/*; do
	[ -f "$f" ] || continue
	for p in tsvvalidate tsv2rprof "tsv2pprof -u" tsvcombine; do
		$bin/$p "$f" >/dev/null 2>&1
		if [ $? -le 1 ]; then ok; else bad "$p on $f"; fi
	done
done

fi	# sections 4-8

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
