/* pprof's -tagroot and -tagleaf (labelframes.h). */
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "sample/labelframes.h"
#include "sample/units.h"

struct label_frames {
	char **root, **leaf;	/* the keys */
	size_t nroot, nleaf;
	struct strtab frames;	/* "key\0values" -> the frame's number */
	uint32_t *locs;		/* the stack made */
	size_t caplocs;
	char *buf;		/* "key\0values" being made */
	size_t capbuf;
	int root_matched, leaf_matched;
};

/* The non-empty keys of a comma-separated list. */
static int
keys(const char *list, char ***out, size_t *n)
{
	const char *p = list, *end;
	size_t cap = 0;
	char *k;

	*out = NULL;
	*n = 0;
	while (list != NULL && *p != '\0') {
		end = strchr(p, ',');
		if (end == NULL)
			end = p + strlen(p);
		if (end > p) {
			if ((k = strndup(p, (size_t)(end - p))) == NULL ||
			    ARRAY_ROOM(*out, *n, cap) < 0) {
				free(k);
				return -1;
			}
			(*out)[(*n)++] = k;
		}
		p = *end == ',' ? end + 1 : end;
	}
	return 0;
}

struct label_frames *
label_frames_new(const char *root, const char *leaf)
{
	struct label_frames *lf = calloc(1, sizeof(*lf));

	if (lf == NULL || keys(root, &lf->root, &lf->nroot) < 0 ||
	    keys(leaf, &lf->leaf, &lf->nleaf) < 0) {
		label_frames_free(lf);
		return NULL;
	}
	return lf;
}

void
label_frames_free(struct label_frames *lf)
{
	size_t i;

	if (lf == NULL)
		return;
	for (i = 0; i < lf->nroot; i++)
		free(lf->root[i]);
	for (i = 0; i < lf->nleaf; i++)
		free(lf->leaf[i]);
	free(lf->root);
	free(lf->leaf);
	strtab_free(&lf->frames);
	free(lf->locs);
	free(lf->buf);
	free(lf);
}

int
label_frames_any(const struct label_frames *lf)
{
	return lf != NULL && (lf->nroot > 0 || lf->nleaf > 0);
}

/* Appends n bytes to the frame's text at *len. */
static int
lf_put(struct label_frames *lf, size_t *len, const char *s, size_t n)
{
	if (array_grow((void **)&lf->buf, &lf->capbuf, *len + n + 1, 1) < 0)
		return -1;
	memcpy(lf->buf + *len, s, n);
	*len += n;
	return 0;
}

/* The frame of key for s, as pprof's formatLabelValues makes its name:
 * the string values, then the numbers; its number, or -1. *matched: s
 * has a value of key. */
static int64_t
lf_frame(struct label_frames *lf, const struct prof *p, const struct sample *s,
    const char *key, int *matched)
{
	size_t len = 0, i, values = 0;
	const struct slabel *l;
	char num[64];
	int pass;

	if (lf_put(lf, &len, key, strlen(key) + 1) < 0)
		return -1;
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < s->nlabels; i++) {
			l = &s->labels[i];
			if (l->num_na != (pass == 0) ||
			    strcmp(prof_str(p, l->key), key) != 0)
				continue;
			if (values++ > 0 && lf_put(lf, &len, ",", 1) < 0)
				return -1;
			if (pass == 0) {
				if (lf_put(lf, &len, prof_str(p, l->str),
				    strlen(prof_str(p, l->str))) < 0)
					return -1;
			} else {
				/* its own unit, else none: not the unit
				 * -tags infers from the key (pprof's
				 * profiles, merged, have "" there) */
				unit_label(num, sizeof(num), (double)l->num,
				    l->num_unit != PROF_NONE ?
				    prof_str(p, l->num_unit) : "", "minimum");
				if (lf_put(lf, &len, num, strlen(num)) < 0)
					return -1;
			}
		}
	*matched |= values > 0;
	return strtab_intern(&lf->frames, lf->buf, len);
}

int
label_frames_stack(struct label_frames *lf, const struct prof *p,
    const struct sample *s, const uint32_t **locs, size_t *n)
{
	size_t i, k = 0;
	int64_t f;

	if (array_grow((void **)&lf->locs, &lf->caplocs, s->nlocs + lf->nroot +
	    lf->nleaf + 1, sizeof(*lf->locs)) < 0)
		return -1;
	/* as addLabelNodes: each list from its last key, so that the last
	 * leaf key is the leaf and the first root key the root */
	for (i = lf->nleaf; i-- > 0; ) {
		if ((f = lf_frame(lf, p, s, lf->leaf[i], &lf->leaf_matched)) < 0)
			return -1;
		lf->locs[k++] = LABEL_FRAME_BASE + (uint32_t)f;
	}
	if (s->nlocs > 0)
		memcpy(lf->locs + k, s->locs, s->nlocs * sizeof(*s->locs));
	k += s->nlocs;
	for (i = lf->nroot; i-- > 0; ) {
		if ((f = lf_frame(lf, p, s, lf->root[i], &lf->root_matched)) < 0)
			return -1;
		lf->locs[k++] = LABEL_FRAME_BASE + (uint32_t)f;
	}
	*locs = lf->locs;
	*n = k;
	return 0;
}

const char *
label_frame_key(const struct label_frames *lf, uint32_t li)
{
	return strtab_str(&lf->frames, li - LABEL_FRAME_BASE);
}

const char *
label_frame_name(const struct label_frames *lf, uint32_t li)
{
	const char *key = label_frame_key(lf, li);

	return key + strlen(key) + 1;
}

int
label_frames_root_matched(const struct label_frames *lf)
{
	return lf->nroot == 0 || lf->root_matched;
}

int
label_frames_leaf_matched(const struct label_frames *lf)
{
	return lf->nleaf == 0 || lf->leaf_matched;
}
