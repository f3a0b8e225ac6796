/* ch_http.h: queries to a ClickHouse server over its HTTP interface
 * (libcurl), their results read as they come, RowBinary: exact numbers,
 * texts with their lengths. */
#ifndef CH_HTTP_H
#define CH_HTTP_H

#include <stddef.h>
#include <stdint.h>

#include "base/perr.h"

struct ch_http;

/* The server and database of url, clickhouse://[user[:password]@]host:
 * port/database (port: its HTTP port), read only; each query bounded by
 * timeout seconds (0: the server's). NULL with e set. */
struct ch_http *ch_http_open(const char *url, unsigned timeout,
    struct perr *e);
/* What messages call it: the url without its password. */
const char *ch_http_name(const struct ch_http *h);
/* Runs sql (a SELECT; FORMAT RowBinary is added); its rows are read with
 * the ch_get functions. 0, or -1 with e set. */
int ch_http_query(struct ch_http *h, const char *sql, struct perr *e);
/* Whether the result has more bytes: 1, 0 at its end, -1 with e set. */
int ch_more(struct ch_http *h, struct perr *e);
/* The next n bytes of the result: a pointer valid until the next call, or
 * NULL with e set (the result ended within them). */
const unsigned char *ch_bytes(struct ch_http *h, size_t n, struct perr *e);
/* RowBinary's values: 0, or -1 with e set. A text's bytes (*n of them)
 * stay valid until the next call. */
int ch_u8(struct ch_http *h, uint8_t *v, struct perr *e);
int ch_u32(struct ch_http *h, uint32_t *v, struct perr *e);
int ch_u64(struct ch_http *h, uint64_t *v, struct perr *e);
int ch_i64(struct ch_http *h, int64_t *v, struct perr *e);
int ch_f64(struct ch_http *h, double *v, struct perr *e);
int ch_len(struct ch_http *h, uint64_t *n, struct perr *e);
int ch_text(struct ch_http *h, const char **p, size_t *n, struct perr *e);
/* The query's end (its remaining bytes dropped). */
void ch_http_done(struct ch_http *h);
void ch_http_close(struct ch_http *h);

#endif
