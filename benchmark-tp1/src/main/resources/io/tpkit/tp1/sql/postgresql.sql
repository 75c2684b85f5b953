-- TP1 on PostgreSQL: what it writes differently from default.sql.

-- name: account
-- The new balance returned by the update itself (RETURNING): one statement.
UPDATE tp1_account SET abalance = abalance + ? WHERE aid = ? RETURNING abalance

-- name: debit-credit-call
-- The stored function returns the balance.
SELECT tp1_debit_credit(?, ?, ?, ?)
