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

-- name: row-guard
-- A multi-statement query stops at its first error, so a write that changed other than
-- ${rows} rows stops the rest, COMMIT included: ROW_COUNT() is the previous statement's count
-- (rows matched, not changed: Connector/J connects with CLIENT_FOUND_ROWS), and the subquery
-- then returns two rows where one value is expected (error 1242, SQLState 21000). MariaDB and
-- MySQL have no SIGNAL outside stored programs; the session turns the error into its message.
SET @tpkit_guard = (SELECT 1 FROM (SELECT 1 UNION ALL SELECT 2) x WHERE ROW_COUNT() <> ${rows})
