# The tables as a dm object with every key (the dm package, if installed).

dm_from_profile <- function(x) {
  x <- check_profile(x)
  if (!requireNamespace("dm", quietly = TRUE))
    stop("dm_from_profile() needs the dm package", call. = FALSE)
  if (identical(profile_version(x), "1.0"))
    x <- profile_v2_from_v1(x)
  x <- unclass(x)
  d <- do.call(dm::dm, x[setdiff(names(x), "meta")])
  pk <- list(sources = "source_id", samples = "sample_id",
             locations = "location_id", functions = "function_id",
             .mappings = "mapping_id")
  for (t in intersect(names(pk), names(x)))
    d <- dm::dm_add_pk(d, !!t, !!pk[[t]])
  fk <- list(c("samples", "source_id", "sources"),
             c("sample_values", "sample_id", "samples"),
             c("sample_locations", "sample_id", "samples"),
             c("sample_locations", "location_id", "locations"),
             c("locations", "function_id", "functions"),
             c("locations", ".mapping_id", ".mappings"),
             c(".source_attributes", "source_id", "sources"),
             c(".sample_labels", "sample_id", "samples"),
             c(".sample_times", "sample_id", "samples"),
             c(".location_attributes", "location_id", "locations"))
  for (f in fk)
    if (all(c(f[1], f[3]) %in% names(x)) && f[2] %in% names(x[[f[1]]]))
      d <- dm::dm_add_fk(d, !!f[1], !!f[2], !!f[3])
  d
}
