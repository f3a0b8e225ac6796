/*
 * The processed format's tables, made as the writer reads its samples
 * back (processed_write.c): a frame per location and inline depth, a
 * function per function (a location of none: its address), a source
 * per file, a library per mapping, a category per firefox.category, a
 * stack per distinct path, in the order first met, each after its
 * prefix.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"
#include "formats/firefox/processed_write_impl.h"

/* A row more of the arrays of a table: 0, or -1. */
#define GROW(w, a, cap, n) array_grow((void **)&(w)->a, &(w)->cap, (n) + 1, \
	sizeof(*(w)->a))

void
pw_tables_free(struct firefox_writer *w)
{
	u64map_free(&w->frame_of);
	u64map_free(&w->stack_of);
	u64map_free(&w->func_of);
	u64map_free(&w->lib_of);
	u64map_free(&w->file_of);
	u64map_free(&w->cat_of);
	strtab_free(&w->strs);
	free(w->fr_loc);
	free(w->fr_func);
	free(w->fr_cat);
	free(w->fr_depth);
	free(w->st_frame);
	free(w->st_prefix);
	free(w->fn_name);
	free(w->fn_file);
	free(w->fn_lib);
	free(w->fn_line);
	free(w->lib_map);
	free(w->file_str);
	free(w->cat_str);
}

/* String s (n bytes) of the shared stringArray: its index, or -1. */
int64_t
pw_str(struct firefox_writer *w, const char *s, size_t n)
{
	return strtab_intern(&w->strs, s, n);
}

/* The index (made when new) of key in map, whose rows count *n; *added. */
static int64_t
intern(struct u64map *map, uint64_t key, size_t *n, int *added)
{
	uint32_t *slot = u64map_put(map, key, (uint32_t)*n, added);

	if (slot == NULL)
		return -1;
	if (*added)
		(*n)++;
	return *slot;
}

/* The library (made when new) of mapping m. */
static int64_t
lib_ix(struct firefox_writer *w, uint32_t m)
{
	int added;
	int64_t k = intern(&w->lib_of, m, &w->nlib, &added);

	if (k >= 0 && added && GROW(w, lib_map, caplib, (size_t)k) == 0)
		w->lib_map[k] = m;
	return k >= 0 && (size_t)k < w->caplib ? k : -1;
}

/* The base name of a path. */
const char *
pw_base_name(const char *s)
{
	const char *b = strrchr(s, '/');

	return b != NULL && b[1] != '\0' ? b + 1 : s;
}

/* The function (made when new) of location loc: its function's, or one
 * of its address alone. */
static int64_t
func_ix(struct firefox_writer *w, const struct prof *p, uint32_t loc)
{
	const struct location *l = &p->locations[loc];
	const struct function *f;
	char hex[24];
	uint64_t key = l->function != PROF_NONE ? l->function :
	    (uint64_t)1 << 63 | loc;
	int64_t k, s, fl = -1, lib = -1;
	int added;

	if ((k = intern(&w->func_of, key, &w->nfn, &added)) < 0)
		return -1;
	if (!added)
		return k;
	if (GROW(w, fn_name, capfn, (size_t)k) < 0 ||
	    GROW(w, fn_file, capfn2, (size_t)k) < 0 ||
	    GROW(w, fn_lib, capfn3, (size_t)k) < 0 ||
	    GROW(w, fn_line, capfn4, (size_t)k) < 0)
		return -1;
	if (l->mapping != PROF_NONE && (lib = lib_ix(w, l->mapping)) < 0)
		return -1;
	if (l->function != PROF_NONE) {
		f = &p->functions[l->function];
		s = pw_str(w, prof_str(p, f->name), schema_unmarked(prof_str(p,
		    f->name), prof_strlen(p, f->name)));
		if (f->filename != PROF_NONE && prof_strlen(p, f->filename) > 0) {
			int64_t fs = pw_str(w, prof_str(p, f->filename),
			    prof_strlen(p, f->filename));
			if (fs < 0 || (fl = intern(&w->file_of, (uint64_t)fs,
			    &w->nfile, &added)) < 0)
				return -1;
			if (added && GROW(w, file_str, capfile, (size_t)fl) < 0)
				return -1;
			w->file_str[fl] = (uint32_t)fs;
		}
		w->fn_line[k] = f->start_line > 0 ? f->start_line : 0;
	} else {
		snprintf(hex, sizeof(hex), "0x%" PRIx64, l->address_na ? 0 :
		    l->address);
		s = pw_str(w, hex, strlen(hex));
		w->fn_line[k] = 0;
	}
	if (s < 0)
		return -1;
	w->fn_name[k] = (uint32_t)s;
	w->fn_file[k] = fl < 0 ? UINT32_MAX : (uint32_t)fl;
	w->fn_lib[k] = lib < 0 ? UINT32_MAX : (uint32_t)lib;
	return k;
}

/* The category of location loc: its firefox.category, else 0 (Other). */
static int64_t
cat_ix(struct firefox_writer *w, const struct prof *p, uint32_t loc)
{
	uint32_t a;
	int64_t s, k;
	int added;

	for (a = p->locations[loc].attr_head; a != PROF_NONE;
	    a = p->lattrs[a].next) {
		const struct attr *at = &p->lattrs[a].a;
		if (strcmp(prof_str(p, at->key), "firefox.category") != 0 ||
		    strcmp(prof_str(p, at->value), "Other") == 0)
			continue;
		if ((s = pw_str(w, prof_str(p, at->value),
		    prof_strlen(p, at->value))) < 0 ||
		    (k = intern(&w->cat_of, (uint64_t)s, &w->ncat, &added)) < 0)
			return -1;
		if (added && GROW(w, cat_str, capcat, (size_t)k) < 0)
			return -1;
		w->cat_str[k] = (uint32_t)s;
		return k + 1;
	}
	return 0;
}

/* The stack of the sample whose locations are w->locs[0..n) (leaf
 * first): its index + 1 (0: none), its frames and stacks made when new
 * (make), else looked up. -1 when out of memory. */
int64_t
pw_stack(struct firefox_writer *w, const struct prof *p, size_t n, int make)
{
	int64_t prefix = -1, fr, fn, cat;
	uint64_t key;
	unsigned depth = 0;
	uint32_t *slot, loc;
	int added;
	size_t i;

	for (i = n; i-- > 0;) {
		loc = w->locs[i];
		/* inlined into the frame before (its caller): one deeper */
		depth = p->locations[loc].inlined && depth < 255 ? depth + 1 :
		    0;
		if (p->locations[loc].inlined && i + 1 == n)
			depth = 0;
		key = (uint64_t)loc << 8 | depth;
		if (!make) {
			if ((slot = u64map_get(&w->frame_of, key)) == NULL)
				return -1;
			fr = *slot;
		} else {
			if ((fr = intern(&w->frame_of, key, &w->nfr,
			    &added)) < 0)
				return -1;
			if (added) {
				if (GROW(w, fr_loc, capfr, (size_t)fr) < 0 ||
				    GROW(w, fr_func, capfr2, (size_t)fr) < 0 ||
				    GROW(w, fr_cat, capfr3, (size_t)fr) < 0 ||
				    GROW(w, fr_depth, capfr4, (size_t)fr) < 0 ||
				    (fn = func_ix(w, p, loc)) < 0 ||
				    (cat = cat_ix(w, p, loc)) < 0)
					return -1;
				w->fr_loc[fr] = loc;
				w->fr_func[fr] = (uint32_t)fn;
				w->fr_cat[fr] = (uint32_t)cat;
				w->fr_depth[fr] = (unsigned char)depth;
			}
		}
		key = (uint64_t)(prefix + 1) << 32 | (uint64_t)fr;
		if (!make) {
			if ((slot = u64map_get(&w->stack_of, key)) == NULL)
				return -1;
			prefix = *slot;
			continue;
		}
		if ((prefix = intern(&w->stack_of, key, &w->nst,
		    &added)) < 0)
			return -1;
		if (added) {
			if (GROW(w, st_frame, capst, (size_t)prefix) < 0 ||
			    GROW(w, st_prefix, capst2, (size_t)prefix) < 0)
				return -1;
			w->st_frame[prefix] = (uint32_t)fr;
			w->st_prefix[prefix] = (uint32_t)(key >> 32) - 1;
		}
	}
	return prefix + 1;
}
