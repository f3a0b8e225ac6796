/* input.h: buffered reading of a file or stdin, gzip- or zstd-compressed
 * or not. */
#ifndef INPUT_H
#define INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "base/perr.h"

#define INPUT_MAX_LINE (16u << 20)	/* longest line accepted, LF aside */
/* buf has this many bytes past cap, and those from end to end +
 * INPUT_SLACK are NUL: a scan may read a word at a time there */
#define INPUT_SLACK 8
#define INPUT_DEFAULT_LIMIT (4ull << 30)	/* bound on decompressed bytes */
/* Unless -Z sets the bound, compressed input may also give no more than
 * this many bytes a byte (deflate's own most: no gzip file passes it; a
 * zstd bomb does), counting at least INPUT_RATIO_FLOOR: of a file, its
 * size; of a pipe, what was read of it so far. */
#define INPUT_RATIO 1032
#define INPUT_RATIO_FLOOR (64ull << 20)

/* What the bytes of a file were (in->compressed). */
enum { INPUT_PLAIN, INPUT_GZIP, INPUT_ZSTD };

struct input {
	int fd;				/* the file read */
	int kind;			/* not yet known, or INPUT_* + 1 */
	void *z;			/* z_stream, once gzip is seen */
	void *zs;			/* ZSTD_DStream, once zstd is seen */
	unsigned char *raw;		/* bytes read, not yet decompressed: */
	size_t raw_at, raw_len;		/* raw[raw_at .. raw_len) */
	int raw_eof;
	int member_end;			/* a gzip member or zstd frame ended */
	/* UTF-16 text (its byte-order mark seen) read as UTF-8: the bytes
	 * not yet made UTF-8 */
	int u16checked, utf16, u16be, u16eof;
	unsigned char *u16;
	size_t u16n;
	const char *name;		/* file name for messages */
	const char *uri;		/* the file as named, NULL: stdin */
	char *buf;			/* buf[end] is always a NUL */
	size_t cap, pos, end;
	void *map;			/* input_slurp's mapping, or NULL */
	size_t maplen;
	long long start;		/* offset of fd when opened, -1: a pipe */
	long lineno;			/* number of the line last returned */
	int eof;
	int compressed;			/* INPUT_PLAIN, _GZIP or _ZSTD */
	int missing_eol;		/* last line had no final LF */
	uint64_t total;			/* bytes delivered so far */
	uint64_t size;			/* a regular file's, from start; 0: a pipe */
	uint64_t raw_total;		/* bytes read of the file */
	int bom;			/* bytes of a UTF-8 byte-order mark skipped */
};

/* The bound on decompressed bytes of inputs opened from now on (a gzip
 * or zstd bomb stops there with an error), set by -Z; unset, it is
 * INPUT_DEFAULT_LIMIT and INPUT_RATIO times the compressed bytes. */
void input_set_limit(uint64_t limit);
/* The bound on what compressed bytes give: -Z's, or the default's for
 * so many compressed bytes. */
uint64_t input_bound(uint64_t compressed);
/* A stream made from input holds at most this many frames per byte of
 * it (-X; 0: no bound), counting at least INPUT_EXPANSION_BYTES: a small
 * profile that repeats a deep stack without end must not become
 * terabytes (by default: 64M frames, then 256 a byte). */
#define INPUT_DEFAULT_EXPANSION 256
#define INPUT_EXPANSION_BYTES (256u << 10)
void input_set_expansion(uint64_t frames_per_byte);
uint64_t input_expansion(void);
/* The bytes every input of this process has delivered so far. */
uint64_t input_delivered(void);
/* Counts n bytes read otherwise (a database's rows) as delivered. */
void input_credit(uint64_t n);

/* Who hears of gzip input followed by bytes that are neither another
 * member nor zeros (gzip(1): "decompression OK, trailing garbage ignored"):
 * fn gets "NAME: ..." once per reading of the input; NULL: nobody. */
void input_set_warn(void (*fn)(const char *msg));

/* Opens path: NULL or "-" alone is standard input, any other name a file
 * (also one that begins with '-'). in->name is what messages call it:
 * shown when not NULL (a temporary copy shown as what the user gave),
 * else "<stdin>" or path. in->uri is path for a file opened under its
 * own name, NULL otherwise. */
int input_open(struct input *in, const char *path, const char *shown,
    struct perr *e);
/* Whether path names standard input. */
int input_is_stdin(const char *path);
void input_close(struct input *in);
/* Gives back what in holds (its file, buffers, mapping) once read, its
 * name kept for messages; input_close after it is harmless. */
void input_release(struct input *in);

/* Returns 1 and the next line (NUL-terminated in place, without its LF),
 * 0 at end of input, -1 on error. A CR before the LF is left to the caller. */
int input_line(struct input *in, char **line, size_t *len, struct perr *e);

/* The first bytes of the (decompressed) input, at least want of them
 * unless it is shorter, without reading past them: *p and *n until the
 * next call. Only before the first line or slurp. */
int input_peek(struct input *in, size_t want, const unsigned char **p,
    size_t *n, struct perr *e);

/* The next bytes of the (decompressed) input, as many as come at once:
 * 1 with *p and *n (valid until the next call), 0 at its end, -1. */
int input_chunk(struct input *in, const unsigned char **p, size_t *n,
    struct perr *e);

/* Reads the whole (decompressed) input; *data stays valid until
 * input_close, and must not be written to (a plain file is mapped). */
int input_slurp(struct input *in, unsigned char **data, size_t *len,
    struct perr *e);

/* What a reader can tell of its format from the bytes read so far (all
 * of them when end): 0 while they can begin it, -1 with e set when they
 * cannot. */
struct input_check {
	int (*check)(void *ctx, const unsigned char *p, size_t n, int end,
	    struct perr *e);
	void *ctx;
};
/* input_slurp, asking c of the bytes as they come from a compressed
 * file: a file that cannot be of the format is refused at its first
 * bytes, not after decompressing it all. */
int input_slurp_checked(struct input *in, const struct input_check *c,
    unsigned char **data, size_t *len, struct perr *e);

/* Bytes of what input_slurp gave that the caller is done with for now:
 * where the file is mapped, their whole pages leave this process's
 * memory (read from the file again if touched); otherwise nothing. A
 * converter's input then costs what it is reading, not the file. */
void input_drop(struct input *in, const void *p, size_t n);
/* The same of bytes read in turn, from *from up to upto: let go a
 * megabyte at a time (*from moves on when they are). */
void input_drop_read(struct input *in, const unsigned char **from,
    const unsigned char *upto);

/* The n bytes at p, a zstd frame or several, decompressed into a buffer
 * of the caller's (free it) of at most input_bound(n) bytes: what the
 * Collector's file exporter compresses a message at a time. name: for
 * messages. */
int input_unzstd(const unsigned char *p, size_t n, const char *name,
    unsigned char **out, size_t *outlen, struct perr *e);
/* Whether the n bytes at p begin a zstd frame. */
int input_is_zstd(const unsigned char *p, size_t n);

#endif
