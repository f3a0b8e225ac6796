/*
 * tsv2sql's SQLite database as a format every program reads: what
 * `sql2tsv FILE` writes, the whole of it.
 */
#include "formats/sql/sql_read.h"
#include "stream/codec.h"
#include "stream/sniff.h"

struct sqlite_reader {
	struct output *o;
};

static int
sqlite_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	struct sqlite_reader *c = reader;

	(void)options;
	(void)e;
	c->o = o;
	return 0;
}

static int
sqlite_read(void *reader, struct input *in, struct perr *e)
{
	struct sqlite_reader *c = reader;
	struct sql_select all = { 0 };
	struct sql_conn *db;
	int rc;

	/* SQLite opens files by name: not a pipe, nor one compressed */
	if (in->uri == NULL || in->compressed != INPUT_PLAIN)
		return perr_set(e, "%s: %s", in->name,
		    sniff_advice(SNIFF_SQLITE));
	if ((db = sqlite_query_open(in->uri, SQL_READ_TIMEOUT, e)) == NULL)
		return -1;
	rc = sql_read(db, &all, c->o, e);
	db->close(db);
	return rc;
}

static void
sqlite_free(void *reader)
{
	(void)reader;
}

const struct codec sqlite_codec = {
	"tsv2sql's SQLite database", "sql2tsv", SNIFF_BIT(SNIFF_SQLITE),
	sizeof(struct sqlite_reader), sqlite_begin, sqlite_read, NULL,
	sqlite_free
};
