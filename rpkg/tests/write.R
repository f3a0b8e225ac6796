# Writing: R's summaryRprof reads what write_rprof writes as it reads the
# original; what is read back is what was written. CHECK=name runs one.
library(profstream)
rprof_file <- system.file("extdata", "memory-gc-line.out", package = "profstream")
pprof_file <- system.file("extdata", "go.cpu.pb.gz", package = "profstream")

checks <- list(
  "write/stream-same-bytes" = function() {
    a <- tempfile(); b <- tempfile()
    on.exit(unlink(c(a, b)))
    write_profile_stream(read_rprof(rprof_file), a)
    write_profile_stream(read_profile_stream(a), b)
    stopifnot(identical(readBin(a, "raw", 1e7), readBin(b, "raw", 1e7)))
  },
  "write/stream-made-in-r" = function() {
    x <- read_pprof(pprof_file)
    y <- x
    attr(y, "row_order") <- NULL        # each table whole
    y$functions <- y$functions[rev(seq_len(nrow(y$functions))), ]
    f <- tempfile(); on.exit(unlink(f))
    write_profile_stream(y, f)
    z <- read_profile_stream(f)
    stopifnot(identical(z$functions$name, rev(x$functions$name)))
    validate_profile(f)
  },
  "write/rprof-summaryRprof" = function() {
    f <- tempfile(); on.exit(unlink(f))
    write_rprof(read_rprof(rprof_file), f)
    a <- summaryRprof(rprof_file, memory = "both")
    b <- summaryRprof(f, memory = "both")
    stopifnot(isTRUE(all.equal(a$by.self, b$by.self)),
              isTRUE(all.equal(a$by.total, b$by.total)))
  },
  "write/pprof-read-back" = function() {
    f <- tempfile(fileext = ".pb.gz"); on.exit(unlink(f))
    x <- read_pprof(pprof_file)
    write_pprof(x, f)
    stopifnot(identical(readBin(f, "raw", 2), as.raw(c(0x1f, 0x8b))))
    y <- read_pprof(f)
    v <- function(p) tapply(p$sample_values$value, p$sample_values$type, sum)
    stopifnot(identical(v(x), v(y)))
  },
  "write/otlp-read-back" = function() {
    f <- tempfile(); on.exit(unlink(f))
    for (json in c(FALSE, TRUE)) {
      write_otlp(read_pprof(pprof_file), f, json = json)
      y <- read_otlp(f)
      stopifnot(sum(y$sample_values$value[y$sample_values$type ==
                                          "samples"]) == 374)
    }
  },
  "write/speedscope" = function() {
    f <- tempfile(); on.exit(unlink(f))
    write_speedscope(rprof_file, f)
    stopifnot(grepl("speedscope", readLines(f, warn = FALSE)[1]))
  },
  "write/v1-profile-package-shape" = function() {
    f <- tempfile(); on.exit(unlink(f))
    # the profile package's 1.0 read drops a memory line's innermost
    # frame: the line profile's samples, then, not its functions
    v1 <- suppressWarnings(read_rprof(rprof_file, version = "1.0"))
    write_rprof(v1, f)
    w <- read_rprof(f, version = "1.0")
    stopifnot(identical(unname(w$samples$locations),
                        unname(v1$samples$locations)),
              identical(w$functions$system_name, v1$functions$system_name))
  },
  "write/stream-validated" = function() {
    # a profile the readers would refuse is not written (issue 55)
    f <- tempfile(); on.exit(unlink(f))
    x <- read_rprof(rprof_file)
    x$sample_values$sample_id[1] <- 999999L   # no such sample
    r <- tryCatch(write_profile_stream(x, f),
                  error = function(e) conditionMessage(e))
    stopifnot(is.character(r), grepl("^not written: not a valid profile", r),
              grepl("999999", r), !file.exists(f),
              length(list.files(dirname(f), "^profstream.*[.]tsv$")) == 0)
    write_profile_stream(read_rprof(rprof_file), f)
    validate_profile(f)
  },
  "write/no-partial-file" = function() {
    f <- tempfile(); on.exit(unlink(f))
    x <- read_rprof(rprof_file)
    x$samples$source_id[1] <- 9L          # no such source
    r <- tryCatch(write_pprof(x, f), error = function(e) "error")
    stopifnot(identical(r, "error"), !file.exists(f))
  }
)

profstream:::run_checks(checks)
