# The validator's rules, combining, the views; bad input an R error with
# the reader's words, never a crash. CHECK=name runs one check.
library(profstream)
rprof_file <- system.file("extdata", "memory-gc-line.out", package = "profstream")
pprof_file <- system.file("extdata", "go.cpu.pb.gz", package = "profstream")

error_of <- function(expr) tryCatch({ expr; "" }, error = conditionMessage)

checks <- list(
  "validate/valid" = function() {
    x <- read_pprof(pprof_file)
    stopifnot(identical(validate_profile(x), x))
    validate_profile(suppressWarnings(read_rprof(rprof_file, version = "1.0")))
  },
  "validate/table-and-row" = function() {
    x <- read_rprof(rprof_file)
    x$samples$source_id[2] <- 7L
    x$functions$name[3] <- NA
    e <- error_of(validate_profile(x))
    stopifnot(grepl("2 problems", e),
              grepl("samples, row 2: samples.source_id: source 7 is not defined", e, fixed = TRUE),
              grepl("functions, row 3: functions.name: NA is not allowed here", e, fixed = TRUE))
  },
  "validate/file-and-line" = function() {
    f <- tempfile(); on.exit(unlink(f))
    writeLines(c("#meta\tkey\tvalue", "meta\tversion\t2.0",
                 "#sources\tsource_id"), f)
    e <- error_of(validate_profile(f))
    stopifnot(grepl(paste0(f, ":3: sources.source_type: column missing"), e,
                    fixed = TRUE))
  },
  "validate/stream-read" = function() {
    f <- tempfile(); on.exit(unlink(f))
    writeLines(c("#meta\tkey\tvalue", "meta\tversion\t2.0",
      "#sources\tsource_id\tsource_type\tsource_uri\tsource_timestamp",
      "#samples\tsample_id\tsource_id", "samples\t1\t3"), f)
    e <- error_of(read_profile_stream(f))
    stopifnot(grepl("not a valid profile stream", e),
              grepl(paste0(f, ":5: samples.source_id: source 3 is not defined"),
                    e, fixed = TRUE))
  },
  "validate/v1-rules" = function() {
    v1 <- suppressWarnings(read_rprof(rprof_file, version = "1.0"))
    v1$samples$value[1] <- 0L
    stopifnot(grepl("samples, row 1", error_of(validate_profile(v1))))
  },
  "combine/provenance" = function() {
    x <- read_rprof(rprof_file)
    p <- read_pprof(pprof_file)
    both <- combine_profiles(x, p, rprof_file)
    stopifnot(nrow(both$sources) == 3,
              nrow(both$samples) == 2 * nrow(x$samples) + nrow(p$samples),
              identical(both$sources$source_type, c("rprof", "pprof", "rprof")),
              nrow(both$functions) == nrow(x$functions) + nrow(p$functions))
    validate_profile(both)
  },
  "top/summaryRprof" = function() {
    # R's own figures, by R's defaults
    s <- summaryRprof(rprof_file)$by.self
    names <- gsub('"', "", rownames(s))
    t <- profile_top(rprof_file)
    t <- t[t$self > 0, ]
    stopifnot(setequal(t[[1]], names))
    m <- match(names, t[[1]])
    stopifnot(isTRUE(all.equal(t$self[m], s$self.time)))
  },
  "top/unit" = function() {
    # the figures' unit kept and printed, as tsvtop's header says it
    t <- profile_top(rprof_file)
    stopifnot(identical(attr(t, "unit"), "s"))
    p <- capture.output(print(t))
    stopifnot(any(grepl("values in s", p, fixed = TRUE)),
              identical(attr(profile_top(rprof_file, unit = "raw"), "unit"),
                        "count"),
              identical(attr(profile_top(pprof_file), "unit"), "s"))
  },
  "top/lines-memory" = function() {
    t <- profile_top(read_rprof(rprof_file), lines = TRUE, memory = TRUE)
    stopifnot(identical(names(t)[1:3], c("function", "file", "line")),
              "mem_total" %in% names(t))
  },
  "report/page" = function() {
    f <- profile_report(pprof_file, tempfile(fileext = ".html"),
                        open = FALSE)
    on.exit(unlink(f))
    page <- readLines(f, warn = FALSE)
    stopifnot(grepl("<!DOCTYPE html>", page[1], ignore.case = TRUE),
              any(grepl("<title>go.cpu.pb.gz", page, fixed = TRUE)))
  },
  "hostile/r-errors" = function() {
    f <- tempfile(); on.exit(unlink(f))
    bad <- list(
      as.raw(c(0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 1, 2)),  # cut gzip
      as.raw(c(0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3)),              # cut zstd
      charToRaw("#meta\tkey\tvalue\nmeta\tversion\t3.0\n"),    # version
      charToRaw("sample.interval=20000\n\"a\" \"b\n"),         # cut frame
      charToRaw("#meta\tkey\tvalue\nmeta\tversion\t2.0\n#samples\tsample_id\tsource_id\nsamples\t1\n"),
      as.raw(c(0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f)),           # protobuf
      charToRaw("{\"nodes\": [{\"id\": 1, \"callFrame\": {}}], \"samples\": [9e99]}"),
      as.raw(0:255))
    for (b in bad) {
      writeBin(b, f)
      r <- tryCatch(suppressWarnings(read_profile(f)),
                    error = function(e) conditionMessage(e))
      stopifnot(is.character(r) || inherits(r, "profile_data"))
      if (is.character(r))
        stopifnot(nzchar(r))
    }
    stopifnot(grepl("no such file", error_of(read_profile(tempfile()))))
  },
  "hostile/not-a-profile" = function() {
    e <- error_of(write_pprof(list(a = 1), tempfile()))
    stopifnot(grepl("not a profile", e))
    e <- error_of(validate_profile(list(meta = data.frame(key = "version",
      value = "2.0"), functions = data.frame(x = I(list(1, 2))))))
    stopifnot(grepl("functions, column x: a list", e, fixed = TRUE))
  }
)

profstream:::run_checks(checks)
