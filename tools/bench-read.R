# bench-read.R HOW FILE: reads a profile in R, for make bench: "delim" is
# read.delim of a stream's bytes (the reference: every line a row of six
# fields); "rprof" and "pprof" the package's read_rprof() and
# read_pprof() (rpkg/, installed in build/R); "profile-rprof" and
# "profile-pprof" the profile package's (PROFILE_R_LIBS).
a <- commandArgs(TRUE)
switch(a[1],
  delim = invisible(read.delim(a[2], header = FALSE, quote = "",
    comment.char = "", fill = TRUE, col.names = paste0("V", 1:6))),
  rprof = invisible(profstream::read_rprof(a[2])),
  pprof = invisible(profstream::read_pprof(a[2])),
  "profile-rprof" = invisible(suppressWarnings(profile::read_rprof(a[2]))),
  "profile-pprof" = invisible(profile::read_pprof(a[2])))
