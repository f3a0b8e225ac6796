# stream-sources.R FILE GZ: read_profile_stream gives the same tables from
# a file, from its gzip (GZ) and from a pipe: prints "TRUE TRUE".
library(profstream)
f <- commandArgs(TRUE)
a <- read_profile_stream(f[1])
cat(identical(a, read_profile_stream(f[2])),
    identical(a, read_profile_stream(pipe(paste("cat", shQuote(f[1]))))), "\n")
