# sql.sh: tsv2sql's scripts run by a database; sourced by run.sh (SQLite,
# dialect sqlite) and by interop.sh (PostgreSQL). The caller defines
# db_load SCRIPT (feeds a script to a fresh or the current database),
# db_query SQL-FILE (prints rows, fields separated by |), db_reset, and
# sets dialect.
# 1. Text comes back exactly: TAB, newline, CR, backslash, \NA, "", NULL,
#    non-ASCII.
db_reset
$bin/tsv2sql -d $dialect tests/sql/text.tsv >"$out/s.sql" && db_load "$out/s.sql"
db_query tests/sql/text-$dialect.sql >"$out/got"
same tests/sql/text.expected "tsv2sql -d $dialect: text read back"
# 2. Loads accumulate: A then B is tsvcombine A B, table for table; the
#    same stream twice adds its samples and reuses its functions.
table_dump() {
	for t in sources source_attributes mappings functions locations samples \
	    sample_values sample_locations sample_labels; do
		echo "SELECT * FROM $t ORDER BY 1, 2;" >"$out/q.sql"
		echo "== $t"
		db_query "$out/q.sql" | sort
	done
}
a=$out/sql-a.tsv b=$out/sql-b.tsv
$bin/rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out >"$a"
$bin/pprof2tsv tests/data/pprof/pprofutils/labelframes.in.pprof >"$b"
db_reset
$bin/tsv2sql -d $dialect "$a" >"$out/a.sql" && db_load "$out/a.sql"
$bin/tsv2sql -d $dialect "$b" >"$out/b.sql" && db_load "$out/b.sql"
table_dump >"$out/ab.dump"
db_reset
$bin/tsvcombine "$a" "$b" | $bin/tsv2sql -d $dialect >"$out/c.sql" &&
    db_load "$out/c.sql"
table_dump >"$out/c.dump"
if cmp -s "$out/ab.dump" "$out/c.dump" && [ "$(wc -l <"$out/c.dump")" -gt 1000 ]
then ok; else bad "tsv2sql -d $dialect: loading a then b is not tsvcombine a b"; fi
db_load "$out/a.sql"
echo "SELECT COUNT(*) FROM functions; SELECT COUNT(*) FROM samples; SELECT COUNT(*) FROM sources;" >"$out/q.sql"
db_query "$out/q.sql" | tr '\n' ' ' >"$out/got"
echo "SELECT COUNT(*) FROM functions; SELECT 2 * COUNT(*) FROM samples WHERE source_id = 1; SELECT COUNT(*) FROM sources;" >"$out/q.sql"
n1=$(grep -c '^functions' "$a"); n2=$(grep -c '^functions' "$b")
if [ "$(cat "$out/got")" = "$((n1 + n2)) $(($(grep -c '^samples' "$a") * 2 + $(grep -c '^samples' "$b"))) 3 " ]
then ok; else bad "tsv2sql -d $dialect: a loaded twice: $(cat "$out/got")"; fi
# 3. The man page's queries give tsvtop's figures.
for f in tests/data/rprof/r-4.2/memory-gc-line.out tests/data/rprof/r-4.2/line.out \
    tests/data/rprof/r-4.2/memory.out tests/data/rprof/r-4.2/append.out; do
	$bin/rprof2tsv "$f" >"$out/p.tsv"
	db_reset
	$bin/tsv2sql -d $dialect "$out/p.tsv" >"$out/p.sql" && db_load "$out/p.sql"
	db_query tests/sql/self-total.sql | awk -F'|' '{ printf "%s\t%.17g\t%.17g\n", $1, $2, $3 }' |
	    sort >"$out/sql.top"
	$bin/tsvtop "$out/p.tsv" | awk -F'\t' 'NR > 1 { printf "%s\t%.17g\t%.17g\n", $1, $2, $4 }' |
	    sort >"$out/top.top"
	if cmp -s "$out/sql.top" "$out/top.top"; then ok; else
		bad "self-total.sql on $f ($dialect) differs from tsvtop"; fi
	case $f in *memory*)
		db_query tests/sql/memory.sql | awk -F'|' '$2 != 0 { printf "%s\t%.1f\n", $1, $2 }' |
		    sort >"$out/sql.mem"
		$bin/tsvtop -m "$out/p.tsv" | awk -F'\t' 'NR > 1 && $6 != "0.0" {
		    printf "%s\t%s\n", $1, $6 }' | sort >"$out/top.mem"
		if cmp -s "$out/sql.mem" "$out/top.mem"; then ok; else
			bad "memory.sql on $f ($dialect) differs from tsvtop -m"; fi ;;
	esac
	for q in by-source by-line over-time; do
		db_query tests/sql/$q.sql >/dev/null 2>"$out/err" && [ ! -s "$out/err" ] &&
		    ok || bad "$q.sql on $f ($dialect): $(cat "$out/err")"
	done
done
# 4. A script cut short changes nothing: one transaction.
db_reset
db_load "$out/a.sql"
db_query "$out/q.sql" >"$out/before"
head -c $(($(wc -c <"$out/b.sql") / 2)) "$out/b.sql" >"$out/cut.sql"
db_load "$out/cut.sql" 2>/dev/null
db_query "$out/q.sql" >"$out/after"
if cmp -s "$out/before" "$out/after"; then ok; else
	bad "tsv2sql -d $dialect: a script cut short changed the database"; fi
