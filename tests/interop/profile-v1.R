# profile-v1.R MODE LIST OUTDIR: the 1.0 tables of each Rprof file named
# in LIST (one per line) as text, one file per input in OUTDIR, named by
# its path with / as _. MODE "profile": the profile package's
# read_rprof() (how the expected files were made, from r-prof/profile
# 1.0.4.9017, commit b54d092, in the C.UTF-8 locale); MODE "profstream":
# read_rprof(version = "1.0") of this project's package.
a <- commandArgs(TRUE)
read <- if (a[1] == "profile") profile::read_rprof else
  function(f) profstream::read_rprof(f, version = "1.0")
dump <- function(x, out) {
  con <- file(out, "wb")
  on.exit(close(con))
  put <- function(name, d) {
    writeLines(paste(c(paste0("#", name), names(d)), collapse = "\t"), con)
    if (nrow(d))
      writeLines(do.call(paste, c(unname(as.list(d)), sep = "\t")), con,
                 useBytes = TRUE)
  }
  put("meta", x$meta)
  put("sample_types", x$sample_types)
  put("samples", data.frame(name = names(x$samples$locations),
    value = x$samples$value,
    locations = vapply(x$samples$locations, function(l)
      paste(l$location_id, collapse = ","), "")))
  put("locations", x$locations)
  put("functions", x$functions)
  # .rprof: the file's own lines (header, #File lines, the rest), counted
  put("rprof", data.frame(header = x$.rprof$header,
    files = length(x$.rprof$files), traces = length(x$.rprof$traces)))
}
for (f in readLines(a[2])) {
  x <- suppressWarnings(read(f))
  dump(x, file.path(a[3], gsub("/", "_", f)))
}
