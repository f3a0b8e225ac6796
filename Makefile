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
	tsv2sql otlp2tsv tsv2otlp tsvpeek tsvgraph tsvlist tsvreport \
	cpuprofile2tsv speedscope2tsv tsv2speedscope perf2tsv sql2tsv \
	firefox2tsv tsvsymbolize tsv2firefox jfr2tsv

# lib/ in wings, each using only those listed before it (formats and views
# side by side, on sample).
BASE_SRC = lib/base/perr.c lib/base/array.c lib/base/hash.c lib/base/num.c \
	lib/base/fmt.c lib/base/pipe.c lib/base/heap.c lib/base/records.c \
	lib/base/when.c lib/base/siphash.c
RE_SRC = lib/re/re.c lib/re/re_parse.c lib/re/re_unicode.c lib/re/re_scripts.c
IO_SRC = lib/io/input.c lib/io/input_raw.c lib/io/decompress.c lib/io/output.c lib/io/gzout.c lib/io/gzstream.c \
	lib/io/tmpfile.c \
	lib/io/graphviz.c \
	lib/io/markup.c \
	lib/io/twice.c lib/io/srcfile.c lib/io/spool.c
STREAM_SRC = lib/stream/schema.c lib/stream/fields.c lib/stream/stream_read.c \
	lib/stream/stream_write.c lib/stream/stream_rows.c lib/stream/validate.c \
	lib/stream/sniff.c lib/stream/codec.c
MODEL_SRC = lib/model/prof.c lib/model/handed.c lib/model/assemble.c \
	lib/model/assemble_defs.c lib/model/assemble_file.c lib/model/combine.c \
	lib/model/runs.c lib/model/hold.c
# sample: the floor views and writers count with: which samples, their
# values and units, their distinct stacks
SAMPLE_SRC = lib/sample/select.c lib/sample/focus.c \
	lib/sample/tagfilter.c lib/sample/measure.c \
	lib/sample/labelframes.c lib/sample/shortname.c \
	lib/sample/units.c lib/sample/figure.c \
	lib/sample/diff.c lib/sample/stacks.c
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
	lib/formats/sql/sqlite_conn.c lib/formats/sql/sqlite_defs.c \
	lib/formats/sql/sqlite_db.c lib/formats/sql/sqlite_query.c \
	lib/formats/sql/pg_query.c lib/formats/sql/sql_read.c \
	lib/formats/sql/sql_rd.c lib/formats/sql/sql_select.c \
	lib/formats/sql/sql_codec.c lib/formats/sql/ch_schema.c \
	lib/formats/sql/ch_write.c lib/formats/sql/ch_text.c \
	lib/formats/sql/ch_samples.c lib/formats/sql/ch_read.c \
	lib/formats/sql/ch_read_select.c lib/formats/sql/ch_read_blocks.c \
	lib/formats/sql/ch_http.c lib/formats/sql/sql_sources.c \
	lib/formats/v1/v1_write.c lib/formats/otlp/otlp_read.c \
	lib/formats/otlp/otlp_decode.c lib/formats/otlp/otlp_samples.c \
	lib/formats/otlp/otlp_write.c lib/formats/otlp/otlp_collect.c \
	lib/formats/otlp/otlp_dict.c lib/formats/otlp/otlp_json.c \
	lib/formats/otlp/otlp_file.c lib/formats/otlp/otlp_json_write.c \
	lib/formats/otlp/otlp_forms.c lib/formats/json/json_read.c \
	lib/formats/json/json_text.c lib/formats/json/json_place.c \
	lib/formats/cpuprofile/cpuprofile_tree.c \
	lib/formats/cpuprofile/cpuprofile_read.c \
	lib/formats/cpuprofile/trace_read.c \
	lib/formats/speedscope/speedscope_read.c lib/formats/perf/perf_read.c \
	lib/formats/perf/perf_collapse.c \
	lib/formats/folded/folded_write.c \
	lib/formats/firefox/gecko_read.c lib/formats/firefox/gecko_thread.c \
	lib/formats/firefox/firefox_rows.c \
	lib/formats/firefox/processed_read.c \
	lib/formats/firefox/processed_thread.c \
	lib/formats/firefox/processed_write.c \
	lib/formats/firefox/processed_tables.c \
	lib/formats/firefox/processed_json.c \
	lib/formats/jfr/jfr_chunk.c lib/formats/jfr/jfr_events.c \
	lib/formats/jfr/jfr_read.c \
	lib/formats/speedscope/speedscope_write.c
# views: three families side by side (stacks/, graph/, top/), the page
# that holds them all (report/)
VIEWS_SRC = lib/views/stacks/flame.c lib/views/stacks/flame_svg.c \
	lib/views/stacks/chart.c \
	lib/views/graph/callgraph.c lib/views/graph/peek.c \
	lib/views/graph/dot.c lib/views/graph/prune.c \
	lib/views/top/top.c lib/views/top/top_table.c \
	lib/views/top/top_inline.c \
	lib/views/top/list.c lib/views/top/tags.c \
	lib/views/report/report.c \
	lib/views/report/part.c lib/views/report/page.c
# Every build output goes under $(B): objects in obj/, what is generated
# (protoc-c's code, the browser files as C arrays) in gen/, the library,
# the programs in bin/, the test programs in tests/, the fuzzers in fuzz/.
B = build
OBJ = $(B)/obj
GEN = $(B)/gen
BIN = $(B)/bin
PROTO_C = $(GEN)/proto/profile.pb-c.c $(GEN)/proto/otlp.pb-c.c
PROTO_H = $(PROTO_C:.c=.h)
# the page's and the flame graph's script and style, real files in lib/
# made C arrays by tools/embed.awk (#include "views/stacks/flame.js.h")
ASSETS = lib/views/stacks/flame.js lib/views/report/report.css \
	lib/views/report/report.js lib/views/report/wasi.js \
	lib/views/report/refineruns.js lib/views/report/graphlayout.js \
	lib/views/report/refine.js
ASSET_H = $(ASSETS:lib/%=$(GEN)/%.h)
# door: every format, read by every program that reads a stream
DOOR_SRC = lib/door/door.c lib/door/door_formats.c
# symbolize: binaries read through elfutils' libdw, by tsvsymbolize alone
# (no other program links libdw)
SYMBOLIZE_SRC = lib/symbolize/binary.c lib/symbolize/kallsyms.c \
	lib/symbolize/symbolize.c
SYMBOLIZE_OBJ = $(SYMBOLIZE_SRC:%.c=$(OBJ)/%.o)
LIBSRC = $(BASE_SRC) $(RE_SRC) $(IO_SRC) $(STREAM_SRC) $(MODEL_SRC) $(SAMPLE_SRC) $(FORMATS_SRC) $(VIEWS_SRC) \
	$(DOOR_SRC)
LIBOBJ = $(LIBSRC:%.c=$(OBJ)/%.o) $(PROTO_C:$(GEN)/%.c=$(OBJ)/gen/%.o)
LIBA = $(B)/libprofstream.a
CLIOBJ = $(OBJ)/filters/cli.o $(OBJ)/filters/cli_input.o \
	$(OBJ)/filters/cli_pprof.o
MAN1 = $(PROGS:=.1)

all: $(PROGS:%=$(BIN)/%)

# config.mk records the compiler flags of the libraries; making it first
# installs missing build dependencies (tools/deps.sh).
ifeq ($(filter clean,$(MAKECMDGOALS)),)
include $(B)/config.mk
endif
$(B)/config.mk: tools/deps.sh
	sh tools/deps.sh
	@mkdir -p $(@D)
	printf 'DEPCFLAGS = %s\nDEPLIBS = %s\nDWCFLAGS = %s\nDWLIBS = %s\n' \
	    "$$(pkg-config --cflags zlib libzstd libdeflate libprotobuf-c sqlite3 libpq libcurl)" \
	    "$$(pkg-config --libs zlib libzstd libdeflate libprotobuf-c sqlite3 libpq libcurl)" \
	    "$$(pkg-config --cflags libdw libdebuginfod)" \
	    "$$(pkg-config --libs libdw libdebuginfod)" > $@

ALLCFLAGS = $(WFLAGS) -DPROFSTREAM_VERSION='"$(VERSION)"' -Ilib -I$(GEN) \
	-I$(GEN)/proto $(DEPCFLAGS) $(CFLAGS)

# One rule makes both files, so that make -j runs protoc-c once; the
# header follows the source.
$(GEN)/proto/%.pb-c.c: proto/%.proto
	@mkdir -p $(@D)
	$(PROTOC_C) --proto_path=proto --c_out=$(@D) $<
$(GEN)/proto/%.pb-c.h: $(GEN)/proto/%.pb-c.c
	@test -f $@ || { echo "$@ missing: make clean, then make" >&2; exit 1; }

$(GEN)/%.h: lib/% tools/embed.awk
	@mkdir -p $(@D)
	awk -f tools/embed.awk $< >$@.tmp && mv $@.tmp $@

# generated code is compiled without our warnings: it is not ours to fix
$(OBJ)/gen/%.o: $(GEN)/%.c $(PROTO_H)
	@mkdir -p $(@D)
	$(CC) -std=$(STD) -I$(GEN)/proto $(DEPCFLAGS) $(CFLAGS) -c -o $@ $<

# what is generated comes first; -MMD then records who includes it
$(OBJ)/%.o: %.c | $(PROTO_H) $(ASSET_H)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -MMD -MP -c -o $@ $<

$(LIBA): $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(BIN)/%: $(OBJ)/filters/%.o $(CLIOBJ) $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(CLIOBJ) $(LIBA) \
	    $(DEPLIBS) -lm -pthread

$(SYMBOLIZE_OBJ): ALLCFLAGS += $(DWCFLAGS)
$(BIN)/tsvsymbolize: $(OBJ)/filters/tsvsymbolize.o $(SYMBOLIZE_OBJ) $(CLIOBJ) $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(SYMBOLIZE_OBJ) $(CLIOBJ) \
	    $(LIBA) $(DWLIBS) $(DEPLIBS) -lm -pthread

# tsvreport carries the page's engine (make wasm), gzip'd
$(GEN)/engine_wasm.c: $(B)/wasm/engine.wasm tools/embed-bytes.sh
	@mkdir -p $(@D)
	sh tools/embed-bytes.sh engine_wasm $< >$@.tmp && mv $@.tmp $@
$(BIN)/tsvreport: $(OBJ)/filters/tsvreport.o $(OBJ)/gen/engine_wasm.o \
    $(CLIOBJ) $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(OBJ)/gen/engine_wasm.o \
	    $(CLIOBJ) $(LIBA) $(DEPLIBS) -lm -pthread

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)
# nothing built is thrown away as intermediate (the filters' objects,
# generated code): a second make has nothing to do
.SECONDARY:

# The report page's engine (filters/engine.c): the analysis programs as
# one WebAssembly module (clang's wasm32-wasi target, Debian's wasi-libc
# and wasm-ld), of the library's own code with the seams that take what
# the page does not have (decompression, gzip output, the formats other
# than the stream) replaced by their _none files, and a native stack
# (wasm-ld's default is 64 KB, with no guard below it).
WASM_CC = clang
WASM = $(B)/wasm
WASM_CFLAGS = --target=wasm32-wasi -O2 -std=$(STD) -D_GNU_SOURCE \
	-D_WASI_EMULATED_MMAN -D_WASI_EMULATED_SIGNAL \
	-D_WASI_EMULATED_PROCESS_CLOCKS \
	-DPROFSTREAM_VERSION='"$(VERSION)"' -Ilib -Ifilters -I$(GEN) \
	-include lib/io/wasi.h \
	-Wall -Wextra -Wno-missing-field-initializers $(WERROR)
WASM_PROGS = tsvfocus tsvtop tsvpeek tsvgraph tsvflame
WASM_SRC = $(filter-out lib/io/decompress.c lib/io/gzout.c \
	lib/io/graphviz.c lib/door/door_formats.c lib/views/report/%, \
	$(BASE_SRC) $(RE_SRC) $(IO_SRC) $(STREAM_SRC) $(MODEL_SRC) \
	$(SAMPLE_SRC) $(VIEWS_SRC) $(DOOR_SRC)) \
	lib/io/decompress_none.c lib/io/gzout_none.c \
	lib/door/door_formats_none.c lib/io/wasi.c
WASM_OBJ = $(WASM_SRC:%.c=$(WASM)/obj/%.o)
WASM_CLI = filters/cli.c filters/cli_input.c filters/cli_pprof.c
$(WASM)/obj/%.o: %.c | $(ASSET_H)
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) -MMD -MP -c -o $@ $<
$(WASM)/obj/prog/%.o: filters/%.c
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) -Dmain=$*_main -MMD -MP -c -o $@ $<
$(WASM)/libengine.a: $(WASM_OBJ)
	rm -f $@
	llvm-ar rcs $@ $(WASM_OBJ) 2>/dev/null || ar rcs $@ $(WASM_OBJ)
$(WASM)/engine.wasm: $(WASM)/obj/filters/engine.o \
    $(WASM_PROGS:%=$(WASM)/obj/prog/%.o) $(WASM_CLI:%.c=$(WASM)/obj/%.o) \
    $(WASM)/libengine.a
	$(WASM_CC) $(WASM_CFLAGS) -o $@ $(filter %.o,$^) $(WASM)/libengine.a \
	    -Wl,-z,stack-size=8388608 -lwasi-emulated-mman \
	    -lwasi-emulated-signal -lwasi-emulated-process-clocks
wasm: $(WASM)/engine.wasm
-include $(shell find $(WASM) -name '*.d' 2>/dev/null)

# Tests: the Check unit tests, failalloc, the regexp against Go's answers,
# then the named cases of tests/cases (T='rprof/* io/gzip-members' runs
# those alone; see tests/run.sh); tests/check.sh runs them and ends with
# one line that counts every check. The set-up step first: tools/deps.sh
# test installs what the cases use when it is missing; the cases never
# install.
TESTBIN = $(B)/tests
check: all $(TESTBIN)/run_unit $(TESTBIN)/failalloc $(TESTBIN)/re_probe \
    $(TESTBIN)/json_probe $(WASM)/engine.wasm
	sh tools/deps.sh test
	sh tests/check.sh $(T)

# a suite per wing (tests/unit/test_WING.c); CK_RUN_SUITE=io or
# CK_RUN_CASE=gzip_output runs part of them
UNIT_SRC = tests/unit/unit.c tests/unit/test_base.c tests/unit/test_io.c \
	tests/unit/test_stream.c tests/unit/test_model.c tests/unit/test_formats.c
$(TESTBIN)/run_unit: $(UNIT_SRC) tests/unit/unit.h $(LIBA)
	sh tools/deps.sh test
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) $$(pkg-config --cflags check) -o $@ \
	    $(UNIT_SRC) $(LIBA) $(DEPLIBS) \
	    $$(pkg-config --libs check) -lm -pthread

# The library's main paths with each allocation failing in turn: every
# failure must come back with a message (and, under ASan, free what it had).
$(TESTBIN)/failalloc: tests/unit/failalloc.c $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -o $@ tests/unit/failalloc.c $(LIBA) \
	    -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=input_open $(LDFLAGS) \
	    $(DEPLIBS) -lm -pthread

# lib/re as Go's regexp prints it: make check compares it with what Go
# printed (tests/re), make interop with Go itself
$(TESTBIN)/re_probe: tests/unit/re_probe.c $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -o $@ tests/unit/re_probe.c $(LIBA) $(LDFLAGS)

# lib/formats/json's events, for tests/json/events.py (Python's json) to
# judge
$(TESTBIN)/json_probe: tests/unit/json_probe.c $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -o $@ tests/unit/json_probe.c $(LIBA) $(LDFLAGS) \
	    $(DEPLIBS) -lm -pthread

# The main job on a bundled example (see README.md).
demo: all
	sh tools/demo.sh

# The README's picture: the demo profile's flame graph.
doc: all
	$(BIN)/rprof2tsv tests/data/rprof/r-4.2/memory-gc-line.out | \
	    $(BIN)/tsvflame -T 'R workload.R: samples (memory-gc-line.out)' \
	    -o doc/flame.svg

# Interoperability: R, google/pprof, Chromium and PostgreSQL judge the
# programs (tests/interop/cases); the set-up step installs them first.
interop: all $(TESTBIN)/re_probe $(WASM)/engine.wasm
	sh tools/deps.sh interop
	if command -v R >/dev/null 2>&1; then $(MAKE) r-install; fi
	sh tests/interop.sh $(T)

# The benchmark table, printed and written to doc/benchmarks.md (dated)
# make check's cases with every program under valgrind (tests/valgrind.sh)
valgrind: all $(TESTBIN)/re_probe $(TESTBIN)/json_probe $(WASM)/engine.wasm
	sh tests/valgrind.sh $(T)

bench: all
	if command -v R >/dev/null 2>&1; then $(MAKE) r-install; fi
	@mkdir -p $(B)
	{ sh tools/bench.sh; echo $$? >$(B)/bench.rc; } | tee $(B)/bench.txt
	test "$$(cat $(B)/bench.rc)" = 0
	sh tools/bench-doc.sh $(B)/bench.txt >doc/benchmarks.md

# libFuzzer (clang): each target runs FUZZ_SECONDS, seeded from tests/,
# or FUZZ_RUNS inputs from a fixed seed (reproducible; what CI runs).
# New corpus entries and crashes go to build/fuzz (keep a crash in
# tests/fuzz/regress/TARGET, which make check runs).
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_RUNS =
FUZZFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS = fuzz_stream fuzz_rprof fuzz_pprof fuzz_folded fuzz_gzip \
	fuzz_analysis fuzz_otlp fuzz_json fuzz_perf fuzz_cpuprofile \
	fuzz_speedscope fuzz_firefox fuzz_symbolize fuzz_jfr
FUZZ = $(B)/fuzz
# the library compiled once for all targets (instrumented; libFuzzer's
# main only in the targets), with make -j
FUZZ_CFLAGS = -std=c11 -D_GNU_SOURCE -DPROFSTREAM_VERSION='"$(VERSION)"' \
	-Ilib -I$(GEN) -I$(GEN)/proto $(DEPCFLAGS)
FUZZ_OBJ = $(LIBSRC:%.c=$(FUZZ)/obj/%.o) $(PROTO_C:$(GEN)/%.c=$(FUZZ)/obj/gen/%.o)
$(FUZZ)/obj/gen/%.o: $(GEN)/%.c $(PROTO_H)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(subst =fuzzer,=fuzzer-no-link,$(FUZZFLAGS)) \
	    $(FUZZ_CFLAGS) -c -o $@ $<
$(FUZZ)/obj/%.o: %.c $(B)/config.mk | $(PROTO_H) $(ASSET_H)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(subst =fuzzer,=fuzzer-no-link,$(FUZZFLAGS)) \
	    $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<
$(FUZZ)/%: tests/fuzz/%.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZFLAGS) $(FUZZ_CFLAGS) $(FUZZ_EXTRA) -MMD -MP -o $@ $< \
	    $(FUZZ_OBJ) $(DEPLIBS) $(FUZZ_EXTRA_LIBS) -lm -pthread
# fuzz_analysis parses tsvflame's SVG with libxml2 (libxml2-dev)
$(FUZZ)/fuzz_analysis: FUZZ_EXTRA = $$(pkg-config --cflags libxml-2.0)
$(FUZZ)/fuzz_analysis: FUZZ_EXTRA_LIBS = $$(pkg-config --libs libxml-2.0)
# fuzz_symbolize: the symbolizer, with libdw
$(FUZZ)/fuzz_symbolize: $(SYMBOLIZE_SRC:%.c=$(FUZZ)/obj/%.o)
$(FUZZ)/fuzz_symbolize: FUZZ_EXTRA = $(SYMBOLIZE_SRC:%.c=$(FUZZ)/obj/%.o) $(DWCFLAGS)
$(FUZZ)/fuzz_symbolize: FUZZ_EXTRA_LIBS = $(DWLIBS)
fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ)/%)
# a changed header rebuilds what includes it, as for the programs
-include $(shell find $(FUZZ) -name '*.d' 2>/dev/null)
fuzz: fuzz-build
	FUZZ_RUNS=$(FUZZ_RUNS) sh tools/fuzz.sh $(FUZZ_SECONDS)

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
	    $(DESTDIR)$(MANPREFIX)/man5
	install -m 755 $(PROGS:%=$(BIN)/%) $(DESTDIR)$(PREFIX)/bin/
	cd man && install -m 644 $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	install -m 644 man/profile-tsv.5 $(DESTDIR)$(MANPREFIX)/man5/

uninstall:
	cd $(DESTDIR)$(PREFIX)/bin && rm -f $(PROGS)
	cd $(DESTDIR)$(MANPREFIX)/man1 && rm -f $(MAN1)
	rm -f $(DESTDIR)$(MANPREFIX)/man5/profile-tsv.5

clean:
	rm -rf $(B) profile.tsv
	cd rpkg && sh ./cleanup

# The R package (rpkg/) links the library compiled position-independent,
# its symbols hidden: it is loaded into R's process beside others.
PIC = $(B)/pic
PICOBJ = $(LIBSRC:%.c=$(PIC)/obj/%.o) $(PROTO_C:$(GEN)/%.c=$(PIC)/obj/gen/%.o)
PICFLAGS = -fPIC -fvisibility=hidden
$(PIC)/obj/gen/%.o: $(GEN)/%.c $(PROTO_H)
	@mkdir -p $(@D)
	$(CC) -std=$(STD) -I$(GEN)/proto $(DEPCFLAGS) $(CFLAGS) $(PICFLAGS) -c -o $@ $<
$(PIC)/obj/%.o: %.c | $(PROTO_H) $(ASSET_H)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) $(PICFLAGS) -MMD -MP -c -o $@ $<
$(PIC)/libprofstream.a: $(PICOBJ)
	@rm -f $@
	@echo "ar rcs $@ (the library, position-independent)"
	@ar rcs $@ $(PICOBJ)
-include $(shell find $(PIC) -name '*.d' 2>/dev/null)
pic: $(PIC)/libprofstream.a

# The R package, installed into build/R (R_LIBS=build/R to use it), and
# R CMD check on it (make interop runs it where R is).
RLIB = $(B)/R
r-install: pic
	@mkdir -p $(RLIB)
	PROFSTREAM_ROOT=$(CURDIR) R CMD INSTALL --preclean -l $(RLIB) rpkg
r-check: pic
	@mkdir -p $(B)/rcheck
	rm -rf $(B)/rcheck/*
	cd $(B)/rcheck && PROFSTREAM_ROOT=$(CURDIR) R CMD build --no-build-vignettes $(CURDIR)/rpkg && \
	    PROFSTREAM_ROOT=$(CURDIR) _R_CHECK_FORCE_SUGGESTS_=false \
	    R CMD check --no-manual profstream_$(VERSION).tar.gz

.PHONY: all demo doc check valgrind interop bench fuzz fuzz-build wasm install uninstall clean \
	pic r-install r-check
