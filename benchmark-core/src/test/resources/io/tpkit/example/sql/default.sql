-- The counters workload's SQL, by name (io.tpkit.sql.NamedSql). Every dialect tpkit knows
-- writes it alike, so there is no DIALECT.sql beside it: a dialect without a file of its own
-- runs these.

-- name: schema
DROP TABLE IF EXISTS counters;
CREATE TABLE counters (id INT PRIMARY KEY, hits BIGINT NOT NULL);

-- name: insert-counter
INSERT INTO counters (id, hits) VALUES (?, 0)

-- name: increment
UPDATE counters SET hits = hits + 1 WHERE id = ?

-- name: count-counters
SELECT count(*) FROM counters

-- name: sum-of-hits
-- every committed increment is one hit
SELECT coalesce(sum(hits), 0) FROM counters
