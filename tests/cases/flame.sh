# flame: tsvflame.

# SVG, stream: each box's width is its value's share to 0.01 px, the
# root's value is the sum tsvtop divides by, and each name that never
# recurses has tsvtop's total. Leaves $out/a and $out/b to compare.
flame_check() {
	awk 'BEGIN { RS = "<g class=\"f\" " }
	    NR > 1 { match($0, /data-v="[^"]*"/); v = substr($0, RSTART + 8, RLENGTH - 9)
		match($0, /width="[^"]*"/); w = substr($0, RSTART + 7, RLENGTH - 8)
		match($0, /<title>[^\n]*/); n = substr($0, RSTART + 7, RLENGTH - 7)
		if (NR == 2) { root = v; scale = (1200 - 20) / v; print "root\t" v; next }
		d = w - v * scale; if (d < 0) d = -d
		if (d > 0.01) print "bad width\t" n "\t" w "\t" v * scale
		sum[n] += v }
	    END { for (n in sum) printf "%s\t%.17g\n", n, sum[n] }' "$1" |
	    sort >"$out/svg.sums"
	$bin/tsv2folded "$2" | awk '{ s = $0; sub(/ [^ ]*$/, "", s); n = split(s, f, ";")
	    split("", seen); for (i = 1; i <= n; i++) { if (f[i] in seen) rec[f[i]]; seen[f[i]] } }
	    END { for (r in rec) print r }' >"$out/recursive"
	# the root: every sample's value, empty stacks included, of the
	# type tsvtop shows by default (pprof's)
	type=$($bin/tsvtop -n 1 "$2" | sed -n 's/^# type: \(.*\) (.*/\1/p')
	awk -F'\t' -v k="$type" '$1 == "sample_values" && $3 == k { v += $5 }
	    END { printf "root\t%.17g\n", v }' "$2" >"$out/top.sums"
	$bin/tsvtop -q --all --unit=raw "$2" |
	    awk -F'\t' 'NR > 1 { printf "%s\t%.17g\n", $1, $4 }' \
	    >>"$out/top.sums"
	sort -o "$out/top.sums" "$out/top.sums"
	awk -F'\t' 'FNR == NR { rec[$1]; next } $1 == "bad width" { print; next }
	    !($1 in rec) && $1 !~ /[&<>"\\]/ && $2 != 0' "$out/recursive" \
	    "$out/svg.sums" >"$out/a"
	awk -F'\t' 'FNR == NR { rec[$1]; next } !($1 in rec) && $1 !~ /[&<>"\\]/ &&
	    $2 != 0' "$out/recursive" "$out/top.sums" >"$out/b"
	cmp -s "$out/a" "$out/b"
}

# Well-formed SVG (xmllint) for every corpus profile, its widths and
# totals tsvtop's at -m 0.
t_flame_corpus() {
	need xmllint || return
	n=0
	for f in $( (find tests/data/rprof/r-4.2 tests/data/rprof/wild -type f \
	    -name '*.out' | sort | head -30; pprof_files) | pick); do
		convert "$f" "$out/t.tsv" || continue
		n=$((n + 1))
		grep -q '^sample_values' "$out/t.tsv" || continue
		if ! $bin/tsvflame -m 0 "$out/t.tsv" >"$out/t.svg" ||
		    ! xmllint --noout "$out/t.svg"; then
			bad "tsvflame $f: not well-formed SVG"; continue; fi
		if ! flame_check "$out/t.svg" "$out/t.tsv"; then
			bad "tsvflame -m 0 $f: widths or totals differ from tsvtop's"
			diff "$out/a" "$out/b" | head -4
		fi
	done
	[ $n -gt 0 ] || bad "no profile converted: nothing compared"
}

# Names with <, &, quotes, control and non-UTF-8 bytes come out escaped:
# one exact SVG.
t_flame_names() {
	need xmllint || return
	$bin/tsvflame -m 0 tests/flame/names.tsv >"$out/got"
	same tests/flame/names.svg "tsvflame of names to escape"
	xmllint --noout "$out/got" || bad "tsvflame names.tsv is not XML"
}

# Every option gives well-formed SVG.
t_flame_options() {
	need xmllint || return
	for a in -I "-d 1" -l "-w 600 -W 5 -T title" "-t nodes" -L "-m 5"; do
		$bin/rprof2tsv tests/data/rprof/r-4.2/append.out \
		    tests/data/rprof/r-4.2/memory.out |
		    $bin/tsvflame $a >"$out/got" 2>"$out/err" &&
		    xmllint --noout "$out/got" || bad "tsvflame $a: $(cat "$out/err")"
	done
}

# The README's picture is what make doc writes, not edited by hand.
t_flame_doc_picture() {
	$bin/rprof2tsv "$R_MEM" |
	    $bin/tsvflame -T 'R workload.R: samples (memory-gc-line.out)' >"$out/got"
	same doc/flame.svg "doc/flame.svg (make doc)"
}

# A big profile stays small: frames narrower than 0.1 px are left out.
t_flame_large_small() {
	$bin/pprof2tsv tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu |
	    $bin/tsvflame | wc -c | awk '{ exit !($1 < 4000000) }' ||
	    bad "tsvflame of large.cpu is more than 4 MB"
}

# Names that are not UTF-8 (surrogates, overlongs, past U+10FFFF, bytes
# F5-FF, U+FFFE/FFFF) come out as U+FFFD: the SVG is XML (audit F1), from
# a stream and from the Rprof file.
t_flame_bad_utf8() {
	need xmllint || return
	A=tests/data/audit-2026-11-25
	$bin/tsvflame $A/F1-flame-bad-utf8.tsv >"$out/a.svg" &&
	    xmllint --noout "$out/a.svg" || bad "tsvflame of F1-flame-bad-utf8.tsv"
	$bin/rprof2tsv $A/F1-flame-bad-utf8.Rprof.out | $bin/tsvflame >"$out/b.svg" &&
	    xmllint --noout "$out/b.svg" || bad "tsvflame of F1-flame-bad-utf8.Rprof.out"
	# every name: its title is the name with each bad byte one U+FFFD
	grep -c "$(printf '\357\277\275')" "$out/a.svg" >"$out/got"
	[ "$(cat "$out/got")" -gt 0 ] || bad "no U+FFFD in the SVG"
}

# Names as pprof shortens them (package path left out, receiver kept;
# the whole in the tooltip), cut at the right with an ellipsis; a long
# title its start with the whole in its tooltip; Go's frames coloured by
# package, hues apart (issues 27, 39).
t_flame_readable() {
	need xmllint || return
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.cpu.pb.gz |
	    $bin/tsvflame -w 600 -T "cpu: $(printf 'run-%s.pb.gz, ' \
	    1 2 3 4 5 6 7 8 9 10 11 12)" >"$out/got"
	xmllint --noout "$out/got" || bad "not XML"
	xmllint --xpath 'string(//*[@id="title"]/*[local-name()="title"])' \
	    "$out/got" | grep -q 'run-12.pb.gz, $' ||
	    bad "the whole title is not in its tooltip"
	xmllint --xpath 'string(//*[@id="title"]/text())' "$out/got" |
	    grep -q '^cpu: run-1.pb.gz.*\.\.$' || bad "the title is not cut"
	# pprof's short names (go tool pprof's ShortenFunctionName gives
	# these), the whole in the tooltip
	for n in 'crypto/sha256.Sum256 sha256.Sum256' \
	    'runtime/pprof.Do pprof.Do' \
	    'crypto/sha256.(*digest).Write sha256.(*digest).Write'; do
		grep -qF "data-s=\"${n#* }\"><title>${n% *}" "$out/got" ||
		    bad "${n% *} is not shortened to ${n#* }"
	done
	# a cut label is the start of its short name, then an ellipsis
	tr '\n' ' ' <"$out/got" | grep -o '<g class="f" [^>]*><title>[^<]*</title><rect[^>]*/><text[^>]*>[^<]*…<' |
	    sed 's/.*data-s="\([^"]*\)"><title>.*<text[^>]*>\(.*\)…<$/\1 \2/; s/^<g class="f" [^>]*><title>\([^ ]*\) .*<text[^>]*>\(.*\)…<$/\1 \2/' \
	    >"$out/cut"
	test -s "$out/cut" || bad "no label was cut"
	awk '{ if (index($1, $2) != 1) { print "label " $2 "... is not " \
	    "the start of " $1; bad = 1 } } END { exit bad }' "$out/cut" ||
	    bad "a cut label is not its name's start"
	# hues apart, not one: green and blue differ in a quarter of frames
	grep -o 'fill="rgb([0-9,]*)"' "$out/got" | tr -c '0-9\n' ' ' |
	    awk '{ n++; d = $2 - $3; if (d < 0) d = -d; if (d >= 20) k++ }
	    END { exit !(k * 4 >= n) }' || bad "frames of one hue"
	# one package, one colour: every sha256 frame alike
	tr '\n' ' ' <"$out/got" |
	    grep -o 'data-s="sha256\.[^"]*"><title>[^<]*</title><rect[^>]*fill="[^"]*"' |
	    sed 's/.*fill=//' | sort -u | wc -l |
	    awk '{ exit !($1 == 1) }' || bad "sha256's frames of several colours"
}

# The SVG's boxes, depth, name and value each, in its order (the root
# left out).
svg_boxes() {
	sed -n 's/^<g class="f" data-d="\([0-9]*\)" data-v="\([^"]*\)"><title>\(.*\)$/\1	\3	\2/p' "$1" |
	    sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g' |
	    awk -F'\t' '$1 > 0'
}

# --chart: a box per run of samples sharing a stack prefix, in the
# samples' order, as an awk script apart from tsvflame finds them (every
# box kept: -W 0); the SVG is XML.
t_flame_chart_runs() {
	for f in line.out memory-gc-line.out; do
		$bin/rprof2tsv tests/data/rprof/r-4.2/$f >"$out/p.tsv"
		$bin/tsvflame --chart -W 0 "$out/p.tsv" >"$out/c.svg" ||
		    bad "$f: tsvflame --chart failed"
		xmllint --noout "$out/c.svg" 2>/dev/null ||
		    bad "$f: the chart is not XML"
		svg_boxes "$out/c.svg" >"$out/got"
		awk -f tests/flame/chart-runs.awk "$out/p.tsv" >"$out/want"
		same_lines want got "$f: the chart's boxes"
		[ "$(wc -l <"$out/got")" -gt 1000 ] || bad "$f: few boxes"
	done
}

# .sample_times order the chart, not the rows: three samples whose times
# come backwards; without times, the rows' order.
t_flame_chart_times() {
	cat >"$out/t.tsv" <<'TSV'
#meta	key	value
meta	version	2.0
#sources	source_id	source_type	source_uri	source_timestamp
sources	1	pprof	t	NA
#functions	function_id	name	system_name	filename	start_line
functions	1	a	a		0
functions	2	b	b		0
functions	3	c	c		0
#locations	location_id	function_id	line
locations	1	1	0
locations	2	2	0
locations	3	3	0
#samples	sample_id	source_id
samples	1	1
samples	2	1
samples	3	1
#sample_values	sample_id	type	unit	value
sample_values	1	samples	count	1
sample_values	2	samples	count	1
sample_values	3	samples	count	1
#sample_locations	sample_id	depth	location_id
sample_locations	1	1	2
sample_locations	1	2	1
sample_locations	2	1	3
sample_locations	2	2	1
sample_locations	3	1	2
sample_locations	3	2	1
TSV
	$bin/tsvflame --chart -W 0 "$out/t.tsv" >"$out/c.svg"
	svg_boxes "$out/c.svg" >"$out/got"
	printf '1\ta\t3\n2\tb\t1\n2\tc\t1\n2\tb\t1\n' >"$out/want"
	same_lines want got "the rows' order"
	{ cat "$out/t.tsv"; printf '#.sample_times\tsample_id\ttime_unix_nano\n'
	  printf '.sample_times\t1\t300\n.sample_times\t2\t100\n.sample_times\t3\t200\n'; } \
	    >"$out/tt.tsv"
	$bin/tsvvalidate "$out/tt.tsv" || bad "the timed stream is not valid"
	$bin/tsvflame --chart -W 0 "$out/tt.tsv" >"$out/c.svg"
	svg_boxes "$out/c.svg" >"$out/got"
	printf '1\ta\t3\n2\tc\t1\n2\tb\t2\n' >"$out/want"
	same_lines want got "the times' order"
	awk -f tests/flame/chart-runs.awk "$out/tt.tsv" >"$out/want2"
	same_lines want want2 "chart-runs.awk on the times"
	grep -q 'the samples in the order of their times' "$out/c.svg" ||
	    bad "the subtitle does not say the order"
	$bin/tsvflame --chart -d 1 "$out/t.tsv" >/dev/null 2>&1
	test $? -eq 2 || bad "--chart with -d: not a usage error"
}

# The script in the SVG is lib/views/stacks/flame.js as it is in the
# tree (tools/embed.awk), called with the SVG's id prefix.
t_flame_script_is_file() {
	$bin/rprof2tsv "$R_MEM" | $bin/tsvflame >"$out/svg" || bad "tsvflame failed"
	awk '/^<script><!\[CDATA\[$/ { on = 1; next }
	    /^\]\]><\/script>$/ { on = 0 } on' "$out/svg" |
	    sed '$ s/('"'"'[^'"'"']*'"'"');$//' >"$out/got"
	[ -s "$out/got" ] || bad "no script in the SVG"
	same lib/views/stacks/flame.js "the SVG's script"
}

# Pictures are bounded in depth as in width (audit 2026-11-26, A5: a
# stack of a million frames made a 224 MB chart): a stack of 100,000
# frames draws 1,024 levels and one box for the rest, in the flame graph,
# the chart and the page, each under 1 MB and well-formed.
t_flame_deep() {
	need xmllint || return
	{ plain_head
	awk 'BEGIN { OFS = "\t"
	    print "functions", 1, "f", "f", "", 0; print "locations", 1, 1, 0
	    print "samples", 1, 1; print "sample_values", 1, "samples", "count", 1
	    for (i = 1; i <= 100000; i++) print "sample_locations", 1, i, 1 }'
	} >"$out/deep.tsv"
	for p in tsvflame "tsvflame -C" tsvreport; do
		# (the page less what it holds for its refine controls: the
		# engine, 350 kB, and the stream, bounded by the input's size)
		$bin/$p "$out/deep.tsv" >"$out/whole" || { bad "$p failed"; continue; }
		grep -v '^<script type="application/octet-stream" id="refine-' \
		    "$out/whole" >"$out/o"
		[ "$(wc -c <"$out/o")" -lt 1000000 ] ||
		    bad "$p: $(wc -c <"$out/o") bytes for one deep stack"
		grep -q '(deeper frames, not drawn)' "$out/o" ||
		    bad "$p: no box for the frames above level 1024"
		case $p in tsvflame*) xmllint --noout "$out/o" ||
		    bad "$p: not XML" ;; esac
		n=$(grep -o 'data-d="[0-9]*"' "$out/o" | tr -dc '0-9\n' | sort -n |
		    tail -1)
		[ "${n:-0}" = 1025 ] || bad "$p: deepest level $n, not 1025"
	done
}

# One unit: a picture shows its values as tsvtop shows the profile's (R's
# samples as seconds, pprof's in its one unit), in its title, total and
# tooltips; and so does the report page's flame graph and chart.
t_flame_one_unit() {
	for f in $R_MEM tests/data/pprof/go-1.19/go.cpu.pb.gz; do
		$bin/tsvtop "$f" >"$out/top"
		tot=$(sed -n 's/^# total: \([^;]*\).*/\1/p' "$out/top")
		unit=$(sed -n 's/.*; values in \([a-z]*\).*/\1/p' "$out/top")
		for a in "" -C; do
			$bin/tsvflame $a "$f" >"$out/f.svg"
			grep -q "id=\"subtitle\"[^>]*>total $tot[;<]" "$out/f.svg" ||
			    bad "tsvflame $a $f: total not $tot"
			grep -q "id=\"title\"[^>]*>[a-z]* ($unit)" "$out/f.svg" ||
			    bad "tsvflame $a $f: title not in $unit"
		done
		# a function of one box: its total in its tooltip as in
		# tsvtop's table
		$bin/tsvflame "$f" >"$out/f.svg"
		sed -n 's/^<g class="f" [^>]*><title>//p' "$out/f.svg" | sort |
		    uniq -u >"$out/single"
		$bin/tsvtop -q "$f" | awk -F'\t' 'NR == FNR { one[$0] = 1; next }
		    FNR > 1 && ($1 in one) && $4 != 0 { print $1 "\t" $4; exit }' \
		    "$out/single" - >"$out/row"
		name=$(cut -f 1 "$out/row") v=$(cut -f 2 "$out/row")
		[ -n "$name" ] || bad "$f: no function of one box"
		got=$(awk -v n="$name" 'sub(/^<g class="f" [^>]*><title>/, "") &&
		    $0 == n { getline; if ($0 !~ / \(/) getline; print; exit }' \
		    "$out/f.svg")
		case $got in "$v $unit ("*) ;; *)
			bad "$f: $name's tooltip is $got, not $v $unit" ;;
		esac
		$bin/tsvreport "$f" >"$out/p.html"
		grep -q ">total $tot[;<]" "$out/p.html" ||
		    bad "tsvreport $f: the flame graph's total is not $tot"
	done
}

# The system's own frames muted (beige), the program's warm: Go's
# runtime in a Go profile, the kernel's frames in perf's (perf2tsv marks
# them profile.frame.type kernel), as profvis and pprof's users ask.
t_flame_system_muted() {
	frame_fills() {
		awk '/<title>/ { n = $0; sub(/.*<title>/, "", n); sub(/<\/title>.*/, "", n) }
		    /fill="rgb\(/ && n != "" { f = $0; sub(/.*fill="rgb\(/, "", f)
			sub(/\).*/, "", f); print n "\t" f; n = "" }'
	}
	beige='^(20[5-9]|21[0-9]|22[0-9]|230),(19[5-9]|20[0-9]|21[0-9]|220),(1[7-8][0-9]|19[0-5])$'
	$bin/tsvflame tests/data/pprof/go-1.19/go.cpu.pb.gz | frame_fills >"$out/go"
	awk -F'\t' -v b="$beige" '$1 ~ /^runtime\./ && $2 !~ b { print "runtime frame not muted: " $0 }
	    $1 ~ /^main\./ && $2 ~ b { print "main frame muted: " $0 }' "$out/go" >"$out/bad"
	[ -s "$out/bad" ] && bad "$(head -3 "$out/bad")"
	grep -q '^runtime\.' "$out/go" && grep -q '^main\.' "$out/go" ||
	    bad "the Go graph has no runtime or main frames to judge"
	gzip -dc tests/data/perf/flamegraph/perf-cycles-instructions-01.txt.gz |
	    $bin/perf2tsv >"$out/perf.tsv" 2>/dev/null
	awk -F'\t' '$1 == ".location_attributes" && $4 == "kernel" { print $2 }' \
	    "$out/perf.tsv" | sort -u >"$out/kernel.ids"
	[ -s "$out/kernel.ids" ] || { bad "perf2tsv marked no kernel frame"; return; }
	# each function's kind, from its locations' attributes
	awk -F'\t' 'FILENAME == ARGV[1] { k[$1] = 1; next }
	    $1 == "functions" { name[$2] = $3 }
	    $1 == "locations" { kind[name[$3]] = kind[name[$3]] (($2 in k) ? "k" : "u") }
	    END { for (n in kind) if (kind[n] !~ /u/) print n }' \
	    "$out/kernel.ids" "$out/perf.tsv" | sort >"$out/kernel.names"
	$bin/tsvflame "$out/perf.tsv" | frame_fills >"$out/perf"
	awk -F'\t' -v b="$beige" 'FILENAME == ARGV[1] { k[$1] = 1; next }
	    ($1 in k) && $2 !~ b { print "kernel frame not muted: " $0 }
	    !($1 in k) && $1 != "all" && $1 !~ /^\[/ && $2 ~ b { print "user frame muted: " $0 }
	    ($1 in k) { n++ } END { if (n == 0) print "no kernel frame drawn" }' \
	    "$out/kernel.names" "$out/perf" >"$out/bad"
	[ -s "$out/bad" ] && bad "$(head -3 "$out/bad")"
	return 0
}
