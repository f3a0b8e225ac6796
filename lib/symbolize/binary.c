/*
 * A mapping's binary (binary.h): found as pprof finds one, then read
 * through libdwfl, which also finds its separate debug file (by build ID
 * under the debug directory, or by .gnu_debuglink). An address of the
 * mapping's memory becomes one of the file's own through its loadable
 * segments; its frames are the scopes DWARF gives there, innermost first,
 * named and placed as eu-addr2line -f -i names and places them: the
 * innermost at the line table's line, each outer one at the call site of
 * the one inlined into it. Without DWARF, the ELF symbol.
 */
#include <ctype.h>
#include <dwarf.h>
#include <elfutils/debuginfod.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/array.h"
#include "symbolize/binary.h"

struct binary {
	Dwfl_Callbacks cb;	/* libdwfl keeps a pointer to it */
	char *debuginfo_path;
	Dwfl *dwfl;
	Dwfl_Module *mod;
	char *path;
	int exec;		/* ET_EXEC: its addresses are its own */
	GElf_Phdr *loads;	/* its PT_LOAD segments */
	size_t nloads;
	uint64_t start, limit, offset;
	int dwarf;
	struct binary_frame *fr;
	size_t nfr, capfr;
	char **joined;		/* the frames' file names made here */
	size_t njoined, capjoined;
	/* the compilation units' ranges, for a file without
	 * .debug_aranges (Go's): made at the first address libdw's own
	 * lookup does not place */
	struct binary_cu {
		Dwarf_Addr start, end;
		Dwarf_Off die;
	} *cus;
	size_t ncus, capcus;
	int cus_made;
};

/* The build ID of mod, in lower-case hex, into buf: its length, 0 for
 * none. */
static size_t
binary_build_id(Dwfl_Module *mod, char *buf, size_t n)
{
	const unsigned char *bits;
	GElf_Addr vaddr;
	int len = dwfl_module_build_id(mod, &bits, &vaddr), i;

	if (len <= 0 || (size_t)len * 2 + 1 > n)
		return 0;
	for (i = 0; i < len; i++)
		snprintf(buf + 2 * i, 3, "%02x", bits[i]);
	return (size_t)len * 2;
}

/* Whether hex strings a and b are one build ID. */
static int
binary_same_id(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
	return *a == *b;
}

static void
binary_unload(struct binary *b)
{
	if (b->dwfl != NULL)
		dwfl_end(b->dwfl);
	b->dwfl = NULL;
	b->mod = NULL;
}

/*
 * The file at path as b's binary: 1 when it is the mapping's (its build
 * ID, when the mapping names one), 0 when not (why set), -1 when out of
 * memory.
 */
static int
binary_try(struct binary *b, const char *path, const struct binary_mapping *m,
    char *why, size_t nwhy)
{
	struct stat st;
	char id[256];
	Dwarf_Addr bias;
	GElf_Ehdr eh;
	GElf_Phdr ph;
	Elf *elf;
	size_t i, n;

	/* a file of the profile's naming: never the kernel's or a
	 * device's (/proc/kcore is a "regular" file of terabytes) */
	if (strncmp(path, "/proc/", 6) == 0 || strncmp(path, "/sys/", 5) ==
	    0 || stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	if ((b->dwfl = dwfl_begin(&b->cb)) == NULL)
		return -1;
	dwfl_report_begin(b->dwfl);
	b->mod = dwfl_report_offline(b->dwfl, path, path, -1);
	dwfl_report_end(b->dwfl, NULL, NULL);
	if (b->mod == NULL) {
		snprintf(why, nwhy, "%s: not ELF (%s)", path, dwfl_errmsg(-1));
		binary_unload(b);
		return 0;
	}
	if (m->build_id[0] != '\0') {
		n = binary_build_id(b->mod, id, sizeof(id));
		if (n == 0 || !binary_same_id(id, m->build_id)) {
			snprintf(why, nwhy, "%s: build ID %s, not the "
			    "mapping's %s", path, n > 0 ? id : "(none)",
			    m->build_id);
			binary_unload(b);
			return 0;
		}
	}
	if ((elf = dwfl_module_getelf(b->mod, &bias)) == NULL ||
	    gelf_getehdr(elf, &eh) == NULL) {
		snprintf(why, nwhy, "%s: not ELF", path);
		binary_unload(b);
		return 0;
	}
	b->exec = eh.e_type == ET_EXEC;
	if (elf_getphdrnum(elf, &n) < 0)
		n = 0;
	free(b->loads);
	b->loads = NULL;
	b->nloads = 0;
	if (n > 0 && (b->loads = calloc(n, sizeof(*b->loads))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		if (gelf_getphdr(elf, (int)i, &ph) != NULL &&
		    ph.p_type == PT_LOAD)
			b->loads[b->nloads++] = ph;
	b->dwarf = dwfl_module_getdwarf(b->mod, &bias) != NULL;
	if ((b->path = strdup(path)) == NULL)
		return -1;
	return 1;
}

/* The executable of the mapping's build ID from the debuginfod servers
 * of $DEBUGINFOD_URLS, through their client's cache: 1, 0 (why set),
 * -1 when out of memory. */
static int
binary_debuginfod(struct binary *b, const struct binary_mapping *m,
    char *why, size_t nwhy)
{
	debuginfod_client *c = debuginfod_begin();
	char *got = NULL;
	int fd, rc;

	if (c == NULL) {
		snprintf(why, nwhy, "debuginfod: no client");
		return 0;
	}
	fd = debuginfod_find_executable(c, (const unsigned char *)m->build_id,
	    0, &got);
	if (fd < 0) {
		snprintf(why, nwhy, "not here, and debuginfod: %s",
		    strerror(-fd));
		rc = 0;
	} else {
		close(fd);
		rc = binary_try(b, got, m, why, nwhy);
	}
	free(got);
	debuginfod_end(c);
	return rc;
}

/* Each place pprof looks for the mapping's file, in its order: into
 * b, 1 when found, 0 when not, -1 when out of memory. */
static int
binary_find(struct binary *b, const struct binary_mapping *m,
    const struct binary_search *s, char *why, size_t nwhy)
{
	const char *base = strrchr(m->file, '/'), *dir, *end;
	const char *id = m->build_id;
	char *path = NULL;
	size_t cap = 0, need;
	int rc = 0, k;

	base = base != NULL ? base + 1 : m->file;
	for (dir = s->path; rc == 0 && dir != NULL && *dir != '\0'; dir =
	    *end == ':' ? end + 1 : end) {
		end = strchr(dir, ':');
		if (end == NULL)
			end = dir + strlen(dir);
		need = (size_t)(end - dir) + strlen(m->file) + strlen(id) + 8;
		if (array_grow((void **)&path, &cap, need, 1) < 0) {
			rc = -1;
			break;
		}
		/* DIR/ID/BASE, DIR/FILE/ID (perf's), DIR/BASE, DIR/FILE */
		for (k = 0; rc == 0 && k < 4; k++) {
			if (k < 2 && id[0] == '\0')
				continue;
			if (k == 0)
				snprintf(path, cap, "%.*s/%s/%s",
				    (int)(end - dir), dir, id, base);
			else if (k == 1)
				snprintf(path, cap, "%.*s/%s/%s",
				    (int)(end - dir), dir, m->file, id);
			else
				snprintf(path, cap, "%.*s/%s",
				    (int)(end - dir), dir, k == 2 ? base :
				    m->file);
			rc = binary_try(b, path, m, why, nwhy);
		}
	}
	/* the debug file of its build ID: its DWARF and symbols */
	if (rc == 0 && id[0] != '\0' && strlen(id) > 2 && s->debug_dir != NULL) {
		need = strlen(s->debug_dir) + strlen(id) + 24;
		if (array_grow((void **)&path, &cap, need, 1) < 0)
			rc = -1;
		else {
			snprintf(path, cap, "%s/.build-id/%.2s/%s.debug",
			    s->debug_dir, id, id + 2);
			rc = binary_try(b, path, m, why, nwhy);
		}
	}
	if (rc == 0 && m->file[0] != '\0')
		rc = binary_try(b, m->file, m, why, nwhy);
	if (rc == 0 && id[0] != '\0' && s->debuginfod)
		rc = binary_debuginfod(b, m, why, nwhy);
	free(path);
	return rc;
}

struct binary *
binary_open(const struct binary_mapping *m, const struct binary_search *s,
    char *why, size_t nwhy, struct perr *e)
{
	struct binary *b = calloc(1, sizeof(*b));
	const char *dir;
	int rc;

	why[0] = '\0';
	if (b == NULL) {
		perr_nomem(e);
		return NULL;
	}
	/* separate debug files: beside the file, in .debug/, and under the
	 * debug directory (libdwfl's syntax) */
	dir = s->debug_dir != NULL ? s->debug_dir : "/usr/lib/debug";
	if ((b->debuginfo_path = malloc(strlen(dir) + 9)) == NULL) {
		free(b);
		perr_nomem(e);
		return NULL;
	}
	snprintf(b->debuginfo_path, strlen(dir) + 9, ":.debug:%s", dir);
	b->cb.find_elf = dwfl_build_id_find_elf;
	b->cb.find_debuginfo = dwfl_standard_find_debuginfo;
	b->cb.section_address = dwfl_offline_section_address;
	b->cb.debuginfo_path = &b->debuginfo_path;
	b->start = m->start;
	b->limit = m->limit;
	b->offset = m->offset;
	rc = binary_find(b, m, s, why, nwhy);
	if (rc == 1)
		return b;
	if (rc < 0)
		perr_nomem(e);
	else if (why[0] == '\0')
		snprintf(why, nwhy, "no such file%s%s%s", m->build_id[0] !=
		    '\0' ? ", nor one of build ID " : "", m->build_id,
		    s->path != NULL && *s->path != '\0' ?
		    " here or on the binary path" : "");
	binary_close(b);
	return NULL;
}

/* The file names joined for the last frames, freed. */
static void
binary_forget(struct binary *b)
{
	while (b->njoined > 0)
		free(b->joined[--b->njoined]);
}

void
binary_close(struct binary *b)
{
	if (b == NULL)
		return;
	binary_unload(b);
	free(b->debuginfo_path);
	free(b->path);
	free(b->loads);
	binary_forget(b);
	free(b->cus);
	free(b->joined);
	free(b->fr);
	free(b);
}

const char *
binary_path(const struct binary *b)
{
	return b->path;
}

int
binary_has_dwarf(const struct binary *b)
{
	return b->dwarf;
}

/* addr of the mapping's memory as an address of the file: through the
 * segment that holds its file offset. A mapping of no range (perf
 * script's frames, whose addresses are the file's own) and an ET_EXEC
 * file with no such segment keep it. */
static uint64_t
binary_file_address(const struct binary *b, uint64_t addr)
{
	uint64_t off;
	size_t i;

	if (b->start == 0 && b->limit == 0)
		return addr;
	off = addr - b->start + b->offset;
	for (i = 0; i < b->nloads; i++)
		if (off >= b->loads[i].p_offset && off - b->loads[i].p_offset <
		    b->loads[i].p_filesz)
			return off - b->loads[i].p_offset + b->loads[i].p_vaddr;
	return b->exec ? addr : off;
}

static struct binary_frame *
binary_push(struct binary *b)
{
	struct binary_frame *f;

	if (ARRAY_ROOM(b->fr, b->nfr, b->capfr) < 0)
		return NULL;
	f = &b->fr[b->nfr++];
	memset(f, 0, sizeof(*f));
	return f;
}

/* A DIE's attribute, through its abstract origin and specification. */
static const char *
binary_die_string(Dwarf_Die *d, unsigned name)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(d, name, &a) != NULL ?
	    dwarf_formstring(&a) : NULL;
}

/* A function's name as eu-addr2line gives it: its linkage name (C++'s,
 * mangled), else its name. */
static void
binary_die_names(Dwarf_Die *d, struct binary_frame *f)
{
	const char *link = binary_die_string(d, DW_AT_linkage_name);
	int line;

	if (link == NULL)
		link = binary_die_string(d, DW_AT_MIPS_linkage_name);
	f->name = link != NULL ? link : binary_die_string(d, DW_AT_name);
	f->system_name = f->name;
	if (dwarf_decl_line(d, &line) == 0 && line > 0)
		f->start_line = line;
}

/* A file name of cu as eu-addr2line and addr2line give it: a relative
 * one under the compilation directory. NULL when out of memory. */
static const char *
binary_join(struct binary *b, Dwarf_Die *cu, const char *file, int *nomem)
{
	Dwarf_Attribute a;
	const char *dir;
	size_t n;
	char *p;

	if (file == NULL || file[0] == '/' || cu == NULL ||
	    (dir = dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &a))) ==
	    NULL)
		return file;
	n = strlen(dir) + strlen(file) + 2;
	if (ARRAY_ROOM(b->joined, b->njoined, b->capjoined) < 0 ||
	    (p = malloc(n)) == NULL) {
		*nomem = 1;
		return NULL;
	}
	snprintf(p, n, "%s/%s", dir, file);
	b->joined[b->njoined++] = p;
	return p;
}

/* The frames DWARF gives at maddr (the module's address) of cu: 0, or
 * -1 when out of memory. */
static int
binary_scopes(struct binary *b, Dwarf_Die *cu, Dwarf_Addr maddr,
    Dwarf_Addr bias)
{
	Dwarf_Die *scopes = NULL, inner;
	Dwarf_Files *files = NULL;
	Dwarf_Attribute a;
	Dwarf_Word w;
	Dwarf_Line *ln;
	struct binary_frame *f;
	const char *file = NULL;
	int64_t line = 0, column = 0;
	int n, i, l = 0, c = 0, tag, nomem = 0;
	size_t nfiles = 0;

	if ((ln = dwarf_getsrc_die(cu, maddr - bias)) != NULL &&
	    (file = dwarf_linesrc(ln, NULL, NULL)) != NULL) {
		file = binary_join(b, cu, file, &nomem);
		if (dwarf_lineno(ln, &l) == 0)
			line = l;
		if (dwarf_linecol(ln, &c) == 0)
			column = c;
	}
	if (nomem)
		return -1;
	/* the scopes out from the innermost, as they nest where the code
	 * is (dwarf_getscopes follows an inlined function's own definition
	 * instead); from the DIE itself, which may lie in another unit or
	 * file (dwz's partial units: eu-addr2line looks its offset up in
	 * the main file, and at times finds another scope there) */
	n = dwarf_getscopes(cu, maddr - bias, &scopes);
	if (n > 0) {
		inner = scopes[0];
		free(scopes);
		scopes = NULL;
		n = dwarf_getscopes_die(&inner, &scopes);
	}
	for (i = 0; i < n; i++) {
		tag = dwarf_tag(&scopes[i]);
		if (tag != DW_TAG_subprogram && tag != DW_TAG_entry_point &&
		    tag != DW_TAG_inlined_subroutine)
			continue;
		if ((f = binary_push(b)) == NULL) {
			free(scopes);
			return -1;
		}
		binary_die_names(&scopes[i], f);
		f->file = file;
		f->line = line;
		f->column = column;
		if (tag != DW_TAG_inlined_subroutine)
			break;
		/* the next frame out is at this one's call site */
		file = NULL;
		line = column = 0;
		if (dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_file,
		    &a), &w) == 0 && (files != NULL || dwarf_getsrcfiles(cu,
		    &files, &nfiles) == 0) && w < nfiles &&
		    (file = binary_join(b, cu, dwarf_filesrc(files, w, NULL,
		    NULL), &nomem)) == NULL && nomem) {
			free(scopes);
			return -1;
		}
		if (dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_line,
		    &a), &w) == 0)
			line = (int64_t)w;
		if (dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_column,
		    &a), &w) == 0)
			column = (int64_t)w;
	}
	free(scopes);
	/* a line of no function DWARF knows: the symbol's, at that line */
	if (b->nfr == 0 && file != NULL) {
		if ((f = binary_push(b)) == NULL)
			return -1;
		f->name = f->system_name = dwfl_module_addrname(b->mod, maddr);
		f->file = file;
		f->line = line;
		f->column = column;
	}
	return 0;
}

static int
binary_cu_cmp(const void *a, const void *b)
{
	const struct binary_cu *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Every compilation unit's ranges, sorted. 0, or -1 when out of memory. */
static int
binary_cus(struct binary *b)
{
	Dwarf_Die *cu = NULL;
	Dwarf_Addr bias, base, start, end;
	ptrdiff_t off;

	b->cus_made = 1;
	while ((cu = dwfl_module_nextcu(b->mod, cu, &bias)) != NULL)
		for (off = 0; (off = dwarf_ranges(cu, off, &base, &start,
		    &end)) > 0; ) {
			if (end <= start)
				continue;
			if (ARRAY_ROOM(b->cus, b->ncus, b->capcus) < 0)
				return -1;
			b->cus[b->ncus].start = start + bias;
			b->cus[b->ncus].end = end + bias;
			b->cus[b->ncus++].die = dwarf_dieoffset(cu);
		}
	qsort(b->cus, b->ncus, sizeof(*b->cus), binary_cu_cmp);
	return 0;
}

/* The unit of maddr by its ranges, into *die: 1, 0 when none, -1 when
 * out of memory. */
static int
binary_cu_of(struct binary *b, Dwarf_Addr maddr, Dwarf_Die *die,
    Dwarf_Addr *bias)
{
	size_t lo = 0, hi, mid;
	Dwarf *dw;

	if (!b->cus_made && binary_cus(b) < 0)
		return -1;
	hi = b->ncus;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (b->cus[mid].start <= maddr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || maddr >= b->cus[lo - 1].end ||
	    (dw = dwfl_module_getdwarf(b->mod, bias)) == NULL)
		return 0;
	return dwarf_offdie(dw, b->cus[lo - 1].die, die) != NULL;
}

int
binary_frames(struct binary *b, uint64_t addr,
    const struct binary_frame **frames, size_t *n, struct perr *e)
{
	Dwarf_Addr maddr, bias = 0, mbias;
	Dwarf_Die *cu, cudie;
	struct binary_frame *f;
	const char *sym;
	int rc;

	b->nfr = 0;
	binary_forget(b);
	if (dwfl_module_getelf(b->mod, &mbias) == NULL)
		return *n = 0, *frames = NULL, 0;
	maddr = binary_file_address(b, addr) + mbias;
	/* libdw finds a unit by .debug_aranges; Go's binaries have none */
	if ((cu = dwfl_module_addrdie(b->mod, maddr, &bias)) == NULL && b->dwarf) {
		if ((rc = binary_cu_of(b, maddr, &cudie, &bias)) < 0)
			return perr_nomem(e);
		cu = rc > 0 ? &cudie : NULL;
	}
	if (cu != NULL && binary_scopes(b, cu, maddr, bias) < 0)
		return perr_nomem(e);
	if (b->nfr == 0 && (sym = dwfl_module_addrname(b->mod, maddr)) !=
	    NULL) {
		if ((f = binary_push(b)) == NULL)
			return perr_nomem(e);
		f->name = f->system_name = sym;
	}
	*frames = b->fr;
	*n = b->nfr;
	return 0;
}
