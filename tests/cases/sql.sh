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
