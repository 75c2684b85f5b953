-- TP1 on MySQL and MariaDB: what they write differently from default.sql.

-- name: timestamp
DATETIME(6)

-- name: table-options
-- InnoDB. The loader writes fillers full length (never NULL), so utf8mb4 stores them in one
-- byte per character; InnoDB adds a hidden row id to history, which has no primary key.
ENGINE = InnoDB DEFAULT CHARSET = utf8mb4

-- name: sub-transaction-session
-- Nothing: InnoDB's flush at commit (innodb_flush_log_at_trx_commit) is a global setting with
-- no session value, and changing it would change every session's durability, TP1's included.
-- Each T1 or T2 transaction pays its flush, shared by its --ops-per-transaction operations.
