# Format 1.0, the profile package's: meta, sample_types, samples (value,
# and locations as a list of tables of location_id, innermost first),
# locations, functions.

as_tbl <- function(x) {
  if (requireNamespace("tibble", quietly = TRUE))
    tibble::as_tibble(x)
  else
    as.data.frame(x, stringsAsFactors = FALSE)
}

# A table of one integer column location_id per stack, made cheaply: the
# same attributes tibble gives it.
location_tables <- function(ids) {
  cls <- if (requireNamespace("tibble", quietly = TRUE))
    c("tbl_df", "tbl", "data.frame") else "data.frame"
  lapply(ids, function(v) structure(list(location_id = v),
    row.names = c(NA_integer_, -length(v)), class = cls))
}

# The 1.0 tables the C library read (samples' locations as text) in the
# profile package's shape.
v1_tables <- function(x) {
  s <- x$samples
  ids <- lapply(strsplit(s$locations, ",", fixed = TRUE), as.integer)
  ids[is.na(s$locations) | s$locations == ""] <- list(integer(0))
  samples <- as_tbl(list(value = as.integer(s$value)))
  samples$locations <- location_tables(ids)
  list(meta = as_tbl(x$meta), sample_types = as_tbl(x$sample_types),
       samples = samples, locations = as_tbl(x$locations),
       functions = as_tbl(x$functions))
}

profile_v1_from_v2 <- function(x) {
  f <- input_file(x)
  on.exit(f$done())
  tmp <- tempfile(c("profstream", "profstream"), fileext = ".tsv")
  on.exit(unlink(tmp), add = TRUE)
  .Call(C_ps_convert, f$path, tmp[1], "v1", list(tmp = tmp[2]))
  new_profile(v1_tables(.Call(C_ps_read, tmp[1], tmp[2], tempfile(), TRUE)))
}

profile_v2_from_v1 <- function(x) {
  f <- input_file(x)
  on.exit(f$done())
  tmp <- tempfile(c("profstream", "profstream"), fileext = ".tsv")
  on.exit(unlink(tmp), add = TRUE)
  new_profile(.Call(C_ps_read, f$path, tmp[1], tmp[2], FALSE))
}

# read_rprof(version = "1.0"): the profile package's read_rprof(), the
# same tables with the same ids. Its numbering, as that package's
# version 1.0.4 gives it: functions by name (the locale's order), file and line, each
# (name, file) once with its least line as start_line, named with "."
# as "_" and <GC> as gc; locations as base R's merge() of the frames
# with the functions orders them, each (function, line) once; a sample
# per line that keeps a frame. Its text rules too: the frames of a line
# are the pieces ending '" ', a piece that is not [file#line ]"name is
# dropped (a memory prefix takes the innermost frame with it), as is a
# line's last piece.
read_rprof_v1 <- function(path) {
  if (!file.exists(path))
    stop(sprintf("%s: no such file", path), call. = FALSE)
  lines <- readLines(path)
  is_file <- grepl("^#File ", lines)
  is_file[1] <- FALSE
  traces <- lines[-1][!is_file[-1]]
  files <- lines[is_file]
  pieces <- strsplit(paste0(traces, '" '), '" ', fixed = TRUE)
  n <- lengths(pieces)
  loc <- unlist(pieces, use.names = FALSE)
  sample_id <- rep(seq_along(pieces), n)
  seq_in <- sequence(n)
  last <- seq_in == rep(n, n)
  rx <- '^(?:|([0-9]+)#([0-9]+) )"([^"]*)$'
  ok <- grepl(rx, loc, perl = TRUE)
  num <- function(s) { s[s == ""] <- "0"; as.integer(s) }
  file_id <- line <- rep(NA_integer_, length(loc))
  system_name <- rep(NA_character_, length(loc))
  file_id[ok] <- num(sub(rx, "\\1", loc[ok], perl = TRUE))
  line[ok] <- num(sub(rx, "\\2", loc[ok], perl = TRUE))
  system_name[ok] <- sub(rx, "\\3", loc[ok], perl = TRUE)
  bad <- !ok | is.na(line) | system_name == ""
  if (any(bad & !last))
    warning("Removing unexpected incomplete sampling information.",
            call. = FALSE)
  else if (any(loc[last] != ""))
    warning("Incomplete sampling information, increase bufsize in ",
            "`Rprof()` or `start_profiler()` call", call. = FALSE)
  keep <- !last & !bad
  fr <- data.frame(sample_id = sample_id[keep], seq = seq_in[keep],
                   system_name = system_name[keep], file_id = file_id[keep],
                   line = line[keep], stringsAsFactors = FALSE)

  # R's order(): names by the locale's collation, as vctrs 0.5 sorts them
  o <- order(fr$system_name, fr$file_id, fr$line)
  fn <- fr[o, c("system_name", "file_id", "line")]
  fn <- fn[!duplicated(fn[c("system_name", "file_id")]), ]
  file_names <- sub("^#File [0-9]+: ", "", files)
  fname <- file_names[ifelse(fn$file_id == 0L, NA_integer_, fn$file_id)]
  fname[is.na(fname)] <- ""
  functions <- as_tbl(list(
    function_id = seq_len(nrow(fn)),
    name = gsub("<GC>", "gc", gsub(".", "_", fn$system_name, fixed = TRUE),
                fixed = TRUE),
    system_name = fn$system_name, filename = fname,
    start_line = fn$line, .file_id = fn$file_id))

  m <- merge(fr[c("system_name", "file_id", "line")],
             data.frame(system_name = fn$system_name, file_id = fn$file_id,
                        function_id = functions$function_id,
                        stringsAsFactors = FALSE), by = 1:2)
  m <- unique(m[c("function_id", "line")])
  locations <- as_tbl(list(location_id = seq_len(nrow(m)),
                           function_id = m$function_id, line = m$line))

  fid <- functions$function_id[match(paste(fr$system_name, fr$file_id),
                                     paste(fn$system_name, fn$file_id))]
  lid <- locations$location_id[match(paste(fid, fr$line),
                                     paste(m$function_id, m$line))]
  o <- order(fr$sample_id, fr$seq, method = "radix")
  by_sample <- split(lid[o], fr$sample_id[o])
  samples <- as_tbl(list(value = rep(1L, length(by_sample))))
  samples$locations <- location_tables(by_sample)
  new_profile_v1(list(
    meta = as_tbl(list(key = "version", value = "1.0")),
    sample_types = as_tbl(list(type = "samples", unit = "count")),
    samples = samples, locations = locations, functions = functions,
    .rprof = list(header = lines[1], files = files, traces = traces)))
}

new_profile_v1 <- function(x) {
  structure(x, class = "profile_data")
}
