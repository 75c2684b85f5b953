package io.tpkit.tpcc;

import io.tpkit.sql.SqlScript;
import java.util.List;

/**
 * The DDL of one database family, kept as scripts under {@code io/tpkit/tpcc/<dialect>/}:
 * {@code schema.sql} (drop and create the tables, no keys), {@code primary-keys.sql},
 * {@code indexes.sql} (secondary indexes the transactions need), {@code foreign-keys.sql} and,
 * where the dialect has them, {@code procedures.sql} (the five transactions as stored functions,
 * for {@code --logic procedure}).
 */
final class TpccDialect {
    private static final String ROOT = "/io/tpkit/tpcc/";

    private final String key;

    private TpccDialect(String key) {
        this.key = key;
    }

    /** @throws IllegalArgumentException when there are no TPC-C scripts for {@code key} */
    static TpccDialect of(String key) {
        if (key == null || key.contains("/") || TpccDialect.class.getResource(ROOT + key + "/schema.sql") == null) {
            throw new IllegalArgumentException("tpcc has no SQL for the '" + key + "' dialect yet");
        }
        return new TpccDialect(key);
    }

    String key() {
        return key;
    }

    List<String> schema() {
        return script("schema.sql");
    }

    List<String> primaryKeys() {
        return script("primary-keys.sql");
    }

    List<String> indexes() {
        return script("indexes.sql");
    }

    List<String> foreignKeys() {
        return script("foreign-keys.sql");
    }

    /** Whether the dialect has {@code procedures.sql}. */
    boolean hasProcedures() {
        return TpccDialect.class.getResource(ROOT + key + "/procedures.sql") != null;
    }

    /** Drops and creates the stored functions (procedures) of {@code --logic procedure}. */
    List<String> procedures() {
        return script("procedures.sql");
    }

    /** The text of {@code procedures.sql}, as {@link io.tpkit.sql.StoredRoutines} installs and versions it. */
    String proceduresScript() {
        return SqlScript.read(TpccDialect.class, ROOT + key + "/procedures.sql");
    }

    private List<String> script(String name) {
        return SqlScript.split(SqlScript.read(TpccDialect.class, ROOT + key + "/" + name));
    }
}
