# rpkg-hostile.R LIST: read_profile() of each file named in LIST, in one
# R session: an R error with a message or a profile, never a crash.
# Prints a line per error without a message, then "done ERRORS PROFILES".
library(profstream)
n <- c(error = 0, profile = 0)
for (f in readLines(commandArgs(TRUE)[1])) {
  r <- tryCatch({ suppressWarnings(read_profile(f)); "profile" },
                error = function(e)
                  if (nzchar(conditionMessage(e))) "error" else "silent")
  if (r == "silent") {
    cat(f, ": an error with no message\n")
    r <- "error"
  }
  n[r] <- n[r] + 1
}
cat("done", n, "\n")
