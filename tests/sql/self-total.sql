-- self and total samples per function, as tsvtop and summaryRprof count
-- them (change 'samples' for another value type: 'cpu', 'alloc_space')
WITH frames AS (
  SELECT sl.sample_id, sl.depth, f.name
  FROM sample_locations sl
  JOIN locations l ON l.location_id = sl.location_id
  JOIN functions f ON f.function_id = l.function_id),
v AS (SELECT sample_id, value FROM sample_values WHERE type = 'samples')
SELECT t.name, COALESCE(s.self, 0) AS self, t.total
FROM (SELECT d.name, SUM(v.value) AS total
      FROM (SELECT DISTINCT sample_id, name FROM frames) d
      JOIN v ON v.sample_id = d.sample_id GROUP BY d.name) t
LEFT JOIN (SELECT f.name, SUM(v.value) AS self
           FROM frames f JOIN v ON v.sample_id = f.sample_id
           WHERE f.depth = 1 GROUP BY f.name) s ON s.name = t.name
ORDER BY self DESC, total DESC, t.name;
