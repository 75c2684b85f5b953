package io.tpkit.tpcc;

import io.tpkit.config.BadInputException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tables and columns the consistency conditions read, as one database names them. The
 * conditions are written with tpkit's own lower-case names ({@link TpccTables}); {@link #sql}
 * puts this database's names in their place. For tpkit's own load ({@link #tpkit}) that changes
 * nothing. For data another tool loaded, {@link #find} looks the names up in the database's
 * metadata, case-insensitively, among the spellings the common kits use.
 */
final class TpccNames {
    /**
     * The tables the conditions read (tpkit's name first) and the other names kits give them:
     * BenchBase and BenchmarkSQL call the orders {@code oorder}, HammerDB and go-tpc
     * {@code orders}, sysbench-tpcc {@code orders} and {@code new_orders}. Besides,
     * BenchmarkSQL puts {@code bmsql_} before every name and sysbench-tpcc the number of the
     * table set after it ({@code warehouse1}, {@code new_orders1}...): see {@link #KIT_NAME}.
     */
    static final Map<String, List<String>> TABLES = tables();

    /** The columns each table must have for the conditions: the spec's names. */
    static final Map<String, List<String>> COLUMNS = Map.of(
            TpccTables.WAREHOUSE, List.of("w_id", "w_ytd"),
            TpccTables.DISTRICT, List.of("d_w_id", "d_id", "d_ytd", "d_next_o_id"),
            TpccTables.CUSTOMER, List.of("c_w_id", "c_d_id", "c_id", "c_balance", "c_ytd_payment"),
            TpccTables.HISTORY, List.of("h_c_id", "h_c_d_id", "h_c_w_id", "h_d_id", "h_w_id", "h_amount"),
            TpccTables.ORDER, List.of("o_w_id", "o_d_id", "o_id", "o_c_id", "o_carrier_id", "o_ol_cnt"),
            TpccTables.NEW_ORDER, List.of("no_w_id", "no_d_id", "no_o_id"),
            TpccTables.ORDER_LINE, List.of("ol_w_id", "ol_d_id", "ol_o_id", "ol_number", "ol_delivery_d",
                    "ol_amount"));

    /** The money columns whose sums the conditions compare. */
    static final Set<String> MONEY = Set.of("w_ytd", "d_ytd", "c_balance", "c_ytd_payment", "h_amount", "ol_amount");


    /** The kinds of relation, as JDBC drivers name them, that can hold the data. */
    private static final Set<String> RELATIONS = Set.of("TABLE", "BASE TABLE", "PARTITIONED TABLE", "VIEW",
            "MATERIALIZED VIEW", "FOREIGN TABLE");
    /** A table name: BenchmarkSQL's prefix, the table's name, sysbench-tpcc's table-set number. */
    private static final Pattern KIT_NAME = Pattern.compile("(bmsql_)?([a-z_]+)([0-9]*)");
    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_]*");
    /** A lower-case identifier in a condition, with the table alias before it if any. */
    private static final Pattern IDENTIFIER = Pattern.compile("\\b([a-z][a-z0-9_]*\\.)?([a-z][a-z0-9_]*)\\b");

    private final io.tpkit.sql.NamedSql dialect;
    /** The name in the database of each table and column the conditions read, when it differs. */
    private final Map<String, String> found;
    /** Money columns stored in floating point (REAL, FLOAT, DOUBLE): tpkit's name to "table.column (type)". */
    private final Map<String, String> floatingMoney;
    private final String quote;

    private TpccNames(io.tpkit.sql.NamedSql dialect, Map<String, String> found, Map<String, String> floatingMoney,
                      String quote) {
        this.dialect = dialect;
        this.found = found;
        this.floatingMoney = floatingMoney;
        this.quote = quote;
    }

    /** tpkit's own names, in the dialect's SQL: the conditions' SQL as written. */
    static TpccNames tpkit(TpccDialect dialect) {
        return new TpccNames(dialect.sql(), Map.of(), Map.of(), null);
    }

    /** Condition {@code number}'s query as the dialect writes it ({@code consistency-N}), with tpkit's names. */
    String condition(int number) {
        return dialect.sql("consistency-" + number);
    }

    /** A named query of the dialect (tpkit's names) with this database's names. */
    String named(String name) {
        return sql(dialect.sql(name));
    }

    private static Map<String, List<String>> tables() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put(TpccTables.WAREHOUSE, List.of("warehouse"));
        m.put(TpccTables.DISTRICT, List.of("district"));
        m.put(TpccTables.CUSTOMER, List.of("customer"));
        m.put(TpccTables.HISTORY, List.of("history"));
        m.put(TpccTables.ORDER, List.of("oorder", "orders"));
        m.put(TpccTables.NEW_ORDER, List.of("new_order", "new_orders"));
        m.put(TpccTables.ORDER_LINE, List.of("order_line"));
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * The TPC-C tables in the connection's current schema (catalog, on MySQL), by any of their
     * usual names in any case; empty when there is none of them. The tables of one set share
     * their prefix and table-set number; one complete set is needed.
     *
     * @throws BadInputException when some are there but not all the conditions need, when a
     *                           table lacks a column, when two tables answer to one name, or
     *                           when the schema holds more than one complete set
     */
    static Optional<TpccNames> find(Connection c, TpccDialect dialect) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        // prefix + "|" + number -> table -> the names found for it
        Map<String, Map<String, List<String>>> sets = new LinkedHashMap<>();
        try (ResultSet rs = meta.getTables(c.getCatalog(), c.getSchema(), "%", null)) {
            while (rs.next()) {
                if (!RELATIONS.contains(rs.getString("TABLE_TYPE"))) {
                    continue; // indexes, sequences, system and temporary tables
                }
                String name = rs.getString("TABLE_NAME");
                Matcher m = KIT_NAME.matcher(name.toLowerCase(Locale.ROOT));
                if (!m.matches()) {
                    continue;
                }
                String set = (m.group(1) == null ? "" : m.group(1)) + "|" + m.group(3);
                for (Map.Entry<String, List<String>> t : TABLES.entrySet()) {
                    if (t.getValue().contains(m.group(2))) {
                        sets.computeIfAbsent(set, k -> new LinkedHashMap<>())
                                .computeIfAbsent(t.getKey(), k -> new ArrayList<>()).add(name);
                    }
                }
            }
        }
        if (sets.isEmpty()) {
            return Optional.empty();
        }
        List<String> complete = sets.keySet().stream().filter(k -> sets.get(k).size() == TABLES.size()).toList();
        if (complete.size() > 1) {
            throw new BadInputException("the database holds " + complete.size() + " sets of TPC-C tables ("
                    + String.join(", ", complete.stream().map(k -> sets.get(k).get(TpccTables.WAREHOUSE).getFirst())
                    .toList()) + "...): tpkit check cannot tell which one to check");
        }
        if (complete.isEmpty()) {
            String best = sets.keySet().stream().max(java.util.Comparator.comparingInt(k -> sets.get(k).size()))
                    .orElseThrow();
            String prefix = best.substring(0, best.indexOf('|'));
            String number = best.substring(best.indexOf('|') + 1);
            List<String> missing = new ArrayList<>();
            for (Map.Entry<String, List<String>> t : TABLES.entrySet()) {
                if (!sets.get(best).containsKey(t.getKey())) {
                    missing.add(String.join(" or ", t.getValue().stream().map(n -> prefix + n + number).toList()));
                }
            }
            throw new BadInputException("the database has TPC-C tables but no " + String.join(", no ", missing)
                    + ": the consistency conditions read warehouse, district, customer, history, oorder (or orders), "
                    + "new_order (or new_orders) and order_line");
        }
        Map<String, List<String>> present = sets.get(complete.getFirst());
        for (List<String> names : present.values()) {
            if (names.size() > 1) {
                throw new BadInputException("the database has both " + String.join(" and ", names)
                        + ": tpkit check cannot tell which of them to read");
            }
        }
        Map<String, String> found = new LinkedHashMap<>();
        Map<String, String> floating = new LinkedHashMap<>();
        String quote = meta.getIdentifierQuoteString();
        for (String logical : TABLES.keySet()) {
            String table = present.get(logical).getFirst();
            found.put(logical, table);
            Map<String, String> columns = new LinkedHashMap<>();
            Map<String, String> floatColumns = new LinkedHashMap<>();
            try (ResultSet rs = meta.getColumns(c.getCatalog(), c.getSchema(), escape(table, meta), "%")) {
                while (rs.next()) {
                    if (!table.equals(rs.getString("TABLE_NAME"))) {
                        continue; // '_' in the pattern matches any character
                    }
                    String column = rs.getString("COLUMN_NAME");
                    String key = column.toLowerCase(Locale.ROOT);
                    if (columns.putIfAbsent(key, column) != null) {
                        throw new BadInputException("table " + table + " has both " + columns.get(key) + " and "
                                + column + ": tpkit check cannot tell which one to read");
                    }
                    int type = rs.getInt("DATA_TYPE");
                    if (type == Types.REAL || type == Types.FLOAT || type == Types.DOUBLE) {
                        floatColumns.put(key, rs.getString("TYPE_NAME"));
                    }
                }
            }
            for (String column : COLUMNS.get(logical)) {
                String name = columns.get(column);
                if (name == null) {
                    throw new BadInputException("table " + table + " has no column " + column + ": the consistency "
                            + "conditions read the spec's column names (in any case)");
                }
                found.put(column, name);
                if (MONEY.contains(column) && floatColumns.containsKey(column)) {
                    floating.put(column, table + "." + name + " (" + floatColumns.get(column) + ")");
                }
            }
        }
        return Optional.of(new TpccNames(dialect.sql(), found, floating, quote));
    }

    private static String escape(String name, DatabaseMetaData meta) throws SQLException {
        String esc = meta.getSearchStringEscape();
        return esc == null || esc.isEmpty() ? name : name.replace(esc, esc + esc).replace("_", esc + "_")
                .replace("%", esc + "%");
    }

    /** The name in the database of a table the conditions read ({@link TpccTables} name). */
    String table(String table) {
        return found.getOrDefault(table, table);
    }

    /** The money columns stored in floating point: spec name to "table.column (type)". */
    Map<String, String> floatingMoney() {
        return floatingMoney;
    }

    /**
     * A condition's SQL with this database's names. A money column stored in floating point is
     * read as an exact decimal: see {@link #exactDecimal}.
     */
    String sql(String condition) {
        if (found.isEmpty()) {
            return condition;
        }
        Matcher m = IDENTIFIER.matcher(condition);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(2);
            String replacement = m.group();
            if (found.containsKey(name)) {
                String reference = (m.group(1) == null ? "" : m.group(1)) + identifier(found.get(name));
                replacement = floatingMoney.containsKey(name) ? exactDecimal(reference) : reference;
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * A floating-point money value as the exact decimal the database prints for it.
     *
     * <p>Money is decimal in the spec (numeric(12,2) and the like) and the conditions compare
     * sums exactly; some kits store it in REAL or DOUBLE. Two ways to compare such sums would
     * be dishonest. Comparing them in floating point ({@code SUM} over a DOUBLE column against
     * another DOUBLE) rounds at every addition, in an order the query plan chooses: the same
     * correct data could pass or fail with the plan. Rounding each value to cents would be a
     * tolerance: a balance a kit computed in floating point and stored as 1244.56005859375
     * would read as 1244.56 and the error would vanish.
     *
     * <p>So each stored value is taken as the shortest decimal that reads back to the same
     * stored float (what the server prints: PostgreSQL 12 and later with the
     * {@code extra_float_digits} that pgjdbc sets; MySQL 8 and MariaDB print doubles the same
     * way), and the sums are exact decimal sums of those. Distinct stored values stay distinct,
     * so a kit that computed an amount in floating point and stored something other than the
     * float nearest to the right amount is reported, by the amount it is off; a kit that
     * computed in decimals and stored the nearest float (1234.56 as 1234.5599999999999454...)
     * is not blamed for the column's type. The exact binary expansion would blame it: the sum
     * of the nearest floats is not the nearest float of the sum.
     */
    private String exactDecimal(String reference) {
        return dialect.sql("exact-decimal", Map.of("value", reference));
    }

    private String identifier(String name) {
        if (PLAIN.matcher(name).matches() || quote == null || quote.isBlank()) {
            return name;
        }
        return quote + name.replace(quote, quote + quote) + quote;
    }

    /** The names of the tables read, e.g. "warehouse, district, customer, history, orders, new_order, order_line". */
    String describeTables() {
        return String.join(", ", TABLES.keySet().stream().map(this::table).toList());
    }
}
