#!/bin/sh
# db-bench.sh STREAM LOADS: STREAM added LOADS times to SQLite (tsv2sql
# -b), to one PostgreSQL server and to a coordinator with three shards
# (tsv2sql --shard), all on this machine (the servers private clusters on
# Unix sockets, run as postgres: run this as root). Prints per database
# the load rate, the bytes and rows each load added after the first (its
# stacks known by then, as a fleet's are), and the time of the
# top-functions and per-source queries. Called by tools/bench.sh; the
# doc/databases.md's sizing comes from it.
set -eu
s=$1; loads=$2
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
pg=$(mktemp -d "${TMPDIR:-/tmp}/profstream-dbb.XXXXXX")
chmod 755 "$pg"
as_pg() { runuser -u postgres -- "$@"; }
stop() {
	for n in one c s1 s2 s3; do
		[ -d "$pg/$n/data" ] && as_pg "$pgbin/pg_ctl" -D "$pg/$n/data" -w \
		    stop >/dev/null 2>&1 || :
	done
	rm -rf "$pg"
}
trap stop EXIT
secs() {	# COMMAND...: its wall time in seconds
	t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}
qsecs() {	# COMMAND...: the median of three runs' (a query's vary by 1.5x)
	for _i in 1 2 3; do secs "$@"; echo; done | sort -n | sed -n 2p
}
rows=$(grep -vc '^#\|^meta' "$s")
samples=$(grep -c '^samples' "$s")
echo "input: $s ($rows rows, $samples samples), added $loads times"
tables="sources source_attributes mappings functions locations location_attributes stacks value_kinds value_types sample_stacks sample_labels sample_times"
count_sql() {	# the rows of every stored table, as one SQL query
	printf 'SELECT 0'
	for t in $tables; do printf ' + (SELECT COUNT(*) FROM %s)' "$t"; done
	echo ';'
}
report() {	# NAME SECONDS BYTES1 BYTESN ROWS1 ROWSN Q1 Q2
	awk -v n="$1" -v t="$2" -v b1="$3" -v bn="$4" -v r1="$5" -v rn="$6" \
	    -v q1="$7" -v q2="$8" -v l="$loads" -v r="$rows" 'BEGIN {
	    printf "  %-22s %7.0f rows/s %8.0f bytes %6.0f rows a profile;", n,
		r * (l - 1) / t, (bn - b1) / (l - 1), (rn - r1) / (l - 1)
	    printf " top %.2f s, per source %.2f s\n", q1, q2 }'
}
# SQLite
db=$pg/sqlite.db
build/bin/tsv2sql -b "$db" "$s"
sqlite3 "$db" VACUUM
b1=$(stat -c %s "$db"); r1=$(count_sql | sqlite3 "$db")
t=$(secs sh -c "i=1; while [ \$i -lt $loads ]; do build/bin/tsv2sql -b $db $s || exit 1; i=\$((i + 1)); done")
sqlite3 "$db" VACUUM
bn=$(stat -c %s "$db"); rn=$(count_sql | sqlite3 "$db")
q1=$(qsecs sqlite3 "$db" ".read tests/sql/self-total.sql")
q2=$(qsecs sqlite3 "$db" ".read tests/sql/by-source.sql")
report "SQLite (-b)" "$t" "$b1" "$bn" "$r1" "$rn" "$q1" "$q2"
[ -x "$pgbin/initdb" ] || exit 0
for n in one c s1 s2 s3; do
	mkdir "$pg/$n" && chown postgres "$pg/$n"
	as_pg "$pgbin/initdb" -D "$pg/$n/data" -A trust -E UTF8 \
	    --locale=C.UTF-8 >/dev/null 2>&1
	as_pg "$pgbin/pg_ctl" -D "$pg/$n/data" -l "$pg/$n/log" -w -o \
	    "-c listen_addresses='' -k $pg/$n" start >/dev/null 2>&1
	as_pg "$pgbin/psql" -h "$pg/$n" -X -q -d postgres \
	    -c 'CREATE DATABASE profiles' >/dev/null
done
on() { _h=$1; shift; as_pg "$pgbin/psql" -h "$pg/$_h" -X -q -v ON_ERROR_STOP=1 -d profiles "$@"; }
build/bin/tsv2sql --shard "host=$pg/s1 dbname=profiles" \
    --shard "host=$pg/s2 dbname=profiles" \
    --shard "host=$pg/s3 dbname=profiles" | on c -f - >/dev/null
build/bin/tsv2sql -D postgresql "$s" >"$pg/load.sql"
count_sql >"$pg/count.sql"
echo "SELECT * FROM function_totals WHERE type = 'samples';" >"$pg/f.sql"
echo "SELECT * FROM source_totals WHERE type = 'samples';" >"$pg/s.sql"
chmod 644 "$pg"/*.sql
# HOSTS...: the bytes of their databases, summed, compacted as SQLite's
# VACUUM compacts its file (each load's temporary tables leave dead rows
# in the catalogs, some 60 KB a load, which autovacuum would recycle)
size() {
	for h in "$@"; do on $h -c 'VACUUM FULL' >/dev/null 2>&1
		on $h -At -c "SELECT pg_database_size('profiles')"; done |
	    awk '{ n += $1 } END { print n }'
}
for h in one c; do
	hosts=$([ $h = one ] && echo one || echo "c s1 s2 s3")
	on $h -f "$pg/load.sql" >/dev/null
	b1=$(size $hosts); r1=$(on $h -At -f "$pg/count.sql")
	t=$(secs sh -c "i=1; while [ \$i -lt $loads ]; do runuser -u postgres -- $pgbin/psql -h $pg/$h -X -q -v ON_ERROR_STOP=1 -d profiles -f $pg/load.sql || exit 1; i=\$((i + 1)); done")
	bn=$(size $hosts); rn=$(on $h -At -f "$pg/count.sql")
	for x in $hosts; do on $x -c ANALYZE >/dev/null; done
	q1=$(qsecs on $h -f tests/sql/self-total.sql)
	q2=$(qsecs on $h -f tests/sql/by-source.sql)
	report "$([ $h = one ] && echo "PostgreSQL, one server" || echo "PostgreSQL, 1 + 3 shards")" \
	    "$t" "$b1" "$bn" "$r1" "$rn" "$q1" "$q2"
	if [ $h = c ]; then
		q3=$(qsecs on c -f "$pg/f.sql"); q4=$(qsecs on c -f "$pg/s.sql")
		printf '  %-22s function_totals %.2f s, source_totals %.2f s; coordinator %s, shards %s\n' "" "$q3" "$q4" \
		    "$(on c -At -c "SELECT pg_size_pretty(pg_database_size('profiles'))")" \
		    "$(for n in s1 s2 s3; do on $n -At -c "SELECT pg_size_pretty(pg_database_size('profiles'))"; done | tr '\n' ' ')"
	fi
done
