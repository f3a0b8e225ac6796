/*
 * Functions, mappings, locations and stacks added here rather than by the
 * script's SQL (which sorts each table's rows three times over): on
 * large.cpu's 23,038 functions, 23,373 locations and 20,430 stacks the
 * SQL took 0.8 s of a 1.55 s load. The same rows and ids as the SQL's: a
 * staged row equal to one added before in this load gets its id, else
 * one present (found as the SQL finds it), else the next id, in the
 * order of the stream's ids; map_T and new_locations as the SQL leaves
 * them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "base/fmt.h"
#include "base/hash.h"
#include "formats/sql/sqlite_db_impl.h"

struct defs {
	struct sqlite_load *l;
	sqlite3_stmt *sel, *find, *ins, *map, *added;
	struct strtab seen;	/* a row's key -> seen_id */
	uint32_t *seen_id;
	size_t capseen;
	uint8_t *key;
	size_t nkey, capkey;
	int64_t next;		/* the last id given */
	struct u64map fmap, mmap, lmap;	/* old -> new */
};

static void
key_add(struct defs *d, const void *p, size_t n)
{
	if (d->nkey + n > d->capkey && array_grow((void **)&d->key,
	    &d->capkey, d->nkey + n, 1) < 0) {
		d->capkey = SIZE_MAX;	/* failed: said at the intern */
		return;
	}
	if (d->capkey != SIZE_MAX && n > 0)
		memcpy(d->key + d->nkey, p, n);
	d->nkey += n;
}

/* Value v (or the integer *mapped), its type first, added to the key. */
static void
key_value(struct defs *d, sqlite3_value *v, const int64_t *mapped)
{
	uint8_t type = mapped != NULL ? SQLITE_INTEGER :
	    (uint8_t)sqlite3_value_type(v);
	int64_t n;
	double x;
	uint32_t len;

	key_add(d, &type, 1);
	switch (type) {
	case SQLITE_INTEGER:
		n = mapped != NULL ? *mapped : sqlite3_value_int64(v);
		key_add(d, &n, sizeof(n));
		break;
	case SQLITE_FLOAT:
		x = sqlite3_value_double(v);
		key_add(d, &x, sizeof(x));
		break;
	case SQLITE_NULL:
		break;
	default:
		len = (uint32_t)sqlite3_value_bytes(v);
		key_add(d, &len, sizeof(len));
		key_add(d, sqlite3_value_text(v), len);
	}
}

/* Value v (or the integer *mapped) as parameter i of st. */
static int
bind(sqlite3_stmt *st, int i, sqlite3_value *v, const int64_t *mapped)
{
	return mapped != NULL ? sqlite3_bind_int64(st, i, *mapped) :
	    sqlite3_bind_value(st, i, v);
}

static void
defs_reset(struct defs *d)
{
	sqlite3_finalize(d->sel);
	sqlite3_finalize(d->find);
	sqlite3_finalize(d->ins);
	sqlite3_finalize(d->map);
	sqlite3_finalize(d->added);
	d->sel = d->find = d->ins = d->map = d->added = NULL;
	strtab_free(&d->seen);
	memset(&d->seen, 0, sizeof(d->seen));
}

/* Row old of a table gets id new: in the table map_name, and in map
 * unless NULL (stacks: nothing refers to them after). */
static int
mapped(struct defs *d, struct u64map *map, int64_t old, int64_t new,
    struct perr *e)
{
	int added;

	if (map != NULL && u64map_put(map, (uint64_t)old, (uint32_t)new,
	    &added) == NULL)
		return perr_nomem(e);
	sqlite3_bind_int64(d->map, 1, old);
	sqlite3_bind_int64(d->map, 2, new);
	if (sqlite3_step(d->map) != SQLITE_DONE)
		return sl_error(d->l, e, "adding the profile");
	sqlite3_reset(d->map);
	return 0;
}

/* The id of the row whose key is d->key: one seen in this load, one
 * present (find, bound), or the next (ins, bound, run); -1 on error. */
static int64_t
id_of(struct defs *d, int *isnew, struct perr *e)
{
	int64_t ix, id;
	size_t before = d->seen.n;
	int rc;

	*isnew = 0;
	if (d->capkey == SIZE_MAX ||
	    (ix = strtab_intern(&d->seen, (const char *)d->key, d->nkey)) < 0 ||
	    array_grow((void **)&d->seen_id, &d->capseen, d->seen.n,
	    sizeof(*d->seen_id)) < 0)
		return perr_nomem(e);
	if (d->seen.n == before)
		return d->seen_id[ix];
	if ((rc = sqlite3_step(d->find)) == SQLITE_ROW &&
	    sqlite3_column_type(d->find, 0) != SQLITE_NULL)
		id = sqlite3_column_int64(d->find, 0);
	else if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return sl_error(d->l, e, "adding the profile");
	else {
		id = ++d->next;
		*isnew = 1;
		if (sqlite3_bind_int64(d->ins, 1, id) != SQLITE_OK ||
		    sqlite3_step(d->ins) != SQLITE_DONE)
			return sl_error(d->l, e, "adding the profile");
		sqlite3_reset(d->ins);
	}
	sqlite3_reset(d->find);
	d->seen_id[ix] = (uint32_t)id;
	return id;
}

/* Statements for the table name: its staged rows in the order of their
 * ids, ins with ncols parameters, the map table made. */
static int
defs_prepare(struct defs *d, const char *name, const char *id, int ncols,
    enum sql_part lookup, struct perr *e)
{
	char sql[512], *text;
	size_t n;
	int c;

	snprintf(sql, sizeof(sql), "CREATE TEMP TABLE \"map_%s\" (old INTEGER "
	    "PRIMARY KEY, new INTEGER)", name);
	if (sl_exec(d->l, sql, e) < 0)
		return -1;
	snprintf(sql, sizeof(sql), "SELECT COALESCE(MAX(\"%s\"), 0) FROM "
	    "\"%s\"", id, name);
	if (sl_prepare(d->l, sql, &d->sel, e) < 0)
		return -1;
	if (sqlite3_step(d->sel) != SQLITE_ROW)
		return sl_error(d->l, e, sql);
	d->next = sqlite3_column_int64(d->sel, 0);
	sqlite3_finalize(d->sel);
	snprintf(sql, sizeof(sql), "SELECT * FROM temp.\"stage_%s\" ORDER BY "
	    "\"%s\"", name, id);
	if (sl_prepare(d->l, sql, &d->sel, e) < 0)
		return -1;
	n = (size_t)snprintf(sql, sizeof(sql), "INSERT INTO \"%s\" VALUES (?1",
	    name);
	for (c = 2; c <= ncols && n < sizeof(sql) - 8; c++)
		n += (size_t)snprintf(sql + n, sizeof(sql) - n, ", ?%d", c);
	snprintf(sql + n, sizeof(sql) - n, ")");
	if (sl_prepare(d->l, sql, &d->ins, e) < 0)
		return -1;
	snprintf(sql, sizeof(sql), "INSERT INTO temp.\"map_%s\" VALUES (?, ?)",
	    name);
	if (sl_prepare(d->l, sql, &d->map, e) < 0)
		return -1;
	if ((text = sl_part_text(lookup, e)) == NULL)
		return -1;
	c = sl_prepare(d->l, text, &d->find, e);
	free(text);
	return c;
}

/* Table sq: functions, mappings or locations, whose rows refer to the
 * first two through fmap and mmap. */
static int
add_table(struct defs *d, enum sql_table sq, struct u64map *map,
    struct perr *e)
{
	struct sql_table_def def = sql_table_of(sq);
	enum table_id t = def.stream;
	int ncols = def.ncols, c, rc, isnew;
	int64_t old, id, ref, *refp;
	uint32_t *slot;
	sqlite3_value *v;

	if (defs_prepare(d, def.name, def.cols[def.pk].name, ncols,
	    t == T_FUNCTIONS ? SQL_LOOKUP_FUNCTION : t == T_MAPPINGS ?
	    SQL_LOOKUP_MAPPING : SQL_LOOKUP_LOCATION, e) < 0)
		return -1;
	if (t == T_LOCATIONS && (sl_exec(d->l, "CREATE TEMP TABLE new_locations "
	    "(new INTEGER PRIMARY KEY)", e) < 0 || sl_prepare(d->l, "INSERT INTO "
	    "temp.new_locations VALUES (?)", &d->added, e) < 0))
		return -1;
	while ((rc = sqlite3_step(d->sel)) == SQLITE_ROW) {
		old = sqlite3_column_int64(d->sel, 0);
		d->nkey = 0;
		for (c = 1; c < ncols; c++) {
			v = sqlite3_column_value(d->sel, c);
			refp = NULL;
			if (t == T_LOCATIONS && (c == LOC_FUNCTION ||
			    c == LOC_MAPPING) && sqlite3_value_type(v) !=
			    SQLITE_NULL) {
				slot = u64map_get(c == LOC_FUNCTION ? &d->fmap :
				    &d->mmap, (uint64_t)sqlite3_value_int64(v));
				if (slot == NULL)
					return perr_set(e, "%s: a location "
					    "refers to a row not staged",
					    d->l->path);
				ref = *slot;
				refp = &ref;
			}
			key_value(d, v, refp);
			if (bind(d->find, c, v, refp) != SQLITE_OK ||
			    bind(d->ins, c + 1, v, refp) != SQLITE_OK)
				return sl_error(d->l, e, "adding the profile");
		}
		if ((id = id_of(d, &isnew, e)) < 0 ||
		    mapped(d, map, old, id, e) < 0)
			return -1;
		if (isnew && d->added != NULL) {
			sqlite3_bind_int64(d->added, 1, id);
			if (sqlite3_step(d->added) != SQLITE_DONE)
				return sl_error(d->l, e, "adding the profile");
			sqlite3_reset(d->added);
		}
	}
	if (rc != SQLITE_DONE)
		return sl_error(d->l, e, "adding the profile");
	defs_reset(d);
	return 0;
}

/* The staged stacks, their frames in the database's location ids. */
static int
add_stacks(struct defs *d, struct perr *e)
{
	struct sql_table_def def = sql_table_of(SQ_STACKS);
	const unsigned char *f;
	char *buf = NULL;
	size_t cap = 0, n, flen;
	uint64_t old;
	uint32_t *slot;
	int64_t id;
	int rc = -1, isnew;

	if (defs_prepare(d, def.name, def.cols[def.pk].name, def.ncols,
	    SQL_LOOKUP_STACK, e) < 0)
		goto done;
	while ((rc = sqlite3_step(d->sel)) == SQLITE_ROW) {
		f = sqlite3_column_text(d->sel, STK_FRAMES);
		flen = (size_t)sqlite3_column_bytes(d->sel, STK_FRAMES);
		/* each id at most 10 digits, as each new one */
		if (array_grow((void **)&buf, &cap, flen + 11 * (flen / 2 + 1),
		    1) < 0) {
			rc = perr_nomem(e);
			goto done;
		}
		for (n = 0; f != NULL && *f != '\0'; ) {
			for (old = 0; *f >= '0' && *f <= '9'; f++)
				old = old * 10 + (uint64_t)(*f - '0');
			if ((slot = u64map_get(&d->lmap, old)) == NULL) {
				rc = perr_set(e, "%s: location %llu of a stack "
				    "was not staged", d->l->path,
				    (unsigned long long)old);
				goto done;
			}
			if (n > 0)
				buf[n++] = ',';
			n += fmt_u64(buf + n, *slot);
			if (*f == ',')
				f++;
		}
		d->nkey = 0;
		key_add(d, buf, n);
		if (sqlite3_bind_text(d->find, 1, n ? buf : "", (int)n,
		    SQLITE_STATIC) != SQLITE_OK ||
		    sqlite3_bind_int64(d->ins, 2, sqlite3_column_int64(d->sel,
		    STK_FRAME_COUNT)) != SQLITE_OK ||
		    sqlite3_bind_text(d->ins, 3, n ? buf : "", (int)n,
		    SQLITE_STATIC) != SQLITE_OK) {
			rc = sl_error(d->l, e, "adding the profile");
			goto done;
		}
		if ((id = id_of(d, &isnew, e)) < 0 || mapped(d, NULL,
		    sqlite3_column_int64(d->sel, STK_ID), id, e) < 0) {
			rc = -1;
			goto done;
		}
	}
	rc = rc == SQLITE_DONE ? 0 : sl_error(d->l, e, "adding the profile");
done:
	defs_reset(d);
	free(buf);
	return rc;
}

/* Functions, mappings, locations and stacks, as the script's SQL adds
 * them. */
int
sl_add_definitions(struct sqlite_load *l, struct perr *e)
{
	struct defs d;
	int rc;

	memset(&d, 0, sizeof(d));
	d.l = l;
	rc = add_table(&d, SQ_FUNCTIONS, &d.fmap, e) < 0 ||
	    add_table(&d, SQ_MAPPINGS, &d.mmap, e) < 0 ||
	    add_table(&d, SQ_LOCATIONS, &d.lmap, e) < 0 ||
	    add_stacks(&d, e) < 0 ? -1 : 0;
	defs_reset(&d);
	free(d.seen_id);
	free(d.key);
	u64map_free(&d.fmap);
	u64map_free(&d.mmap);
	u64map_free(&d.lmap);
	return rc;
}

