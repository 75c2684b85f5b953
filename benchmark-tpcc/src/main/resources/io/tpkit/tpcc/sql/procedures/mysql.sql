-- The five TPC-C transactions as MySQL/MariaDB stored procedures (--logic procedure): one CALL,
-- one round trip, per business transaction (the driver sends CALL as a plain prepared
-- statement, so Connector/J reads no procedure metadata). Each procedure does the reads and
-- writes of the client variant (TpccMultiStatementSession) with the same inputs, takes its row locks in
-- the same order and returns everything the terminal displays (TpccOutput), in the rows the
-- client statements return. Timestamps are the server's LOCALTIMESTAMP, as in the client variant.
--
-- A procedure called in auto-commit mode would commit each statement on its own, so the
-- read-write bodies are one explicit transaction; any error rolls it back and is passed on
-- unchanged (a deadlock stays 1213). The read-only ones are a single SELECT each, so they read
-- one snapshot. A missing row raises SQLSTATE 45000 rather than silently doing less work.
-- New-Order's unused item rolls the transaction back after the valid lines before it were
-- processed and returns the rollback screen (O_ID, C_LAST, C_CREDIT, the rest NULL): the
-- business rollback of §2.4.2.3, not an error.
--
-- tpkit records this script's checksum in tpkit_routines and runs it again when it changes;
-- the procedures are dropped first, so that it always leaves exactly these definitions.
DROP PROCEDURE IF EXISTS tpcc_new_order;
DROP PROCEDURE IF EXISTS tpcc_payment;
DROP PROCEDURE IF EXISTS tpcc_order_status;
DROP PROCEDURE IF EXISTS tpcc_delivery;
DROP PROCEDURE IF EXISTS tpcc_stock_level;

DELIMITER //

-- New-Order (§2.4.2.2). p_lines is the order's lines as JSON, [[OL_I_ID, OL_SUPPLY_W_ID,
-- OL_QUANTITY], ...] in line order. Lock order: DISTRICT (its update), then every STOCK row
-- of the order once, in (S_W_ID, S_I_ID) order, before the first line is processed; the lines
-- are then processed in line order, each reading its ITEM and its STOCK row (a locking read:
-- the latest S_QUANTITY, as the lines before it left it) and writing its STOCK row and
-- ORDER-LINE. Returns, after the commit, a row per line: the header (O_ID, C_LAST, C_CREDIT,
-- C_DISCOUNT, W_TAX, D_TAX, O_ENTRY_D, the total with tax and discount) beside each line's
-- supplier, item, I_NAME, quantity, S_QUANTITY as read, brand-generic, I_PRICE and OL_AMOUNT.
CREATE PROCEDURE tpcc_new_order(IN p_w_id INT, IN p_d_id INT, IN p_c_id INT, IN p_lines VARCHAR(1024))
MODIFIES SQL DATA
proc: BEGIN
    DECLARE v_o_id INT DEFAULT NULL;
    DECLARE v_last VARCHAR(16);
    DECLARE v_credit CHAR(2);
    DECLARE v_discount DECIMAL(4,4);
    DECLARE v_w_tax DECIMAL(4,4);
    DECLARE v_d_tax DECIMAL(4,4);
    DECLARE v_now DATETIME(6);
    DECLARE v_count INT;
    DECLARE v_sum DECIMAL(12,2) DEFAULT 0;
    DECLARE v_n INT DEFAULT 0;
    DECLARE v_item INT;
    DECLARE v_supply INT;
    DECLARE v_qty INT;
    DECLARE v_all_local INT DEFAULT 1;
    DECLARE v_keys TEXT;
    DECLARE v_kw INT;
    DECLARE v_ki INT;
    DECLARE v_locked INT;
    DECLARE v_price DECIMAL(5,2);
    DECLARE v_name VARCHAR(24);
    DECLARE v_i_data VARCHAR(50);
    DECLARE v_quantity INT;
    DECLARE v_dist CHAR(24);
    DECLARE v_s_data VARCHAR(50);
    DECLARE v_amount DECIMAL(6,2);
    DECLARE v_shown TEXT DEFAULT '';
    DECLARE v_message VARCHAR(128);
    DECLARE EXIT HANDLER FOR SQLEXCEPTION
    BEGIN
        ROLLBACK;
        RESIGNAL;
    END;

    SET v_count = JSON_LENGTH(p_lines);
    START TRANSACTION;
    UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = p_w_id AND d_id = p_d_id;
    -- read after the update: the transaction sees its own new D_NEXT_O_ID, and holds its lock
    SELECT d.d_next_o_id - 1, d.d_tax, w.w_tax, c.c_discount, c.c_last, c.c_credit, LOCALTIMESTAMP
        INTO v_o_id, v_d_tax, v_w_tax, v_discount, v_last, v_credit, v_now
        FROM district d, warehouse w, customer c WHERE d.d_w_id = p_w_id AND d.d_id = p_d_id AND w.w_id = p_w_id
            AND c.c_w_id = p_w_id AND c.c_d_id = p_d_id AND c.c_id = p_c_id;
    IF v_o_id IS NULL THEN
        SET v_message = CONCAT('no warehouse, district or customer row [', p_w_id, ', ', p_d_id, ', ', p_c_id, ']');
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
    END IF;
    WHILE v_n < v_count DO
        IF JSON_VALUE(p_lines, CONCAT('$[', v_n, '][1]')) <> p_w_id THEN
            SET v_all_local = 0;
        END IF;
        SET v_n = v_n + 1;
    END WHILE;
    INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)
        VALUES (v_o_id, p_d_id, p_w_id, p_c_id, v_now, NULL, v_count, v_all_local);
    INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d_id, p_w_id);

    -- each STOCK row once, in key order, even when an item repeats; the unused item has no row
    SELECT GROUP_CONCAT(DISTINCT k.w, ':', k.i ORDER BY k.w, k.i) INTO v_keys
        FROM JSON_TABLE(p_lines, '$[*]' COLUMNS (i INT PATH '$[0]', w INT PATH '$[1]')) k;
    WHILE v_keys <> '' DO
        SET v_kw = SUBSTRING_INDEX(v_keys, ':', 1),
            v_ki = SUBSTRING_INDEX(SUBSTRING_INDEX(v_keys, ',', 1), ':', -1),
            v_keys = IF(LOCATE(',', v_keys) > 0, SUBSTRING(v_keys, LOCATE(',', v_keys) + 1), '');
        SELECT COUNT(*) INTO v_locked FROM stock WHERE s_w_id = v_kw AND s_i_id = v_ki FOR UPDATE;
    END WHILE;

    SET v_n = 0;
    WHILE v_n < v_count DO
        SET v_item = JSON_VALUE(p_lines, CONCAT('$[', v_n, '][0]')),
            v_supply = JSON_VALUE(p_lines, CONCAT('$[', v_n, '][1]')),
            v_qty = JSON_VALUE(p_lines, CONCAT('$[', v_n, '][2]')),
            v_price = NULL, v_quantity = NULL;
        SELECT i_price, i_name, i_data INTO v_price, v_name, v_i_data FROM item WHERE i_id = v_item;
        IF v_price IS NULL THEN
            -- §2.4.2.3: "Item number is not valid"; everything before has really been done
            ROLLBACK;
            SELECT v_o_id, v_last, v_credit, NULL, NULL, NULL, NULL, NULL,
                NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL;
            LEAVE proc;
        END IF;
        SELECT s_quantity,
                CASE p_d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03 WHEN 4 THEN s_dist_04
                    WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06 WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08
                    WHEN 9 THEN s_dist_09 ELSE s_dist_10 END,
                s_data
            INTO v_quantity, v_dist, v_s_data
            FROM stock WHERE s_w_id = v_supply AND s_i_id = v_item FOR UPDATE;
        IF v_quantity IS NULL THEN
            SET v_message = CONCAT('no stock row for item ', v_item, ' in warehouse ', v_supply);
            SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
        END IF;
        UPDATE stock SET s_quantity = IF(v_quantity - v_qty >= 10, v_quantity - v_qty, v_quantity - v_qty + 91),
                s_ytd = s_ytd + v_qty, s_order_cnt = s_order_cnt + 1,
                s_remote_cnt = s_remote_cnt + IF(v_supply <> p_w_id, 1, 0)
            WHERE s_w_id = v_supply AND s_i_id = v_item;
        SET v_amount = v_price * v_qty;
        SET v_sum = v_sum + v_amount;
        INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d,
                ol_quantity, ol_amount, ol_dist_info)
            VALUES (v_o_id, p_d_id, p_w_id, v_n + 1, v_item, v_supply, NULL, v_qty, v_amount, v_dist);
        -- brand-generic "B" when both I_DATA and S_DATA hold ORIGINAL (case matters), else "G": displayed only
        SET v_shown = CONCAT(v_shown, IF(v_n = 0, '', ','), JSON_ARRAY(v_supply, v_item, v_name, v_qty, v_quantity,
                IF(LOCATE(BINARY 'ORIGINAL', v_i_data) > 0 AND LOCATE(BINARY 'ORIGINAL', v_s_data) > 0, 'B', 'G'),
                v_price, v_amount));
        SET v_n = v_n + 1;
    END WHILE;
    COMMIT;
    SELECT v_o_id, v_last, v_credit, v_discount, v_w_tax, v_d_tax, v_now,
            ROUND(v_sum * (1 - v_discount) * (1 + v_w_tax + v_d_tax), 2),
            l.w, l.i, l.name, l.q, l.s, l.bg, l.price, l.amount
        FROM JSON_TABLE(CONCAT('[', v_shown, ']'), '$[*]' COLUMNS (n FOR ORDINALITY, w INT PATH '$[0]',
            i INT PATH '$[1]', name VARCHAR(24) PATH '$[2]', q INT PATH '$[3]', s INT PATH '$[4]',
            bg CHAR(1) PATH '$[5]', price DECIMAL(5,2) PATH '$[6]', amount DECIMAL(6,2) PATH '$[7]')) l
        ORDER BY l.n;
END //

-- Payment (§2.5.2.2). Lock order: WAREHOUSE, DISTRICT, CUSTOMER, each row changed in place. The
-- customer by number, or at ceil(n/2) of the name's matches sorted by C_FIRST (C_ID breaks
-- ties). A bad-credit customer's C_DATA gets C_ID, C_D_ID, C_W_ID, D_ID, W_ID and H_AMOUNT in
-- front, cut to 500 characters. Returns one row, read before the commit as the client does:
-- the customer (C_DATA's first 200 characters only for bad credit), the warehouse's and the
-- district's addresses, and H_DATE.
CREATE PROCEDURE tpcc_payment(IN p_w_id INT, IN p_d_id INT, IN p_c_w_id INT, IN p_c_d_id INT, IN p_c_id INT,
        IN p_c_last VARCHAR(16), IN p_amount DECIMAL(6,2))
MODIFIES SQL DATA
BEGIN
    DECLARE v_c_id INT DEFAULT NULL;
    DECLARE v_found INT;
    DECLARE v_now DATETIME(6);
    DECLARE v_message VARCHAR(128);
    DECLARE EXIT HANDLER FOR SQLEXCEPTION
    BEGIN
        ROLLBACK;
        RESIGNAL;
    END;

    START TRANSACTION;
    SET v_now = LOCALTIMESTAMP;
    UPDATE warehouse SET w_ytd = w_ytd + p_amount WHERE w_id = p_w_id;
    SET v_found = ROW_COUNT();
    UPDATE district SET d_ytd = d_ytd + p_amount WHERE d_w_id = p_w_id AND d_id = p_d_id;
    SET v_found = v_found + ROW_COUNT();
    IF v_found <> 2 THEN
        SET v_message = CONCAT('no warehouse or district row [', p_w_id, ', ', p_d_id, ']');
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
    END IF;
    IF p_c_id > 0 THEN
        SET v_c_id = p_c_id;
    ELSE
        SELECT x.c_id INTO v_c_id FROM (SELECT c_id, ROW_NUMBER() OVER (ORDER BY c_first, c_id) AS rn,
                COUNT(*) OVER () AS n FROM customer WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_last = p_c_last) x
            WHERE x.n IN (2 * x.rn - 1, 2 * x.rn);
        IF v_c_id IS NULL THEN
            SET v_message = CONCAT('no customer named ', p_c_last, ' in warehouse ', p_c_w_id, ', district ', p_c_d_id);
            SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
        END IF;
    END IF;
    -- prefixed in place: the row's current C_DATA, not the transaction's snapshot of it
    UPDATE customer SET c_balance = c_balance - p_amount, c_ytd_payment = c_ytd_payment + p_amount,
            c_payment_cnt = c_payment_cnt + 1,
            c_data = CASE WHEN c_credit = 'BC' THEN LEFT(CONCAT(c_id, ' ', p_c_d_id, ' ', p_c_w_id, ' ', p_d_id, ' ',
                p_w_id, ' ', p_amount, ' | ', c_data), 500) ELSE c_data END
        WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;
    IF ROW_COUNT() <> 1 THEN
        SET v_message = CONCAT('no customer row [', p_c_w_id, ', ', p_c_d_id, ', ', v_c_id, ']');
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
    END IF;
    INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
        SELECT v_c_id, p_c_d_id, p_c_w_id, p_d_id, p_w_id, v_now, p_amount, CONCAT(w.w_name, '    ', d.d_name)
        FROM warehouse w, district d WHERE w.w_id = p_w_id AND d.d_w_id = p_w_id AND d.d_id = p_d_id;
    -- what the terminal shows: the rows as this transaction left them
    SELECT c.c_id, c.c_first, c.c_middle, c.c_last, c.c_street_1, c.c_street_2, c.c_city, c.c_state, c.c_zip,
            c.c_phone, c.c_since, c.c_credit, c.c_credit_lim, c.c_discount, c.c_balance,
            CASE WHEN c.c_credit = 'BC' THEN LEFT(c.c_data, 200) END,
            w.w_street_1, w.w_street_2, w.w_city, w.w_state, w.w_zip,
            d.d_street_1, d.d_street_2, d.d_city, d.d_state, d.d_zip, v_now
        FROM customer c, warehouse w, district d WHERE c.c_w_id = p_c_w_id AND c.c_d_id = p_c_d_id
            AND c.c_id = v_c_id AND w.w_id = p_w_id AND d.d_w_id = p_w_id AND d.d_id = p_d_id;
    COMMIT;
END //

-- Order-Status (§2.6.2.2), no locks, one statement (so one snapshot): the customer (C_BALANCE,
-- C_FIRST, C_MIDDLE, C_LAST), its last order (O_ID, O_ENTRY_D, O_CARRIER_ID) and each of its
-- lines (OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DELIVERY_D): a row per line, or one
-- row with NULL order and line columns when the customer has no order; no row without the
-- customer. The customer by number, or at ceil(n/2) of the name's matches sorted by C_FIRST.
CREATE PROCEDURE tpcc_order_status(IN p_w_id INT, IN p_d_id INT, IN p_c_id INT, IN p_c_last VARCHAR(16))
READS SQL DATA
BEGIN
    SELECT c.c_id, c.c_balance, c.c_first, c.c_middle, c.c_last, o.o_id, o.o_entry_d, o.o_carrier_id,
            l.ol_i_id, l.ol_supply_w_id, l.ol_quantity, l.ol_amount, l.ol_delivery_d
        FROM customer c
        LEFT JOIN oorder o ON o.o_w_id = c.c_w_id AND o.o_d_id = c.c_d_id AND o.o_c_id = c.c_id
            AND o.o_id = (SELECT MAX(x.o_id) FROM oorder x WHERE x.o_w_id = c.c_w_id AND x.o_d_id = c.c_d_id
                AND x.o_c_id = c.c_id)
        LEFT JOIN order_line l ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id
        WHERE c.c_w_id = p_w_id AND c.c_d_id = p_d_id AND c.c_id = IF(p_c_id > 0, p_c_id,
            (SELECT x.c_id FROM (SELECT c_id, ROW_NUMBER() OVER (ORDER BY c_first, c_id) AS rn,
                COUNT(*) OVER () AS n FROM customer WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last) x
             WHERE x.n IN (2 * x.rn - 1, 2 * x.rn)))
        ORDER BY l.ol_number;
END //

-- Delivery (§2.7.4.2): districts 1..10 in order, each in NEW-ORDER, ORDER, ORDER-LINE, CUSTOMER
-- order, in one transaction; a district without a new order is skipped. The oldest new order
-- is read with a locking read, which passes over one a concurrent Delivery deleted. Returns,
-- after the commit, a row (D_ID, O_ID) per delivered order.
CREATE PROCEDURE tpcc_delivery(IN p_w_id INT, IN p_carrier_id INT)
MODIFIES SQL DATA
BEGIN
    DECLARE v_d INT DEFAULT 1;
    DECLARE v_o_id INT;
    DECLARE v_c_id INT;
    DECLARE v_sum DECIMAL(12,2);
    DECLARE v_now DATETIME(6);
    DECLARE v_delivered TEXT DEFAULT '';
    DECLARE v_message VARCHAR(128);
    DECLARE EXIT HANDLER FOR SQLEXCEPTION
    BEGIN
        ROLLBACK;
        RESIGNAL;
    END;

    START TRANSACTION;
    SET v_now = LOCALTIMESTAMP;
    WHILE v_d <= 10 DO
        SET v_o_id = NULL, v_c_id = NULL;
        SELECT no_o_id INTO v_o_id FROM new_order WHERE no_w_id = p_w_id AND no_d_id = v_d
            ORDER BY no_o_id LIMIT 1 FOR UPDATE;
        IF v_o_id IS NOT NULL THEN
            DELETE FROM new_order WHERE no_w_id = p_w_id AND no_d_id = v_d AND no_o_id = v_o_id;
            SELECT o_c_id INTO v_c_id FROM oorder WHERE o_w_id = p_w_id AND o_d_id = v_d AND o_id = v_o_id FOR UPDATE;
            IF v_c_id IS NULL THEN
                SET v_message = CONCAT('no order row [', p_w_id, ', ', v_d, ', ', v_o_id, ']');
                SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
            END IF;
            UPDATE oorder SET o_carrier_id = p_carrier_id WHERE o_w_id = p_w_id AND o_d_id = v_d AND o_id = v_o_id;
            UPDATE order_line SET ol_delivery_d = v_now WHERE ol_w_id = p_w_id AND ol_d_id = v_d AND ol_o_id = v_o_id;
            -- after the update: the transaction's own versions of the lines
            SELECT COALESCE(SUM(ol_amount), 0) INTO v_sum FROM order_line
                WHERE ol_w_id = p_w_id AND ol_d_id = v_d AND ol_o_id = v_o_id;
            UPDATE customer SET c_balance = c_balance + v_sum, c_delivery_cnt = c_delivery_cnt + 1
                WHERE c_w_id = p_w_id AND c_d_id = v_d AND c_id = v_c_id;
            IF ROW_COUNT() <> 1 THEN
                SET v_message = CONCAT('no customer row [', p_w_id, ', ', v_d, ', ', v_c_id, ']');
                SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = v_message;
            END IF;
            SET v_delivered = CONCAT(v_delivered, IF(v_delivered = '', '', ','), JSON_ARRAY(v_d, v_o_id));
        END IF;
        SET v_d = v_d + 1;
    END WHILE;
    COMMIT;
    SELECT l.d, l.o FROM JSON_TABLE(CONCAT('[', v_delivered, ']'), '$[*]' COLUMNS (d INT PATH '$[0]',
        o INT PATH '$[1]')) l ORDER BY l.d;
END //

-- Stock-Level (§2.8.2.2), no locks, one statement (so one snapshot): the distinct items of the
-- district's last 20 orders whose stock in the warehouse is below the threshold.
CREATE PROCEDURE tpcc_stock_level(IN p_w_id INT, IN p_d_id INT, IN p_threshold INT)
READS SQL DATA
BEGIN
    SELECT COUNT(DISTINCT s.s_i_id) FROM district d
        JOIN order_line ol ON ol.ol_w_id = d.d_w_id AND ol.ol_d_id = d.d_id
            AND ol.ol_o_id >= d.d_next_o_id - 20 AND ol.ol_o_id < d.d_next_o_id
        JOIN stock s ON s.s_w_id = d.d_w_id AND s.s_i_id = ol.ol_i_id AND s.s_quantity < p_threshold
        WHERE d.d_w_id = p_w_id AND d.d_id = p_d_id;
END //

DELIMITER ;
