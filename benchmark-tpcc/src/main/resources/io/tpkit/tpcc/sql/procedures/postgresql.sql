-- The five TPC-C transactions as PL/pgSQL functions (--logic procedure): one call, one round
-- trip, per business transaction. Each function does the reads and writes of the client
-- variant (TpccClientSession) with the same inputs, takes its row locks in the same order and
-- returns everything the terminal displays (TpccOutput), in the rows the client statements
-- return. Timestamps are the server's LOCALTIMESTAMP, as in the client variant. Under READ
-- COMMITTED every statement of a (volatile) function takes a fresh snapshot, as the client's
-- statements do.
--
-- A missing row raises no_data_found (P0002) rather than silently doing less work. New-Order's
-- unused item raises the dedicated SQLSTATE TPC01 after the valid lines before it were
-- processed: the error undoes the whole transaction, and the driver counts it as the
-- business rollback of §2.4.2.3, not as an error. Its message carries what the rollback screen
-- shows besides the input: O_ID, C_CREDIT and C_LAST.
--
-- tpkit records this script's checksum in tpkit_routines and runs it again when it changes:
-- the functions are dropped first (by exact signature), so that running it over an older
-- version with other result columns always leaves exactly these definitions.
DROP FUNCTION IF EXISTS tpcc_new_order(int, int, int, int[], int[], int[]);
DROP FUNCTION IF EXISTS tpcc_payment(int, int, int, int, int, varchar, numeric);
DROP FUNCTION IF EXISTS tpcc_order_status(int, int, int, varchar);
DROP FUNCTION IF EXISTS tpcc_delivery(int, int);
DROP FUNCTION IF EXISTS tpcc_stock_level(int, int, int);
DROP FUNCTION IF EXISTS tpcc_customer_id(int, int, int, varchar);

-- C_ID chosen by number (p_c_id > 0) or by last name: the row at position ceil(n/2), counting
-- from 1, of the name's matches ordered by C_FIRST (C_ID breaks ties between equal first names).
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
    SELECT array_agg(c.c_id ORDER BY c.c_first, c.c_id) INTO v_ids
        FROM customer c WHERE c.c_w_id = p_w_id AND c.c_d_id = p_d_id AND c.c_last = p_c_last;
    v_n := coalesce(array_length(v_ids, 1), 0);
    IF v_n = 0 THEN
        RAISE EXCEPTION 'no customer named % in warehouse %, district %', p_c_last, p_w_id, p_d_id
            USING ERRCODE = 'no_data_found';
    END IF;
    RETURN v_ids[(v_n + 1) / 2];
END
$$;

-- New-Order (§2.4.2.2). Lock order: DISTRICT (its update), then all the order's STOCK rows
-- sorted by (S_W_ID, S_I_ID) before the first line is processed; the lines are then processed
-- in line order, each reading its ITEM and STOCK rows (S_QUANTITY as the lines before it left
-- it) and writing its STOCK row and ORDER-LINE. Returns a row per line: the header (O_ID,
-- C_LAST, C_CREDIT, C_DISCOUNT, W_TAX, D_TAX, O_ENTRY_D, the total with tax and discount)
-- beside each line's supplier, item, I_NAME, quantity, S_QUANTITY as read, brand-generic,
-- I_PRICE and OL_AMOUNT.
CREATE FUNCTION tpcc_new_order(p_w_id int, p_d_id int, p_c_id int,
        p_item_ids int[], p_supply_w_ids int[], p_quantities int[])
RETURNS TABLE (o_id int, c_last varchar, c_credit char(2), c_discount numeric, w_tax numeric, d_tax numeric,
        o_entry_d timestamp, total_amount numeric, ol_supply_w_id int, ol_i_id int, i_name varchar,
        ol_quantity int, s_quantity int, brand_generic char(1), i_price numeric, ol_amount numeric)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
    v_o_id int;
    v_last varchar;
    v_credit char(2);
    v_discount numeric;
    v_w_tax numeric;
    v_d_tax numeric;
    v_now timestamp := LOCALTIMESTAMP;
    v_count int := array_length(p_item_ids, 1);
    v_sum numeric := 0;
    v_price numeric;
    v_name varchar;
    v_i_data varchar;
    v_quantity int;
    v_dist_info char(24);
    v_s_data varchar;
    v_amount numeric;
    v_names varchar[] := '{}';
    v_stock int[] := '{}';
    v_brand char(1)[] := '{}';
    v_prices numeric[] := '{}';
    v_amounts numeric[] := '{}';
    i int;
BEGIN
    SELECT w.w_tax INTO v_w_tax FROM warehouse w WHERE w.w_id = p_w_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no warehouse row [%]', p_w_id USING ERRCODE = 'no_data_found';
    END IF;
    UPDATE district d SET d_next_o_id = d.d_next_o_id + 1 WHERE d.d_w_id = p_w_id AND d.d_id = p_d_id
        RETURNING d.d_tax, d.d_next_o_id - 1 INTO v_d_tax, v_o_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no district row [%, %]', p_w_id, p_d_id USING ERRCODE = 'no_data_found';
    END IF;
    SELECT c.c_discount, c.c_last, c.c_credit INTO v_discount, v_last, v_credit FROM customer c
        WHERE c.c_w_id = p_w_id AND c.c_d_id = p_d_id AND c.c_id = p_c_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no customer row [%, %, %]', p_w_id, p_d_id, p_c_id USING ERRCODE = 'no_data_found';
    END IF;
    INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)
        VALUES (v_o_id, p_d_id, p_w_id, p_c_id, v_now, NULL, v_count,
            CASE WHEN p_w_id = ALL (p_supply_w_ids) THEN 1 ELSE 0 END);
    INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d_id, p_w_id);

    -- each STOCK row once, even when an item repeats; the unused item has no row
    PERFORM 1 FROM stock s
        JOIN (SELECT DISTINCT k.w, k.i FROM unnest(p_supply_w_ids, p_item_ids) AS k(w, i)) k
            ON s.s_w_id = k.w AND s.s_i_id = k.i
        ORDER BY s.s_w_id, s.s_i_id
        FOR UPDATE OF s;

    FOR i IN 1 .. v_count LOOP
        SELECT it.i_price, it.i_name, it.i_data INTO v_price, v_name, v_i_data FROM item it
            WHERE it.i_id = p_item_ids[i];
        IF NOT FOUND THEN
            -- §2.4.2.3: "Item number is not valid"; everything before has really been done
            RAISE EXCEPTION 'tpcc: item number is not valid (order %, C_CREDIT %, C_LAST %)', v_o_id, v_credit, v_last
                USING ERRCODE = 'TPC01';
        END IF;
        SELECT s.s_quantity,
                CASE p_d_id WHEN 1 THEN s.s_dist_01 WHEN 2 THEN s.s_dist_02 WHEN 3 THEN s.s_dist_03
                    WHEN 4 THEN s.s_dist_04 WHEN 5 THEN s.s_dist_05 WHEN 6 THEN s.s_dist_06
                    WHEN 7 THEN s.s_dist_07 WHEN 8 THEN s.s_dist_08 WHEN 9 THEN s.s_dist_09
                    ELSE s.s_dist_10 END,
                s.s_data
            INTO v_quantity, v_dist_info, v_s_data
            FROM stock s WHERE s.s_w_id = p_supply_w_ids[i] AND s.s_i_id = p_item_ids[i];
        IF NOT FOUND THEN
            RAISE EXCEPTION 'no stock row for item % in warehouse %', p_item_ids[i], p_supply_w_ids[i]
                USING ERRCODE = 'no_data_found';
        END IF;
        UPDATE stock s SET
                s_quantity = CASE WHEN v_quantity - p_quantities[i] >= 10 THEN v_quantity - p_quantities[i]
                                  ELSE v_quantity - p_quantities[i] + 91 END,
                s_ytd = s.s_ytd + p_quantities[i],
                s_order_cnt = s.s_order_cnt + 1,
                s_remote_cnt = s.s_remote_cnt + CASE WHEN p_supply_w_ids[i] <> p_w_id THEN 1 ELSE 0 END
            WHERE s.s_w_id = p_supply_w_ids[i] AND s.s_i_id = p_item_ids[i];
        v_amount := v_price * p_quantities[i];
        v_sum := v_sum + v_amount;
        INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,
                ol_delivery_d, ol_quantity, ol_amount, ol_dist_info)
            VALUES (v_o_id, p_d_id, p_w_id, i, p_item_ids[i], p_supply_w_ids[i],
                NULL, p_quantities[i], v_amount, v_dist_info);
        v_names := v_names || v_name;
        v_stock := v_stock || v_quantity;
        -- brand-generic "B" when both I_DATA and S_DATA hold ORIGINAL, else "G": displayed only
        v_brand := v_brand || CASE WHEN strpos(v_i_data, 'ORIGINAL') > 0 AND strpos(v_s_data, 'ORIGINAL') > 0
                                   THEN 'B' ELSE 'G' END::char(1);
        v_prices := v_prices || v_price;
        v_amounts := v_amounts || v_amount;
    END LOOP;
    RETURN QUERY SELECT v_o_id, v_last, v_credit, v_discount, v_w_tax, v_d_tax, v_now,
            round(v_sum * (1 - v_discount) * (1 + v_w_tax + v_d_tax), 2),
            l.w, l.i, l.name, l.q, l.s, l.bg, l.price, l.amount
        FROM unnest(p_supply_w_ids, p_item_ids, v_names, p_quantities, v_stock, v_brand, v_prices, v_amounts)
            WITH ORDINALITY AS l(w, i, name, q, s, bg, price, amount, n)
        ORDER BY l.n;
END
$$;

-- Payment (§2.5.2.2). Lock order: WAREHOUSE, DISTRICT, CUSTOMER, each row changed in place by
-- one UPDATE that also reads what the terminal shows. A bad-credit customer's C_DATA gets C_ID,
-- C_D_ID, C_W_ID, D_ID, W_ID and H_AMOUNT in front, cut to 500 characters. Returns one row: the
-- customer (C_DATA's first 200 characters only for bad credit), the warehouse's and the
-- district's addresses, and H_DATE.
CREATE FUNCTION tpcc_payment(p_w_id int, p_d_id int, p_c_w_id int, p_c_d_id int,
        p_c_id int, p_c_last varchar, p_amount numeric)
RETURNS TABLE (c_id int, c_first varchar, c_middle char(2), c_last varchar, c_street_1 varchar,
        c_street_2 varchar, c_city varchar, c_state char(2), c_zip char(9), c_phone char(16), c_since timestamp,
        c_credit char(2), c_credit_lim numeric, c_discount numeric, c_balance numeric, c_data varchar,
        w_street_1 varchar, w_street_2 varchar, w_city varchar, w_state char(2), w_zip char(9),
        d_street_1 varchar, d_street_2 varchar, d_city varchar, d_state char(2), d_zip char(9), h_date timestamp)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
    v_w warehouse%ROWTYPE;
    v_d district%ROWTYPE;
    v_c customer%ROWTYPE;
    v_c_id int;
    v_now timestamp := LOCALTIMESTAMP;
BEGIN
    UPDATE warehouse w SET w_ytd = w.w_ytd + p_amount WHERE w.w_id = p_w_id RETURNING w.* INTO v_w;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no warehouse row [%]', p_w_id USING ERRCODE = 'no_data_found';
    END IF;
    UPDATE district d SET d_ytd = d.d_ytd + p_amount WHERE d.d_w_id = p_w_id AND d.d_id = p_d_id
        RETURNING d.* INTO v_d;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no district row [%, %]', p_w_id, p_d_id USING ERRCODE = 'no_data_found';
    END IF;

    v_c_id := tpcc_customer_id(p_c_w_id, p_c_d_id, p_c_id, p_c_last);
    -- prefixed in place: the row's current C_DATA, whatever the isolation level's snapshot
    UPDATE customer c SET c_balance = c.c_balance - p_amount, c_ytd_payment = c.c_ytd_payment + p_amount,
            c_payment_cnt = c.c_payment_cnt + 1,
            c_data = CASE WHEN c.c_credit = 'BC'
                          THEN left(c.c_id || ' ' || p_c_d_id || ' ' || p_c_w_id || ' ' || p_d_id || ' ' || p_w_id
                              || ' ' || p_amount::text || ' | ' || c.c_data, 500)
                          ELSE c.c_data END
        WHERE c.c_w_id = p_c_w_id AND c.c_d_id = p_c_d_id AND c.c_id = v_c_id
        RETURNING c.* INTO v_c;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no customer row [%, %, %]', p_c_w_id, p_c_d_id, v_c_id USING ERRCODE = 'no_data_found';
    END IF;
    INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
        VALUES (v_c_id, p_c_d_id, p_c_w_id, p_d_id, p_w_id, v_now, p_amount, v_w.w_name || '    ' || v_d.d_name);
    RETURN QUERY SELECT v_c.c_id, v_c.c_first, v_c.c_middle, v_c.c_last, v_c.c_street_1, v_c.c_street_2,
        v_c.c_city, v_c.c_state, v_c.c_zip, v_c.c_phone, v_c.c_since, v_c.c_credit, v_c.c_credit_lim,
        v_c.c_discount, v_c.c_balance, CASE WHEN v_c.c_credit = 'BC' THEN left(v_c.c_data, 200) END::varchar,
        v_w.w_street_1, v_w.w_street_2, v_w.w_city, v_w.w_state, v_w.w_zip,
        v_d.d_street_1, v_d.d_street_2, v_d.d_city, v_d.d_state, v_d.d_zip, v_now;
END
$$;

-- Order-Status (§2.6.2.2), no locks: the customer (C_BALANCE, C_FIRST, C_MIDDLE, C_LAST), its
-- last order (O_ID, O_ENTRY_D, O_CARRIER_ID) and each of its lines (OL_I_ID, OL_SUPPLY_W_ID,
-- OL_QUANTITY, OL_AMOUNT, OL_DELIVERY_D): a row per line, or one row with NULL order and line
-- columns when the customer has no order. STABLE: all its reads see one snapshot even at READ
-- COMMITTED, so a Delivery committing meanwhile cannot show an order without its carrier
-- beside lines already delivered.
CREATE FUNCTION tpcc_order_status(p_w_id int, p_d_id int, p_c_id int, p_c_last varchar)
RETURNS TABLE (c_id int, c_balance numeric, c_first varchar, c_middle char(2), c_last varchar, o_id int,
        o_entry_d timestamp, o_carrier_id int, ol_i_id int, ol_supply_w_id int, ol_quantity int, ol_amount numeric,
        ol_delivery_d timestamp)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
DECLARE
    v_c_id int := tpcc_customer_id(p_w_id, p_d_id, p_c_id, p_c_last);
BEGIN
    RETURN QUERY SELECT c.c_id, c.c_balance, c.c_first, c.c_middle, c.c_last, o.o_id, o.o_entry_d, o.o_carrier_id,
            l.ol_i_id, l.ol_supply_w_id, l.ol_quantity, l.ol_amount, l.ol_delivery_d
        FROM customer c
        LEFT JOIN oorder o ON o.o_w_id = c.c_w_id AND o.o_d_id = c.c_d_id AND o.o_c_id = c.c_id
            AND o.o_id = (SELECT max(x.o_id) FROM oorder x WHERE x.o_w_id = c.c_w_id AND x.o_d_id = c.c_d_id
                AND x.o_c_id = c.c_id)
        LEFT JOIN order_line l ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id
        WHERE c.c_w_id = p_w_id AND c.c_d_id = p_d_id AND c.c_id = v_c_id
        ORDER BY l.ol_number;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no customer row [%, %, %]', p_w_id, p_d_id, v_c_id USING ERRCODE = 'no_data_found';
    END IF;
END
$$;

-- Delivery (§2.7.4.2): districts 1..10 in order, each in NEW-ORDER, ORDER, ORDER-LINE, CUSTOMER
-- order; a district without a new order is skipped. Under READ COMMITTED a concurrent Delivery
-- may take the row this one waited for: the district is then read again rather than wrongly
-- skipped (at most 100 times). Returns a row (D_ID, O_ID) per delivered order.
CREATE FUNCTION tpcc_delivery(p_w_id int, p_carrier_id int)
RETURNS TABLE (d_id int, o_id int)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
    v_o_id int;
    v_c_id int;
    v_sum numeric;
    v_now timestamp := LOCALTIMESTAMP;
    v_d int;
    attempt int;
BEGIN
    FOR v_d IN 1 .. 10 LOOP
        v_o_id := NULL;
        FOR attempt IN 1 .. 100 LOOP
            SELECT n.no_o_id INTO v_o_id FROM new_order n WHERE n.no_w_id = p_w_id AND n.no_d_id = v_d
                ORDER BY n.no_o_id FETCH FIRST 1 ROWS ONLY FOR UPDATE;
            IF NOT FOUND THEN
                v_o_id := NULL;
                IF (SELECT min(n.no_o_id) FROM new_order n WHERE n.no_w_id = p_w_id AND n.no_d_id = v_d) IS NULL THEN
                    v_o_id := 0;
                    EXIT;
                END IF;
                CONTINUE;
            END IF;
            DELETE FROM new_order n WHERE n.no_w_id = p_w_id AND n.no_d_id = v_d AND n.no_o_id = v_o_id;
            IF FOUND THEN
                EXIT;
            END IF;
            v_o_id := NULL;
        END LOOP;
        IF v_o_id IS NULL THEN
            RAISE EXCEPTION 'delivery could not claim a new order in warehouse %, district %', p_w_id, v_d;
        END IF;
        CONTINUE WHEN v_o_id = 0;

        UPDATE oorder o SET o_carrier_id = p_carrier_id WHERE o.o_w_id = p_w_id AND o.o_d_id = v_d AND o.o_id = v_o_id
            RETURNING o.o_c_id INTO v_c_id;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'no order row [%, %, %]', p_w_id, v_d, v_o_id USING ERRCODE = 'no_data_found';
        END IF;
        UPDATE order_line l SET ol_delivery_d = v_now
            WHERE l.ol_w_id = p_w_id AND l.ol_d_id = v_d AND l.ol_o_id = v_o_id;
        SELECT coalesce(sum(l.ol_amount), 0) INTO v_sum FROM order_line l
            WHERE l.ol_w_id = p_w_id AND l.ol_d_id = v_d AND l.ol_o_id = v_o_id;
        UPDATE customer c SET c_balance = c.c_balance + v_sum, c_delivery_cnt = c.c_delivery_cnt + 1
            WHERE c.c_w_id = p_w_id AND c.c_d_id = v_d AND c.c_id = v_c_id;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'no customer row [%, %, %]', p_w_id, v_d, v_c_id USING ERRCODE = 'no_data_found';
        END IF;
        d_id := v_d;
        o_id := v_o_id;
        RETURN NEXT;
    END LOOP;
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
