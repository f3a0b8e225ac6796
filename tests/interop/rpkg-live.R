# rpkg-live.R LIST FILE...: where the profile package is installed, it
# reads what write_pprof() writes (the first value type's sum), and its
# read_rprof() is read_rprof(version = "1.0"): prints a line per problem.
suppressPackageStartupMessages({ library(profstream); library(profile) })
a <- commandArgs(TRUE)
for (f in c(readLines(a[1]), a[-1])) {
  x <- suppressWarnings(profstream::read_profile(f))
  if (!is.null(x$.sample_labels) || nrow(x$sources) != 1)
    next
  p <- tempfile(fileext = ".pb.gz")
  suppressWarnings(profstream::write_pprof(x, p))
  y <- profile::read_pprof(p)
  v <- x$sample_values
  n <- sum(v$value[v$type == v$type[1]])
  if (sum(y$samples$value) != n)
    cat(f, ": the profile package reads", sum(y$samples$value), "not", n, "\n")
  if (grepl("[.](out|prof)$", f)) {
    a1 <- suppressWarnings(profile::read_rprof(f))
    b1 <- suppressWarnings(profstream::read_rprof(f, version = "1.0"))
    if (!identical(unclass(a1)[1:5], unclass(b1)[1:5]))
      cat(f, ": read_rprof differs\n")
  }
  unlink(p)
}
