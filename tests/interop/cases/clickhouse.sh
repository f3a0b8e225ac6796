# clickhouse: tsv2sql -D clickhouse and sql2tsv clickhouse:// against
# real servers (Debian's clickhouse-server): private ones on loopback,
# each with its own config, directories and ports, stopped by pid and
# removed at the end of each case. SQLite's reading of the same loads is
# the judge of what is read back; tsvtop of the views' figures.

# ch_ports NAME: two free ports in ${NAME}_http and ${NAME}_tcp.
ch_ports() {
	need python3 || return 1
	set -- "$1" $(sh tools/ch-server.sh ports 2)
	eval "${1}_http=$2 ${1}_tcp=$3"
}

# ch_start NAME [SHARD_TCP_PORT...]: a server in $chd/NAME
# (tools/ch-server.sh), on the ports of ch_ports NAME (taken when not
# yet); with shard ports, its cluster "profiles" is those servers. 0, or
# 1 (reported).
ch_start() {
	need clickhouse-server clickhouse-client || return 1
	_n=$1; shift
	[ -n "$(eval echo "\${${_n}_tcp:-}")" ] || ch_ports "$_n" || return 1
	sh tools/ch-server.sh "$chd/$_n" "$(eval echo "\$${_n}_http")" \
	    "$(eval echo "\$${_n}_tcp")" "$@" 2>"$out/server.err" ||
	    { bad "$(cat "$out/server.err")"; return 1; }
}

ch_begin() {
	chd=$(mktemp -d "${TMPDIR:-/tmp}/profstream-ch.XXXXXX")
	unset one_tcp one_http c_tcp c_http s1_tcp s1_http s2_tcp s2_http \
	    s3_tcp s3_http
}

# Every server of the case stopped by its pid, its files removed.
ch_end() {
	for _p in "$chd"/*/pid; do
		[ -f "$_p" ] || continue
		kill "$(cat "$_p")" 2>/dev/null
	done
	for _p in "$chd"/*/pid; do
		[ -f "$_p" ] || continue
		_i=0
		while kill -0 "$(cat "$_p")" 2>/dev/null && [ $_i -lt 120 ]; do
			sleep 0.25
			_i=$((_i + 1))
		done
		kill -0 "$(cat "$_p")" 2>/dev/null &&
		    bad "a ClickHouse server still runs: $_p"
	done
	rm -rf "$chd"
}

# on NAME ARGS...: clickhouse-client on server NAME, database profiles
on() { _t=$(eval echo "\$${1}_tcp"); shift; clickhouse-client --port "$_t" -d profiles "$@"; }
# anew NAME: server NAME's database profiles, empty
anew() {
	_t=$(eval echo "\$${1}_tcp")
	clickhouse-client --port "$_t" -q 'DROP DATABASE IF EXISTS profiles' &&
	    clickhouse-client --port "$_t" -q 'CREATE DATABASE profiles'
}
url() { echo "clickhouse://127.0.0.1:$(eval echo "\$${1}_http")/profiles"; }

# The test data's profiles, a file each, into $out/in-N.tsv; their list
# (every $1th of them: the cluster reads a quarter, in half the time).
ch_profiles() {
	_every=${1:-1} _k=0
	: >"$out/list"
	find tests/data -type f \( -path '*/rprof/*' -o -path '*/pprof/*' \
	    -o -path '*/otlp/*' -o -path '*/folded/*' -o -path '*/perf/*' \
	    -o -path '*/cpuprofile/*' -o -path '*/speedscope/*' \
	    -o -path '*/firefox/*' -o -path '*/jfr/*' \) \
	    ! -name '*.md' ! -name '*.tsv' ! -path '*/importer/*' | sort |
	while read -r f; do
		_k=$((_k + 1))
		[ $((_k % _every)) = 0 ] || continue
		_n=$(wc -l <"$out/list")
		$bin/tsvcombine "$f" >"$out/in-$_n.tsv" 2>/dev/null || continue
		echo "$f" >>"$out/list"
	done
}

# Every profile of the test data loaded into ClickHouse (the script
# through clickhouse-client) and into SQLite in the same order: read back
# whole, and by each selection, the streams are the same byte for byte
# (-m: but for the merged source's uri, the database's name).
ch_read_back() {	# SERVER [EVERY]: loads through it, reads from it
	i=0
	n=$(wc -l <"$out/list")
	while [ $i -lt "$n" ]; do
		$bin/tsv2sql -D clickhouse "$out/in-$i.tsv" >"$out/in.sql" ||
		    bad "tsv2sql -D clickhouse of $(sed -n "$((i + 1))p" "$out/list")"
		on "$1" --multiquery <"$out/in.sql" ||
		    bad "clickhouse-client load of $(sed -n "$((i + 1))p" "$out/list")"
		$bin/tsv2sql -b "$out/lite.db" "$out/in-$i.tsv" ||
		    bad "tsv2sql -b of $(sed -n "$((i + 1))p" "$out/list")"
		i=$((i + 1))
	done
	[ "$n" -gt $((200 / ${2:-1})) ] || bad "only $n profiles loaded"
	$bin/sql2tsv "$(url "$1")" >"$out/ch.tsv" || bad "sql2tsv of ClickHouse"
	$bin/sql2tsv "$out/lite.db" >"$out/lite.tsv" || bad "sql2tsv of SQLite"
	cmp -s "$out/ch.tsv" "$out/lite.tsv" ||
	    bad "ClickHouse and SQLite read back differ: $(diff "$out/ch.tsv" "$out/lite.tsv" | head -n 4)"
	for a in "-s 2,7" "--where pprof.period_type=cpu" "--label bytes=16" \
	    "--label thread=main --label thread=worker" \
	    "--from 2026-11-25 --to 2026-11-26" "--from 2017-02-17" \
	    "-m --where pprof.period_type=cpu" "-m"; do
		$bin/sql2tsv $a "$(url "$1")" 2>&1 |
		    sed "s|$(url "$1")|DB|" >"$out/a.tsv"
		$bin/sql2tsv $a "$out/lite.db" 2>&1 |
		    sed "s|$out/lite.db|DB|" >"$out/b.tsv"
		# (all the profiles: each selection matches many rows)
		{ [ "${2:-1}" -gt 1 ] || [ "$(wc -l <"$out/a.tsv")" -gt 20 ]; } &&
		    cmp -s "$out/a.tsv" "$out/b.tsv" ||
		    bad "sql2tsv $a: ClickHouse and SQLite differ: $(diff "$out/a.tsv" "$out/b.tsv" | head -n 4)"
	done
	# what matches nothing, or names what is not there: the same words
	for a in "-s 9999" "--where no.such=key" "--label nosuch=1" \
	    "--from 2030-01-01"; do
		$bin/sql2tsv $a "$(url "$1")" 2>&1 >/dev/null |
		    sed "s|$(url "$1")|DB|" >"$out/a.err"
		$bin/sql2tsv $a "$out/lite.db" 2>&1 >/dev/null |
		    sed "s|$out/lite.db|DB|" >"$out/b.err"
		[ -s "$out/a.err" ] && cmp -s "$out/a.err" "$out/b.err" ||
		    bad "sql2tsv $a: ClickHouse says $(cat "$out/a.err"), SQLite $(cat "$out/b.err")"
	done
}

t_clickhouse_read_back() {
	ch_begin
	ch_start one || { ch_end; return; }
	ch_profiles
	ch_read_back one
	ch_end
}

# The figures of the views: function_totals equal to tsvtop's (R's
# profiles, each loaded twice: a load whose stacks are all known), and
# the 2.0 tables as views hold every row of the streams.
t_clickhouse_views() {
	ch_begin
	ch_start one || { ch_end; return; }
	for f in "$R_MEM" tests/data/rprof/r-4.2/line.out \
	    tests/data/rprof/r-4.2/memory.out; do
		$bin/rprof2tsv "$f" >"$out/p.tsv"
		anew one
		$bin/tsv2sql -D clickhouse "$out/p.tsv" "$out/p.tsv" >"$out/p.sql" &&
		    on one --multiquery <"$out/p.sql" || bad "load of $f"
		$bin/tsv2sql -D clickhouse "$out/p.tsv" >"$out/p.sql" &&
		    on one --multiquery <"$out/p.sql" || bad "second load of $f"
		$bin/tsvcombine "$out/p.tsv" "$out/p.tsv" "$out/p.tsv" >"$out/all.tsv"
		on one -q "SELECT name, self, total FROM function_totals WHERE
		    type = 'samples'" |
		    awk -F'\t' '{ printf "%s\t%.17g\t%.17g\n", $1, $2, $3 }' |
		    sort >"$out/ch.top"
		$bin/tsvtop -q --all --unit=raw "$out/all.tsv" |
		    awk -F'\t' 'NR > 1 { printf "%s\t%.17g\t%.17g\n", $1, $2, $4 }' |
		    sort >"$out/top.top"
		[ -s "$out/top.top" ] && cmp -s "$out/ch.top" "$out/top.top" ||
		    bad "function_totals on $f differs from tsvtop: $(diff "$out/ch.top" "$out/top.top" | head -n 4)"
		for t in samples sample_values sample_locations sample_labels \
		    sample_times; do
			want=$(grep -c "^$t	" "$out/all.tsv")
			got=$(on one -q "SELECT count() FROM $t")
			[ "$want" = "$got" ] || bad "$t on $f: $got rows, not $want"
		done
		want=$(awk -F'\t' '$1 == "sample_values" && $3 == "samples" { t += $5 } END { print t }' "$out/all.tsv")
		got=$(on one -q "SELECT sum(total) FROM source_totals WHERE type = 'samples'")
		[ "$want" = "$got" ] || bad "source_totals on $f: $got, not $want"
	done
	ch_end
}

# A server's tables that are not tsv2sql's are refused before any is
# read; a load cut short (its sources not written) is never read.
t_clickhouse_not_ours() {
	ch_begin
	ch_start one || { ch_end; return; }
	$bin/sql2tsv "$(url one)" 2>"$out/err" >"$out/got"
	[ $? = 1 ] && [ ! -s "$out/got" ] &&
	    grep -qF "not a profile database of tsv2sql -D clickhouse (it has no functions table)" "$out/err" ||
	    bad "an empty database: $(cat "$out/err")"
	$bin/rprof2tsv "$R_MEM" >"$out/p.tsv"
	$bin/tsv2sql -D clickhouse "$out/p.tsv" >"$out/p.sql"
	on one --multiquery <"$out/p.sql"
	$bin/sql2tsv "$(url one)" >"$out/before.tsv" || bad "a read"
	# the same script again: nothing twice
	on one --multiquery <"$out/p.sql"
	$bin/sql2tsv "$(url one)" >"$out/got"
	same "$out/before.tsv" "a script run twice"
	# a load cut before its sources: none of it is read
	$bin/tsv2sql -D clickhouse "$out/p.tsv" |
	    grep -v '^INSERT INTO `sources`' >"$out/cut.sql"
	on one --multiquery <"$out/cut.sql"
	$bin/sql2tsv "$(url one)" >"$out/got"
	same "$out/before.tsv" "a load cut short"
	# a view where a table was
	on one -q 'DROP TABLE stacks'
	on one -q 'CREATE VIEW stacks AS SELECT toUInt64(1) AS stack_id, [toUInt64(1)] AS frames'
	$bin/sql2tsv "$(url one)" 2>"$out/err" >"$out/got"
	[ $? = 1 ] && [ ! -s "$out/got" ] &&
	    grep -qF "not a profile database of tsv2sql: stacks is not a MergeTree table" "$out/err" ||
	    bad "a view for a table: $(cat "$out/err")"
	# a column of another type
	on one -q 'DROP TABLE stacks'
	on one -q 'CREATE TABLE stacks (stack_id UInt64, frames String) ENGINE = MergeTree ORDER BY stack_id'
	$bin/sql2tsv "$(url one)" 2>"$out/err" >/dev/null
	grep -qF "stacks.frames is String, not Array(UInt64)" "$out/err" ||
	    bad "a column of another type: $(cat "$out/err")"
	# the server's own words for a database that is not there
	$bin/sql2tsv "clickhouse://127.0.0.1:$one_http/nosuch" 2>"$out/err" >/dev/null
	[ $? = 1 ] && grep -qF "Database nosuch doesn't exist" "$out/err" ||
	    bad "a database that is not there: $(cat "$out/err")"
	ch_end
}

# Three shards and a coordinator (remote_servers' cluster "profiles"):
# the layout made on each by tsv2sql --cluster; every profile loaded
# through the coordinator reads back as SQLite's; the samples spread;
# 4 loaders x 5 loads at once lose and double nothing; function_totals
# equals tsvtop's.
t_clickhouse_cluster() {
	ch_begin
	# every server knows the cluster: a load may go through any
	ch_ports s1 && ch_ports s2 && ch_ports s3 || { ch_end; return; }
	for n in s1 s2 s3 c; do
		ch_start $n "$s1_tcp" "$s2_tcp" "$s3_tcp" || { ch_end; return; }
	done
	for n in c s1 s2 s3; do
		# run again: a second run changes nothing
		$bin/tsv2sql -D clickhouse --cluster profiles </dev/null >"$out/setup.sql" &&
		    on $n --multiquery <"$out/setup.sql" &&
		    on $n --multiquery <"$out/setup.sql" ||
		    bad "the cluster's layout on $n"
	done
	ch_profiles 4
	ch_read_back c 4
	for n in s1 s2 s3; do
		[ "$(on $n -q 'SELECT count() > 0 FROM sample_blocks_local')" = 1 ] ||
		    bad "shard $n holds no sample"
	done
	on c -q "SELECT count() FROM sample_blocks_local" | grep -qx 0 ||
	    bad "the coordinator holds samples"
	# 20 runs of five R profiles, loaded by 4 loaders at once
	for n in c s1 s2 s3; do
		anew $n &&
		    on $n --multiquery <"$out/setup.sql" || bad "a new layout on $n"
	done
	twenty_runs
	pids=
	for l in 1 2 3 4; do
		( for r in 0 4 8 12 16; do
			$bin/tsv2sql -D clickhouse "$out/runs/run$((r + l)).tsv" |
			    on c --multiquery 2>>"$out/load$l.err" ||
			    echo "run $((r + l)) failed" >>"$out/load$l.err"
		done ) &
		pids="$pids $!"
	done
	# the loaders (a bare wait would wait for the servers too)
	wait $pids
	cat "$out"/load?.err | grep . && bad "a load failed"
	samples=$(cat "$out"/runs/*.tsv | grep -c '^samples')
	values=$(cat "$out"/runs/*.tsv | grep -c '^sample_values')
	frames=$(cat "$out"/runs/*.tsv | grep -c '^sample_locations')
	printf '%s\n' 20 "$samples" "$values" "$frames" >"$out/want"
	for q in "SELECT count() FROM sources" "SELECT count() FROM samples" \
	    "SELECT count() FROM sample_values" "SELECT count() FROM sample_locations"; do
		on c -q "$q"
	done >"$out/got"
	same "$out/want" "20 runs loaded at once through the coordinator"
	$bin/tsvcombine "$out"/runs/*.tsv >"$out/all.tsv"
	$bin/tsvtop -q --all --unit=raw "$out/all.tsv" |
	    awk -F'\t' 'NR > 1 { printf "%s\t%.17g\t%.17g\n", $1, $2, $4 }' |
	    sort >"$out/top"
	on c -q "SELECT name, self, total FROM function_totals WHERE type = 'samples'" |
	    awk -F'\t' '{ printf "%s\t%.17g\t%.17g\n", $1, $2, $3 }' |
	    sort >"$out/totals"
	[ -s "$out/top" ] && cmp -s "$out/top" "$out/totals" ||
	    bad "function_totals differs from tsvtop: $(diff "$out/top" "$out/totals" | head -n 5)"
	# read back: each run once, whichever order the loads took
	$bin/sql2tsv -m "$(url c)" | $bin/tsvtop -q --all --unit=raw |
	    awk -F'\t' 'NR > 1 { printf "%s\t%.17g\t%.17g\n", $1, $2, $4 }' |
	    sort >"$out/read"
	cmp -s "$out/top" "$out/read" || bad "sql2tsv -m of the cluster differs from tsvtop of the runs"
	ch_end
}

# Text of every kind (tabs, newlines, quotes, backslashes, UTF-8, NA) in
# names, attributes and labels comes back as SQLite's; a selection's
# value that reads as SQL is only a value.
t_clickhouse_texts() {
	ch_begin
	ch_start one || { ch_end; return; }
	{
		cat tests/sql/text.tsv
		printf '#.sample_labels\tsample_id\tkey\tstr\tnum\tnum_unit\n'
		printf ".sample_labels\t1\tq\tit's'; DROP TABLE stacks; --\tNA\tNA\n"
		printf '.sample_labels\t1\tn\tNA\t-42\tbytes\n'
	} >"$out/t.tsv"
	$bin/tsvvalidate -q "$out/t.tsv" || bad "the case's stream is not valid"
	$bin/tsv2sql -D clickhouse "$out/t.tsv" >"$out/t.sql" &&
	    on one --multiquery <"$out/t.sql" || bad "the load"
	$bin/tsv2sql -b "$out/lite.db" "$out/t.tsv"
	for a in "" "--label q=it's'; DROP TABLE stacks; --" "--label n=-42" \
	    "--where k=NA"; do
		$bin/sql2tsv ${a:+"$a"} "$(url one)" >"$out/a.tsv" 2>&1
		$bin/sql2tsv ${a:+"$a"} "$out/lite.db" >"$out/b.tsv" 2>&1
		[ -s "$out/a.tsv" ] && cmp -s "$out/a.tsv" "$out/b.tsv" ||
		    bad "sql2tsv $a: ClickHouse and SQLite differ: $(diff "$out/a.tsv" "$out/b.tsv" | head -n 4)"
	done
	[ "$(on one -q 'EXISTS TABLE stacks')" = 1 ] || bad "a value ran as SQL"
	ch_end
}
