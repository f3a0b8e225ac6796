# postgresql.sh: sourced by interop.sh (its ok, bad, same, install, $out,
# $bin). tsv2sql -d postgresql against a real server: a private cluster in
# a temporary directory (initdb), listening on a Unix socket only, run as
# the postgres user, stopped and removed at the end.
command -v runuser >/dev/null 2>&1 || install util-linux
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || install postgresql
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
pg=$(mktemp -d "${TMPDIR:-/tmp}/profstream-pg.XXXXXX")
chmod 755 "$pg"
chown postgres "$pg"
as_pg() { runuser -u postgres -- "$@"; }
if as_pg "$pgbin/initdb" -D "$pg/data" -A trust -E UTF8 --locale=C.UTF-8 \
    >"$out/initdb.log" 2>&1 &&
    as_pg "$pgbin/pg_ctl" -D "$pg/data" -l "$pg/log" -w \
    -o "-c listen_addresses='' -k $pg" start >/dev/null 2>&1; then
	dialect=postgresql
	psql_() { as_pg "$pgbin/psql" -h "$pg" -X -q -v ON_ERROR_STOP=1 "$@"; }
	db_reset() {
		psql_ -d postgres -c 'DROP DATABASE IF EXISTS profiles' >/dev/null 2>&1
		psql_ -d postgres -c 'CREATE DATABASE profiles' >/dev/null
	}
	db_load() { psql_ -d profiles -f - <"$1" >/dev/null; }
	db_query() { psql_ -d profiles -At -F '|' -f - <"$1"; }
	out_pg=$out
	. tests/sql.sh
	as_pg "$pgbin/pg_ctl" -D "$pg/data" -w stop >/dev/null 2>&1
	# nothing left running
	if pgrep -f "postgres -D $pg/data" >/dev/null; then
		bad "the test's PostgreSQL server is still running"; else ok; fi
else
	bad "could not start a PostgreSQL cluster: $(tail -n 3 "$out/initdb.log")"
fi
rm -rf "$pg"
