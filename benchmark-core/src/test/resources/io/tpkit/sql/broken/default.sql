-- name: a
SELECT 1
-- name: a
SELECT 2
