# workload.R: a small R program for the interop tests: recursion, a
# function whose name has spaces, data frames, allocation, GC.
fib <- function(n) if (n < 2) n else fib(n - 1) + fib(n - 2)
alloc_work <- function() {
  x <- lapply(1:200, function(i) rnorm(500))
  sum(vapply(x, sum, 0))
}
df_work <- function() {
  d <- data.frame(a = sample(1000), b = rnorm(1000))
  e <- data.frame(a = 1:1000, c = runif(1000))
  nrow(merge(d, e)[order(d$b), ])
}
assign("odd name (with) spaces", function() fib(14))
run <- function(reps = 10) {
  for (i in seq_len(reps)) {
    fib(21)
    alloc_work()
    df_work()
    get("odd name (with) spaces")()
    invisible(gc(FALSE))
  }
}
