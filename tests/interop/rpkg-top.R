# rpkg-top.R LIST DIR: profile_top() of each file named in LIST against
# tsvtop -q's table in DIR (its path with / as _, .top), read by
# read.delim: prints the files where they differ.
library(profstream)
a <- commandArgs(TRUE)
for (f in readLines(a[1])) {
  want <- read.delim(file.path(a[2], paste0(gsub("/", "_", f), ".top")),
                     quote = "", comment.char = "", check.names = FALSE,
                     stringsAsFactors = FALSE, na.strings = character(0),
                     encoding = "UTF-8")
  got <- suppressWarnings(profile_top(f))
  got <- structure(got, class = "data.frame", unit = NULL, header = NULL)
  if (!identical(want, got))
    cat(f, "\n")
}
