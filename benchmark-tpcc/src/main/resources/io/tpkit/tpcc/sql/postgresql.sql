-- TPC-C on PostgreSQL: what it writes differently from default.sql.
--
-- The client transactions as TpccReturningSession runs them (the plugin declares
-- WRITES_RETURNING_ROWS): data-modifying CTEs and RETURNING let one statement do what the
-- profile does to several tables, and a VALUES list carries an order's lines. Timestamps
-- (O_ENTRY_D, H_DATE, OL_DELIVERY_D) are the server's LOCALTIMESTAMP, as in the stored
-- functions.

-- name: new-order-read
-- New-Order's first round trip, by (W_ID, D_ID, ${stock-key*}, W_ID, C_W_ID, C_D_ID, C_ID):
-- the district's next order number with the warehouse, customer, STOCK and ITEM rows, a row per
-- stock key that has both. The district's row is updated (and so locked) first; the STOCK rows
-- are locked after the ORDER BY sorted them (LockRows runs above the Sort), so always in
-- (S_W_ID, S_I_ID) order. S_DIST_${district} is the order's district's.
WITH d AS (UPDATE district SET d_next_o_id = d_next_o_id + 1
WHERE d_w_id = ? AND d_id = ? RETURNING d_tax, d_next_o_id - 1 AS o_id)
SELECT d.o_id, d.d_tax, w.w_tax, c.c_discount, c.c_last, c.c_credit,
s.s_w_id, s.s_i_id, s.s_quantity, s.s_dist_${district}, s.s_data, i.i_price, i.i_name, i.i_data, LOCALTIMESTAMP
FROM d, warehouse w, customer c, (VALUES ${stock-key*}) AS k(w, i)
JOIN stock s ON s.s_w_id = k.w AND s.s_i_id = k.i JOIN item i ON i.i_id = k.i
WHERE w.w_id = ? AND c.c_w_id = ? AND c.c_d_id = ? AND c.c_id = ?
ORDER BY s.s_w_id, s.s_i_id FOR UPDATE OF s

-- name: stock-write
-- One round of STOCK writes, each row at most once, by ${stock-row*}.
UPDATE stock SET s_quantity = u.q, s_ytd = s_ytd + u.ytd,
s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + u.remote
FROM (VALUES ${stock-row*}) AS u(w, i, q, ytd, remote) WHERE s_w_id = u.w AND s_i_id = u.i

-- name: stock-row
-- (S_W_ID, S_I_ID, S_QUANTITY after, what S_YTD adds, 1 when remote).
(?, ?, ?, ?, ?)

-- name: new-order-write
-- The order, the new order, the first round of STOCK writes and the lines: one statement, by
-- (O_ID, D_ID, W_ID, C_ID, O_OL_CNT, O_ALL_LOCAL, O_ID, D_ID, W_ID, ${stock-row*},
-- ${order-line*}).
WITH o AS (INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d,
o_carrier_id, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, LOCALTIMESTAMP, NULL, ?, ?)),
n AS (${insert-new-order}),
s AS (${stock-write})
${insert-lines}

-- name: payment
-- The whole Payment, by (H_AMOUNT, W_ID, H_AMOUNT, W_ID, D_ID, H_AMOUNT, H_AMOUNT, the bad
-- credit's text after C_ID, C_W_ID, C_D_ID, ${customer}, C_D_ID, C_W_ID, D_ID, W_ID, H_AMOUNT).
-- Each CTE waits for the one before it (EXISTS), so the rows are locked in the profile's
-- order. The history row takes C_ID, W_NAME and D_NAME from the updates: NOT NULL columns, so
-- a missing warehouse, district or customer fails the whole statement.
WITH w AS (UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?
RETURNING w_name, w_street_1, w_street_2, w_city, w_state, w_zip),
d AS (UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ? AND EXISTS (SELECT FROM w)
RETURNING d_name, d_street_1, d_street_2, d_city, d_state, d_zip),
c AS (UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,
c_payment_cnt = c_payment_cnt + 1,
c_data = CASE WHEN c_credit = 'BC' THEN left(c_id || ? || c_data, 500) ELSE c_data END
WHERE c_w_id = ? AND c_d_id = ? AND c_id = ${customer} AND EXISTS (SELECT FROM d)
RETURNING c_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone,
c_since, c_credit, c_credit_lim, c_discount, c_balance,
CASE WHEN c_credit = 'BC' THEN left(c_data, 200) END AS c_data_shown),
h AS (INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
SELECT c.c_id, ?, ?, ?, ?, LOCALTIMESTAMP, ?, w.w_name || '    ' || d.d_name
FROM (SELECT) one LEFT JOIN w ON true LEFT JOIN d ON true LEFT JOIN c ON true)
SELECT c.c_id, c.c_first, c.c_middle, c.c_last, c.c_street_1, c.c_street_2, c.c_city, c.c_state, c.c_zip,
c.c_phone, c.c_since, c.c_credit, c.c_credit_lim, c.c_discount, c.c_balance, c.c_data_shown,
w.w_street_1, w.w_street_2, w.w_city, w.w_state, w.w_zip,
d.d_street_1, d.d_street_2, d.d_city, d.d_state, d.d_zip, LOCALTIMESTAMP FROM w, d, c

-- name: delivery
-- Each district's oldest new order, claimed (deleted) and delivered in one statement, by
-- (W_ID, ${delivery-district*}, W_ID, O_CARRIER_ID, W_ID, W_ID, W_ID). A district missing from
-- the result had no new order, or another Delivery took its oldest one first: the session then
-- looks again, in the same transaction, before its COMMIT. A claimed order without its ORDER or
-- CUSTOMER row fails the statement, so nothing commits.
WITH oldest AS (SELECT d.d, (SELECT min(no_o_id) FROM new_order
WHERE no_w_id = ? AND no_d_id = d.d) AS o FROM (VALUES ${delivery-district*}) AS d(d)),
n AS (DELETE FROM new_order x USING oldest WHERE x.no_w_id = ? AND x.no_d_id = oldest.d
AND x.no_o_id = oldest.o RETURNING x.no_d_id, x.no_o_id),
o AS (UPDATE oorder SET o_carrier_id = ? FROM n WHERE o_w_id = ? AND o_d_id = n.no_d_id
AND o_id = n.no_o_id RETURNING o_d_id, o_c_id),
l AS (UPDATE order_line SET ol_delivery_d = LOCALTIMESTAMP FROM n WHERE ol_w_id = ? AND ol_d_id = n.no_d_id
AND ol_o_id = n.no_o_id RETURNING ol_d_id, ol_amount),
c AS (UPDATE customer SET c_balance = c_balance + t.amount, c_delivery_cnt = c_delivery_cnt + 1
FROM (SELECT o.o_d_id, o.o_c_id, coalesce((SELECT sum(l.ol_amount) FROM l WHERE l.ol_d_id = o.o_d_id), 0)
AS amount FROM o) t WHERE c_w_id = ? AND c_d_id = t.o_d_id AND c_id = t.o_c_id RETURNING c_d_id)
SELECT n.no_d_id, n.no_o_id, CASE WHEN (SELECT count(*) FROM o) <> (SELECT count(*) FROM n)
OR (SELECT count(*) FROM c) <> (SELECT count(*) FROM n)
THEN ('tpcc delivery: an order or customer row is missing in district ' || n.no_d_id)::int END
FROM n ORDER BY n.no_d_id

-- name: delivery-district
(?)

-- ================================================================ --logic procedure
-- PL/pgSQL functions, called as a query; New-Order's lines are three int arrays.

-- name: call-new-order
SELECT * FROM tpcc_new_order(?, ?, ?, ?, ?, ?)

-- name: call-payment
SELECT * FROM tpcc_payment(?, ?, ?, ?, ?, ?, ?)

-- name: call-order-status
SELECT * FROM tpcc_order_status(?, ?, ?, ?)

-- name: call-delivery
SELECT * FROM tpcc_delivery(?, ?)

-- name: call-stock-level
SELECT * FROM tpcc_stock_level(?, ?, ?)
