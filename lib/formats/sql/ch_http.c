/*
 * ClickHouse over HTTP (ch_http.h), by libcurl's multi interface: a
 * query's result is pulled as the reader needs it, at most CH_BUF bytes
 * held (the transfer pauses while they wait), so that memory stays flat
 * however large the result. The server holds the whole result before it
 * answers (wait_end_of_query), so that an error is a status and its
 * message, never a result cut short.
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/sql/ch_http.h"
#include "io/input.h"

#define CH_BUF (1u << 20)

struct ch_http {
	CURLM *multi;
	CURL *easy;
	char *base;		/* http://host:port/?database=...&... */
	char *name;		/* the url without its password */
	char *user, *password;
	char *sql;		/* the query being run */
	unsigned char *buf;	/* received, not yet taken, from pos */
	size_t pos, len, cap;
	int running;		/* the transfer is on */
	int paused;
	size_t want;		/* bytes the reader waits for */
	int failed;		/* it ended in an error (e set) */
	long status;
	char err[CURL_ERROR_SIZE];
};

static int curl_ready;

static size_t
received(char *p, size_t size, size_t n, void *ctx)
{
	struct ch_http *h = ctx;
	size_t bytes = size * n;

	/* room for it, or a pause until the reader takes some */
	if (h->pos > 0 && h->len + bytes > h->cap) {
		memmove(h->buf, h->buf + h->pos, h->len - h->pos);
		h->len -= h->pos;
		h->pos = 0;
	}
	if (h->len - h->pos >= (h->want > CH_BUF ? h->want : CH_BUF) &&
	    h->status == 200) {
		h->paused = 1;
		return CURL_WRITEFUNC_PAUSE;
	}
	if (array_grow((void **)&h->buf, &h->cap, h->len + bytes, 1) < 0)
		return 0;	/* the transfer fails: out of memory */
	memcpy(h->buf + h->len, p, bytes);
	h->len += bytes;
	return bytes;
}

/* The url's parts: clickhouse://[user[:password]@]host[:port]/db. */
static int
parse_url(struct ch_http *h, const char *url, unsigned timeout,
    struct perr *e)
{
	const char *p = url + strlen("clickhouse://"), *at, *slash, *colon;
	char *db, *host;
	size_t n;

	slash = strchr(p, '/');
	at = strchr(p, '@');
	if (at != NULL && slash != NULL && at > slash)
		at = NULL;
	if (slash == NULL || slash[1] == '\0' || strchr(slash + 1, '/') ||
	    strchr(slash + 1, '?'))
		return perr_set(e, "%s: not clickhouse://[user[:password]@]"
		    "host:port/database", url);
	if (at != NULL) {
		colon = memchr(p, ':', (size_t)(at - p));
		n = (size_t)((colon != NULL ? colon : at) - p);
		h->user = curl_easy_unescape(h->easy, p, (int)n, NULL);
		if (colon != NULL)
			h->password = curl_easy_unescape(h->easy, colon + 1,
			    (int)(at - colon - 1), NULL);
		p = at + 1;
	}
	host = strndup(p, (size_t)(slash - p));
	db = curl_easy_escape(h->easy, slash + 1, 0);
	n = strlen(url) + strlen(db != NULL ? db : "") + 256;
	h->base = malloc(n);
	h->name = malloc(strlen(url) + 1);
	if (host == NULL || db == NULL || h->base == NULL || h->name == NULL) {
		free(host);
		curl_free(db);
		return perr_nomem(e);
	}
	/* read only (2: its settings may be set), the whole result held
	 * before it is sent, each query bounded in time */
	snprintf(h->base, n, "http://%s/?database=%s&readonly=2&"
	    "wait_end_of_query=1&max_execution_time=%u", host, db, timeout);
	snprintf(h->name, strlen(url) + 1, "clickhouse://%s%s%s%s",
	    h->user != NULL ? h->user : "", h->user != NULL ? "@" : "", host,
	    slash);
	free(host);
	curl_free(db);
	return 0;
}

void
ch_http_close(struct ch_http *h)
{
	if (h == NULL)
		return;
	ch_http_done(h);
	if (h->easy != NULL)
		curl_easy_cleanup(h->easy);
	if (h->multi != NULL)
		curl_multi_cleanup(h->multi);
	curl_free(h->user);
	curl_free(h->password);
	free(h->base);
	free(h->name);
	free(h->buf);
	free(h);
}

struct ch_http *
ch_http_open(const char *url, unsigned timeout, struct perr *e)
{
	struct ch_http *h;

	if (!curl_ready) {
		if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0) {
			perr_set(e, "libcurl would not start");
			return NULL;
		}
		curl_ready = 1;
	}
	if ((h = calloc(1, sizeof(*h))) == NULL ||
	    (h->easy = curl_easy_init()) == NULL ||
	    (h->multi = curl_multi_init()) == NULL) {
		ch_http_close(h);
		perr_nomem(e);
		return NULL;
	}
	if (parse_url(h, url, timeout, e) < 0) {
		ch_http_close(h);
		return NULL;
	}
	return h;
}

const char *
ch_http_name(const struct ch_http *h)
{
	return h->name;
}

void
ch_http_done(struct ch_http *h)
{
	if (h->running || h->sql != NULL)
		curl_multi_remove_handle(h->multi, h->easy);
	h->running = 0;
	h->paused = 0;
	free(h->sql);
	h->sql = NULL;
	h->pos = h->len = 0;
}

int
ch_http_query(struct ch_http *h, const char *sql, struct perr *e)
{
	size_t n = strlen(sql);

	ch_http_done(h);
	if ((h->sql = malloc(n + sizeof(" FORMAT RowBinary"))) == NULL)
		return perr_nomem(e);
	memcpy(h->sql, sql, n);
	memcpy(h->sql + n, " FORMAT RowBinary", sizeof(" FORMAT RowBinary"));
	curl_easy_reset(h->easy);
	curl_easy_setopt(h->easy, CURLOPT_URL, h->base);
	curl_easy_setopt(h->easy, CURLOPT_POSTFIELDS, h->sql);
	curl_easy_setopt(h->easy, CURLOPT_POSTFIELDSIZE_LARGE,
	    (curl_off_t)strlen(h->sql));
	curl_easy_setopt(h->easy, CURLOPT_WRITEFUNCTION, received);
	curl_easy_setopt(h->easy, CURLOPT_WRITEDATA, h);
	curl_easy_setopt(h->easy, CURLOPT_ERRORBUFFER, h->err);
	curl_easy_setopt(h->easy, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h->easy, CURLOPT_PROTOCOLS_STR, "http,https");
	if (h->user != NULL) {
		curl_easy_setopt(h->easy, CURLOPT_USERNAME, h->user);
		curl_easy_setopt(h->easy, CURLOPT_PASSWORD,
		    h->password != NULL ? h->password : "");
	}
	h->err[0] = '\0';
	h->status = 0;
	h->failed = 0;
	if (curl_multi_add_handle(h->multi, h->easy) != CURLM_OK)
		return perr_set(e, "%s: libcurl would not start a query",
		    h->name);
	h->running = 1;
	return 0;
}

/* The transfer ended: its status, and the server's message on an error
 * (its first line, as ClickHouse writes "Code: N, e.displayText() = ..."). */
static int
finished(struct ch_http *h, CURLcode rc, struct perr *e)
{
	size_t n;
	char *nl;

	h->running = 0;
	curl_easy_getinfo(h->easy, CURLINFO_RESPONSE_CODE, &h->status);
	if (rc != CURLE_OK) {
		h->failed = 1;
		return perr_set(e, "%s: %s", h->name, h->err[0] ? h->err :
		    curl_easy_strerror(rc));
	}
	if (h->status != 200) {
		h->failed = 1;
		n = h->len - h->pos;
		nl = memchr(h->buf + h->pos, '\n', n);
		if (nl != NULL)
			n = (size_t)(nl - (char *)h->buf - h->pos);
		if (n > 400)
			n = 400;
		return perr_set(e, "%s: the server answered %ld: %.*s",
		    h->name, h->status, (int)n, h->buf != NULL ?
		    (char *)h->buf + h->pos : "");
	}
	return 0;
}

/* Moves the transfer on until n bytes are held or it ends: 0, -1. Bytes
 * are given out only once the status says they are a result: an error's
 * message is read whole before it is said. */
static int
fill(struct ch_http *h, size_t n, struct perr *e)
{
	CURLMsg *m;
	int still, left;

	h->want = n;
	for (;;) {
		if (h->status == 0)
			curl_easy_getinfo(h->easy, CURLINFO_RESPONSE_CODE,
			    &h->status);
		if (!h->running ||
		    (h->status == 200 && h->len - h->pos >= n))
			break;
		if (h->paused) {
			h->paused = 0;
			curl_easy_pause(h->easy, CURLPAUSE_CONT);
		}
		if (curl_multi_perform(h->multi, &still) != CURLM_OK)
			return perr_set(e, "%s: libcurl failed", h->name);
		while ((m = curl_multi_info_read(h->multi, &left)) != NULL)
			if (m->msg == CURLMSG_DONE &&
			    finished(h, m->data.result, e) < 0)
				return -1;
		if (h->running && !h->paused && curl_multi_poll(h->multi,
		    NULL, 0, 1000, NULL) != CURLM_OK)
			return perr_set(e, "%s: libcurl failed", h->name);
	}
	return h->failed ? -1 : 0;
}

int
ch_more(struct ch_http *h, struct perr *e)
{
	if (fill(h, 1, e) < 0)
		return -1;
	return h->len > h->pos;
}

const unsigned char *
ch_bytes(struct ch_http *h, size_t n, struct perr *e)
{
	const unsigned char *p;

	if (fill(h, n, e) < 0)
		return NULL;
	if (h->len - h->pos < n) {
		perr_set(e, "%s: a result cut short", h->name);
		return NULL;
	}
	p = h->buf + h->pos;
	h->pos += n;
	return p;
}

static int
le(struct ch_http *h, size_t n, uint64_t *v, struct perr *e)
{
	const unsigned char *p = ch_bytes(h, n, e);
	size_t i;

	if (p == NULL)
		return -1;
	for (*v = 0, i = 0; i < n; i++)
		*v |= (uint64_t)p[i] << (8 * i);
	return 0;
}

int
ch_u8(struct ch_http *h, uint8_t *v, struct perr *e)
{
	uint64_t x;

	if (le(h, 1, &x, e) < 0)
		return -1;
	*v = (uint8_t)x;
	return 0;
}

int
ch_u32(struct ch_http *h, uint32_t *v, struct perr *e)
{
	uint64_t x;

	if (le(h, 4, &x, e) < 0)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

int
ch_u64(struct ch_http *h, uint64_t *v, struct perr *e)
{
	return le(h, 8, v, e);
}

int
ch_i64(struct ch_http *h, int64_t *v, struct perr *e)
{
	uint64_t x;

	if (le(h, 8, &x, e) < 0)
		return -1;
	*v = (int64_t)x;
	return 0;
}

int
ch_f64(struct ch_http *h, double *v, struct perr *e)
{
	uint64_t x;

	if (le(h, 8, &x, e) < 0)
		return -1;
	memcpy(v, &x, 8);
	return 0;
}

/* RowBinary's lengths: LEB128. */
int
ch_len(struct ch_http *h, uint64_t *n, struct perr *e)
{
	const unsigned char *p;
	int shift;

	for (*n = 0, shift = 0; shift < 64; shift += 7) {
		if ((p = ch_bytes(h, 1, e)) == NULL)
			return -1;
		*n |= (uint64_t)(*p & 0x7f) << shift;
		if ((*p & 0x80) == 0)
			return 0;
	}
	return perr_set(e, "%s: a length past 64 bits", h->name);
}

int
ch_text(struct ch_http *h, const char **p, size_t *n, struct perr *e)
{
	uint64_t len;

	if (ch_len(h, &len, e) < 0)
		return -1;
	if (len > INPUT_MAX_LINE)
		return perr_set(e, "%s: a text of %llu bytes, past a stream "
		    "line's", h->name, (unsigned long long)len);
	if ((*p = (const char *)ch_bytes(h, (size_t)len, e)) == NULL)
		return -1;
	*n = (size_t)len;
	return 0;
}
