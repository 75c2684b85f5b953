package io.tpkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The IDE example of docs/java-api.md, run by the build so that it cannot rot: TP1 at two connection
 * counts on the embedded PostgreSQL, printing the two throughputs.
 */
class ConnectionCountsExampleIT {
    @Test
    void tp1AtTwoConnectionCounts() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the connection-counts example");
        for (int connections : new int[] {1, 4}) {
            RunResult r = Tpkit.run(BenchmarkConfig.builder("tp1")
                    .option("accounts-per-branch", "10000")
                    .connections(connections)
                    .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(4))
                    .outDir(Path.of("target", "tpkit-results"))
                    .build());
            System.out.printf("%d connections: %.1f TPS, p90 %.2f ms (%s)%n", connections,
                    r.metrics().throughput().overWallClock(), r.metrics().types().getFirst().response().p90Ms(),
                    r.validity().verdict());

            assertThat(r.metrics().totalCommitted()).isPositive();
            assertThat(r.consistent()).isTrue();
            assertThat(r.workload().connections()).isEqualTo(connections);
        }
    }
}
