-- One DebitCredit transaction in one round trip, in the default statement order (account,
-- history, teller, branch). Returns the account's new balance as a one-row result, sent only
-- after the commit. A MySQL procedure called in auto-commit mode would commit each statement
-- on its own, so the body is one explicit transaction; any error rolls it back and is passed on
-- unchanged (a deadlock stays 1213). A missing row raises SQLSTATE 45000 rather than silently
-- doing less work. ROW_COUNT() is 0 for an update that matched a row without changing it when
-- the client counts changed rows, so a missing row is confirmed with a lookup.
DROP PROCEDURE IF EXISTS tp1_debit_credit;

DELIMITER //
CREATE PROCEDURE tp1_debit_credit(IN p_aid INT, IN p_tid INT, IN p_bid INT, IN p_delta INT)
MODIFIES SQL DATA
BEGIN
    DECLARE v_balance BIGINT DEFAULT NULL;
    DECLARE v_message VARCHAR(128);
    DECLARE EXIT HANDLER FOR SQLEXCEPTION
    BEGIN
        ROLLBACK;
        RESIGNAL;
    END;

    START TRANSACTION;
    UPDATE tp1_account SET abalance = abalance + p_delta WHERE aid = p_aid;
    SELECT abalance INTO v_balance FROM tp1_account WHERE aid = p_aid;
    IF v_balance IS NULL THEN
        SET v_message = CONCAT('tp1: no tp1_account row with aid ', p_aid, ': reload the data');
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
    END IF;

    INSERT INTO tp1_history (tid, bid, aid, delta, mtime, filler)
        VALUES (p_tid, p_bid, p_aid, p_delta, CURRENT_TIMESTAMP(6), REPEAT('h', 26));

    UPDATE tp1_teller SET tbalance = tbalance + p_delta WHERE tid = p_tid;
    IF ROW_COUNT() = 0 AND NOT EXISTS (SELECT 1 FROM tp1_teller WHERE tid = p_tid) THEN
        SET v_message = CONCAT('tp1: no tp1_teller row with tid ', p_tid, ': reload the data');
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
    END IF;

    UPDATE tp1_branch SET bbalance = bbalance + p_delta WHERE bid = p_bid;
    IF ROW_COUNT() = 0 AND NOT EXISTS (SELECT 1 FROM tp1_branch WHERE bid = p_bid) THEN
        SET v_message = CONCAT('tp1: no tp1_branch row with bid ', p_bid, ': reload the data');
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
    END IF;

    COMMIT;
    SELECT v_balance AS abalance;
END //
DELIMITER ;
