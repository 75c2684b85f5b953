package io.tpkit.tpcc;

import io.tpkit.testing.jdbc.StubConnection;
import io.tpkit.testing.jdbc.StubConnection.Responder;
import java.math.BigDecimal;
import java.sql.Timestamp;

/**
 * Plausible answers to the TPC-C sessions' statements for {@link StubConnection}: one row where
 * the session expects one, the rows a lookup by last name or an order's lines give, and no item
 * row for the unused item number. Chosen by the SQL text when a statement is prepared.
 */
final class StubAnswers {
    private static final BigDecimal PRICE = new BigDecimal("12.34");
    private static final BigDecimal TAX = new BigDecimal("0.0812");
    private static final Timestamp WHEN = new Timestamp(0);
    private static final String DIST = "dist-info-of-24-chars-xx";
    private static final Object[][] NONE = new Object[0][];

    private StubAnswers() {
    }

    static Responder of(String sql) {
        String s = sql.replaceAll("\\s+", " ");
        if (s.startsWith("SELECT w_tax FROM warehouse")) {
            return rows(new Object[][] {{TAX}});
        }
        if (s.startsWith("SELECT d_tax, d_next_o_id FROM district")) {
            return rows(new Object[][] {{TAX, 3001}});
        }
        if (s.startsWith("SELECT c_discount, c_last, c_credit FROM customer")) {
            return rows(new Object[][] {{new BigDecimal("0.0500"), "BARBARBAR", "GC"}});
        }
        if (s.startsWith("SELECT i_price, i_name, i_data FROM item WHERE i_id = ?")) {
            Object[][] item = {{PRICE, "item-name", "some ORIGINAL data"}};
            return new Responder() {
                @Override
                public Object[][] rows(Object[] p) {
                    return (Integer) p[0] <= TpccScale.ITEMS ? item : NONE;
                }
            };
        }
        if (s.startsWith("SELECT s_quantity, s_dist_")) {
            return rows(new Object[][] {{50, DIST, "stock data ORIGINAL"}});
        }
        if (s.startsWith("SELECT w_name")) {
            return rows(new Object[][] {{"w-name", "street 1", "street 2", "city", "ST", "123451111"}});
        }
        if (s.startsWith("SELECT d_name")) {
            return rows(new Object[][] {{"d-name", "street 1", "street 2", "city", "ST", "123451111"}});
        }
        if (s.startsWith("SELECT c_id FROM customer")) {
            return rows(new Object[][] {{11}, {12}, {13}});
        }
        if (s.startsWith("SELECT c_first, c_middle, c_last")) {
            return rows(new Object[][] {{"first", "OE", "BARBARBAR", "street 1", "street 2", "city", "ST",
                    "123451111", "0123456789012345", WHEN, "GC", new BigDecimal("50000.00"),
                    new BigDecimal("0.0500"), new BigDecimal("-10.00")}});
        }
        if (s.startsWith("SELECT c_data")) {
            return rows(new Object[][] {{"customer data"}});
        }
        if (s.startsWith("SELECT c_balance, c_first, c_middle, c_last")) {
            return rows(new Object[][] {{new BigDecimal("-10.00"), "first", "OE", "BARBARBAR"}});
        }
        if (s.startsWith("SELECT o_id, o_entry_d, o_carrier_id")) {
            return rows(new Object[][] {{2999, WHEN, 3}});
        }
        if (s.startsWith("SELECT ol_i_id, ol_supply_w_id")) {
            Object[][] lines = new Object[10][];
            for (int i = 0; i < lines.length; i++) {
                lines[i] = new Object[] {i + 1, 1, 5, PRICE, WHEN};
            }
            return rows(lines);
        }
        if (s.startsWith("SELECT no_o_id FROM new_order")) {
            return rows(new Object[][] {{2101}});
        }
        if (s.startsWith("SELECT MIN(no_o_id)")) {
            return rows(new Object[][] {{null}});
        }
        if (s.startsWith("SELECT o_c_id FROM oorder")) {
            return rows(new Object[][] {{17}});
        }
        if (s.startsWith("SELECT SUM(ol_amount)")) {
            return rows(new Object[][] {{new BigDecimal("120.00")}});
        }
        if (s.startsWith("SELECT d_next_o_id FROM district")) {
            return rows(new Object[][] {{3001}});
        }
        if (s.startsWith("SELECT COUNT(DISTINCT")) {
            return rows(new Object[][] {{7}});
        }
        if (s.startsWith("SELECT cfg_name, cfg_value FROM tpcc_config")) {
            return rows(new Object[][] {{"c_last_load", "157"}});
        }
        if (s.startsWith("SELECT")) {
            throw new IllegalArgumentException("no stub answer for " + s);
        }
        return new Responder() { }; // every INSERT, UPDATE and DELETE changes one row
    }

    private static Responder rows(Object[][] rows) {
        return new Responder() {
            @Override
            public Object[][] rows(Object[] params) {
                return rows;
            }
        };
    }
}
