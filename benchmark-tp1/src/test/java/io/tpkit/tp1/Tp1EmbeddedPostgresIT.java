package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.api.BadInputException;
import io.tpkit.api.BenchmarkConfig;
import io.tpkit.api.RunListener;
import io.tpkit.api.Tpkit;
import io.tpkit.target.EmbeddedPostgresTarget;
import io.tpkit.target.Target;
import org.junit.jupiter.api.Test;

class Tp1EmbeddedPostgresIT extends Tp1DatabaseIT {
    @Override
    BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("tp1").dataDir(temp.resolve("pgdata"));
    }

    @Override
    <T> T query(SqlFunction<T> f) throws Exception {
        try (Target t = new EmbeddedPostgresTarget().open(config().build(), m -> { })) {
            return withConnection(t.jdbcUrl(), t.user(), f);
        }
    }

    @Test
    void streamsRun() throws Exception {
        streamsRunLoadsMeasuresAndPassesItsChecks();
    }

    @Test
    void procedureRun() throws Exception {
        procedureLogicCommitsExactlyTheRequestedTransactions();
    }

    @Test
    void closedRun() throws Exception {
        closedTerminalsAreTpcAStyle();
    }

    @Test
    void loadAndCheck() throws Exception {
        loadWritesStandardRowsAndATamperedDatabaseFailsTheCheck();
    }

    @Test
    void checkingAnEmptyDatabaseSaysWhatToDo() {
        assertThatThrownBy(() -> Tpkit.check(config().build(), RunListener.SILENT))
                .isInstanceOf(BadInputException.class).hasMessageContaining("tpkit load tp1");
    }
}
