# summary.R FILE WHAT: summaryRprof's figures for FILE, one function a
# line: WHAT is self or total (sample counts), mem (mem.total, MB), or
# same:OTHER (TRUE when summaryRprof reports the same for FILE and OTHER).
args <- commandArgs(TRUE)
f <- args[1]
what <- args[2]
if (startsWith(what, "same:")) {
  mem <- if (startsWith(readLines(f, 1), "memory")) "both" else "none"
  a <- summaryRprof(f, memory = mem)
  b <- summaryRprof(sub("^same:", "", what), memory = mem)
  cat(identical(a, b), "\n")
  quit()
}
if (what == "mem") {
  s <- summaryRprof(f, memory = "both")
  cat(sprintf("%s\t%.1f\n", gsub('"', "", rownames(s$by.total)),
              s$by.total$mem.total),
      sep = "")
  quit()
}
s <- summaryRprof(f)
t <- if (what == "self") s$by.self$self.time else s$by.total$total.time
n <- round(t / s$sample.interval)
tab <- if (what == "self") s$by.self else s$by.total
cat(sprintf("%s\t%d\n", gsub('"', "", rownames(tab)), as.integer(n))[n > 0],
    sep = "")
