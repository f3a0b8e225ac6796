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
  read.delim(out, quote = "", comment.char = "", check.names = FALSE,
             stringsAsFactors = FALSE, na.strings = character(0),
             encoding = "UTF-8")
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
