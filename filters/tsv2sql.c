/* tsv2sql: a profile stream added to a SQLite database file, or as SQL
 * that adds it to a SQLite or PostgreSQL database. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "door/door.h"
#include "formats/sql/ch.h"
#include "formats/sql/sql.h"
#include "formats/sql/sqlite_db.h"
#include "stream/validate.h"
#include "cli.h"

enum { OPT_SHARD = CLI_LONG, OPT_CLUSTER };

static const struct cli_opt opts[] = {
	{ 'b', "database", "file", "add to this SQLite database file, not "
	    "as SQL" },
	{ 'D', "dialect", "name", "sqlite (the default), postgresql or "
	    "clickhouse" },
	{ OPT_SHARD, "shard", "conninfo", "with no file: SQL that makes a "
	    "PostgreSQL database\nthe coordinator of profiles across these "
	    "servers\n(once each: libpq's host=... dbname=...)" },
	{ OPT_CLUSTER, "cluster", "name", "with no file: SQL that makes a "
	    "ClickHouse server's part\nof the layout across the servers of "
	    "its cluster name\n(remote_servers), run on each" },
	CLI_OPT_OUTPUT,
	CLI_OPT_LIMIT,
	{ 'd', NULL, "name", NULL, 'D' },
	{ 0 }
};
static const struct cli_prog prog = {
	"Adds profile streams (2.0 or 1.0) to a SQLite database (-b), or "
	"writes them as\none SQL script that creates the tables when missing "
	"and adds the profile to\nthose the database holds.", opts,
	"[file ...]",
	"Several files are combined (as by tsvcombine) first."
};

static struct perr first;
static long problems;

static void
keep_first(void *ctx, const char *msg)
{
	(void)ctx;
	if (problems++ == 0)
		snprintf(first.msg, sizeof(first.msg), "%s", msg);
}

/* The stream's format version: 20 or 10, after checking it whole (an
 * invalid stream is refused before a line of SQL). */
static int
validate(struct input_ref in)
{
	struct stream_reader r;
	struct perr e = { "" };
	int version;

	if (stream_open(&r, in.path, in.shown, &e) < 0)
		cli_fail(&e);
	r.report = keep_first;
	/* a stream it cannot read on stops it: its problem was reported */
	if (validate_stream(&r, &e) < 0 && problems == 0)
		cli_fail(&e);
	version = r.version;
	stream_close(&r);
	if (problems > 0) {
		if (problems > 1)
			snprintf(first.msg + strlen(first.msg),
			    sizeof(first.msg) - strlen(first.msg),
			    " (and %ld more problems: see tsvvalidate)",
			    problems - 1);
		cli_fail(&first);
	}
	return version;
}

/* Adds the profile to the database at path, in one transaction. */
static int
load(const char *path, struct input_ref in, sql_assemble_fn assemble)
{
	struct sqlite_load *l;
	struct sql_sink k;
	struct perr e = { "" };

	if ((l = sqlite_load_open(path, &e)) == NULL)
		cli_fail(&e);
	k = sqlite_load_sink(l);
	if (sql_stage_stream(assemble, in.path, in.shown, in.record, &k,
	    &e) < 0 || sqlite_load_commit(l, &e) < 0) {
		sqlite_load_close(l);
		cli_fail(&e);
	}
	sqlite_load_close(l);
	return EXIT_OK;
}

/* PostgreSQL's text is UTF-8: a row with other bytes is refused before
 * anything is written, naming it. */
static void
check_utf8(struct input_ref in)
{
	struct stream_reader r;
	struct perr e = { "" };

	if (stream_open(&r, in.path, in.shown, &e) < 0 ||
	    sql_check_utf8(&r, &e) < 0)
		cli_fail(&e);
	stream_close(&r);
}

/* --shard: the script that makes the layout across servers. */
static int
cluster(char **shards, size_t n, int argc, int not_pg, const char *dbpath,
    const char *opath)
{
	struct output o;
	struct perr e = { "" };

	if (argc > 0 || not_pg || dbpath != NULL) {
		cli_warn("--shard: PostgreSQL's layout, with no file, -b or -D "
		    "sqlite");
		cli_usage(&prog);
	}
	cli_open(&o, opath);
	if (sql_cluster(&o, shards, n, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	free(shards);
	return EXIT_OK;
}

/* --cluster: a ClickHouse server's part of the layout across a cluster.
 * Its name goes into the SQL as a literal: only a name's characters. */
static int
ch_cluster(const char *name, int argc, int other, const char *dbpath,
    const char *opath)
{
	struct output o;
	struct perr e = { "" };

	if (argc > 0 || other || dbpath != NULL) {
		cli_warn("--cluster: ClickHouse's layout, with no file, -b, "
		    "--shard or other -D");
		cli_usage(&prog);
	}
	if (name[0] == '\0' || strspn(name, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") != strlen(name)) {
		cli_warn("--cluster '%s': a cluster's name is letters, digits, "
		    "'_', '.' and '-'", name);
		cli_usage(&prog);
	}
	cli_open(&o, opath);
	ch_schema(&o, name);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	return EXIT_OK;
}

/* -D clickhouse: the load script. */
static int
ch_load(struct output *o, struct input_ref in, sql_assemble_fn assemble,
    const char *dir)
{
	struct ch_writer *w;
	struct sql_sink k;
	struct perr e = { "" };
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	int64_t epoch;
	char *end;

	/* reproducible builds' convention: a script made again is the
	 * same, byte for byte (and, loaded, the same load) */
	if (sde != NULL && *sde != '\0') {
		epoch = strtoll(sde, &end, 10);
		if (*end != '\0' || epoch < 0 || epoch > INT64_MAX / 1000000000) {
			cli_warn("SOURCE_DATE_EPOCH '%s' is not seconds since "
			    "1970", sde);
			cli_usage(&prog);
		}
	}
	if ((w = ch_new(o, dir, sde != NULL && *sde != '\0' ? &epoch : NULL,
	    &e)) == NULL)
		cli_fail(&e);
	k = ch_writer_sink(w);
	if (sql_stage_stream(assemble, in.path, in.shown, in.record, &k,
	    &e) < 0 || ch_end(w, &e) < 0)
		cli_fail(&e);
	ch_free(w);
	if (output_close(o, &e) < 0)
		cli_fail(&e);
	return EXIT_OK;
}

int
main(int argc, char *argv[])
{
	struct sql_writer *w;
	struct sql_sink k;
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL, *dbpath = NULL, *dir = getenv("TMPDIR");
	enum sql_dialect d = SQL_SQLITE;
	char **shards = NULL;
	const char *cluster_name = NULL;
	sql_assemble_fn assemble = NULL;
	size_t nshards = 0;
	int ch, dialect_given = 0;

	/* at most an option in each argument */
	if ((shards = calloc((size_t)argc, sizeof(*shards))) == NULL) {
		perr_nomem(&e);
		cli_fail(&e);
	}
	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'b':
			if (optarg[0] == '\0') {
				cli_warn("-b: an empty name: give a database "
				    "file's");
				cli_usage(&prog);
			}
			/* what SQLite would keep in memory, or read as a
			 * URI: a store that keeps nothing is refused */
			if (strcmp(optarg, ":memory:") == 0 ||
			    strncmp(optarg, "file:", 5) == 0) {
				cli_warn("-b '%s': SQLite's name for %s, not a "
				    "file's: give a file's name (./%s for a "
				    "file so named)", optarg, optarg[0] == ':' ?
				    "a database in memory, which keeps nothing" :
				    "a URI", optarg);
				cli_usage(&prog);
			}
			dbpath = optarg;
			break;
		case 'D':
			dialect_given = 1;
			if (strcmp(optarg, "sqlite") == 0)
				d = SQL_SQLITE;
			else if (strcmp(optarg, "postgresql") == 0)
				d = SQL_POSTGRESQL;
			else if (strcmp(optarg, "clickhouse") == 0)
				d = SQL_CLICKHOUSE;
			else {
				cli_warn("-D: '%s' is not sqlite, postgresql "
				    "or clickhouse", optarg);
				cli_usage(&prog);
			}
			break;
		case 'o':
			opath = optarg;
			break;
		case OPT_SHARD:
			shards[nshards++] = optarg;
			break;
		case OPT_CLUSTER:
			cluster_name = optarg;
			break;
		}
	argc -= optind;
	argv += optind;
	if (cluster_name != NULL)
		return ch_cluster(cluster_name, argc, nshards > 0 ||
		    (dialect_given && d != SQL_CLICKHOUSE), dbpath, opath);
	if (nshards > 0)
		return cluster(shards, nshards, argc, dialect_given && d !=
		    SQL_POSTGRESQL, dbpath, opath);
	free(shards);
	if (dbpath != NULL && (d != SQL_SQLITE || opath != NULL)) {
		cli_warn("-b: a SQLite database, with no -D or -o");
		cli_usage(&prog);
	}
	/* one file of another format: its converter's rows through the
	 * door, staged as they come, as every view reads it (no text
	 * between, no second reading: a converter's rows are checked as
	 * written); PostgreSQL's SQL is checked for UTF-8 first, from the
	 * stream */
	if (argc == 1 && d != SQL_POSTGRESQL && cli_foreign(argv[0])) {
		assemble = door_assemble;
		in = cli_input(&prog, argc, argv, TWICE_LATE);
	} else {
		in = cli_input(&prog, argc, argv, TWICE_WHOLE);
		if (validate(in) == V10)
			in = cli_to_v2(in);	/* 1.0 as 2.0, as tsvcombine */
	}
	if (dbpath != NULL)
		return load(dbpath, in, assemble);
	if (d == SQL_POSTGRESQL)
		check_utf8(in);
	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	cli_open(&o, opath);
	if (d == SQL_CLICKHOUSE)
		return ch_load(&o, in, assemble, dir);
	if ((w = sql_new(&o, d, dir, &e)) == NULL)
		cli_fail(&e);
	k = sql_writer_sink(w);
	if (sql_stage_stream(assemble, in.path, in.shown, in.record, &k,
	    &e) < 0 || sql_end(w, &e) < 0)
		cli_fail(&e);
	sql_free(w);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	return EXIT_OK;
}
