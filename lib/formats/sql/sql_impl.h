/* sql_impl.h: what the parts of the SQL writer share: the script writer
 * (sql.c), the tables (sql_schema.c), the loading SQL (sql_remap.c) and
 * the layout across servers (sql_cluster.c). */
#ifndef SQL_IMPL_H
#define SQL_IMPL_H

#include "formats/sql/sql.h"

struct stage {
	struct output o;
	int fd;
	uint64_t rows;
};

struct sql_writer {
	struct output *o;
	enum sql_dialect d;
	struct stage st[SQ_COUNT];
	int open[SQ_COUNT];
};

/* sql_schema.c */
void sqlf(struct sql_writer *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
const char *sql_ident(const char *name);
const char *sql_stored_name(enum table_id t);
void sql_columns(struct sql_writer *w, enum table_id t, const char *prefix);
/* A table: as loading makes it (constraints, references); a staging
 * table (TEMP, named stage_ and its name, no constraint); a shard's
 * (constraints, no reference: the tables referred to are elsewhere); a
 * sample table partitioned across servers (by sample_id). */
enum sql_table_kind {
	SQL_TABLE_STORED, SQL_TABLE_STAGE, SQL_TABLE_SHARD,
	SQL_TABLE_PARTITIONED
};
void sql_create(struct sql_writer *w, enum sql_table t,
    enum sql_table_kind k);
/* order_column's name, and whether table t of dialect d has it */
#define SQL_ORDER_COLUMN "row_order"
int sql_ordered(enum sql_dialect d, enum sql_table t);
void sql_loc_key(struct sql_writer *w, int c, const char *prefix);
void sql_key_column(struct sql_writer *w, enum table_id t, int c,
    const char *sep, const char *prefix);
void sql_same_text(struct sql_writer *w, const char *a, const char *b,
    const char *col);
void sql_value_at(struct sql_writer *w, const char *s, const char *pos);
void sql_schema(struct sql_writer *w);
void sql_lookup(struct sql_writer *w, enum table_id t);
void sql_lookup_stack(struct sql_writer *w);

/* sql_remap.c */
void sql_stage_tables(struct sql_writer *w);
void sql_add_sources(struct sql_writer *w);
void sql_add_definitions(struct sql_writer *w);
void sql_key_stacks(struct sql_writer *w);
void sql_add_stacks(struct sql_writer *w);
void sql_add_samples(struct sql_writer *w);

#endif
