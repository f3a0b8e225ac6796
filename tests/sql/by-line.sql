-- self samples per function, file and line
SELECT f.name, f.filename, l.line, SUM(v.value) AS self
FROM sample_locations sl
JOIN locations l ON l.location_id = sl.location_id
JOIN functions f ON f.function_id = l.function_id
JOIN sample_values v ON v.sample_id = sl.sample_id AND v.type = 'samples'
WHERE sl.depth = 1
GROUP BY f.name, f.filename, l.line
ORDER BY self DESC, f.name, f.filename, l.line;
