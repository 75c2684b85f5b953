-- The introduction: not a block.

-- name: schema
-- drop, then create (comments are not sent)
DROP TABLE IF EXISTS t;
CREATE TABLE t (
    a INT       NOT NULL,
    b ${timestamp} NOT NULL,
    c VARCHAR(8) NOT NULL DEFAULT 'a  b'
) ${table-options};

-- name: timestamp
TIMESTAMP

-- name: table-options
-- none by default

-- name: count
SELECT count(*) FROM t

-- name: by-keys
SELECT a FROM t WHERE (a, b) IN (${key*}) AND c = ${value}

-- name: key
(?, ?)

-- name: rows
SELECT x FROM (${named-row|row*UNION ALL}) u

-- name: named-row
SELECT ? AS x

-- name: row
SELECT ?

-- name: pair
UPDATE t SET a = a + 1;
SELECT a FROM t

-- name: uses-missing
SELECT ${nowhere}

-- name: loop
SELECT ${loop}
