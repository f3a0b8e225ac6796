# read-stream.R FILE: the R code of profile-tsv(5) that reads one table of
# a stream with its escapes and NA decoded (read.delim alone does not).
unescape <- function(x) {
  at <- !is.na(x) & grepl("\\", x, fixed = TRUE)
  m <- gregexpr("\\\\.", x[at])
  regmatches(x[at], m) <- lapply(regmatches(x[at], m), function(e) {
    ch <- substring(e, 2)
    ifelse(ch == "t", "\t", ifelse(ch == "n", "\n", ifelse(ch == "r", "\r", ch)))
  })
  x
}
read_table <- function(file, table) {
  l <- readLines(file, warn = FALSE)
  h <- l[startsWith(l, paste0("#", table, "\t"))]
  r <- l[startsWith(l, paste0(table, "\t"))]
  d <- read.delim(text = c(sub("^#", "", h), r), quote = "", comment.char = "",
                  na.strings = "NA", colClasses = "character", check.names = FALSE)
  d <- d[-1]
  d[] <- lapply(d, unescape)
  d
}
# the test: a table with every escape, NA and "NA" as text, as R sees it
f <- read_table(commandArgs(TRUE)[1], "functions")
dput(f)
