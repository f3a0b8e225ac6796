# summary-lines.R FILE [mem]: summaryRprof(FILE, lines = "show")'s
# by.total, a line per "file#line" (or <no location>): the key, self.time,
# self.pct, total.time, total.pct, tab-separated, numbers to 10 digits;
# with "mem", the key and mem.total (MB, one decimal) of
# summaryRprof(FILE, lines = "show", memory = "both").
a <- commandArgs(TRUE)
f <- a[1]
if (length(a) > 1 && a[2] == "mem") {
  t <- summaryRprof(f, lines = "show", memory = "both")$by.total
  cat(sprintf("%s\t%.1f\n", rownames(t), t$mem.total), sep = "")
  quit()
}
s <- summaryRprof(f, lines = "show")
t <- s$by.total
cat(sprintf("%s\t%.10g\t%.10g\t%.10g\t%.10g\n", rownames(t), t$self.time,
            t$self.pct, t$total.time, t$total.pct), sep = "")
