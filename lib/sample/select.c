#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/array.h"

#include "sample/select.h"

int
source_set_parse(struct source_set *s, const char *list, struct perr *e)
{
	const char *p = list;
	uint64_t id;

	memset(s, 0, sizeof(*s));
	for (;;) {
		for (id = 0; *p >= '0' && *p <= '9' && id <= INT32_MAX; p++)
			id = id * 10 + (uint64_t)(*p - '0');
		if (id == 0 || id > INT32_MAX || (*p != ',' && *p != '\0'))
			return perr_set(e, "'%s' is not a list of source ids "
			    "(such as 1,3)", list);
		if (u64map_put(&s->ids, id, 1, NULL) == NULL)
			return perr_nomem(e);
		if (*p++ == '\0')
			return 0;
	}
}

int
source_set_add(struct source_set *s, uint32_t id)
{
	return u64map_put(&s->ids, id, 1, NULL) == NULL ? -1 : 0;
}

void
source_set_free(struct source_set *s)
{
	u64map_free(&s->ids);
}

int
source_set_has_id(const struct source_set *s, uint32_t id)
{
	return s->ids.n == 0 || u64map_get(&s->ids, id) != NULL;
}

int
source_set_has(const struct source_set *s, const struct prof *p,
    const struct sample *smp)
{
	return source_set_has_id(s, p->sources[smp->source].id);
}

int
source_check(uint32_t id, const struct prof *p, struct perr *e)
{
	char list[128];
	size_t i, n = 0;
	uint32_t ix;

	if (prof_source_index(p, id, &ix) == 0)
		return 0;
	list[0] = '\0';
	for (i = 0; i < p->nsources && n < sizeof(list) - 16; i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%u",
		    i ? ", " : "", p->sources[i].id);
	if (i < p->nsources)
		snprintf(list + n, sizeof(list) - n, ", ...");
	return perr_set(e, "no source %u in the input (%s%s)", id,
	    p->nsources == 0 ? "it has none" : p->nsources == 1 ?
	    "its source: " : "its sources: ", list);
}

int
source_set_check(const struct source_set *s, const struct prof *p,
    struct perr *e)
{
	size_t i;

	for (i = 0; s->ids.keys != NULL && i <= s->ids.mask; i++)
		if (s->ids.keys[i] != U64MAP_EMPTY &&
		    source_check((uint32_t)s->ids.keys[i], p, e) < 0)
			return -1;
	return 0;
}

int64_t
value_types_add(struct value_types *v, const char *type, size_t typelen,
    const char *unit, size_t unitlen)
{
	size_t n = v->names.n;
	int64_t k = strtab_intern(&v->names, type, typelen), u;

	if (k < 0 || v->names.n == n)
		return k;
	if ((u = strtab_intern(&v->units, unit, unitlen)) < 0 ||
	    ARRAY_ROOM(v->unit, (size_t)k, v->capunit) < 0)
		return -1;
	v->unit[k] = (uint32_t)u;
	return k;
}

int64_t
value_types_choose(const struct value_types *v, const char *want,
    struct perr *e)
{
	char list[512];
	size_t i, n = 0;
	int64_t k;

	if (want == NULL) {
		if ((k = strtab_find(&v->names, VALUE_SAMPLES,
		    strlen(VALUE_SAMPLES))) >= 0)
			return k;
		if (v->names.n > 0)
			return 0;
		return perr_set(e, "no samples with values");
	}
	if ((k = strtab_find(&v->names, want, strlen(want))) >= 0)
		return k;
	list[0] = '\0';
	for (i = 0; i < v->names.n && n < sizeof(list) - 1; i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s",
		    i ? ", " : "", strtab_str(&v->names, i));
	return perr_set(e, "no values of type '%s' (the types are: %s)", want,
	    v->names.n ? list : "none");
}

void
value_types_free(struct value_types *v)
{
	strtab_free(&v->names);
	strtab_free(&v->units);
	free(v->unit);
}

int64_t
frame_name(struct prof *p, const struct location *l)
{
	const char *file, *base, *name;
	char *b;
	size_t n;
	int64_t k;

	if (l->function != PROF_NONE) {
		name = prof_str(p, p->functions[l->function].name);
		if (strcmp(name, SCHEMA_EMPTY) != 0)
			return p->functions[l->function].name;
	}
	if (l->mapping == PROF_NONE ||
	    *(file = prof_str(p, p->mappings[l->mapping].filename)) == '\0')
		return prof_intern(p, "<unknown>", 9);
	n = strlen(file);
	while (n > 1 && file[n - 1] == '/')
		n--;
	for (base = file + n; base > file && base[-1] != '/'; base--)
		;
	n = (size_t)(file + n - base);
	if ((b = malloc(n + 3)) == NULL)
		return -1;
	b[0] = '[';
	memcpy(b + 1, base, n);
	b[n + 1] = ']';
	k = prof_intern(p, b, n + 2);
	free(b);
	return k;
}
