# stream-tables.R LIST: the R package (rpkg/) on each stream named in
# LIST, one per line. Each is read into the 2.0 tables, whose column types
# and keys are checked here, in R; written back as read (FILE.back, byte
# for byte the same, the shell checks) and as tables made in R with no
# row order (FILE.plain: valid, the same profile). Prints a line per
# problem, nothing when all is well.
library(profstream)
schema <- lapply(profstream:::profile_schema(), function(t)
  stats::setNames(t[[2]], t[[1]]))
types <- c(int = "integer", dbl = "numeric", chr = "character",
           lgl = "logical", i64 = "character", hex = "character")
problem <- function(f, ...) cat(basename(f), ": ", ..., "\n", sep = "")
unique_key <- function(f, d, cols, what) {
  if (anyDuplicated(d[cols]))
    problem(f, what, ": (", paste(cols, collapse = ", "), ") repeats")
}
refers <- function(f, x, to, what) {
  x <- x[!is.na(x)]
  if (!all(x %in% to))
    problem(f, what, ": ", x[!x %in% to][1], " refers to nothing")
}
for (f in readLines(commandArgs(TRUE)[1])) {
  p <- tryCatch(read_profile_stream(f),
                error = function(e) { problem(f, conditionMessage(e)); NULL })
  if (is.null(p))
    next
  for (t in names(p)) {
    s <- schema[[t]]
    for (col in intersect(names(p[[t]]), names(s)))
      if (!is(p[[t]][[col]], types[[s[[col]]]]))
        problem(f, t, ".", col, " is ", class(p[[t]][[col]]), ", not ",
                types[[s[[col]]]])
  }
  with(p, {
    if (nrow(meta) != 1 || meta$key != "version" || meta$value != "2.0")
      problem(f, "meta is not one row 'version 2.0'")
    unique_key(f, sources, "source_id", "sources")
    unique_key(f, samples, "sample_id", "samples")
    unique_key(f, locations, "location_id", "locations")
    unique_key(f, functions, "function_id", "functions")
    unique_key(f, sample_values, c("sample_id", "type"), "sample_values")
    unique_key(f, sample_locations, c("sample_id", "depth"), "sample_locations")
    refers(f, samples$source_id, sources$source_id, "samples")
    refers(f, sample_values$sample_id, samples$sample_id, "sample_values")
    refers(f, sample_locations$sample_id, samples$sample_id, "sample_locations")
    refers(f, sample_locations$location_id, locations$location_id,
           "sample_locations")
    refers(f, locations$function_id, functions$function_id, "locations")
    if (!all(samples$sample_id %in% sample_values$sample_id))
      problem(f, "a sample without values")
    n <- tapply(sample_locations$depth, sample_locations$sample_id, length)
    top <- tapply(sample_locations$depth, sample_locations$sample_id, max)
    if (any(n != top) || any(sample_locations$depth < 1))
      problem(f, "a sample's depths are not 1..n")
  })
  write_profile_stream(p, paste0(f, ".back"))
  attr(p, "row_order") <- NULL
  write_profile_stream(p, paste0(f, ".plain"))
}
