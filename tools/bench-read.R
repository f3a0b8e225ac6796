# bench-read.R HOW FILE: reads a stream in R, for make bench: "delim" is
# read.delim of its bytes (the reference: every line a row of six
# fields), "stream" R/profstream.R's read_profile_stream.
a <- commandArgs(TRUE)
if (a[1] == "delim") {
  invisible(read.delim(a[2], header = FALSE, quote = "", comment.char = "",
                       fill = TRUE, col.names = paste0("V", 1:6)))
} else {
  source("R/profstream.R")
  invisible(read_profile_stream(a[2]))
}
