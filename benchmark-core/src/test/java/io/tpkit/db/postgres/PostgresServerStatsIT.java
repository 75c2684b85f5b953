package io.tpkit.db.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.monitor.CounterSampler;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.provisioning.Target;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Against the embedded PostgreSQL (18: pg_stat_checkpointer). */
class PostgresServerStatsIT extends PostgresServerStatsChecks {
    private static Target target;

    @BeforeAll
    static void start() {
        target = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tp1").build(), m -> { });
    }

    @AfterAll
    static void stop() {
        if (target != null) {
            target.close();
        }
    }

    @Override
    Connection connect() throws SQLException {
        return DriverManager.getConnection(target.jdbcUrl(), target.user(), null);
    }

    @Test
    void aViewTheUserMayNotReadIsDroppedWithANote() throws Exception {
        try (Connection admin = connect(); Statement s = admin.createStatement()) {
            s.execute("CREATE ROLE tpkit_no_wal");
            s.execute("REVOKE SELECT ON pg_catalog.pg_stat_wal FROM PUBLIC");
        }
        try (Connection c = connect()) {
            try (Statement s = c.createStatement()) {
                s.execute("SET ROLE tpkit_no_wal"); // privileges are checked as this role from here on
            }
            c.setAutoCommit(false);
            CounterSampler sampler = PostgresServerStats.sampler();
            sampler.sample(c, 1);
            Map<String, Double> second = sampler.sample(c, 1).values();
            assertThat(second).containsKeys("db.commits_per_s", "db.checkpoints").doesNotContainKey("db.wal_bytes_per_s");
            assertThat(sampler.notes()).singleElement().asString()
                    .startsWith("db.wal_bytes_per_s absent: pg_stat_wal refused: ").contains("permission denied");
        } finally {
            try (Connection admin = connect(); Statement s = admin.createStatement()) {
                s.execute("GRANT SELECT ON pg_catalog.pg_stat_wal TO PUBLIC");
            }
        }
    }
}
