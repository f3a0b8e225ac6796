SELECT function_id, hex(name), hex(system_name), hex(filename), start_line
FROM functions ORDER BY function_id;
SELECT location_id, COALESCE(CAST(line AS TEXT), 'null') FROM locations ORDER BY location_id;
SELECT CASE WHEN source_uri IS NULL THEN 'null' ELSE source_uri END, source_timestamp FROM sources;
SELECT "key", hex(value) FROM source_attributes;
