-- TP1 on MySQL and MariaDB: what they write differently from default.sql.

-- name: timestamp
DATETIME(6)

-- name: table-options
-- InnoDB. The loader writes fillers full length (never NULL), so utf8mb4 stores them in one
-- byte per character; InnoDB adds a hidden row id to history, which has no primary key.
ENGINE = InnoDB DEFAULT CHARSET = utf8mb4
