/*
 * What a ClickHouse read reads first (ch_read_impl.h): the database's
 * tables checked to be tsv2sql's before any is read, its sources and
 * their attributes, held, and the keys of --label there are.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/fmt.h"
#include "formats/sql/ch_read_impl.h"

int
chr_nomem(struct chr *r)
{
	return perr_nomem(r->e);
}

/* A text of the result, as a C string in buf (NUL within it ends it, as
 * the other engines' readers read it). */
int
chr_text(struct chr *r, char **buf, size_t *cap)
{
	const char *p;
	size_t n;

	if (ch_text(r->h, &p, &n, r->e) < 0)
		return -1;
	if (array_grow((void **)buf, cap, n + 1, 1) < 0)
		return chr_nomem(r);
	memcpy(*buf, p, n);
	(*buf)[n] = '\0';
	return 0;
}

/* Nullable: 1 for NULL. */
int
chr_null(struct chr *r, int *null)
{
	uint8_t v;

	if (ch_u8(r->h, &v, r->e) < 0)
		return -1;
	*null = v != 0;
	return 0;
}

/* The table of each name, its columns tsv2sql's, before any is read: a
 * database of another program or of a view is refused. */
int
chr_check_layout(struct chr *r)
{
	char sql[1024];
	const struct ch_col *c;
	const char *p;
	size_t n;
	int t, i, nc, rc, found;

	for (t = 0; t < CH_TABLES; t++) {
		snprintf(sql, sizeof(sql), "SELECT engine IN ('MergeTree', "
		    "'ReplacingMergeTree', 'Distributed') FROM system.tables "
		    "WHERE database = currentDatabase() AND name = '%s'",
		    ch_table_name(t));
		if (ch_http_query(r->h, sql, r->e) < 0 ||
		    (rc = ch_more(r->h, r->e)) < 0)
			return -1;
		if (rc == 0)
			return perr_set(r->e, "%s: not a profile database of "
			    "tsv2sql -D clickhouse (it has no %s table)",
			    r->src.name, ch_table_name(t));
		uint8_t ok;
		if (ch_u8(r->h, &ok, r->e) < 0)
			return -1;
		if (!ok)
			return perr_set(r->e, "%s: not a profile database of "
			    "tsv2sql: %s is not a MergeTree table", r->src.name,
			    ch_table_name(t));
		snprintf(sql, sizeof(sql), "SELECT name, type FROM "
		    "system.columns WHERE database = currentDatabase() AND "
		    "table = '%s'", ch_table_name(t));
		if (ch_http_query(r->h, sql, r->e) < 0)
			return -1;
		c = ch_columns(t, &nc);
		found = 0;
		while ((rc = ch_more(r->h, r->e)) == 1) {
			const char *name;
			size_t nn;

			if (ch_text(r->h, &name, &nn, r->e) < 0)
				return -1;
			char *copy = strndup(name, nn);
			if (copy == NULL || ch_text(r->h, &p, &n, r->e) < 0) {
				free(copy);
				return copy == NULL ? chr_nomem(r) : -1;
			}
			for (i = 0; i < nc; i++)
				if (strcmp(copy, c[i].name) == 0) {
					if (strlen(c[i].type) != n ||
					    memcmp(c[i].type, p, n) != 0) {
						free(copy);
						return perr_set(r->e, "%s: not "
						    "a profile database of "
						    "tsv2sql: %s.%s is %.*s, "
						    "not %s", r->src.name,
						    ch_table_name(t),
						    c[i].name, (int)n, p,
						    c[i].type);
					}
					found++;
				}
			free(copy);
		}
		if (rc < 0)
			return -1;
		if (found != nc)
			return perr_set(r->e, "%s: not a profile database of "
			    "tsv2sql: its table %s lacks columns tsv2sql "
			    "makes", r->src.name, ch_table_name(t));
	}
	return 0;
}

/* The sources, in the order loaded, with their attributes. */
int
chr_read_sources(struct chr *r)
{
	char *type = NULL, *uri = NULL, *k = NULL, *v = NULL;
	size_t ct = 0, cu = 0, ck = 0, cv = 0;
	uint64_t key, na, nv, i;
	uint32_t id = 0;
	double ts;
	int rc, null_uri, null_ts;

	if (ch_http_query(r->h, "SELECT source_id, source_type, source_uri, "
	    "source_timestamp, attribute_keys, attribute_values FROM sources "
	    "ORDER BY made, load, position LIMIT 1 BY made, load, position",
	    r->e) < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1) {
		ts = NAN;
		if (ch_u64(r->h, &key, r->e) < 0 || chr_text(r, &type, &ct) < 0 ||
		    chr_null(r, &null_uri) < 0 ||
		    (!null_uri && chr_text(r, &uri, &cu) < 0) ||
		    chr_null(r, &null_ts) < 0 ||
		    (!null_ts && ch_f64(r->h, &ts, r->e) < 0) ||
		    sql_sources_add(&r->src, key, ++id, type, null_uri ? NULL :
		    uri, ts, r->e) < 0 || ch_len(r->h, &na, r->e) < 0) {
			rc = -1;
			break;
		}
		/* keys, then values: held to pair them */
		{
			char **keys = calloc(na + 1, sizeof(*keys));

			if (keys == NULL) {
				rc = chr_nomem(r);
				break;
			}
			for (i = 0; i < na && rc >= 0; i++)
				if (chr_text(r, &k, &ck) < 0 ||
				    (keys[i] = strdup(k)) == NULL)
					rc = keys[i] == NULL && k != NULL ?
					    chr_nomem(r) : -1;
			if (rc >= 0 && (ch_len(r->h, &nv, r->e) < 0 ||
			    nv != na))
				rc = rc < 0 || nv == na ? -1 : perr_set(r->e,
				    "%s: a source with %" PRIu64 " attribute "
				    "keys and %" PRIu64 " values", r->src.name,
				    na, nv);
			for (i = 0; i < na && rc >= 0; i++)
				if (chr_text(r, &v, &cv) < 0 ||
				    sql_sources_attr(&r->src, keys[i], v,
				    r->e) < 0)
					rc = -1;
			for (i = 0; i < na; i++)
				free(keys[i]);
			free(keys);
		}
		if (rc < 0)
			break;
	}
	ch_http_done(r->h);
	free(type);
	free(uri);
	free(k);
	free(v);
	return rc < 0 ? -1 : 0;
}

/* Each key of --label some sample has, else the message with those
 * there are. */
int
chr_check_label_keys(struct chr *r)
{
	const struct sql_select *s = r->sel;
	char keys[600] = "";
	char **have = NULL;
	size_t nhave = 0, caphave = 0, i, j, n, len = 0;
	char *t = NULL;
	size_t ct = 0;
	int rc;

	if (s->nlabels == 0)
		return 0;
	if (ch_http_query(r->h, "SELECT DISTINCT arrayJoin(arrayJoin("
	    "label_key)) AS k FROM sample_blocks ORDER BY k", r->e) < 0)
		return -1;
	while ((rc = ch_more(r->h, r->e)) == 1)
		if (chr_text(r, &t, &ct) < 0 ||
		    ARRAY_ROOM(have, nhave, caphave) < 0 ||
		    (have[nhave++] = strdup(t)) == NULL) {
			rc = have == NULL || t == NULL ? -1 : chr_nomem(r);
			break;
		}
	ch_http_done(r->h);
	free(t);
	for (i = 0; rc == 0 && i < s->nlabels; i++) {
		n = (size_t)(strchr(s->labels[i], '=') - s->labels[i]);
		for (j = 0; j < nhave; j++)
			if (strlen(have[j]) == n &&
			    memcmp(have[j], s->labels[i], n) == 0)
				break;
		if (j < nhave)
			continue;
		for (j = 0; j < nhave && len < sizeof(keys) - 8; j++)
			len += (size_t)snprintf(keys + len, sizeof(keys) - len,
			    "%s%s", len ? ", " : "", have[j]);
		if (len >= sizeof(keys) - 8)
			snprintf(keys + sizeof(keys) - 8, 8, ", ...");
		rc = perr_set(r->e, "%s: no sample has a label %.*s (the keys "
		    "there are: %s)", r->src.name, (int)n, s->labels[i],
		    len ? keys : "none");
	}
	for (j = 0; j < nhave; j++)
		free(have[j]);
	free(have);
	return rc < 0 ? -1 : 0;
}

