# postgresql: tsv2sql -D postgresql against a real server: a private
# cluster in a temporary directory (initdb), listening on a Unix socket
# only, run as the postgres user, stopped and removed at the end of each
# case. The checks are tests/sqlcheck.sh's, as SQLite's in make check.

# The server's programs: pgbin, and as_pg to run one as postgres.
pg_bin() {
	need runuser || return 1
	pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	[ -x "$pgbin/initdb" ] || { echo postgresql >>"$out/.missing"; return 1; }
	as_pg() { runuser -u postgres -- "$@"; }
}

# Starts a cluster and defines db_*; pg_stop ends it.
pg_start() {
	pg_bin || return 1
	pg=$(mktemp -d "${TMPDIR:-/tmp}/profstream-pg.XXXXXX")
	chmod 755 "$pg"
	chown postgres "$pg"
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

# sql2tsv against a real server: every profile of the test data loaded
# into one database through psql and into one SQLite file through
# libsqlite3, in the same order; each read back whole is the same
# stream, byte for byte, and its rows are tsvcombine's of all the
# profiles. A selection reads the same from both.
t_postgresql_read_back() {
	pg_start || return
	db_reset
	: >"$out/list"
	find tests/data -type f \( -path '*/rprof/*' -o -path '*/pprof/*' \
	    -o -path '*/otlp/*' -o -path '*/folded/*' -o -path '*/perf/*' \
	    -o -path '*/cpuprofile/*' -o -path '*/speedscope/*' \) \
	    ! -name '*.md' ! -name '*.tsv' ! -path '*/importer/*' | sort |
	while read -r f; do
		$bin/tsvcombine "$f" >"$out/in.tsv" 2>/dev/null || continue
		# PostgreSQL's text is UTF-8 (tsv2sql(1)): the others stay out
		$bin/tsv2sql -D postgresql "$out/in.tsv" >"$out/in.sql" 2>/dev/null ||
		    continue
		db_load "$out/in.sql" || { bad "psql load of $f"; continue; }
		$bin/tsv2sql -b "$out/lite.db" "$out/in.tsv" ||
		    bad "tsv2sql -b of $f"
		cp "$out/in.tsv" "$out/in-$(wc -l <"$out/list").tsv"
		echo "$f" >>"$out/list"
	done
	n=$(wc -l <"$out/list")
	[ "$n" -gt 150 ] || bad "only $n profiles loaded"
	conn="host=$pg dbname=profiles user=postgres"
	$bin/sql2tsv "$conn" >"$out/pg.tsv" || bad "sql2tsv of PostgreSQL"
	$bin/sql2tsv "$out/lite.db" >"$out/lite.tsv" || bad "sql2tsv of SQLite"
	cmp -s "$out/pg.tsv" "$out/lite.tsv" ||
	    bad "PostgreSQL and SQLite read back differ: $(diff "$out/pg.tsv" "$out/lite.tsv" | head -n 4)"
	i=0; set --
	while [ $i -lt "$n" ]; do set -- "$@" "$out/in-$i.tsv"; i=$((i + 1)); done
	$bin/tsvcombine "$@" | sort >"$out/want"
	awk -F'\t' -v OFS='\t' '$1 ~ /^#?locations$/ { NF = 4 } { print }' \
	    "$out/want" >"$out/want4"
	sort "$out/pg.tsv" | awk -F'\t' -v OFS='\t' \
	    '$1 ~ /^#?locations$/ { NF = 4 } { print }' >"$out/got4"
	cmp -s "$out/want4" "$out/got4" ||
	    bad "PostgreSQL read back is not tsvcombine of the profiles: $(diff "$out/want4" "$out/got4" | head -n 4)"
	for a in "-s 2,7" "--where pprof.period_type=cpu" "--label bytes=16" \
	    "--from 2026-11-25 --to 2026-11-26"; do
		$bin/sql2tsv $a "$conn" >"$out/a.tsv" 2>&1
		$bin/sql2tsv $a "$out/lite.db" >"$out/b.tsv" 2>&1
		[ -s "$out/a.tsv" ] && cmp -s "$out/a.tsv" "$out/b.tsv" ||
		    bad "sql2tsv $a: PostgreSQL and SQLite differ"
	done
	# PostgreSQL's own words, a read changes nothing
	$bin/sql2tsv "host=$pg dbname=nosuch user=postgres" 2>"$out/err" >/dev/null
	[ $? = 1 ] && grep -qF 'database "nosuch" does not exist' "$out/err" ||
	    bad "a database that is not there: $(cat "$out/err")"
	pg_stop
}

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

# A database of the layout before packed samples (a row per value;
# tests/sql/layout-rows-postgresql.sql, that tsv2sql's script of
# tests/otlp/good/v110.tsv) is read as the new layout reads the same
# profile, and not added to, with PostgreSQL's error naming why.
t_postgresql_previous_layout() {
	pg_start || return
	db_reset
	db_load tests/sql/layout-rows-postgresql.sql ||
	    bad "the previous layout's script failed"
	$bin/sql2tsv "host=$pg dbname=profiles user=postgres" >"$out/got"
	$bin/tsv2sql -b "$out/fresh.db" tests/otlp/good/v110.tsv &&
	    $bin/sql2tsv "$out/fresh.db" >"$out/want"
	same "$out/want" "the previous layout read from PostgreSQL"
	$bin/tsv2sql -D postgresql tests/otlp/good/v110.tsv >"$out/a.sql"
	db_load "$out/a.sql" 2>"$out/err" && bad "the previous layout was added to"
	grep -qF "ERROR:  this database keeps a row per sample value (sample_values as a table), the layout before packed samples" "$out/err" ||
	    bad "loading into the previous layout: $(cat "$out/err")"
	echo "SELECT COUNT(*) FROM sample_values; SELECT COUNT(*) FROM pg_tables WHERE tablename = 'value_kinds';" >"$out/q.sql"
	[ "$(db_query "$out/q.sql" | tr '\n' ' ')" = "3 0 " ] ||
	    bad "the previous layout's database was changed"
	pg_stop
}

# Samples of different value types, a ninth and tenth value past the
# columns, infinities: read back as loaded through psql (but that
# double precision holds an integer exactly only to 2^53, as the table
# sample_values did), and the view sample_values gives them.
t_postgresql_kinds() {
	pg_start || return
	db_reset
	db_add tests/sql/kinds.tsv && db_add tests/sql/kinds.tsv ||
	    bad "loading kinds.tsv failed"
	$bin/tsvcombine tests/sql/kinds.tsv |
	    sed 's/9007199254740993$/9007199254740992/' >"$out/want"
	$bin/sql2tsv -s 2 "host=$pg dbname=profiles user=postgres" |
	    sed 's/^\(sources\t\)2/\11/' >"$out/got"
	same "$out/want" "kinds.tsv added twice to PostgreSQL, the second read"
	echo "SELECT sample_id, type, unit, value FROM sample_values WHERE sample_id > 9 ORDER BY sample_id, type;" >"$out/q.sql"
	db_query "$out/q.sql" >"$out/got"
	cat >"$out/want" <<'EOT'
10|cpu|nanoseconds|9.007199254740992e+15
10|samples|count|-Infinity
11|cpu|nanoseconds|0.1
11|samples|count|1e+300
11|x,y|[1]|-3
12|t1|count|1
12|t10|count|-Infinity
12|t2|count|2
12|t3|count|3
12|t4|count|4
12|t5|count|5
12|t6|count|6
12|t7|count|7
12|t8|count|8
12|t9|count|0.5
EOT
	same "$out/want" "the view sample_values of kinds.tsv in PostgreSQL"
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

# Profiles across servers (tsv2sql --shard): a coordinator and three
# shards, each a private cluster on a Unix socket. 20 runs loaded by 4
# loaders at once lose and duplicate nothing and spread over the shards;
# function_totals and the man page's queries give what tsvtop gives on
# the runs combined, and source_totals what each run holds; EXPLAIN shows
# each shard's join and aggregation sent to it whole; with a shard down
# a query fails with PostgreSQL's error, and prints no row.
t_postgresql_cluster() {
	pg_bin || return
	pg=$(mktemp -d "${TMPDIR:-/tmp}/profstream-pgc.XXXXXX")
	chmod 755 "$pg"
	for n in c s1 s2 s3; do
		mkdir "$pg/$n" && chown postgres "$pg/$n"
		as_pg "$pgbin/initdb" -D "$pg/$n/data" -A trust -E UTF8 \
		    --locale=C.UTF-8 >"$out/initdb-$n.log" 2>&1 &&
		    as_pg "$pgbin/pg_ctl" -D "$pg/$n/data" -l "$pg/$n/log" -w -o \
		    "-c listen_addresses='' -k $pg/$n -c shared_buffers=16MB" \
		    start >/dev/null 2>&1 ||
		    { bad "could not start server $n: $(tail -n 3 "$out/initdb-$n.log")"; cluster_stop; return; }
		as_pg "$pgbin/psql" -h "$pg/$n" -X -q -d postgres \
		    -c 'CREATE DATABASE profiles' >/dev/null
	done
	on() { h=$1; shift; as_pg "$pgbin/psql" -h "$pg/$h" -X -q -v ON_ERROR_STOP=1 -d profiles "$@"; }
	$bin/tsv2sql --shard "host=$pg/s1 dbname=profiles" \
	    --shard "host=$pg/s2 dbname=profiles" \
	    --shard "host=$pg/s3 dbname=profiles" >"$out/setup.sql" &&
	    on c -f - <"$out/setup.sql" >/dev/null ||
	    { bad "the cluster's setup failed"; cluster_stop; return; }
	# 20 runs of five R profiles, each its own file
	twenty_runs
	for l in 1 2 3 4; do
		( for r in 0 4 8 12 16; do
			$bin/tsv2sql -D postgresql "$out/runs/run$((r + l)).tsv" |
			    on c -f - >/dev/null 2>>"$out/load$l.err" ||
			    echo "run $((r + l)) failed" >>"$out/load$l.err"
		done ) &
	done
	wait
	cat "$out"/load?.err | grep . && bad "a load failed"
	# nothing lost or twice
	samples=$(cat "$out"/runs/*.tsv | grep -c '^samples')
	values=$(cat "$out"/runs/*.tsv | grep -c '^sample_values')
	frames=$(cat "$out"/runs/*.tsv | grep -c '^sample_locations')
	echo "SELECT COUNT(*) FROM sources; SELECT COUNT(*), COUNT(DISTINCT sample_id) FROM samples; SELECT COUNT(*) FROM sample_values; SELECT COUNT(*) FROM sample_locations;" >"$out/q.sql"
	printf '%s\n' 20 "$samples|$samples" "$values" "$frames" >"$out/want"
	on c -At -f - <"$out/q.sql" >"$out/got"
	same "$out/want" "20 runs loaded at once through the coordinator"
	for n in s1 s2 s3; do
		[ "$(on $n -At -c 'SELECT COUNT(*) > 0 FROM sample_stacks')" = t ] ||
		    bad "shard $n holds no sample"
	done
	# the figures
	$bin/tsvcombine "$out"/runs/*.tsv >"$out/all.tsv"
	$bin/tsvtop -q --all --unit=raw "$out/all.tsv" |
	    awk -F'\t' 'NR > 1 { printf "%s|%.17g|%.17g\n", $1, $2, $4 }' |
	    sort >"$out/top"
	echo "SELECT name, self, total FROM function_totals WHERE type = 'samples';" |
	    on c -At -f - | awk -F'|' '{ printf "%s|%.17g|%.17g\n", $1, $2, $3 }' |
	    sort >"$out/totals"
	[ -s "$out/top" ] && cmp -s "$out/top" "$out/totals" ||
	    bad "function_totals differs from tsvtop: $(diff "$out/top" "$out/totals" | head -n 5)"
	on c -At -F '|' -f tests/sql/self-total.sql |
	    awk -F'|' '{ printf "%s|%.17g|%.17g\n", $1, $2, $3 }' |
	    sort >"$out/selftotal"
	cmp -s "$out/top" "$out/selftotal" ||
	    bad "self-total.sql on the cluster differs from tsvtop"
	for f in "$out"/runs/*.tsv; do
		awk -F'\t' '$1 == "sources" { uri = $4 } $1 == "samples" { n++ }
		    $1 == "sample_values" && $3 == "samples" { t += $5 }
		    END { printf "%s|%d|%.17g\n", uri, n, t }' "$f"
	done | sort >"$out/want"
	echo "SELECT so.source_uri, t.samples, t.total FROM source_totals t JOIN sources so ON so.source_id = t.source_id WHERE t.type = 'samples';" |
	    on c -At -f - | awk -F'|' '{ printf "%s|%d|%.17g\n", $1, $2, $3 }' |
	    sort >"$out/got"
	same "$out/want" "source_totals against each run"
	on c -At -F '|' -f tests/sql/by-source.sql |
	    awk -F'|' '{ printf "%s|%d|%.17g\n", $3, $4, $5 }' | sort >"$out/got"
	same "$out/want" "by-source.sql on the cluster against each run"
	# sql2tsv through the coordinator: the runs, as tsvtop and
	# tsv2folded see them
	$bin/sql2tsv "host=$pg/c dbname=profiles user=postgres" >"$out/back.tsv" ||
	    bad "sql2tsv through the coordinator"
	$bin/tsvtop -q --all --unit=raw "$out/back.tsv" |
	    awk -F'\t' 'NR > 1 { printf "%s|%.17g|%.17g\n", $1, $2, $4 }' |
	    sort >"$out/got"
	same "$out/top" "tsvtop of sql2tsv through the coordinator"
	for i in 3 17; do
		id=$(on c -At -c "SELECT source_id FROM sources WHERE source_uri LIKE '%/run$i.out'")
		$bin/sql2tsv -s "$id" "host=$pg/c dbname=profiles user=postgres" |
		    $bin/tsv2folded >"$out/got"
		$bin/tsv2folded "$out/runs/run$i.tsv" >"$out/want"
		same "$out/want" "run $i back through the coordinator"
	done
	# each shard answers its part whole, joined and aggregated there:
	# a scan of its view, and no row of a sample table crosses
	for v in function_totals source_totals; do
		on c -At -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM $v" \
		    >"$out/explain-$v"
		n=$(grep -c "Remote SQL: SELECT .* FROM public.shard_$v\$" \
		    "$out/explain-$v")
		[ "$n" = 3 ] && ! grep -q 'public.sample_' "$out/explain-$v" ||
		    bad "EXPLAIN of $v: $n of 3 shards answer it"
	done
	# a shard down: PostgreSQL's error, no partial answer
	as_pg "$pgbin/pg_ctl" -D "$pg/s2/data" -w stop >/dev/null 2>&1
	for v in function_totals source_totals samples; do
		on c -At -c "SELECT * FROM $v" >"$out/down.out" 2>"$out/down.err" &&
		    bad "SELECT from $v with a shard down succeeded"
		grep -q 'could not connect\|connection to server' "$out/down.err" ||
		    bad "SELECT from $v with a shard down: $(cat "$out/down.err")"
		[ ! -s "$out/down.out" ] || bad "SELECT from $v with a shard down printed rows"
	done
	cluster_stop
}

cluster_stop() {
	for n in c s1 s2 s3; do
		[ -d "$pg/$n/data" ] &&
		    as_pg "$pgbin/pg_ctl" -D "$pg/$n/data" -w stop >/dev/null 2>&1
	done
	! pgrep -f "postgres -D $pg/" >/dev/null ||
	    bad "a server of the test's cluster is still running"
	rm -rf "$pg"
}

# Values never become SQL (audit B2): with standard_conforming_strings off
# in the database (a backslash then escapes a quote), --where and --label
# values that would end a quoted literal and run their own statements
# select nothing and run nothing, and values holding quotes and
# backslashes select exactly the sources and samples that hold them. The
# load script sets the standard's reading for itself.
t_postgresql_values_bound() {
	pg_start || return
	db_reset
	psql_ -d postgres -c "ALTER DATABASE profiles SET standard_conforming_strings = off" >/dev/null
	f=tests/data/audit-2026-11-29/sql-hostile.tsv
	$bin/tsv2sql -D postgresql "$f" >"$out/a.sql" && db_load "$out/a.sql" ||
	    bad "loading sql-hostile.tsv with standard_conforming_strings off"
	conn="host=$pg dbname=profiles user=postgres"
	for v in "service.name=\\') FROM source_attributes; COMMIT; CREATE TABLE pwned AS SELECT 1 AS x; --" \
	    "service.name=x' OR '1'='1" "service.name=\\'; CREATE TABLE pwned (x int); --"; do
		$bin/sql2tsv --where "$v" "$conn" >"$out/got" 2>"$out/err"
		[ $? = 1 ] && grep -qF 'no source matches the selection' "$out/err" ||
		    bad "--where '$v': $(cat "$out/err")"
		$bin/sql2tsv --label "thr'ead=${v#*=}" "$conn" >"$out/got" 2>"$out/err"
		[ $? = 1 ] && grep -qF 'no sample matches the selection' "$out/err" ||
		    bad "--label '$v': $(cat "$out/err")"
	done
	echo "SELECT COUNT(*) FROM pg_tables WHERE tablename = 'pwned';" >"$out/q.sql"
	[ "$(db_query "$out/q.sql")" = 0 ] || bad "a value ran as SQL: the table pwned was made"
	# the values that are there, quotes and all, select their rows
	$bin/sql2tsv --where "service.name=ap'i" "$conn" | grep -c '^samples' >"$out/got"
	$bin/sql2tsv --label "thr'ead=w'1" "$conn" | grep -c '^samples' >>"$out/got"
	$bin/sql2tsv --label "n=7" "$conn" | grep -c '^samples' >>"$out/got"
	printf '%s\n' 2 1 1 >"$out/want"
	same "$out/want" "samples selected by values with quotes"
	# what sql2tsv gives back equals SQLite's reading of the same load
	$bin/tsv2sql -b "$out/lite.db" "$f"
	$bin/sql2tsv "$conn" >"$out/pg.tsv"
	$bin/sql2tsv "$out/lite.db" >"$out/lite.tsv"
	same_lines lite.tsv pg.tsv "sql-hostile.tsv read back from PostgreSQL"
	pg_stop
}
