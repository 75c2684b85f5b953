-- TP1 / DebitCredit tables for MySQL and MariaDB (InnoDB), created empty and without keys:
-- load() adds the keys after the bulk load, which is faster than maintaining indexes row by row.
-- The same columns as the PostgreSQL tables: every row holds 100 data bytes (history 50):
-- INT = 4, BIGINT = 8, DATETIME(6) = 8, and the CHAR filler makes up the rest. The loader
-- writes fillers full length (never NULL), so utf8mb4 stores them in one byte per character.
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
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE tp1_teller (
    tid      INT      NOT NULL,
    bid      INT      NOT NULL,
    tbalance BIGINT   NOT NULL,
    filler   CHAR(84) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE tp1_account (
    aid      INT      NOT NULL,
    bid      INT      NOT NULL,
    abalance BIGINT   NOT NULL,
    filler   CHAR(84) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- No primary key, as in the benchmark: history is an append-only log (InnoDB adds a hidden
-- row id of its own).
CREATE TABLE tp1_history (
    tid    INT         NOT NULL,
    bid    INT         NOT NULL,
    aid    INT         NOT NULL,
    delta  INT         NOT NULL,
    mtime  DATETIME(6) NOT NULL,
    filler CHAR(26)    NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
