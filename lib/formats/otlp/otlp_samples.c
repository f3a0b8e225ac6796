/*
 * otlp2tsv's definitions and samples (otlp_read_impl.h): functions,
 * mappings and locations written once (a Location with k lines k
 * location rows, all but the last inlined), and each Sample as its raw
 * samples, with their values, labels and times.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/otlp/otlp_read_impl.h"

int
od_write_functions(struct octx *x)
{
	struct ocursor cur;
	struct pb m;
	struct pb_field f;
	struct text s[3];
	int64_t start;
	size_t i;
	int rc, k;

	od_cursor(x, &cur, T_FN);
	for (i = 1; i < x->t[T_FN].n && od_cursor_next(x, &cur, &m); i++) {
		s[0] = s[1] = s[2] = text_n("", 0);
		start = 0;
		while ((rc = od_next(x, &m, &f, "Function")) > 0) {
			if (f.num >= OF_NAME && f.num <= OF_FILENAME) {
				k = (int)f.num - OF_NAME;
				if (od_want(x, &f, PB_VARINT, "Function",
				    "name_strindex") < 0 || od_str(x, f.val, m.p,
				    "a Function's string index", &s[k]) < 0)
					return -1;
			} else if (f.num == OF_START_LINE) {
				if (od_want(x, &f, PB_VARINT, "Function",
				    "start_line") < 0)
					return -1;
				start = (int64_t)f.val;
				/* the stream's ints are 32-bit (R's) */
				if (start < INT32_MIN || start > INT32_MAX)
					return od_bad(x, m.p, "Function."
					    "start_line %lld is past the "
					    "stream's 32-bit ints",
					    (long long)start);
			}
		}
		if (rc < 0)
			return -1;
		sw_function(&x->c->w, x->fn_base + (uint32_t)i,
		    text_marked(s[0]), text_marked(s[1]), s[2], start);
	}
	return 0;
}

int
od_write_mappings(struct octx *x)
{
	struct sw_mapping row;
	struct ocursor cur;
	struct pb m;
	struct pb_field f;
	struct text key, unit;
	char *builds = NULL;
	size_t i, j, nb = 0, capb = 0, gnu, other;
	int64_t num;
	int rc = 0, is_num, *flag;

	od_cursor(x, &cur, T_MAP);
	for (i = 1; i < x->t[T_MAP].n && rc == 0 && od_cursor_next(x, &cur,
	    &m); i++) {
		memset(&row, 0, sizeof(row));
		row.id = x->map_base + (uint32_t)i;
		row.filename = text_n("", 0);
		x->nids = 0;
		while ((rc = od_next(x, &m, &f, "Mapping")) > 0) {
			if (f.num >= OM_START && f.num <= OM_OFFSET) {
				if (od_want(x, &f, PB_VARINT, "Mapping",
				    "memory_start") < 0)
					goto fail;
				*(f.num == OM_START ? &row.start : f.num ==
				    OM_LIMIT ? &row.limit : &row.offset) = f.val;
			} else if (f.num == OM_FILENAME) {
				if (od_want(x, &f, PB_VARINT, "Mapping",
				    "filename_strindex") < 0 || od_str(x, f.val,
				    m.p, "Mapping.filename_strindex",
				    &row.filename) < 0)
					goto fail;
			} else if (f.num == OM_ATTRIBUTES &&
			    od_ids(x, &f, "Mapping", "attribute_indices") < 0)
				goto fail;
		}
		if (rc < 0)
			break;
		/* the build id (GNU's first) and pprof's flags: kept in a
		 * buffer of their own, x->text being reused */
		nb = 0;
		gnu = other = SIZE_MAX;
		for (j = 0; j < x->nids; j++) {
			if (od_attribute(x, x->ids[j], m.p, &key, &unit, &num,
			    &is_num) < 0)
				goto fail;
			flag = od_text_is(key, OTLP_HAS_FUNCTIONS) ?
			    &row.has_functions : od_text_is(key,
			    OTLP_HAS_FILENAMES) ? &row.has_filenames :
			    od_text_is(key, OTLP_HAS_LINE_NUMBERS) ?
			    &row.has_line_numbers : od_text_is(key,
			    OTLP_HAS_INLINE_FRAMES) ? &row.has_inline_frames :
			    NULL;
			if (flag != NULL)
				*flag = strcmp(x->text, "true") == 0;
			else if (key.n > strlen(OTLP_BUILD_ID) && memcmp(key.p,
			    OTLP_BUILD_ID, strlen(OTLP_BUILD_ID)) == 0) {
				if (array_grow((void **)&builds, &capb, nb +
				    x->ntext + 1, 1) < 0)
					goto nomem;
				memcpy(builds + nb, x->text, x->ntext + 1);
				if (od_text_is(key, OTLP_BUILD_ID_GNU))
					gnu = nb;
				else if (other == SIZE_MAX)
					other = nb;
				nb += x->ntext + 1;
			}
		}
		row.build_id = gnu != SIZE_MAX ? text_of(builds + gnu) :
		    other != SIZE_MAX ? text_of(builds + other) : text_n("", 0);
		sw_mapping(&x->c->w, &row);
	}
	free(builds);
	return rc;
nomem:
	perr_nomem(x->e);
fail:
	free(builds);
	return -1;
}

/* A Location's lines, being read. */
struct oline {
	uint64_t fn;
	int64_t line, column;
};

int
od_write_locations(struct octx *x)
{
	struct sw_location row;
	struct oline *lines = NULL;
	struct ocursor cur;
	struct pb m, lm;
	struct pb_field f, g;
	struct text key, unit;
	size_t i, j, nl = 0, capl = 0, n = x->t[T_LOC].n;
	uint32_t nrows;
	uint64_t mapping;
	int64_t num;
	int rc = 0, is_num, folded;

	if ((x->loc_row = calloc(n + 2, sizeof(*x->loc_row))) == NULL)
		return perr_nomem(x->e);
	od_cursor(x, &cur, T_LOC);
	for (i = 1; i < n && od_cursor_next(x, &cur, &m); i++) {
		memset(&row, 0, sizeof(row));
		mapping = 0;
		nl = 0;
		x->nids = 0;
		while ((rc = od_next(x, &m, &f, "Location")) > 0) {
			if (f.num == OL_MAPPING) {
				if (od_want(x, &f, PB_VARINT, "Location",
				    "mapping_index") < 0 || od_check_index(x,
				    T_MAP, f.val, m.p, "Location.mapping_index")
				    < 0)
					goto fail;
				mapping = f.val;
			} else if (f.num == OL_ADDRESS) {
				if (od_want(x, &f, PB_VARINT, "Location",
				    "address") < 0)
					goto fail;
				row.address = f.val;
			} else if (f.num == OL_LINES) {
				if (od_want(x, &f, PB_LEN, "Location", "lines") < 0)
					goto fail;
				if (ARRAY_ROOM(lines, nl, capl) < 0)
					goto nomem;
				memset(&lines[nl], 0, sizeof(lines[nl]));
				lm = f.sub;
				while ((rc = od_next(x, &lm, &g, "Line")) > 0) {
					if (g.wire != PB_VARINT)
						continue;
					if (g.num == OLN_FUNCTION) {
						if (od_check_index(x, T_FN, g.val,
						    lm.p, "Line.function_index")
						    < 0)
							goto fail;
						lines[nl].fn = g.val;
					} else if (g.num == OLN_LINE)
						lines[nl].line = (int64_t)g.val;
					else if (g.num == OLN_COLUMN)
						lines[nl].column =
						    (int64_t)g.val;
					else
						continue;
					/* the stream's ints are 32-bit */
					if ((g.num == OLN_LINE &&
					    (lines[nl].line < INT32_MIN ||
					    lines[nl].line > INT32_MAX)) ||
					    (g.num == OLN_COLUMN &&
					    (lines[nl].column < 0 ||
					    lines[nl].column > INT32_MAX))) {
						od_bad(x, lm.p, "Line.%s %lld is "
						    "past the stream's 32-bit "
						    "ints", g.num == OLN_LINE ?
						    "line" : "column", (long long)
						    (int64_t)g.val);
						goto fail;
					}
				}
				if (rc < 0)
					goto fail;
				nl++;
			} else if (f.num == OL_ATTRIBUTES &&
			    od_ids(x, &f, "Location", "attribute_indices") < 0)
				goto fail;
		}
		if (rc < 0)
			goto fail;
		folded = 0;
		for (j = 0; j < x->nids; j++) {
			if (od_attribute(x, x->ids[j], m.p, &key, &unit, &num,
			    &is_num) < 0)
				goto fail;
			if (od_text_is(key, OTLP_IS_FOLDED))
				folded = strcmp(x->text, "true") == 0;
		}
		nrows = nl > 0 ? (uint32_t)nl : 1;
		x->loc_row[i + 1] = x->loc_row[i] + nrows;
		row.mapping_id = mapping ? x->map_base + (uint32_t)mapping : 0;
		row.is_folded = folded;
		for (j = 0; j < nrows; j++) {
			row.id = ++x->c->nlocations;
			row.function_id = nl > 0 && lines[j].fn ? x->fn_base +
			    (uint32_t)lines[j].fn : 0;
			row.line = nl > 0 ? lines[j].line : 0;
			row.line_na = nl == 0;
			row.column = nl > 0 && lines[j].column > 0 ?
			    lines[j].column : 0;
			row.inlined = j + 1 < nrows;
			sw_location(&x->c->w, &row);
		}
		/* its attributes, on each of its rows (the frame type of an
		 * inlined frame is its caller's) */
		for (j = 0; j < x->nids; j++) {
			uint32_t r;
			if (od_attribute(x, x->ids[j], m.p, &key, &unit, &num,
			    &is_num) < 0)
				goto fail;
			if (key.n == 0 || od_text_is(key, OTLP_IS_FOLDED))
				continue;
			for (r = 0; r < nrows; r++)
				sw_location_attr(&x->c->w, x->row_base +
				    x->loc_row[i] + r, key, text_n(x->text,
				    x->ntext));
		}
	}
	free(lines);
	return 0;
nomem:
	perr_nomem(x->e);
fail:
	free(lines);
	return -1;
}

/* A Sample's labels: its attributes and link, each written with every
 * raw sample it stands for; texts kept in one buffer. */
int
od_sample_labels(struct octx *x, const uint8_t *at, uint64_t link)
{
	struct text key, unit;
	struct olabel *l;
	struct pb lk;
	struct pb_field f;
	size_t i, k;
	int64_t num;
	int is_num, rc;

	x->nlabels = 0;
	for (i = 0; i < x->nids; i++) {
		if (od_attribute(x, x->ids[i], at, &key, &unit, &num, &is_num) < 0)
			return -1;
		if (key.n == 0)
			continue;
		if (ARRAY_ROOM(x->labels, x->nlabels, x->caplabels) < 0)
			return perr_nomem(x->e);
		l = &x->labels[x->nlabels++];
		l->key = key;
		l->num = num;
		l->owned = 0;
		if (is_num) {
			l->str = TEXT_NA;
			l->unit = unit.n > 0 ? unit : TEXT_NA;
		} else {
			l->unit = TEXT_NA;
			/* the value's text, copied: x->text is reused */
			if (x->ntext < sizeof(l->buf)) {
				memcpy(l->buf, x->text, x->ntext);
				l->str = text_n(l->buf, x->ntext);
			} else {
				char *s = malloc(x->ntext + 1);
				if (s == NULL)
					return perr_nomem(x->e);
				memcpy(s, x->text, x->ntext + 1);
				l->str = text_n(s, x->ntext);
				l->owned = 1;
			}
		}
	}
	if (link == 0)
		return 0;
	if (od_check_index(x, T_LINK, link, at, "Sample.link_index") < 0)
		return -1;
	lk = x->t[T_LINK].e[link];
	while ((rc = od_next(x, &lk, &f, "Link")) > 0) {
		if ((f.num != OLK_TRACE_ID && f.num != OLK_SPAN_ID) ||
		    f.wire != PB_LEN)
			continue;
		if (ARRAY_ROOM(x->labels, x->nlabels, x->caplabels) < 0)
			return perr_nomem(x->e);
		l = &x->labels[x->nlabels++];
		l->key = text_of(f.num == OLK_TRACE_ID ? OTLP_TRACE_ID :
		    OTLP_SPAN_ID);
		l->unit = TEXT_NA;
		l->num = 0;
		l->owned = 0;
		for (k = 0; f.sub.p + k < f.sub.end && 2 * k + 2 <
		    sizeof(l->buf); k++)
			snprintf(l->buf + 2 * k, 3, "%02x", f.sub.p[k]);
		l->str = text_n(l->buf, 2 * k);
	}
	return rc;
}

void
od_free_labels(struct octx *x)
{
	size_t i;

	for (i = 0; i < x->nlabels; i++)
		if (x->labels[i].owned)
			free((char *)x->labels[i].str.p);
	x->nlabels = 0;
}

/* A Sample's fields: its stack, link, values (into *vals), attribute
 * indices (x->ids) and timestamps (x->ts). */
static int
sample_fields(struct octx *x, struct pb m, uint64_t *stack, uint64_t *link,
    uint64_t **vals, size_t *nv, size_t *capv)
{
	struct pb_field f;
	int rc, fa = x->old_sample ? OS19_ATTRIBUTES : OS_ATTRIBUTES;
	int fl = x->old_sample ? OS19_LINK : OS_LINK;
	int fv = x->old_sample ? OS19_VALUES : OS_VALUES;

	*stack = *link = 0;
	*nv = 0;
	x->nids = x->nts = 0;
	while ((rc = od_next(x, &m, &f, "Sample")) > 0) {
		if (f.num == OS_STACK) {
			if (od_want(x, &f, PB_VARINT, "Sample", "stack_index") < 0)
				return -1;
			*stack = f.val;
		} else if ((int)f.num == fa) {
			if (od_ids(x, &f, "Sample", "attribute_indices") < 0)
				return -1;
		} else if ((int)f.num == fl) {
			if (od_want(x, &f, PB_VARINT, "Sample", "link_index") < 0)
				return -1;
			*link = f.val;
		} else if ((int)f.num == fv) {
			if ((rc = pb_repeated(&f, vals, nv, capv)) < 0)
				return rc == PB_WRONG_TYPE ? od_want(x, &f, PB_LEN,
				    "Sample", "values") : od_pberr(x, rc, m.p,
				    "Sample.values");
		} else if (f.num == OS_TIMESTAMPS && od_timestamps(x, &f) < 0)
			return -1;
	}
	return rc;
}

/* The location indices of stack k into x->lids, each checked: how many,
 * or -1. Read again for each Sample that has the stack, where a copy of
 * the stacks' rows would grow with their frames (16 bytes each). */
static int64_t
stack_locations(struct octx *x, uint64_t stack, const uint8_t *at)
{
	struct pb st;
	struct pb_field f;
	size_t i;
	int rc;

	if (od_check_index(x, T_STACK, stack, at, "Sample.stack_index") < 0)
		return -1;
	x->nlids = 0;
	if (stack >= x->t[T_STACK].n)	/* the zero Stack, not in the table */
		return 0;
	st = x->t[T_STACK].e[stack];
	while ((rc = od_next(x, &st, &f, "Stack")) > 0) {
		if (f.num != OSTK_LOCATIONS)
			continue;
		if ((rc = pb_repeated(&f, &x->lids, &x->nlids,
		    &x->caplids)) == PB_WRONG_TYPE)
			return od_want(x, &f, PB_LEN, "Stack",
			    "location_indices");
		if (rc < 0)
			return od_pberr(x, rc, st.p, "Stack");
	}
	if (rc < 0)
		return -1;
	for (i = 0; i < x->nlids; i++) {
		if (od_check_index(x, T_LOC, x->lids[i], at, "a Stack's "
		    "location index") < 0)
			return -1;
		if (x->lids[i] == 0)
			return od_bad(x, at, "a Stack refers to "
			    "location_table[0], the zero Location");
	}
	return (int64_t)x->nlids;
}

/* The Samples m[0..n) of n Profiles joined into one source (n = 1 for a
 * Profile alone), each with the values of its type vt[i]: raw samples
 * with a value of each (1 for a timestamp alone) and m[0]'s time. */
int
od_samples(struct octx *x, const struct pb *m, size_t n, uint32_t source,
    const uint32_t *vt)
{
	const uint8_t *at = m[0].p;
	uint64_t stack = 0, link = 0, s1, l1, **vals;
	size_t i, j, k, d, count = 0, *nv, *capv, nts = 0;
	int64_t nlocs;
	struct stream_id sid;
	struct sw_stack stk;
	int rc = -1;

	vals = calloc(n, sizeof(*vals));
	nv = calloc(n, sizeof(*nv));
	capv = calloc(n, sizeof(*capv));
	if (vals == NULL || nv == NULL || capv == NULL) {
		perr_nomem(x->e);
		goto done;
	}
	/* the others first, m[0] last: its attributes and times stay */
	for (i = n; i-- > 0;) {
		if (sample_fields(x, m[i], &s1, &l1, &vals[i], &nv[i],
		    &capv[i]) < 0)
			goto done;
		k = nv[i] > x->nts ? nv[i] : x->nts;
		if (nv[i] > 0 && x->nts > 0 && nv[i] != x->nts) {
			od_bad(x, m[i].p, "a Sample with %zu values and %zu "
			    "timestamps (the arrays must be of one length)",
			    nv[i], x->nts);
			goto done;
		}
		if (k == 0) {
			od_bad(x, m[i].p, "a Sample with no value and no "
			    "timestamp");
			goto done;
		}
		if (i + 1 < n && (s1 != stack || l1 != link || k != count)) {
			od_bad(x, m[i].p, "the Profiles joined by %s differ in "
			    "their Samples (stack, link or count)",
			    OTLP_TYPE_ORDER);
			goto done;
		}
		stack = s1;
		link = l1;
		count = k;
	}
	nts = x->nts;
	if ((nlocs = stack_locations(x, stack, at)) < 0 ||
	    od_sample_labels(x, at, link) < 0)
		goto done;
	for (k = 0; k < count; k++) {
		if (x->c->nsamples == INT32_MAX) {
			od_bad(x, at, "more than 2^31 - 1 samples");
			goto done;
		}
		if (sw_failed(&x->c->w)) {
			sw_error(&x->c->w, x->e);
			goto done;
		}
		stream_id_set(&sid, ++x->c->nsamples);
		sw_sample(&x->c->w, &sid, source);
		for (i = 0; i < n; i++)
			sw_sample_value(&x->c->w, &sid, vt[i], num_of_i64(nv[i] >
			    0 ? (int64_t)vals[i][k] : 1));
		sw_stack_begin(&x->c->w, &stk, &sid);
		for (d = 0; d < (size_t)nlocs; d++) {
			/* a Location's rows, its lines */
			uint64_t l = x->lids[d];
			/* formatted as written: a table of the ids as
			 * text took as long, 16 bytes a row */
			for (j = x->loc_row[l]; j < x->loc_row[l + 1]; j++)
				sw_stack_frame_n(&x->c->w, &stk,
				    x->row_base + (uint32_t)j);
		}
		for (i = 0; i < x->nlabels; i++) {
			struct sw_label l = { x->labels[i].key,
			    x->labels[i].str, x->labels[i].num,
			    x->labels[i].unit };
			sw_sample_label(&x->c->w, &sid, &l);
		}
		if (nts > 0)
			sw_sample_time(&x->c->w, &sid, (int64_t)x->ts[k]);
	}
	rc = 0;
done:
	od_free_labels(x);
	for (i = 0; vals != NULL && i < n; i++)
		free(vals[i]);
	free(vals);
	free(nv);
	free(capv);
	return rc;
}

