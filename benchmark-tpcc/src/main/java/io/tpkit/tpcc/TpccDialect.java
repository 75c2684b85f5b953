package io.tpkit.tpcc;

import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.database.SqlFeature;
import io.tpkit.sql.NamedSql;
import io.tpkit.sql.SqlScript;
import java.util.List;
import java.util.Set;

/**
 * TPC-C's SQL in one database's dialect, and what that database's SQL can do: the named blocks
 * of {@code io/tpkit/tpcc/sql/DIALECT.sql} over those of {@code default.sql} ({@link NamedSql})
 * and the plugin's {@link SqlFeature}s, which choose the shape of the client transactions
 * ({@link TpccClientSession#open}). The scripts are {@code schema} (drop and create the tables,
 * no keys), {@code primary-keys}, {@code indexes} (secondary indexes the transactions need),
 * {@code foreign-keys}; where the dialect has them, {@code procedures/DIALECT.sql} holds the
 * five transactions as stored routines, for {@code --logic procedure}. A dialect without a file
 * of its own runs the default.
 */
final class TpccDialect {
    private static final String FOLDER = "/io/tpkit/tpcc/sql";

    private final NamedSql sql;
    private final Set<SqlFeature> features;

    private TpccDialect(NamedSql sql, Set<SqlFeature> features) {
        this.sql = sql;
        this.features = features;
    }

    /** The SQL of the plugin's dialect, with the features the plugin declares. */
    static TpccDialect of(DatabasePlugin database) {
        return new TpccDialect(NamedSql.load(TpccDialect.class, FOLDER, database.dialect()), database.sqlFeatures());
    }

    String key() {
        return sql.dialect();
    }

    /** Every named block: the statements the sessions and checks prepare. */
    NamedSql sql() {
        return sql;
    }

    /** Whether the database declares {@code feature}. */
    boolean has(SqlFeature feature) {
        return features.contains(feature);
    }

    List<String> schema() {
        return sql.statements("schema");
    }

    List<String> primaryKeys() {
        return sql.statements("primary-keys");
    }

    List<String> indexes() {
        return sql.statements("indexes");
    }

    List<String> foreignKeys() {
        return sql.statements("foreign-keys");
    }

    /** Whether the dialect has {@code procedures/DIALECT.sql}. */
    boolean hasProcedures() {
        return sql.procedures().isPresent();
    }

    /** Where the dialect's stored routines belong. */
    String proceduresFile() {
        return sql.proceduresFile();
    }

    /** Drops and creates the stored functions (procedures) of {@code --logic procedure}. */
    List<String> procedures() {
        return SqlScript.split(proceduresScript());
    }

    /** The text of the stored routines, as {@link io.tpkit.sql.StoredRoutines} installs and versions it. */
    String proceduresScript() {
        return sql.procedures().orElseThrow(() -> new IllegalStateException("tpcc has no stored procedures for the "
                + key() + " dialect (" + proceduresFile() + ")"));
    }
}
