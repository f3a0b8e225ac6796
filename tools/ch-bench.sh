#!/bin/sh
# ch-bench.sh STREAM LOADS: STREAM added LOADS times to ClickHouse
# (tsv2sql -D clickhouse through clickhouse-client), on one server and on
# a cluster of three shards and a coordinator, all private servers on
# loopback on this machine. Prints, as db-bench.sh does for SQLite and
# PostgreSQL, the load rate, the bytes each load after the first added
# (from ClickHouse's own part sizes, after OPTIMIZE ... FINAL merged the
# copies of rows, as merges do in time) and the times of the
# top-functions and per-source queries. Each load is a script of its own
# (a script run twice adds nothing). Called by tools/bench.sh.
set -eu
s=$1; loads=$2
command -v clickhouse-server >/dev/null 2>&1 || { echo "  (no clickhouse-server: ClickHouse's rows left out)"; exit 0; }
d=$(mktemp -d "${TMPDIR:-/tmp}/profstream-chb.XXXXXX")
stop() {
	for p in "$d"/*/pid; do [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null; done
	for p in "$d"/*/pid; do
		while [ -f "$p" ] && kill -0 "$(cat "$p")" 2>/dev/null; do sleep 0.2; done
	done
	rm -rf "$d"
}
trap stop EXIT
for n in one c s1 s2 s3; do
	set -- $(sh tools/ch-server.sh ports 2)
	eval "${n}_http=$1 ${n}_tcp=$2"
done
start() {	# NAME
	sh tools/ch-server.sh "$d/$1" "$(eval echo "\$${1}_http")" \
	    "$(eval echo "\$${1}_tcp")" $s1_tcp $s2_tcp $s3_tcp || exit 1
}
for n in one c s1 s2 s3; do start $n; done
on() { _t=$(eval echo "\$${1}_tcp"); shift; clickhouse-client --port "$_t" -d profiles "$@"; }
for n in c s1 s2 s3; do build/bin/tsv2sql --cluster profiles | on $n --multiquery; done
# the scripts, made before the clock starts
i=0
while [ $i -lt "$loads" ]; do build/bin/tsv2sql -D clickhouse "$s" >"$d/load$i.sql"; i=$((i + 1)); done
secs() {
	t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}
qsecs() { for _i in 1 2 3; do secs "$@"; echo; done | sort -n | sed -n 2p; }
# HOSTS...: bytes and rows of their parts, merged first
size() {
	for h in "$@"; do
		for t in $(on $h -q "SELECT name FROM system.tables WHERE database = 'profiles' AND engine LIKE '%MergeTree'"); do
			on $h -q "OPTIMIZE TABLE $t FINAL"
		done
		on $h -q "SELECT sum(bytes_on_disk), sum(rows) FROM system.parts WHERE active AND database = 'profiles'"
	done | awk '{ b += $1; r += $2 } END { print b, r }'
}
rows=$(grep -vc '^#\|^meta' "$s")
samples=$(grep -c '^samples' "$s")
echo "input: $s ($rows rows, $samples samples), added $loads times to ClickHouse"
for h in one c; do
	hosts=$([ $h = one ] && echo one || echo "c s1 s2 s3")
	on $h --multiquery <"$d/load0.sql"
	set -- $(size $hosts); b1=$1; r1=$2
	t=$(secs sh -c "i=1; while [ \$i -lt $loads ]; do clickhouse-client --port $(eval echo "\$${h}_tcp") -d profiles --multiquery <$d/load\$i.sql || exit 1; i=\$((i + 1)); done")
	set -- $(size $hosts); bn=$1; rn=$2
	q1=$(qsecs on $h -q "SELECT * FROM function_totals WHERE type = 'samples'")
	q2=$(qsecs on $h -q "SELECT * FROM source_totals WHERE type = 'samples'")
	awk -v n="$([ $h = one ] && echo "ClickHouse, one server" || echo "ClickHouse, 1 + 3 shards")" \
	    -v t="$t" -v b1="$b1" -v bn="$bn" -v r1="$r1" -v rn="$rn" -v q1="$q1" \
	    -v q2="$q2" -v l="$loads" -v r="$rows" -v sm="$samples" 'BEGIN {
	    printf "  %-22s %7.0f rows/s %8.0f bytes (%.1f a sample) %6.0f rows a profile;", n,
		r * (l - 1) / t, (bn - b1) / (l - 1), (bn - b1) / (l - 1) / sm, (rn - r1) / (l - 1)
	    printf " top %.2f s, per source %.2f s\n", q1, q2 }'
done
# the samples' share, column by column, on one server
on one -q "SELECT name, sum(data_compressed_bytes) FROM system.columns WHERE database = 'profiles' AND table = 'sample_blocks' GROUP BY name ORDER BY name" |
    awk -v l="$loads" -v sm="$samples" '{ printf "%s %.2f, ", $1, $2 / l / sm } END { print "" }' |
    sed 's/^/  sample_blocks, bytes a sample by column: /; s/, $//'
