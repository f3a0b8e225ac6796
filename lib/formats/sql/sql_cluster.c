/*
 * Profiles across PostgreSQL servers, with the engine's own means: on the
 * coordinator, the sample tables (sample_stacks, sample_labels,
 * sample_times) are partitioned by hash of sample_id,
 * each partition a postgres_fdw foreign table on one server (its shard),
 * so that a sample's rows lie together on one shard; the dictionaries
 * (sources, functions, locations, stacks ...) stay on the coordinator,
 * which gives the ids, and loading through it is loading one server
 * (tsv2sql's script as it is: INSERTs into a partitioned table go to the
 * partitions). What the shards' queries need of the dictionaries goes to
 * them as stacks and value kinds are added (triggers): stack_names, each
 * stack's function names and whether the name is the leaf's, and
 * value_types. The views
 * function_totals and source_totals sum what a view on each shard
 * answers, its tables joined and aggregated there. The shards' tables
 * are made through dblink.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/sql/sql_impl.h"

#define MAX_KEYS 32

/* The sample tables, partitioned. */
static const enum sql_table parted[] = {
	SQ_SAMPLE_STACKS, SQ_SAMPLE_LABELS, SQ_SAMPLE_TIMES,
};
#define NPARTED (sizeof(parted) / sizeof(parted[0]))

struct keyword {
	char *key, *value;
};

/* A libpq conninfo string ("host=/run/pg port=5433 dbname='a b'") as
 * keywords and values, into buf (as long as s): their number, or -1. */
static int
conninfo(const char *s, struct keyword *kw, char *buf, struct perr *e)
{
	const char *p = s;
	int n = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (*p == '\0')
			return n;
		if (n == MAX_KEYS)
			return perr_set(e, "--shard '%s': too many keywords", s);
		kw[n].key = buf;
		while ((*p >= 'a' && *p <= 'z') || *p == '_')
			*buf++ = *p++;
		*buf++ = '\0';
		while (*p == ' ' || *p == '\t')
			p++;
		if (kw[n].key[0] == '\0' || *p++ != '=')
			return perr_set(e, "--shard '%s': not keyword=value, as "
			    "libpq's conninfo (host=/run/postgresql "
			    "dbname=profiles)", s);
		while (*p == ' ' || *p == '\t')
			p++;
		kw[n].value = buf;
		if (*p == '\'') {
			for (p++; *p != '\'' && *p != '\0'; p++) {
				if (*p == '\\' && p[1] != '\0')
					p++;
				*buf++ = *p;
			}
			if (*p++ != '\'')
				return perr_set(e, "--shard '%s': a quote not "
				    "closed", s);
		} else
			while (*p != '\0' && *p != ' ' && *p != '\t' &&
			    *p != '\n')
				*buf++ = *p++;
		*buf++ = '\0';
		n++;
	}
}

/* s as PostgreSQL's escape string, E'...', which reads the same
 * whatever standard_conforming_strings says: its quotes and
 * backslashes each escaped, so a value never ends the literal. */
static void
literal(struct sql_writer *w, const char *s)
{
	out_write(w->o, "E'", 2);
	for (; *s != '\0'; s++) {
		if (*s == '\'' || *s == '\\')
			out_char(w->o, '\\');
		out_char(w->o, *s);
	}
	out_char(w->o, '\'');
}

/* OPTIONS (k 'v', ...) of the keywords for which user is 0 (the
 * server's) or 1 (the user mapping's). */
static void
options(struct sql_writer *w, const struct keyword *kw, int n, int user,
    const char *more)
{
	int i, first = 1;

	for (i = 0; i < n; i++) {
		int u = strcmp(kw[i].key, "user") == 0 ||
		    strcmp(kw[i].key, "password") == 0;
		if (u != user)
			continue;
		sqlf(w, "%s%s ", first ? " OPTIONS (" : ", ", kw[i].key);
		literal(w, kw[i].value);
		first = 0;
	}
	if (more != NULL)
		sqlf(w, "%s%s", first ? " OPTIONS (" : ", ", more);
	if (!first || more != NULL)
		sqlf(w, ")");
}

/* The tables of a shard, as it holds them. */
static void
shard_tables(struct sql_writer *w)
{
	size_t i;

	for (i = 0; i < NPARTED; i++) {
		struct sql_table_def d = sql_table_of(parted[i]);
		sql_create(w, parted[i], SQL_TABLE_SHARD);
		if (parted[i] != SQ_SAMPLE_STACKS)
			sqlf(w, "CREATE INDEX IF NOT EXISTS \"%s_sample_id\" ON "
			    "\"%s\" (sample_id);\n", d.name, d.name);
	}
	sqlf(w, "CREATE TABLE IF NOT EXISTS stack_names (stack_id INTEGER NOT "
	    "NULL, name TEXT NOT NULL, leaf BOOLEAN NOT NULL, PRIMARY KEY "
	    "(stack_id, name));\n"
	    "CREATE TABLE IF NOT EXISTS value_types (kind_id INTEGER NOT NULL, "
	    "position INTEGER NOT NULL, type TEXT NOT NULL, unit TEXT NOT "
	    "NULL, PRIMARY KEY (kind_id, position));\n"
	    "CREATE OR REPLACE VIEW shard_sample_values AS SELECT s.sample_id, "
	    "s.source_id, s.stack_id, t.type, ");
	sql_value_at(w, "s.", "t.position");
	sqlf(w, " AS value FROM sample_stacks s JOIN value_types t ON "
	    "t.kind_id = s.kind_id;\n");
	/* what the shard answers whole (the planner, left to itself, may
	 * join its tables on the coordinator, row by row) */
	/* (a stack's values summed first: its samples' rows, wide with
	 * their value columns, go no further than that) */
	sqlf(w, "CREATE OR REPLACE VIEW shard_function_totals AS SELECT v.type, "
	    "k.name, SUM(CASE WHEN k.leaf THEN v.value ELSE 0 END) AS self, "
	    "SUM(v.value) AS total FROM (SELECT stack_id, type, SUM(value) AS "
	    "value FROM shard_sample_values GROUP BY stack_id, type) v JOIN "
	    "stack_names k ON k.stack_id = v.stack_id GROUP BY v.type, "
	    "k.name;\n"
	    "CREATE OR REPLACE VIEW shard_source_totals AS SELECT v.source_id, "
	    "v.type, COUNT(*) AS samples, SUM(v.value) AS total FROM "
	    "shard_sample_values v GROUP BY v.source_id, v.type;\n");
}

/* A query per shard, UNION ALL: q with the shard's number for each @. */
static void
per_shard(struct sql_writer *w, size_t n, const char *q)
{
	const char *c;
	size_t i;

	for (i = 1; i <= n; i++) {
		sqlf(w, "%s", i > 1 ? "\n  UNION ALL\n  " : "  ");
		for (c = q; *c != '\0'; c++)
			if (*c == '@')
				sqlf(w, "%zu", i);
			else
				out_char(w->o, *c);
	}
}

int
sql_cluster(struct output *o, char *const *shards, size_t n, struct perr *e)
{
	struct sql_writer w = { 0 };
	struct keyword kw[MAX_KEYS];
	char *buf;
	size_t i, j;
	int nk;

	w.o = o;
	w.d = SQL_POSTGRESQL;
	sqlf(&w, "-- profiles across %zu PostgreSQL servers (tsv2sql --shard), "
	    "made on the coordinator\nSET client_min_messages = warning;\n"
	    "SET standard_conforming_strings = on;\nBEGIN;\n"
	    "CREATE EXTENSION IF NOT EXISTS postgres_fdw;\n"
	    "CREATE EXTENSION IF NOT EXISTS dblink;\n", n);
	for (i = 0; i < n; i++) {
		if ((buf = malloc(strlen(shards[i]) + 2 * MAX_KEYS + 1)) ==
		    NULL)
			return perr_nomem(e);
		if ((nk = conninfo(shards[i], kw, buf, e)) < 0) {
			free(buf);
			return -1;
		}
		/* its tables, made on it (dblink: postgres_fdw makes none) */
		sqlf(&w, "SELECT dblink_exec(");
		literal(&w, shards[i]);
		sqlf(&w, ", $ddl$\n");
		shard_tables(&w);
		sqlf(&w, "$ddl$);\n");
		/* async: the shards answer a query at once; batch: rows go
		 * to them a thousand at a time */
		sqlf(&w, "CREATE SERVER profstream_shard_%zu FOREIGN DATA WRAPPER "
		    "postgres_fdw", i + 1);
		options(&w, kw, nk, 0, "async_capable 'true', batch_size '1000', "
		    "fetch_size '10000'");
		sqlf(&w, ";\nCREATE USER MAPPING FOR CURRENT_USER SERVER "
		    "profstream_shard_%zu", i + 1);
		options(&w, kw, nk, 1, NULL);
		sqlf(&w, ";\n");
		free(buf);
	}
	sqlf(&w, "CREATE SEQUENCE IF NOT EXISTS \"%s\";\n", SQL_ORDER_COLUMN);
	for (j = 0; j < NPARTED; j++) {
		const char *name = sql_table_of(parted[j]).name;
		sql_create(&w, parted[j], SQL_TABLE_PARTITIONED);
		for (i = 0; i < n; i++)
			sqlf(&w, "CREATE FOREIGN TABLE \"%s_shard_%zu\" PARTITION "
			    "OF \"%s\" FOR VALUES WITH (MODULUS %zu, REMAINDER "
			    "%zu) SERVER profstream_shard_%zu OPTIONS "
			    "(table_name '%s');\n", name, i + 1, name, n, i,
			    i + 1, name);
	}
	for (i = 0; i < n; i++)
		sqlf(&w, "CREATE FOREIGN TABLE stack_names_shard_%zu (stack_id "
		    "INTEGER NOT NULL, name TEXT NOT NULL, leaf BOOLEAN NOT NULL) "
		    "SERVER profstream_shard_%zu OPTIONS (table_name "
		    "'stack_names');\n"
		    "CREATE FOREIGN TABLE value_types_shard_%zu (kind_id INTEGER "
		    "NOT NULL, position INTEGER NOT NULL, type TEXT NOT NULL, "
		    "unit TEXT NOT NULL) SERVER profstream_shard_%zu OPTIONS "
		    "(table_name 'value_types');\n"
		    "CREATE FOREIGN TABLE function_totals_shard_%zu (type TEXT, "
		    "name TEXT, self DOUBLE PRECISION, total DOUBLE PRECISION) "
		    "SERVER profstream_shard_%zu OPTIONS (table_name "
		    "'shard_function_totals');\n"
		    "CREATE FOREIGN TABLE source_totals_shard_%zu (source_id "
		    "INTEGER, type TEXT, samples BIGINT, total DOUBLE PRECISION) "
		    "SERVER profstream_shard_%zu OPTIONS (table_name "
		    "'shard_source_totals');\n", i + 1, i + 1, i + 1, i + 1,
		    i + 1, i + 1, i + 1, i + 1);
	/* the rest as every load makes it */
	sql_schema(&w);
	/* each new stack's function names, to every shard */
	sqlf(&w, "CREATE FUNCTION profstream_stack_names() RETURNS trigger "
	    "LANGUAGE plpgsql AS $f$\nBEGIN\n"
	    "  CREATE TEMP TABLE profstream_names ON COMMIT DROP AS\n"
	    "    SELECT a.stack_id, f.name, bool_or(x.depth = 1) AS leaf\n"
	    "    FROM added a, unnest(string_to_array(a.frames, ',')::integer[])"
	    "\n      WITH ORDINALITY AS x(location_id, depth)\n"
	    "    JOIN locations l ON l.location_id = x.location_id\n"
	    "    JOIN functions f ON f.function_id = l.function_id\n"
	    "    GROUP BY a.stack_id, f.name;\n");
	for (i = 0; i < n; i++)
		sqlf(&w, "  INSERT INTO stack_names_shard_%zu SELECT * FROM "
		    "profstream_names;\n", i + 1);
	sqlf(&w, "  DROP TABLE profstream_names;\n  RETURN NULL;\nEND\n$f$;\n"
	    "CREATE TRIGGER stacks_to_shards AFTER INSERT ON stacks REFERENCING "
	    "NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "
	    "profstream_stack_names();\n");
	/* each new value kind's types, to every shard */
	sqlf(&w, "CREATE FUNCTION profstream_value_types() RETURNS trigger "
	    "LANGUAGE plpgsql AS $f$\nBEGIN\n");
	for (i = 0; i < n; i++)
		sqlf(&w, "  INSERT INTO value_types_shard_%zu SELECT * FROM "
		    "added;\n", i + 1);
	sqlf(&w, "  RETURN NULL;\nEND\n$f$;\n"
	    "CREATE TRIGGER value_types_to_shards AFTER INSERT ON value_types "
	    "REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE "
	    "FUNCTION profstream_value_types();\n");
	/* the queries each shard answers whole, summed */
	sqlf(&w, "-- self and total per function and value type, as tsvtop "
	    "and summaryRprof count them\nCREATE VIEW function_totals AS\n"
	    "SELECT type, name, SUM(self) AS self, SUM(total) AS total FROM (\n");
	per_shard(&w, n, "SELECT * FROM function_totals_shard_@");
	sqlf(&w, ") t GROUP BY type, name;\n"
	    "-- samples and their total value per source and value type\n"
	    "CREATE VIEW source_totals AS\nSELECT source_id, type, "
	    "SUM(samples)::bigint AS samples, SUM(total) AS total FROM (\n");
	per_shard(&w, n, "SELECT * FROM source_totals_shard_@");
	sqlf(&w, ") t GROUP BY source_id, type;\nCOMMIT;\n");
	return 0;
}
