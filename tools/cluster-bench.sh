#!/bin/sh
# cluster-bench.sh STREAM [LOADS]: loads STREAM LOADS times (default 4)
# into one PostgreSQL server and into a coordinator with three shards
# (tsv2sql --shard), all private clusters on Unix sockets on this
# machine, and prints the load rates and the time of the top-functions
# and per-source queries on each. Run as root (the servers run as
# postgres); called by tools/bench.sh.
set -eu
s=$1; loads=${2:-4}
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$pgbin/initdb" ] || { echo "cluster-bench: no PostgreSQL" >&2; exit 1; }
pg=$(mktemp -d "${TMPDIR:-/tmp}/profstream-pgb.XXXXXX")
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
for n in one c s1 s2 s3; do
	mkdir "$pg/$n" && chown postgres "$pg/$n"
	as_pg "$pgbin/initdb" -D "$pg/$n/data" -A trust -E UTF8 \
	    --locale=C.UTF-8 >/dev/null 2>&1
	as_pg "$pgbin/pg_ctl" -D "$pg/$n/data" -l "$pg/$n/log" -w -o \
	    "-c listen_addresses='' -k $pg/$n" start >/dev/null 2>&1
	as_pg "$pgbin/psql" -h "$pg/$n" -X -q -d postgres \
	    -c 'CREATE DATABASE profiles' >/dev/null
done
on() { h=$1; shift; as_pg "$pgbin/psql" -h "$pg/$h" -X -q -v ON_ERROR_STOP=1 -d profiles "$@"; }
./tsv2sql --shard "host=$pg/s1 dbname=profiles" \
    --shard "host=$pg/s2 dbname=profiles" \
    --shard "host=$pg/s3 dbname=profiles" | on c -f - >/dev/null
rows=$(grep -vc '^#\|^meta' "$s")
./tsv2sql -D postgresql "$s" >"$pg/load.sql"
chmod 644 "$pg/load.sql"
secs() {	# COMMAND...: its wall time in seconds
	t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}
echo "input: $s ($rows rows), loaded $loads times; PostgreSQL $("$pgbin/postgres" --version | awk '{ print $3 }')"
for h in one c; do
	name=$([ $h = one ] && echo "one server" || echo "coordinator + 3 shards")
	t=$(secs sh -c "i=0; while [ \$i -lt $loads ]; do runuser -u postgres -- $pgbin/psql -h $pg/$h -X -q -v ON_ERROR_STOP=1 -d profiles -f $pg/load.sql || exit 1; i=\$((i + 1)); done")
	on $h -c 'VACUUM ANALYZE' >/dev/null 2>&1 || :
	q1=$(secs on $h -f tests/sql/self-total.sql)
	q2=$(secs on $h -f tests/sql/by-source.sql)
	awk -v n="$name" -v r="$rows" -v l="$loads" -v t="$t" -v a="$q1" -v b="$q2" \
	    'BEGIN { printf "  %-24s load %8.0f rows/s   self-total.sql %6.2f s   by-source.sql %6.2f s\n", n, r * l / t, a, b }'
	if [ $h = c ]; then
		echo "SELECT * FROM function_totals WHERE type = 'samples';" >"$pg/f.sql"
		echo "SELECT * FROM source_totals WHERE type = 'samples';" >"$pg/s.sql"
		chmod 644 "$pg/f.sql" "$pg/s.sql"
		q3=$(secs on c -f "$pg/f.sql")
		q4=$(secs on c -f "$pg/s.sql")
		printf '  %-24s function_totals %6.2f s   source_totals %6.2f s\n' "" "$q3" "$q4"
		for n in s1 s2 s3; do
			printf '  %s: %s samples, %s\n' "$n" \
			    "$(on $n -At -c 'SELECT COUNT(*) FROM sample_stacks')" \
			    "$(on $n -At -c "SELECT pg_size_pretty(pg_database_size('profiles'))")"
		done
	fi
	printf '  %-24s database %s\n' "$name" "$(on $h -At -c "SELECT pg_size_pretty(pg_database_size('profiles'))")"
done
