/* tsv2otlp: the profile stream to one OTLP Profiles message. */
#include <stdio.h>
#include <unistd.h>

#include "formats/otlp/otlp_writer.h"
#include "door/door.h"
#include "cli.h"

static const struct cli_opt opts[] = {
	CLI_OPT_OUTPUT,
	{ 'j', "json", NULL, "OTLP/JSON, a line (as the Collector's file "
	    "exporter\nwrites it, and its otlpjsonfile receiver reads it)" },
	{ 'F', "framed", NULL, "after its length in 4 bytes (as the file "
	    "exporter's\nformat: proto writes it)" },
	{ 'z', "gzip", NULL, "gzip-compressed (default: plain protobuf, "
	    "as the\nCollector sends it)" },
	CLI_OPT_LIMIT,
	{ 0 }
};
static const struct cli_prog prog = {
	"Writes a profile stream (2.0 or 1.0) as one OpenTelemetry "
	"ProfilesData (OTLP\nProfiles, v1.10+).", opts, "[file ...]",
	"Several files are combined (as by tsvcombine) first."
};

int
main(int argc, char *argv[])
{
	struct stream_reader r;
	struct prof p = { 0 };
	struct otlp_writer *w;
	struct output o;
	struct perr e = { "" };
	struct input_ref in;
	const char *opath = NULL;
	int ch, gzip = 0, form = OTLP_PROTOBUF;

	while ((ch = cli_getopt(&prog, argc, argv)) != -1)
		switch (ch) {
		case 'o':
			opath = optarg;
			break;
		case 'z':
			gzip = 1;
			break;
		case 'j':
		case 'F':
			/* the exporter frames JSON only as it compresses each
			 * message */
			if (form != OTLP_PROTOBUF && form != (ch == 'j' ?
			    OTLP_JSON : OTLP_FRAMED)) {
				cli_warn("-j and -F: a framed file holds "
				    "protobuf");
				cli_usage(&prog);
			}
			form = ch == 'j' ? OTLP_JSON : OTLP_FRAMED;
			break;
		}
	argc -= optind;
	argv += optind;
	if (opath == NULL && isatty(STDOUT_FILENO) && (form != OTLP_JSON ||
	    gzip)) {
		cli_warn("will not write a binary profile to a terminal: "
		    "redirect it or use -o");
		return EXIT_USAGE;
	}
	in = cli_input(&prog, argc, argv, TWICE_LATE);
	if ((w = otlp_writer_new(&e)) == NULL)
		cli_fail(&e);
	if (door_assemble(&r, in.path, in.shown, in.record, &p, otlp_sample,
	    otlp_restart, w, ASM_SUMS, &e) < 0)
		cli_fail(&e);
	stream_close(&r);
	cli_open(&o, opath);
	if ((gzip && output_gzip(&o, 6, &e) < 0) ||
	    otlp_write_form(w, &p, &o, form, form == OTLP_PROTOBUF ? -1 :
	    cli_tmpfd(), &e) < 0 || output_close(&o, &e) < 0)
		cli_fail(&e);
	otlp_writer_free(w);
	prof_free(&p);
	return EXIT_OK;
}
