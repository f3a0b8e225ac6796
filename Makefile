# The profile stream filters. Plain GNU make; see README.md.
VERSION = 0.9.0
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
CC = cc
STD = c11
CFLAGS = -O2 -g
LDFLAGS =
# CI adds WERROR=-Werror; users' builds do not stop at a new compiler's
# new warning.
WERROR =
WFLAGS = -std=$(STD) -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-Wall -Wextra -Wno-missing-field-initializers $(WERROR)
PROTOC_C = protoc-c

PROGS = rprof2tsv pprof2tsv tsvvalidate tsvcombine tsv2pprof tsv2rprof \
	tsvtop tsvfocus tsv2folded folded2tsv tsvflame \
	tsv2sql otlp2tsv tsv2otlp tsvpeek tsvgraph tsvlist tsvreport

# lib/ in wings, each using only those listed before it (analysis and
# formats side by side, on model).
BASE_SRC = lib/base/perr.c lib/base/array.c lib/base/hash.c lib/base/num.c \
	lib/base/fmt.c lib/base/pipe.c lib/base/heap.c lib/base/records.c
RE_SRC = lib/re/re.c lib/re/re_parse.c lib/re/re_unicode.c
IO_SRC = lib/io/input.c lib/io/output.c lib/io/gzout.c lib/io/tmpfile.c \
	lib/io/markup.c \
	lib/io/twice.c lib/io/srcfile.c
STREAM_SRC = lib/stream/schema.c lib/stream/fields.c lib/stream/stream_read.c \
	lib/stream/stream_write.c lib/stream/validate.c lib/stream/sniff.c
MODEL_SRC = lib/model/prof.c lib/model/handed.c lib/model/assemble.c \
	lib/model/assemble_defs.c lib/model/assemble_file.c lib/model/combine.c \
	lib/model/runs.c
FORMATS_SRC = lib/formats/rprof/rprof_read.c lib/formats/rprof/rprof_write.c \
	lib/formats/pb/pb.c lib/formats/pprof/pprof_decode.c \
	lib/formats/pprof/pprof_read.c lib/formats/pprof/pprof_tables.c \
	lib/formats/pprof/pprof_write.c lib/formats/pprof/pprof_emit.c \
	lib/formats/legacy/legacy_model.c lib/formats/legacy/legacy_read.c lib/formats/legacy/legacy_steps.c \
	lib/formats/legacy/legacy_lex.c lib/formats/legacy/legacy_maps.c \
	lib/formats/legacy/legacy_cpu.c lib/formats/legacy/legacy_text.c \
	lib/formats/legacy/legacy_java.c \
	lib/formats/folded/folded_read.c lib/formats/sql/sql.c \
	lib/formats/sql/sql_stage.c lib/formats/sql/sql_schema.c \
	lib/formats/sql/sql_remap.c lib/formats/sql/sql_cluster.c \
	lib/formats/sql/sqlite_db.c lib/formats/sql/sqlite_defs.c \
	lib/formats/v1/v1_write.c lib/formats/otlp/otlp_read.c \
	lib/formats/otlp/otlp_decode.c lib/formats/otlp/otlp_samples.c \
	lib/formats/otlp/otlp_write.c lib/formats/otlp/otlp_collect.c \
	lib/formats/otlp/otlp_dict.c
# analysis: the floor every view stands on (sample/), three families of
# views side by side (stacks/, graph/, top/), the page that holds them
# all (report/)
ANALYSIS_SRC = lib/analysis/sample/select.c lib/analysis/sample/focus.c \
	lib/analysis/sample/tagfilter.c lib/analysis/sample/measure.c \
	lib/analysis/sample/units.c lib/analysis/sample/figure.c \
	lib/analysis/stacks/stacks.c lib/analysis/stacks/folded.c \
	lib/analysis/stacks/flame.c lib/analysis/stacks/flame_svg.c \
	lib/analysis/stacks/chart.c \
	lib/analysis/graph/callgraph.c lib/analysis/graph/peek.c \
	lib/analysis/graph/dot.c \
	lib/analysis/top/top.c lib/analysis/top/top_table.c \
	lib/analysis/top/diff.c lib/analysis/top/list.c lib/analysis/top/tags.c \
	lib/analysis/report/report.c
LIBSRC = $(BASE_SRC) $(RE_SRC) $(IO_SRC) $(STREAM_SRC) $(MODEL_SRC) $(FORMATS_SRC) $(ANALYSIS_SRC) \
	proto/profile.pb-c.c proto/otlp.pb-c.c
LIBOBJ = $(LIBSRC:.c=.o)
MAN1 = $(PROGS:=.1)

all: $(PROGS)

# config.mk records the compiler flags of the libraries; making it first
# installs missing build dependencies (tools/deps.sh).
ifeq ($(filter clean,$(MAKECMDGOALS)),)
include config.mk
endif
config.mk: tools/deps.sh
	sh tools/deps.sh
	printf 'DEPCFLAGS = %s\nDEPLIBS = %s\n' \
	    "$$(pkg-config --cflags zlib libdeflate libprotobuf-c sqlite3)" \
	    "$$(pkg-config --libs zlib libdeflate libprotobuf-c sqlite3)" > $@

ALLCFLAGS = $(WFLAGS) -DPROFSTREAM_VERSION='"$(VERSION)"' -Ilib -Iproto \
	$(DEPCFLAGS) $(CFLAGS)

# One rule makes both files, so that make -j runs protoc-c once; the
# header follows the source.
proto/profile.pb-c.c: proto/profile.proto
	$(PROTOC_C) --proto_path=proto --c_out=proto proto/profile.proto
proto/profile.pb-c.h: proto/profile.pb-c.c
	@test -f $@ || { echo "$@ missing: make clean, then make" >&2; exit 1; }

proto/otlp.pb-c.c: proto/otlp.proto
	$(PROTOC_C) --proto_path=proto --c_out=proto proto/otlp.proto
proto/otlp.pb-c.h: proto/otlp.pb-c.c
	@test -f $@ || { echo "$@ missing: make clean, then make" >&2; exit 1; }

# generated code is compiled without our warnings: it is not ours to fix
proto/profile.pb-c.o: proto/profile.pb-c.c proto/profile.pb-c.h
	$(CC) -std=$(STD) -Iproto $(DEPCFLAGS) $(CFLAGS) -c -o $@ \
	    proto/profile.pb-c.c
proto/otlp.pb-c.o: proto/otlp.pb-c.c proto/otlp.pb-c.h
	$(CC) -std=$(STD) -Iproto $(DEPCFLAGS) $(CFLAGS) -c -o $@ \
	    proto/otlp.pb-c.c

lib/formats/pprof/pprof_emit.o lib/formats/pb/pb.o: proto/profile.pb-c.h
lib/formats/otlp/otlp_write.o lib/formats/otlp/otlp_collect.o \
    lib/formats/otlp/otlp_dict.o: proto/otlp.pb-c.h

.c.o:
	$(CC) $(ALLCFLAGS) -MMD -MP -c -o $@ $<

lib/libprofstream.a: $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(PROGS): %: filters/%.o filters/cli.o filters/cli_input.o lib/libprofstream.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ filters/$@.o filters/cli.o filters/cli_input.o \
	    lib/libprofstream.a $(DEPLIBS) -lm -pthread

-include lib/*/*.d lib/*/*/*.d filters/*.d

# Tests: the Check unit tests, failalloc, then the named cases of
# tests/cases (T='rprof/* io/gzip-members' runs those alone; see
# tests/run.sh). The set-up step first: tools/deps.sh test installs what
# the cases use when it is missing; the cases never install.
check: all tests/unit/run_unit tests/unit/failalloc
	sh tools/deps.sh test
	./tests/unit/run_unit
	./tests/unit/failalloc tests/data
	sh tests/run.sh $(T)

# a suite per wing (tests/unit/test_WING.c); CK_RUN_SUITE=io or
# CK_RUN_CASE=gzip_output runs part of them
UNIT_SRC = tests/unit/unit.c tests/unit/test_base.c tests/unit/test_io.c \
	tests/unit/test_stream.c tests/unit/test_model.c tests/unit/test_formats.c
tests/unit/run_unit: $(UNIT_SRC) tests/unit/unit.h lib/libprofstream.a
	sh tools/deps.sh test
	$(CC) $(ALLCFLAGS) $$(pkg-config --cflags check) -o $@ \
	    $(UNIT_SRC) lib/libprofstream.a $(DEPLIBS) \
	    $$(pkg-config --libs check) -lm -pthread

# The library's main paths with each allocation failing in turn: every
# failure must come back with a message (and, under ASan, free what it had).
tests/unit/failalloc: tests/unit/failalloc.c lib/libprofstream.a
	$(CC) $(ALLCFLAGS) -o $@ tests/unit/failalloc.c lib/libprofstream.a \
	    -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=input_open $(LDFLAGS) \
	    $(DEPLIBS) -lm -pthread

# The main job on a bundled example (see README.md).
demo: all
	sh tools/demo.sh

# The README's picture: the demo profile's flame graph.
doc: all
	./rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out | \
	    ./tsvflame -T 'R workload.R: samples (memory-gc-line.out)' \
	    -o doc/flame.svg

# re.c as Go's regexp prints it, for Go to judge (make interop)
tests/unit/re_probe: tests/unit/re_probe.c lib/libprofstream.a
	$(CC) $(ALLCFLAGS) -o $@ tests/unit/re_probe.c lib/libprofstream.a

# Interoperability: R, google/pprof, Chromium and PostgreSQL judge the
# programs (tests/interop/cases); the set-up step installs them first.
interop: all tests/unit/re_probe
	sh tools/deps.sh interop
	sh tests/interop.sh $(T)

bench: all
	sh tools/bench.sh

# libFuzzer (clang): each target runs FUZZ_SECONDS, seeded from tests/,
# or FUZZ_RUNS inputs from a fixed seed (reproducible; what CI runs).
# New corpus entries go to tests/fuzz-out; crashes to tests/fuzz-out too
# (keep them in tests/fuzz/regress/TARGET, which make check runs).
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_RUNS =
FUZZFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS = fuzz_stream fuzz_rprof fuzz_pprof fuzz_folded fuzz_gzip \
	fuzz_analysis fuzz_otlp
# the library compiled once for all targets (instrumented; libFuzzer's
# main only in the targets), with make -j
FUZZ_CFLAGS = -std=c11 -D_GNU_SOURCE -DPROFSTREAM_VERSION='"$(VERSION)"' \
	-Ilib -Iproto $(DEPCFLAGS)
FUZZ_OBJ = $(LIBSRC:%.c=tests/fuzz-out/obj/%.o)
tests/fuzz-out/obj/%.o: %.c proto/profile.pb-c.h proto/otlp.pb-c.h config.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(subst =fuzzer,=fuzzer-no-link,$(FUZZFLAGS)) \
	    $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<
tests/fuzz-out/%: tests/fuzz/%.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZFLAGS) $(FUZZ_CFLAGS) $(FUZZ_EXTRA) -MMD -MP -o $@ $< \
	    $(FUZZ_OBJ) $(DEPLIBS) $(FUZZ_EXTRA_LIBS) -lm -pthread
# fuzz_analysis parses tsvflame's SVG with libxml2 (libxml2-dev)
tests/fuzz-out/fuzz_analysis: FUZZ_EXTRA = $$(pkg-config --cflags libxml-2.0)
tests/fuzz-out/fuzz_analysis: FUZZ_EXTRA_LIBS = $$(pkg-config --libs libxml-2.0)
-include tests/fuzz-out/obj/*/*/*/*.d tests/fuzz-out/obj/*/*/*.d tests/fuzz-out/obj/*/*.d tests/fuzz-out/*.d
.SECONDARY: $(FUZZ_OBJ)
fuzz-build: $(FUZZ_TARGETS:%=tests/fuzz-out/%)
fuzz: fuzz-build
	FUZZ_RUNS=$(FUZZ_RUNS) sh tools/fuzz.sh $(FUZZ_SECONDS)

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
	    $(DESTDIR)$(MANPREFIX)/man5
	install -m 755 $(PROGS) $(DESTDIR)$(PREFIX)/bin/
	cd man && install -m 644 $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	install -m 644 man/profile-tsv.5 $(DESTDIR)$(MANPREFIX)/man5/
	mkdir -p $(DESTDIR)$(PREFIX)/share/profstream
	install -m 644 R/profstream.R $(DESTDIR)$(PREFIX)/share/profstream/

uninstall:
	cd $(DESTDIR)$(PREFIX)/bin && rm -f $(PROGS)
	cd $(DESTDIR)$(MANPREFIX)/man1 && rm -f $(MAN1)
	rm -f $(DESTDIR)$(MANPREFIX)/man5/profile-tsv.5
	rm -f $(DESTDIR)$(PREFIX)/share/profstream/profstream.R

clean:
	rm -f $(PROGS) lib/*/*.o lib/*/*.d lib/*/*/*.o lib/*/*/*.d lib/*.a filters/*.o filters/*.d \
	    proto/*.pb-c.* tests/unit/run_unit tests/unit/failalloc \
	    tests/unit/re_probe config.mk
	rm -rf tests/out tests/fuzz-out profile.tsv

.PHONY: all demo doc check interop bench fuzz fuzz-build install uninstall clean
