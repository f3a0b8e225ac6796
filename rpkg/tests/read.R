# Reading: the tables hold what the files hold, by R's own reading of
# them and by go tool pprof's figures. CHECK=name runs one check.
library(profstream)
rprof_file <- system.file("extdata", "memory-gc-line.out", package = "profstream")
pprof_file <- system.file("extdata", "go.cpu.pb.gz", package = "profstream")
trace_file <- system.file("extdata", "chrome.trace.json.gz", package = "profstream")
gecko_file <- system.file("extdata", "firefox.gecko.json.gz", package = "profstream")

checks <- list(
  "read/rprof-samples" = function() {
    lines <- readLines(rprof_file)
    x <- read_rprof(rprof_file)
    n <- sum(!grepl("^#File ", lines[-1]))   # a sample per line
    stopifnot(nrow(x$samples) == n, nrow(x$sources) == 1,
              x$sources$source_type == "rprof",
              sum(x$sample_values$type == "samples") == n)
  },
  "read/rprof-names" = function() {
    # every quoted name of the file, as R wrote it, is a function
    lines <- readLines(rprof_file)[-1]
    names <- unique(unlist(regmatches(lines, gregexpr('"[^"]*"', lines))))
    x <- read_rprof(rprof_file)
    stopifnot(setequal(gsub('"', "", names), x$functions$name))
  },
  "read/rprof-memory-long-form" = function() {
    x <- read_rprof(rprof_file)
    stopifnot(identical(sort(unique(x$sample_values$type)),
      sort(c("samples", "vsize.small", "vsize.large", "nodes",
             "duplications"))))
  },
  "read/column-types" = function() {
    x <- read_pprof(pprof_file)
    stopifnot(is.integer(x$samples$sample_id), is.double(x$sample_values$value),
              is.character(x$functions$name), is.logical(x$locations$.inlined),
              is.character(x$locations$.address),
              is.integer(x$sample_locations$depth))
  },
  "read/pprof-as-go-tool-pprof" = function() {
    # go tool pprof -raw: 374 samples/count, 3.74e9 ns in all
    x <- read_pprof(pprof_file)
    v <- x$sample_values
    stopifnot(sum(v$value[v$type == "samples"]) == 374,
              sum(v$value[v$type == "cpu"]) == 3.74e9,
              all(c(".sample_labels", ".mappings") %in% names(x)))
  },
  "read/profile-sniffs" = function() {
    stopifnot(identical(read_profile(rprof_file)$functions,
                        read_rprof(rprof_file)$functions),
              identical(read_profile(pprof_file)$locations,
                        read_pprof(pprof_file)$locations))
  },
  "read/chrome-trace-and-firefox" = function() {
    # as node counts them from the JSON (make check's cpuprofile/trace-hits
    # and firefox/counts): the trace's two profiles, the first (DevTools'
    # Profiler.start) of 903 samples; Firefox's one thread of 30, its
    # pid and tid kept
    x <- read_profile(trace_file)
    stopifnot(nrow(x$sources) == 2,
              sum(x$samples$source_id == 1) == 903,
              "trace.profile_source" %in% x$.source_attributes$key)
    y <- read_profile(gecko_file)
    a <- y$.source_attributes
    stopifnot(nrow(y$sources) == 1, nrow(y$samples) == 30,
              y$sources$source_type == "firefox",
              a$value[a$key == "firefox.tid"] == "31333")
  },
  "read/other-format-refused" = function() {
    e <- tryCatch(read_rprof(pprof_file), error = conditionMessage)
    stopifnot(grepl("a pprof profile, not an Rprof file: use read_pprof()",
                    e, fixed = TRUE))
  },
  "read/v1-shape" = function() {
    v1 <- suppressWarnings(read_rprof(rprof_file, version = "1.0"))
    stopifnot(inherits(v1, "profile_data"),
              identical(names(v1)[1:5], c("meta", "sample_types", "samples",
                                          "locations", "functions")),
              v1$meta$value == "1.0", is.list(v1$samples$locations),
              is.integer(v1$samples$locations[[1]]$location_id))
  },
  "read/v1-v2-same-samples" = function() {
    # the counts only, and the stacks, as 1.0 holds them
    v1 <- read_pprof(pprof_file, version = "1.0")
    stopifnot(sum(v1$samples$value) == 374,
              nrow(profile_v2_from_v1(v1)$samples) == 374)
    e <- tryCatch(profile_v1_from_v2(read_pprof(pprof_file)),
                  error = conditionMessage)
    stopifnot(grepl("format 1.0 cannot hold this profile", e))
  },
  "read/tibbles" = function() {
    x <- read_rprof(rprof_file)
    if (requireNamespace("tibble", quietly = TRUE))
      stopifnot(tibble::is_tibble(x$functions))
    else
      stopifnot(is.data.frame(x$functions))
  }
)

profstream:::run_checks(checks)
