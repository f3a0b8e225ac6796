-- The stream's 2.0 tables as plain tables, with an index per reference
-- and the look-up keys, as tsv2sql 0.9 made them: the reference that
-- tools/bench.sh bulk-loads (.import, \copy) beside tsv2sql.
CREATE TABLE IF NOT EXISTS "sources" ("source_id" INTEGER PRIMARY KEY, "source_type" TEXT NOT NULL, "source_uri" TEXT, "source_timestamp" NUMERIC);
CREATE TABLE IF NOT EXISTS "source_attributes" ("source_id" INTEGER NOT NULL REFERENCES "sources" ("source_id"), "key" TEXT NOT NULL, "value" TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS "mappings" ("mapping_id" INTEGER PRIMARY KEY, "memory_start" TEXT NOT NULL, "memory_limit" TEXT NOT NULL, "file_offset" TEXT NOT NULL, "filename" TEXT NOT NULL, "build_id" TEXT NOT NULL, "has_functions" BOOLEAN NOT NULL, "has_filenames" BOOLEAN NOT NULL, "has_line_numbers" BOOLEAN NOT NULL, "has_inline_frames" BOOLEAN NOT NULL);
CREATE TABLE IF NOT EXISTS "functions" ("function_id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "system_name" TEXT NOT NULL, "filename" TEXT NOT NULL, "start_line" INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS "locations" ("location_id" INTEGER PRIMARY KEY, "function_id" INTEGER REFERENCES "functions" ("function_id"), "line" INTEGER, "address" TEXT, "mapping_id" INTEGER REFERENCES "mappings" ("mapping_id"), "is_folded" BOOLEAN NOT NULL, "inlined" BOOLEAN NOT NULL, "column" INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS "location_attributes" ("location_id" INTEGER NOT NULL REFERENCES "locations" ("location_id"), "key" TEXT NOT NULL, "value" TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS "samples" ("sample_id" INTEGER PRIMARY KEY, "source_id" INTEGER NOT NULL REFERENCES "sources" ("source_id"));
CREATE TABLE IF NOT EXISTS "sample_values" ("sample_id" INTEGER NOT NULL REFERENCES "samples" ("sample_id"), "type" TEXT NOT NULL, "unit" TEXT NOT NULL, "value" NUMERIC NOT NULL);
CREATE TABLE IF NOT EXISTS "sample_locations" ("sample_id" INTEGER NOT NULL REFERENCES "samples" ("sample_id"), "depth" INTEGER NOT NULL, "location_id" INTEGER NOT NULL REFERENCES "locations" ("location_id"));
CREATE TABLE IF NOT EXISTS "sample_labels" ("sample_id" INTEGER NOT NULL REFERENCES "samples" ("sample_id"), "key" TEXT NOT NULL, "str" TEXT, "num" INTEGER, "num_unit" TEXT);
CREATE TABLE IF NOT EXISTS "sample_times" ("sample_id" INTEGER NOT NULL REFERENCES "samples" ("sample_id"), "time_unix_nano" INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS "source_attributes_source_id" ON "source_attributes" ("source_id");
CREATE INDEX IF NOT EXISTS "locations_function_id" ON "locations" ("function_id");
CREATE INDEX IF NOT EXISTS "locations_mapping_id" ON "locations" ("mapping_id");
CREATE INDEX IF NOT EXISTS "location_attributes_location_id" ON "location_attributes" ("location_id");
CREATE INDEX IF NOT EXISTS "samples_source_id" ON "samples" ("source_id");
CREATE INDEX IF NOT EXISTS "sample_values_sample_id" ON "sample_values" ("sample_id");
CREATE INDEX IF NOT EXISTS "sample_locations_sample_id" ON "sample_locations" ("sample_id");
CREATE INDEX IF NOT EXISTS "sample_locations_location_id" ON "sample_locations" ("location_id");
CREATE INDEX IF NOT EXISTS "sample_labels_sample_id" ON "sample_labels" ("sample_id");
CREATE INDEX IF NOT EXISTS "sample_times_sample_id" ON "sample_times" ("sample_id");
CREATE INDEX IF NOT EXISTS functions_key ON functions ("name", "system_name", "filename", "start_line");
CREATE INDEX IF NOT EXISTS mappings_key ON mappings ("memory_start", "memory_limit", "file_offset", "filename", "build_id", "has_functions", "has_filenames", "has_line_numbers", "has_inline_frames");
CREATE INDEX IF NOT EXISTS locations_key ON locations ((COALESCE(function_id, 0)), (COALESCE(line, -9999999999)), (COALESCE(address, '')), (COALESCE(mapping_id, 0)), (is_folded), (inlined), ("column"));
