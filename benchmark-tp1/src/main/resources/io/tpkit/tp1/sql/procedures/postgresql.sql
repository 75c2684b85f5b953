-- One DebitCredit transaction in one round trip, in the default statement order (account,
-- history, teller, branch). Returns the account's new balance, the transaction's output.
-- A missing row raises no_data_found (P0002) rather than silently doing less work.
CREATE OR REPLACE FUNCTION tp1_debit_credit(p_aid int, p_tid int, p_bid int, p_delta int)
RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
    v_balance bigint;
BEGIN
    UPDATE tp1_account SET abalance = abalance + p_delta WHERE aid = p_aid
        RETURNING abalance INTO v_balance;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tp1: no tp1_account row with aid %: reload the data', p_aid
            USING ERRCODE = 'no_data_found';
    END IF;

    INSERT INTO tp1_history (tid, bid, aid, delta, mtime, filler)
        VALUES (p_tid, p_bid, p_aid, p_delta, CURRENT_TIMESTAMP, repeat('h', 26));

    UPDATE tp1_teller SET tbalance = tbalance + p_delta WHERE tid = p_tid;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tp1: no tp1_teller row with tid %: reload the data', p_tid
            USING ERRCODE = 'no_data_found';
    END IF;

    UPDATE tp1_branch SET bbalance = bbalance + p_delta WHERE bid = p_bid;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'tp1: no tp1_branch row with bid %: reload the data', p_bid
            USING ERRCODE = 'no_data_found';
    END IF;

    RETURN v_balance;
END
$$;
