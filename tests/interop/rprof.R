# rprof.R OUTDIR: writes a fresh Rprof file for each profiling option.
args <- commandArgs(TRUE)
out <- args[1]
here <- dirname(sub("^--file=", "", grep("^--file=", commandArgs(FALSE),
                                         value = TRUE)))
source(file.path(here, "workload.R"), keep.source = TRUE)
opts <- list(
  plain = list(),
  memory = list(memory.profiling = TRUE),
  gc = list(gc.profiling = TRUE),
  line = list(line.profiling = TRUE),
  "memory-line" = list(memory.profiling = TRUE, line.profiling = TRUE),
  "memory-gc-line" = list(memory.profiling = TRUE, gc.profiling = TRUE,
                          line.profiling = TRUE),
  "filter-callframes" = list(filter.callframes = TRUE))
for (n in names(opts)) {
  do.call(Rprof, c(list(file.path(out, paste0(n, ".out")),
                        interval = 0.005), opts[[n]]))
  run()
  Rprof(NULL)
}
f <- file.path(out, "append.out")
Rprof(f, interval = 0.005)
run(2)
Rprof(NULL)
Rprof(f, interval = 0.01, append = TRUE, line.profiling = TRUE)
run(2)
Rprof(NULL)
Rprof(f, interval = 0.02, append = TRUE, memory.profiling = TRUE)
run(2)
Rprof(NULL)
