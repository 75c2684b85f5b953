-- The five TPC-C transactions as PL/pgSQL functions (--logic procedure): one call, one round
-- trip, per business transaction. Each function does the reads and writes of the client
-- variant (TpccClientSession) with the same inputs, takes its row locks in the same order and
-- returns what the terminal displays that the driver keeps. Under READ COMMITTED every
-- statement of a (volatile) function takes a fresh snapshot, as the client's statements do.
--
-- A missing row raises no_data_found (P0002) rather than silently doing less work. New-Order's
-- unused item raises the dedicated SQLSTATE TPC01 after the valid lines before it were
-- processed: the error undoes the whole transaction, and the driver counts it as the
-- business rollback of §2.4.2.3, not as an error. The message carries the order's O_ID.
--
-- Dropped first (by exact signature) so that installing twice, or over an older version with
-- other result columns, always leaves exactly these definitions.
DROP FUNCTION IF EXISTS tpcc_new_order(int, int, int, int[], int[], int[]);
DROP FUNCTION IF EXISTS tpcc_payment(int, int, int, int, int, varchar, numeric);
DROP FUNCTION IF EXISTS tpcc_order_status(int, int, int, varchar);
DROP FUNCTION IF EXISTS tpcc_delivery(int, int);
DROP FUNCTION IF EXISTS tpcc_stock_level(int, int, int);

-- C_ID chosen by number (p_c_id > 0) or by last name: the row at position ceil(n/2), counting
-- from 1, of the name's matches ordered by C_FIRST (C_ID breaks ties between equal first names).
DROP FUNCTION IF EXISTS tpcc_customer_id(int, int, int, varchar);
CREATE FUNCTION tpcc_customer_id(p_w_id int, p_d_id int, p_c_id int, p_c_last varchar)
RETURNS int
LANGUAGE plpgsql STABLE
AS $$
DECLARE
    v_ids int[];
    v_n int;
BEGIN
    IF p_c_id > 0 THEN
        RETURN p_c_id;
    END IF;
    SELECT array_agg(c_id ORDER BY c_first, c_id) INTO v_ids
        FROM customer WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last;
    v_n := coalesce(array_length(v_ids, 1), 0);
    IF v_n = 0 THEN
        RAISE EXCEPTION 'no customer named % in warehouse %, district %', p_c_last, p_w_id, p_d_id
            USING ERRCODE = 'no_data_found';
    END IF;
    RETURN v_ids[(v_n + 1) / 2];
END
$$;

-- New-Order (§2.4.2.2). Lock order: DISTRICT (FOR UPDATE), then all the order's STOCK rows
-- sorted by (S_W_ID, S_I_ID) before the first line is processed; the lines are then processed
-- in line order. Returns O_ID, the displayed total (with tax and discount) and the number of
-- brand-generic "B" lines.
CREATE FUNCTION tpcc_new_order(p_w_id int, p_d_id int, p_c_id int,
        p_item_ids int[], p_supply_w_ids int[], p_quantities int[],
        OUT o_id int, OUT total_amount numeric, OUT brand_lines int)
LANGUAGE plpgsql
AS $$
DECLARE
    v_w_tax numeric;
    v_d_tax numeric;
    v_discount numeric;
    v_count int := array_length(p_item_ids, 1);
    v_all_local int;
    v_sum numeric := 0;
    v_price numeric;
    v_i_data varchar;
    v_s_data varchar;
    v_dist_info char(24);
    v_amount numeric;
    i int;
BEGIN
    SELECT w_tax INTO v_w_tax FROM warehouse WHERE w_id = p_w_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no warehouse row [%]', p_w_id USING ERRCODE = 'no_data_found';
    END IF;
    SELECT d_tax, d_next_o_id INTO v_d_tax, o_id FROM district
        WHERE d_w_id = p_w_id AND d_id = p_d_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no district row [%, %]', p_w_id, p_d_id USING ERRCODE = 'no_data_found';
    END IF;
    UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = p_w_id AND d_id = p_d_id;
    -- C_LAST and C_CREDIT are displayed only
    SELECT c_discount INTO v_discount FROM customer
        WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = p_c_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no customer row [%, %, %]', p_w_id, p_d_id, p_c_id USING ERRCODE = 'no_data_found';
    END IF;
    v_all_local := CASE WHEN p_w_id = ALL (p_supply_w_ids) THEN 1 ELSE 0 END;
    INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)
        VALUES (o_id, p_d_id, p_w_id, p_c_id, LOCALTIMESTAMP, NULL, v_count, v_all_local);
    INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (o_id, p_d_id, p_w_id);

    -- each STOCK row once, even when an item repeats; the unused item has no row
    PERFORM 1 FROM stock s
        JOIN (SELECT DISTINCT k.w, k.i FROM unnest(p_supply_w_ids, p_item_ids) AS k(w, i)) k
            ON s.s_w_id = k.w AND s.s_i_id = k.i
        ORDER BY s.s_w_id, s.s_i_id
        FOR UPDATE OF s;

    brand_lines := 0;
    FOR i IN 1 .. v_count LOOP
        SELECT i_price, i_data INTO v_price, v_i_data FROM item WHERE i_id = p_item_ids[i];
        IF NOT FOUND THEN
            -- §2.4.2.3: "Item number is not valid"; everything before has really been done
            RAISE EXCEPTION 'tpcc: item number is not valid (order %)', o_id USING ERRCODE = 'TPC01';
        END IF;
        UPDATE stock SET
                s_quantity = CASE WHEN s_quantity - p_quantities[i] >= 10 THEN s_quantity - p_quantities[i]
                                  ELSE s_quantity - p_quantities[i] + 91 END,
                s_ytd = s_ytd + p_quantities[i],
                s_order_cnt = s_order_cnt + 1,
                s_remote_cnt = s_remote_cnt + CASE WHEN p_supply_w_ids[i] <> p_w_id THEN 1 ELSE 0 END
            WHERE s_w_id = p_supply_w_ids[i] AND s_i_id = p_item_ids[i]
            RETURNING CASE p_d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03
                        WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06
                        WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08 WHEN 9 THEN s_dist_09
                        ELSE s_dist_10 END,
                s_data
            INTO v_dist_info, v_s_data;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'no stock row for item % in warehouse %', p_item_ids[i], p_supply_w_ids[i]
                USING ERRCODE = 'no_data_found';
        END IF;
        v_amount := v_price * p_quantities[i];
        v_sum := v_sum + v_amount;
        IF strpos(v_i_data, 'ORIGINAL') > 0 AND strpos(v_s_data, 'ORIGINAL') > 0 THEN
            brand_lines := brand_lines + 1; -- brand-generic "B", else "G": displayed only
        END IF;
        INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,
                ol_delivery_d, ol_quantity, ol_amount, ol_dist_info)
            VALUES (o_id, p_d_id, p_w_id, i, p_item_ids[i], p_supply_w_ids[i],
                NULL, p_quantities[i], v_amount, v_dist_info);
    END LOOP;
    total_amount := round(v_sum * (1 - v_discount) * (1 + v_w_tax + v_d_tax), 2);
END
$$;

-- Payment (§2.5.2.2). Lock order: WAREHOUSE, DISTRICT, CUSTOMER. A bad-credit customer's
-- C_DATA gets C_ID, C_D_ID, C_W_ID, D_ID, W_ID and H_AMOUNT in front, cut to 500 characters.
-- Returns the C_ID paid.
CREATE FUNCTION tpcc_payment(p_w_id int, p_d_id int, p_c_w_id int, p_c_d_id int,
        p_c_id int, p_c_last varchar, p_amount numeric)
RETURNS int
LANGUAGE plpgsql
AS $$
DECLARE
    v_w_name varchar;
    v_d_name varchar;
    v_c_id int;
    v_credit char(2);
BEGIN
    UPDATE warehouse SET w_ytd = w_ytd + p_amount WHERE w_id = p_w_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no warehouse row [%]', p_w_id USING ERRCODE = 'no_data_found';
    END IF;
    SELECT w_name INTO v_w_name FROM warehouse WHERE w_id = p_w_id;
    UPDATE district SET d_ytd = d_ytd + p_amount WHERE d_w_id = p_w_id AND d_id = p_d_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no district row [%, %]', p_w_id, p_d_id USING ERRCODE = 'no_data_found';
    END IF;
    SELECT d_name INTO v_d_name FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;

    v_c_id := tpcc_customer_id(p_c_w_id, p_c_d_id, p_c_id, p_c_last);
    -- the customer's name, address, phone, since, credit limit, discount and balance are
    -- displayed only: C_CREDIT decides what is written
    SELECT c_credit INTO v_credit FROM customer
        WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no customer row [%, %, %]', p_c_w_id, p_c_d_id, v_c_id USING ERRCODE = 'no_data_found';
    END IF;
    IF v_credit = 'BC' THEN
        -- prefixed in place: the row's current C_DATA, whatever the isolation level's snapshot
        UPDATE customer SET c_balance = c_balance - p_amount, c_ytd_payment = c_ytd_payment + p_amount,
                c_payment_cnt = c_payment_cnt + 1,
                c_data = left(v_c_id || ' ' || p_c_d_id || ' ' || p_c_w_id || ' ' || p_d_id || ' ' || p_w_id
                    || ' ' || p_amount::text || ' | ' || c_data, 500)
            WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;
    ELSE
        UPDATE customer SET c_balance = c_balance - p_amount, c_ytd_payment = c_ytd_payment + p_amount,
                c_payment_cnt = c_payment_cnt + 1
            WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;
    END IF;
    INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
        VALUES (v_c_id, p_c_d_id, p_c_w_id, p_d_id, p_w_id, LOCALTIMESTAMP, p_amount,
            v_w_name || '    ' || v_d_name);
    RETURN v_c_id;
END
$$;

-- Order-Status (§2.6.2.2), no locks. Returns the C_ID shown, the O_ID of the customer's last
-- order (0 when there is none) and how many lines it has. STABLE: all its reads see one
-- snapshot even at READ COMMITTED, so a Delivery committing meanwhile cannot show an order
-- without its carrier beside lines already delivered.
CREATE FUNCTION tpcc_order_status(p_w_id int, p_d_id int, p_c_id int, p_c_last varchar,
        OUT c_id int, OUT o_id int, OUT line_count int)
LANGUAGE plpgsql STABLE
AS $$
BEGIN
    c_id := tpcc_customer_id(p_w_id, p_d_id, p_c_id, p_c_last);
    -- C_BALANCE, C_FIRST, C_MIDDLE, C_LAST are displayed
    PERFORM c.c_balance, c.c_first, c.c_middle, c.c_last FROM customer c
        WHERE c.c_w_id = p_w_id AND c.c_d_id = p_d_id AND c.c_id = tpcc_order_status.c_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no customer row [%, %, %]', p_w_id, p_d_id, c_id USING ERRCODE = 'no_data_found';
    END IF;
    o_id := 0;
    line_count := 0;
    SELECT o.o_id INTO o_id FROM oorder o
        WHERE o.o_w_id = p_w_id AND o.o_d_id = p_d_id AND o.o_c_id = tpcc_order_status.c_id
        ORDER BY o.o_id DESC FETCH FIRST 1 ROWS ONLY;
    IF FOUND THEN
        -- OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DELIVERY_D are displayed
        SELECT count(*) INTO line_count FROM (SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount,
                ol_delivery_d FROM order_line
            WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id = tpcc_order_status.o_id) l;
    ELSE
        o_id := 0;
    END IF;
END
$$;

-- Delivery (§2.7.4.2): districts 1..10 in order, each in NEW-ORDER, ORDER, ORDER-LINE, CUSTOMER
-- order; a district without a new order is skipped. Under READ COMMITTED a concurrent Delivery
-- may take the row this one waited for: the district is then read again rather than wrongly
-- skipped (at most 100 times). Returns the delivered O_ID per district, 0 for a skipped one.
CREATE FUNCTION tpcc_delivery(p_w_id int, p_carrier_id int)
RETURNS int[]
LANGUAGE plpgsql
AS $$
DECLARE
    v_delivered int[] := array_fill(0, ARRAY[10]);
    v_o_id int;
    v_c_id int;
    v_sum numeric;
    v_now timestamp := LOCALTIMESTAMP;
    d int;
    attempt int;
BEGIN
    FOR d IN 1 .. 10 LOOP
        v_o_id := NULL;
        FOR attempt IN 1 .. 100 LOOP
            SELECT no_o_id INTO v_o_id FROM new_order WHERE no_w_id = p_w_id AND no_d_id = d
                ORDER BY no_o_id FETCH FIRST 1 ROWS ONLY FOR UPDATE;
            IF NOT FOUND THEN
                v_o_id := NULL;
                IF (SELECT min(no_o_id) FROM new_order WHERE no_w_id = p_w_id AND no_d_id = d) IS NULL THEN
                    v_o_id := 0;
                    EXIT;
                END IF;
                CONTINUE;
            END IF;
            DELETE FROM new_order WHERE no_w_id = p_w_id AND no_d_id = d AND no_o_id = v_o_id;
            IF FOUND THEN
                EXIT;
            END IF;
            v_o_id := NULL;
        END LOOP;
        IF v_o_id IS NULL THEN
            RAISE EXCEPTION 'delivery could not claim a new order in warehouse %, district %', p_w_id, d;
        END IF;
        CONTINUE WHEN v_o_id = 0;

        SELECT o_c_id INTO v_c_id FROM oorder WHERE o_w_id = p_w_id AND o_d_id = d AND o_id = v_o_id FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'no order row [%, %, %]', p_w_id, d, v_o_id USING ERRCODE = 'no_data_found';
        END IF;
        UPDATE oorder SET o_carrier_id = p_carrier_id WHERE o_w_id = p_w_id AND o_d_id = d AND o_id = v_o_id;
        UPDATE order_line SET ol_delivery_d = v_now WHERE ol_w_id = p_w_id AND ol_d_id = d AND ol_o_id = v_o_id;
        SELECT coalesce(sum(ol_amount), 0) INTO v_sum FROM order_line
            WHERE ol_w_id = p_w_id AND ol_d_id = d AND ol_o_id = v_o_id;
        UPDATE customer SET c_balance = c_balance + v_sum, c_delivery_cnt = c_delivery_cnt + 1
            WHERE c_w_id = p_w_id AND c_d_id = d AND c_id = v_c_id;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'no customer row [%, %, %]', p_w_id, d, v_c_id USING ERRCODE = 'no_data_found';
        END IF;
        v_delivered[d] := v_o_id;
    END LOOP;
    RETURN v_delivered;
END
$$;

-- Stock-Level (§2.8.2.2), no locks: the distinct items of the district's last 20 orders whose
-- stock in the warehouse is below the threshold. STABLE: D_NEXT_O_ID and the lines it bounds
-- are read on one snapshot.
CREATE FUNCTION tpcc_stock_level(p_w_id int, p_d_id int, p_threshold int)
RETURNS int
LANGUAGE plpgsql STABLE
AS $$
DECLARE
    v_next int;
    v_low int;
BEGIN
    SELECT d_next_o_id INTO v_next FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no district row [%, %]', p_w_id, p_d_id USING ERRCODE = 'no_data_found';
    END IF;
    SELECT count(DISTINCT s.s_i_id) INTO v_low FROM order_line ol
        JOIN stock s ON s.s_w_id = p_w_id AND s.s_i_id = ol.ol_i_id
        WHERE ol.ol_w_id = p_w_id AND ol.ol_d_id = p_d_id AND ol.ol_o_id >= v_next - 20
            AND ol.ol_o_id < v_next AND s.s_quantity < p_threshold;
    RETURN v_low;
END
$$;
