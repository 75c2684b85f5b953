package io.tpkit.tpcc;

import io.tpkit.testing.jdbc.StubConnection;
import io.tpkit.testing.jdbc.StubConnection.Responder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Plausible answers to the PostgreSQL client session's statements for {@link StubConnection}:
 * one row where the session expects one, a row per requested stock key, item or district, an
 * order's lines, and no row for the unused item number. Chosen by the SQL text when a statement
 * is prepared.
 */
final class StubAnswers {
    private static final BigDecimal PRICE = new BigDecimal("12.34");
    private static final BigDecimal TAX = new BigDecimal("0.0812");
    private static final java.time.LocalDateTime WHEN = java.time.LocalDateTime.of(2026, 1, 1, 0, 0);
    private static final String DIST = "dist-info-of-24-chars-xx";
    private static final Object[][] NONE = new Object[0][];

    private StubAnswers() {
    }

    static Responder of(String sql) {
        String s = sql.replaceAll("\\s+", " ");
        if (s.startsWith("WITH d AS (UPDATE district")) {
            // w, d, then (S_W_ID, S_I_ID) per key, then w, w, d, c: a row per key with a stock row
            int keys = count(s, "(?, ?)");
            return new Responder() {
                @Override
                public Object[][] rows(Object[] p) {
                    List<Object[]> rows = new ArrayList<>();
                    for (int k = 0; k < keys; k++) {
                        Object w = p[2 + 2 * k];
                        Object i = p[3 + 2 * k];
                        if ((Integer) i <= TpccScale.ITEMS) {
                            rows.add(new Object[] {3001, TAX, TAX, new BigDecimal("0.0500"), "BARBARBAR", "GC", w, i, 50,
                                    DIST, "stock data ORIGINAL", PRICE, "item-name", "some ORIGINAL data", WHEN});
                        }
                    }
                    return rows.toArray(new Object[0][]);
                }
            };
        }
        if (s.startsWith("SELECT i_id, i_price, i_name, i_data FROM item")) {
            int items = count(s, "?");
            return new Responder() {
                @Override
                public Object[][] rows(Object[] p) {
                    List<Object[]> rows = new ArrayList<>();
                    for (int k = 0; k < items; k++) {
                        if ((Integer) p[k] <= TpccScale.ITEMS) {
                            rows.add(new Object[] {p[k], PRICE, "item-name", "some ORIGINAL data"});
                        }
                    }
                    return rows.toArray(new Object[0][]);
                }
            };
        }
        if (s.startsWith("WITH o AS (INSERT INTO oorder")) {
            int lines = count(s, "NULL, ?, ?, ?)");
            return new Responder() {
                @Override
                public int updateCount(Object[] p) {
                    return lines; // one ORDER-LINE row per line
                }
            };
        }
        if (s.startsWith("WITH w AS (UPDATE warehouse")) {
            // the customer asked for: by number (parameter 11) or by name (parameter 13)
            boolean byName = s.contains("row_number()");
            return new Responder() {
                @Override
                public Object[][] rows(Object[] p) {
                    // C_ID, the customer's name, address, phone, since, credit, limit, discount, balance, data,
                    // the warehouse's and the district's addresses, H_DATE
                    return new Object[][] {{byName ? 11 : p[10], "first", "OE", byName ? p[12] : "BARBARBAR", "street-1",
                            "street-2", "city", "ST", "123411111", "0123456789012345", WHEN, "GC",
                            new BigDecimal("50000.00"), new BigDecimal("0.0500"), new BigDecimal("-10.00"), null,
                            "w-street-1", "w-street-2", "w-city", "WS", "567811111", "d-street-1", "d-street-2", "d-city",
                            "DS", "910111111", WHEN}};
                }

                @Override
                public boolean query() {
                    return true;
                }
            };
        }
        if (s.startsWith("SELECT c.c_id, c.c_balance")) {
            // the customer asked for: by number (parameter 3) or by name (parameter 5)
            boolean byName = s.contains("row_number()");
            return new Responder() {
                @Override
                public Object[][] rows(Object[] p) {
                    Object[][] lines = new Object[10][];
                    for (int i = 0; i < lines.length; i++) {
                        lines[i] = new Object[] {byName ? 11 : p[2], new BigDecimal("-10.00"), "first", "OE",
                                byName ? p[4] : "BARBARBAR", 2999, WHEN, 3, i + 1, 1, 5, PRICE, WHEN};
                    }
                    return lines;
                }

                @Override
                public boolean query() {
                    return true;
                }
            };
        }
        if (s.startsWith("WITH oldest AS")) {
            int districts = count(s, "(?)");
            return new Responder() {
                @Override
                public Object[][] rows(Object[] p) {
                    Object[][] rows = new Object[districts][];
                    for (int d = 0; d < districts; d++) {
                        rows[d] = new Object[] {p[1 + d], 2101, null};
                    }
                    return rows;
                }
            };
        }
        if (s.startsWith("SELECT count(DISTINCT s.s_i_id) FROM district")) {
            return rows(new Object[][] {{7}});
        }
        if (s.startsWith("SELECT DISTINCT no_d_id")) {
            return rows(NONE);
        }
        if (s.startsWith("SELECT cfg_name, cfg_value FROM tpcc_config")) {
            return rows(new Object[][] {{"c_last_load", "157"}});
        }
        if (s.startsWith("SELECT") || s.startsWith("WITH")) {
            throw new IllegalArgumentException("no stub answer for " + s);
        }
        return new Responder() { }; // an UPDATE changes one row
    }

    private static int count(String sql, String part) {
        int n = 0;
        for (int at = sql.indexOf(part); at >= 0; at = sql.indexOf(part, at + part.length())) {
            n++;
        }
        return n;
    }

    private static Responder rows(Object[][] rows) {
        return new Responder() {
            @Override
            public Object[][] rows(Object[] params) {
                return rows;
            }

            @Override
            public boolean query() {
                return true;
            }
        };
    }
}
