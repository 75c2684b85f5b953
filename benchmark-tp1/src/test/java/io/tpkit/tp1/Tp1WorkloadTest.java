package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.workload.Workload;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Tp1WorkloadTest {
    private final FakeDatabase db = new FakeDatabase();
    private final Tp1Workload workload = new Tp1Workload();

    @Test
    void isFoundByTheServiceLoader() {
        assertThat(ServiceLoader.load(Workload.class).stream().map(ServiceLoader.Provider::type))
                .contains(Tp1Workload.class);
        assertThat(workload.name()).isEqualTo("tp1");
        assertThat(workload.scaleUnit()).isEqualTo("branches");
        assertThat(workload.defaultScale()).isEqualTo(1);
        assertThat(workload.defaultArrival()).isEqualTo(ArrivalModel.STREAMS);
    }

    @Test
    void tpcBHasNoStandardTerminalCountAndDrawsTellersPerRequest() {
        Tp1BoundWorkload bound = workload.bind(BenchmarkConfig.builder("tp1").scale(3).build(), db.plugin("postgresql"));
        assertThat(bound.scale()).isEqualTo(3);
        assertThat(bound.arrival()).isEqualTo(ArrivalModel.STREAMS);
        assertThat(bound.standardTerminals()).isEqualTo(-1);
        assertThat(bound.transactionTypes()).containsExactly("debit-credit");
        assertThat(bound.newTerminal(0, 4, new SplittableRandom(1))).isInstanceOf(StreamTerminal.class);
        assertThat(bound.parameters())
                .containsEntry("branches", 3).containsEntry("tellers", 30).containsEntry("accounts", 300_000)
                .containsEntry("accountsPerBranch", 100_000).containsEntry("statementOrder", "account,history,teller,branch")
                .containsEntry("remoteAccountPercent", 15).containsEntry("logic", "client")
                .containsEntry("arrival", "streams").containsKeys("rowBytes", "deltaRange", "tellerSelection");
    }

    @Test
    void tpcAHasTenTerminalsPerBranchEachOnItsTeller() {
        Tp1BoundWorkload bound = workload.bind(BenchmarkConfig.builder("tp1").scale(2)
                .arrival(ArrivalModel.CLOSED).build(), db.plugin("postgresql"));
        assertThat(bound.standardTerminals()).isEqualTo(20);
        for (int i = 0; i < 20; i++) {
            TellerTerminal t = (TellerTerminal) bound.newTerminal(i, 20, new SplittableRandom(i));
            assertThat(t.tid()).isEqualTo(i + 1);
        }
        assertThat(bound.parameters()).containsEntry("arrival", "closed").containsKey("thinkTime");
    }

    @Test
    void aDatabaseWithoutTp1FilesRunsTheDefaultSqlButHasNoStoredFunction() {
        assertThat(workload.bind(BenchmarkConfig.builder("tp1").build(), db.plugin("oracle")).parameters())
                .containsEntry("dialect", "oracle");
        assertThatThrownBy(() -> workload.bind(BenchmarkConfig.builder("tp1").logic(io.tpkit.config.Logic.PROCEDURE)
                .build(), db.plugin("oracle")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("no stored function for the 'oracle' dialect (io/tpkit/tp1/sql/procedures/oracle.sql)");
    }
}
