-- one source's samples over time: each sample's value, in order
SELECT s.sample_id, v.value
FROM samples s
JOIN sample_values v ON v.sample_id = s.sample_id AND v.type = 'samples'
WHERE s.source_id = 1
ORDER BY s.sample_id;
