# Several profiles as one: ids remapped, equal functions, locations and
# mappings merged, every sample keeping its source (tsvcombine).

combine_profiles <- function(...) {
  xs <- list(...)
  if (length(xs) == 1 && is.list(xs[[1]]) && !is.data.frame(xs[[1]]) &&
      !inherits(xs[[1]], "profile_data") && is.null(xs[[1]]$meta))
    xs <- xs[[1]]
  if (!length(xs))
    stop("combine_profiles: one or more profiles", call. = FALSE)
  fs <- lapply(xs, input_file)
  on.exit(for (f in fs) f$done())
  paths <- vapply(fs, `[[`, "", "path")
  tmp <- tempfile(rep("profstream", length(paths) + 3L), fileext = ".tsv")
  on.exit(unlink(tmp), add = TRUE)
  n <- length(paths)
  .Call(C_ps_combine, paths, tmp[n + 1L], tmp[seq_len(n)])
  new_profile(.Call(C_ps_read, tmp[n + 1L], tmp[n + 2L], tmp[n + 3L], FALSE))
}
