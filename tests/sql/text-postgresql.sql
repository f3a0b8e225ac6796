SELECT function_id, upper(encode(convert_to(name, 'UTF8'), 'hex')),
  upper(encode(convert_to(system_name, 'UTF8'), 'hex')),
  upper(encode(convert_to(filename, 'UTF8'), 'hex')), start_line
FROM functions ORDER BY function_id;
SELECT location_id, COALESCE(CAST(line AS TEXT), 'null') FROM locations ORDER BY location_id;
SELECT CASE WHEN source_uri IS NULL THEN 'null' ELSE source_uri END, source_timestamp FROM sources;
SELECT "key", upper(encode(convert_to(value, 'UTF8'), 'hex')) FROM source_attributes;
