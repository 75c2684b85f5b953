package io.tpkit.hpss;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import io.tpkit.api.Tpkit;
import io.tpkit.result.RunResult;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

class HpssEmbeddedPostgresIT extends HpssDatabaseIT {
    @Override
    BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("hpss").dataDir(temp.resolve("pgdata"));
    }

    /** Starts the data folder's server for the query only: a run starts its own on the same folder. */
    @Override
    <T> T query(SqlFunction<T> f) throws Exception {
        try (Target t = new EmbeddedPostgresTarget().open(config().build(), m -> { })) {
            return SqlAccess.withStatement(t.jdbcUrl(), t.user(), f);
        }
    }

    @Test
    void smallRun() throws Exception {
        smallRunCommitsEveryCreateInItsIterationAndPassesItsChecks();
    }

    @Test
    void restartMode() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("HPSS restart mode");
        restartedIterationsOpenTheirOwnConnectionsAPauseApart();
    }

    @Test
    void duplicateKeys() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("HPSS duplicate keys");
        duplicateKeysAreDrawnAgainAndNoCreateIsLost();
    }

    @Test
    void serverSettingsAreAppliedAndRecorded() throws Exception {
        RunResult r = Tpkit.run(small(2, 10, 1).serverSetting("max_wal_size", "4GB")
                .serverSetting("checkpoint_timeout", "1h").build());
        assertThat(r.configuration().serverSettings())
                .isEqualTo(java.util.Map.of("max_wal_size", "4GB", "checkpoint_timeout", "1h"));
        java.util.Map<String, String> settings = r.database().settings();
        assertThat(settings).containsEntry("max_wal_size", "4GB").containsEntry("checkpoint_timeout", "1h");
    }

    @Test
    void theServerSeesTheSameStatementsPerCreate() throws Exception {
        BenchmarkConfig c = config().serverSetting("shared_preload_libraries", "pg_stat_statements").build();
        try (Target t = new EmbeddedPostgresTarget().open(c, m -> { });
             java.sql.Connection admin = connect(t.jdbcUrl(), t.user(), t.plugin());
             java.sql.Connection session = connect(t.jdbcUrl(), t.user(), t.plugin())) {
            postgresSeesTheCreatesStatements(admin, session, t.plugin());
        }
    }

    @Test
    void tamperedData() throws Exception {
        aFileWithoutItsBitfileFailsTheCheck();
    }
}
