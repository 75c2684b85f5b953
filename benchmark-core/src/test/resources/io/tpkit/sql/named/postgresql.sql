-- name: count
SELECT count(*)
  FROM t -- PostgreSQL's own

-- name: only-here
SELECT 1
