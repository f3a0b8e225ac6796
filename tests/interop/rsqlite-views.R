# rsqlite-views.R DB: the 2.0 views of tsv2sql's SQLite database read by
# RSQLite, a stock client with nothing loaded: per value type, its
# samples and their sum; the frames, their depths' and ids' sums.
args <- commandArgs(TRUE)
con <- DBI::dbConnect(RSQLite::SQLite(), args[1], flags = RSQLite::SQLITE_RO)
v <- DBI::dbReadTable(con, "sample_values")
s <- DBI::dbReadTable(con, "samples")
l <- DBI::dbReadTable(con, "sample_locations")
DBI::dbDisconnect(con)
stopifnot(all(v$sample_id %in% s$sample_id), all(l$sample_id %in% s$sample_id))
for (t in sort(unique(v$type))) {
  x <- v$value[v$type == t]
  cat(sprintf("%s\t%s\t%d\t%.17g\n", t, v$unit[v$type == t][1], length(x), sum(x)))
}
cat(sprintf("samples\t%d\nframes\t%d\t%.17g\t%.17g\n", nrow(s), nrow(l),
    sum(as.numeric(l$depth)), sum(as.numeric(l$location_id))))
