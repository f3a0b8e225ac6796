/* fuzz_analysis: the analysis programs' library on valid streams built
 * from the input (issue 28): names of any bytes (NUL aside), values of
 * every kind a stream holds (0, negatives, 2^53 + 1, 1e308, 1e-320, Inf),
 * stacks up to 20,000 frames deep, string and numeric labels, and a
 * pattern for the filters from the input too. Each stream goes through
 * tsvtop's table (by function and by line, with memory; or a diff against
 * source 1, normalised or not; or its labels' table), tsvlist's listing
 * (its files not found), tsvpeek's table or blocks and tsvgraph's DOT
 * (pruned as pprof's, with residual edges and nodelets, or not),
 * tsvreport's page (with tsvflame --chart's SVG: two passes), tsv2folded's
 * lines, tsvflame's SVG (which libxml2 must parse as XML), tsvfocus's
 * filters (name or tag filters, label frames, a time window) and the SQL
 * writer (in one dialect or the other); a failure must come with its
 * message. */
#include <string.h>

#include <libxml/parser.h>

#include "fuzz.h"
#include "views/stacks/chart.h"
#include "views/graph/dot.h"
#include "views/stacks/flame.h"
#include "sample/focus.h"
#include "formats/folded/folded_write.h"
#include "views/top/list.h"
#include "views/graph/peek.h"
#include "views/report/report.h"
#include "views/top/tags.h"
#include "views/top/top.h"
#include "formats/sql/sql.h"

struct in {
	const uint8_t *p;
	size_t n;
};

static unsigned
byte(struct in *in)
{
	if (in->n == 0)
		return 0;
	in->n--;
	return *in->p++;
}

static const double values[] = {
	1, 0, -3, 9007199254740993.0, 1e308, 1e-320, 2.5, 1e19, 7,
	__builtin_inf(),
};

/* A valid stream of the input's making, written to fd. */
static int
build(struct in *in, int fd)
{
	struct output o;
	struct stream_writer w;
	struct perr e;
	struct stream_id sid, lid;
	struct sw_stack st;
	char names[8][16];
	size_t nfn = 1 + byte(in) % 6, i, k, len;
	uint32_t s, depth, type[2];
	unsigned b;

	if (output_fd(&o, fd, "fuzz stream", &e) < 0)
		return -1;
	sw_begin(&w, &o, V20, SCHEMA_EXTENSIONS, 0);
	sw_source(&w, 1, text_of("fuzz"), TEXT_NA, 0);
	sw_source(&w, 2, text_of("pprof"), text_of("b"), 1);
	for (i = 0; i < nfn; i++) {
		len = 1 + byte(in) % 15;
		for (k = 0; k < len; k++)
			names[i][k] = (char)(byte(in) | (k == 0));	/* no NUL */
		sw_function(&w, (uint32_t)i + 1, text_n(names[i], len),
		    text_n(names[i], len), text_of(i % 2 ? "a.R" : ""),
		    (int64_t)i);
		sw_location(&w, &(struct sw_location){ .id = (uint32_t)i + 1,
		    .function_id = (uint32_t)i + 1, .line = (int64_t)i * 7 });
	}
	type[0] = (uint32_t)sw_value_type(&w, text_of("samples"),
	    text_of("count"));
	type[1] = (uint32_t)sw_value_type(&w, text_of("vsize.small"),
	    text_of("bytes"));
	for (s = 1; in->n > 0 && s < 200; s++) {
		stream_id_set(&sid, s);
		sw_sample(&w, &sid, 1 + (byte(in) & 1));
		b = byte(in);
		sw_sample_value(&w, &sid, type[0],
		    num_of_dbl(values[b % 10]));
		if (b & 16)
			sw_sample_value(&w, &sid, type[1],
			    num_of_dbl(values[(b >> 5) % 10]));
		if (b & 32) {	/* labels: a string, a number of bytes */
			struct sw_label l = { text_of("worker"),
			    text_n(names[b % nfn], 1 + b % 3), 0, TEXT_NA };
			sw_sample_label(&w, &sid, &l);
			l.key = text_of(b & 64 ? "bytes" : "request");
			l.str = TEXT_NA;
			l.num = (int64_t)b << (b % 40);
			l.num_unit = b & 128 ? text_of("kilobytes") : TEXT_NA;
			sw_sample_label(&w, &sid, &l);
		}
		depth = byte(in) % 12;
		if (depth == 11)	/* deep, now and then */
			depth = 1000 * (1 + byte(in) % 20);
		sw_stack_begin(&w, &st, &sid);
		for (k = 0; k < depth; k++) {
			stream_id_set(&lid, 1 + (k * 7 + b) % nfn);
			sw_stack_frame(&w, &st, &lid);
		}
	}
	sw_free(&w);
	out_flush(&o);
	output_discard(&o);
	return 0;
}

static void
silence(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct in in = { data, size };
	char path[64], pattern[16];
	struct stream_reader r;
	struct prof p = { 0 };
	struct perr e;
	struct output o;
	struct source_set all = { 0 }, base = { 0 };
	struct top_opts to = { 0, 1, &all };
	struct tags_opts tgo = { &all, NULL, 0 };
	struct tags *tg;
	struct tag_filter *tf = NULL;
	struct stack_reader sr = { { 0, &all, 0 } };
	struct flame_opts fl = { NULL, 0, 0, 800, 0.1, NULL, "fuzz" };
	struct focus_opts fo = { .sources = &all };
	struct sql_writer *sw;
	struct sql_sink k;
	struct focus *f;
	struct top *t;
	struct re *re;
	xmlDocPtr doc;
	size_t i, plen;
	int fd, svg, rc;
	off_t len;
	char *text;

	/* the filters' pattern: the first bytes, up to a NUL */
	plen = byte(&in) % sizeof(pattern);
	for (i = 0; i < plen; i++)
		pattern[i] = (char)(byte(&in) | 1);
	pattern[plen] = '\0';
	sr.opts.lines = (int)(size & 1);
	to.by_line = (int)(size & 2) != 0;
	if ((fd = as_file(NULL, 0, path, sizeof(path))) < 0 ||
	    build(&in, fd) < 0)
		abort();
	lseek(fd, 0, SEEK_SET);
	if (output_open(&o, "/dev/null", &e) < 0)
		abort();
	/* a diff against source 1 now and then, as pprof's -diff_base, or
	 * -base normalised (two passes) */
	if (size % 7 == 3 || size % 7 == 5) {
		if (source_set_add(&base, 1) < 0)
			abort();
		to.base = &base;
		to.diff = size % 7 == 3 ? TOP_DIFF_BASE : TOP_BASE;
		to.normalize = size % 7 == 5;
	}
	if ((t = top_new(&to, &e)) == NULL)
		abort();
	SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p, top_sample,
	    top_restart, t, ASM_SUMS, &e), &e);
	if (rc == 0 && to.normalize) {
		stream_close(&r);
		prof_free(&p);
		memset(&p, 0, sizeof(p));
		if (top_normalize(t, &e) < 0)
			abort();
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    top_sample, top_restart, t, ASM_SUMS, &e), &e);
	}
	if (rc == 0)
		SAYS_WHY(top_write(t, &p, &o, NULL, size % 3 == 0, 0, &e), &e);
	if (rc == 0 && to.by_line && to.diff == TOP_PLAIN) {
		struct list_opts lo = { .search = "/nonexistent" };
		if ((lo.match = re_compile(".", NULL, 0)) == NULL)
			abort();
		SAYS_WHY(top_list(t, &p, &lo, &o, &e), &e);
		re_free(lo.match);
	}
	stream_close(&r);
	prof_free(&p);
	top_free(t);
	source_set_free(&base);
	/* the call graph: pprof's -peek and -dot */
	{
		struct callgraph g = { .sources = &all, .keep_stacks = 1 };
		struct peek_opts po = { .table = size % 2 };
		struct dot_opts dopts = { NULL, NULL, 0.005, 0.001, 80, NULL };
		if (size % 5 == 1)
			dopts.nodefraction = dopts.edgefraction =
			    dopts.nodecount = 0;
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    cg_sample, cg_restart, &g, ASM_SUMS, &e), &e);
		if (rc == 0) {
			SAYS_WHY(peek_write(&g, &p, &po, &o, &e), &e);
			SAYS_WHY(dot_write(&g, &p, &dopts, &o, &e), &e);
		}
		stream_close(&r);
		prof_free(&p);
		cg_free(&g);
	}
	/* tsvreport's page, whose parts are the views above and the flame
	 * chart (its second pass: the samples in order) */
	{
		struct report_opts ro = { .sources = &all, .memory = 1,
		    .search = "/nonexistent", .title = "fuzz", .width = 800 };
		struct report *rep;
		struct chart *ch = NULL;
		if ((rep = report_new(&ro, &e)) == NULL)
			abort();
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    report_sample, report_restart, rep, ASM_SUMS, &e), &e);
		stream_close(&r);
		if (rc == 0)
			SAYS_WHY(rc = report_parts(rep, &p, &ch, &e), &e);
		prof_free(&p);
		memset(&p, 0, sizeof(p));
		if (rc == 0 && ch != NULL) {
			SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
			    chart_sample, chart_restart, ch, ASM_SUMS, &e), &e);
			stream_close(&r);
			prof_free(&p);
			memset(&p, 0, sizeof(p));
		}
		if (rc == 0)
			SAYS_WHY(report_write(rep, &o, &e), &e);
		report_free(rep);
	}
	/* the labels' table */
	if ((tg = tags_new(&tgo, &e)) == NULL)
		abort();
	SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p, tags_sample,
	    tags_restart, tg, ASM_SUMS, &e), &e);
	if (rc == 0)
		SAYS_WHY(tags_write(tg, &p, &o, NULL, &e), &e);
	stream_close(&r);
	prof_free(&p);
	tags_free(tg);
	/* the flame graph into memory, for libxml2 */
	svg = memfd_create("svg", 0);
	SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p, stacks_sample,
	    stacks_restart, &sr, ASM_SUMS, &e), &e);
	if (rc == 0) {
		struct output so;
		SAYS_WHY(folded_write(&sr.st, &p, &o, NULL, 0, 0, &e), &e);
		if (svg < 0 || output_fd(&so, svg, "svg", &e) < 0)
			abort();
		SAYS_WHY(rc = flame_write(&sr.st, &p, &fl, &so, &e), &e);
		out_flush(&so);
		output_discard(&so);
		if (rc == 0 && (len = lseek(svg, 0, SEEK_CUR)) > 0) {
			if ((text = malloc((size_t)len)) == NULL ||
			    pread(svg, text, (size_t)len, 0) != len)
				abort();
			xmlSetGenericErrorFunc(NULL, silence);
			doc = xmlReadMemory(text, (int)len, "flame.svg", NULL,
			    XML_PARSE_NONET | XML_PARSE_HUGE);
			if (doc == NULL) {
				fprintf(stderr, "fuzz_analysis: tsvflame's SVG "
				    "is not XML\n");
				abort();
			}
			xmlFreeDoc(doc);
			free(text);
		}
	}
	if (svg >= 0)
		close(svg);
	stream_close(&r);
	prof_free(&p);
	stack_reader_free(&sr);
	/* the pattern as a name filter, a tag filter ("[key=]value": a
	 * range or regexps) or a label-key filter */
	if (size % 11 >= 8)
		tf = tag_filter_new(pattern, NULL, 0);
	if ((re = re_compile(pattern, NULL, 0)) != NULL || tf != NULL) {
		switch (size % 11) {
		case 0: fo.focus = re; break;
		case 1: fo.ignore = re; break;
		case 2: fo.hide = re; break;
		case 3: fo.show = re; break;
		case 4: fo.show_from = re; break;
		case 5: fo.tagshow = re; break;
		case 6: fo.taghide = re; break;
		case 7: fo.focus = re; break;
		case 8: fo.tagfocus = tf; break;
		case 9: fo.tagignore = tf; break;
		default: fo.tagfocus = tf; fo.taghide = re; break;
		}
		/* label frames (the pattern's text as keys) and a window,
		 * now and then */
		if (size % 3 == 0 && (fo.label_frames = label_frames_new(
		    pattern, size % 2 ? pattern : NULL)) == NULL)
			abort();
		if (size % 7 == 0) {
			fo.window.has_from = 1;
			fo.window.from = (int64_t)size * 1000000000;
		}
		if ((f = focus_new(&o, &fo, &e)) == NULL)
			abort();
		SAYS_WHY(rc = assemble_file(&r, path, NULL, NULL, &p,
		    focus_sample, focus_restart, f, 0, &e), &e);
		if (rc == 0)
			SAYS_WHY(focus_end(f, &p, &e), &e);
		stream_close(&r);
		prof_free(&p);
		focus_free(f);
		label_frames_free(fo.label_frames);
		fo.label_frames = NULL;
	}
	re_free(re);
	tag_filter_free(tf);
	for (i = size % 2; i < 2; i += 2) {
		if ((sw = sql_new(&o, i ? SQL_POSTGRESQL : SQL_SQLITE, "/tmp",
		    &e)) == NULL)
			abort();
		k = sql_writer_sink(sw);
		SAYS_WHY(rc = sql_stage_stream(NULL, path, NULL, NULL, &k, &e), &e);
		if (rc == 0)
			SAYS_WHY(sql_end(sw, &e), &e);
		sql_free(sw);
	}
	output_close(&o, &e);
	close(fd);
	return 0;
}
