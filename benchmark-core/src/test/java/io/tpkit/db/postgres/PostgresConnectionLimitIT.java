package io.tpkit.db.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.database.ConnectionLimit;
import io.tpkit.spi.provisioning.Target;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** How many more connections the embedded PostgreSQL (max_connections 300) accepts, as the plugin reads it. */
class PostgresConnectionLimitIT {
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

    private static Connection connect(String user) throws Exception {
        // the target's URL names its user ("?user=postgres"), which would win over a user given apart
        String url = target.jdbcUrl();
        int query = url.indexOf('?');
        return DriverManager.getConnection(query < 0 ? url : url.substring(0, query), user, null);
    }

    @Test
    void aSuperuserMayUseEverySlotButThoseInUse() throws Exception {
        PostgresPlugin plugin = new PostgresPlugin();
        try (Connection c = connect("postgres")) {
            ConnectionLimit before = plugin.connectionLimit(c).orElseThrow();
            assertThat(before.how()).contains("max_connections 300", "open to this superuser");
            List<Connection> others = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    others.add(connect("postgres"));
                }
                assertThat(plugin.connectionLimit(c).orElseThrow().available()).isEqualTo(before.available() - 3);
            } finally {
                for (Connection o : others) {
                    o.close();
                }
            }
        }
    }

    @Test
    void anOrdinaryRoleLosesTheReservedSlotsAndKeepsToItsOwnLimit() throws Exception {
        try (Connection admin = connect("postgres"); Statement s = admin.createStatement()) {
            s.execute("CREATE ROLE tpkit_limited LOGIN CONNECTION LIMIT 5");
        }
        PostgresPlugin plugin = new PostgresPlugin();
        try (Connection c = connect("tpkit_limited")) {
            ConnectionLimit limit = plugin.connectionLimit(c).orElseThrow();
            // this connection is not counted: 5 of the role's own remain
            assertThat(limit.available()).isEqualTo(5);
            assertThat(limit.how()).contains("reserved for others", "CONNECTION LIMIT 5");
            try (Connection second = connect("tpkit_limited")) {
                assertThat(plugin.connectionLimit(c).orElseThrow().available()).isEqualTo(4);
            }
        }
        try (Connection admin = connect("postgres"); Statement s = admin.createStatement()) {
            s.execute("ALTER ROLE tpkit_limited CONNECTION LIMIT -1");
        }
        try (Connection c = connect("tpkit_limited"); Connection admin = connect("postgres")) {
            ConnectionLimit limit = plugin.connectionLimit(c).orElseThrow();
            // max_connections 300 less superuser_reserved_connections 3 less the admin connection in use
            // (reserved_connections is 0 by default); pg_stat_activity may also list other client backends
            assertThat(limit.available()).isLessThanOrEqualTo(300 - 3 - 1).isGreaterThan(250);
            assertThat(limit.how()).contains("superuser_reserved_connections 3");
        }
    }
}
