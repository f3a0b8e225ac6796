/*
 * The legacy formats to the stream: the parsers in google/pprof's order,
 * the first that recognizes the data wins, and its profile is written to
 * the stream; and pprof_any_read, which tries profile.proto first as
 * google/pprof does.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "formats/legacy/legacy.h"
#include "formats/legacy/legacy_read.h"
#include "formats/pb/pb.h"
#include "stream/sniff.h"

/* Names what a file that is not a protobuf profile looks like. */
static const char *
legacy_kind(const unsigned char *d, size_t n)
{
	static const unsigned char z[8];
	size_t i;
	if (n >= 16 && memcmp(d, z, 8) == 0 && (d[8] == 3 || d[15] == 3))
		return "legacy gperftools CPU profile (64-bit)";
	if (n >= 12 && memcmp(d, z, 4) == 0 && (d[4] == 3 || d[7] == 3))
		return (d[8] == 1 || d[11] == 1) ?
		    "legacy Java CPU profile" :
		    "legacy gperftools CPU profile (32-bit)";
#define STARTS(s) (n >= sizeof(s) - 1 && memcmp(d, s, sizeof(s) - 1) == 0)
	if (STARTS("--- contention"))
		return "legacy contention profile (text)";
	if (STARTS("--- threadz"))
		return "legacy thread profile (text)";
	if (STARTS("--- heapz") || STARTS("heap profile:") ||
	    STARTS("heap_v2/"))
		return "legacy heap profile (text)";
	if (STARTS("format = java"))
		return "legacy Java profile (text)";
#undef STARTS
	for (i = 0; i < n && i < 64 && d[i] != '\n'; i++)
		if (d[i] < 0x20 && d[i] != '\t' && d[i] != '\r')
			return NULL;
	for (n = 0; n + 15 <= i; n++)
		if (memcmp(d + n, " profile: total", 15) == 0)
			return "legacy Go count profile";
	return i > 0 ? "text, not a pprof profile" : NULL;
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
legacy_emit(struct pprof_reader *c, struct lprof *p, const char *uri)
{
	uint32_t types[4], base_loc = c->nlocations;
	struct stream_id sid;
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
	/* with no sample, no value would name the types: kept here, as for
	 * a profile.proto */
	for (i = 0; p->nsamples == 0 && i < p->ntypes; i++) {
		attr(c, ATTR_PPROF_SAMPLE_TYPE, text_marked(str(p,
		    p->types[i][0])));
		attr(c, ATTR_PPROF_SAMPLE_UNIT, text_marked(str(p,
		    p->types[i][1])));
	}
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
		if (sw_failed(&c->w))
			return sw_error(&c->w, p->e);
		stream_id_set(&sid, ++c->nsamples);
		sw_sample(&c->w, &sid, c->nsources);
		for (j = 0; j < p->ntypes; j++)
			sw_sample_value(&c->w, &sid, types[j],
			    num_of_i64(p->values[i * p->ntypes + j]));
		sw_stack_begin(&c->w, &stack, &sid);
		for (j = 0; j < s->n; j++)
			sw_stack_frame_n(&c->w, &stack, base_loc + 1 +
			    p->stack[s->first + j]);
		if (s->has_bytes) {
			struct sw_label row = { text_of("bytes"), TEXT_NA,
				s->bytes, TEXT_NA };
			sw_sample_label(&c->w, &sid, &row);
		}
	}
	return 0;
}

static int
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
	/* what the stream cannot hold is refused, as pprof_read refuses it
	 * in a profile.proto: lines are 32-bit integers there */
	for (i = 0; rc == LEG_OK && i < p.nlocations; i++)
		if (p.locations[i].line < INT32_MIN ||
		    p.locations[i].line > INT32_MAX)
			rc = lprof_fail(&p, "location %zu: line %lld out of "
			    "range (the stream's lines are 32-bit integers)",
			    i + 1, (long long)p.locations[i].line);
	if (rc == LEG_OK) {
		lprof_frame_info(&p);
		rc = legacy_emit(c, &p, uri) < 0 ? -1 : 1;
	}
	lprof_free(&p);
	return rc < 0 ? -1 : 1;
}

int
pprof_any_read(struct pprof_reader *c, const unsigned char *data, size_t len,
    int compressed, const char *name, const char *uri, struct perr *e)
{
	const char *kind;
	char why[256];
	int rc;

	if ((rc = pprof_read(c, data, len, compressed, name, uri, 1, e)) !=
	    PPROF_OTHER)
		return rc;
	if ((rc = legacy_read(c, data, len, name, uri, why, sizeof(why),
	    e)) != 0)
		return rc < 0 ? perr_at(e, name) : 0;
	if ((kind = legacy_kind(data, len)) != NULL)
		return perr_set(e, "%s: %s: %s", name, kind,
		    why[0] != '\0' ? why : "not in a form google/pprof reads");
	/* none of them: profile.proto's own message */
	return pprof_read(c, data, len, compressed, name, uri, 0, e);
}

/* What the first bytes of a compressed file can be: text (the legacy
 * text formats: not checked), a binary CPU profile's header, or the
 * top-level fields of a protobuf, walked as they come. */
struct any_check {
	struct pb_walk w;
	int unchecked;		/* text, or a CPU profile's header */
	const struct input *in;
};

static int
any_check(void *ctx, const unsigned char *p, size_t n, int end,
    struct perr *e)
{
	struct any_check *a = ctx;
	int rc;

	/* a header's 40 bytes, before anything is decided */
	if (a->unchecked || n == 0 || (a->w.at == 0 && n < 40 && !end))
		return 0;
	if (a->w.at == 0 && (legacy_kind(p, n) != NULL ||
	    legacy_cpu_header(p, n, end))) {
		a->unchecked = 1;
		return 0;
	}
	if ((rc = pb_walk(&a->w, p, n, end)) == 0)
		return 0;
	return perr_set(e, "%s: not a pprof profile: %s (%s at byte %zu)",
	    a->in->name, pprof_not_protobuf(a->in->compressed),
	    pb_strerror(rc), a->w.at);
}

int
pprof_any_read_input(struct pprof_reader *c, struct input *in,
    struct perr *e)
{
	struct any_check a = { { 0 }, 0, in };
	struct input_check check = { any_check, &a };
	unsigned char *data;
	size_t len;
	int rc;

	sw_set_input(&c->w, in);
	if (input_slurp_checked(in, &check, &data, &len, e) < 0)
		return -1;
	c->in = in;
	rc = pprof_any_read(c, data, len, in->compressed, in->name, in->uri,
	    e);
	c->in = NULL;
	return rc;
}

/* pprof2tsv's reader: profile.proto or any of the older forms, read as
 * pprof_any_read_input reads them. */
static int
any_begin(void *reader, struct output *o, const void *options,
    struct perr *e)
{
	(void)options;
	(void)e;
	pprof_read_begin(reader, o);
	return 0;
}

static int
any_read(void *reader, struct input *in, struct perr *e)
{
	return pprof_any_read_input(reader, in, e);
}

static void
any_free(void *reader)
{
	pprof_read_free(reader);
}

const struct codec pprof_codec = {
	"pprof", "pprof2tsv", SNIFF_BIT(SNIFF_PPROF) |
	SNIFF_BIT(SNIFF_PPROF_TEXT), sizeof(struct pprof_reader), any_begin,
	any_read, NULL, any_free
};
