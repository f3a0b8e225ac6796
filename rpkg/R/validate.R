# Every rule of the format, by the C library's validator: 1.0 or 2.0 by
# meta's version row.

# The validator's messages name the stream's lines; for tables made in R,
# the table and row they are.
locate <- function(msg, file, plan) {
  head <- paste0(file, ":")
  ends <- cumsum(plan$rows)
  for (i in which(startsWith(msg, head))) {
    rest <- substring(msg[i], nchar(head) + 1L)
    line <- suppressWarnings(as.integer(sub(":.*", "", rest)))
    if (is.na(line) || line < 1L || line > sum(plan$rows))
      next
    run <- findInterval(line - 1L, ends) + 1L
    t <- plan$table[run]
    where <- if (startsWith(t, "#")) paste0(substring(t, 2L), "'s header")
      else sprintf("%s, row %d", t, line - (ends[run] - plan$rows[run]) +
                   sum(plan$rows[seq_len(run - 1L)][plan$table[seq_len(run - 1L)] == t]))
    msg[i] <- paste0(where, ": ", sub("^[0-9]+: ", "", rest))
  }
  msg
}

profile_problems <- function(x, max = 20L) {
  tmp <- tempfile(c("profstream", "profstream"), fileext = ".tsv")
  on.exit(unlink(tmp))
  if (is.character(x) && length(x) == 1) {
    if (!file.exists(x))
      stop(sprintf("%s: no such file", x), call. = FALSE)
    return(.Call(C_ps_validate, x, tmp[2], as.integer(max)))
  }
  plan <- stream_of(x, tmp[1])
  locate(.Call(C_ps_validate, tmp[1], tmp[2], as.integer(max)), tmp[1], plan)
}

validate_profile <- function(x, ..., max = 20L) {
  p <- profile_problems(x, max)
  if (length(p))
    stop(paste(c(sprintf("not a valid profile (%d problem%s):", length(p),
                         if (length(p) == 1) "" else "s"), p),
               collapse = "\n  "), call. = FALSE)
  invisible(x)
}
