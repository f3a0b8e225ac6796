# The views from R: tsvtop's table as a data frame, tsvreport's page.

profile_top <- function(x, ..., type = NULL, cum = FALSE, lines = FALSE,
                        memory = FALSE, unit = NULL, nodefraction = NULL,
                        all = FALSE) {
  f <- input_file(x)
  on.exit(f$done())
  out <- tempfile("profstream", fileext = ".tsv")
  on.exit(unlink(out), add = TRUE)
  .Call(C_ps_top, f$path, out, list(type = type, cum = cum, lines = lines,
        memory = memory, unit = unit, nodefraction = nodefraction, all = all))
  # tsvtop's # lines first: the unit the figures are in, kept with them
  lines <- readLines(out, encoding = "UTF-8")
  k <- 0L
  while (k < length(lines) && startsWith(lines[k + 1L], "# "))
    k <- k + 1L
  t <- read.delim(out, skip = k, quote = "", comment.char = "",
                  check.names = FALSE, stringsAsFactors = FALSE,
                  na.strings = character(0), encoding = "UTF-8")
  head <- lines[seq_len(k)]
  type <- head[startsWith(head, "# type: ")]
  unit <- if (length(type) == 0) NA_character_
          else if (grepl("; values in ", type[1], fixed = TRUE))
            sub(".*; values in ", "", type[1])
          else sub("^# type: [^(]*\\(([^,)]*).*", "\\1", type[1])
  structure(t, unit = unit, header = head,
            class = c("profile_top", "data.frame"))
}

#' @export
print.profile_top <- function(x, ...) {
  h <- attr(x, "header")
  if (!is.null(h))
    cat(h, sep = "\n")
  print(structure(x, class = "data.frame", header = NULL, unit = NULL), ...)
  invisible(x)
}

profile_report <- function(x, file = tempfile("profile", fileext = ".html"),
                           ..., title = NULL, type = NULL, unit = NULL,
                           memory = FALSE, open = interactive()) {
  if (is.null(title))
    title <- if (is.character(x) && length(x) == 1) basename(x) else "profile"
  f <- input_file(x)
  on.exit(f$done())
  .Call(C_ps_report, f$path, path.expand(file), list(title = title,
        type = type, unit = unit, memory = memory))
  if (open) {
    viewer <- getOption("viewer")
    if (is.function(viewer))
      viewer(file)
    else
      browseURL(file)
  }
  invisible(file)
}
