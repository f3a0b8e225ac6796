# summary-order.R FILE WHAT: the row names of summaryRprof(FILE) in its
# order, quotes taken off: WHAT is self (by.self), total (by.total) or
# lines (by.self of lines = "show"). Run in the C locale: R's sort() of
# the names, which orders ties, is then byte order.
a <- commandArgs(TRUE)
s <- if (a[2] == "lines") summaryRprof(a[1], lines = "show") else
  summaryRprof(a[1])
t <- if (a[2] == "total") s$by.total else s$by.self
cat(sprintf("%s\n", gsub('"', "", rownames(t))), sep = "")
