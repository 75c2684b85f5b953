-- TP1 on PostgreSQL: what it writes differently from default.sql.

-- name: account
-- The new balance returned by the update itself (RETURNING): one statement.
UPDATE tp1_account SET abalance = abalance + ? WHERE aid = ? RETURNING abalance

-- name: debit-credit-call
-- The stored function returns the balance.
SELECT tp1_debit_credit(?, ?, ?, ?)

-- name: sub-transaction-session
-- The commit returns before its WAL is flushed, for this session only; the server's other
-- sessions (TP1's, the checks') keep their durable commits. Crash-safe: the WAL is flushed
-- within three times wal_writer_delay, and a crash loses the last commits, never consistency.
SET synchronous_commit = off
