# The profile stream filters. Plain make; see README.md.
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
CC = cc
CFLAGS = -O2 -g
LDFLAGS =
WFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-Wall -Wextra -Werror -Wno-missing-field-initializers
PROTOC_C = protoc-c

PROGS = rprof2tsv pprof2tsv tsvvalidate tsvcombine tsv2pprof tsv2rprof
LIBOBJ = lib/perr.o lib/array.o lib/input.o lib/output.o lib/hash.o lib/schema.o \
	lib/stream.o lib/validate.o lib/rprof.o lib/rprof_write.o \
	lib/samples.o lib/pprof_read.o lib/pprof_write.o lib/combine.o lib/v1.o \
	proto/profile.pb-c.o
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
	    "$$(pkg-config --cflags zlib libprotobuf-c)" \
	    "$$(pkg-config --libs zlib libprotobuf-c)" > $@

ALLCFLAGS = $(WFLAGS) -Ilib -Iproto $(DEPCFLAGS) $(CFLAGS)

proto/profile.pb-c.c proto/profile.pb-c.h: proto/profile.proto
	$(PROTOC_C) --proto_path=proto --c_out=proto proto/profile.proto

# generated code is compiled without -Werror: it is not ours to fix
proto/profile.pb-c.o: proto/profile.pb-c.c proto/profile.pb-c.h
	$(CC) -std=c11 -Iproto $(DEPCFLAGS) $(CFLAGS) -c -o $@ proto/profile.pb-c.c

lib/pprof_read.o lib/pprof_write.o: proto/profile.pb-c.h

.c.o:
	$(CC) $(ALLCFLAGS) -MMD -MP -c -o $@ $<

lib/libprofstream.a: $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(PROGS): lib/libprofstream.a
$(PROGS): %: filters/%.o filters/cli.o
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ filters/$@.o filters/cli.o \
	    lib/libprofstream.a $(DEPLIBS) -lm

-include lib/*.d filters/*.d tests/unit/*.d

# Tests: Check unit tests, then the golden and corpus tests in tests/.
check: all tests/unit/run_unit
	./tests/unit/run_unit
	sh tests/run.sh

tests/unit/run_unit: tests/unit/run_unit.c lib/libprofstream.a
	sh tools/deps.sh test
	$(CC) $(ALLCFLAGS) $$(pkg-config --cflags check) -o $@ \
	    tests/unit/run_unit.c lib/libprofstream.a $(DEPLIBS) \
	    $$(pkg-config --libs check)

# The main job on a bundled example (see README.md).
demo: all
	sh tools/demo.sh

# Interoperability with R and google/pprof (installs them when missing).
interop: all
	sh tests/interop.sh

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
FUZZ_TARGETS = fuzz_stream fuzz_rprof fuzz_pprof
FUZZ_SRC = lib/perr.c lib/array.c lib/input.c lib/output.c lib/hash.c lib/schema.c \
	lib/stream.c lib/validate.c lib/rprof.c lib/rprof_write.c \
	lib/samples.c lib/pprof_read.c lib/pprof_write.c lib/combine.c lib/v1.c \
	proto/profile.pb-c.c
fuzz-build: proto/profile.pb-c.h config.mk
	mkdir -p tests/fuzz-out
	for t in $(FUZZ_TARGETS); do \
	    $(FUZZ_CC) $(FUZZFLAGS) -std=c11 -D_GNU_SOURCE -Ilib -Iproto \
	    $(DEPCFLAGS) -o tests/fuzz-out/$$t tests/fuzz/$$t.c $(FUZZ_SRC) \
	    $(DEPLIBS) -lm || exit 1; done
fuzz: fuzz-build
	FUZZ_RUNS=$(FUZZ_RUNS) sh tools/fuzz.sh $(FUZZ_SECONDS)

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
	    $(DESTDIR)$(MANPREFIX)/man5
	cp -f $(PROGS) $(DESTDIR)$(PREFIX)/bin/
	cd man && cp -f $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	cp -f man/profile-tsv.5 $(DESTDIR)$(MANPREFIX)/man5/

uninstall:
	cd $(DESTDIR)$(PREFIX)/bin && rm -f $(PROGS)
	cd $(DESTDIR)$(MANPREFIX)/man1 && rm -f $(MAN1)
	rm -f $(DESTDIR)$(MANPREFIX)/man5/profile-tsv.5

clean:
	rm -f $(PROGS) lib/*.o lib/*.d lib/*.a filters/*.o filters/*.d \
	    proto/*.pb-c.* tests/unit/run_unit config.mk
	rm -rf tests/out tests/fuzz-out profile.tsv

.PHONY: all demo check interop bench fuzz fuzz-build install uninstall clean
