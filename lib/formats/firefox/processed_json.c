/*
 * The processed format's meta, libraries and shared tables as JSON
 * (processed_write_impl.h), in the shape of the profiler's own version
 * 70: every column of a table as long as its length.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "formats/firefox/processed.h"
#include "formats/firefox/processed_write_impl.h"
#include "io/markup.h"

void
pw_json_str(struct output *o, const char *s)
{
	out_json_string(o, s, strlen(s));
}

/* An array of n numbers of a, UINT32_MAX as none (-1, or null) */
static void
u32_array(struct output *o, const uint32_t *a, size_t n, const char *none)
{
	size_t i;

	out_char(o, '[');
	for (i = 0; i < n; i++) {
		if (i > 0)
			out_char(o, ',');
		if (a[i] == UINT32_MAX)
			out_str(o, none);
		else
			out_u64(o, a[i]);
	}
	out_char(o, ']');
}

/* An array of n copies of text */
static void
same_array(struct output *o, size_t n, const char *text)
{
	size_t i;

	out_char(o, '[');
	for (i = 0; i < n; i++) {
		if (i > 0)
			out_char(o, ',');
		out_str(o, text);
	}
	out_char(o, ']');
}

void
pw_write_meta(struct firefox_writer *w, const struct measure_choice *c,
    struct output *o)
{
	size_t i;
	double interval = c->interval > 0 ? c->interval / 1e6 : 1;
	char ms[48];

	/* meta.startTime exactly: whole milliseconds and six digits */
	snprintf(ms, sizeof(ms), "%s%" PRId64 ".%06" PRId64,
	    w->start_ns < 0 ? "-" : "", (w->start_ns < 0 ? -w->start_ns :
	    w->start_ns) / 1000000, (w->start_ns < 0 ? -w->start_ns :
	    w->start_ns) % 1000000);
	out_str(o, "{\"meta\":{\"interval\":");
	out_dbl(o, interval);
	out_str(o, ",\"startTime\":");
	out_str(o, ms);
	out_str(o, ",\"abi\":\"\",\"misc\":\"\",\"oscpu\":\"\",\"platform\":"
	    "\"\",\"processType\":0,\"extensions\":{\"id\":[],\"name\":[],"
	    "\"baseURL\":[],\"length\":0},\"categories\":[{\"name\":\"Other\","
	    "\"color\":\"grey\",\"subcategories\":[\"Other\"]}");
	for (i = 0; i < w->ncat; i++) {
		out_str(o, ",{\"name\":");
		out_json_string(o, strtab_str(&w->strs, w->cat_str[i]),
		    strtab_len(&w->strs, w->cat_str[i]));
		out_str(o, ",\"color\":\"yellow\",\"subcategories\":"
		    "[\"Other\"]}");
	}
	out_str(o, "],\"product\":\"profstream\",\"stackwalk\":0,\"toolkit\":"
	    "\"\",\"version\":36,\"preprocessedProfileVersion\":");
	out_u64(o, PROCESSED_MAX);
	out_str(o, ",\"appBuildID\":\"\",\"sourceURL\":\"\",\"physicalCPUs\":0,"
	    "\"logicalCPUs\":0,\"CPUName\":\"\",\"symbolicated\":true,"
	    "\"markerSchema\":[]}");
}

void
pw_write_libs(struct firefox_writer *w, const struct prof *p, struct output *o)
{
	const struct mapping *m;
	const char *path, *name;
	size_t i;

	out_str(o, ",\"libs\":[");
	for (i = 0; i < w->nlib; i++) {
		m = &p->mappings[w->lib_map[i]];
		path = m->filename != PROF_NONE ? prof_str(p, m->filename) : "";
		name = pw_base_name(path);
		out_str(o, i > 0 ? ",{\"arch\":\"\",\"name\":" :
		    "{\"arch\":\"\",\"name\":");
		pw_json_str(o, name);
		out_str(o, ",\"path\":");
		pw_json_str(o, path);
		out_str(o, ",\"debugName\":");
		pw_json_str(o, name);
		out_str(o, ",\"debugPath\":");
		pw_json_str(o, path);
		out_str(o, ",\"breakpadId\":");
		pw_json_str(o, m->build_id != PROF_NONE ? prof_str(p, m->build_id) : "");
		out_str(o, ",\"codeId\":");
		if (m->build_id != PROF_NONE && prof_strlen(p, m->build_id) > 0)
			pw_json_str(o, prof_str(p, m->build_id));
		else
			out_str(o, "null");
		out_char(o, '}');
	}
	out_str(o, "],\"pages\":[]");
}

void
pw_write_shared(struct firefox_writer *w, const struct prof *p,
    struct output *o)
{
	const struct location *l;
	const struct mapping *m;
	size_t i, n;
	uint64_t a;

	out_str(o, ",\"shared\":{\"stackTable\":{\"frame\":");
	u32_array(o, w->st_frame, w->nst, "null");
	out_str(o, ",\"prefixOffset\":[");
	for (i = 0; i < w->nst; i++) {
		if (i > 0)
			out_char(o, ',');
		out_u64(o, w->st_prefix[i] == UINT32_MAX ? 0 : i -
		    w->st_prefix[i]);
	}
	out_str(o, "],\"length\":");
	out_u64(o, w->nst);
	out_str(o, "},\"frameTable\":{\"address\":[");
	for (i = 0; i < w->nfr; i++) {
		l = &p->locations[w->fr_loc[i]];
		if (i > 0)
			out_char(o, ',');
		/* library-relative, as the profiler keeps it; none past
		 * what a JavaScript number holds exactly */
		a = l->address;
		if (l->mapping != PROF_NONE) {
			m = &p->mappings[l->mapping];
			a = a - m->start + m->offset;
		}
		if (l->address_na || a > 9007199254740991ULL)
			out_str(o, "-1");
		else
			out_u64(o, a);
	}
	out_str(o, "],\"inlineDepth\":[");
	for (i = 0; i < w->nfr; i++) {
		if (i > 0)
			out_char(o, ',');
		out_u64(o, w->fr_depth[i]);
	}
	out_str(o, "],\"category\":");
	u32_array(o, w->fr_cat, w->nfr, "0");
	out_str(o, ",\"subcategory\":");
	same_array(o, w->nfr, "0");
	out_str(o, ",\"func\":");
	u32_array(o, w->fr_func, w->nfr, "null");
	out_str(o, ",\"nativeSymbol\":");
	same_array(o, w->nfr, "null");
	out_str(o, ",\"innerWindowID\":");
	same_array(o, w->nfr, "0");
	out_str(o, ",\"line\":[");
	for (i = 0; i < w->nfr; i++) {
		l = &p->locations[w->fr_loc[i]];
		if (i > 0)
			out_char(o, ',');
		if (l->line == PROF_LINE_NA || l->line <= 0)
			out_str(o, "null");
		else
			out_i64(o, l->line);
	}
	out_str(o, "],\"column\":[");
	for (i = 0; i < w->nfr; i++) {
		l = &p->locations[w->fr_loc[i]];
		if (i > 0)
			out_char(o, ',');
		if (l->column <= 0)
			out_str(o, "null");
		else
			out_i64(o, l->column);
	}
	out_str(o, "],\"originalLocation\":");
	same_array(o, w->nfr, "null");
	out_str(o, ",\"lib\":[");
	for (i = 0; i < w->nfr; i++) {
		if (i > 0)
			out_char(o, ',');
		if (w->fn_lib[w->fr_func[i]] == UINT32_MAX)
			out_str(o, "-1");
		else
			out_u64(o, w->fn_lib[w->fr_func[i]]);
	}
	out_str(o, "],\"length\":");
	out_u64(o, w->nfr);
	n = w->nfn;
	out_str(o, "},\"funcTable\":{\"isJS\":");
	same_array(o, n, "false");
	out_str(o, ",\"relevantForJS\":");
	same_array(o, n, "false");
	out_str(o, ",\"name\":");
	u32_array(o, w->fn_name, n, "null");
	/* a function of a library: the library's resource (the same
	 * index: a resource per library) */
	out_str(o, ",\"resource\":");
	u32_array(o, w->fn_lib, n, "-1");
	out_str(o, ",\"source\":");
	u32_array(o, w->fn_file, n, "null");
	out_str(o, ",\"lineNumber\":[");
	for (i = 0; i < n; i++) {
		if (i > 0)
			out_char(o, ',');
		if (w->fn_line[i] > 0)
			out_i64(o, w->fn_line[i]);
		else
			out_str(o, "null");
	}
	out_str(o, "],\"columnNumber\":");
	same_array(o, n, "null");
	out_str(o, ",\"originalLocation\":");
	same_array(o, n, "null");
	out_str(o, ",\"length\":");
	out_u64(o, n);
	out_str(o, "},\"resourceTable\":{\"name\":[");
	for (i = 0; i < w->nlib; i++) {
		m = &p->mappings[w->lib_map[i]];
		if (i > 0)
			out_char(o, ',');
		out_i64(o, pw_str(w, pw_base_name(m->filename != PROF_NONE ?
		    prof_str(p, m->filename) : ""), strlen(pw_base_name(
		    m->filename != PROF_NONE ? prof_str(p, m->filename) : ""))));
	}
	out_str(o, "],\"host\":");
	same_array(o, w->nlib, "null");
	out_str(o, ",\"type\":");
	same_array(o, w->nlib, "1");
	out_str(o, ",\"length\":");
	out_u64(o, w->nlib);
	out_str(o, "},\"nativeSymbols\":{\"libIndex\":[],\"address\":[],"
	    "\"name\":[],\"functionSize\":[],\"length\":0},\"sources\":{"
	    "\"id\":");
	same_array(o, w->nfile, "null");
	out_str(o, ",\"filename\":");
	u32_array(o, w->file_str, w->nfile, "null");
	out_str(o, ",\"startLine\":");
	same_array(o, w->nfile, "1");
	out_str(o, ",\"startColumn\":");
	same_array(o, w->nfile, "1");
	out_str(o, ",\"sourceMapURL\":");
	same_array(o, w->nfile, "null");
	out_str(o, ",\"content\":");
	same_array(o, w->nfile, "null");
	out_str(o, ",\"length\":");
	out_u64(o, w->nfile);
	out_str(o, "},\"sourceLocationTable\":{\"source\":[],\"line\":[],"
	    "\"column\":[],\"length\":0},\"stringArray\":[");
	for (i = 0; i < w->strs.n; i++) {
		if (i > 0)
			out_char(o, ',');
		out_json_string(o, strtab_str(&w->strs, i),
		    strtab_len(&w->strs, i));
	}
	out_str(o, "]}");
}
