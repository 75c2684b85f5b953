-- The account step of the client logic: the balance changed in place by (delta, aid), and the
-- new balance returned by the same statement (RETURNING).
UPDATE tp1_account SET abalance = abalance + ? WHERE aid = ? RETURNING abalance;
