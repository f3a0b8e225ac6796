#!/bin/sh
# embed-bytes.sh NAME FILE > FILE.c: FILE gzip'd (-9n: the same bytes on
# every machine) as a C array NAME_gz and its size NAME_gz_size, so that
# a program carries a binary file (tsvreport, the page's engine.wasm).
set -e
name=$1
gzip -9n <"$2" | od -An -v -tu1 | awk -v name="$name" '
	BEGIN { print "/* made by tools/embed-bytes.sh: do not edit */"
		print "#include <stddef.h>"
		print "const unsigned char " name "_gz[] = {" }
	{ line = ""; for (i = 1; i <= NF; i++) line = line $i ","; print line }
	END { print "};"
		print "const size_t " name "_gz_size = sizeof(" name "_gz);" }'
