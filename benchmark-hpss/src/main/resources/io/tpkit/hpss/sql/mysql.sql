-- HPSS on MySQL and MariaDB: InnoDB tables; what is not here is in default.sql.

-- name: timestamp
DATETIME(6)

-- name: table-options
ENGINE = InnoDB DEFAULT CHARSET = utf8mb4
