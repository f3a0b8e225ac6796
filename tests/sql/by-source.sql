-- samples and their total value per source, with where each came from
SELECT so.source_id, so.source_type, so.source_uri,
       COUNT(*) AS samples, SUM(v.value) AS total
FROM sources so
JOIN samples s ON s.source_id = so.source_id
JOIN sample_values v ON v.sample_id = s.sample_id AND v.type = 'samples'
GROUP BY so.source_id, so.source_type, so.source_uri
ORDER BY so.source_id;
