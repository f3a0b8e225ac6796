# lib.sh: what the test cases share. Sourced by run.sh, which sets $top
# (the clone), $bin (the programs: $top, or valgrind's wrappers) and $out
# (the case's own directory, empty), and runs each case in its own shell
# from $top.

# A check that holds says nothing; one that fails says what, and the case
# fails.
ok() { :; }
bad() {
	echo "$*" >>"$out/.failed"
	echo "FAIL: $*"
}

# Compares $out/got with file $1 (the expected output) for check $2.
same() {
	# UPDATE=1: the expected file rewritten (review its diff before a
	# commit)
	[ -n "${UPDATE:-}" ] && cp "$out/got" "$1"
	if cmp -s "$out/got" "$1"; then ok; else
		bad "$2: output differs from $1"
		diff "$1" "$out/got" | head -10
	fi
}

# same_lines A B what: files $out/A and $out/B are equal, else the first
# lines that differ.
same_lines() {
	if cmp -s "$out/$1" "$out/$2"; then ok; else
		bad "$3: $2 differs from $1"
		diff "$out/$1" "$out/$2" | head -6
	fi
}

# need TOOL...: the case cannot run without them. Tests never install:
# the README's set-up step (tools/deps.sh) does. A case without its tools
# is reported as skipped, naming them (a failure with TESTS_STRICT=1, as
# in CI).
need() {
	for t; do
		command -v "$t" >/dev/null 2>&1 && continue
		echo "$t" >>"$out/.missing"
	done
	[ ! -s "$out/.missing" ]
}

# The corpus-wide loops take every SUBSET-th file (valgrind.sh sets it:
# every file under valgrind takes too long).
pick() { awk -v n="${SUBSET:-1}" 'n <= 1 || NR % n == 1'; }

# Every Rprof file of the test data, and every pprof file.
rprof_files() {
	find tests/data/rprof -type f \( -name '*.out' -o -name '*.prof' \) | sort
}
pprof_files() {
	find tests/data/pprof -type f ! -name '*.tsv' ! -name '*.md' \
	    ! -name '*.string' | sort
}
# The protobuf profiles (tests/data/pprof/KINDS.tsv), relative to it.
protobuf_files() {
	tail -n +2 tests/data/pprof/KINDS.tsv | awk '$2 ~ /^protobuf/ { print $1 }'
}

# The program for a profile file: rprof2tsv or pprof2tsv.
converter() {
	case $1 in *.out|*.prof) echo rprof2tsv ;; *) echo pprof2tsv ;; esac
}

# The files tests/data/REFUSED.tsv lists, which no converter takes
# (google/pprof refuses them too); refused FILE: FILE is one of them.
refused_files() {
	grep -v '^#' tests/data/REFUSED.tsv | cut -f 1
}
refused() {
	refused_files | grep -qxF "$1"
}

# convert FILE OUT: FILE's stream in OUT, by its converter; 0 when it
# converted. A file tests/data/REFUSED.tsv lists must be refused, and
# gives 1 quietly; any other failure is the case's, so a corpus loop
# never passes having skipped a file that stopped converting.
convert() {
	if $bin/$(converter "$1") "$1" >"$2" 2>"$out/convert.err"; then
		refused "$1" || return 0
		bad "$1 converted, but tests/data/REFUSED.tsv says it is refused"
		return 1
	fi
	refused "$1" ||
	    bad "$(converter "$1") $1: $(head -c 300 "$out/convert.err")"
	return 1
}

# The programs the Makefile builds.
programs() {
	sed -n '/^PROGS = /,/[^\\]$/p' Makefile | sed 's/^PROGS = //; s/\\//'
}

# Fixtures some cases share, made in $out.
R_MEM=tests/data/rprof/r-4.2/memory-gc-line.out
GO_LARGE=tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu
# $out/a.tsv, memory-gc-line.out's stream, and $out/rev.tsv, the same with
# its rows in reverse order after the headers.
mk_reversed() {
	$bin/rprof2tsv "$R_MEM" >"$out/a.tsv"
	(head -n 2 "$out/a.tsv"; tail -n +3 "$out/a.tsv" | grep '^#'
	    tail -n +3 "$out/a.tsv" | grep -v '^#' | sort -r) >"$out/rev.tsv"
}
# A valid stream whose disorder shows late: $out/late.tsv (its last
# sample's location comes after it, past 256 KB of output and past the
# 1 MB buffers of a pipe), $out/later.tsv (and a last row for its first
# sample, handed over long before), $out/gap.tsv (a sample's first frame
# after the next sample has begun, another's at the end, and a third's
# count of samples at the end).
mk_late() {
	# (3 MB; under valgrind, SUBSET, a tenth of it)
	reps="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28"
	[ "${SUBSET:-1}" -gt 1 ] && reps="1 2"
	(cat "$R_MEM"; for i in $reps; do tail -n +2 "$R_MEM"; done) |
	    $bin/rprof2tsv >"$out/late.tsv"
	n=$(grep -c '^samples' "$out/late.tsv")
	l=$(grep -c '^locations' "$out/late.tsv")
	printf 'samples\t%d\t1\nsample_values\t%d\tsamples\tcount\t1\n' \
	    $((n + 1)) $((n + 1)) >>"$out/late.tsv"
	printf 'sample_locations\t%d\t1\t%d\nlocations\t%d\t1\t0\n' \
	    $((n + 1)) $((l + 1)) $((l + 1)) >>"$out/late.tsv"
	(cat "$out/late.tsv"; printf 'sample_values\t1\tlater\tcount\t7\n') \
	    >"$out/later.tsv"
	awk '/^sample_locations\t5\t1\t/ { five = $0; next }
	    /^sample_locations\t9\t1\t/ { nine = $0; next }
	    /^sample_values\t12\tsamples\t/ { twelve = $0; next }
	    { print } /^samples\t6\t/ { print five }
	    END { print nine; print twelve }' "$out/late.tsv" >"$out/gap.tsv"
}

# For make interop: the judges.
#
# go_oracle: $oracle, a Go program built on google/pprof's parser that
# prints a profile as it sees it (tests/pprof-oracle), built once for all
# cases (offline, with Debian's google/pprof).
go_env() {
	GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE=$top/build/tests/out/gocache
	export GO111MODULE GOPATH GOCACHE
}
go_oracle() {
	need go || return 1
	[ -d /usr/share/gocode/src/github.com/google/pprof/profile ] || {
		echo golang-github-google-pprof-dev >>"$out/.missing"; return 1; }
	go_env
	oracle=$top/build/tests/out/pprof-oracle
	[ -x "$oracle" ] && return 0
	go build -o "$oracle.$$" ./tests/pprof-oracle && mv "$oracle.$$" "$oracle" ||
	    { bad "building the oracle"; return 1; }
}

# Fresh profiles of one Go program run twice (tests/interop/labelled),
# made once per clone into $labelled: cpu1/cpu2, heap1/heap2 .pb.gz.
labelled_profiles() {
	labelled=$top/build/tests/out/labelled
	[ -s "$labelled/heap2.pb.gz" ] && return 0
	mkdir -p "$labelled.$$" && go run ./tests/interop/labelled "$labelled.$$" ||
	    { bad "running tests/interop/labelled"; return 1; }
	[ -d "$labelled" ] || mv "$labelled.$$" "$labelled"
	rm -rf "$labelled.$$"
}

# go tool pprof -top's rows on stdin as "name<TAB>flat<TAB>cum", the
# figures without their unit.
go_top_rows() {
	awk '/^ *flat/ { on = 1; next }
	    on { name = $0
		 for (k = 0; k < 5; k++) sub(/^ *[^ ]+ +/, "", name)
		 sub(/ \((partial-)?inline\)$/, "", name)
		 a = $1; b = $4
		 sub(/[^0-9.]+$/, "", a); sub(/[^0-9.]+$/, "", b)
		 printf "%s\t%s\t%s\n", name, a, b }'
}

# tsvtop's rows on stdin the same way.
our_top_rows() {
	awk -F'\t' '!/^#/ && n++ { printf "%s\t%s\t%s\n", $1, $2, $4 }'
}

# tsvtop --tags -q --unit=raw's rows on stdin in go tool pprof -tags's
# words (its spacing squeezed): "key: Total 1.3MB", then "800.0kB
# (59.05%): 40kB" per value; $1 is the values' unit (ns or B).
pprof_tags() {
	awk -F'\t' -v unit="$1" '
	function label(v,   i, n, f, u, a) {
		if (unit == "ns") { n = split("1 1000 1000000 1000000000 3600000000000", f, " ")
			split("ns us ms s hrs", u, " ") }
		else { n = split("1 1024 1048576 1073741824 1099511627776 1125899906842624", f, " ")
			split("B kB MB GB TB PB", u, " ") }
		a = v < 0 ? -v : v; k = 0
		for (i = 1; i <= n; i++) if (a / f[i] >= 1) k = i
		if (k == 0) k = unit == "ns" ? 4 : 1
		return sprintf("%.1f%s", v / f[k], u[k])
	}
	function pct(v, t,   r) {
		r = t != 0 ? 100 * v / t : 0; if (r < 0) r = -r
		if (r >= 99.95 && r <= 100.05) return "  100%"
		if (r >= 1) return sprintf("%5.2f%%", r)
		return sprintf("%5.2g%%", r)
	}
	NR > 1 { key[NR] = $1; val[NR] = $2; fig[NR] = $3; tot[$1] += $3; n = NR }
	END { for (i = 2; i <= n; i++) {
		if (key[i] != key[i - 1]) {
			if (i > 2) printf "\n"
			printf "%s: Total %s\n", key[i], label(tot[key[i]]) }
		printf "%s (%s): %s\n", label(fig[i]), pct(fig[i], tot[key[i]]), val[i] }
	}' | awk 'NF' | sed 's/  */ /g'
}

# Compares $out/raw.X (summaryRprof's) with $out/all.X (ours), leaving out
# names with spaces, which summaryRprof splits apart, and the words it
# makes of them.
r_compare() {
	awk -F'\t' '$1 !~ / /' "$out/all.$1" | sort >"$out/o.$1"
	awk -F'\t' 'FNR == NR { if ($1 ~ / /) { n = split($1, w, " ")
	    for (i = 1; i <= n; i++) skip[w[i]] = 1 }; next }
	    { n = $1; gsub(/"/, "", n); if (!(n in skip)) print }' \
	    "$out/all.$1" "$out/raw.$1" | sort >"$out/r.$1"
	if cmp -s "$out/r.$1" "$out/o.$1"; then ok; else
		bad "$2: $1 differs from summaryRprof's"
		diff "$out/r.$1" "$out/o.$1" | head -5
	fi
}

# go tool pprof -peek's text on stdin as tsvpeek's rows without the share:
# function, relation, name, value (its unit taken off), inline.
go_peek_rows() {
	awk '/^-+\+-+$/ { if (node != "") flush(); node = ""; nin = 0; nout = 0; next }
	    / flat  flat%/ { next }
	    /\|/ {
		split($0, part, "|")
		left = part[1]; right = part[2]
		sub(/^ +/, "", right); sub(/^  /, "", right)
		inl = "FALSE"
		if (right ~ / \(inline\)$/) { inl = "TRUE"; sub(/ \(inline\)$/, "", right) }
		n = split(left, f, " ")
		if (n >= 5) {	# the function: flat flat% sum% cum cum%
			node = right; flat = f[1]; cum = f[4]
			sub(/[^0-9.-]+$/, "", flat); sub(/[^0-9.-]+$/, "", cum)
		} else if (n >= 2) {
			v = f[1]; sub(/[^0-9.-]+$/, "", v)
			if (node == "") { in_name[++nin] = right; in_v[nin] = v; in_i[nin] = inl }
			else { out_name[++nout] = right; out_v[nout] = v; out_i[nout] = inl }
		}
	    }
	    function flush(   k) {
		for (k = 1; k <= nin; k++) printf "%s\tcaller\t%s\t%s\t%s\n", node, in_name[k], in_v[k], in_i[k]
		printf "%s\tflat\t\t%s\t\n%s\tcum\t\t%s\t\n", node, flat, node, cum
		for (k = 1; k <= nout; k++) printf "%s\tcallee\t%s\t%s\t%s\n", node, out_name[k], out_v[k], out_i[k]
	    }'
}

# go tool pprof -list's text on stdin as tsvlist -q's rows: function,
# file, line, flat, cum (units taken off, "." kept), text (tabs expanded
# to 8 columns); a routine whose file pprof could not read as one row
# "function file missing".
go_list_rows() {
	awk '
	function expand(s,   out, i, c, col) {
		out = ""; col = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\t") { do { out = out " "; col++ } while (col % 8) }
			else { out = out c; col++ }
		}
		return out
	}
	/^ROUTINE =+ / { sub(/^ROUTINE =+ /, ""); i = index($0, " in ")
		fn = substr($0, 1, i - 1); file = substr($0, i + 4); next }
	/^ Error: / { print fn "\t" file "\tmissing"; next }
	/^ *[^ ]+ +[^ ]+ +[0-9]+:/ {
		match($0, /^ *[^ ]+ +[^ ]+ +[0-9]+:/)
		head = substr($0, 1, RLENGTH - 1); text = substr($0, RLENGTH + 1)
		split(head, f, " ")
		sub(/[^0-9.-]+$/, "", f[1]); sub(/[^0-9.-]+$/, "", f[2])
		if (f[1] == "") f[1] = "."; if (f[2] == "") f[2] = "."
		print fn "\t" file "\t" f[3] "\t" f[1] "\t" f[2] "\t" expand(text)
	}'
}

# A DOT call graph on stdin (pprof's, or tsvgraph's) as sorted lines:
# "node NAME FLAT CUM" per box and "edge FROM TO VALUE INLINE" per arrow,
# figures without their unit. Names come from pprof's tooltips (ours carry
# the same), figures from its labels.
dot_graph_rows() {
	awk '
	function unq(s) { gsub(/\\"/, "\"", s); gsub(/\\\\/, "\\", s); return s }
	/^N[0-9]+ \[label=/ {
		id = $1
		t = $0; sub(/.* tooltip="/, "", t); sub(/ \([^()]*\)" .*/, "", t)
		name[id] = unq(t)
		l = $0; sub(/^N[0-9]+ \[label="/, "", l); sub(/" id=.*/, "", l)
		n = split(l, part, "\\\\n")
		fig = part[n]; if (n > 1 && part[n] ~ /^of /) fig = part[n - 1] " " part[n]
		flat = fig; sub(/ .*/, "", flat); sub(/[^0-9.-]+$/, "", flat)
		cum = flat
		if (fig ~ /of /) { cum = fig; sub(/.*of /, "", cum); sub(/ .*/, "", cum); sub(/[^0-9.-]+$/, "", cum) }
		printf "node\t%s\t%s\t%s\n", name[id], flat, cum
		next
	}
	# pprof'"'"'s nodelets (a node'"'"'s tags): their owner, the labels
	# nodelet above a number, the text, the value, dotted or not
	/^N[0-9N_]*_[0-9]+ \[label = "/ {
		l = $0; sub(/^[^"]*"/, "", l); sub(/" id=.*/, "", l)
		tag[$1] = l
		next
	}
	/^N[0-9N_]* -> N[0-9N_]*_[0-9]+ \[/ {
		o = $3; sub(/^N+/, "N", o); sub(/_.*/, "", o)
		up = ($1 ~ /_/) ? tag[$1] : "-"
		v = $0; sub(/.*label=" /, "", v); sub(/[" \\].*/, "", v); sub(/[^0-9.-]+$/, "", v)
		st = ($0 ~ /style="dotted"/) ? "dotted" : "solid"
		printf "nodelet\t%s\t%s\t%s\t%s\t%s\n", name[o], up, tag[$3], v, st
		next
	}
	/^N[0-9]+ -> N[0-9]+ \[/ {
		v = $0; sub(/.*label=" /, "", v); sub(/[" \\].*/, "", v); sub(/[^0-9.-]+$/, "", v)
		inl = ($0 ~ /\(inline\)/) ? "inline" : "call"
		if ($0 ~ /style="dotted"/) inl = inl " residual"
		printf "edge\t%s\t%s\t%s\t%s\n", name[$1], name[$3], v, inl
	}' | LC_ALL=C sort
}

# trace_same TRACE PROFILE: the CPU profile started by the DevTools
# protocol (source 1, "Inspector") of a Chrome trace is the .cpuprofile
# of the same recording, sample for sample (its time, its values and its
# stack as names), and row for row but its source's. Leaves
# $out/trace.tsv.
trace_same() {
	$bin/cpuprofile2tsv "$1" >"$out/trace.tsv" ||
	    { bad "cpuprofile2tsv of the trace $1"; return 1; }
	$bin/cpuprofile2tsv "$2" >"$out/profile.tsv" ||
	    { bad "cpuprofile2tsv of $2"; return 1; }
	for f in trace profile; do
		awk -F'\t' '$1 == "samples" && $3 == 1 { keep[$2] = 1 }
		    $1 == "functions" { fn[$2] = $3 }
		    $1 == "locations" { loc[$2] = fn[$3] ":" $4 ":" $9 }
		    !($2 in keep) { next }
		    $1 == "sample_values" { v[$2] = v[$2] " " $3 "=" $5 }
		    $1 == "sample_locations" { st[$2] = st[$2] ";" loc[$4] }
		    $1 == ".sample_times" { t[$2] = $3 }
		    END { for (s in keep) print t[s] v[s] st[s] }' \
		    "$out/$f.tsv" | LC_ALL=C sort >"$out/$f.samples"
	done
	[ -s "$out/profile.samples" ] || { bad "no samples in $2"; return 1; }
	cp "$out/trace.samples" "$out/got"
	same "$out/profile.samples" "the trace's Inspector profile, sample for sample"
	# and row for row, its functions numbered as the .cpuprofile's:
	# all but the sources' rows and the other profile's
	awk -F'\t' '$1 == "samples" { n = $2 } $1 == "functions" { f = $2 }
	    $1 == "locations" { l = $2 }
	    END { print n, f, l }' "$out/profile.tsv" >"$out/counts"
	read -r ns nf nl <"$out/counts"
	awk -F'\t' -v ns=$ns -v nf=$nf -v nl=$nl '
	    $1 == "sources" || $1 == ".source_attributes" { next }
	    ($1 == "samples" || $1 == "sample_values" ||
	    $1 == "sample_locations" || $1 == ".sample_times") && $2 > ns { next }
	    $1 == "functions" && $2 > nf { next }
	    $1 == "locations" && $2 > nl { next }
	    { print }' "$out/trace.tsv" >"$out/got"
	grep -v '^sources	\|^\.source_attributes	' "$out/profile.tsv" >"$out/want"
	same "$out/want" "the trace's Inspector profile, row for row"
}

# trace_hits TRACE: each function's hits in the trace's Inspector profile,
# counted by node from the JSON as DevTools counts a node's hits, are
# tsvtop's self samples of source 1.
trace_hits() {
	gzip -dcf "$1" | node -e '
	const t = JSON.parse(require("fs").readFileSync(0, "utf8"));
	const ev = t.traceEvents || t;
	const p = ev.find((e) => e.name === "Profile" &&
	  e.args.data.source === "Inspector");
	const name = {}, hits = {};
	for (const e of ev) {
	  if (e.name !== "ProfileChunk" || e.id !== p.id || e.pid !== p.pid)
	    continue;
	  const c = e.args.data.cpuProfile || {};
	  for (const n of c.nodes || [])
	    name[n.id] = n.callFrame.functionName || "(anonymous)";
	  for (const s of c.samples || []) hits[s] = (hits[s] || 0) + 1;
	}
	const by = {};
	for (const id in hits)
	  if (name[id] !== "(root)")
	    by[name[id]] = (by[name[id]] || 0) + hits[id];
	for (const f of Object.keys(by))
	  console.log(f + "\t" + by[f]);' | LC_ALL=C sort >"$out/want"
	$bin/tsvtop -q -s 1 -t samples --unit raw --nodefraction 0 -n 1000 \
	    "$1" | awk -F'\t' 'NR > 1 && $2 > 0 { print $1 "\t" $2 }' |
	    LC_ALL=C sort >"$out/got"
	[ -s "$out/want" ] || bad "node found no hits in $1"
	same "$out/want" "each function's hits, as node counts them"
}

# firefox_counts FILE: each thread of a Gecko profile (and of its child
# processes) as node reads the JSON: its samples of a stack, and the
# samples each JavaScript function is the leaf of (its location string's
# name: what precedes " (url:line:column)", the "[source]" index left
# out), as the Firefox Profiler's call tree counts them; they are
# firefox2tsv's, source by source in the file's order (tsvtop).
firefox_counts() {
	gzip -dcf "$1" | node -e '
	const p = JSON.parse(require("fs").readFileSync(0, "utf8"));
	let n = 0;
	function name(s) {
	  s = s.replace(/\[\d+\]$/, "");
	  const m = /^(.*) \((.*)\)$/.exec(s);
	  return m ? m[1] : s;
	}
	const libs = new Set();
	function visit(pp) {
	  for (const l of pp.libs || []) libs.add("[" + l.path.replace(/.*\//, "") + "]");
	  for (const t of pp.threads) {
	    const S = t.samples.schema, F = t.frameTable.schema;
	    const K = t.stackTable.schema;
	    const rows = t.samples.data.filter((r) => r[S.stack] !== null);
	    if (t.samples.data.length === 0) continue;
	    n++;
	    console.log(n + "\ttotal\t" + rows.length);
	    const self = {};
	    for (const r of rows) {
	      const f = t.stackTable.data[r[S.stack]][K.frame];
	      const loc = t.stringTable[t.frameTable.data[f][F.location]];
	      if (/^0x/.test(loc)) continue;
	      const k = name(loc);
	      self[k] = (self[k] || 0) + 1;
	    }
	    for (const k of Object.keys(self))
	      console.log(n + "\t" + k + "\t" + self[k]);
	  }
	  for (const q of pp.processes || []) visit(q);
	}
	visit(p);
	require("fs").writeFileSync(process.argv[1], [...libs].join("\n") + "\n");' \
	    "$out/libs" | LC_ALL=C sort >"$out/want"
	$bin/firefox2tsv "$1" >"$out/f.tsv" || { bad "firefox2tsv $1"; return; }
	n=$(awk -F'\t' '$1 == "sources"' "$out/f.tsv" | wc -l)
	i=1
	while [ $i -le $n ]; do
		$bin/tsvtop -q -s $i --unit raw --nodefraction 0 -n 100000 \
		    "$out/f.tsv" | awk -F'\t' -v s=$i '
		    # native code: its library, or no function
		    NR == FNR { lib[$0]; next }
		    FNR > 1 { t += $2 }
		    FNR > 1 && $2 > 0 && !($1 in lib) && $1 != "<unknown>" {
			print s "\t" $1 "\t" $2 }
		    END { print s "\ttotal\t" t }' "$out/libs" -
		i=$((i + 1))
	done | LC_ALL=C sort >"$out/got"
	[ -s "$out/want" ] || bad "node read no threads of $1"
	same "$out/want" "each thread's samples and its functions' own, as node counts them"
}

# The head of a hand-made stream of one mapping table and locations with
# the extension columns (the rows follow).
stream_head() {
	printf '#meta\tkey\tvalue\nmeta\tversion\t2.0\n'
	printf '#sources\tsource_id\tsource_type\tsource_uri\tsource_timestamp\n'
	printf '#.mappings\tmapping_id\tmemory_start\tmemory_limit\tfile_offset\tfilename\tbuild_id\thas_functions\thas_filenames\thas_line_numbers\thas_inline_frames\n'
	printf '#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line\n'
	printf '#locations\tlocation_id\tfunction_id\tline\t.address\t.mapping_id\t.is_folded\t.inlined\t.column\n'
	printf '#samples\tsample_id\tsource_id\n#sample_values\tsample_id\ttype\tunit\tvalue\n'
	printf '#sample_locations\tsample_id\tdepth\tlocation_id\n'
	printf 'sources\t1\tpprof\tNA\tNA\n'
}

# The head of a hand-made stream of one source (manual) and the core
# tables (locations without extension columns), and .sample_labels's
# with "labels": the rows follow, of any table.
plain_head() {
	printf '#meta\tkey\tvalue\nmeta\tversion\t2.0\n'
	printf '#sources\tsource_id\tsource_type\tsource_uri\tsource_timestamp\n'
	printf 'sources\t1\tmanual\tNA\tNA\n'
	printf '#functions\tfunction_id\tname\tsystem_name\tfilename\tstart_line\n'
	printf '#locations\tlocation_id\tfunction_id\tline\n'
	printf '#samples\tsample_id\tsource_id\n#sample_values\tsample_id\ttype\tunit\tvalue\n'
	printf '#sample_locations\tsample_id\tdepth\tlocation_id\n'
	[ "${1:-}" != labels ] ||
	    printf '#.sample_labels\tsample_id\tkey\tstr\tnum\tnum_unit\n'
}

# A sample of count 1 whose stack is locations 1 (leaf) and 2.
stream_sample() {
	printf 'samples\t1\t1\nsample_values\t1\tsamples\tcount\t1\n'
	printf 'sample_locations\t1\t1\t1\nsample_locations\t1\t2\t2\n'
}

# native_pipeline STAGES: STAGES (programs and their words, shell-quoted,
# stages joined by " -- ", as the page's engine takes them) run as a
# pipeline of $bin's programs by bash with pipefail, on standard input:
# what the engine's runs are compared with.
native_pipeline() {
	bin=$bin bash -o pipefail -c "$(printf '%s\n' "$1" |
	    sed 's|^|$bin/|; s/ -- / | $bin\//g')"
}

# 20 runs of five R profiles, each its own file ($out/runs/runN.out) and
# stream (runN.tsv): what a database's concurrent loaders load.
twenty_runs() {
	mkdir -p "$out/runs"
	_i=0
	for _k in 1 2 3 4; do
		for _f in "$R_MEM" tests/data/rprof/r-4.2/line.out \
		    tests/data/rprof/r-4.2/memory.out tests/data/rprof/r-4.2/gc.out \
		    tests/data/rprof/r-4.2/plain.out; do
			_i=$((_i + 1))
			cp "$_f" "$out/runs/run$_i.out"
			$bin/rprof2tsv "$out/runs/run$_i.out" >"$out/runs/run$_i.tsv"
		done
	done
}
