package io.tpkit.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.provisioning.Target;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedPostgresTargetIT {
    @TempDir
    Path temp;

    @Test
    void startsADurablePostgresAndKeepsItsDataDirectoryBetweenStarts() throws Exception {
        BenchmarkConfig config = BenchmarkConfig.builder("tp1").dataDir(temp.resolve("pg")).build();
        try (Target target = new EmbeddedPostgresTarget().open(config, m -> { });
             Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), null);
             Statement s = c.createStatement()) {
            SettingsSnapshot settings = target.plugin().settings(c);
            assertThat(settings.product()).isEqualTo("PostgreSQL");
            assertThat(settings.settings()).containsEntry("fsync", "on").containsEntry("synchronous_commit", "on");
            assertThat(settings.durable()).isTrue();
            s.execute("CREATE TABLE kept (x int)");
            s.execute("INSERT INTO kept VALUES (42)");
        }
        try (Target target = new EmbeddedPostgresTarget().open(config, m -> { });
             Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), null);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT x FROM kept")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(42);
        }
    }
}
