# sql: tsv2sql's scripts, run by SQLite (tests/sqlcheck.sh has the checks
# PostgreSQL runs too, in make interop).

sqlite_db() {
	need sqlite3 || return 1
	. tests/sqlcheck.sh
	dialect=sqlite
	db_reset() { rm -f "$out/test.db"; }
	db_load() { sqlite3 -bail "$out/test.db" <"$1" >/dev/null; }
	db_query() { sqlite3 -separator '|' "$out/test.db" <"$1"; }
}

t_sql_text() { sqlite_db && sql_text; }
t_sql_accumulate() { sqlite_db && sql_accumulate; }
t_sql_queries() { sqlite_db && sql_queries; }
t_sql_cut_short() { sqlite_db && sql_cut_short; }

# An invalid stream is refused before any SQL, with the validator's
# message.
t_sql_invalid_refused() {
	$bin/tsv2sql tests/validate/bad-missing-depth.tsv >"$out/got" 2>"$out/err"
	rc=$?
	want=$($bin/tsvvalidate tests/validate/bad-missing-depth.tsv 2>&1 |
	    head -n 1 | sed 's/^tsvvalidate: //')
	[ $rc = 1 ] && [ ! -s "$out/got" ] && grep -qF "tsv2sql: $want" "$out/err" ||
	    bad "tsv2sql of an invalid stream: $(cat "$out/err")"
}

# tsv2sql(1) shows the queries the tests run, as they are.
t_sql_man_queries() {
	for q in self-total by-line by-source memory over-time; do
		tr '\n' '\001' <tests/sql/$q.sql >"$out/q1"
		tr '\n' '\001' <man/tsv2sql.1 >"$out/m1"
		grep -qF -e "$(cat "$out/q1")" "$out/m1" ||
		    bad "tsv2sql(1) lacks tests/sql/$q.sql"
	done
}

# A 1.0 stream loads as 2.0.
t_sql_v1() {
	sqlite_db || return
	db_reset
	echo 'SELECT source_type FROM sources;' >"$out/q.sql"
	$bin/tsv2sql tests/validate/ok-v1.tsv >"$out/v1.sql" &&
	    db_load "$out/v1.sql" && [ "$(db_query "$out/q.sql")" = manual ] ||
	    bad "tsv2sql of a 1.0 stream"
}

# A file that is no stream: the validator's first message (audit F10).
t_sql_not_a_stream() {
	A=tests/data/audit-2026-11-25
	for f in F10-sql-x.txt F10-sql-zeros.bin; do
		(cd $A && "$bin/tsv2sql" $f; echo "exit $?") 2>&1
	done >"$out/got"
	cat >"$out/want" <<'EOT'
tsv2sql: F10-sql-x.txt:1: last line has no LF (stream cut short?) (and 1 more problems: see tsvvalidate)
exit 1
tsv2sql: F10-sql-zeros.bin: binary data of no format the suite reads (not a pprof profile: neither gzip, zstd nor a valid protobuf (a field number out of range))
exit 1
EOT
	same "$out/want" "tsv2sql of files that are no stream"
}

# PostgreSQL: the script sets its encoding (audit F7) and looks up long
# names by their md5 (F5); a name that is not UTF-8 is refused before
# anything is written, the row named.
t_sql_postgresql_script() {
	A=tests/data/audit-2026-11-25
	$bin/tsv2sql -D postgresql $A/F5-sql-long-name.tsv >"$out/s.sql"
	grep -qx "SET client_encoding = 'UTF8';" "$out/s.sql" ||
	    bad "no client_encoding in the PostgreSQL script"
	grep -q 'functions_key ON functions (md5("name"), md5("system_name"), md5("filename"), "start_line")' \
	    "$out/s.sql" || bad "functions_key does not index md5s"
	$bin/tsv2sql -D postgresql -o "$out/bad.sql" $A/F1-flame-bad-utf8.tsv \
	    2>"$out/got"
	echo "exit $?" >>"$out/got"
	printf '%s\n' "tsv2sql: $A/F1-flame-bad-utf8.tsv:10: functions.name: byte 0xed at 2 is not UTF-8, which PostgreSQL's text holds (convert the names, or load into SQLite, which keeps any bytes)" \
	    'exit 1' >"$out/want"
	same "$out/want" "tsv2sql -D postgresql of names that are not UTF-8"
	[ ! -e "$out/bad.sql" ] || bad "a refused script was written"
}

# tsv2sql -b: the same checks with the database written directly.
sqlite_direct() {
	sqlite_db || return 1
	db_add() { $bin/tsv2sql -b "$out/test.db" "$1"; }
}
t_sql_direct_text() { sqlite_direct && sql_text; }
t_sql_direct_accumulate() { sqlite_direct && sql_accumulate; }
t_sql_direct_queries() { sqlite_direct && sql_queries; }

# -b gives the database the script gives, table for table.
t_sql_direct_as_script() {
	sqlite_db || return
	$bin/rprof2tsv "$R_MEM" >"$out/a.tsv"
	$bin/pprof2tsv tests/data/pprof/go-1.19/go.heap.pb.gz >"$out/b.tsv"
	db_reset
	for s in a b a; do
		$bin/tsv2sql "$out/$s.tsv" | sqlite3 -bail "$out/test.db"
	done
	sql_table_dump >"$out/script.dump"
	db_reset
	for s in a b a; do $bin/tsv2sql -b "$out/test.db" "$out/$s.tsv"; done
	sql_table_dump >"$out/direct.dump"
	cmp -s "$out/script.dump" "$out/direct.dump" &&
	    [ "$(wc -l <"$out/direct.dump")" -gt 1000 ] ||
	    bad "tsv2sql -b and tsv2sql | sqlite3 give other databases"
}

# Values come back as the stream holds them: integers as INTEGER, exact
# to 64 bits (not 2139.0), fractions as REAL, Inf as Inf; by both ways.
t_sql_integers() {
	sqlite_db || return
	printf 'main 9223372036854775807\nmain;f 2139\n' | $bin/folded2tsv |
	    awk -F'\t' 'BEGIN { OFS = FS } $1 == "sample_values" && $2 == 2 { $5 = "2.5" } { print }' \
	    >"$out/v.tsv"
	printf 'main 1\n' | $bin/folded2tsv |
	    sed 's/^\(sample_values\t1\tsamples\tcount\t\)1$/\1Inf/' >"$out/inf.tsv"
	echo "SELECT value, typeof(value) FROM sample_values ORDER BY sample_id;" >"$out/q.sql"
	printf '%s\n' '9223372036854775807|integer' '2.5|real' 'Inf|real' >"$out/want"
	db_reset
	$bin/tsv2sql -b "$out/test.db" "$out/v.tsv" &&
	    $bin/tsv2sql -b "$out/test.db" "$out/inf.tsv"
	db_query "$out/q.sql" >"$out/got"
	same "$out/want" "tsv2sql -b: values' types"
	db_reset
	cat "$out/v.tsv" | $bin/tsv2sql | sqlite3 "$out/test.db"
	$bin/tsv2sql "$out/inf.tsv" | sqlite3 "$out/test.db"
	db_query "$out/q.sql" >"$out/got"
	same "$out/want" "tsv2sql | sqlite3: values' types"
}

# A load that fails leaves the database as it was: a file that is no
# database; a disk that fills up (a file size limit, SIGXFSZ ignored);
# a load killed at any moment (SIGTERM, SIGKILL: SQLite's journal).
t_sql_direct_failures() {
	sqlite_direct || return
	$bin/rprof2tsv "$R_MEM" >"$out/a.tsv"
	# 32 copies: a load of some 70 ms (0.2 s before packed samples), to be
	# killed in the middle, 5 to 95 ms in
	$bin/tsvcombine $(for i in $(seq 32); do echo "$out/a.tsv"; done) \
	    >"$out/big.tsv"
	echo "PRAGMA integrity_check; SELECT COUNT(*) FROM samples; SELECT COUNT(*) FROM sample_locations; SELECT COUNT(*) FROM functions;" >"$out/q.sql"
	echo 'not a database, but long enough to look like one' >"$out/no.db"
	cp "$out/no.db" "$out/no.copy"
	$bin/tsv2sql -b "$out/no.db" "$out/a.tsv" 2>"$out/err"
	rc=$?
	[ $rc = 1 ] && grep -q 'not a database' "$out/err" &&
	    cmp -s "$out/no.db" "$out/no.copy" ||
	    bad "tsv2sql -b into a file that is no database: exit $rc, $(cat "$out/err")"
	db_reset
	db_add "$out/a.tsv"
	db_query "$out/q.sql" >"$out/before"
	# the limit of a file: the staging of big.tsv passes it; that of
	# a.tsv does not, but the database grown by it does (by 20 KB)
	sz=$(wc -c <"$out/test.db")
	for f in big a; do
		(ulimit -f $(((sz + 8192) / 512)); trap '' XFSZ
		    exec $bin/tsv2sql -b "$out/test.db" "$out/$f.tsv") \
		    2>"$out/err"
		rc=$?
		db_query "$out/q.sql" >"$out/after"
		[ $rc = 1 ] && grep -q 'disk I/O error' "$out/err" ||
		    bad "tsv2sql -b on a full disk ($f): exit $rc, $(cat "$out/err")"
		cmp -s "$out/before" "$out/after" ||
		    bad "tsv2sql -b on a full disk ($f) changed the database"
	done
	db_add "$out/big.tsv"
	db_query "$out/q.sql" >"$out/whole"
	# (twice under valgrind, SUBSET: each load is slow there)
	for sig in TERM KILL $([ -z "${SUBSET:-}" ] && echo TERM KILL TERM KILL); do
		db_reset
		db_add "$out/a.tsv"
		$bin/tsv2sql -b "$out/test.db" "$out/big.tsv" &
		pid=$!
		sleep 0.0$(awk -v s=$$$sig 'BEGIN { srand(s); printf "%02d", 5 + rand() * 90 }')
		kill -$sig $pid 2>/dev/null
		{ wait $pid; } 2>/dev/null
		db_query "$out/q.sql" >"$out/got"
		cmp -s "$out/got" "$out/before" || cmp -s "$out/got" "$out/whole" ||
		    bad "tsv2sql -b killed ($sig): the database is neither as before nor loaded: $(tr '\n' ' ' <"$out/got")"
	done
}

# Loads at once into one file all land: each waits its turn.
t_sql_direct_concurrent() {
	sqlite_direct || return
	$bin/rprof2tsv "$R_MEM" >"$out/a.tsv"
	n=$(grep -c '^samples' "$out/a.tsv")
	db_reset
	for i in 1 2 3 4 5 6; do
		$bin/tsv2sql -b "$out/test.db" "$out/a.tsv" 2>"$out/err$i" &
	done
	wait
	echo "SELECT COUNT(*) FROM samples; SELECT COUNT(DISTINCT source_id) FROM samples; SELECT COUNT(*) FROM functions;" >"$out/q.sql"
	printf '%s\n' $((n * 6)) 6 "$(grep -c '^functions' "$out/a.tsv")" >"$out/want"
	db_query "$out/q.sql" >"$out/got"
	same "$out/want" "six tsv2sql -b at once into one database"
	cat "$out"/err? | grep . && bad "a concurrent load said something"
	:
}

t_sql_stacks_once() { sqlite_db && sql_stacks_once script; }
t_sql_direct_stacks_once() { sqlite_direct && sql_stacks_once -b; }

# A database of tsv2sql 0.9 (samples and sample_locations tables) is
# not added to: the load fails, naming why, and changes nothing.
t_sql_old_layout() {
	sqlite_db || return
	$bin/rprof2tsv "$R_MEM" >"$out/a.tsv"
	db_reset
	echo 'CREATE TABLE samples (sample_id INTEGER PRIMARY KEY, source_id INTEGER);
CREATE TABLE sample_locations (sample_id INTEGER, depth INTEGER, location_id INTEGER);' |
	    sqlite3 "$out/test.db"
	cp "$out/test.db" "$out/copy.db"
	msg="this database holds the tables of tsv2sql 0.9 (samples and sample_locations as tables): add the profiles to a new database"
	$bin/tsv2sql -b "$out/test.db" "$out/a.tsv" 2>"$out/err"
	rc=$?
	[ $rc = 1 ] && grep -qF "$msg" "$out/err" ||
	    bad "tsv2sql -b into a 0.9 database: exit $rc, $(cat "$out/err")"
	$bin/tsv2sql "$out/a.tsv" | sqlite3 -bail "$out/test.db" >/dev/null 2>"$out/err"
	grep -qF "$msg" "$out/err" ||
	    bad "tsv2sql | sqlite3 into a 0.9 database: $(cat "$out/err")"
	cmp -s "$out/test.db" "$out/copy.db" || bad "a 0.9 database was changed"
}

# --shard: the coordinator's script (run by PostgreSQL in make interop's
# postgresql/cluster); here its parts and its refusals.
t_sql_shard_script() {
	$bin/tsv2sql --shard 'host=/run/a dbname=p' \
	    --shard "host=/run/b dbname='x y' user=u password='p\\'w'" >"$out/s.sql" ||
	    bad "tsv2sql --shard failed"
	grep -c '^CREATE FOREIGN TABLE "sample_[a-z]*_shard_[12]" PARTITION OF' \
	    "$out/s.sql" >"$out/got"
	# values as E'' strings, read alike whatever
	# standard_conforming_strings says (audit B2)
	grep -cxF "SELECT dblink_exec(E'host=/run/b dbname=\\'x y\\' user=u password=\\'p\\\\\\'w\\'', \$ddl\$" \
	    "$out/s.sql" >>"$out/got"
	grep -cxF "CREATE USER MAPPING FOR CURRENT_USER SERVER profstream_shard_2 OPTIONS (user E'u', password E'p\\'w');" \
	    "$out/s.sql" >>"$out/got"
	grep -c "^CREATE SERVER profstream_shard_2 FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host E'/run/b', dbname E'x y', " \
	    "$out/s.sql" >>"$out/got"
	printf '%s\n' 6 1 1 1 >"$out/want"
	same "$out/want" "the parts of tsv2sql --shard's script"
	for a in "--shard host=x tests/sql/text.tsv" "--shard host=x -D sqlite" \
	    "--shard host=x -b $out/x.db"; do
		$bin/tsv2sql $a >/dev/null 2>&1
		[ $? = 2 ] || bad "tsv2sql $a: not a usage error"
	done
	$bin/tsv2sql --shard 'host=x =y' >/dev/null 2>"$out/err"
	[ $? = 1 ] && grep -q "not keyword=value" "$out/err" ||
	    bad "a conninfo not keyword=value: $(cat "$out/err")"
}

# -b names a database file, nothing else (audits A8, 2026-11-29): SQLite's
# ":memory:" keeps nothing and "file:" names a URI, so both are usage
# errors that say how to name a file so called (./:memory:), which then
# holds the samples, as ':x' does; an empty name is a usage error.
t_sql_direct_names_are_files() {
	need sqlite3 || return
	$bin/rprof2tsv "$R_MEM" >"$out/s.tsv"
	mkdir "$out/d"
	for n in ':memory:' 'file:x.db?mode=memory' 'file::memory:'; do
		(cd "$out/d" && $bin/tsv2sql -b "$n" ../s.tsv) 2>"$out/err"
		rc=$?
		[ $rc = 2 ] && grep -qF "tsv2sql: -b '$n': SQLite's name for" "$out/err" &&
		    grep -qF "(./$n for a file so named)" "$out/err" ||
		    bad "tsv2sql -b '$n': exit $rc, $(head -1 "$out/err")"
		[ -e "$out/d/$n" ] && bad "tsv2sql -b '$n' made a file"
	done
	for n in './:memory:' './file:x.db?mode=memory' ':x'; do
		(cd "$out/d" && $bin/tsv2sql -b "$n" ../s.tsv) ||
		    { bad "tsv2sql -b '$n': exit $?"; continue; }
		[ -f "$out/d/$n" ] || { bad "tsv2sql -b '$n': no file of that name"; continue; }
		got=$(sqlite3 "$out/d/$n" 'SELECT count(*) FROM sample_stacks')
		[ "$got" = 256 ] || bad "tsv2sql -b '$n': $got samples in the file"
	done
	$bin/tsv2sql -b '' "$out/s.tsv" 2>"$out/err"
	rc=$?
	[ $rc = 2 ] || bad "tsv2sql -b '': exit $rc"
	grep -q '^tsv2sql: -b: an empty name' "$out/err" || bad "tsv2sql -b '': $(head -1 "$out/err")"
}

# One file of another format is read through the door as every view
# reads it, its converter's rows staged as they come (issue 56: no text
# between, no second reading): the SQL and the database are those of the
# converter's stream piped in.
t_sql_through_door() {
	for f in tests/data/pprof/go-1.19/go.cpu.pb.gz:pprof2tsv \
	    tests/data/firefox/firefox-esr-153.gecko.json.gz:firefox2tsv \
	    tests/data/cpuprofile/chromium-trace/page.trace.json.gz:cpuprofile2tsv \
	    tests/data/perf/clock/perf-clock-monotonic.txt.gz:perf2tsv; do
		p=${f#*:} f=${f%%:*}
		$bin/$p "$f" | $bin/tsv2sql >"$out/want"
		$bin/tsv2sql "$f" >"$out/got" || bad "tsv2sql $f"
		same "$out/want" "tsv2sql $f, as $p piped"
		rm -f "$out/a.db" "$out/b.db"
		$bin/$p "$f" | $bin/tsv2sql -b "$out/b.db"
		$bin/tsv2sql -b "$out/a.db" "$f" || bad "tsv2sql -b $f"
		$bin/sql2tsv "$out/b.db" >"$out/want"
		$bin/sql2tsv "$out/a.db" >"$out/got"
		same "$out/want" "tsv2sql -b $f, as $p piped, read back"
	done
}

# ClickHouse's script (make interop runs it on real servers): with
# SOURCE_DATE_EPOCH the same bytes every time, as expected here: each
# table's rows one INSERT on one line (text escaped so: tab, newline,
# quote, backslash), ids the rows' content hashes, the sources last; a
# load of the same stream at another time differs in its load only, not
# in a definition's id. Blocks of 1,024 samples a row.
t_sql_clickhouse_script() {
	SOURCE_DATE_EPOCH=1700000000 $bin/tsv2sql -D clickhouse tests/sql/text.tsv \
	    >"$out/a.sql" || bad "tsv2sql -D clickhouse failed"
	SOURCE_DATE_EPOCH=1700000000 $bin/tsv2sql -D clickhouse tests/sql/text.tsv |
	    cmp -s - "$out/a.sql" || bad "SOURCE_DATE_EPOCH: not the same script twice"
	grep '^INSERT' "$out/a.sql" >"$out/got"
	same tests/sql/clickhouse.expected "tsv2sql -D clickhouse of text.tsv"
	# another time: the definitions' rows keep their ids
	SOURCE_DATE_EPOCH=1800000000 $bin/tsv2sql -D clickhouse tests/sql/text.tsv |
	    grep '^INSERT INTO `functions`' | cut -d'(' -f2 | cut -d, -f1 >"$out/b"
	grep '^INSERT INTO `functions`' "$out/a.sql" | cut -d'(' -f2 |
	    cut -d, -f1 | cmp -s - "$out/b" || bad "a function's id depends on its load"
	# 2,500 samples: three blocks (1,024, 1,024, 452), the first numbered
	{ plain_head
	awk 'BEGIN { OFS = "\t"
	    print "functions", 1, "f", "f", "", 0; print "locations", 1, 1, 1
	    for (i = 1; i <= 2500; i++) { print "samples", i, 1
		print "sample_values", i, "samples", "count", i
		print "sample_locations", i, 1, 1 } }'
	} >"$out/many.tsv"
	$bin/tsv2sql -D clickhouse "$out/many.tsv" | grep '^INSERT INTO `sample_blocks`' |
	    tr '(' '\n' | awk -F, 'NR > 1 { print $3 }' >"$out/got"
	printf '%s\n' 1 1025 2049 >"$out/want"
	same "$out/want" "the blocks' first samples"
	# usage: --cluster takes a name, alone
	for a in "--cluster x tests/sql/text.tsv" "--cluster x -D postgresql" \
	    "--cluster x --shard host=y" "--cluster a'b"; do
		$bin/tsv2sql $a >/dev/null 2>&1
		[ $? = 2 ] || bad "tsv2sql $a: not a usage error"
	done
	$bin/tsv2sql --cluster profiles | grep -c '^CREATE TABLE IF NOT EXISTS `[a-z_]*` AS `[a-z_]*_local` ENGINE = Distributed(.profiles., currentDatabase(), ' >"$out/got"
	echo 7 >"$out/want"
	same "$out/want" "the cluster's Distributed tables"
}
