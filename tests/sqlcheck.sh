# sqlcheck.sh: tsv2sql's scripts run by a database, for SQLite (the cases
# of tests/cases/sql.sh) and PostgreSQL (tests/interop/cases/postgresql.sh).
# The caller defines db_load SCRIPT (feeds a script to the current
# database), db_query SQL-FILE (prints rows, fields separated by |),
# db_reset (an empty database), and sets dialect; it may define db_add
# STREAM after this file (tsv2sql -b adds a stream itself).

# Adds a stream: tsv2sql's script, loaded.
db_add() {
	$bin/tsv2sql -D $dialect "$1" >"$out/add.sql" && db_load "$out/add.sql"
}

# Text comes back exactly: TAB, newline, CR, backslash, \NA, "", NULL,
# non-ASCII.
sql_text() {
	db_reset
	db_add tests/sql/text.tsv
	db_query tests/sql/text-$dialect.sql >"$out/got"
	same tests/sql/text.expected "tsv2sql -D $dialect: text read back"
}

sql_table_dump() {
	for t in sources source_attributes mappings functions locations samples \
	    sample_values sample_locations sample_labels; do
		# the 2.0 columns (PostgreSQL's row_order numbers rows as added)
		case $t in
		source_attributes) c="source_id, key, value" ;;
		sample_values) c="sample_id, type, unit, value" ;;
		sample_labels) c="sample_id, key, str, num, num_unit" ;;
		*) c="*" ;;
		esac
		echo "SELECT $c FROM $t ORDER BY 1, 2;" >"$out/q.sql"
		echo "== $t"
		db_query "$out/q.sql" | sort
	done
}

# Loads accumulate: A then B is tsvcombine A B, table for table; the same
# stream twice adds its samples and reuses its functions.
sql_accumulate() {
	a=$out/sql-a.tsv b=$out/sql-b.tsv
	$bin/rprof2tsv "$R_MEM" >"$a"
	$bin/pprof2tsv tests/data/pprof/pprofutils/labelframes.in.pprof >"$b"
	db_reset
	db_add "$a"
	db_add "$b"
	sql_table_dump >"$out/ab.dump"
	db_reset
	$bin/tsvcombine "$a" "$b" >"$out/sql-c.tsv"
	db_add "$out/sql-c.tsv"
	sql_table_dump >"$out/c.dump"
	cmp -s "$out/ab.dump" "$out/c.dump" &&
	    [ "$(wc -l <"$out/c.dump")" -gt 1000 ] ||
	    bad "tsv2sql -D $dialect: loading a then b is not tsvcombine a b"
	db_add "$a"
	echo "SELECT COUNT(*) FROM functions; SELECT COUNT(*) FROM samples; SELECT COUNT(*) FROM sources;" >"$out/q.sql"
	db_query "$out/q.sql" | tr '\n' ' ' >"$out/got"
	n1=$(grep -c '^functions' "$a"); n2=$(grep -c '^functions' "$b")
	[ "$(cat "$out/got")" = "$((n1 + n2)) $(($(grep -c '^samples' "$a") * 2 + $(grep -c '^samples' "$b"))) 3 " ] ||
	    bad "tsv2sql -D $dialect: a loaded twice: $(cat "$out/got")"
}

# The man page's queries give tsvtop's figures.
sql_queries() {
	for f in "$R_MEM" tests/data/rprof/r-4.2/line.out \
	    tests/data/rprof/r-4.2/memory.out tests/data/rprof/r-4.2/append.out; do
		$bin/rprof2tsv "$f" >"$out/p.tsv"
		db_reset
		db_add "$out/p.tsv"
		db_query tests/sql/self-total.sql |
		    awk -F'|' '{ printf "%s\t%.17g\t%.17g\n", $1, $2, $3 }' |
		    sort >"$out/sql.top"
		$bin/tsvtop -q --all --unit=raw "$out/p.tsv" |
		    awk -F'\t' 'NR > 1 { printf "%s\t%.17g\t%.17g\n", $1, $2, $4 }' |
		    sort >"$out/top.top"
		cmp -s "$out/sql.top" "$out/top.top" ||
		    bad "self-total.sql on $f ($dialect) differs from tsvtop"
		case $f in *memory*)
			db_query tests/sql/memory.sql |
			    awk -F'|' '$2 != 0 { printf "%s\t%.1f\n", $1, $2 }' |
			    sort >"$out/sql.mem"
			$bin/tsvtop -q --all -m "$out/p.tsv" | awk -F'\t' 'NR > 1 &&
			    $7 != "0.0" { printf "%s\t%s\n", $1, $7 }' |
			    sort >"$out/top.mem"
			cmp -s "$out/sql.mem" "$out/top.mem" ||
			    bad "memory.sql on $f ($dialect) differs from tsvtop -m" ;;
		esac
		for q in by-source by-line over-time; do
			db_query tests/sql/$q.sql >/dev/null 2>"$out/err" &&
			    [ ! -s "$out/err" ] ||
			    bad "$q.sql on $f ($dialect): $(cat "$out/err")"
		done
	done
}

# A script cut short changes nothing: one transaction.
sql_cut_short() {
	$bin/rprof2tsv "$R_MEM" >"$out/sql-a.tsv"
	$bin/pprof2tsv tests/data/pprof/pprofutils/labelframes.in.pprof \
	    >"$out/sql-b.tsv"
	$bin/tsv2sql -D $dialect "$out/sql-a.tsv" >"$out/a.sql"
	$bin/tsv2sql -D $dialect "$out/sql-b.tsv" >"$out/b.sql"
	db_reset
	db_load "$out/a.sql"
	echo "SELECT COUNT(*) FROM functions; SELECT COUNT(*) FROM samples; SELECT COUNT(*) FROM sources;" >"$out/q.sql"
	db_query "$out/q.sql" >"$out/before"
	head -c $(($(wc -c <"$out/b.sql") / 2)) "$out/b.sql" >"$out/cut.sql"
	db_load "$out/cut.sql" 2>/dev/null
	db_query "$out/q.sql" >"$out/after"
	cmp -s "$out/before" "$out/after" ||
	    bad "tsv2sql -D $dialect: a script cut short changed the database"
}

# Each distinct stack is stored once, whatever the loads: the count awk
# makes of the stream's own rows; the same stream again adds no stack,
# and the view sample_locations gives every frame of every sample back.
sql_stacks_once() {
	$bin/rprof2tsv "$R_MEM" >"$out/a.tsv"
	awk -F'\t' '$1 == "sample_locations" { print $2, $3, $4 }' "$out/a.tsv" |
	    sort -k1,1n -k2,2n | awk '$1 != s { if (NR > 1) print k; s = $1; k = "" }
	    { k = k "," $3 } END { print k }' | sort -u | wc -l >"$out/want"
	n=$(grep -c '^sample_locations' "$out/a.tsv")
	echo $((n * 2)) >>"$out/want"
	db_reset
	db_add "$out/a.tsv"
	db_add "$out/a.tsv"
	echo "SELECT COUNT(*) FROM stacks; SELECT COUNT(*) FROM sample_locations;" >"$out/q.sql"
	db_query "$out/q.sql" >"$out/got"
	same "$out/want" "stacks and frames of a stream loaded twice ($1)"
}
