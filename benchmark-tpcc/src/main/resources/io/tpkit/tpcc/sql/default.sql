-- TPC-C's SQL, by name (io.tpkit.sql.NamedSql). A database's own file (DIALECT.sql, after the
-- plugin's dialect) holds only the blocks it writes differently; every other block comes from
-- here. ${name} inserts a block, or a value the Java code passes (a district's S_DIST_xx
-- suffix, the customer chosen by number or by name); ${name*} repeats a block as many times as
-- the Java code says (a row per stock key, order line, district...), separated by commas, and
-- ${first|name*UNION ALL} by UNION ALL with the first written as the block first.
-- The stored routines of --logic procedure are per dialect: procedures/DIALECT.sql.
--
-- The client transactions (--logic client) come in two shapes, by what the database declares
-- (io.tpkit.spi.database.SqlFeature): with WRITES_RETURNING_ROWS one statement writes several
-- tables and returns what they changed (TpccReturningSession: new-order-read, new-order-write,
-- payment, delivery, in that dialect's file); without, statements are sent together and what an
-- update changed is read back (TpccMultiStatementSession). Both read with order-status and
-- stock-level. Their blocks are here where the SQL is standard, in the dialect's file where not.

-- ================================================================ tables

-- name: schema
-- The TPC-C tables (§1.3.1), created empty and without keys: the loader adds the keys after the
-- bulk load, which is faster than maintaining indexes row by row.
-- IDs and counts are INT (4 bytes, every spec range fits); money and rates are DECIMAL with the
-- spec's digits, never floating point, because the consistency conditions compare sums exactly.
-- "fixed text" is CHAR, "variable text" VARCHAR; O_CARRIER_ID and OL_DELIVERY_D are nullable
-- because NULL (not 0) is what marks an undelivered order.
-- Children first, so that the foreign keys of an earlier load do not block the drops.
DROP TABLE IF EXISTS order_line;
DROP TABLE IF EXISTS new_order;
DROP TABLE IF EXISTS oorder;
DROP TABLE IF EXISTS history;
DROP TABLE IF EXISTS customer;
DROP TABLE IF EXISTS district;
DROP TABLE IF EXISTS stock;
DROP TABLE IF EXISTS item;
DROP TABLE IF EXISTS warehouse;
DROP TABLE IF EXISTS tpcc_config;

CREATE TABLE warehouse (
    w_id       INT           NOT NULL,
    w_name     VARCHAR(10)   NOT NULL,
    w_street_1 VARCHAR(20)   NOT NULL,
    w_street_2 VARCHAR(20)   NOT NULL,
    w_city     VARCHAR(20)   NOT NULL,
    w_state    CHAR(2)       NOT NULL,
    w_zip      CHAR(9)       NOT NULL,
    w_tax      DECIMAL(4,4)  NOT NULL,
    w_ytd      DECIMAL(12,2) NOT NULL
) ${table-options};

CREATE TABLE district (
    d_id        INT           NOT NULL,
    d_w_id      INT           NOT NULL,
    d_name      VARCHAR(10)   NOT NULL,
    d_street_1  VARCHAR(20)   NOT NULL,
    d_street_2  VARCHAR(20)   NOT NULL,
    d_city      VARCHAR(20)   NOT NULL,
    d_state     CHAR(2)       NOT NULL,
    d_zip       CHAR(9)       NOT NULL,
    d_tax       DECIMAL(4,4)  NOT NULL,
    d_ytd       DECIMAL(12,2) NOT NULL,
    d_next_o_id INT           NOT NULL
) ${table-options};

CREATE TABLE customer (
    c_id           INT           NOT NULL,
    c_d_id         INT           NOT NULL,
    c_w_id         INT           NOT NULL,
    c_first        VARCHAR(16)   NOT NULL,
    c_middle       CHAR(2)       NOT NULL,
    c_last         VARCHAR(16)   NOT NULL,
    c_street_1     VARCHAR(20)   NOT NULL,
    c_street_2     VARCHAR(20)   NOT NULL,
    c_city         VARCHAR(20)   NOT NULL,
    c_state        CHAR(2)       NOT NULL,
    c_zip          CHAR(9)       NOT NULL,
    c_phone        CHAR(16)      NOT NULL,
    c_since        ${timestamp} NOT NULL,
    c_credit       CHAR(2)       NOT NULL,
    c_credit_lim   DECIMAL(12,2) NOT NULL,
    c_discount     DECIMAL(4,4)  NOT NULL,
    c_balance      DECIMAL(12,2) NOT NULL,
    c_ytd_payment  DECIMAL(12,2) NOT NULL,
    c_payment_cnt  INT           NOT NULL,
    c_delivery_cnt INT           NOT NULL,
    c_data         VARCHAR(500)  NOT NULL
) ${table-options};

-- No primary key: the spec does not require history rows to be identifiable.
CREATE TABLE history (
    h_c_id   INT          NOT NULL,
    h_c_d_id INT          NOT NULL,
    h_c_w_id INT          NOT NULL,
    h_d_id   INT          NOT NULL,
    h_w_id   INT          NOT NULL,
    h_date   ${timestamp} NOT NULL,
    h_amount DECIMAL(6,2) NOT NULL,
    h_data   VARCHAR(24)  NOT NULL
) ${table-options};

CREATE TABLE oorder (
    o_id         INT       NOT NULL,
    o_d_id       INT       NOT NULL,
    o_w_id       INT       NOT NULL,
    o_c_id       INT       NOT NULL,
    o_entry_d    ${timestamp} NOT NULL,
    o_carrier_id INT,
    o_ol_cnt     INT       NOT NULL,
    o_all_local  INT       NOT NULL
) ${table-options};

CREATE TABLE new_order (
    no_o_id INT NOT NULL,
    no_d_id INT NOT NULL,
    no_w_id INT NOT NULL
) ${table-options};

CREATE TABLE order_line (
    ol_o_id        INT          NOT NULL,
    ol_d_id        INT          NOT NULL,
    ol_w_id        INT          NOT NULL,
    ol_number      INT          NOT NULL,
    ol_i_id        INT          NOT NULL,
    ol_supply_w_id INT          NOT NULL,
    ol_delivery_d  ${timestamp},
    ol_quantity    INT          NOT NULL,
    ol_amount      DECIMAL(6,2) NOT NULL,
    ol_dist_info   CHAR(24)     NOT NULL
) ${table-options};

CREATE TABLE item (
    i_id    INT          NOT NULL,
    i_im_id INT          NOT NULL,
    i_name  VARCHAR(24)  NOT NULL,
    i_price DECIMAL(5,2) NOT NULL,
    i_data  VARCHAR(50)  NOT NULL
) ${table-options};

CREATE TABLE stock (
    s_i_id       INT         NOT NULL,
    s_w_id       INT         NOT NULL,
    s_quantity   INT         NOT NULL,
    s_dist_01    CHAR(24)    NOT NULL,
    s_dist_02    CHAR(24)    NOT NULL,
    s_dist_03    CHAR(24)    NOT NULL,
    s_dist_04    CHAR(24)    NOT NULL,
    s_dist_05    CHAR(24)    NOT NULL,
    s_dist_06    CHAR(24)    NOT NULL,
    s_dist_07    CHAR(24)    NOT NULL,
    s_dist_08    CHAR(24)    NOT NULL,
    s_dist_09    CHAR(24)    NOT NULL,
    s_dist_10    CHAR(24)    NOT NULL,
    s_ytd        INT         NOT NULL,
    s_order_cnt  INT         NOT NULL,
    s_remote_cnt INT         NOT NULL,
    s_data       VARCHAR(50) NOT NULL
) ${table-options};

-- Not a TPC-C table. Holds what a run must know about the load, above all the C_LAST constant
-- used to populate C_LAST (key c_last_load): the run's constant must differ from it by
-- 65..119, but not 96 or 112 (§2.1.6.1).
CREATE TABLE tpcc_config (
    cfg_name  VARCHAR(30) NOT NULL PRIMARY KEY,
    cfg_value VARCHAR(50) NOT NULL
) ${table-options};

-- name: timestamp
-- A date and time to the microsecond.
TIMESTAMP

-- name: table-options
-- What follows a CREATE TABLE's column list: nothing by default.

-- name: primary-keys
-- Primary keys (§1.3.1), added after the bulk load. HISTORY has none.
ALTER TABLE warehouse ADD PRIMARY KEY (w_id);
ALTER TABLE district ADD PRIMARY KEY (d_w_id, d_id);
ALTER TABLE customer ADD PRIMARY KEY (c_w_id, c_d_id, c_id);
ALTER TABLE oorder ADD PRIMARY KEY (o_w_id, o_d_id, o_id);
ALTER TABLE new_order ADD PRIMARY KEY (no_w_id, no_d_id, no_o_id);
ALTER TABLE order_line ADD PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number);
ALTER TABLE item ADD PRIMARY KEY (i_id);
ALTER TABLE stock ADD PRIMARY KEY (s_w_id, s_i_id);

-- name: indexes
-- Secondary indexes the transactions need; the spec leaves them to the implementation.
-- Payment and Order-Status find a customer by last name, sorted by first name.
CREATE INDEX customer_name_idx ON customer (c_w_id, c_d_id, c_last, c_first);
-- Order-Status reads the customer's most recent order.
CREATE INDEX oorder_customer_idx ON oorder (o_w_id, o_d_id, o_c_id, o_id);

-- name: foreign-keys
-- The 10 foreign keys of §1.3.1: D->W, C->D, H->C, H->D, O->C, NO->O, OL->O, OL->S, S->W, S->I.
-- Optional in practice (they cost work on every insert), so the loader can skip them.
ALTER TABLE district ADD CONSTRAINT district_warehouse_fk
    FOREIGN KEY (d_w_id) REFERENCES warehouse (w_id);
ALTER TABLE customer ADD CONSTRAINT customer_district_fk
    FOREIGN KEY (c_w_id, c_d_id) REFERENCES district (d_w_id, d_id);
ALTER TABLE history ADD CONSTRAINT history_customer_fk
    FOREIGN KEY (h_c_w_id, h_c_d_id, h_c_id) REFERENCES customer (c_w_id, c_d_id, c_id);
ALTER TABLE history ADD CONSTRAINT history_district_fk
    FOREIGN KEY (h_w_id, h_d_id) REFERENCES district (d_w_id, d_id);
ALTER TABLE oorder ADD CONSTRAINT oorder_customer_fk
    FOREIGN KEY (o_w_id, o_d_id, o_c_id) REFERENCES customer (c_w_id, c_d_id, c_id);
ALTER TABLE new_order ADD CONSTRAINT new_order_oorder_fk
    FOREIGN KEY (no_w_id, no_d_id, no_o_id) REFERENCES oorder (o_w_id, o_d_id, o_id);
ALTER TABLE order_line ADD CONSTRAINT order_line_oorder_fk
    FOREIGN KEY (ol_w_id, ol_d_id, ol_o_id) REFERENCES oorder (o_w_id, o_d_id, o_id);
ALTER TABLE order_line ADD CONSTRAINT order_line_stock_fk
    FOREIGN KEY (ol_supply_w_id, ol_i_id) REFERENCES stock (s_w_id, s_i_id);
ALTER TABLE stock ADD CONSTRAINT stock_warehouse_fk
    FOREIGN KEY (s_w_id) REFERENCES warehouse (w_id);
ALTER TABLE stock ADD CONSTRAINT stock_item_fk
    FOREIGN KEY (s_i_id) REFERENCES item (i_id);

-- ================================================================ load and run

-- name: config-insert
-- A fact about the load in tpcc_config, by (cfg_name, cfg_value).
INSERT INTO tpcc_config (cfg_name, cfg_value) VALUES (?, ?)

-- name: config-select
SELECT cfg_name, cfg_value FROM tpcc_config

-- name: new-order-count
-- Committed New-Orders raise d_next_o_id by one each; rolled-back ones do not.
SELECT sum(d_next_o_id) FROM district

-- name: delivered-since-load
-- Orders delivered beyond those the load left delivered (O_ID below 2101): a Delivery ran.
SELECT count(*) FROM oorder WHERE o_id >= 2101 AND o_carrier_id IS NOT NULL

-- name: foreign-warehouses
-- Another tool's data: its warehouses (the TpccNames put that database's names in).
SELECT COUNT(*), MIN(w_id), MAX(w_id) FROM warehouse

-- ================================================================ the consistency conditions
-- §3.3.2.1 - §3.3.2.12, each a query that returns the violating warehouses, districts, orders
-- or customers: no row means it holds. Written with tpkit's lower-case names: for data
-- another tool loaded, TpccNames puts that database's names in their place, and a money
-- column stored in floating point is read as exact-decimal says.

-- name: consistency-1
-- W_YTD = sum(D_YTD)
SELECT w.w_id FROM warehouse w LEFT JOIN district d ON d.d_w_id = w.w_id
GROUP BY w.w_id, w.w_ytd HAVING w.w_ytd <> COALESCE(SUM(d.d_ytd), 0)

-- name: consistency-2
-- D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)
SELECT d.d_w_id, d.d_id FROM district d
LEFT JOIN (SELECT o_w_id, o_d_id, MAX(o_id) mo FROM oorder GROUP BY 1,2) o
ON o.o_w_id = d.d_w_id AND o.o_d_id = d.d_id
LEFT JOIN (SELECT no_w_id, no_d_id, MAX(no_o_id) mn FROM new_order GROUP BY 1,2) n
ON n.no_w_id = d.d_w_id AND n.no_d_id = d.d_id
WHERE d.d_next_o_id - 1 <> COALESCE(o.mo, 0)
OR (n.mn IS NOT NULL AND n.mn <> COALESCE(o.mo, 0))

-- name: consistency-3
-- max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER)
SELECT no_w_id, no_d_id FROM new_order GROUP BY 1,2
HAVING MAX(no_o_id) - MIN(no_o_id) + 1 <> COUNT(*)

-- name: consistency-4
-- sum(O_OL_CNT) = count(ORDER-LINE) per district
SELECT d.d_w_id, d.d_id FROM district d
LEFT JOIN (SELECT o_w_id, o_d_id, SUM(o_ol_cnt) s FROM oorder GROUP BY 1,2) o
ON o.o_w_id = d.d_w_id AND o.o_d_id = d.d_id
LEFT JOIN (SELECT ol_w_id, ol_d_id, COUNT(*) c FROM order_line GROUP BY 1,2) l
ON l.ol_w_id = d.d_w_id AND l.ol_d_id = d.d_id WHERE COALESCE(o.s, 0) <> COALESCE(l.c, 0)

-- name: consistency-5
-- O_CARRIER_ID IS NULL <=> a NEW-ORDER row exists
SELECT o_w_id, o_d_id, o_id FROM oorder o WHERE (o_carrier_id IS NULL) <> EXISTS (SELECT 1
FROM new_order n WHERE n.no_w_id = o.o_w_id AND n.no_d_id = o.o_d_id
AND n.no_o_id = o.o_id)

-- name: consistency-6
-- O_OL_CNT = count(ORDER-LINE) per order
SELECT o.o_w_id, o.o_d_id, o.o_id FROM oorder o LEFT JOIN order_line l ON l.ol_w_id = o.o_w_id
AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id
GROUP BY o.o_w_id, o.o_d_id, o.o_id, o.o_ol_cnt HAVING COUNT(l.ol_number) <> o.o_ol_cnt

-- name: consistency-7
-- OL_DELIVERY_D IS NULL <=> O_CARRIER_ID IS NULL
SELECT l.ol_w_id, l.ol_d_id, l.ol_o_id FROM order_line l JOIN oorder o ON o.o_w_id = l.ol_w_id
AND o.o_d_id = l.ol_d_id AND o.o_id = l.ol_o_id
WHERE (l.ol_delivery_d IS NULL) <> (o.o_carrier_id IS NULL)

-- name: consistency-8
-- W_YTD = sum(H_AMOUNT)
SELECT w.w_id FROM warehouse w LEFT JOIN history h ON h.h_w_id = w.w_id
GROUP BY w.w_id, w.w_ytd HAVING w.w_ytd <> COALESCE(SUM(h.h_amount), 0)

-- name: consistency-9
-- D_YTD = sum(H_AMOUNT)
SELECT d.d_w_id, d.d_id FROM district d LEFT JOIN history h ON h.h_w_id = d.d_w_id
AND h.h_d_id = d.d_id GROUP BY d.d_w_id, d.d_id, d.d_ytd
HAVING d.d_ytd <> COALESCE(SUM(h.h_amount), 0)

-- name: consistency-10
-- C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT)
${customer-sums} c.c_balance <> COALESCE(ol.amt,0) - COALESCE(h.amt,0)

-- name: consistency-11
-- count(ORDER) - count(NEW-ORDER) = 2100 (before any Delivery)
SELECT d.d_w_id, d.d_id FROM district d
LEFT JOIN (SELECT o_w_id, o_d_id, COUNT(*) c FROM oorder GROUP BY 1,2) o
ON o.o_w_id = d.d_w_id AND o.o_d_id = d.d_id
LEFT JOIN (SELECT no_w_id, no_d_id, COUNT(*) c FROM new_order GROUP BY 1,2) n
ON n.no_w_id = d.d_w_id AND n.no_d_id = d.d_id WHERE COALESCE(o.c,0) - COALESCE(n.c,0) <> 2100

-- name: consistency-12
-- C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT)
${customer-sums} c.c_balance + c.c_ytd_payment <> COALESCE(ol.amt,0)

-- name: customer-sums
-- Each customer with its delivered lines' and its payments' sums, up to the WHERE.
WITH ol AS (SELECT o.o_w_id w, o.o_d_id d, o.o_c_id c,
SUM(l.ol_amount) amt FROM oorder o JOIN order_line l ON l.ol_w_id = o.o_w_id
AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id WHERE l.ol_delivery_d IS NOT NULL GROUP BY 1,2,3),
h AS (SELECT h_c_w_id w, h_c_d_id d, h_c_id c, SUM(h_amount) amt FROM history GROUP BY 1,2,3)
SELECT c.c_w_id, c.c_d_id, c.c_id FROM customer c
LEFT JOIN ol ON (ol.w, ol.d, ol.c) = (c.c_w_id, c.c_d_id, c.c_id)
LEFT JOIN h ON (h.w, h.d, h.c) = (c.c_w_id, c.c_d_id, c.c_id) WHERE

-- name: exact-decimal
-- A floating-point money column ${value} read as the exact decimal the server prints for it
-- (see TpccNames).
CAST(CAST(${value} AS VARCHAR) AS NUMERIC)

-- ================================================================ both client shapes
-- BC is bad credit; C_DATA is VARCHAR(500) and the payment's prefix pushes the oldest text out
-- (§2.5.2.2); H_DATA is W_NAME, four spaces and D_NAME.

-- name: customer-by-id
-- Where a statement takes ${customer}: the customer by number, C_ID.
?

-- name: customer-by-name
-- ... or the customer at ⌈n/2⌉ of the n whose C_LAST matches, sorted by C_FIRST (C_ID breaks
-- ties), by (C_W_ID, C_D_ID, C_LAST).
(SELECT x.c_id FROM (SELECT c_id, row_number() OVER (ORDER BY c_first, c_id)
AS rn, count(*) OVER () AS n FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?) x
WHERE x.n IN (2 * x.rn - 1, 2 * x.rn))

-- name: order-status
-- One statement, so one snapshot: the customer's last order and its lines as they were at one
-- moment, by (C_W_ID, C_D_ID, then ${customer}). A row per line, or one with NULL order and
-- line columns.
SELECT c.c_id, c.c_balance, c.c_first, c.c_middle, c.c_last,
o.o_id, o.o_entry_d, o.o_carrier_id,
l.ol_i_id, l.ol_supply_w_id, l.ol_quantity, l.ol_amount, l.ol_delivery_d FROM customer c
LEFT JOIN oorder o ON o.o_w_id = c.c_w_id AND o.o_d_id = c.c_d_id AND o.o_c_id = c.c_id
AND o.o_id = (SELECT max(o_id) FROM oorder WHERE o_w_id = c.c_w_id AND o_d_id = c.c_d_id
AND o_c_id = c.c_id)
LEFT JOIN order_line l ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id
WHERE c.c_w_id = ? AND c.c_d_id = ? AND c.c_id = ${customer} ORDER BY l.ol_number

-- name: stock-level
-- The three steps of the profile in one statement: the distinct items of the district's last
-- 20 orders whose stock is below the threshold, by (threshold, W_ID, D_ID).
SELECT count(DISTINCT s.s_i_id) FROM district d
JOIN order_line ol ON ol.ol_w_id = d.d_w_id AND ol.ol_d_id = d.d_id
AND ol.ol_o_id >= d.d_next_o_id - 20 AND ol.ol_o_id < d.d_next_o_id
JOIN stock s ON s.s_w_id = d.d_w_id AND s.s_i_id = ol.ol_i_id AND s.s_quantity < ?
WHERE d.d_w_id = ? AND d.d_id = ?

-- name: items
-- New-Order's ITEM rows, by ${item*} (the order's distinct item numbers); the unused item has
-- none.
SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN (${item*})

-- name: item
?

-- name: insert-new-order
-- By (NO_O_ID, NO_D_ID, NO_W_ID).
INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)

-- name: insert-lines
-- The order's lines, by ${order-line*}.
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id,
ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES ${order-line*}

-- name: order-line
-- (OL_O_ID, OL_D_ID, OL_W_ID, OL_NUMBER, OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT,
-- OL_DIST_INFO); undelivered.
(?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)

-- name: stock-key
-- A STOCK key in a list, (S_W_ID, S_I_ID).
(?, ?)

-- name: district-id
?

-- name: districts-with-new-orders
-- Which of the districts ${district-id*} of warehouse W_ID have a new order, by (W_ID, then the
-- districts).
SELECT DISTINCT no_d_id FROM new_order
WHERE no_w_id = ? AND no_d_id IN (${district-id*})

-- ================================================================ without writes returning rows
-- TpccMultiStatementSession's statements, each alone or sent with others in one round trip;
-- the ones a dialect writes in its own syntax are in its file.

-- name: next-order
-- New-Order's first write: the district's D_NEXT_O_ID, by (W_ID, D_ID).
UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?

-- name: new-order-header
-- Read after next-order: the transaction sees its own new D_NEXT_O_ID, and holds its lock.
-- By (W_ID, D_ID, W_ID, C_W_ID, C_D_ID, C_ID).
SELECT d.d_next_o_id - 1, d.d_tax, w.w_tax, c.c_discount, c.c_last, c.c_credit,
LOCALTIMESTAMP FROM district d, warehouse w, customer c WHERE d.d_w_id = ? AND d.d_id = ? AND w.w_id = ?
AND c.c_w_id = ? AND c.c_d_id = ? AND c.c_id = ?

-- name: insert-order
-- O_ENTRY_D is the LOCALTIMESTAMP new-order-header read: what the terminal shows. By (O_ID,
-- O_D_ID, O_W_ID, O_C_ID, O_ENTRY_D, O_OL_CNT, O_ALL_LOCAL).
INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id,
o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)

-- name: customers-by-name
-- Payment by last name: the customers of that name, in the order whose middle one is chosen.
SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ?
AND c_last = ? ORDER BY c_first, c_id

-- name: pay-warehouse
UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?

-- name: pay-district
UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?

-- name: delete-new-orders
-- Delivery: the claimed new orders, by (W_ID, then ${delivered*}: (D_ID, O_ID) each).
DELETE FROM new_order WHERE no_w_id = ? AND (no_d_id, no_o_id) IN (${delivered*})

-- name: set-carrier
UPDATE oorder SET o_carrier_id = ? WHERE o_w_id = ? AND (o_d_id, o_id) IN (${delivered*})

-- name: set-delivery-date
UPDATE order_line SET ol_delivery_d = LOCALTIMESTAMP WHERE ol_w_id = ?
AND (ol_d_id, ol_o_id) IN (${delivered*})

-- name: delivered
-- A delivered order, (D_ID, O_ID).
(?, ?)

-- ================================================================ --logic procedure
-- One call each of the stored routines of procedures/DIALECT.sql, by (W_ID, D_ID, C_ID, the
-- lines), (W_ID, D_ID, C_W_ID, C_D_ID, C_ID, C_LAST, H_AMOUNT), (W_ID, D_ID, C_ID, C_LAST),
-- (W_ID, O_CARRIER_ID), (W_ID, D_ID, threshold). New-Order's lines are one JSON text
-- [[OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY], ...], or three int arrays where the database takes
-- arrays as parameters (SqlFeature.ARRAY_PARAMETERS).

-- name: call-new-order
CALL tpcc_new_order(?, ?, ?, ?)

-- name: call-payment
CALL tpcc_payment(?, ?, ?, ?, ?, ?, ?)

-- name: call-order-status
CALL tpcc_order_status(?, ?, ?, ?)

-- name: call-delivery
CALL tpcc_delivery(?, ?)

-- name: call-stock-level
CALL tpcc_stock_level(?, ?, ?)

-- ================================================================ --logic interactive
-- TpccInteractiveSession's statements: each sent alone and its answer read before the next one
-- goes, in the order an application reads, decides and writes; COMMIT (or ROLLBACK) on its own.
-- It also runs items, insert-order, insert-new-order, insert-lines (one line at a time),
-- customers-by-name, pay-warehouse and pay-district above. Plain SQL both databases run alike,
-- so that the conversation (and its round trips) is the same on each.

-- name: interactive.warehouse-tax
-- New-Order: W_TAX, and the clock's time for O_ENTRY_D, by W_ID.
SELECT w_tax, LOCALTIMESTAMP FROM warehouse WHERE w_id = ?

-- name: interactive.district-lock
-- New-Order: D_TAX and D_NEXT_O_ID, the district locked (its serialisation point), by (W_ID, D_ID).
SELECT d_tax, d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ? FOR UPDATE

-- name: interactive.district-next
-- New-Order: the next order number as the application computed it, by (D_NEXT_O_ID, W_ID, D_ID).
UPDATE district SET d_next_o_id = ? WHERE d_w_id = ? AND d_id = ?

-- name: interactive.customer-discount
-- New-Order: by (W_ID, D_ID, C_ID).
SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?

-- name: interactive.stock-lock
-- New-Order: every STOCK row of the order locked in one statement, in (S_W_ID, S_I_ID) order,
-- before any line is written (the lock order of every logic), by ${stock-key*}; S_DIST_${district}
-- is the order's district's.
SELECT s_w_id, s_i_id, s_quantity, s_dist_${district}, s_data FROM stock
WHERE (s_w_id, s_i_id) IN (${stock-key*}) ORDER BY s_w_id, s_i_id FOR UPDATE

-- name: interactive.stock-update
-- New-Order, one line: S_QUANTITY as the application computed it, the counters added, by
-- (S_QUANTITY, OL_QUANTITY, 1 when remote, S_W_ID, S_I_ID).
UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1,
s_remote_cnt = s_remote_cnt + ? WHERE s_w_id = ? AND s_i_id = ?

-- name: interactive.warehouse-lock
-- Payment: the warehouse's name and address, locked, and the clock's time for H_DATE, by W_ID.
SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip, LOCALTIMESTAMP FROM warehouse
WHERE w_id = ? FOR UPDATE

-- name: interactive.district-address
-- Payment: the district's name and address, locked, by (W_ID, D_ID).
SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM district
WHERE d_w_id = ? AND d_id = ? FOR UPDATE

-- name: interactive.customer-lock
-- Payment: the customer, locked; C_DATA only for bad credit; by (C_W_ID, C_D_ID, C_ID).
SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since,
c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt,
CASE WHEN c_credit = 'BC' THEN c_data END FROM customer
WHERE c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE

-- name: interactive.customer-pay
-- Payment: the new balance, payments and count as the application computed them, by
-- (C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, C_W_ID, C_D_ID, C_ID).
UPDATE customer SET c_balance = ?, c_ytd_payment = ?, c_payment_cnt = ?
WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?

-- name: interactive.customer-pay-bad-credit
-- ... and for bad credit the new C_DATA, by (C_BALANCE, C_YTD_PAYMENT, C_PAYMENT_CNT, C_DATA,
-- C_W_ID, C_D_ID, C_ID).
UPDATE customer SET c_balance = ?, c_ytd_payment = ?, c_payment_cnt = ?, c_data = ?
WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?

-- name: interactive.history-insert
-- Payment: by (H_C_ID, H_C_D_ID, H_C_W_ID, H_D_ID, H_W_ID, H_DATE, H_AMOUNT, H_DATA).
INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)

-- name: interactive.one-snapshot
-- Order-Status, first, where the connection's isolation gives each statement a snapshot of its
-- own (READ COMMITTED): its three reads must see one moment, as the other logics' one
-- statement does.
SET TRANSACTION ISOLATION LEVEL REPEATABLE READ

-- name: interactive.customer-balance
-- Order-Status: by (C_W_ID, C_D_ID, C_ID).
SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?

-- name: interactive.last-order
-- Order-Status: the customer's most recent order, by (W_ID, D_ID, C_ID).
SELECT o_id, o_entry_d, o_carrier_id FROM oorder WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ?
ORDER BY o_id DESC LIMIT 1

-- name: interactive.order-lines
-- Order-Status: its lines in line order, by (W_ID, D_ID, O_ID).
SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line
WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ? ORDER BY ol_number

-- name: interactive.oldest-new-order
-- Delivery, one district: its oldest new order, locked, by (W_ID, D_ID).
SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id LIMIT 1 FOR UPDATE

-- name: interactive.new-orders-left
-- Delivery, when the locking read found none: whether the district has a new order at all, or
-- another Delivery took the one the read waited for (PostgreSQL then returns no row; at READ
-- COMMITTED this plain read sees the latest commits), by (W_ID, D_ID). NULL: none, skip it.
SELECT min(no_o_id) FROM new_order WHERE no_w_id = ? AND no_d_id = ?

-- name: interactive.delete-new-order
-- Delivery: by (W_ID, D_ID, O_ID).
DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?

-- name: interactive.order-customer
-- Delivery: O_C_ID, by (W_ID, D_ID, O_ID).
SELECT o_c_id FROM oorder WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?

-- name: interactive.order-carrier
-- Delivery: by (O_CARRIER_ID, W_ID, D_ID, O_ID).
UPDATE oorder SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?

-- name: interactive.lines-delivered
-- Delivery: by (W_ID, D_ID, O_ID).
UPDATE order_line SET ol_delivery_d = LOCALTIMESTAMP WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?

-- name: interactive.lines-amount
-- Delivery: the order's amount, by (W_ID, D_ID, O_ID).
SELECT COALESCE(SUM(ol_amount), 0) FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?

-- name: interactive.customer-delivered
-- Delivery: by (the amount, W_ID, D_ID, C_ID).
UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1
WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?

-- name: interactive.district-next-order
-- Stock-Level: D_NEXT_O_ID, by (W_ID, D_ID).
SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?

-- name: interactive.low-stock
-- Stock-Level: the distinct items of the lines of orders [D_NEXT_O_ID - 20, D_NEXT_O_ID) whose
-- stock in the home warehouse is below the threshold, by (W_ID, D_ID, first O_ID, D_NEXT_O_ID,
-- threshold).
SELECT count(DISTINCT s.s_i_id) FROM order_line ol
JOIN stock s ON s.s_w_id = ol.ol_w_id AND s.s_i_id = ol.ol_i_id
WHERE ol.ol_w_id = ? AND ol.ol_d_id = ? AND ol.ol_o_id >= ? AND ol.ol_o_id < ? AND s.s_quantity < ?

-- ================================================================ the row guard

-- name: row-guard
-- Sent right after a write that must change exactly ${rows} rows, before the COMMIT of the same
-- round trip: a statement that fails the transaction when it did not, so that the COMMIT after
-- it never runs. Nothing by default (PostgreSQL's statements fail themselves: see its
-- CASE ... ::int); a dialect whose writes of no row are no error writes its own (mysql.sql).
