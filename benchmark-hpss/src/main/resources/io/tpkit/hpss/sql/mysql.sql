-- HPSS on MySQL and MariaDB: InnoDB tables; what is not here is in default.sql.

-- name: timestamp
DATETIME(6)

-- name: table-options
ENGINE = InnoDB DEFAULT CHARSET = utf8mb4

-- name: drop-warm-up-tables
-- TEMPORARY: only a temporary table is dropped, never the benchmark's own.
DROP TEMPORARY TABLE hpss_nsobject;
DROP TEMPORARY TABLE hpss_bitfile
