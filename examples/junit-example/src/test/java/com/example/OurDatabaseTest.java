package com.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.junit.TpkitBench;
import io.tpkit.junit.TpkitBenchmark;
import io.tpkit.result.RunResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** TP1 on an embedded PostgreSQL that the extension starts, loads once and stops after the class. */
@TpkitBenchmark(workload = "tp1", options = "accounts-per-branch=10000")
class OurDatabaseTest {
    @Test
    void keepsUpWithTheLoad(TpkitBench tpkit) throws Exception {
        RunResult r = tpkit.run(c -> c.connections(4)
                .warmup(Duration.ofSeconds(2))
                .duration(Duration.ofSeconds(10)));

        assertThat(r.consistent()).isTrue();
        assertThat(r.metrics().throughput().overWallClock()).isGreaterThan(100);
        assertThat(r.metrics().types().getFirst().response().p99Ms()).isLessThan(500);
    }
}
