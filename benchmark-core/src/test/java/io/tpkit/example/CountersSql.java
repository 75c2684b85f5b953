package io.tpkit.example;

import io.tpkit.sql.SqlScript;
import java.util.List;

/** The workload's SQL, read from its resource files: the dialect's own where it has one. */
final class CountersSql {
    private final String dialect;

    CountersSql(String dialect) {
        this.dialect = dialect;
    }

    List<String> schema() {
        return SqlScript.split(read("schema.sql"));
    }

    private String read(String file) {
        String own = "/io/tpkit/example/counters/" + dialect + "/" + file;
        return CountersSql.class.getResource(own) != null ? SqlScript.read(CountersSql.class, own)
                : SqlScript.read(CountersSql.class, "/io/tpkit/example/counters/default/" + file);
    }
}
