# profstream.R: the profile stream (profile-tsv(5), format 2.0) in R, as
# the R package profile's 2.0 design holds it: a named list of data
# frames, one per table (meta, sources, samples, sample_values,
# sample_locations, locations, functions, and the extensions present).
#
#   source("R/profstream.R")     # from a clone; or copy the file anywhere
#   p <- read_profile_stream("run.tsv")                   # file, .gz too
#   p <- read_profile_stream(pipe("rprof2tsv Rprof.out")) # any filter
#   write_profile_stream(p, "back.tsv")
#
# Base R only. Column types: int -> integer, dbl -> double (Inf kept),
# lgl -> logical, chr -> character (escapes decoded, NA missing, any
# bytes kept as they are); i64 and hex columns stay character, since a
# double holds 64-bit integers (nanosecond times, addresses) only to
# 2^53. A 1.0 stream is refused: any filter of the suite converts it
# (read_profile_stream(pipe("tsvcombine old.tsv"))).
#
# The order the rows came in is kept as the attribute "row_order" (runs
# of table names), so that write_profile_stream gives the stream back
# byte for byte; tables made or changed in R are written in
# define-before-use order instead, every table whole.

# The column types of every known table (profile-tsv(5)); an unknown
# extension's columns are character.
profile_stream_schema <- list(
  meta = c(key = "chr", value = "chr"),
  sources = c(source_id = "int", source_type = "chr", source_uri = "chr",
              source_timestamp = "dbl"),
  samples = c(sample_id = "int", source_id = "int"),
  sample_values = c(sample_id = "int", type = "chr", unit = "chr",
                    value = "dbl"),
  sample_locations = c(sample_id = "int", depth = "int", location_id = "int"),
  locations = c(location_id = "int", function_id = "int", line = "int",
                .address = "hex", .mapping_id = "int", .is_folded = "lgl",
                .inlined = "lgl", .column = "int"),
  functions = c(function_id = "int", name = "chr", system_name = "chr",
                filename = "chr", start_line = "int"),
  .source_attributes = c(source_id = "int", key = "chr", value = "chr"),
  .sample_labels = c(sample_id = "int", key = "chr", str = "chr",
                     num = "i64", num_unit = "chr"),
  .mappings = c(mapping_id = "int", memory_start = "hex", memory_limit = "hex",
                file_offset = "hex", filename = "chr", build_id = "chr",
                has_functions = "lgl", has_filenames = "lgl",
                has_line_numbers = "lgl", has_inline_frames = "lgl"),
  .sample_times = c(sample_id = "int", time_unix_nano = "i64"),
  .location_attributes = c(location_id = "int", key = "chr", value = "chr")
)

# define-before-use, each table whole: the order for tables without
# "row_order"
profile_stream_order <- c("meta", "sources", ".source_attributes",
  ".mappings", "functions", "locations", ".location_attributes", "samples",
  "sample_values", "sample_locations", ".sample_labels", ".sample_times")

# The field's text decoded: \\ \t \n \r, and a backslash before any
# other byte stands for that byte ("\NA" is the text NA).
profile_stream_unescape <- function(x) {
  at <- which(!is.na(x) & grepl("\\", x, fixed = TRUE, useBytes = TRUE))
  for (i in at) {
    b <- charToRaw(x[i])
    bs <- which(b == as.raw(0x5c))
    keep <- rep(TRUE, length(b))
    j <- 1L
    while (j <= length(bs)) {
      k <- bs[j]
      if (k < length(b)) {
        keep[k] <- FALSE
        nx <- b[k + 1L]
        b[k + 1L] <- if (nx == charToRaw("t")) as.raw(9) else
          if (nx == charToRaw("n")) as.raw(10) else
          if (nx == charToRaw("r")) as.raw(13) else nx
        j <- j + 1L
        if (j <= length(bs) && bs[j] == k + 1L)
          j <- j + 1L         # an escaped backslash escapes nothing
      } else
        j <- j + 1L
    }
    x[i] <- rawToChar(b[keep])
  }
  x
}

profile_stream_escape <- function(x) {
  out <- x
  at <- which(!is.na(x) & grepl("[\\\t\n\r]", x, useBytes = TRUE))
  if (length(at)) {
    y <- gsub("\\", "\\\\", x[at], fixed = TRUE, useBytes = TRUE)
    y <- gsub("\t", "\\t", y, fixed = TRUE, useBytes = TRUE)
    y <- gsub("\n", "\\n", y, fixed = TRUE, useBytes = TRUE)
    out[at] <- gsub("\r", "\\r", y, fixed = TRUE, useBytes = TRUE)
  }
  out[!is.na(x) & x == "NA"] <- "\\NA"
  out[is.na(x)] <- "NA"
  out
}

# A double as the suite writes it: an integral value below 2^53 as an
# integer, else the shortest %.Ng that reads back to the same double.
profile_stream_format_dbl <- function(x) {
  s <- sprintf("%.15g", x)
  for (p in 16:17) {
    bad <- which(is.finite(x) & suppressWarnings(as.numeric(s)) != x)
    if (!length(bad))
      break
    s[bad] <- sprintf(paste0("%.", p, "g"), x[bad])
  }
  int <- is.finite(x) & abs(x) < 2^53 & x == trunc(x)
  s[int] <- sprintf("%.0f", x[int])
  s[int & x == 0 & 1 / x < 0] <- "-0"
  s[x == Inf] <- "Inf"
  s[x == -Inf] <- "-Inf"
  s[is.na(x)] <- "NA"
  s
}

profile_stream_convert <- function(v, type, what) {
  if (type %in% c("int", "dbl")) {
    out <- suppressWarnings(if (type == "int") as.integer(v) else as.numeric(v))
    bad <- which(is.na(out))
    bad <- bad[v[bad] != "NA"]
  } else if (type == "lgl") {
    out <- ifelse(v == "TRUE", TRUE, ifelse(v == "FALSE", FALSE, NA))
    bad <- which(is.na(out) & v != "NA")
  } else {
    out <- v
    out[v == "NA"] <- NA
    if (type == "chr") {
      out <- profile_stream_unescape(out)
      Encoding(out) <- "unknown"
    }
    bad <- integer(0)
  }
  if (length(bad))
    stop(sprintf("%s: '%s' is not %s", what, v[bad[1]], type), call. = FALSE)
  out
}

read_profile_stream <- function(file) {
  # R's own C readers do the splitting (count.fields, scan: about 1.5
  # times read.delim of the same file); they read a file twice, so a
  # connection (a pipe) is first copied to a temporary file
  if (!is.character(file)) {
    con <- file
    tmp <- tempfile(fileext = ".tsv")
    on.exit(unlink(tmp))
    out <- base::file(tmp, "wb")
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
    close(out)
    file <- tmp
  }
  nf <- count.fields(file, sep = "\t", quote = "", comment.char = "",
                     blank.lines.skip = FALSE)
  if (length(nf) < 2)
    stop("not a profile stream: fewer than two lines", call. = FALSE)
  f <- scan(file, what = rep(list(""), max(nf)), sep = "\t", quote = "",
            fill = TRUE, na.strings = character(0), quiet = TRUE,
            comment.char = "", blank.lines.skip = FALSE, strip.white = FALSE)
  tab <- f[[1]]
  if (tab[1] != "#meta" || nf[1] != 3 || f[[2]][1] != "key" ||
      f[[3]][1] != "value")
    stop("not a profile stream: it must begin with '#meta\tkey\tvalue'",
         call. = FALSE)
  if (tab[2] == "meta" && f[[3]][2] == "1.0")
    stop("a 1.0 stream: convert it first, e.g. pipe(\"tsvcombine FILE\")",
         call. = FALSE)
  tables <- list()
  for (h in which(startsWith(tab, "#"))) {
    name <- substring(tab[h], 2L)
    k <- nf[h] - 1L
    cols <- vapply(seq_len(k), function(j) f[[j + 1L]][h], "")
    at <- which(tab == name)
    if (length(at) && at[1] < h)
      stop(sprintf("line %d: a %s row before its header", at[1], name),
           call. = FALSE)
    bad <- at[nf[at] != nf[h]]
    if (length(bad))
      stop(sprintf("line %d: %d fields for the %d columns of %s", bad[1],
                   nf[bad[1]] - 1L, k, name), call. = FALSE)
    types <- profile_stream_schema[[name]]
    d <- lapply(seq_len(k), function(j) {
      type <- if (!is.null(types) && !is.na(types[cols[j]])) types[[cols[j]]]
              else "chr"
      profile_stream_convert(f[[j + 1L]][at], type, paste(name, cols[j]))
    })
    names(d) <- cols
    tables[[name]] <- as.data.frame(d, stringsAsFactors = FALSE,
                                    check.names = FALSE)
  }
  if (any(!startsWith(tab, "#") & !tab %in% names(tables))) {
    i <- which(!startsWith(tab, "#") & !tab %in% names(tables))[1]
    stop(sprintf("line %d: no header for table '%s'", i, tab[i]),
         call. = FALSE)
  }
  runs <- rle(tab)
  attr(tables, "row_order") <- data.frame(table = runs$values,
    rows = runs$lengths, stringsAsFactors = FALSE)
  tables
}

profile_stream_lines <- function(name, d) {
  if (nrow(d) == 0)
    return(character(0))
  types <- profile_stream_schema[[name]]
  f <- lapply(names(d), function(col) {
    v <- d[[col]]
    type <- if (!is.null(types) && !is.na(types[col])) types[[col]] else "chr"
    if (type == "dbl")
      profile_stream_format_dbl(as.numeric(v))
    else if (type == "lgl")
      ifelse(is.na(v), "NA", ifelse(v, "TRUE", "FALSE"))
    else if (type == "chr")
      profile_stream_escape(as.character(v))
    else
      ifelse(is.na(v), "NA", as.character(v))
  })
  do.call(paste, c(list(name), f, sep = "\t"))
}

write_profile_stream <- function(tables, file = stdout()) {
  stopifnot(is.list(tables), !is.null(tables$meta))
  rows <- lapply(names(tables), function(n) profile_stream_lines(n, tables[[n]]))
  names(rows) <- names(tables)
  heads <- vapply(names(tables), function(n)
    paste(c(paste0("#", n), names(tables[[n]])), collapse = "\t"), "")
  ord <- attr(tables, "row_order")
  # the order read, if it still counts every row of every table
  if (!is.null(ord)) {
    got <- tapply(ord$rows, ord$table, sum)
    want <- c(vapply(rows, length, 0L),
              setNames(rep(1L, length(heads)), paste0("#", names(heads))))
    want <- want[want > 0]
    if (!setequal(names(got), names(want)) ||
        any(got[names(want)] != want))
      ord <- NULL
  }
  if (is.null(ord)) {
    known <- intersect(profile_stream_order, names(tables))
    n <- c(known, setdiff(names(tables), known))
    ord <- data.frame(table = as.vector(rbind(paste0("#", n), n)),
      rows = as.vector(rbind(1L, vapply(rows[n], length, 0L))),
      stringsAsFactors = FALSE)
  }
  next_row <- setNames(rep(0L, length(rows)), names(rows))
  out <- character(sum(ord$rows))
  k <- 0L
  for (i in seq_len(nrow(ord))) {
    t <- ord$table[i]
    if (startsWith(t, "#")) {
      out[k + 1L] <- heads[[substring(t, 2L)]]
    } else {
      r <- next_row[[t]] + seq_len(ord$rows[i])
      out[k + seq_along(r)] <- rows[[t]][r]
      next_row[[t]] <- next_row[[t]] + ord$rows[i]
    }
    k <- k + ord$rows[i]
  }
  if (is.character(file)) {
    file <- file(file, "wb")
    on.exit(close(file))
  }
  writeLines(out, file, useBytes = TRUE)
  invisible(tables)
}

# The tables as a dm object with their keys (the dm package, if
# installed).
profile_stream_dm <- function(tables) {
  if (!requireNamespace("dm", quietly = TRUE))
    stop("profile_stream_dm needs the dm package", call. = FALSE)
  d <- do.call(dm::dm, tables[setdiff(names(tables), "meta")])
  pk <- list(sources = "source_id", samples = "sample_id",
             locations = "location_id", functions = "function_id",
             .mappings = "mapping_id")
  for (t in intersect(names(pk), names(d)))
    d <- dm::dm_add_pk(d, !!t, !!pk[[t]])
  fk <- list(c("samples", "source_id", "sources"),
             c("sample_values", "sample_id", "samples"),
             c("sample_locations", "sample_id", "samples"),
             c("sample_locations", "location_id", "locations"),
             c("locations", "function_id", "functions"),
             c(".source_attributes", "source_id", "sources"),
             c(".sample_labels", "sample_id", "samples"),
             c(".sample_times", "sample_id", "samples"),
             c(".location_attributes", "location_id", "locations"))
  for (f in fk)
    if (all(c(f[1], f[3]) %in% names(d)))
      d <- dm::dm_add_fk(d, !!f[1], !!f[2], !!f[3])
  d
}
