package com.example;

import io.tpkit.junit.TpkitBench;
import io.tpkit.junit.TpkitBenchmark;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Fails when TP1 is shown slower than the baseline by more than 10 %, and never on noise: the
 * whole 95 % interval of the ratio of the mean TPS must lie below 0.90. The baseline is a folder
 * measured earlier on the same machine with the same options (docs/java-api.md: "A regression gate in a
 * Maven build"); -Dtpkit.baseline=DIR names it, by default ./baseline.
 */
@TpkitBenchmark(workload = "tp1", options = "accounts-per-branch=1000")
class NotSlowerThanBaselineTest {
    private static final Path BASELINE = Path.of(System.getProperty("tpkit.baseline", "baseline"));

    @Test
    void isNotSlowerThanTheBaseline(TpkitBench tpkit) throws Exception {
        tpkit.repeat(5, c -> c.connections(1)
                .warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(3)));

        System.out.println(tpkit.assertNotSlowerThan(BASELINE, 10).text());
    }
}
