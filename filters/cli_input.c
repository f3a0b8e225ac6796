/* cli_input.c: what the filters share past their options: inputs (one
 * file, several combined, a diff's base), outputs (-o, held, 1.0), the
 * sources and focus options, reading a stream into a profile. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sample/focus.h"
#include "sample/select.h"
#include "base/array.h"
#include "door/door.h"
#include "model/combine.h"
#include "io/input.h"
#include "io/tmpfile.h"
#include "stream/stream_read.h"
#include "formats/v1/v1.h"
#include "cli.h"

const char *
cli_tmpfile(void)
{
	const char *path;
	struct perr e = { "" };

	if (tmp_file(&path, &e) < 0)
		cli_fail(&e);
	return path;
}

int
cli_tmpfd(void)
{
	struct perr e = { "" };
	int fd = tmp_fd(&e);

	if (fd < 0)
		cli_fail(&e);
	return fd;
}

void
cli_out_open(struct cli_out *c, const char *opath, int v1)
{
	struct perr e = { "" };

	c->opath = opath;
	c->tmp = v1 ? cli_tmpfile() : NULL;
	if (output_open(&c->o, v1 ? c->tmp : opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(&c->o);
	if (!v1)
		cli_hold(&c->o);
}

void
cli_out_close(struct cli_out *c)
{
	struct perr e = { "" };

	if (output_close(&c->o, &e) < 0)
		cli_fail(&e);
	if (c->tmp == NULL)
		return;
	if (output_open(&c->o, c->opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(&c->o);
	cli_hold(&c->o);
	if (v1_write(c->tmp, &c->o, &e) < 0 || output_close(&c->o, &e) < 0)
		cli_fail(&e);
}

int
cli_convert(const struct cli_prog *prog, const struct cli_converter *cv,
    void *ctx, int argc, char **argv)
{
	struct cli_out out;
	const char *opath = NULL;
	int ch, v1 = 0;

	while ((ch = cli_getopt(prog, argc, argv)) != -1)
		if (ch == '1')
			v1 = 1;
		else if (ch == 'o')
			opath = optarg;
		else
			cv->option(ctx, ch, optarg);
	argc -= optind;
	argv += optind;
	if (argc == 0)
		cli_not_a_terminal(prog);
	cli_out_open(&out, opath, v1);
	cv->begin(ctx, &out.o);
	if (argc == 0)
		cv->convert(ctx, NULL);
	for (; argc > 0; argc--, argv++)
		cv->convert(ctx, *argv);
	cv->end(ctx);
	cli_out_close(&out);
	return EXIT_OK;
}

/* A format's reader as a converter program's steps. */
struct codec_run {
	const struct codec *c;
	void *reader;
	void (*option)(void *options, int ch, const char *arg);
	void *options;
};

static void
codec_option(void *ctx, int ch, const char *arg)
{
	struct codec_run *r = ctx;

	r->option(r->options, ch, arg);
}

static void
codec_begin(void *ctx, struct output *o)
{
	struct codec_run *r = ctx;
	struct perr e = { "" };

	if ((r->reader = codec_open(r->c, o, r->options, &e)) == NULL)
		cli_fail(&e);
}

static void
codec_convert(void *ctx, const char *path)
{
	struct codec_run *r = ctx;
	struct input in;
	struct perr e = { "" };
	char msg[512];

	if (input_open(&in, path, NULL, &e) < 0 ||
	    r->c->read(r->reader, &in, &e) < 0)
		cli_fail(&e);
	if (r->c->damage != NULL && r->c->damage(r->reader, in.name, msg,
	    sizeof(msg)))
		cli_warn("%s", msg);
	input_close(&in);
}

static void
codec_end(void *ctx)
{
	struct codec_run *r = ctx;

	codec_close(r->c, r->reader);
	r->reader = NULL;
}

int
cli_convert_codec(const struct cli_prog *prog, const struct codec *c,
    void (*option)(void *options, int ch, const char *arg), void *options,
    int argc, char **argv)
{
	static const struct cli_converter cv = { codec_option, codec_begin,
	    codec_convert, codec_end };
	struct codec_run r = { c, NULL, option, options };

	return cli_convert(prog, &cv, &r, argc, argv);
}

/* The names of converters' streams: held to the end, as the refs that
 * show them are. */
static char **stream_names;
static size_t nstream_names, capstream_names;

static void
free_stream_names(void)
{
	while (nstream_names > 0)
		free(stream_names[--nstream_names]);
	free(stream_names);
}

/* "NAME (its stream)": what messages call a converter's stream */
static const char *
its_stream(const char *name)
{
	size_t n = strlen(name) + 14;
	char *s;

	if (stream_names == NULL)
		(void)atexit(free_stream_names);
	if (array_grow((void **)&stream_names, &capstream_names,
	    nstream_names + 1, sizeof(*stream_names)) < 0 ||
	    (s = malloc(n)) == NULL) {
		cli_warn("out of memory");
		cli_exit(EXIT_BAD);
	}
	snprintf(s, n, "%s (its stream)", name);
	stream_names[nstream_names++] = s;
	return s;
}

struct input_ref
cli_ref(const char *path, enum twice how)
{
	struct input_ref r;
	struct perr e = { "" };
	const char *name, *converted;

	if (input_ref(&r, path, how, &e) < 0)
		cli_fail(&e);
	/* another format: read twice from its converter's stream (once, the
	 * assembler takes its rows: door_assemble) */
	if (how == TWICE_WHOLE) {
		name = r.shown != NULL ? r.shown : input_is_stdin(path) ?
		    "<stdin>" : path;
		if (door_stream_file(r.path, r.shown, cli_tmpfile, &converted,
		    &e) < 0)
			cli_fail(&e);
		if (converted != NULL) {
			r.path = converted;
			r.shown = its_stream(name);
		}
	}
	return r;
}

int
cli_foreign(const char *path)
{
	struct input in;
	struct perr e = { "" };
	enum sniff_kind k;

	if (input_is_stdin(path))
		return 0;
	if (input_open(&in, path, NULL, &e) < 0 ||
	    sniff_peek(&in, &k, &e) < 0)
		cli_fail(&e);
	input_close(&in);
	return k != SNIFF_STREAM && k != SNIFF_UNKNOWN && k != SNIFF_EMPTY;
}

static void
combine_paths(struct output *o, int n, char **paths, uint32_t *first)
{
	struct input_ref *in;
	struct perr e = { "" };
	int i, seen_stdin = 0;

	for (i = 0; i < n; i++)
		if (input_is_stdin(paths[i]) && seen_stdin++) {
			cli_warn("standard input (-) can be given once");
			cli_exit(EXIT_USAGE);
		}
	if ((in = calloc((size_t)n + 1, sizeof(*in))) == NULL) {
		cli_warn("out of memory");
		cli_exit(EXIT_BAD);
	}
	for (i = 0; i < n; i++)
		in[i] = cli_ref(paths[i], TWICE_WHOLE);
	if (combine_inputs_counted(o, (size_t)n, in, first, &e) < 0)
		cli_fail(&e);
	free(in);
}

void
cli_combine(struct output *o, int n, char **paths)
{
	combine_paths(o, n, paths, NULL);
}

/* A temporary file holding the n operands combined; the first's number
 * of sources into *first unless NULL. */
static struct input_ref
combined(int n, char **paths, const char *shown, uint32_t *first)
{
	struct input_ref f = { cli_tmpfile(), shown, NULL };
	struct output o;
	struct perr e = { "" };

	if (output_open(&o, f.path, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	combine_paths(&o, n, paths, first);
	if (output_close(&o, &e) < 0)
		cli_fail(&e);
	cli_set_output(NULL);
	return f;
}

struct input_ref
cli_to_v2(struct input_ref in)
{
	struct input_ref v2 = { cli_tmpfile(), in.shown, NULL };
	struct output o;
	struct perr e = { "" };

	if (output_open(&o, v2.path, &e) < 0)
		cli_fail(&e);
	cli_set_output(&o);
	if (combine_inputs(&o, 1, &in, &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	cli_set_output(NULL);
	return v2;
}

struct input_ref
cli_input(const struct cli_prog *prog, int argc, char **argv,
    enum twice how)
{
	if (argc == 0)
		cli_not_a_terminal(prog);
	if (argc <= 1)
		return cli_ref(argc == 1 ? argv[0] : NULL, how);
	return combined(argc, argv, "the combined input", NULL);
}

struct input_ref
cli_input_diff(const struct cli_prog *prog, const char *base, int argc,
    char **argv, struct source_set *bases)
{
	char **paths;
	uint32_t n = 0, i;
	struct input_ref r;

	if (argc == 0)
		cli_not_a_terminal(prog);
	if ((paths = calloc((size_t)argc + 2, sizeof(*paths))) == NULL) {
		cli_warn("out of memory");
		cli_exit(EXIT_BAD);
	}
	paths[0] = (char *)base;
	for (i = 0; i < (uint32_t)argc; i++)
		paths[i + 1] = argv[i];
	r = combined(argc > 0 ? argc + 1 : 2, paths, "the combined input",
	    &n);
	free(paths);
	for (i = 1; i <= n; i++)
		if (source_set_add(bases, i) < 0) {
			cli_warn("out of memory");
			cli_exit(EXIT_BAD);
		}
	if (n == 0) {
		cli_warn("%s: the base has no source", base);
		cli_exit(EXIT_BAD);
	}
	return r;
}

static const char *
base_name(int opt)
{
	return opt == 'd' ? "-d" : opt == CLI_BASE ? "--base" : "--diff-base";
}

int
cli_base_option(const struct cli_prog *prog, struct cli_base *b, int ch,
    const char *arg)
{
	if (ch != 'd' && ch != CLI_DIFF_BASE && ch != CLI_BASE)
		return 0;
	if (b->opt != 0 && b->opt != ch) {
		cli_warn("%s and %s: one base only", base_name(b->opt),
		    base_name(ch));
		cli_usage(prog);
	}
	b->opt = ch;
	if (ch == 'd') {
		source_set_free(&b->ids);
		cli_sources(prog, &b->ids, arg);
	} else
		b->file = arg;
	return 1;
}

struct input_ref
cli_base_input(const struct cli_prog *prog, struct cli_base *b, int argc,
    char **argv, enum twice how)
{
	if (b->file != NULL)
		return cli_input_diff(prog, b->file, argc, argv, &b->ids);
	return cli_input(prog, argc, argv, how);
}

void
cli_base_check(const struct cli_base *b, const struct prof *p)
{
	if (b->opt == 'd')
		cli_check_sources(&b->ids, 'd', 0, p);
}

void
cli_sources(const struct cli_prog *prog, struct source_set *s,
    const char *arg)
{
	struct perr e = { "" };

	if (source_set_parse(s, arg, &e) < 0) {
		cli_warn("-s: %s", e.msg);
		cli_usage(prog);
	}
}

void
cli_focus_option(const struct cli_prog *prog, struct focus_opts *fo, int ch,
    const char *arg)
{
	struct re **slot, *re;
	struct tag_filter **tslot = NULL;
	const char *name = NULL;
	char err[256];

	if (ch == CLI_FROM || ch == CLI_TO) {
		struct when_window *w = &fo->window;
		struct perr e = { "" };

		if (when_parse(arg, ch == CLI_FROM ? &w->from : &w->to, &e) < 0) {
			cli_warn("--%s: %s", ch == CLI_FROM ? "from" : "to",
			    e.msg);
			cli_usage(prog);
		}
		*(ch == CLI_FROM ? &w->has_from : &w->has_to) = 1;
		if (w->has_from && w->has_to && w->from >= w->to) {
			cli_warn("--from is not before --to: no time is in the "
			    "window");
			cli_usage(prog);
		}
		return;
	}
	switch (ch) {
	case 'f': slot = &fo->focus; break;
	case 'i': slot = &fo->ignore; break;
	case 'H': slot = &fo->hide; break;
	case 'S': slot = &fo->show; break;
	case CLI_TAGFOCUS: tslot = &fo->tagfocus; name = "tagfocus"; break;
	case CLI_TAGIGNORE: tslot = &fo->tagignore; name = "tagignore"; break;
	case CLI_TAGSHOW: slot = &fo->tagshow; name = "tagshow"; break;
	case CLI_TAGHIDE: slot = &fo->taghide; name = "taghide"; break;
	default: slot = &fo->show_from; break;
	}
	if (tslot != NULL) {
		tag_filter_free(*tslot);
		*tslot = NULL;
		if (*arg == '\0')
			return;
		if ((*tslot = tag_filter_new(arg, err, sizeof(err))) == NULL) {
			cli_warn("--%s: '%s': %s", name, arg, err);
			cli_usage(prog);
		}
		/* pprof says it too */
		if (tag_filter_is_range(*tslot))
			cli_warn("--%s: '%s' is a range, not a regular "
			    "expression", name, arg);
		return;
	}
	re_free(*slot);
	*slot = NULL;
	if (*arg == '\0')	/* as pprof: no filter */
		return;
	if ((re = re_compile(arg, err, sizeof(err))) == NULL) {
		if (name != NULL)
			cli_warn("--%s: '%s': %s", name, arg, err);
		else
			cli_warn("-%c: '%s': %s", ch, arg, err);
		cli_usage(prog);
	}
	*slot = re;
}

void
cli_focus_report(const struct focus_opts *fo, unsigned unmatched)
{
	static const struct { unsigned bit; const char *opt, *what; } f[] = {
		{ FOCUS_FOCUS, "-f", "focus" }, { FOCUS_IGNORE, "-i", "ignore" },
		{ FOCUS_HIDE, "-H", "hide" }, { FOCUS_SHOW, "-S", "show" },
		{ FOCUS_SHOW_FROM, "-r", "show_from" },
		{ FOCUS_TAGFOCUS, "--tagfocus", "tagfocus" },
		{ FOCUS_TAGIGNORE, "--tagignore", "tagignore" },
		{ FOCUS_TAGSHOW, "--tagshow", "tagshow" },
		{ FOCUS_TAGHIDE, "--taghide", "taghide" },
	};
	size_t i;

	(void)fo;
	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (unmatched & f[i].bit)
			cli_warn("%s: the %s expression matched no samples",
			    f[i].opt, f[i].what);
	/* pprof: "No matches for TagRoot." */
	if (unmatched & FOCUS_TAGROOT)
		cli_warn("--tagroot: no sample has a label of these keys");
	if (unmatched & FOCUS_TAGLEAF)
		cli_warn("--tagleaf: no sample has a label of these keys");
	if (unmatched & FOCUS_WINDOW)
		cli_warn("--from/--to: no sample was taken in the window");
}

void
cli_focus_free(struct focus_opts *fo)
{
	label_frames_free(fo->label_frames);
	re_free(fo->focus);
	re_free(fo->ignore);
	re_free(fo->hide);
	re_free(fo->show);
	re_free(fo->show_from);
	re_free(fo->tagshow);
	re_free(fo->taghide);
	tag_filter_free(fo->tagfocus);
	tag_filter_free(fo->tagignore);
}

void
cli_check_sources(const struct source_set *s, int opt, uint32_t id,
    const struct prof *p)
{
	struct perr e = { "" };

	if (s != NULL ? source_set_check(s, p, &e) < 0 : id != 0 &&
	    source_check(id, p, &e) < 0) {
		cli_warn("-%c: %s", opt, e.msg);
		cli_exit(EXIT_BAD);
	}
}

void
cli_assemble(struct stream_reader *r, struct input_ref in, struct prof *p,
    int (*emit)(void *, struct prof *, const struct sample *, struct perr *),
    int (*restart)(void *, struct perr *), void *ctx)
{
	struct perr e = { "" };

	if (door_assemble(r, in.path, in.shown, in.record, p, emit, restart,
	    ctx, ASM_SUMS, &e) < 0)
		cli_fail(&e);
}

void
cli_open(struct output *o, const char *opath)
{
	struct perr e = { "" };

	if (output_open(o, opath, &e) < 0)
		cli_fail(&e);
	cli_set_output(o);
	cli_hold(o);
}

void
cli_hold(struct output *o)
{
	if (o->held)
		return;
	const char *spool = cli_tmpfile();
	int fd = open(spool, O_RDWR);

	if (fd < 0) {
		cli_warn("%s: %s", spool, strerror(errno));
		cli_exit(EXIT_BAD);
	}
	if (output_hold(o, fd) == 0)
		close(fd);
}

/* The default title's sources: their URIs, or how many. */
char *
cli_source_names(const struct prof *p, const struct source_set *keep)
{
	size_t i, n = 0, cap = 256, k = 0;
	char *s = malloc(cap);

	if (s == NULL)
		return NULL;
	s[0] = '\0';
	for (i = 0; i < p->nsources; i++) {
		const struct source *src = &p->sources[i];
		const char *uri = src->uri == PROF_NONE ? "<stdin>" :
		    prof_str(p, src->uri), *slash;

		/* the base name: a page or picture made to be sent says
		 * nothing of where it was made */
		if ((slash = strrchr(uri, '/')) != NULL && slash[1] != '\0')
			uri = slash + 1;
		if (!source_set_has_id(keep, src->id) ||
		    (n > 0 && strstr(s, uri) != NULL))
			continue;
		k++;
		if (n + strlen(uri) + 3 < cap && n < 120)
			n += (size_t)snprintf(s + n, cap - n, "%s%s",
			    n ? ", " : "", uri);
	}
	if (n >= 120)
		snprintf(s + n, cap - n, ", ... (%zu sources)", k);
	return s;
}
