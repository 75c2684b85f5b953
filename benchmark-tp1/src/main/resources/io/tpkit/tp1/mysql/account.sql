-- The account step of the client logic: the balance changed in place by (delta, aid), then the
-- new balance read by aid (MySQL has no UPDATE ... RETURNING; the transaction sees its own change).
UPDATE tp1_account SET abalance = abalance + ? WHERE aid = ?;
SELECT abalance FROM tp1_account WHERE aid = ?;
