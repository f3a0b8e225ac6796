# Readers: any format the suite reads, through the C library's door (the
# converters' own code), as the 2.0 tables, or the 1.0 ones.

kind_reader <- c(rprof = "read_rprof", pprof = "read_pprof",
  otlp = "read_otlp", folded = "read_folded", stream = "read_profile_stream")

kind_name <- c(rprof = "an Rprof file", pprof = "a pprof profile",
  otlp = "an OpenTelemetry profile", folded = "collapsed stacks",
  stream = "a profile stream")

# A connection (a pipe, say) read into a temporary file, which the
# library reads as it reads any file.
from_connection <- function(con) {
  tmp <- tempfile("profstream")
  out <- file(tmp, "wb")
  on.exit(close(out))
  if (!isOpen(con)) {
    open(con, "rb")
    on.exit(close(con), add = TRUE)
  }
  repeat {
    b <- readBin(con, raw(), 1048576L)
    if (!length(b))
      break
    writeBin(b, out)
  }
  tmp
}

# The FIFO at path copied to a temporary file, its name; NULL when path
# is no FIFO. Interruptible: each call waits 0.2 s at most.
from_fifo <- function(path) {
  fd <- .Call(C_ps_fifo_open, path.expand(path))
  if (fd < 0)
    return(NULL)
  on.exit(.Call(C_ps_fifo_close, fd))
  tmp <- tempfile("profstream")
  ok <- FALSE
  on.exit(if (!ok) unlink(tmp), add = TRUE)
  file.create(tmp)
  while (!.Call(C_ps_fifo_pump, fd, tmp))
    NULL
  ok <- TRUE
  tmp
}

read_as <- function(path, want, version) {
  check_version(version)
  if (inherits(path, "connection")) {
    # messages name the connection, not the file it was copied to
    what <- summary(path)$description
    path <- from_connection(path)
    on.exit(unlink(path), add = TRUE)
    return(withCallingHandlers(read_as(path, want, version),
      error = function(e) stop(gsub(path, what, conditionMessage(e),
                                    fixed = TRUE), call. = FALSE),
      warning = function(w) {
        warning(gsub(path, what, conditionMessage(w), fixed = TRUE),
                call. = FALSE)
        invokeRestart("muffleWarning")
      }))
  }
  if (!is.character(path) || length(path) != 1 || is.na(path))
    stop("path: one file name", call. = FALSE)
  if (!file.exists(path))
    stop(sprintf("%s: no such file", path), call. = FALSE)
  # a named pipe: copied to a file as it comes, Ctrl-C ending the wait
  # for its writer; messages name the pipe
  if (!is.null(tmp <- from_fifo(path))) {
    on.exit(unlink(tmp), add = TRUE)
    return(withCallingHandlers(read_as(tmp, want, version),
      error = function(e) stop(gsub(tmp, path, conditionMessage(e),
                                    fixed = TRUE), call. = FALSE),
      warning = function(w) {
        warning(gsub(tmp, path, conditionMessage(w), fixed = TRUE),
                call. = FALSE)
        invokeRestart("muffleWarning")
      }))
  }
  kind <- .Call(C_ps_sniff, path)
  if (!is.null(want) && !kind[1] %in% c(want, "empty")) {
    what <- if (kind[1] %in% names(kind_name)) kind_name[[kind[1]]]
            else if (!is.na(kind[2])) sub(" [(].*", "", kind[2])
            else "of no kind known"
    use <- if (kind[1] %in% names(kind_reader))
             paste0(kind_reader[[kind[1]]], "() or ") else ""
    stop(sprintf("%s: %s, not %s: use %sread_profile()", path, what,
                 kind_name[[want[1]]], use), call. = FALSE)
  }
  tmp <- tempfile(c("profstream", "profstream"), fileext = ".tsv")
  on.exit(unlink(tmp), add = TRUE)
  # a stream made elsewhere is judged first, as the profile package's
  # readers validate; a converter's is valid as it is made
  if (kind[1] == "stream") {
    p <- .Call(C_ps_validate, path, tmp[1], 20L)
    if (length(p))
      stop(paste(c(sprintf("%s: not a valid profile stream (%d problem%s):",
                           path, length(p), if (length(p) == 1) "" else "s"),
                   p), collapse = "\n  "), call. = FALSE)
  }
  x <- .Call(C_ps_read, path, tmp[1], tmp[2], FALSE)
  if (version == "1.0")
    return(profile_v1_from_v2(v1_holds(x)))
  new_profile(x)
}

read_profile <- function(path, ..., version = "2.0") {
  read_as(path, NULL, version)
}

read_rprof <- function(path, ..., version = "2.0") {
  if (identical(version, "1.0"))
    return(read_rprof_v1(path))
  read_as(path, "rprof", version)
}

read_pprof <- function(path, ..., version = "2.0") {
  read_as(path, "pprof", version)
}

read_otlp <- function(path, ..., version = "2.0") {
  read_as(path, "otlp", version)
}

read_folded <- function(path, ..., version = "2.0") {
  read_as(path, "folded", version)
}

read_profile_stream <- function(path, ..., version = "2.0") {
  read_as(path, "stream", version)
}

# What format 1.0 holds of x, as the profile package's readers keep it:
# the samples' counts (1.0's one value type), the stacks; not labels,
# times, mappings, addresses.
v1_holds <- function(x) {
  v <- x$sample_values
  if (any(v$type == "samples" & v$unit == "count"))
    x$sample_values <- v[v$type == "samples" & v$unit == "count", ]
  x$locations <- x$locations[c("location_id", "function_id", "line")]
  keep <- !startsWith(names(x), ".") | names(x) == ".source_attributes"
  structure(x[keep], row_order = NULL)
}
