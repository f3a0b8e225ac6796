# postgresql: tsv2sql -D postgresql against a real server: a private
# cluster in a temporary directory (initdb), listening on a Unix socket
# only, run as the postgres user, stopped and removed at the end of each
# case. The checks are tests/sqlcheck.sh's, as SQLite's in make check.

# Starts a cluster and defines db_*; pg_stop ends it.
pg_start() {
	need runuser || return 1
	pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	[ -x "$pgbin/initdb" ] || { echo postgresql >>"$out/.missing"; return 1; }
	pg=$(mktemp -d "${TMPDIR:-/tmp}/profstream-pg.XXXXXX")
	chmod 755 "$pg"
	chown postgres "$pg"
	as_pg() { runuser -u postgres -- "$@"; }
	if ! as_pg "$pgbin/initdb" -D "$pg/data" -A trust -E UTF8 \
	    --locale=C.UTF-8 >"$out/initdb.log" 2>&1 ||
	    ! as_pg "$pgbin/pg_ctl" -D "$pg/data" -l "$pg/log" -w \
	    -o "-c listen_addresses='' -k $pg" start >/dev/null 2>&1; then
		bad "could not start a PostgreSQL cluster: $(tail -n 3 "$out/initdb.log")"
		rm -rf "$pg"
		return 1
	fi
	. tests/sqlcheck.sh
	dialect=postgresql
	psql_() { as_pg "$pgbin/psql" -h "$pg" -X -q -v ON_ERROR_STOP=1 "$@"; }
	db_reset() {
		psql_ -d postgres -c 'DROP DATABASE IF EXISTS profiles' >/dev/null 2>&1
		psql_ -d postgres -c 'CREATE DATABASE profiles' >/dev/null
	}
	db_load() { psql_ -d profiles -f - <"$1" >/dev/null; }
	db_query() { psql_ -d profiles -At -F '|' -f - <"$1"; }
}

pg_stop() {
	as_pg "$pgbin/pg_ctl" -D "$pg/data" -w stop >/dev/null 2>&1
	# nothing left running
	! pgrep -f "postgres -D $pg/data" >/dev/null ||
	    bad "the test's PostgreSQL server is still running"
	rm -rf "$pg"
}

t_postgresql_text() { pg_start && { sql_text; pg_stop; }; }
t_postgresql_accumulate() { pg_start && { sql_accumulate; pg_stop; }; }
t_postgresql_queries() { pg_start && { sql_queries; pg_stop; }; }
t_postgresql_cut_short() { pg_start && { sql_cut_short; pg_stop; }; }
t_postgresql_stacks_once() { pg_start && { sql_stacks_once psql; pg_stop; }; }

# A database of tsv2sql 0.9 (samples and sample_locations tables) is
# not added to, with PostgreSQL's error naming why.
t_postgresql_old_layout() {
	pg_start || return
	db_reset
	$bin/rprof2tsv "$R_MEM" >"$out/a.tsv"
	echo 'CREATE TABLE samples (sample_id INTEGER PRIMARY KEY, source_id INTEGER);' >"$out/old.sql"
	db_load "$out/old.sql"
	$bin/tsv2sql -D postgresql "$out/a.tsv" >"$out/a.sql"
	db_load "$out/a.sql" 2>"$out/err" && bad "a 0.9 database was added to"
	grep -qF "ERROR:  this database holds the tables of tsv2sql 0.9" "$out/err" ||
	    bad "loading into a 0.9 database: $(cat "$out/err")"
	echo "SELECT COUNT(*) FROM pg_tables WHERE tablename = 'functions';" >"$out/q.sql"
	[ "$(db_query "$out/q.sql")" = 0 ] || bad "a 0.9 database was changed"
	pg_stop
}

# A function name of any length loads (F5: a btree index row holds 2704
# bytes): the 6 KB names of the audit, and the same names again reuse
# the function.
t_postgresql_long_names() {
	pg_start || return
	db_reset
	f=tests/data/audit-2026-11-25/F5-sql-long-name.tsv
	$bin/tsv2sql -D postgresql "$f" >"$out/a.sql" &&
	    db_load "$out/a.sql" && db_load "$out/a.sql" ||
	    bad "tsv2sql -D postgresql of long names does not load"
	echo 'SELECT COUNT(*), MAX(LENGTH(name)) FROM functions;' >"$out/q.sql"
	want="$(grep -c '^functions' "$f")|$(awk -F'\t' '$1 == "functions" {
	    if (length($3) > m) m = length($3) } END { print m }' "$f")"
	[ "$(db_query "$out/q.sql")" = "$want" ] ||
	    bad "long names: $(db_query "$out/q.sql"), not $want"
	pg_stop
}

# The script says its encoding: a LATIN1 client stores the UTF-8 names
# byte for byte (F7).
t_postgresql_client_encoding() {
	pg_start || return
	db_reset
	$bin/tsv2sql -D postgresql tests/data/audit-2026-11-25/F7-sql-text.tsv \
	    >"$out/a.sql"
	PGCLIENTENCODING=LATIN1 psql_ -d profiles -f - <"$out/a.sql" >/dev/null ||
	    bad "loading under a LATIN1 client"
	echo "SELECT name FROM functions WHERE name LIKE 'caf%';" >"$out/q.sql"
	db_query "$out/q.sql" >"$out/got"
	awk -F'\t' '$1 == "functions" && $3 ~ /^caf/ { print $3 }' \
	    tests/data/audit-2026-11-25/F7-sql-text.tsv >"$out/want"
	[ -s "$out/want" ] && cmp -s "$out/want" "$out/got" ||
	    bad "names under a LATIN1 client: $(cat "$out/got")"
	pg_stop
}
