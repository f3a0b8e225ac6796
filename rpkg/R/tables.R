# The profile as R holds it: a named list of data frames (tibbles when the
# tibble package is installed, as the profile package returns), of class
# "profile_data". The tables and their column types are the C library's
# schema, read once.

.ps <- new.env(parent = emptyenv())

profile_schema <- function() {
  if (is.null(.ps$schema))
    .ps$schema <- .Call(C_ps_schema)
  .ps$schema
}

# The stream's order of tables, defining ones first: the order tables
# made or changed in R are written in.
profile_table_order <- c("meta", "sources", ".source_attributes", ".mappings",
  "functions", "locations", ".location_attributes", "sample_types",
  "samples", "sample_values", "sample_locations", ".sample_labels",
  ".sample_times")

new_profile <- function(x) {
  if (requireNamespace("tibble", quietly = TRUE)) {
    ord <- attr(x, "row_order")
    x <- lapply(x, tibble::as_tibble)
    attr(x, "row_order") <- ord
  }
  structure(x, class = "profile_data")
}

profile_version <- function(x) {
  v <- x$meta$value[x$meta$key == "version"]
  if (length(v) == 1) v else NA_character_
}

check_version <- function(version) {
  if (!is.character(version) || length(version) != 1 ||
      !version %in% c("1.0", "2.0"))
    stop("version: \"2.0\" or \"1.0\"", call. = FALSE)
}

# x's tables: what is not a table and whose name begins with a dot (the
# profile package's .rprof and .msg, its readers' raw input) is left out.
check_profile <- function(x) {
  if (!is.list(x) || is.null(names(x)) || !is.data.frame(x$meta))
    stop("not a profile: a named list of data frames with a meta table",
         call. = FALSE)
  ord <- attr(x, "row_order")
  tab <- vapply(x, is.data.frame, NA)
  x <- unclass(x)[tab | !startsWith(names(x), ".")]
  attr(x, "row_order") <- ord
  bad <- names(x)[!vapply(x, is.data.frame, NA)]
  if (length(bad))
    stop(sprintf("not a profile: %s is not a data frame", bad[1]),
         call. = FALSE)
  x
}

#' @export
format.profile_data <- function(x, ...) {
  n <- if (is.data.frame(x$samples)) nrow(x$samples) else 0L
  v <- profile_version(x)
  s <- if (is.data.frame(x$sources)) nrow(x$sources) else 1L
  paste0("Profile data: ", n, " samples",
         if (!is.na(v) && v != "1.0")
           paste0(", ", s, if (s == 1) " source" else " sources"),
         if (!is.na(v)) paste0(" (format ", v, ")"))
}

#' @export
print.profile_data <- function(x, ...) {
  cat(format(x, ...), sep = "\n")
  invisible(x)
}

# The package's tests (tests/*.R): each check by its name, CHECK=name for
# one alone; every failure said, then an error if any.
run_checks <- function(checks, only = Sys.getenv("CHECK")) {
  failed <- character(0)
  for (name in names(checks)) {
    if (only != "" && only != name) next
    ok <- tryCatch({ checks[[name]](); TRUE }, error = function(e) {
      message("FAIL ", name, ": ", conditionMessage(e)); FALSE })
    if (ok) cat("ok", name, "\n") else failed <- c(failed, name)
  }
  if (length(failed))
    stop(length(failed), " failed: ", paste(failed, collapse = ", "),
         call. = FALSE)
  invisible(TRUE)
}
