-- TPC-C on MySQL and MariaDB: what they write differently from default.sql.
--
-- The client transactions as TpccMultiStatementSession runs them (neither has data-modifying
-- CTEs nor UPDATE ... RETURNING): multi-row statements, what an update changed read back by a
-- plain read, and statements sent together with the COMMIT as one multi-statement query (the
-- COMMIT goes on its own on a Galera node: the session adds it, so no block holds it).

-- name: timestamp
DATETIME(6)

-- name: table-options
-- InnoDB tables, the text in utf8mb4.
ENGINE = InnoDB DEFAULT CHARSET = utf8mb4

-- name: exact-decimal
CAST(CAST(${value} AS CHAR) AS DECIMAL(65,30))

-- name: new-order-stock
-- New-Order's STOCK rows, locked through the primary key so that their lock order is its
-- (S_W_ID, S_I_ID) order whatever index the optimizer would prefer; by ${stock-key*}.
-- S_DIST_${district} is the order's district's.
SELECT s_w_id, s_i_id, s_quantity, s_dist_${district}, s_data FROM stock
FORCE INDEX (PRIMARY) WHERE (s_w_id, s_i_id) IN (${stock-key*}) ORDER BY s_w_id, s_i_id FOR UPDATE

-- name: stock-write
-- One round of STOCK writes, each row at most once, by ${stock-row*}: a derived table of
-- SELECTs, the first naming the columns.
UPDATE stock s JOIN (${stock-row-named|stock-row*UNION ALL}) u ON s.s_w_id = u.w AND s.s_i_id = u.i
SET s.s_quantity = u.q, s.s_ytd = s.s_ytd + u.ytd, s.s_order_cnt = s.s_order_cnt + 1,
s.s_remote_cnt = s.s_remote_cnt + u.remote

-- name: stock-row-named
-- (S_W_ID, S_I_ID, S_QUANTITY after, what S_YTD adds, 1 when remote).
SELECT ? AS w, ? AS i, ? AS q, ? AS ytd, ? AS remote

-- name: stock-row
SELECT ?, ?, ?, ?, ?

-- name: pay-date
-- H_DATE, taken once: the history row and the terminal get the same.
SET @tpcc_h_date = LOCALTIMESTAMP

-- name: pay-customer
-- By (H_AMOUNT, H_AMOUNT, the bad credit's text after C_ID, C_W_ID, C_D_ID, C_ID).
UPDATE customer SET c_balance = c_balance - ?,
c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1,
c_data = CASE WHEN c_credit = 'BC' THEN LEFT(CONCAT(c_id, ?, c_data), 500) ELSE c_data END
WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?

-- name: pay-history
-- By (C_ID, C_D_ID, C_W_ID, D_ID, W_ID, H_AMOUNT, W_ID, W_ID, D_ID).
INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date,
h_amount, h_data) SELECT ?, ?, ?, ?, ?, @tpcc_h_date, ?, CONCAT(w.w_name, '    ', d.d_name)
FROM warehouse w, district d WHERE w.w_id = ? AND d.d_w_id = ? AND d.d_id = ?

-- name: pay-shown
-- What the terminal shows after the updates: the rows as this transaction left them, by
-- (C_W_ID, C_D_ID, C_ID, W_ID, W_ID, D_ID).
SELECT c.c_id, c.c_first, c.c_middle, c.c_last, c.c_street_1, c.c_street_2,
c.c_city, c.c_state, c.c_zip, c.c_phone, c.c_since, c.c_credit, c.c_credit_lim, c.c_discount,
c.c_balance, CASE WHEN c.c_credit = 'BC' THEN LEFT(c.c_data, 200) END,
w.w_street_1, w.w_street_2, w.w_city, w.w_state, w.w_zip,
d.d_street_1, d.d_street_2, d.d_city, d.d_state, d.d_zip, CAST(@tpcc_h_date AS DATETIME(6))
FROM customer c, warehouse w, district d WHERE c.c_w_id = ? AND c.c_d_id = ? AND c.c_id = ?
AND w.w_id = ? AND d.d_w_id = ? AND d.d_id = ?

-- name: oldest-new-orders
-- Each district's oldest new order, locked, by W_ID ten times; a locking read skips one
-- another Delivery deleted.
(SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 1 ORDER BY no_o_id LIMIT 1 FOR UPDATE)
UNION ALL (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 2 ORDER BY no_o_id LIMIT 1 FOR UPDATE)
UNION ALL (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 3 ORDER BY no_o_id LIMIT 1 FOR UPDATE)
UNION ALL (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 4 ORDER BY no_o_id LIMIT 1 FOR UPDATE)
UNION ALL (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 5 ORDER BY no_o_id LIMIT 1 FOR UPDATE)
UNION ALL (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 6 ORDER BY no_o_id LIMIT 1 FOR UPDATE)
UNION ALL (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 7 ORDER BY no_o_id LIMIT 1 FOR UPDATE)
UNION ALL (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 8 ORDER BY no_o_id LIMIT 1 FOR UPDATE)
UNION ALL (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 9 ORDER BY no_o_id LIMIT 1 FOR UPDATE)
UNION ALL (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = 10 ORDER BY no_o_id LIMIT 1 FOR UPDATE)

-- name: pay-deliveries
-- The delivered orders' customers: their lines' amounts added, by (W_ID, ${delivered*}, W_ID).
UPDATE customer c JOIN (SELECT o.o_d_id AS d, o.o_c_id AS cid,
COALESCE(SUM(l.ol_amount), 0) AS amount FROM oorder o LEFT JOIN order_line l ON l.ol_w_id = o.o_w_id
AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id WHERE o.o_w_id = ? AND (o.o_d_id, o.o_id) IN (${delivered*})
GROUP BY o.o_d_id, o.o_c_id) t ON c.c_w_id = ? AND c.c_d_id = t.d AND c.c_id = t.cid
SET c.c_balance = c.c_balance + t.amount, c.c_delivery_cnt = c.c_delivery_cnt + 1

-- ================================================================ --logic interactive

-- name: interactive.stock-lock
-- Through the primary key, as new-order-stock, so that the locks follow (S_W_ID, S_I_ID).
${new-order-stock}

-- name: interactive.new-orders-left
-- InnoDB's locking read has skipped a new order another Delivery deleted and found the next:
-- found none, the district has none. Asked again the same way (a plain read would read the
-- transaction's snapshot, which may still hold the deleted row), by (W_ID, D_ID).
SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id LIMIT 1 FOR UPDATE

-- name: row-guard
-- A multi-statement query stops at its first error, so a write that changed other than
-- ${rows} rows stops the rest, COMMIT included: ROW_COUNT() is the previous statement's count
-- (rows matched, not changed: Connector/J connects with CLIENT_FOUND_ROWS), and the subquery
-- then returns two rows where one value is expected (error 1242, SQLState 21000). MariaDB and
-- MySQL have no SIGNAL outside stored programs; the session turns the error into its message.
SET @tpkit_guard = (SELECT 1 FROM (SELECT 1 UNION ALL SELECT 2) x WHERE ROW_COUNT() <> ${rows})
