# Writers: the tables as the stream's text (in the order they were read,
# when they still count every row, so a stream read and written is the
# same bytes), and through it, every format the suite writes.

# Headers and runs of rows: the order read, if it still counts every row
# of every table; else each table whole, defining tables first.
stream_plan <- function(x, ord) {
  rows <- vapply(x, nrow, 0L)
  if (!is.null(ord)) {
    got <- tapply(ord$rows, ord$table, sum)
    want <- c(rows, stats::setNames(rep(1L, length(x)), paste0("#", names(x))))
    want <- want[want > 0]
    if (!setequal(names(got), names(want)) || any(got[names(want)] != want))
      ord <- NULL
  }
  if (is.null(ord)) {
    known <- intersect(profile_table_order, names(x))
    n <- c(known, setdiff(names(x), known))
    ord <- data.frame(table = as.vector(rbind(paste0("#", n), n)),
                      rows = as.vector(rbind(1L, rows[n])),
                      stringsAsFactors = FALSE)
  }
  ord
}

# 1.0's samples hold their locations as a list column: the stream's text.
v1_for_stream <- function(x) {
  s <- x$samples
  if (is.list(s$locations)) {
    s$locations <- vapply(s$locations, function(l)
      paste(if (is.data.frame(l)) l$location_id else unlist(l),
            collapse = ","), "")
  }
  x$samples <- as.data.frame(s[c("value", "locations")],
                             stringsAsFactors = FALSE)
  x[] <- lapply(x, function(d) d[!startsWith(names(d), ".")])
  x[!startsWith(names(x), ".")]
}

# x written as the stream's text at path; the plan it was written by.
stream_of <- function(x, path) {
  x <- check_profile(x)
  ord <- attr(x, "row_order")
  if (identical(profile_version(x), "1.0")) {
    x <- v1_for_stream(x)
    ord <- NULL
  }
  plan <- stream_plan(x, ord)
  .Call(C_ps_write_stream, unclass(x), plan$table, as.integer(plan$rows),
        path.expand(path))
  invisible(plan)
}

# x (a profile, or a file name) as a file of the stream, and a function
# that removes it when it was made here.
input_file <- function(x) {
  if (is.character(x) && length(x) == 1) {
    if (!file.exists(x))
      stop(sprintf("%s: no such file", x), call. = FALSE)
    return(list(path = x, done = function() NULL))
  }
  tmp <- tempfile("profstream", fileext = ".tsv")
  ok <- FALSE
  on.exit(if (!ok) unlink(tmp))
  stream_of(x, tmp)
  ok <- TRUE
  list(path = tmp, done = function() unlink(tmp))
}

# The stream of x, validated before it is the file at path: a profile
# the readers would refuse is an error (the validator's words, its
# tables' rows named) and leaves no file.
write_profile_stream <- function(x, path, ..., max = 20L) {
  if (!is.character(path) || length(path) != 1 || is.na(path))
    stop("path: one file name", call. = FALSE)
  path <- path.expand(path)
  tmp <- c(tempfile("profstream", tmpdir = dirname(path), fileext = ".tsv"),
           tempfile("profstream", fileext = ".tsv"))
  on.exit(unlink(tmp))
  plan <- stream_of(x, tmp[1])
  p <- locate(.Call(C_ps_validate, tmp[1], tmp[2], as.integer(max)),
              tmp[1], plan)
  if (length(p))
    stop(paste(c(sprintf("not written: not a valid profile (%d problem%s):",
                         length(p), if (length(p) == 1) "" else "s"), p),
               collapse = "\n  "), call. = FALSE)
  if (!file.rename(tmp[1], path))
    stop(sprintf("%s: cannot be written", path), call. = FALSE)
  invisible(x)
}

write_via <- function(x, path, format, opts) {
  if (!is.character(path) || length(path) != 1 || is.na(path))
    stop("path: one file name", call. = FALSE)
  f <- input_file(x)
  on.exit(f$done())
  .Call(C_ps_convert, f$path, path.expand(path), format, opts)
  invisible(x)
}

write_rprof <- function(x, path, ..., interval = 20000L, type = NULL) {
  # 1.0's names are the profile package's display names ("." as "_"):
  # R wrote the system names, as that package writes them back
  if (is.list(x) && identical(profile_version(x), "1.0") &&
      is.data.frame(x$functions))
    x$functions$name <- x$functions$system_name
  write_via(x, path, "rprof", list(interval = as.integer(interval),
                                   type = type))
}

write_pprof <- function(x, path, ..., compress = TRUE) {
  write_via(x, path, "pprof", list(raw = !compress))
}

write_otlp <- function(x, path, ..., json = FALSE, compress = FALSE) {
  write_via(x, path, "otlp", list(json = json, gzip = compress))
}

write_speedscope <- function(x, path, ..., type = NULL, name = NULL) {
  write_via(x, path, "speedscope", list(type = type, name = name))
}
