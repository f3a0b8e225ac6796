# rpkg-write.R LIST DIR: write_rprof(), write_pprof() and write_otlp() of
# each Rprof file named in LIST, read by read_rprof(), into DIR as N.out,
# N.pb.gz and N.otlp (N its line in LIST).
library(profstream)
a <- commandArgs(TRUE)
i <- 0
for (f in readLines(a[1])) {
  i <- i + 1
  x <- suppressWarnings(read_rprof(f))
  suppressWarnings({
    write_rprof(x, file.path(a[2], paste0(i, ".out")))
    write_pprof(x, file.path(a[2], paste0(i, ".pb.gz")))
    write_otlp(x, file.path(a[2], paste0(i, ".otlp")))
  })
}
