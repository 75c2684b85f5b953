-- TP1 / DebitCredit's SQL, by name (io.tpkit.sql.NamedSql). A database's own file
-- (DIALECT.sql, after the plugin's dialect) holds only the blocks it writes differently; every
-- other block comes from here. ${name} inserts a block, or a value the Java code passes.
-- The stored function of --logic procedure is per dialect: procedures/DIALECT.sql.

-- ---------------------------------------------------------------- tables

-- name: schema
-- TP1 / DebitCredit tables, created empty and without keys: load() adds the keys after the
-- bulk load, which is faster than maintaining indexes row by row.
-- Every row holds 100 data bytes (history 50): INT = 4, BIGINT = 8, the timestamp 8, and the
-- CHAR filler makes up the rest. The loader writes fillers full length (never NULL).
-- Balances are BIGINT: a hot branch's balance is a random walk of 6-digit deltas and passes
-- 2^31 after about a million updates.
-- Children first, so that the foreign keys of an earlier load do not block the drops.
-- tp1_amended is the record a T1 sub-transaction run keeps of its keys (see Amends.java); the
-- balances it holds belong to the data they are dropped with.
DROP TABLE IF EXISTS tp1_amended;
DROP TABLE IF EXISTS tp1_history;
DROP TABLE IF EXISTS tp1_account;
DROP TABLE IF EXISTS tp1_teller;
DROP TABLE IF EXISTS tp1_branch;

CREATE TABLE tp1_branch (
    bid      INT      NOT NULL,
    bbalance BIGINT   NOT NULL,
    filler   CHAR(88) NOT NULL
) ${table-options};

CREATE TABLE tp1_teller (
    tid      INT      NOT NULL,
    bid      INT      NOT NULL,
    tbalance BIGINT   NOT NULL,
    filler   CHAR(84) NOT NULL
) ${table-options};

CREATE TABLE tp1_account (
    aid      INT      NOT NULL,
    bid      INT      NOT NULL,
    abalance BIGINT   NOT NULL,
    filler   CHAR(84) NOT NULL
) ${table-options};

-- No primary key, as in the benchmark: history is an append-only log.
CREATE TABLE tp1_history (
    tid    INT          NOT NULL,
    bid    INT          NOT NULL,
    aid    INT          NOT NULL,
    delta  INT          NOT NULL,
    mtime  ${timestamp} NOT NULL,
    filler CHAR(26)     NOT NULL
) ${table-options};

-- name: timestamp
-- A date and time (8 bytes).
TIMESTAMP

-- name: table-options
-- What follows a CREATE TABLE's column list: nothing by default.

-- name: primary-keys
ALTER TABLE tp1_branch ADD PRIMARY KEY (bid);
ALTER TABLE tp1_teller ADD PRIMARY KEY (tid);
ALTER TABLE tp1_account ADD PRIMARY KEY (aid);

-- name: foreign-keys
-- The keys the design implies between the data tables. History gets none: checking three
-- parents on every append would add work the benchmark does not ask for.
ALTER TABLE tp1_teller ADD CONSTRAINT tp1_teller_branch_fk FOREIGN KEY (bid) REFERENCES tp1_branch (bid);
ALTER TABLE tp1_account ADD CONSTRAINT tp1_account_branch_fk FOREIGN KEY (bid) REFERENCES tp1_branch (bid);

-- ---------------------------------------------------------------- the transaction (--logic client)
-- Sent together, in the configured order, with COMMIT: one round trip (two on a Galera node,
-- where the COMMIT goes on its own; the session adds it, so no block holds it). Balances are
-- changed in place (x = x + delta), never read and written back.

-- name: account
-- The account step: the balance changed by (delta, aid), then the new balance read by aid (the
-- transaction sees its own change). One statement or two: a dialect that returns the balance
-- from the update itself writes it as one.
${account-update};
SELECT abalance FROM tp1_account WHERE aid = ?

-- name: account-update
-- By (delta, aid); also T1's amend.
UPDATE tp1_account SET abalance = abalance + ? WHERE aid = ?

-- name: account-balance
-- --logic interactive: the account's new balance, read after account-update, by aid.
SELECT abalance FROM tp1_account WHERE aid = ?

-- name: history-insert
-- By (tid, bid, aid, delta); T2 appends with it too. The filler is Tp1Tables.HISTORY_FILLER,
-- 26 characters.
INSERT INTO tp1_history (tid, bid, aid, delta, mtime, filler)
VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP, 'hhhhhhhhhhhhhhhhhhhhhhhhhh')

-- name: teller-update
-- By (delta, tid).
UPDATE tp1_teller SET tbalance = tbalance + ? WHERE tid = ?

-- name: branch-update
-- By (delta, bid).
UPDATE tp1_branch SET bbalance = bbalance + ? WHERE bid = ?

-- name: debit-credit-call
-- --logic procedure: the one statement that calls the stored routine, by (aid, tid, bid,
-- delta), answering with the new balance as a one-row result.
CALL tp1_debit_credit(?, ?, ?, ?)

-- ---------------------------------------------------------------- counts and checks

-- name: count-rows
-- The rows of ${table}, a table the Java code names.
SELECT COUNT(*) FROM ${table}

-- name: count-history
-- One history row per committed DebitCredit or T2 transaction.
SELECT COUNT(*) FROM tp1_history

-- name: count-of
-- How many rows ${query} (one of the checks' queries) returns.
SELECT COUNT(*) FROM (${query}) x

-- name: balance-sums
-- The DebitCredit condition: the sums of the accounts' (${accounts}), the tellers' and the
-- branches' balances and of the history's deltas are equal.
SELECT (SELECT COALESCE(SUM(abalance), 0) FROM ${accounts} a),
(SELECT COALESCE(SUM(tbalance), 0) FROM tp1_teller),
(SELECT COALESCE(SUM(bbalance), 0) FROM tp1_branch),
(SELECT COALESCE(SUM(delta), 0) FROM tp1_history)

-- name: accounts
-- The accounts the checks read.
tp1_account

-- name: accounts-at-base
-- The accounts, those a T1 run amended at their balance before it (see Amends.java).
(SELECT x.aid, x.bid, COALESCE(m.base, x.abalance) AS abalance FROM tp1_account x LEFT JOIN
tp1_amended m ON m.aid = x.aid)

-- name: teller-mismatches
-- Tellers whose balance is not the sum of their history's deltas.
SELECT t.tid FROM tp1_teller t LEFT JOIN
(SELECT tid, SUM(delta) AS s FROM tp1_history GROUP BY tid) h ON h.tid = t.tid
WHERE t.tbalance <> COALESCE(h.s, 0)

-- name: branch-mismatches
SELECT b.bid FROM tp1_branch b LEFT JOIN
(SELECT bid, SUM(delta) AS s FROM tp1_history GROUP BY bid) h ON h.bid = b.bid
WHERE b.bbalance <> COALESCE(h.s, 0)

-- name: account-mismatches
-- Every account, not only those in history: an untouched account must still hold 0.
SELECT a.aid FROM ${accounts} a LEFT JOIN
(SELECT aid, SUM(delta) AS s FROM tp1_history GROUP BY aid) h ON h.aid = a.aid
WHERE a.abalance <> COALESCE(h.s, 0)

-- name: branch-teller-mismatches
-- Holds only because bid is always the teller's branch (pgbench breaks it).
SELECT b.bid FROM tp1_branch b LEFT JOIN
(SELECT bid, SUM(tbalance) AS s FROM tp1_teller GROUP BY bid) t ON t.bid = b.bid
WHERE b.bbalance <> COALESCE(t.s, 0)

-- ---------------------------------------------------------------- T1's record (Amends.java)

-- name: amends-create
CREATE TABLE IF NOT EXISTS tp1_amended (aid INT NOT NULL PRIMARY KEY, base BIGINT NOT NULL)

-- name: amends-record
-- By aid: the account's balance now is its base.
INSERT INTO tp1_amended (aid, base) SELECT aid, abalance FROM tp1_account WHERE aid = ?

-- name: amends-counted
SELECT COALESCE(SUM(a.abalance - m.base), 0) FROM tp1_account a JOIN tp1_amended m ON m.aid = a.aid

-- name: amends-by-account
SELECT a.aid, a.abalance - m.base FROM tp1_account a JOIN tp1_amended m ON m.aid = a.aid ORDER BY a.aid

-- name: amends-recorded
SELECT m.aid, m.base, a.abalance - m.base FROM tp1_amended m JOIN tp1_account a ON a.aid = m.aid

-- name: account-restore
-- By (balance, aid).
UPDATE tp1_account SET abalance = ? WHERE aid = ?

-- name: amends-clear
DELETE FROM tp1_amended

-- ---------------------------------------------------------------- the sub-transactions (T1, T2)

-- name: sub-transaction-session
-- Run once when a T1 or T2 session opens: whatever makes its commits not wait for the log's
-- flush, for this session only (seed 000 measured T1 and T2 "with transaction logging
-- disabled"). Nothing by default: a database without a per-session switch commits as its
-- settings say, and each transaction's flush is shared by its --ops-per-transaction operations.

-- ---------------------------------------------------------------- the row guard

-- name: row-guard
-- Sent right after a write that must change exactly ${rows} rows, before the COMMIT of the same
-- round trip: a statement that fails the transaction when it did not, so that the COMMIT after
-- it never runs. Nothing by default: where the statements and the COMMIT go together and a
-- write that finds no row is no error, the dialect writes its own (mysql.sql).
