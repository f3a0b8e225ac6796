# rpkg: the R package (rpkg/), judged by R itself (R CMD check), by the
# profile package's own answers, by the programs it stands beside, and by
# the suite's hostile inputs. make interop installs it into build/R.

rpkg_ready() {
	need Rscript R || return 1
	R_LIBS=$top/build/R Rscript -e 'library(profstream)' >/dev/null 2>&1 ||
	    { bad "the R package is not installed in build/R (make r-install)"; return 1; }
}

# R CMD check on the package's tarball: no error, no warning (a NOTE for
# the dm package, which Debian does not have, is allowed).
t_rpkg_r_cmd_check() {
	need R || return
	(cd "$out" && PROFSTREAM_ROOT=$top R CMD build --no-build-vignettes \
	    "$top/rpkg" >build.log 2>&1) || { bad "R CMD build: $(tail -3 "$out/build.log")"; return; }
	(cd "$out" && PROFSTREAM_ROOT=$top _R_CHECK_FORCE_SUGGESTS_=false \
	    R CMD check --no-manual profstream_*.tar.gz >check.log 2>&1)
	grep -q '^Status: ' "$out/check.log" ||
	    { bad "R CMD check did not end: $(tail -5 "$out/check.log")"; return; }
	awk '/[.][.][.] (WARNING|ERROR)$/ { print; next }
	    /[.][.][.] NOTE$/ { line = $0; getline
		if ($0 !~ /not available for checking: .dm.$/) print line ": " $0 }' \
	    "$out/check.log" >"$out/said"
	[ ! -s "$out/said" ] || bad "R CMD check: $(head -4 "$out/said")"
}

# read_rprof(version = "1.0") is the profile package's read_rprof() on
# every Rprof file of the test data: its answers, recorded from r-prof/
# profile 1.0.4.9017 (tests/interop/profile-1.0, profile-v1.R), in the
# locale they were made in (that package sorts names by its collation).
t_rpkg_profile_package_v1() {
	rpkg_ready || return
	rprof_files >"$out/list"
	mkdir -p "$out/got"
	LC_ALL=C.UTF-8 R_LIBS=$top/build/R Rscript tests/interop/profile-v1.R \
	    profstream "$out/list" "$out/got" 2>"$out/err" ||
	    { bad "read_rprof(version = \"1.0\"): $(tail -2 "$out/err")"; return; }
	for f in tests/interop/profile-1.0/*; do
		cmp -s "$f" "$out/got/${f##*/}" ||
		    bad "read_rprof(version = \"1.0\") of ${f##*/} is not the profile package's"
	done
	[ "$(ls "$out/got" | wc -l)" = "$(ls tests/interop/profile-1.0 | wc -l)" ] ||
	    bad "not one answer per Rprof file"
}

# Where the profile package itself is installed (PROFILE_R_LIBS: its
# library, with RProtoBuf), it reads what write_pprof() writes, and its
# read_rprof() is read_rprof(version = "1.0") live. Not a Debian package:
# without it this says so and passes.
t_rpkg_profile_package_live() {
	rpkg_ready || return
	[ -n "${PROFILE_R_LIBS:-}" ] || { echo "rpkg/profile-package-live: PROFILE_R_LIBS unset, skipped"; return; }
	rprof_files >"$out/list"
	R_LIBS=$top/build/R:$PROFILE_R_LIBS Rscript tests/interop/rpkg-live.R \
	    "$out/list" tests/data/pprof/go-1.19/go.heap.pb.gz \
	    tests/data/pprof/google-pprof/internal/proftest/testdata/large.cpu \
	    >"$out/problems" 2>&1 || bad "R: $(tail -3 "$out/problems")"
	[ ! -s "$out/problems" ] || bad "the profile package: $(head -3 "$out/problems")"
}

# profile_top() is tsvtop's table (read by read.delim) on every Rprof and
# pprof file of the test data, and so summaryRprof's and pprof's.
t_rpkg_top_is_tsvtop() {
	rpkg_ready || return
	: >"$out/list"
	# (and the newest formats: a JFR recording, processed Firefox
	# Profiler profiles)
	for f in $(rprof_files; pprof_files) tests/data/jfr/work.jfr \
	    tests/data/firefox/processed/*.json; do
		refused "$f" && continue
		$bin/tsvtop -q "$f" >"$out/$(echo "$f" | tr / _).top" 2>/dev/null || continue
		echo "$f" >>"$out/list"
	done
	R_LIBS=$top/build/R Rscript tests/interop/rpkg-top.R "$out/list" "$out" \
	    >"$out/differ" 2>&1
	[ ! -s "$out/differ" ] || bad "profile_top() is not tsvtop on: $(head -3 "$out/differ")"
	[ "$(wc -l <"$out/list")" -gt 80 ] || bad "only $(wc -l <"$out/list") profiles"
}

# The suite's hostile inputs (the fuzzers' regression inputs, the files
# no converter takes): each an R error or a profile, never a crash, in
# one R session.
t_rpkg_hostile_inputs() {
	rpkg_ready || return
	{ find tests/fuzz/regress -type f; refused_files; } | sort >"$out/list"
	R_LIBS=$top/build/R Rscript tests/interop/rpkg-hostile.R "$out/list" \
	    >"$out/said" 2>&1
	grep -q '^done ' "$out/said" || { bad "R did not end: $(tail -3 "$out/said")"; return; }
	grep -v '^done ' "$out/said" | head -3 | while read -r l; do bad "$l"; done
	[ "$(awk '/^done/ { print $2 + $3 }' "$out/said")" = "$(wc -l <"$out/list")" ] ||
	    bad "not every input answered: $(cat "$out/said")"
}

# What R and the programs write are the same: write_rprof, write_pprof
# and write_otlp of every Rprof file's profile give tsv2rprof's,
# tsv2pprof's and tsv2otlp's bytes.
t_rpkg_writers_are_programs() {
	rpkg_ready || return
	rprof_files | pick >"$out/list"
	R_LIBS=$top/build/R Rscript tests/interop/rpkg-write.R "$out/list" "$out" \
	    2>"$out/err" || { bad "R: $(tail -3 "$out/err")"; return; }
	i=0
	while read -r f; do
		i=$((i + 1))
		$bin/rprof2tsv "$f" >"$out/s.tsv" 2>/dev/null
		$bin/tsv2rprof "$out/s.tsv" 2>/dev/null | cmp -s - "$out/$i.out" ||
		    bad "write_rprof of $f is not tsv2rprof's"
		$bin/tsv2pprof "$out/s.tsv" | cmp -s - "$out/$i.pb.gz" ||
		    bad "write_pprof of $f is not tsv2pprof's"
		$bin/tsv2otlp "$out/s.tsv" | cmp -s - "$out/$i.otlp" ||
		    bad "write_otlp of $f is not tsv2otlp's"
	done <"$out/list"
}

# The package's C is held to the suite's warnings, with gcc and clang
# (R's own flags have no -Wall).
t_rpkg_warnings() {
	need R cc || return
	inc=$(R CMD config --cppflags)
	for cc in cc clang; do
		command -v $cc >/dev/null 2>&1 || continue
		for f in rpkg/src/*.c; do
			$cc -std=gnu11 -Wall -Wextra -Wno-missing-field-initializers \
			    -Werror -fsyntax-only $inc -Ilib -Ibuild/gen \
			    -Ibuild/gen/proto $(pkg-config --cflags libpq) \
			    -DPROFSTREAM_VERSION='"0"' "$f" 2>>"$out/said" ||
			    bad "$cc: $f has warnings"
		done
	done
	[ ! -s "$out/said" ] || head -5 "$out/said"
}

# read_profile() of a named pipe (issue 55): what a writer sends later is
# read (messages name the pipe); with no writer, Ctrl-C ends the wait
# (R was blocked in open(), past any interrupt).
t_rpkg_fifo() {
	rpkg_ready || return
	mkfifo "$out/p" || { bad "mkfifo"; return; }
	printf '%s\n' 'library(profstream)' \
	    'x <- read_profile(commandArgs(TRUE)[1])' \
	    'cat(nrow(x$samples), "\n")' >"$out/read.R"
	timeout 60 sh -c "sleep 1; cat $R_MEM >'$out/p'" &
	R_LIBS=$top/build/R timeout 60 Rscript "$out/read.R" "$out/p" \
	    >"$out/got" 2>"$out/err" || bad "read_profile(fifo): $(tail -2 "$out/err")"
	wait
	echo "256 " >"$out/want"
	same_lines want got "the samples read from the pipe"
	# no writer: SIGINT (Ctrl-C) after 2 s ends R within seconds
	start=$(date +%s)
	R_LIBS=$top/build/R timeout -s INT 2 Rscript "$out/read.R" "$out/p" \
	    >/dev/null 2>&1
	rc=$?
	[ $(( $(date +%s) - start )) -le 6 ] || bad "SIGINT did not end the wait ($rc)"
	[ $rc != 0 ] || bad "read_profile of a pipe with no writer: exit 0"
	# the pipe named in a message
	timeout 60 sh -c "printf 'not a profile\\n' >'$out/p'" &
	R_LIBS=$top/build/R timeout 60 Rscript "$out/read.R" "$out/p" \
	    >/dev/null 2>"$out/err"
	wait
	grep -q "$out/p" "$out/err" || bad "the pipe not named: $(head -2 "$out/err")"
}
