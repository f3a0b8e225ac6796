/*
 * The legacy profile model, and the dispatch: the parsers in google/pprof's
 * order, the first that recognizes the data wins, and its profile is
 * written to the stream. The steps google/pprof applies after a parser are
 * in legacy_steps.c.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/legacy/legacy.h"
#include "formats/pprof/pprof.h"

int
lprof_init(struct lprof *p, const char *name, struct perr *e)
{
	memset(p, 0, sizeof(*p));
	p->name = name;
	p->e = e;
	if (strtab_intern(&p->strings, "", 0) < 0) {
		strtab_free(&p->strings);
		return perr_nomem(e);
	}
	return 0;
}

void
lprof_free(struct lprof *p)
{
	free(p->mappings);
	free(p->locations);
	free(p->functions);
	free(p->samples);
	free(p->values);
	free(p->stack);
	free(p->addrs);
	strtab_free(&p->strings);
	u64map_free(&p->by_address);
}

uint32_t
lprof_str(struct lprof *p, const char *s, size_t n)
{
	int64_t i = strtab_intern(&p->strings, s, n);

	if (i < 0) {
		perr_nomem(p->e);
		return 0;
	}
	return (uint32_t)i;
}

int
lprof_types(struct lprof *p, const char *const *pairs, size_t n)
{
	size_t i;

	for (i = 0; i < n && i < 4; i++) {
		p->types[i][0] = lprof_str(p, pairs[2 * i], strlen(pairs[2 * i]));
		p->types[i][1] = lprof_str(p, pairs[2 * i + 1],
		    strlen(pairs[2 * i + 1]));
	}
	p->ntypes = i;
	return 0;
}

int
lprof_location(struct lprof *p, uint64_t address, uint32_t *loc)
{
	uint32_t *slot = NULL;
	int added = 1;

	if (address == U64MAP_EMPTY) {
		if (p->max_address_loc != 0) {
			*loc = p->max_address_loc - 1;
			return 0;
		}
	} else {
		slot = u64map_put(&p->by_address, address,
		    (uint32_t)p->nlocations, &added);
		if (slot == NULL)
			return perr_nomem(p->e);
		if (!added) {
			*loc = *slot;
			return 0;
		}
	}
	if (p->nlocations >= UINT32_MAX - 1 ||
	    ARRAY_ROOM(p->locations, p->nlocations, p->caplocations) < 0)
		return perr_nomem(p->e);
	p->locations[p->nlocations] = (struct llocation){ address, LEG_NONE,
	    LEG_NONE, 0 };
	*loc = (uint32_t)p->nlocations++;
	if (slot == NULL)
		p->max_address_loc = *loc + 1;
	return 0;
}

int
lprof_push(struct lprof *p, uint32_t loc)
{
	if (ARRAY_ROOM(p->stack, p->nstack, p->capstack) < 0)
		return perr_nomem(p->e);
	p->stack[p->nstack++] = loc;
	return 0;
}

int
lprof_frames(struct lprof *p, size_t adjust_from)
{
	size_t i;
	uint32_t loc;

	for (i = 0; i < p->naddrs; i++)
		if (lprof_location(p, p->addrs[i] - (i >= adjust_from),
		    &loc) < 0 || lprof_push(p, loc) < 0)
			return -1;
	p->naddrs = 0;
	return 0;
}

int
lprof_sample(struct lprof *p, size_t first, const int64_t *values)
{
	size_t i;

	if (ARRAY_ROOM(p->samples, p->nsamples, p->capsamples) < 0 ||
	    array_grow((void **)&p->values, &p->capvalues,
	    p->nvalues + p->ntypes, sizeof(*p->values)) < 0)
		return perr_nomem(p->e);
	for (i = 0; i < p->ntypes; i++)
		p->values[p->nvalues++] = values[i];
	p->samples[p->nsamples++] = (struct lsample){ first,
	    p->nstack - first, 0, 0 };
	return 0;
}

static const char *
what(const struct lprof *p)
{
	static const char *const names[][2] = {
		{ "cpu", "legacy gperftools CPU profile" },
		{ "java-cpu", "legacy Java CPU profile" },
		{ "heap", "legacy heap profile (text)" },
		{ "count", "legacy Go count profile (text)" },
		{ "thread", "legacy thread profile (text)" },
		{ "contention", "legacy contention profile (text)" },
		{ "java-heap", "legacy Java heap profile (text)" },
		{ "java-contention", "legacy Java contention profile (text)" },
	};
	size_t i;

	for (i = 0; p->format != NULL && i < sizeof(names) / sizeof(names[0]);
	    i++)
		if (strcmp(p->format, names[i][0]) == 0)
			return names[i][1];
	return "legacy profile";
}

int
lprof_not(struct lprof *p, const char *fmt, ...)
{
	va_list ap;

	if (p->why[0] == '\0') {
		va_start(ap, fmt);
		vsnprintf(p->why, sizeof(p->why), fmt, ap);
		va_end(ap);
	}
	return LEG_NOT;
}

int
lprof_fail(struct lprof *p, const char *fmt, ...)
{
	char msg[sizeof(p->e->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	perr_set(p->e, "%s: %s: %s", p->name, what(p), msg);
	return LEG_ERR;
}

int
lprof_find(struct lprof *p, struct re *re, const char *s, size_t n,
    struct re_match *m)
{
	int rc = re_find(re, s, n, m);

	if (rc < 0)
		perr_nomem(p->e);
	return rc;
}

static struct text
str(struct lprof *p, uint32_t i)
{
	return text_n(strtab_str(&p->strings, i), strtab_len(&p->strings, i));
}

static void
attr(struct pprof_reader *c, const char *key, struct text value)
{
	sw_source_attr(&c->w, c->nsources, text_of(key), value);
}

static void
attr_num(struct pprof_reader *c, const char *key, int64_t v)
{
	char num[FMT_NUM_MAX + 1];

	if (v == 0)
		return;
	num[fmt_i64(num, v)] = '\0';
	attr(c, key, text_of(num));
}

static int
emit(struct pprof_reader *c, struct lprof *p, const char *uri)
{
	uint32_t types[4], base_loc = c->nlocations;
	struct stream_id sid, lid;
	struct sw_stack stack;
	size_t i, j;
	int64_t h;

	c->nsources++;
	sw_source(&c->w, c->nsources, text_of(SOURCE_PPROF), text_of(uri),
	    NAN);
	if (p->has_period_type) {
		attr(c, ATTR_PPROF_PERIOD_TYPE, str(p, p->period_type[0]));
		attr(c, ATTR_PPROF_PERIOD_UNIT, str(p, p->period_type[1]));
	}
	attr_num(c, ATTR_PPROF_PERIOD, p->period);
	attr_num(c, ATTR_PPROF_DURATION, p->duration_nanos);
	if (p->drop_frames != NULL)
		attr(c, ATTR_PPROF_DROP_FRAMES, text_of(p->drop_frames));
	if (p->keep_frames != NULL)
		attr(c, ATTR_PPROF_KEEP_FRAMES, text_of(p->keep_frames));
	attr(c, ATTR_PPROF_LEGACY, text_of(p->format));
	for (i = 0; i < p->nmappings; i++) {
		const struct lmapping *m = &p->mappings[i];
		struct sw_mapping row = {
			.id = c->nmappings + (uint32_t)i + 1,
			.start = m->start, .limit = m->limit,
			.offset = m->offset,
			.filename = str(p, m->file),
			.build_id = str(p, m->build_id),
		};
		sw_mapping(&c->w, &row);
	}
	for (i = 0; i < p->nfunctions; i++) {
		struct text name = str(p, p->functions[i].name);
		if (name.n == 0)
			name = text_of(PPROF_NONAME);
		sw_function(&c->w, c->nfunctions + (uint32_t)i + 1, name, name,
		    str(p, p->functions[i].filename), 0);
	}
	for (i = 0; i < p->nlocations; i++) {
		const struct llocation *l = &p->locations[i];
		struct sw_location row = {
			.id = ++c->nlocations, .address = l->address,
			.mapping_id = l->mapping == LEG_NONE ? 0 :
			    c->nmappings + l->mapping + 1,
			.function_id = l->function == LEG_NONE ? 0 :
			    c->nfunctions + l->function + 1,
			.line = l->line, .line_na = l->function == LEG_NONE,
		};
		sw_location(&c->w, &row);
	}
	c->nmappings += (uint32_t)p->nmappings;
	c->nfunctions += (uint32_t)p->nfunctions;
	for (i = 0; i < p->ntypes; i++) {
		/* an empty type or unit (a Java resolution of "") is <?>, as
		 * for protobuf profiles */
		if ((h = sw_value_type(&c->w, text_marked(str(p,
		    p->types[i][0])), text_marked(str(p, p->types[i][1])))) < 0)
			return perr_nomem(p->e);
		types[i] = (uint32_t)h;
	}
	for (i = 0; i < p->nsamples; i++) {
		const struct lsample *s = &p->samples[i];
		stream_id_set(&sid, ++c->nsamples);
		sw_sample(&c->w, &sid, c->nsources);
		for (j = 0; j < p->ntypes; j++)
			sw_sample_value(&c->w, &sid, types[j],
			    num_of_i64(p->values[i * p->ntypes + j]));
		sw_stack_begin(&c->w, &stack, &sid);
		for (j = 0; j < s->n; j++) {
			stream_id_set(&lid, base_loc + 1 +
			    p->stack[s->first + j]);
			sw_stack_frame(&c->w, &stack, &lid);
		}
		if (s->has_bytes) {
			struct sw_label row = { text_of("bytes"), TEXT_NA,
				s->bytes, TEXT_NA };
			sw_sample_label(&c->w, &sid, &row);
		}
	}
	return 0;
}

int
legacy_read(struct pprof_reader *c, const unsigned char *data, size_t len,
    const char *name, const char *uri, char *why, size_t whysize,
    struct perr *e)
{
	static int (*const text_parsers[])(struct lprof *, const char *,
	    size_t) = { legacy_heap, legacy_count, legacy_thread,
		legacy_contention, legacy_java };
	struct lprof p;
	size_t i;
	int rc;

	why[0] = '\0';
	for (i = 0; i <= sizeof(text_parsers) / sizeof(text_parsers[0]); i++) {
		if (lprof_init(&p, name, e) < 0)
			return -1;
		rc = i == 0 ? legacy_cpu(&p, data, len) :
		    text_parsers[i - 1](&p, (const char *)data, len);
		if (rc == LEG_NOT && why[0] == '\0' && p.why[0] != '\0')
			snprintf(why, whysize, "%s", p.why);
		if (rc != LEG_NOT)
			break;
		lprof_free(&p);
	}
	if (rc == LEG_NOT)
		return 0;
	if (rc == LEG_OK && p.ntypes == 0 && p.nsamples > 0)
		rc = lprof_fail(&p, "samples, but no sample types (google/pprof: "
		    "missing sample type information)");
	for (i = 1; rc == LEG_OK && i < p.strings.n; i++)
		if (memchr(strtab_str(&p.strings, i), '\0',
		    strtab_len(&p.strings, i)) != NULL)
			rc = lprof_fail(&p, "a name has a NUL byte, which the "
			    "stream cannot hold");
	if (rc == LEG_OK) {
		lprof_frame_info(&p);
		rc = emit(c, &p, uri) < 0 ? -1 : 1;
	}
	lprof_free(&p);
	return rc < 0 ? -1 : 1;
}
