-- the script of tsv2sql 8911679 (a row per sample value, before packed samples) for tests/otlp/good/v110.tsv
-- a profile stream, added to the profiles this database holds (tsv2sql)
BEGIN;
DROP TABLE IF EXISTS "stage_sources";
CREATE TEMP TABLE "stage_sources" ("source_id" INTEGER, "source_type" TEXT, "source_uri" TEXT, "source_timestamp" NUMERIC);
DROP TABLE IF EXISTS "stage_source_attributes";
CREATE TEMP TABLE "stage_source_attributes" ("source_id" INTEGER, "key" TEXT, "value" TEXT);
DROP TABLE IF EXISTS "stage_mappings";
CREATE TEMP TABLE "stage_mappings" ("mapping_id" INTEGER, "memory_start" TEXT, "memory_limit" TEXT, "file_offset" TEXT, "filename" TEXT, "build_id" TEXT, "has_functions" BOOLEAN, "has_filenames" BOOLEAN, "has_line_numbers" BOOLEAN, "has_inline_frames" BOOLEAN);
DROP TABLE IF EXISTS "stage_functions";
CREATE TEMP TABLE "stage_functions" ("function_id" INTEGER, "name" TEXT, "system_name" TEXT, "filename" TEXT, "start_line" INTEGER);
DROP TABLE IF EXISTS "stage_locations";
CREATE TEMP TABLE "stage_locations" ("location_id" INTEGER, "function_id" INTEGER, "line" INTEGER, "address" TEXT, "mapping_id" INTEGER, "is_folded" BOOLEAN, "inlined" BOOLEAN, "column" INTEGER);
DROP TABLE IF EXISTS "stage_location_attributes";
CREATE TEMP TABLE "stage_location_attributes" ("location_id" INTEGER, "key" TEXT, "value" TEXT);
DROP TABLE IF EXISTS "stage_stacks";
CREATE TEMP TABLE "stage_stacks" ("stack_id" INTEGER, "frame_count" INTEGER, "frames" TEXT);
DROP TABLE IF EXISTS "stage_sample_stacks";
CREATE TEMP TABLE "stage_sample_stacks" ("sample_id" INTEGER, "source_id" INTEGER, "stack_id" INTEGER);
DROP TABLE IF EXISTS "stage_sample_values";
CREATE TEMP TABLE "stage_sample_values" ("sample_id" INTEGER, "type" TEXT, "unit" TEXT, "value" NUMERIC);
DROP TABLE IF EXISTS "stage_sample_labels";
CREATE TEMP TABLE "stage_sample_labels" ("sample_id" INTEGER, "key" TEXT, "str" TEXT, "num" INTEGER, "num_unit" TEXT);
DROP TABLE IF EXISTS "stage_sample_times";
CREATE TEMP TABLE "stage_sample_times" ("sample_id" INTEGER, "time_unix_nano" INTEGER);
INSERT INTO "stage_sources" VALUES
(1,'otlp','v110.otlp',1700000000);
INSERT INTO "stage_source_attributes" VALUES
(1,'service.name','checkout'),
(1,'otel.scope.name','profstream-test'),
(1,'otel.scope.version','1'),
(1,'pprof.period_type','wall'),
(1,'pprof.period_unit','nanoseconds'),
(1,'pprof.period','10000000'),
(1,'pprof.time_nanos','1700000000000000000'),
(1,'pprof.duration_nanos','2000000000');
INSERT INTO "stage_mappings" VALUES
(1,'0x1000','0x2000','0x0','/usr/bin/shop','0a1b2c3d4e5f60718293a4b5c6d7e8f901234567',0,0,0,0);
INSERT INTO "stage_functions" VALUES
(1,'main.add','main.add','shop.go',0),
(2,'main.checkout','main.checkout','shop.go',0),
(3,'main.main','main.main','shop.go',0);
INSERT INTO "stage_locations" VALUES
(1,1,12,'0x1004',1,0,1,0),
(2,2,30,'0x1004',1,0,0,0),
(3,3,7,'0x1068',1,0,0,0);
INSERT INTO "stage_location_attributes" VALUES
(1,'profile.frame.type','go'),
(2,'profile.frame.type','go'),
(3,'profile.frame.type','go');
INSERT INTO "stage_stacks" VALUES
(1,3,'1,2,3'),
(2,1,'3');
INSERT INTO "stage_sample_stacks" VALUES
(1,1,1),
(2,1,1),
(3,1,2);
INSERT INTO "stage_sample_values" VALUES
(1,'cpu','nanoseconds',10000000),
(2,'cpu','nanoseconds',20000000),
(3,'cpu','nanoseconds',30000000);
INSERT INTO "stage_sample_labels" VALUES
(1,'thread.name','worker-1',NULL,NULL),
(1,'request.size',NULL,512,'bytes'),
(1,'trace_id','0102030405060708090a0b0c0d0e0f10',NULL,NULL),
(1,'span_id','0102030405060708',NULL,NULL),
(2,'thread.name','worker-1',NULL,NULL),
(2,'request.size',NULL,512,'bytes'),
(2,'trace_id','0102030405060708090a0b0c0d0e0f10',NULL,NULL),
(2,'span_id','0102030405060708',NULL,NULL);
INSERT INTO "stage_sample_times" VALUES
(1,1700000000100000000),
(2,1700000000200000000);
CREATE TEMP TABLE layout_check (ok INTEGER CONSTRAINT "this database holds the tables of tsv2sql 0.9 (samples and sample_locations as tables): add the profiles to a new database" CHECK (ok));
INSERT INTO layout_check SELECT NOT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name IN ('samples', 'sample_locations'));
DROP TABLE layout_check;
CREATE TABLE IF NOT EXISTS "sources" ("source_id" INTEGER PRIMARY KEY, "source_type" TEXT NOT NULL, "source_uri" TEXT, "source_timestamp" NUMERIC);
CREATE TABLE IF NOT EXISTS "source_attributes" ("source_id" INTEGER NOT NULL REFERENCES "sources" ("source_id"), "key" TEXT NOT NULL, "value" TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS "mappings" ("mapping_id" INTEGER PRIMARY KEY, "memory_start" TEXT NOT NULL, "memory_limit" TEXT NOT NULL, "file_offset" TEXT NOT NULL, "filename" TEXT NOT NULL, "build_id" TEXT NOT NULL, "has_functions" BOOLEAN NOT NULL, "has_filenames" BOOLEAN NOT NULL, "has_line_numbers" BOOLEAN NOT NULL, "has_inline_frames" BOOLEAN NOT NULL);
CREATE TABLE IF NOT EXISTS "functions" ("function_id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "system_name" TEXT NOT NULL, "filename" TEXT NOT NULL, "start_line" INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS "locations" ("location_id" INTEGER PRIMARY KEY, "function_id" INTEGER REFERENCES "functions" ("function_id"), "line" INTEGER, "address" TEXT, "mapping_id" INTEGER REFERENCES "mappings" ("mapping_id"), "is_folded" BOOLEAN NOT NULL, "inlined" BOOLEAN NOT NULL, "column" INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS "location_attributes" ("location_id" INTEGER NOT NULL REFERENCES "locations" ("location_id"), "key" TEXT NOT NULL, "value" TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS "stacks" ("stack_id" INTEGER PRIMARY KEY, "frame_count" INTEGER NOT NULL, "frames" TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS "sample_stacks" ("sample_id" INTEGER PRIMARY KEY, "source_id" INTEGER NOT NULL REFERENCES "sources" ("source_id"), "stack_id" INTEGER NOT NULL REFERENCES "stacks" ("stack_id"));
CREATE TABLE IF NOT EXISTS "sample_values" ("sample_id" INTEGER NOT NULL REFERENCES "sample_stacks" ("sample_id"), "type" TEXT NOT NULL, "unit" TEXT NOT NULL, "value" NUMERIC NOT NULL);
CREATE TABLE IF NOT EXISTS "sample_labels" ("sample_id" INTEGER NOT NULL REFERENCES "sample_stacks" ("sample_id"), "key" TEXT NOT NULL, "str" TEXT, "num" INTEGER, "num_unit" TEXT);
CREATE TABLE IF NOT EXISTS "sample_times" ("sample_id" INTEGER NOT NULL REFERENCES "sample_stacks" ("sample_id"), "time_unix_nano" INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS "source_attributes_source_id" ON "source_attributes" ("source_id");
CREATE INDEX IF NOT EXISTS "locations_function_id" ON "locations" ("function_id");
CREATE INDEX IF NOT EXISTS "locations_mapping_id" ON "locations" ("mapping_id");
CREATE INDEX IF NOT EXISTS "location_attributes_location_id" ON "location_attributes" ("location_id");
CREATE INDEX IF NOT EXISTS "sample_stacks_source_id" ON "sample_stacks" ("source_id");
CREATE INDEX IF NOT EXISTS "sample_stacks_stack_id" ON "sample_stacks" ("stack_id");
CREATE INDEX IF NOT EXISTS "sample_values_sample_id" ON "sample_values" ("sample_id");
CREATE INDEX IF NOT EXISTS "sample_labels_sample_id" ON "sample_labels" ("sample_id");
CREATE INDEX IF NOT EXISTS "sample_times_sample_id" ON "sample_times" ("sample_id");
CREATE INDEX IF NOT EXISTS functions_key ON functions ("name", "system_name", "filename", "start_line");
CREATE INDEX IF NOT EXISTS mappings_key ON mappings ("memory_start", "memory_limit", "file_offset", "filename", "build_id", "has_functions", "has_filenames", "has_line_numbers", "has_inline_frames");
CREATE INDEX IF NOT EXISTS locations_key ON locations ((COALESCE("function_id", 0)), (COALESCE("line", -9999999999)), (COALESCE("address", '')), (COALESCE("mapping_id", 0)), ("is_folded"), ("inlined"), ("column"));
CREATE UNIQUE INDEX IF NOT EXISTS stacks_key ON stacks ("frames");
CREATE VIEW IF NOT EXISTS samples AS SELECT sample_id, source_id FROM sample_stacks;
CREATE VIEW IF NOT EXISTS sample_locations AS SELECT s.sample_id, j.key + 1 AS depth, j.value AS location_id FROM sample_stacks s JOIN stacks k ON k.stack_id = s.stack_id, json_each('[' || k.frames || ']') j;
CREATE TEMP TABLE "map_sources" (old INTEGER PRIMARY KEY, new INTEGER);
INSERT INTO "map_sources" SELECT "source_id", (SELECT COALESCE(MAX("source_id"), 0) FROM "sources") + ROW_NUMBER() OVER (ORDER BY "source_id") FROM "stage_sources";
INSERT INTO sources SELECT m.new, s.source_type, s.source_uri, s.source_timestamp FROM stage_sources s JOIN map_sources m ON m.old = s.source_id;
INSERT INTO source_attributes SELECT m.new, s."key", s.value FROM stage_source_attributes s JOIN map_sources m ON m.old = s.source_id ORDER BY s.rowid;
CREATE TEMP TABLE "key_functions" AS SELECT s."function_id" AS old, MIN(e."function_id") AS found, s."name", s."system_name", s."filename", s."start_line" FROM "stage_functions" s LEFT JOIN "functions" e ON e."name" = s."name" AND e."system_name" = s."system_name" AND e."filename" = s."filename" AND e."start_line" = s."start_line" GROUP BY s."function_id", s."name", s."system_name", s."filename", s."start_line";
CREATE TEMP TABLE "group_functions" AS SELECT k.*, MIN(old) OVER (PARTITION BY "name", "system_name", "filename", "start_line") AS first FROM "key_functions" k;
CREATE TEMP TABLE "new_functions" AS SELECT first, (SELECT COALESCE(MAX("function_id"), 0) FROM "functions") + ROW_NUMBER() OVER (ORDER BY first) AS new FROM (SELECT DISTINCT first FROM "group_functions" WHERE found IS NULL) d;
CREATE TEMP TABLE "map_functions" (old INTEGER PRIMARY KEY, new INTEGER);
INSERT INTO "map_functions" SELECT g.old, COALESCE(g.found, n.new) FROM "group_functions" g LEFT JOIN "new_functions" n ON n.first = g.first;
INSERT INTO "functions" ("function_id", "name", "system_name", "filename", "start_line") SELECT n.new, g."name", g."system_name", g."filename", g."start_line" FROM "new_functions" n JOIN "group_functions" g ON g.old = n.first;
CREATE TEMP TABLE "key_mappings" AS SELECT s."mapping_id" AS old, MIN(e."mapping_id") AS found, s."memory_start", s."memory_limit", s."file_offset", s."filename", s."build_id", s."has_functions", s."has_filenames", s."has_line_numbers", s."has_inline_frames" FROM "stage_mappings" s LEFT JOIN "mappings" e ON e."memory_start" = s."memory_start" AND e."memory_limit" = s."memory_limit" AND e."file_offset" = s."file_offset" AND e."filename" = s."filename" AND e."build_id" = s."build_id" AND e."has_functions" = s."has_functions" AND e."has_filenames" = s."has_filenames" AND e."has_line_numbers" = s."has_line_numbers" AND e."has_inline_frames" = s."has_inline_frames" GROUP BY s."mapping_id", s."memory_start", s."memory_limit", s."file_offset", s."filename", s."build_id", s."has_functions", s."has_filenames", s."has_line_numbers", s."has_inline_frames";
CREATE TEMP TABLE "group_mappings" AS SELECT k.*, MIN(old) OVER (PARTITION BY "memory_start", "memory_limit", "file_offset", "filename", "build_id", "has_functions", "has_filenames", "has_line_numbers", "has_inline_frames") AS first FROM "key_mappings" k;
CREATE TEMP TABLE "new_mappings" AS SELECT first, (SELECT COALESCE(MAX("mapping_id"), 0) FROM "mappings") + ROW_NUMBER() OVER (ORDER BY first) AS new FROM (SELECT DISTINCT first FROM "group_mappings" WHERE found IS NULL) d;
CREATE TEMP TABLE "map_mappings" (old INTEGER PRIMARY KEY, new INTEGER);
INSERT INTO "map_mappings" SELECT g.old, COALESCE(g.found, n.new) FROM "group_mappings" g LEFT JOIN "new_mappings" n ON n.first = g.first;
INSERT INTO "mappings" ("mapping_id", "memory_start", "memory_limit", "file_offset", "filename", "build_id", "has_functions", "has_filenames", "has_line_numbers", "has_inline_frames") SELECT n.new, g."memory_start", g."memory_limit", g."file_offset", g."filename", g."build_id", g."has_functions", g."has_filenames", g."has_line_numbers", g."has_inline_frames" FROM "new_mappings" n JOIN "group_mappings" g ON g.old = n.first;
CREATE TEMP TABLE remapped_locations AS SELECT s.location_id, f.new AS function_id, s.line, s.address, m.new AS mapping_id, s.is_folded, s.inlined, s."column" FROM stage_locations s LEFT JOIN map_functions f ON f.old = s.function_id LEFT JOIN map_mappings m ON m.old = s.mapping_id;
CREATE TEMP TABLE "key_locations" AS SELECT s."location_id" AS old, MIN(e."location_id") AS found, s."function_id", s."line", s."address", s."mapping_id", s."is_folded", s."inlined", s."column" FROM "remapped_locations" s LEFT JOIN "locations" e ON COALESCE(e."function_id", 0) = COALESCE(s."function_id", 0) AND COALESCE(e."line", -9999999999) = COALESCE(s."line", -9999999999) AND COALESCE(e."address", '') = COALESCE(s."address", '') AND COALESCE(e."mapping_id", 0) = COALESCE(s."mapping_id", 0) AND e."is_folded" = s."is_folded" AND e."inlined" = s."inlined" AND e."column" = s."column" GROUP BY s."location_id", s."function_id", s."line", s."address", s."mapping_id", s."is_folded", s."inlined", s."column";
CREATE TEMP TABLE "group_locations" AS SELECT k.*, MIN(old) OVER (PARTITION BY "function_id", "line", "address", "mapping_id", "is_folded", "inlined", "column") AS first FROM "key_locations" k;
CREATE TEMP TABLE "new_locations" AS SELECT first, (SELECT COALESCE(MAX("location_id"), 0) FROM "locations") + ROW_NUMBER() OVER (ORDER BY first) AS new FROM (SELECT DISTINCT first FROM "group_locations" WHERE found IS NULL) d;
CREATE TEMP TABLE "map_locations" (old INTEGER PRIMARY KEY, new INTEGER);
INSERT INTO "map_locations" SELECT g.old, COALESCE(g.found, n.new) FROM "group_locations" g LEFT JOIN "new_locations" n ON n.first = g.first;
INSERT INTO "locations" ("location_id", "function_id", "line", "address", "mapping_id", "is_folded", "inlined", "column") SELECT n.new, g."function_id", g."line", g."address", g."mapping_id", g."is_folded", g."inlined", g."column" FROM "new_locations" n JOIN "group_locations" g ON g.old = n.first;
CREATE TEMP TABLE key_stacks AS SELECT old, frames FROM (SELECT s.stack_id AS old, s.frame_count AS n, j.key AS i, group_concat(l.new, ',') OVER (PARTITION BY s.stack_id ORDER BY j.key ROWS UNBOUNDED PRECEDING) AS frames FROM stage_stacks s, json_each('[' || s.frames || ']') j JOIN map_locations l ON l.old = j.value) WHERE i = n - 1 UNION ALL SELECT stack_id, '' FROM stage_stacks WHERE frame_count = 0;
CREATE TEMP TABLE found_stacks AS SELECT k.old, MIN(e.stack_id) AS new FROM key_stacks k JOIN stacks e ON e."frames" = k."frames" GROUP BY k.old;
CREATE TEMP TABLE new_stacks AS SELECT frames, first, (SELECT COALESCE(MAX(stack_id), 0) FROM stacks) + ROW_NUMBER() OVER (ORDER BY first) AS new FROM (SELECT frames, MIN(old) AS first FROM key_stacks WHERE old NOT IN (SELECT old FROM found_stacks) GROUP BY frames) d;
CREATE TEMP TABLE map_stacks (old INTEGER PRIMARY KEY, new INTEGER);
INSERT INTO map_stacks SELECT old, new FROM found_stacks;
INSERT INTO map_stacks SELECT k.old, n.new FROM key_stacks k JOIN new_stacks n ON n."frames" = k."frames" WHERE k.old NOT IN (SELECT old FROM found_stacks);
INSERT INTO stacks SELECT n.new, s.frame_count, n.frames FROM new_stacks n JOIN stage_stacks s ON s.stack_id = n.first;
INSERT INTO location_attributes SELECT l.new, s."key", s.value FROM stage_location_attributes s JOIN map_locations l ON l.old = s.location_id WHERE l.new IN (SELECT new FROM new_locations) ORDER BY s.rowid;
CREATE TEMP TABLE "map_sample_stacks" (old INTEGER PRIMARY KEY, new INTEGER);
INSERT INTO "map_sample_stacks" SELECT "sample_id", (SELECT COALESCE(MAX("sample_id"), 0) FROM "sample_stacks") + ROW_NUMBER() OVER (ORDER BY "sample_id") FROM "stage_sample_stacks";
INSERT INTO sample_stacks SELECT m.new, src.new, k.new FROM stage_sample_stacks s JOIN map_sample_stacks m ON m.old = s.sample_id JOIN map_sources src ON src.old = s.source_id JOIN map_stacks k ON k.old = s.stack_id;
INSERT INTO sample_values SELECT m.new, s.type, s.unit, s.value FROM stage_sample_values s JOIN map_sample_stacks m ON m.old = s.sample_id ORDER BY s.rowid;
INSERT INTO sample_labels SELECT m.new, s."key", s.str, s.num, s.num_unit FROM stage_sample_labels s JOIN map_sample_stacks m ON m.old = s.sample_id ORDER BY s.rowid;
INSERT INTO sample_times SELECT m.new, s.time_unix_nano FROM stage_sample_times s JOIN map_sample_stacks m ON m.old = s.sample_id;
DROP TABLE IF EXISTS "stage_sources";
DROP TABLE IF EXISTS "stage_source_attributes";
DROP TABLE IF EXISTS "stage_mappings";
DROP TABLE IF EXISTS "stage_functions";
DROP TABLE IF EXISTS "stage_locations";
DROP TABLE IF EXISTS "stage_location_attributes";
DROP TABLE IF EXISTS "stage_stacks";
DROP TABLE IF EXISTS "stage_sample_stacks";
DROP TABLE IF EXISTS "stage_sample_values";
DROP TABLE IF EXISTS "stage_sample_labels";
DROP TABLE IF EXISTS "stage_sample_times";
DROP TABLE IF EXISTS "remapped_locations";
DROP TABLE IF EXISTS "map_sources";
DROP TABLE IF EXISTS "map_sample_stacks";
DROP TABLE IF EXISTS "key_functions";
DROP TABLE IF EXISTS "group_functions";
DROP TABLE IF EXISTS "new_functions";
DROP TABLE IF EXISTS "map_functions";
DROP TABLE IF EXISTS "key_mappings";
DROP TABLE IF EXISTS "group_mappings";
DROP TABLE IF EXISTS "new_mappings";
DROP TABLE IF EXISTS "map_mappings";
DROP TABLE IF EXISTS "key_locations";
DROP TABLE IF EXISTS "group_locations";
DROP TABLE IF EXISTS "new_locations";
DROP TABLE IF EXISTS "map_locations";
DROP TABLE IF EXISTS "key_stacks";
DROP TABLE IF EXISTS "found_stacks";
DROP TABLE IF EXISTS "new_stacks";
DROP TABLE IF EXISTS "map_stacks";
COMMIT;
