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
tsv2sql: F10-sql-zeros.bin:1: binary data, not a profile stream
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
