# r: R as the judge. R writes fresh Rprof files under every profiling
# option; they must convert, validate, come back byte for byte, and give
# summaryRprof's own figures.

t_r_fresh_profiles() {
	need Rscript || return
	Rscript tests/interop/rprof.R "$out" || { bad "R could not write profiles"; return; }
	for f in "$out"/*.out; do
		name=$(basename "$f" .out)
		$bin/rprof2tsv "$f" >"$out/$name.tsv" || { bad "rprof2tsv $name"; continue; }
		$bin/tsvvalidate "$out/$name.tsv" || bad "validate $name"
		$bin/tsv2rprof "$out/$name.tsv" >"$out/$name.back"
		cmp -s "$out/$name.back" "$f" || bad "round trip $name"
		[ "$(Rscript tests/interop/summary.R "$f" "same:$out/$name.back")" \
		    = "TRUE " ] || bad "summaryRprof reads tsv2rprof's $name differently"
		[ "$name" = append ] && continue	# summaryRprof: one header only
		$bin/tsvtop -q --all --unit=raw "$out/$name.tsv" |
		    awk -F'\t' 'NR > 1 { print $1 "\t" $2 "\t" $4 }' >"$out/st"
		cut -f 1,2 "$out/st" | awk -F'\t' '$2 > 0' >"$out/all.self"
		cut -f 1,3 "$out/st" >"$out/all.total"
		for kind in self total; do
			Rscript tests/interop/summary.R "$f" $kind >"$out/raw.$kind"
			r_compare $kind "$name"
		done
		case $name in memory*)
			$bin/tsvtop -q --all -m "$out/$name.tsv" |
			    awk -F'\t' 'NR > 1 { print $1 "\t" $7 }' >"$out/all.mem"
			Rscript tests/interop/summary.R "$f" mem >"$out/raw.mem"
			r_compare mem "$name" ;;
		esac
	done
}

# profile-tsv(5)'s R code reads a table with its escapes and NA decoded.
t_r_read_stream() {
	need Rscript || return
	Rscript tests/interop/read-stream.R tests/interop/escapes.tsv \
	    >"$out/escapes.R" &&
	    cmp -s "$out/escapes.R" tests/interop/escapes.R.expected ||
	    bad "profile-tsv(5)'s R code does not read escapes.tsv as expected"
}

# pprof CPU profiles to Rprof: summaryRprof reads what tsv2rprof writes
# and finds the stream's per-function sample counts.
t_r_pprof_to_rprof() {
	need Rscript || return
	for rel in go-1.19/go.cpu.pb.gz google-pprof/internal/report/testdata/sample.cpu \
	    r-prof-profile/1.out.prof.pb.gz pprofutils/labelframes.in.pprof; do
		f=tests/data/pprof/$rel
		$bin/pprof2tsv "$f" >"$out/p.tsv"
		$bin/tsv2rprof "$out/p.tsv" >"$out/p.out" ||
		    { bad "tsv2rprof of $rel"; continue; }
		awk -v rnames=1 -f tests/selftotal.awk "$out/p.tsv" >"$out/st"
		cut -f 1,2 "$out/st" | awk -F'\t' '$2 > 0' >"$out/all.self"
		cut -f 1,3 "$out/st" >"$out/all.total"
		for kind in self total; do
			Rscript tests/interop/summary.R "$out/p.out" $kind >"$out/raw.$kind"
			r_compare $kind "pprof2tsv $rel | tsv2rprof"
		done
	done
}

# R reads tsv2pprof's gzip output (a member per 256 KB, by libdeflate) as
# gzip does: the same protobuf bytes.
t_r_gzip_members() {
	need Rscript gzip || return
	f=tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu
	$bin/pprof2tsv "$f" | $bin/tsv2pprof >"$out/l.pb.gz"
	gzip -t "$out/l.pb.gz" || bad "gzip -t of tsv2pprof's output"
	gzip -dc "$out/l.pb.gz" >"$out/want.pb"
	Rscript -e 'a <- commandArgs(TRUE); con <- gzfile(a[1], "rb");' \
	    -e 'x <- readBin(con, "raw", 1e9); close(con); writeBin(x, a[2])' \
	    "$out/l.pb.gz" "$out/got.pb" || bad "R could not read the gzip file"
	cmp -s "$out/want.pb" "$out/got.pb" ||
	    bad "R reads tsv2pprof's gzip output otherwise than gzip"
}

# R's line view: on every line-profiled Rprof file of tests/data, and on
# R's fresh ones, tsvtop -l is summaryRprof(lines = "show"): self charged
# to the innermost frame with a line, <no location> for samples without
# one, the figures in seconds and percent as R gives them.
t_r_line_view() {
	need Rscript || return
	Rscript tests/interop/rprof.R "$out" >/dev/null 2>&1 ||
	    { bad "R could not write profiles"; return; }
	for f in $(grep -l '^line profiling\|^memory profiling: line' \
	    $(rprof_files) "$out"/*.out 2>/dev/null | sort -u); do
		# summaryRprof reads one session: files with one header only;
		# incomplete.out is cut by hand, which rprof2tsv says and R
		# does not
		[ "$(grep -c 'sample.interval=' "$f")" = 1 ] || continue
		[ "${f##*/}" != incomplete.out ] || continue
		Rscript tests/interop/summary-lines.R "$f" 2>/dev/null |
		    sort >"$out/r.all" || continue
		[ -s "$out/r.all" ] || continue
		# summaryRprof splits a name with spaces into tokens it takes
		# for locations (NA#...): without self, they are left out; with
		# one, the file is R's to get wrong
		if awk -F'\t' '$1 ~ /^NA#/ && $2 > 0 { bad = 1 } END { exit !bad }' \
		    "$out/r.all"; then
			echo "skipped $f: summaryRprof charges a split name"
			continue
		fi
		grep -v '^NA#' "$out/r.all" >"$out/r.lines"
		$bin/rprof2tsv "$f" 2>/dev/null | $bin/tsvtop -q -l |
		    awk -F'\t' 'NR > 1 { k = $1 == "<no location>" ? $1 : $2 "#" $3
			printf "%s\t%.10g\t%.10g\t%.10g\t%.10g\n", k, $4, $5, $6, $7 }' |
		    sort >"$out/o.lines"
		if cmp -s "$out/r.lines" "$out/o.lines"; then
			n=$((${n:-0} + 1))
		else
			bad "tsvtop -l of $f differs from summaryRprof(lines = \"show\")"
			diff "$out/r.lines" "$out/o.lines" | head -5
		fi
	done
	echo "${n:-0} files the same"
	[ "${n:-0}" -gt 10 ] || bad "only ${n:-0} files compared"
}

# tsvlist on R's fresh line profiles: each line's flat and cum are
# summaryRprof(lines = "show")'s self.time and total.time, its mem_total
# (-m) summaryRprof's with memory = "both", and the text is workload.R's.
t_r_list() {
	need Rscript || return
	Rscript tests/interop/rprof.R "$out" >/dev/null 2>&1 ||
	    { bad "R could not write profiles"; return; }
	for name in line memory-line memory-gc-line; do
		f=$out/$name.out
		Rscript tests/interop/summary-lines.R "$f" 2>/dev/null |
		    awk -F'\t' '$1 !~ /^(NA#|<no location>)/ {
			print $1 "\t" $2 "\t" $4 }' | sort >"$out/r.lines"
		$bin/rprof2tsv "$f" >"$out/p.tsv"
		$bin/tsvlist -q --source-path tests/interop . "$out/p.tsv" \
		    >"$out/list" || bad "tsvlist failed on $name.out"
		awk -F'\t' 'NR > 1 && ($4 != "." || $5 != ".") {
			print $2 "#" $3 "\t" ($4 == "." ? 0 : $4) "\t" $5 }' \
		    "$out/list" | sort >"$out/o.lines"
		same_lines r.lines o.lines "$name.out: flat and cum"
		grep -q '	fib <- function(n) if (n < 2) n else' "$out/list" ||
		    bad "$name.out: workload.R's text is not listed"
		case $name in memory*) ;; *) continue ;; esac
		Rscript tests/interop/summary-lines.R "$f" mem 2>/dev/null |
		    awk -F'\t' '$1 !~ /^(NA#|<no location>)/' |
		    sort >"$out/r.mem"
		$bin/tsvlist -q -m --source-path tests/interop . "$out/p.tsv" |
		    awk -F'\t' 'NR > 1 && $5 != "." {
			print $2 "#" $3 "\t" ($6 == "." ? "0.0" : $6) }' |
		    sort >"$out/o.mem"
		same_lines r.mem o.mem "$name.out: mem_total"
	done
}

# R's door: the R package (rpkg/) reads the stream of every profile of the test
# data (Rprof, pprof in all its formats, OTLP, folded; the audits' valid
# streams, as tsvcombine writes them: Inf, bad UTF-8, long names; rows
# in reverse order; every
# escape) into the 2.0 tables, whose types and keys R checks, and writes
# it back byte for byte; written from tables made in R (no row order
# kept) it is valid and the same profile to tsvtop.
t_r_stream_tables() {
	need Rscript || return
	: >"$out/list"
	i=0
	for f in $(rprof_files; pprof_files) tests/data/otlp/* \
	    tests/data/folded/*.* tests/data/folded/austin/* \
	    tests/data/audit*/*.tsv; do
		i=$((i + 1))
		case $f in
		*.tsv) $bin/tsvcombine "$f" >"$out/s$i.tsv" 2>/dev/null ;;
		*.otlp*) $bin/otlp2tsv "$f" >"$out/s$i.tsv" 2>/dev/null ;;
		*.txt|*.austin.gz) $bin/folded2tsv "$f" >"$out/s$i.tsv" 2>/dev/null ;;
		*) $bin/$(converter "$f") "$f" >"$out/s$i.tsv" 2>/dev/null ;;
		esac && $bin/tsvvalidate -q "$out/s$i.tsv" 2>/dev/null || continue
		echo "$out/s$i.tsv" >>"$out/list"
	done
	printf 'main;NA;a\\b;x\ty;\\NA;caf\303\251 3\nmain;NA 2\n' |
	    $bin/folded2tsv >"$out/escapes.tsv"
	mk_reversed
	printf '%s\n' "$out/escapes.tsv" "$out/rev.tsv" >>"$out/list"
	test "$(wc -l <"$out/list")" -gt 90 || bad "only $(wc -l <"$out/list") streams"
	R_LIBS=$top/build/R Rscript tests/interop/stream-tables.R "$out/list" \
	    >"$out/problems" 2>&1
	# from a .gz file and from a pipe: the same tables
	gzip -c "$out/a.tsv" >"$out/a.tsv.gz"
	R_LIBS=$top/build/R Rscript tests/interop/stream-sources.R "$out/a.tsv" "$out/a.tsv.gz" \
	    >"$out/same" 2>&1
	echo "TRUE TRUE " | cmp -s - "$out/same" ||
	    bad "read_profile_stream reads a .gz file or a pipe otherwise: $(cat "$out/same")"
	test -s "$out/problems" && { bad "R's door:"; head -5 "$out/problems"; }
	while read -r s; do
		cmp -s "$s" "$s.back" || bad "$s: R wrote back other bytes"
		$bin/tsvvalidate -q "$s.plain" 2>/dev/null ||
		    bad "$s: the stream R wrote from its tables is invalid"
		# the figures, or the same refusal (its line may differ)
		$bin/tsvtop -q --all --unit=raw "$s" >"$out/t1" 2>/dev/null
		echo $? >>"$out/t1"
		$bin/tsvtop -q --all --unit=raw "$s.plain" >"$out/t2" 2>/dev/null
		echo $? >>"$out/t2"
		cmp -s "$out/t1" "$out/t2" ||
		    bad "$s: tsvtop differs on the stream R wrote from its tables"
	done <"$out/list"
}

# tsv2sql's SQLite database read by RSQLite through the 2.0 views
# (samples, sample_values, sample_locations): per value type its samples
# and their sum, and the frames, as the stream sql2tsv writes has them.
t_r_rsqlite_views() {
	need Rscript || return
	Rscript -e 'quit(status = !requireNamespace("RSQLite", quietly = TRUE))' ||
	    { echo r-cran-rsqlite >>"$out/.missing"; return; }
	for f in "$R_MEM" tests/data/pprof/google-pprof/profile/testdata/gobench.heap \
	    tests/data/pprof/pprofutils/labelframes.in.pprof; do
		rm -f "$out/v.db"
		$bin/tsv2sql -b "$out/v.db" "$f" && $bin/tsv2sql -b "$out/v.db" "$f" ||
		    { bad "tsv2sql -b $f"; continue; }
		$bin/sql2tsv "$out/v.db" | awk -F'\t' '
		    $1 == "samples" { n++ }
		    $1 == "sample_values" { c[$3 "\t" $4]++; s[$3 "\t" $4] += $5 }
		    $1 == "sample_locations" { fr++; d += $3; id += $4 }
		    END { for (k in c) printf "%s\t%d\t%.17g\n", k, c[k], s[k]
			printf "samples\t%d\nframes\t%d\t%.17g\t%.17g\n", n, fr, d, id }' |
		    sort >"$out/want"
		Rscript tests/interop/rsqlite-views.R "$out/v.db" | sort >"$out/got" ||
		    { bad "RSQLite could not read $f's database"; continue; }
		same "$out/want" "RSQLite's reading of the views of $f"
	done
}

# Rows in summaryRprof's order (issue 54): tsvtop's by self then total,
# -c by total then self, -l as by.self of lines = "show", ties of both in
# the order of R's names (R in the C locale), on every Rprof file of the
# tests with one header and R's fresh ones; the files with a name R
# splits at its spaces are left out (summaryRprof's figures are then
# another profile's), and the frame of top-level code (<toplevel>, which
# summaryRprof's function view does not show).
t_r_row_order() {
	need Rscript || return
	Rscript tests/interop/rprof.R "$out" >/dev/null 2>&1 ||
	    { bad "R could not write profiles"; return; }
	n=0
	for f in $(rprof_files) "$out"/*.out; do
		[ "$(grep -c 'sample.interval=' "$f")" = 1 ] || continue
		[ "${f##*/}" != incomplete.out ] || continue
		# a file cut short: rprof2tsv drops the frame cut, R keeps it
		$bin/rprof2tsv "$f" >"$out/s.tsv" 2>"$out/err" || continue
		[ -s "$out/err" ] && continue
		awk -F'\t' '$1 == "functions" && $3 ~ / / { s = 1 }
		    END { exit !s }' "$out/s.tsv" && continue
		for what in self total lines; do
			LC_ALL=C Rscript tests/interop/summary-order.R "$f" \
			    $what >"$out/r.$what" 2>/dev/null || continue
			case $what in
			self) a= ;; total) a=-c ;; lines) a=-l ;;
			esac
			# shellcheck disable=SC2086
			$bin/tsvtop -q --all $a "$out/s.tsv" | awk -F'\t' -v w=$what '
			    NR == 1 { next }
			    w == "self" && $2 == 0 || w == "lines" && $4 == 0 { next }
			    w == "lines" { k = $3 == 0 ? $1 : $2 "#" $3 }
			    w != "lines" && $1 == "<toplevel>" { next }
			    w != "lines" { k = $1 }
			    { gsub(/"/, "", k); print k }' >"$out/o.$what"
			if [ "$what" = lines ] && ! grep -q '#' "$out/r.$what"
			then
				continue	# no line profiling
			fi
			n=$((n + 1))
			cmp -s "$out/r.$what" "$out/o.$what" ||
			    bad "${f##*/}: tsvtop $a rows not in summaryRprof's order: $(diff "$out/r.$what" "$out/o.$what" | head -4 | tr '\n' ' ')"
		done
	done
	echo "$n tables compared"
	[ $n -gt 20 ] || bad "only $n tables compared"
}
