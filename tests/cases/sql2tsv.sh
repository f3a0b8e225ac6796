# sql2tsv: profiles back out of the store tsv2sql fills (SQLite here;
# PostgreSQL, one server and shards, in make interop). The judges: the
# stream that went in (tsvcombine's), sqlite3's own answers.

# Every profile of the test data (tsvcombine makes the streams), each
# loaded alone: the rows read back are the rows that went in, with
# tsvcombine's ids. The database keeps no row order between tables, so
# the rows are compared sorted; and it holds pprof's columns of locations
# always, so a profile whose columns are all neutral (NA, NA, FALSE,
# FALSE, 0: node's old .cpuprofile) comes back without them, as
# tsvcombine writes an input that has none.
t_sql2tsv_round_trip() {
	need sqlite3 || return
	n=0
	find tests/data -type f \( -path '*/rprof/*' -o -path '*/pprof/*' \
	    -o -path '*/otlp/*' -o -path '*/folded/*' -o -path '*/perf/*' \
	    -o -path '*/cpuprofile/*' -o -path '*/speedscope/*' \) \
	    ! -name '*.md' ! -name '*.tsv' ! -path '*/importer/*' | sort | pick \
	    >"$out/files"
	while read -r f; do
		$bin/tsvcombine "$f" >"$out/in.tsv" 2>/dev/null || continue
		rm -f "$out/r.db"
		$bin/tsv2sql -b "$out/r.db" "$out/in.tsv" ||
		    { bad "tsv2sql -b of $f"; continue; }
		$bin/sql2tsv "$out/r.db" >"$out/back.tsv" ||
		    { bad "sql2tsv of $f's database"; continue; }
		n=$((n + 1))
		if grep -q '^#locations.*\.address' "$out/in.tsv" &&
		    ! grep -q '^#locations.*\.address' "$out/back.tsv" &&
		    awk -F'\t' '$1 == "locations" && ($5 != "NA" || $6 != "NA" ||
		    $7 != "FALSE" || $8 != "FALSE" || $9 != "0") { found = 1 }
		    END { exit !found }' "$out/in.tsv"; then
			bad "$f: pprof's columns of locations lost"
			continue
		fi
		awk -F'\t' -v OFS='\t' '$1 ~ /^#?locations$/ { NF = 4 } { print }' \
		    "$out/in.tsv" | sort >"$out/want"
		awk -F'\t' -v OFS='\t' '$1 ~ /^#?locations$/ { NF = 4 } { print }' \
		    "$out/back.tsv" | sort >"$out/got"
		cmp -s "$out/want" "$out/got" ||
		    bad "$f: read back, rows differ: $(diff "$out/want" "$out/got" | head -n 3)"
		sort "$out/in.tsv" >"$out/want"
		sort "$out/back.tsv" >"$out/got"
		grep -q '^#locations.*\.address' "$out/back.tsv" &&
		    ! cmp -s "$out/want" "$out/got" &&
		    bad "$f: read back, rows differ"
	done <"$out/files"
	[ $n -gt 150 ] || [ "${SUBSET:-1}" -gt 1 ] ||
	    bad "only $n profiles loaded and read back"
}

# Four loads (one twice): the database read whole is tsvcombine of the
# four, row for row; one run by -s is its profile (by tsv2folded: ids
# differ where the run shares functions with an earlier one).
t_sql2tsv_accumulate() {
	need sqlite3 || return
	A=$R_MEM B=tests/data/pprof/pprofutils/heapage.in.pprof
	C=tests/data/rprof/wild/cran__reshape/R/Rprof.out
	for f in $A $B $C $A; do $bin/tsv2sql -b "$out/m.db" $f; done
	$bin/sql2tsv "$out/m.db" | sort >"$out/got"
	$bin/tsvcombine $A $B $C $A | sort >"$out/want"
	same "$out/want" "four loads read whole"
	$bin/sql2tsv -o "$out/c.tsv" -s 3 "$out/m.db" &&
	    $bin/tsv2folded "$out/c.tsv" >"$out/got" ||
	    bad "sql2tsv -s 3"
	$bin/tsv2folded $C >"$out/want"
	same "$out/want" "source 3 of four"
	[ "$(grep -c '^sources' "$out/c.tsv")" = 1 ] ||
	    bad "sql2tsv -s 3 wrote other sources"
	$bin/sql2tsv -s 1,4 "$out/m.db" | $bin/tsvtop -q --all >"$out/got"
	$bin/tsvtop -q --all $A $A >"$out/want"
	same "$out/want" "sources 1 and 4 by tsvtop"
}

# --from/--to on sample times (perf's, here): the samples kept are those
# sqlite3 counts in the window, each with its time in it.
t_sql2tsv_window() {
	need sqlite3 || return
	# perf's times placed on Unix time by its reference (focus/clocks)
	f=tests/data/perf/clock/perf-clock-monotonic.txt.gz
	$bin/tsv2sql -b "$out/p.db" $f
	$bin/sql2tsv --from 1795930066.95 --to 1795930067.05 "$out/p.db" \
	    >"$out/w.tsv" || bad "sql2tsv --from --to"
	$bin/tsvvalidate "$out/w.tsv" || bad "the window is not a valid stream"
	want=$(sqlite3 "$out/p.db" "SELECT COUNT(*) FROM sample_times WHERE
	    time_unix_nano >= 1795930066950000000 AND
	    time_unix_nano < 1795930067050000000")
	got=$(grep -c '^samples' "$out/w.tsv")
	[ "$want" -gt 10 ] && [ "$got" = "$want" ] ||
	    bad "the window holds $got samples, sqlite3 counts $want"
	awk -F'\t' '$1 == ".sample_times" && ($3 < 1795930066950000000 ||
	    $3 >= 1795930067050000000) { print; bad = 1 } END { exit bad }' \
	    "$out/w.tsv" >/dev/null || bad "a sample outside the window"
	# the same moments as RFC 3339
	$bin/sql2tsv --from 2026-11-29T05:27:46.95Z \
	    --to '2026-11-29T06:27:47.05+01:00' "$out/p.db" >"$out/got"
	same "$out/w.tsv" "the window in RFC 3339"
	# an empty window says so
	$bin/sql2tsv --from 2030-01-01 "$out/p.db" >"$out/got" 2>"$out/err"
	[ $? = 1 ] && [ ! -s "$out/got" ] &&
	    grep -qF 'no sample matches the selection' "$out/err" ||
	    bad "an empty window: $(cat "$out/err")"
}

# Samples with no time of their own (Go's pprof profiles): in a window
# when their source's span (time_nanos for duration_nanos) meets it.
t_sql2tsv_span() {
	need sqlite3 || return
	G=tests/data/pprof/go-labelled
	$bin/tsv2sql -b "$out/g.db" $G/cpu1.pb.gz $G/heap1.pb.gz
	t=$(sqlite3 "$out/g.db" "SELECT value FROM source_attributes WHERE
	    source_id = 1 AND key = 'pprof.time_nanos'")
	d=$(sqlite3 "$out/g.db" "SELECT value FROM source_attributes WHERE
	    source_id = 1 AND key = 'pprof.duration_nanos'")
	# the profile's last nanosecond, and nothing of the heap's moment
	from=$(( (t + d - 1) / 1000000000 )).$(printf %09d $(( (t + d - 1) % 1000000000 )))
	$bin/sql2tsv --from $from "$out/g.db" --to $from >/dev/null 2>&1
	[ $? = 2 ] || bad "--from equal to --to was taken"
	to=$(( (t + d) / 1000000000 )).$(printf %09d $(( (t + d) % 1000000000 )))
	$bin/sql2tsv --from $from --to $to "$out/g.db" >"$out/w.tsv" ||
	    bad "a window at the end of cpu1's span"
	awk -F'\t' '$1 == "sources" { print $4 }' "$out/w.tsv" >"$out/got"
	echo "$G/cpu1.pb.gz" >"$out/want"
	same "$out/want" "the source whose span meets the window"
	[ "$(grep -c '^samples' "$out/w.tsv")" = \
	    "$(sqlite3 "$out/g.db" 'SELECT COUNT(*) FROM samples WHERE source_id = 1')" ] ||
	    bad "the window did not keep all of cpu1's samples"
}

# --label and --where: the samples sqlite3 finds; keys unknown named
# with the keys there are.
t_sql2tsv_select() {
	need sqlite3 || return
	G=tests/data/pprof/go-labelled
	$bin/tsv2sql -b "$out/g.db" $G/cpu1.pb.gz $G/heap1.pb.gz
	for sel in "worker=a" "worker=b" "bytes=16" "worker=a worker=b"; do
		args=$(for s in $sel; do printf ' --label %s' "$s"; done)
		cond=$(for s in $sel; do printf "%s (key = '%s' AND (str = '%s' OR num = '%s'))" \
		    "${or:-}" "${s%%=*}" "${s#*=}" "${s#*=}"; or=OR; done)
		unset or
		want=$(sqlite3 "$out/g.db" "SELECT COUNT(DISTINCT sample_id) FROM sample_labels WHERE $cond")
		got=$($bin/sql2tsv $args "$out/g.db" | grep -c '^samples')
		[ "$want" -gt 0 ] && [ "$got" = "$want" ] ||
		    bad "--label $sel: $got samples, sqlite3 finds $want"
	done
	$bin/sql2tsv --where pprof.period_type=cpu "$out/g.db" |
	    $bin/tsv2folded >"$out/got"
	$bin/tsv2folded $G/cpu1.pb.gz >"$out/want"
	same "$out/want" "--where pprof.period_type=cpu"
	for a in "--label nope=1" "--where service.name=api" \
	    "--label worker=a --label size=big" "-s 3"; do
		$bin/sql2tsv $a "$out/g.db" 2>&1 >/dev/null | sed "s|$out/||"
	done >"$out/got"
	cat >"$out/want" <<'EOT'
sql2tsv: g.db: no sample has a label nope (the keys there are: bytes, size, worker)
sql2tsv: g.db: no source has an attribute service.name (the keys there are: pprof.duration_nanos, pprof.period, pprof.period_type, pprof.period_unit, pprof.time_nanos)
sql2tsv: g.db: no sample matches the selection
sql2tsv: g.db: no source 3 (2 sources, ids 1 to 2)
EOT
	same "$out/want" "selections that match nothing"
	for a in "--label nope=1" "-s 3"; do
		$bin/sql2tsv $a "$out/g.db" >/dev/null 2>&1
		[ $? = 1 ] || bad "sql2tsv $a: not exit 1"
	done
}

# What is not tsv2sql's database is refused, naming it; a name is a
# file's; a read changes nothing; usage errors exit 2.
t_sql2tsv_refused() {
	need sqlite3 || return
	sqlite3 "$out/other.db" 'CREATE TABLE t (x);'
	sqlite3 "$out/old.db" 'CREATE TABLE sources (source_id INTEGER);
	    CREATE TABLE sample_stacks (x); CREATE TABLE sample_locations (x);'
	(cd "$out" && for d in README other.db old.db "" :memory: \
	    'file:x.db?mode=memory' missing.db; do
		echo x >README
		$bin/sql2tsv "$d"
		echo "exit $?"
	done) >"$out/got" 2>&1
	cat >"$out/want" <<'EOT'
sql2tsv: README: not a SQLite database (give tsv2sql's database file, or a PostgreSQL conninfo such as dbname=profiles)
exit 1
sql2tsv: other.db: not a profile database of tsv2sql (it has no sources table)
exit 1
sql2tsv: old.db: a database of tsv2sql 0.9's layout (samples and sample_locations as tables), which sql2tsv does not read: load its profiles again into a new one
exit 1
sql2tsv: an empty database name: give a file's
exit 1
sql2tsv: :memory:: No such file or directory
exit 1
sql2tsv: file:x.db?mode=memory: No such file or directory
exit 1
sql2tsv: missing.db: No such file or directory
exit 1
EOT
	same "$out/want" "what is not a profile database"
	$bin/tsv2sql -b "$out/r.db" "$R_MEM"
	sum=$(cksum <"$out/r.db")
	$bin/sql2tsv "$out/r.db" >/dev/null &&
	    [ "$(cksum <"$out/r.db")" = "$sum" ] &&
	    [ "$(ls "$out" | grep -c 'r.db-')" = 0 ] ||
	    bad "a read changed the database"
	for a in "" "--from yesterday" "--from 2026-02-30" "-s x" "--where x" \
	    "--label =1" "--from 10 --to 5" "a.db b.db"; do
		$bin/sql2tsv $a >/dev/null 2>&1
		[ $? = 2 ] || bad "sql2tsv $a: not exit 2"
	done
}

# The store's profiles open in every view: tsvtop of the database read
# back equals tsvtop of the runs.
t_sql2tsv_views() {
	need sqlite3 || return
	for f in $R_MEM tests/data/rprof/r-4.2/line.out; do
		$bin/tsv2sql -b "$out/v.db" $f
	done
	$bin/sql2tsv "$out/v.db" | $bin/tsvtop >"$out/got"
	$bin/tsvtop $R_MEM tests/data/rprof/r-4.2/line.out >"$out/want"
	same "$out/want" "tsvtop of the store"
}

# --merge: the samples selected as of one source, as pprof merges: the
# type they share, the database as uri, the earliest time, the
# attributes all have alike, pprof's time the earliest and duration the
# sum; every view's figures as of the sources apart.
t_sql2tsv_merge() {
	need sqlite3 || return
	G=tests/data/pprof/go-labelled
	$bin/tsv2sql -b "$out/r.db" $R_MEM $R_MEM
	$bin/sql2tsv -m "$out/r.db" >"$out/m.tsv" || bad "sql2tsv -m"
	$bin/tsvvalidate "$out/m.tsv" || bad "sql2tsv -m: an invalid stream"
	awk -F'\t' '$1 == "sources" || $1 == ".source_attributes"' \
	    "$out/m.tsv" | sed "s|$out/||" >"$out/got"
	{ printf 'sources\t1\trprof\tr.db\tNA\n'
	  $bin/rprof2tsv $R_MEM | awk -F'\t' -v OFS='\t' \
	      '$1 == ".source_attributes" { print }'
	  printf '.source_attributes\t1\tmerged.sources\t2\n'; } >"$out/want"
	same "$out/want" "two runs of one profile merged"
	# (but its header's count of sources)
	$bin/tsvtop "$out/m.tsv" | tail -n +2 >"$out/got"
	$bin/tsvtop $R_MEM $R_MEM | tail -n +2 >"$out/want"
	same "$out/want" "tsvtop of the merged runs"
	$bin/tsv2sql -b "$out/g.db" $G/cpu1.pb.gz $G/cpu2.pb.gz
	$bin/sql2tsv -m "$out/g.db" | awk -F'\t' '$1 == "sources" ||
	    $1 == ".source_attributes" { print $3, $4 }' >"$out/got"
	t1=$(sqlite3 "$out/g.db" "SELECT MIN(CAST(value AS INTEGER)) FROM
	    source_attributes WHERE key = 'pprof.time_nanos'")
	d=$(sqlite3 "$out/g.db" "SELECT SUM(CAST(value AS INTEGER)) FROM
	    source_attributes WHERE key = 'pprof.duration_nanos'")
	cat >"$out/want" <<EOT
pprof $out/g.db
pprof.period_type cpu
pprof.period_unit nanoseconds
pprof.period 10000000
pprof.time_nanos $t1
pprof.duration_nanos $d
merged.sources 2
EOT
	same "$out/want" "two Go profiles merged"
}

# A sample's values are packed in its row, its list of value types a
# kind of its own: samples of different lists, types and units of any
# bytes, infinite, non-integral and 64-bit values come back as loaded,
# through -b and through the script.
t_sql2tsv_kinds() {
	need sqlite3 || return
	$bin/tsvcombine tests/sql/kinds.tsv >"$out/want"
	$bin/tsv2sql -b "$out/b.db" tests/sql/kinds.tsv &&
	    $bin/tsv2sql -b "$out/b.db" tests/sql/kinds.tsv ||
	    bad "tsv2sql -b failed"
	$bin/tsv2sql -D sqlite tests/sql/kinds.tsv | sqlite3 -bail "$out/s.db" ||
	    bad "tsv2sql's script failed"
	$bin/sql2tsv "$out/s.db" >"$out/got"
	same "$out/want" "kinds.tsv through the script"
	$bin/sql2tsv -s 2 "$out/b.db" | sed 's/^\(sources\t\)2/\11/' >"$out/got"
	same "$out/want" "kinds.tsv added twice, the second read"
	echo "SELECT COUNT(*) FROM value_kinds; SELECT COUNT(*) FROM value_types;" |
	    sqlite3 "$out/b.db" | tr '\n' ' ' >"$out/got"
	printf '6 20 ' >"$out/want"
	same "$out/want" "the kinds of kinds.tsv added twice"
	# the view: a column each, the ninth and tenth from more_values
	echo "SELECT sample_id, type, unit, value, typeof(value) FROM sample_values WHERE sample_id > 3 ORDER BY sample_id, type;" |
	    sqlite3 -separator '|' "$out/s.db" >"$out/got"
	cat >"$out/want" <<'EOT'
4|cpu|nanoseconds|9007199254740993|integer
4|samples|count|-Inf|real
5|cpu|nanoseconds|0.1|real
5|samples|count|1.0e+300|real
5|x,y|[1]|-3|integer
6|t1|count|1|integer
6|t10|count|-Inf|real
6|t2|count|2|integer
6|t3|count|3|integer
6|t4|count|4|integer
6|t5|count|5|integer
6|t6|count|6|integer
6|t7|count|7|integer
6|t8|count|8|integer
6|t9|count|0.5|real
EOT
	same "$out/want" "the view sample_values of kinds.tsv"
}

# A database of the layout before packed samples (a row per value in a
# table sample_values; tests/sql/layout-rows-sqlite.sql is the script of
# that tsv2sql, from tests/otlp/good/v110.tsv) is read as it is, and
# copied into the new layout by sql2tsv | tsv2sql; tsv2sql refuses to add
# to it, naming that, and changes nothing.
t_sql2tsv_previous_layout() {
	need sqlite3 || return
	sqlite3 -bail "$out/old.db" <tests/sql/layout-rows-sqlite.sql ||
	    bad "the previous layout's script failed"
	# as the new layout reads, row for row; the rows tsvcombine writes
	$bin/tsv2sql -b "$out/fresh.db" tests/otlp/good/v110.tsv &&
	    $bin/sql2tsv "$out/fresh.db" >"$out/want"
	$bin/sql2tsv "$out/old.db" >"$out/got"
	same "$out/want" "the previous layout read"
	$bin/tsvcombine tests/otlp/good/v110.tsv | sort >"$out/want.sorted"
	sort "$out/got" | cmp -s - "$out/want.sorted" ||
	    bad "the previous layout's rows are not tsvcombine's"
	$bin/sql2tsv "$out/old.db" | $bin/tsv2sql -b "$out/new.db" &&
	    $bin/sql2tsv "$out/new.db" >"$out/got"
	same "$out/want" "the previous layout copied into a new database"
	sum=$(cksum <"$out/old.db")
	$bin/tsv2sql -b "$out/old.db" tests/otlp/good/v110.tsv 2>"$out/err"
	rc=$?
	[ $rc = 1 ] && grep -qF 'the layout before packed samples: copy it into a new database with sql2tsv (sql2tsv old.db | tsv2sql -b new.db)' "$out/err" ||
	    bad "tsv2sql -b into the previous layout: exit $rc, $(cat "$out/err")"
	$bin/tsv2sql -D sqlite tests/otlp/good/v110.tsv |
	    sqlite3 -bail "$out/old.db" 2>"$out/err" &&
	    bad "tsv2sql's script added to the previous layout"
	grep -qF 'the layout before packed samples' "$out/err" ||
	    bad "the script into the previous layout: $(cat "$out/err")"
	[ "$(cksum <"$out/old.db")" = "$sum" ] ||
	    bad "the previous layout's database was changed"
}

# A database that is not tsv2sql's is refused before it is read (audit
# B3): a table made a view (an endless recursive one would never end), a
# virtual table, a table without a column tsv2sql makes; a value past a
# stream's line (a 20 MB blob) stops the read with SQLite's words. Each
# within a second, exit 1, nothing on standard output.
t_sql2tsv_not_ours() {
	need sqlite3 || return
	f=tests/data/audit-2026-11-29/sql-hostile.tsv
	$bin/tsv2sql -b "$out/good.db" "$f" || bad "tsv2sql -b sql-hostile.tsv"
	for v in view virtual column blob; do
		cp "$out/good.db" "$out/$v.db"
	done
	sqlite3 "$out/view.db" "ALTER TABLE functions RENAME TO f_real;
	    CREATE VIEW functions AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL
	    SELECT x + 1 FROM c) SELECT x AS function_id, 'n' AS name, 'n' AS
	    system_name, '' AS filename, 0 AS start_line FROM c;"
	sqlite3 "$out/virtual.db" "DROP TABLE sample_times; CREATE VIRTUAL TABLE
	    sample_times USING fts5(sample_id, time_unix_nano);" ||
	    bad "fts5: no virtual table made"
	sqlite3 "$out/column.db" "ALTER TABLE sources DROP COLUMN source_uri;"
	sqlite3 "$out/blob.db" "UPDATE functions SET name = zeroblob(20000000);"
	cat >"$out/want" <<EOT
view|not a profile database of tsv2sql: functions is not a table (a view?)
virtual|not a profile database of tsv2sql: sample_times is not a table (a view?)
column|not a profile database of tsv2sql: its table sources has no column source_uri
blob|reading the profiles: string or blob too big
EOT
	for v in view virtual column blob; do
		timeout 20 $bin/sql2tsv "$out/$v.db" >"$out/$v.out" 2>"$out/err"
		rc=$?
		[ $rc = 1 ] || bad "$v.db: exit $rc"
		[ -s "$out/$v.out" ] && bad "$v.db: output on failure"
		printf '%s|%s\n' $v "$(sed "s|^sql2tsv: $out/$v.db: ||" "$out/err")"
	done >"$out/got"
	same "$out/want" "databases that are not tsv2sql's"
	$bin/sql2tsv --timeout x "$out/good.db" 2>/dev/null
	[ $? = 2 ] || bad "--timeout x: not a usage error"
	$bin/sql2tsv --timeout 0 "$out/good.db" >/dev/null || bad "--timeout 0"
}

# sql2tsv's message when its output fails mid-read (audit B10): the
# write error's own words, never bytes it did not set.
t_sql2tsv_output_fails() {
	[ -w /dev/full ] || { echo /dev/full >>"$out/.missing"; return; }
	$bin/rprof2tsv "$R_MEM" >"$out/s.tsv"
	$bin/tsv2sql -b "$out/m.db" "$out/s.tsv" "$out/s.tsv" "$out/s.tsv"
	$bin/sql2tsv "$out/m.db" >/dev/full 2>"$out/err"
	rc=$?
	echo "sql2tsv: <stdout>: write error: No space left on device" >"$out/want"
	cp "$out/err" "$out/got"
	[ $rc = 1 ] || bad "exit $rc"
	same "$out/want" "sql2tsv's message on a full disk"
}
