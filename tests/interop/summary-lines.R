# summary-lines.R FILE: summaryRprof(FILE, lines = "show")'s by.total,
# a line per "file#line" (or <no location>): the key, self.time,
# self.pct, total.time, total.pct, tab-separated, numbers to 10 digits.
f <- commandArgs(TRUE)[1]
s <- summaryRprof(f, lines = "show")
t <- s$by.total
cat(sprintf("%s\t%.10g\t%.10g\t%.10g\t%.10g\n", rownames(t), t$self.time,
            t$self.pct, t$total.time, t$total.pct), sep = "")
