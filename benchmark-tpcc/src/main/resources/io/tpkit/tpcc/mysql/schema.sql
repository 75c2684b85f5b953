-- TPC-C tables (§1.3.1) for MySQL and MariaDB (InnoDB; PostgreSQL's TIMESTAMP is DATETIME(6)
-- here), created empty and without keys: the loader adds the keys after the
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
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

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
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

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
    c_since        DATETIME(6) NOT NULL,
    c_credit       CHAR(2)       NOT NULL,
    c_credit_lim   DECIMAL(12,2) NOT NULL,
    c_discount     DECIMAL(4,4)  NOT NULL,
    c_balance      DECIMAL(12,2) NOT NULL,
    c_ytd_payment  DECIMAL(12,2) NOT NULL,
    c_payment_cnt  INT           NOT NULL,
    c_delivery_cnt INT           NOT NULL,
    c_data         VARCHAR(500)  NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- No primary key: the spec does not require history rows to be identifiable.
CREATE TABLE history (
    h_c_id   INT          NOT NULL,
    h_c_d_id INT          NOT NULL,
    h_c_w_id INT          NOT NULL,
    h_d_id   INT          NOT NULL,
    h_w_id   INT          NOT NULL,
    h_date   DATETIME(6) NOT NULL,
    h_amount DECIMAL(6,2) NOT NULL,
    h_data   VARCHAR(24)  NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE oorder (
    o_id         INT       NOT NULL,
    o_d_id       INT       NOT NULL,
    o_w_id       INT       NOT NULL,
    o_c_id       INT       NOT NULL,
    o_entry_d    DATETIME(6) NOT NULL,
    o_carrier_id INT,
    o_ol_cnt     INT       NOT NULL,
    o_all_local  INT       NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE new_order (
    no_o_id INT NOT NULL,
    no_d_id INT NOT NULL,
    no_w_id INT NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE order_line (
    ol_o_id        INT          NOT NULL,
    ol_d_id        INT          NOT NULL,
    ol_w_id        INT          NOT NULL,
    ol_number      INT          NOT NULL,
    ol_i_id        INT          NOT NULL,
    ol_supply_w_id INT          NOT NULL,
    ol_delivery_d  DATETIME(6),
    ol_quantity    INT          NOT NULL,
    ol_amount      DECIMAL(6,2) NOT NULL,
    ol_dist_info   CHAR(24)     NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE item (
    i_id    INT          NOT NULL,
    i_im_id INT          NOT NULL,
    i_name  VARCHAR(24)  NOT NULL,
    i_price DECIMAL(5,2) NOT NULL,
    i_data  VARCHAR(50)  NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

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
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- Not a TPC-C table. Holds what a run must know about the load, above all the C_LAST constant
-- used to populate C_LAST (key c_last_load): the run's constant must differ from it by
-- 65..119, but not 96 or 112 (§2.1.6.1).
CREATE TABLE tpcc_config (
    cfg_name  VARCHAR(30) NOT NULL PRIMARY KEY,
    cfg_value VARCHAR(50) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
