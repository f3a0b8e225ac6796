#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "stream/fields.h"
#include "stream/sniff.h"
#include "stream/stream_read.h"

int
stream_open(struct stream_reader *r, const char *path, const char *shown,
    struct perr *e)
{
	int j;

	memset(r, 0, sizeof(*r));
	for (j = 0; j < RECENT_TABLES; j++)
		r->recent[j] = T_NONE;
	return input_open(&r->in, path, shown, e);
}

void
stream_close(struct stream_reader *r)
{
	int t, i;

	for (t = 0; t < T_COUNT; t++) {
		free(r->tab[t].colmap);
		if (r->tab[t].names != NULL)
			for (i = 0; i < r->tab[t].nf; i++)
				free(r->tab[t].names[i]);
		free(r->tab[t].names);
		r->tab[t].colmap = NULL;
		r->tab[t].names = NULL;
	}
	strtab_free(&r->other);
	u64map_free(&r->other_nf);
	free(r->fields);
	r->fields = NULL;
	input_close(&r->in);
}

const char *
stream_label_rule(const struct stream_row *row)
{
	if (row->st[LB_STR] == CELL_NA && row->st[LB_NUM] == CELL_NA)
		return "a label needs str or num";
	if (row->st[LB_STR] == CELL_OK && row->st[LB_NUM] == CELL_OK)
		return "a label has str or num, not both (the other is NA)";
	return NULL;
}

int
stream_problem(struct stream_reader *r, struct perr *e, long line,
    enum table_id t, int col, const char *fmt, ...)
{
	char msg[900], full[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (t == T_NONE)
		snprintf(full, sizeof(full), "%s:%ld: %s", r->in.name, line,
		    msg);
	else if (col < 0)
		snprintf(full, sizeof(full), "%s:%ld: %s: %s", r->in.name,
		    line, schema_name(t), msg);
	else
		snprintf(full, sizeof(full), "%s:%ld: %s.%s: %s", r->in.name,
		    line, schema_name(t), schema_colname(t, col), msg);
	r->nerrors++;
	if (r->report == NULL)
		return perr_set(e, "%s", full);
	r->report(r->ctx, full);
	return 0;
}

/* Shows a field in a message: at most 40 bytes, control bytes as '?'. */
static const char *
shown(const char *s, size_t n, char *buf)
{
	size_t i, k = n > 40 ? 40 : n;

	for (i = 0; i < k; i++)
		buf[i] = (unsigned char)s[i] < 0x20 ? '?' : s[i];
	strcpy(buf + k, n > k ? "..." : "");
	return buf;
}

static const char *const type_names[] = {
	[CT_INT] = "an int", [CT_I64] = "an i64", [CT_DBL] = "a dbl",
	[CT_CHR] = "a chr", [CT_LGL] = "TRUE or FALSE",
	[CT_HEX] = "a hex number (0x and lowercase digits)",
};

/* An int's rules beyond its type (CF_ID, CF_NONNEG): 0, or what
 * stream_problem returns. */
static int
int_rules(struct stream_reader *r, struct perr *e, int c, int64_t v)
{
	struct stream_row *row = &r->row;
	unsigned flags = schema_tables[row->table].cols[c].flags;

	if ((flags & CF_ID) && v < 1) {
		row->st[c] = CELL_BAD;
		return stream_problem(r, e, row->line, row->table, c,
		    "%lld is out of range (1 to 2147483647)", (long long)v);
	}
	if ((flags & CF_NONNEG) && v < 0) {
		row->st[c] = CELL_BAD;
		return stream_problem(r, e, row->line, row->table, c,
		    "%lld is negative", (long long)v);
	}
	return 0;
}

int
stream_check_row(struct stream_reader *r, struct perr *e)
{
	struct stream_row *row = &r->row;
	const struct table *tb = &schema_tables[row->table];
	int c, n = tb->ncols + (row->has_ext ? tb->next : 0);
	const union cell *v;
	char buf[48];

	for (c = 0; c < n; c++) {
		v = &row->v[c];
		if (tb->cols[c].type == CT_CHR && row->st[c] == CELL_OK &&
		    v->s.n > 0 && memchr(v->s.p, '\0', v->s.n) != NULL)
			return stream_problem(r, e, row->line, T_NONE, -1,
			    "NUL byte in line");
	}
	for (c = 0; c < n; c++) {
		v = &row->v[c];
		if (row->st[c] == CELL_NA) {
			if (tb->cols[c].flags & CF_NA)
				continue;
			row->st[c] = CELL_BAD;
			if (stream_problem(r, e, row->line, row->table, c,
			    "NA is not allowed here") < 0)
				return -1;
			continue;
		}
		switch (tb->cols[c].type) {
		case CT_CHR:
			if ((tb->cols[c].flags & CF_NONEMPTY) && v->s.n == 0) {
				row->st[c] = CELL_BAD;
				if (stream_problem(r, e, row->line, row->table,
				    c, "must not be empty") < 0)
					return -1;
			}
			break;
		case CT_INT:
			if (v->i < INT32_MIN || v->i > INT32_MAX) {
				row->st[c] = CELL_BAD;
				snprintf(buf, sizeof(buf), "%lld",
				    (long long)v->i);
				if (stream_problem(r, e, row->line, row->table,
				    c, "'%s' is not an int", buf) < 0)
					return -1;
			} else if (int_rules(r, e, c, v->i) < 0)
				return -1;
			break;
		case CT_DBL:
			if (isnan(v->n.d)) {
				row->st[c] = CELL_BAD;
				if (stream_problem(r, e, row->line, row->table,
				    c, "'NaN' is not a dbl") < 0)
					return -1;
			}
			break;
		default:
			break;
		}
	}
	return 0;
}

/* Parses field f into cell c of the current row. Returns 0, or -1 to stop. */
static int
parse_cell(struct stream_reader *r, struct perr *e, int c,
    struct stream_field *f)
{
	struct stream_row *row = &r->row;
	const struct column *col = &schema_tables[row->table].cols[c];
	union cell *v = &row->v[c];
	char buf[48];
	int ok = 0;

	row->st[c] = CELL_OK;
	if (f->na) {
		row->st[c] = CELL_NA;
		if (col->flags & CF_NA)
			return 0;
		row->st[c] = CELL_BAD;
		return stream_problem(r, e, row->line, row->table, c,
		    "NA is not allowed here");
	}
	switch (col->type) {
	case CT_CHR:
		v->s.p = f->s;
		v->s.n = f->len;
		ok = !(col->flags & CF_NONEMPTY) || f->len > 0;
		if (!ok) {
			row->st[c] = CELL_BAD;
			return stream_problem(r, e, row->line, row->table, c,
			    "must not be empty");
		}
		return 0;
	case CT_INT:
		ok = field_i64(f->s, f->len, &v->i) == 0 &&
		    v->i >= INT32_MIN && v->i <= INT32_MAX;
		if (ok)
			return int_rules(r, e, c, v->i);
		break;
	case CT_I64:
		ok = field_i64(f->s, f->len, &v->i) == 0;
		break;
	case CT_DBL:
		ok = field_dbl(f->s, f->len, &v->n) == 0;
		break;
	case CT_LGL:
		ok = field_lgl(f->s, f->len, &v->i) == 0;
		break;
	case CT_HEX:
		ok = field_hex(f->s, f->len, &v->u) == 0;
		break;
	}
	if (ok)
		return 0;
	row->st[c] = CELL_BAD;
	return stream_problem(r, e, row->line, row->table, c, "'%s' is not %s",
	    shown(f->s, f->len, buf), type_names[col->type]);
}

/* Whether name is table t's: two overlapping words for the lengths of
 * the tables' names (4 to 16), without a call. */
static inline int
is_named(enum table_id t, const char *name, size_t len)
{
	const char *tn = schema_name(t);
	uint64_t a, b, c, d;
	uint32_t w, x, y, z;

	if (schema_namelen(t) != len)
		return 0;
	if (len >= 4 && len < 8) {
		memcpy(&w, tn, 4);
		memcpy(&x, name, 4);
		memcpy(&y, tn + len - 4, 4);
		memcpy(&z, name + len - 4, 4);
		return w == x && y == z;
	}
	if (len < 8 || len > 16)
		return memcmp(tn, name, len) == 0;
	memcpy(&a, tn, 8);
	memcpy(&b, name, 8);
	memcpy(&c, tn + len - 8, 8);
	memcpy(&d, name + len - 8, 8);
	return a == b && c == d;
}

/* Makes t the most recent table (first in r->recent), from position j
 * (RECENT_TABLES: not there). */
static void
recent_first(struct stream_reader *r, enum table_id t, int j)
{
	if (j == RECENT_TABLES)
		j--;
	for (; j > 0; j--)
		r->recent[j] = r->recent[j - 1];
	r->recent[0] = t;
}

static enum table_id
lookup(struct stream_reader *r, const char *name, size_t len)
{
	enum table_id t;
	int j;

	/* a sample's rows cycle through three tables: the last three are
	 * tried before the schema */
	for (j = 0; j < RECENT_TABLES; j++)
		if (r->recent[j] != T_NONE && is_named(r->recent[j], name,
		    len)) {
			t = r->recent[j];
			recent_first(r, t, j);
			return t;
		}
	t = schema_find(r->version ? r->version : V20, name, len);
	if (t != T_NONE)
		recent_first(r, t, RECENT_TABLES);
	return t;
}

static int
header(struct stream_reader *r, struct perr *e, int nf)
{
	struct stream_field *f = r->fields;
	enum table_id t = lookup(r, f[0].s + 1, f[0].len - 1);
	const struct table *tb;
	struct stream_tab *st;
	int i, j, nknown = 0, added;
	long line = r->row.line;
	char buf[48];
	int64_t k;
	uint32_t *slot;

	if (f[0].len == 1)
		return stream_problem(r, e, line, T_NONE, -1,
		    "header without a table name");
	if (t == T_NONE) {
		if (f[0].s[1] != '.')
			return stream_problem(r, e, line, T_NONE, -1,
			    "unknown table '%s'", shown(f[0].s + 1,
			    f[0].len - 1, buf));
		k = strtab_find(&r->other, f[0].s + 1, f[0].len - 1);
		if (k >= 0)
			return stream_problem(r, e, line, T_NONE, -1,
			    "%s: header repeated", shown(f[0].s + 1,
			    f[0].len - 1, buf));
		k = strtab_intern(&r->other, f[0].s + 1, f[0].len - 1);
		if (k < 0 || (slot = u64map_put(&r->other_nf, (uint64_t)k,
		    (uint32_t)nf, &added)) == NULL)
			return perr_nomem(e);
		return 0;
	}
	st = &r->tab[t];
	tb = &schema_tables[t];
	if (st->header_line != 0)
		return stream_problem(r, e, line, t, -1,
		    "header repeated (first at line %ld)", st->header_line);
	st->header_line = line;
	st->broken = 1;
	st->nf = nf - 1;
	st->colmap = malloc((size_t)nf);
	st->names = calloc((size_t)nf, sizeof(char *));
	if (st->colmap == NULL || st->names == NULL)
		return perr_nomem(e);
	for (i = 1; i < nf; i++)
		if ((st->names[i - 1] = strdup(f[i].s)) == NULL)
			return perr_nomem(e);
	for (i = 0; i < tb->ncols; i++) {
		if (i + 1 >= nf)
			return stream_problem(r, e, line, t, i,
			    "column missing from the header");
		if (strcmp(f[i + 1].s, tb->cols[i].name) != 0)
			return stream_problem(r, e, line, t, i,
			    "column missing from the header (found '%s')",
			    shown(f[i + 1].s, f[i + 1].len, buf));
		st->colmap[i] = (signed char)i;
	}
	for (i = tb->ncols + 1; i < nf; i++) {
		st->colmap[i - 1] = -1;
		if (f[i].s[0] != '.')
			return stream_problem(r, e, line, t, -1,
			    "extra column '%s' must begin with '.'",
			    shown(f[i].s, f[i].len, buf));
		for (j = 1; j < i; j++)
			if (strcmp(f[j].s, f[i].s) == 0)
				return stream_problem(r, e, line, t, -1,
				    "column '%s' repeated",
				    shown(f[i].s, f[i].len, buf));
		for (j = tb->ncols; j < tb->ncols + tb->next; j++)
			if (strcmp(f[i].s, tb->cols[j].name) == 0) {
				st->colmap[i - 1] = (signed char)j;
				nknown++;
			}
	}
	if (nknown != 0 && nknown != tb->next)
		return stream_problem(r, e, line, t, -1,
		    "extension columns %s to %s must be present together",
		    tb->cols[tb->ncols].name,
		    tb->cols[tb->ncols + tb->next - 1].name);
	st->has_ext = nknown != 0;
	st->plain = st->nf == tb->ncols + (st->has_ext ? tb->next : 0);
	for (i = 0; i < st->nf; i++)
		st->plain &= st->colmap[i] == i;
	/* a plain table's columns are the schema's (SCHEMA_MAX_COLS at
	 * most): its numbers' bounds */
	st->ints = st->plain;
	for (i = 0; st->plain && i < st->nf; i++) {
		st->ints &= tb->cols[i].type == CT_INT;
		st->lo[i] = 1;
		st->hi[i] = 0;
		switch (tb->cols[i].type) {
		case CT_INT:
			st->lo[i] = (tb->cols[i].flags & CF_ID) ? 1 : 0;
			st->hi[i] = INT32_MAX;
			break;
		case CT_I64: case CT_DBL:
			st->lo[i] = 0;
			st->hi[i] = UINT64_MAX;	/* 18 digits at most */
			break;
		default:
			break;
		}
	}
	st->broken = 0;
	return 0;
}

void
stream_neutral(struct stream_row *row)
{
	const struct table *tb = &schema_tables[row->table];
	int c;

	for (c = tb->ncols; c < tb->ncols + tb->next; c++) {
		row->v[c].i = 0;
		row->st[c] = (tb->cols[c].flags & CF_NA) ? CELL_NA : CELL_OK;
	}
}

/* Whether the line at u (avail bytes, its LF among them) begins with table
 * t's name and a tab. */
static inline int
begins_with(enum table_id t, const unsigned char *u, size_t avail)
{
	size_t n;

	if (t == T_NONE)
		return 0;
	n = schema_namelen(t);
	return avail > n && u[n] == '\t' && is_named(t, (const char *)u, n);
}

/*
 * The common row in one pass over the input's buffer, finding the line's
 * end as it goes: a table whose header is its schema's columns in order,
 * every field plain (no escape, CR, NUL or NA) and good, ints of at most
 * 18 digits, the LF already read. Returns 1 with the row read, or 0 with
 * the line left as it was for input_line, field_split() and parse_cell(),
 * which say what is wrong with it. The table is most often one of the
 * last three rows' (a sample's rows cycle through three): their names are
 * compared first, without a scan for the tab.
 */
static int
fast_row(struct stream_reader *r)
{
	char *line = r->in.buf + r->in.pos;
	const unsigned char *u = (const unsigned char *)line;
	size_t len = r->in.end - r->in.pos;	/* bytes there: LF in them */
	struct stream_row *row = &r->row;
	const struct column *col;
	struct stream_tab *st;
	enum table_id t;
	size_t i, start, k, chr_end[SCHEMA_MAX_COLS];
	uint64_t v;
	unsigned d;
	int c, j, nchr = 0;

	for (j = 0; j < RECENT_TABLES; j++)
		if (begins_with(r->recent[j], u, len))
			break;
	if (j < RECENT_TABLES) {
		t = r->recent[j];
		if (j > 0)
			recent_first(r, t, j);
	} else {
		i = field_skip_plain(u, 0, len);
		if (i == len || u[i] != '\t' || line[0] == '#' ||
		    (t = lookup(r, line, i)) == T_NONE)
			return 0;
	}
	if (t == T_META)
		return 0;
	st = &r->tab[t];
	if (st->header_line == 0 || st->broken || !st->plain)
		return 0;
	i = schema_namelen(t);
	if (st->ints) {
		/* the rows most of a stream is: ints only (at most 10 digits
		 * each; the input's NUL after its end ends a row cut short) */
		for (c = 0; c < st->nf; c++) {
			if (u[i] != '\t')
				return 0;
			start = ++i;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			/* the first field as in the last row: its value */
			if (c == 0) {
				uint64_t w;
				memcpy(&w, u + i, 8);	/* INPUT_SLACK */
				if ((w & st->first_mask) == st->first_word &&
				    st->first_len > 0) {
					row->v[0].i = (int64_t)st->first_v;
					row->st[0] = CELL_OK;
					i += st->first_len;
					continue;
				}
			}
#endif
			for (v = 0; (d = u[i] - (unsigned)'0') <= 9; i++)
				v = v * 10 + d;
			if (i - start - 1 > 9 || v - st->lo[c] > st->hi[c] -
			    st->lo[c])
				return 0;
			row->v[c].i = (int64_t)v;
			row->st[c] = CELL_OK;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			if (c == 0 && i - start < 8 && u[i] == '\t') {
				/* digits and tab: up to 8 bytes */
				k = i - start;
				st->first_mask = k == 7 ? ~(uint64_t)0 :
				    ((uint64_t)1 << (8 * (k + 1))) - 1;
				memcpy(&st->first_word, u + start, 8);
				st->first_word &= st->first_mask;
				st->first_v = v;
				st->first_len = (unsigned)k;
			}
#endif
		}
		if (u[i] != '\n')
			return 0;
		goto good;
	}
	for (c = 0; c < st->nf; c++) {
		if (u[i] != '\t')
			return 0;		/* too few fields */
		start = ++i;
		col = &schema_tables[t].cols[c];
		if (st->lo[c] <= st->hi[c]) {
			/* the input's NUL after its end stops the digits */
			for (v = 0; (d = u[i] - (unsigned)'0') <= 9; i++)
				v = v * 10 + d;
			k = i - start;
			if (k - 1 > 17 || i >= len || v - st->lo[c] >
			    st->hi[c] - st->lo[c])
				return 0;
			if (col->type == CT_DBL)
				row->v[c].n = num_of_i64((int64_t)v);
			else
				row->v[c].i = (int64_t)v;
		} else {
			i = field_skip_plain(u, i, len);
			k = i - start;
			if (i == len || (u[i] != '\t' && u[i] != '\n') ||
			    field_is_na(line + start, k))
				return 0;
			if (col->type == CT_CHR) {
				if (k == 0 && (col->flags & CF_NONEMPTY))
					return 0;
				row->v[c].s.p = line + start;
				row->v[c].s.n = k;
				chr_end[nchr++] = i;
			} else if (col->type == CT_LGL ? field_lgl(line + start,
			    k, &row->v[c].i) < 0 : field_hex(line + start, k,
			    &row->v[c].u) < 0)
				return 0;
		}
		row->st[c] = CELL_OK;
	}
	if (u[i] != '\n')
		return 0;		/* too many fields, or a CR, NUL... */
	/* good: text ends in a NUL, as field_split() leaves it, and the
	 * line is read */
	while (nchr > 0)
		line[chr_end[--nchr]] = '\0';
good:
	row->table = t;
	r->in.pos += i + 1;
	row->line = ++r->in.lineno;
	row->has_ext = st->has_ext;
	if (!st->has_ext && schema_tables[t].next > 0)
		stream_neutral(row);
	return 1;
}

static int
finish(struct stream_reader *r, struct perr *e)
{
	int t;

	r->done = 1;
	if (r->version == 0)
		return stream_problem(r, e, r->in.lineno ? r->in.lineno : 1,
		    T_NONE, -1, "empty stream: no #meta header and version row");
	for (t = 0; t < T_COUNT; t++)
		if (schema_required(r->version, t) && r->tab[t].header_line == 0
		    && stream_problem(r, e, r->in.lineno, t, -1,
		    "header missing") < 0)
			return -1;
	return 0;
}

static int
first_lines(struct stream_reader *r, struct perr *e, int nf)
{
	struct stream_field *f = r->fields;
	char buf[48];

	if (r->row.line == 1) {
		if (nf != 3 || f[0].s[0] != '#' ||
		    strcmp(f[0].s + 1, schema_name(T_META)) != 0 ||
		    strcmp(f[1].s, schema_colname(T_META, META_KEY)) != 0 ||
		    strcmp(f[2].s, schema_colname(T_META, META_VALUE)) != 0)
			return stream_problem(r, e, 1, T_NONE, -1,
			    "not a profile stream: the first line must be "
			    "the #meta header (#meta, key, value)"), -1;
		r->tab[T_META].header_line = 1;
		return 0;
	}
	if (nf != 3 || strcmp(f[0].s, schema_name(T_META)) != 0 ||
	    strcmp(f[1].s, SCHEMA_VERSION_KEY) != 0)
		return stream_problem(r, e, 2, T_META, -1, "the second line "
		    "must be the version row (meta, version, 2.0)"), -1;
	if (strcmp(f[2].s, SCHEMA_V20) == 0)
		r->version = V20;
	else if (strcmp(f[2].s, SCHEMA_V10) == 0)
		r->version = V10;
	else
		return stream_problem(r, e, 2, T_META, META_VALUE,
		    "unknown format version '%s'", shown(f[2].s, f[2].len,
		    buf)), -1;
	return 0;
}

/* Before the first line: what the input is. Another format is
 * STREAM_FOREIGN when the caller can take it (r->foreign_ok: door/ reads
 * it, or names what nothing reads), else said. Text of no kind known is
 * read as a stream, which says where it is not one. */
static int
first_look(struct stream_reader *r, struct perr *e)
{
	enum sniff_kind k;

	r->sniffed = 1;
	if (sniff_peek(&r->in, &k, e) < 0)
		return -1;
	if (k == SNIFF_STREAM || k == SNIFF_UNKNOWN || k == SNIFF_EMPTY)
		return 0;
	r->foreign = k;
	if (r->foreign_ok)	/* door/ reads it, or names it */
		return STREAM_FOREIGN;
	if (k == SNIFF_PROTOBUF && sniff_input(&r->in, &k, e) < 0)
		return -1;
	stream_problem(r, e, 1, T_NONE, -1, "not a profile stream: %s",
	    sniff_advice(k));
	return -1;
}

int
stream_next(struct stream_reader *r, struct perr *e)
{
	struct stream_row *row = &r->row;
	struct stream_tab *st;
	struct stream_field *f;
	char *line, buf[48];
	size_t len;
	int rc, nf, bad, i;
	uint32_t *nfp;
	int64_t k;

	if (r->done)
		return 0;
	if (r->in.lineno == 0 && !r->sniffed && (k = first_look(r, e)) != 0)
		return (int)k;
	for (;;) {
		if (r->in.lineno >= 2 && fast_row(r))
			return 1;
		rc = input_line(&r->in, &line, &len, e);
		if (rc < 0)
			return -1;
		if (rc == 0)
			return finish(r, e) < 0 ? -1 : 0;
		row->line = r->in.lineno;
		if (r->in.missing_eol && stream_problem(r, e, row->line,
		    T_NONE, -1, "last line has no LF (stream cut short?)") < 0)
			return -1;
		if ((nf = field_split(&r->fields, &r->fcap, line, len, &bad,
		    e)) < 0) {
			if (nf == SPLIT_NOMEM)
				return -1;
			if ((nf == SPLIT_CR ? stream_problem(r, e, row->line,
			    T_NONE, -1, "CR in line (the stream must have LF "
			    "line ends)") : nf == SPLIT_NUL ? stream_problem(r,
			    e, row->line, T_NONE, -1, "NUL byte in line") :
			    stream_problem(r, e, row->line, T_NONE, -1,
			    "field %d ends in a lone backslash", bad + 1)) < 0
			    || row->line <= 2)
				return -1;
			continue;
		}
		if (row->line <= 2) {
			if (first_lines(r, e, nf) < 0)
				return -1;
			if (row->line == 1)
				continue;
			row->table = T_META;
			f = r->fields;
			row->v[META_KEY].s.p = f[1].s;
			row->v[META_KEY].s.n = f[1].len;
			row->v[META_VALUE].s.p = f[2].s;
			row->v[META_VALUE].s.n = f[2].len;
			row->st[0] = row->st[1] = CELL_OK;
			return 1;
		}
		f = r->fields;
		if (f[0].s[0] == '#') {
			if (header(r, e, nf) < 0)
				return -1;
			continue;
		}
		row->table = lookup(r, f[0].s, f[0].len);
		if (row->table == T_NONE) {
			if (f[0].s[0] != '.') {
				if (stream_problem(r, e, row->line, T_NONE, -1,
				    "unknown table '%s'", shown(f[0].s,
				    f[0].len, buf)) < 0)
					return -1;
				continue;
			}
			k = strtab_find(&r->other, f[0].s, f[0].len);
			nfp = k < 0 ? NULL : u64map_get(&r->other_nf,
			    (uint64_t)k);
			if (nfp == NULL) {
				if (stream_problem(r, e, row->line, T_NONE, -1,
				    "%s: row before its header", shown(
				    f[0].s, f[0].len, buf)) < 0)
					return -1;
			} else if ((int)*nfp != nf && stream_problem(r, e,
			    row->line, T_NONE, -1, "%s: %d fields, but its "
			    "header has %d", shown(f[0].s, f[0].len,
			    buf), nf, (int)*nfp) < 0)
				return -1;
			continue;
		}
		st = &r->tab[row->table];
		if (row->table == T_META) {
			if (stream_problem(r, e, row->line, T_META, -1,
			    "only one row (the version) is allowed") < 0)
				return -1;
			continue;
		}
		if (st->header_line == 0) {
			if (stream_problem(r, e, row->line, row->table, -1,
			    "row before the table's header") < 0)
				return -1;
			continue;
		}
		if (st->broken)
			continue;
		if (nf - 1 != st->nf) {
			if (stream_problem(r, e, row->line, row->table, -1,
			    "%d fields, but the header has %d", nf - 1, st->nf)
			    < 0)
				return -1;
			continue;
		}
		for (i = 0; i < st->nf; i++)
			if (st->colmap[i] >= 0 &&
			    parse_cell(r, e, st->colmap[i], &f[i + 1]) < 0)
				return -1;
		row->has_ext = st->has_ext;
		if (!st->has_ext)
			stream_neutral(row);
		return 1;
	}
}

int
stream_v1_next_location(const char **p, const char *end, uint32_t *id,
    const char **why)
{
	const char *q = *p;
	uint64_t v = 0;

	if (q == end)
		return 0;
	if (*q < '0' || *q > '9') {
		*why = "not a list of location ids separated by ','";
		return -1;
	}
	for (; q < end && *q >= '0' && *q <= '9'; q++)
		if ((v = v * 10 + (uint64_t)(*q - '0')) > INT32_MAX) {
			*why = "location id out of range";
			return -1;
		}
	if (v == 0) {
		*why = "location id 0 is out of range";
		return -1;
	}
	if (q < end && (*q != ',' || q + 1 == end)) {
		*why = "not a list of location ids separated by ','";
		return -1;
	}
	*p = q < end ? q + 1 : q;
	*id = (uint32_t)v;
	return 1;
}

int
stream_has_loc_ext(const char *path, const char *shown, struct perr *e)
{
	struct stream_reader r;
	int rc, found = 0;

	/* headers come before their rows: the first row of locations or
	 * the end of the stream ends the search */
	if (stream_open(&r, path, shown, e) < 0)
		return -1;
	while ((rc = stream_next(&r, e)) > 0 && r.tab[T_LOCATIONS].header_line
	    == 0)
		;
	found = r.tab[T_LOCATIONS].has_ext;
	if (rc < 0)
		perr_at(e, r.in.name);
	stream_close(&r);
	return rc < 0 ? -1 : found;
}
