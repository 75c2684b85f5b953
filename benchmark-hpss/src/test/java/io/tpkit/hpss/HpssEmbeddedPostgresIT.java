package io.tpkit.hpss;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.testing.SqlAccess.SqlFunction;
import io.tpkit.testing.SqlAccess;
import org.junit.jupiter.api.Test;

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
    void duplicateKeys() throws Exception {
        duplicateKeysAreDrawnAgainAndNoCreateIsLost();
    }

    @Test
    void tamperedData() throws Exception {
        aFileWithoutItsBitfileFailsTheCheck();
    }
}
