/* sql2tsv: profiles back out of a database tsv2sql loaded (SQLite or
 * PostgreSQL), all or a selection, as a stream. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/when.h"
#include "formats/sql/ch.h"
#include "formats/sql/sql_read.h"
#include "cli.h"

enum { O_WHERE = CLI_LONG, O_LABEL, O_FROM, O_TO, O_TIMEOUT };

static const struct cli_opt opts[] = {
	CLI_OPT_SOURCES,
	{ O_WHERE, "where", "key=value", "keep the sources with this "
	    "attribute (service.name=api);\nagain: of another key too, or "
	    "another value of the key" },
	{ O_LABEL, "label", "key=value", "keep the samples with this label "
	    "(a string or number);\nagain: as --where" },
	{ O_FROM, "from", "time", "keep the samples taken at time or later "
	    "(RFC 3339\nsuch as 2026-11-27T14:00:00Z, or seconds since "
	    "1970)" },
	{ O_TO, "to", "time", "keep the samples taken before time" },
	{ 'm', "merge", NULL, "write the samples selected as of one source" },
	{ O_TIMEOUT, "timeout", "seconds", "stop when a step of reading takes "
	    "longer\n(600; 0: no bound)" },
	CLI_OPT_OUTPUT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes the profiles of a database that tsv2sql loaded, all or those "
	"selected,\nas one stream (2.0), ids renumbered as tsvcombine "
	"numbers them.", opts, "database",
	"The database is a SQLite file, PostgreSQL's conninfo (dbname=... "
	"host=...,\nor postgresql://...), or ClickHouse's HTTP interface\n"
	"(clickhouse://[user[:password]@]host:port/database). A sample "
	"without a time\nof its own is in a window when its source's span "
	"(source_timestamp,\npprof.duration_nanos) meets it."
};

/* "key=value" with a key, or usage */
static char *
pair(const char *arg, const char *opt)
{
	const char *eq = strchr(arg, '=');

	if (eq == NULL || eq == arg) {
		cli_warn("--%s wants key=value, not '%s'", opt, arg);
		cli_usage(&prog);
	}
	return (char *)arg;
}

static void
add(char ***v, size_t *n, char *s)
{
	char **p = realloc(*v, (*n + 1) * sizeof(**v));

	if (p == NULL) {
		cli_warn("out of memory");
		cli_exit(EXIT_BAD);
	}
	p[(*n)++] = s;
	*v = p;
}

static void
ids(struct sql_select *s, const char *arg)
{
	uint32_t *v = NULL;
	size_t n = 0;
	const char *p = arg;
	char *end;
	unsigned long id;

	for (;;) {
		id = strtoul(p, &end, 10);
		if (end == p || id == 0 || id > INT32_MAX ||
		    (*end != ',' && *end != '\0')) {
			cli_warn("-s wants source ids such as 1,3, not '%s'",
			    arg);
			cli_usage(&prog);
		}
		if ((v = realloc(v, (n + 1) * sizeof(*v))) == NULL) {
			cli_warn("out of memory");
			cli_exit(EXIT_BAD);
		}
		v[n++] = (uint32_t)id;
		if (*end == '\0')
			break;
		p = end + 1;
	}
	s->ids = v;
	s->nids = n;
}

/* A source a window left out: its times on its producer's clock. */
static void
left_out(void *ctx, uint32_t source, const char *uri, const char *clock)
{
	(void)ctx;
	cli_warn("--from/--to: source %u (%s) is left out: its times are on "
	    "%s's clock, not Unix time", source, uri != NULL ? uri : "NA",
	    clock);
}

int
main(int argc, char *argv[])
{
	struct sql_select s = { 0 };
	char **where = NULL, **labels = NULL;
	struct sql_conn *c;
	struct output o;
	struct perr e = { "" };
	const char *opath = NULL;
	unsigned timeout = SQL_READ_TIMEOUT;
	char *end;
	unsigned long t;
	int ch;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 's':
			ids(&s, optarg);
			break;
		case O_WHERE:
			add(&where, &s.nwhere, pair(optarg, "where"));
			break;
		case O_LABEL:
			add(&labels, &s.nlabels, pair(optarg, "label"));
			break;
		case O_FROM:
		case O_TO:
			if (when_parse(optarg, ch == O_FROM ? &s.window.from :
			    &s.window.to, &e) < 0) {
				cli_warn("--%s: %s", ch == O_FROM ? "from" :
				    "to", e.msg);
				cli_usage(&prog);
			}
			*(ch == O_FROM ? &s.window.has_from :
			    &s.window.has_to) = 1;
			break;
		case 'm':
			s.merge = 1;
			break;
		case O_TIMEOUT:
			t = strtoul(optarg, &end, 10);
			if (end == optarg || *end != '\0' || optarg[0] == '-' ||
			    t > 2000000) {
				cli_warn("--timeout: '%s' is not a number of "
				    "seconds (0 to 2000000)", optarg);
				cli_usage(&prog);
			}
			timeout = (unsigned)t;
			break;
		case 'o':
			opath = optarg;
			break;
		}
	argc -= optind;
	argv += optind;
	if (argc != 1)
		cli_usage(&prog);
	if (s.window.has_from && s.window.has_to &&
	    s.window.from >= s.window.to) {
		cli_warn("--from is not before --to: no time is in the window");
		cli_usage(&prog);
	}
	s.where = where;
	s.labels = labels;
	s.left_out = left_out;
	if (ch_is_url(argv[0])) {
		cli_open(&o, opath);
		if (ch_read(argv[0], timeout, &s, &o, &e) < 0 ||
		    output_close(&o, &e) < 0)
			cli_fail(&e);
		free(where);
		free(labels);
		free((void *)s.ids);
		return EXIT_OK;
	}
	c = sql_is_conninfo(argv[0]) ? pg_query_open(argv[0], timeout, &e) :
	    sqlite_query_open(argv[0], timeout, &e);
	if (c == NULL)
		cli_fail(&e);
	cli_open(&o, opath);
	if (sql_read(c, &s, &o, &e) < 0) {
		c->close(c);
		cli_fail(&e);
	}
	c->close(c);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	free(where);
	free(labels);
	free((void *)s.ids);
	return EXIT_OK;
}
