-- R's memory per function, in MB: summaryRprof's mem.total (the rises of
-- vsize.small, vsize.large and nodes since the source's previous sample)
WITH m AS (
  SELECT s.sample_id, v.value, LAG(v.value) OVER (
    PARTITION BY s.source_id, v.type ORDER BY s.sample_id) AS prev
  FROM samples s JOIN sample_values v ON v.sample_id = s.sample_id
  WHERE v.type IN ('vsize.small', 'vsize.large', 'nodes')),
rise AS (
  SELECT sample_id, SUM(CASE WHEN value > prev THEN value - prev
                        ELSE 0 END) AS bytes
  FROM m GROUP BY sample_id)
SELECT d.name, ROUND(CAST(SUM(rise.bytes) / 1048576.0 AS NUMERIC), 1)
       AS mem_total
FROM (SELECT DISTINCT sl.sample_id, f.name
      FROM sample_locations sl
      JOIN locations l ON l.location_id = sl.location_id
      JOIN functions f ON f.function_id = l.function_id) d
JOIN rise ON rise.sample_id = d.sample_id
GROUP BY d.name
ORDER BY mem_total DESC, d.name;
